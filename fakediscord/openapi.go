package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SpecRelPath is where a clone of the project finds Discord's OpenAPI document, relative to
// the module's root: in the folder shared/discord-api-spec beside the repository, never
// inside it.
func SpecRelPath() string {
	return filepath.Join("..", "shared", "discord-api-spec", "openapi.json")
}

// specURL names the document for the schema compiler; it is never fetched.
const specURL = "https://discord.com/api/openapi.json"

// Spec is Discord's own description of its HTTP API (its OpenAPI 3.1 document). A Server
// given one (Options.Spec) holds every REST request it receives to it: the route and
// method must be one the document defines, path and query parameters and the JSON body
// must match their schemas, with every $ref resolved. What breaks it is recorded as a
// problem and refused as Discord would (404, 405 or 400 with code 50035). Fields the
// document does not define are not refused (Discord ignores them) but are noted
// (Server.Undefined). The documented limits the schemas do not carry are checked by the
// fake as before.
//
// A Spec is safe for concurrent use and can be shared by many Servers: load it once.
type Spec struct {
	routes []*specRoute

	mu       sync.Mutex // guards compiler, compiled and bodies
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	doc      any // the whole document, for walking schemas
	// bodies remembers what the last bodies checked gave, by schema and body: a bot sends
	// the same body many times (an acknowledgement, a table message edited back to what it
	// was), and validating a message of many components is most of a test's work in the
	// fake. At most maxBodies are kept; then it starts again.
	bodies map[bodyKey]bodyCheck
}

// maxBodies bounds Spec.bodies.
const maxBodies = 4096

// bodyKey is a body checked against the schema at ptr.
type bodyKey struct{ ptr, body string }

// bodyCheck is what checking a body found: a problem, or the fields it sent that the
// schema does not define.
type bodyCheck struct {
	problem   string
	undefined []string
}

// specRoute is one path template of the document and its operations.
type specRoute struct {
	template string
	segs     []string
	ops      map[string]*specOp // by upper-case method
}

// specOp is one operation: a method on a path template.
type specOp struct {
	id         string
	deprecated bool
	params     map[string]specParam // by "path:name" or "query:name"
	body       string               // JSON pointer of the application/json body schema, or ""
	bodyNeeded bool
}

// specParam is a path or query parameter.
type specParam struct {
	ptr      string // JSON pointer of its schema
	typ      string // the schema's type, to read a query string: "integer", "boolean", ...
	required bool
}

// FindSpec looks for Discord's OpenAPI document from dir (a test's package directory): it
// walks up to the module's root (the directory holding go.mod) and returns
// SpecRelPath() from there. The error says why it is not there.
func FindSpec(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("fakediscord: find the module root from %s: %w", dir, err)
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("fakediscord: no go.mod above %s, so no module root to find %s from", dir, SpecRelPath())
		}
		d = up
	}
	p := filepath.Join(d, SpecRelPath())
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("fakediscord: Discord's OpenAPI document is not at %s (a clone on its own): %w", p, err)
	}
	return p, nil
}

// LoadSpec reads Discord's OpenAPI document.
func LoadSpec(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: open OpenAPI document: %w", err)
	}
	defer f.Close()
	return ReadSpec(f)
}

// ReadSpec reads an OpenAPI 3.1 document such as Discord's.
func ReadSpec(r io.Reader) (*Spec, error) {
	doc, err := jsonschema.UnmarshalJSON(r)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: read OpenAPI document: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, errors.New("fakediscord: OpenAPI document is not an object")
	}
	paths, ok := root["paths"].(map[string]any)
	if !ok {
		return nil, errors.New("fakediscord: OpenAPI document has no paths")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("fakediscord: OpenAPI document: %w", err)
	}
	sp := &Spec{compiler: c, compiled: map[string]*jsonschema.Schema{}, doc: doc, bodies: map[bodyKey]bodyCheck{}}
	for tmpl, v := range paths {
		item, ok := v.(map[string]any)
		if !ok {
			continue
		}
		rt := &specRoute{template: tmpl, segs: strings.Split(strings.Trim(tmpl, "/"), "/"), ops: map[string]*specOp{}}
		base := "/paths/" + escapePointer(tmpl)
		common := readParams(item["parameters"], base+"/parameters")
		for method, ov := range item {
			o, ok := ov.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			op := &specOp{params: map[string]specParam{}}
			op.id, _ = o["operationId"].(string)
			dep, _ := o["deprecated"].(bool)
			op.deprecated = dep || strings.HasPrefix(op.id, "deprecated_")
			for k, p := range common {
				op.params[k] = p
			}
			for k, p := range readParams(o["parameters"], base+"/"+method+"/parameters") {
				op.params[k] = p
			}
			if rb, ok := o["requestBody"].(map[string]any); ok {
				op.bodyNeeded, _ = rb["required"].(bool)
				if content, ok := rb["content"].(map[string]any); ok {
					if _, ok := content["application/json"]; ok {
						op.body = base + "/" + method + "/requestBody/content/application~1json/schema"
					}
				}
			}
			rt.ops[strings.ToUpper(method)] = op
		}
		sp.routes = append(sp.routes, rt)
	}
	// In the document's order of names, so that the same request always finds the same
	// route; match prefers literal segments (/messages/@original over /messages/{id}).
	sort.Slice(sp.routes, func(i, j int) bool { return sp.routes[i].template < sp.routes[j].template })
	return sp, nil
}

func readParams(v any, ptr string) map[string]specParam {
	out := map[string]specParam{}
	list, _ := v.([]any)
	for i, pv := range list {
		p, ok := pv.(map[string]any)
		if !ok {
			continue
		}
		name, _ := p["name"].(string)
		in, _ := p["in"].(string)
		req, _ := p["required"].(bool)
		sp := specParam{ptr: fmt.Sprintf("%s/%d/schema", ptr, i), required: req}
		if s, ok := p["schema"].(map[string]any); ok {
			sp.typ, _ = s["type"].(string)
		}
		out[in+":"+name] = sp
	}
	return out
}

// escapePointer escapes a JSON pointer token.
func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// match finds the document's route for a path (without the /api/vN prefix): the template
// whose literal segments match, the most literal ones winning. It returns the path
// parameters by name.
func (sp *Spec) match(path string) (*specRoute, map[string]string) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	var best *specRoute
	var bestParams map[string]string
	bestLiterals := -1
	for _, rt := range sp.routes {
		if len(rt.segs) != len(segs) {
			continue
		}
		params, literals, ok := map[string]string{}, 0, true
		for i, s := range rt.segs {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				params[s[1:len(s)-1]] = segs[i]
				continue
			}
			if s != segs[i] {
				ok = false
				break
			}
			literals++
		}
		if ok && literals > bestLiterals {
			best, bestParams, bestLiterals = rt, params, literals
		}
	}
	return best, bestParams
}

// schema compiles (once) the schema at a JSON pointer of the document.
func (sp *Spec) schema(ptr string) (*jsonschema.Schema, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if s, ok := sp.compiled[ptr]; ok {
		return s, nil
	}
	frag := (&url.URL{Fragment: ptr}).EscapedFragment()
	s, err := sp.compiler.Compile(specURL + "#" + frag)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", ptr, err)
	}
	sp.compiled[ptr] = s
	return s, nil
}

// specCheck is what Spec.check found wrong with a request.
type specCheck struct {
	// status is the HTTP status Discord would answer with when the request is refused (404
	// unknown route, 405 method, 400 invalid form), 0 when it is not.
	status int
	// problems are what breaks the document; notes are what it does not define (fields
	// Discord ignores) or deprecates.
	problems, notes []string
	// template is the route's template in the document, when found.
	template string
}

// check holds one request to the document. path excludes the /api/vN prefix; body is the
// request's body as sent.
func (sp *Spec) check(method, path string, query url.Values, contentType string, body []byte) specCheck {
	var out specCheck
	rt, params := sp.match(path)
	if rt == nil {
		out.status = 404
		out.problems = append(out.problems, "route not in Discord's OpenAPI document")
		return out
	}
	out.template = rt.template
	op := rt.ops[method]
	if op == nil {
		out.status = 405
		out.problems = append(out.problems, fmt.Sprintf("method not defined for %s in Discord's OpenAPI document", rt.template))
		return out
	}
	if op.deprecated {
		out.notes = append(out.notes, fmt.Sprintf("%s %s is deprecated (%s)", method, rt.template, op.id))
	}
	for name, v := range params {
		p, ok := op.params["path:"+name]
		if !ok {
			continue
		}
		if err := sp.validate(p.ptr, v); err != nil {
			out.problems = append(out.problems, fmt.Sprintf("path parameter %s %q: %s", name, v, err))
		}
	}
	for name, vs := range query {
		p, ok := op.params["query:"+name]
		if !ok {
			// Discord ignores query parameters it does not define.
			out.notes = append(out.notes, fmt.Sprintf("query parameter %q not defined for %s %s", name, method, rt.template))
			continue
		}
		for _, v := range vs {
			if err := sp.validate(p.ptr, queryValue(p.typ, v)); err != nil {
				out.problems = append(out.problems, fmt.Sprintf("query parameter %s %q: %s", name, v, err))
			}
		}
	}
	for key, p := range op.params {
		if name, ok := strings.CutPrefix(key, "query:"); ok && p.required && !query.Has(name) {
			out.problems = append(out.problems, fmt.Sprintf("query parameter %q is required", name))
		}
	}
	payload, err := jsonPayload(contentType, body)
	switch {
	case err != nil:
		out.problems = append(out.problems, err.Error())
	case payload == nil:
		if op.bodyNeeded {
			out.problems = append(out.problems, "the request has no body; the document requires one")
		}
	case op.body == "":
		out.notes = append(out.notes, fmt.Sprintf("a body sent to %s %s, which takes none", method, rt.template))
	default:
		c := sp.checkBody(op.body, payload)
		if c.problem != "" {
			out.problems = append(out.problems, c.problem)
			break
		}
		for _, f := range c.undefined {
			out.notes = append(out.notes, fmt.Sprintf("%s %s: field %q is not in Discord's schema", method, rt.template, f))
		}
	}
	if len(out.problems) > 0 {
		out.status = 400
	}
	return out
}

// checkBody checks a JSON body against the schema at ptr, or recalls what it gave when
// the same body was checked before.
func (sp *Spec) checkBody(ptr string, payload []byte) bodyCheck {
	key := bodyKey{ptr, string(payload)}
	sp.mu.Lock()
	c, ok := sp.bodies[key]
	sp.mu.Unlock()
	if ok {
		return c
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(payload))
	switch {
	case err != nil:
		c.problem = fmt.Sprintf("body is not JSON: %v", err)
	default:
		if err := sp.validate(ptr, lenient(inst)); err != nil {
			c.problem = fmt.Sprintf("body: %s", err)
		} else {
			c.undefined = sp.undefinedFields(ptr, inst)
		}
	}
	sp.mu.Lock()
	if len(sp.bodies) >= maxBodies {
		clear(sp.bodies)
	}
	sp.bodies[key] = c
	sp.mu.Unlock()
	return c
}

// validate validates a value against the schema at ptr, returning the validator's
// explanation on one line.
func (sp *Spec) validate(ptr string, v any) error {
	s, err := sp.schema(ptr)
	if err != nil {
		return err
	}
	if err := s.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return errors.New(oneLine(ve))
		}
		return err
	}
	return nil
}

// oneLine explains a validation error on one line: its deepest causes, without those of
// the alternatives of an anyOf or oneOf that the value plainly is not (another "type" of
// component, null where an object was sent).
func oneLine(ve *jsonschema.ValidationError) string {
	p := message.NewPrinter(language.English)
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, fmt.Sprintf("at %q: %s", "/"+strings.Join(e.InstanceLocation, "/"), e.ErrorKind.LocalizedString(p)))
			return
		}
		causes := e.Causes
		switch e.ErrorKind.(type) {
		case *kind.AnyOf, *kind.OneOf:
			var kept []*jsonschema.ValidationError
			for _, c := range causes {
				if !otherAlternative(c, e.InstanceLocation) {
					kept = append(kept, c)
				}
			}
			if len(kept) > 0 {
				causes = kept
			}
		}
		for _, c := range causes {
			walk(c)
		}
	}
	walk(ve)
	if len(leaves) > 6 {
		leaves = append(leaves[:6], fmt.Sprintf("and %d more", len(leaves)-6))
	}
	return strings.Join(leaves, "; ")
}

// otherAlternative reports whether the failure of one alternative of an anyOf or oneOf at
// loc only says that the value is not of that alternative's kind: a value of another JSON
// type, or an object whose "type" is not the alternative's.
func otherAlternative(c *jsonschema.ValidationError, loc []string) bool {
	if len(c.Causes) == 0 {
		_, isType := c.ErrorKind.(*kind.Type)
		return isType && slices.Equal(c.InstanceLocation, loc)
	}
	discriminator := append(slices.Clone(loc), "type")
	var found bool
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		switch e.ErrorKind.(type) {
		case *kind.Enum, *kind.Const:
			found = found || slices.Equal(e.InstanceLocation, discriminator)
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(c)
	return found
}

// queryValue reads a query string as the JSON value its schema's type wants.
func queryValue(typ, v string) any {
	switch typ {
	case "integer", "number":
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			return json.Number(strconv.FormatFloat(n, 'f', -1, 64))
		}
	case "boolean":
		if b, err := strconv.ParseBool(v); err == nil {
			return b
		}
	}
	return v
}

// jsonPayload returns the JSON a request carries: its body, or the payload_json part of a
// multipart body (the files beside it are not JSON). nil means no body.
func jsonPayload(contentType string, body []byte) ([]byte, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return nil, fmt.Errorf("content type %q: %w", contentType, err)
	}
	switch mt {
	case "application/json":
		return body, nil
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if err != nil {
				return nil, fmt.Errorf("multipart body without payload_json: %w", err)
			}
			if part.FormName() == "payload_json" {
				b, err := io.ReadAll(part)
				if err != nil {
					return nil, fmt.Errorf("read payload_json: %w", err)
				}
				return b, nil
			}
		}
	default:
		return nil, fmt.Errorf("content type %q is neither JSON nor multipart", mt)
	}
}

// undefinedFields returns the top-level fields of a JSON object that the schema at ptr does
// not name in any of its alternatives. Discord ignores them; the fake notes them so that
// they do not go unseen.
func (sp *Spec) undefinedFields(ptr string, inst any) []string {
	obj, ok := inst.(map[string]any)
	if !ok {
		return nil
	}
	known := map[string]bool{}
	sp.collectProperties(sp.at(ptr), known, 0)
	if known["*"] {
		return nil
	}
	var out []string
	for k := range obj {
		if !known[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// at returns the value at a JSON pointer of the document.
func (sp *Spec) at(ptr string) any {
	v := sp.doc
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// collectProperties adds the property names of a schema and of its $ref, allOf, anyOf and
// oneOf to known; "*" when the schema takes any field.
func (sp *Spec) collectProperties(v any, known map[string]bool, depth int) {
	s, ok := v.(map[string]any)
	if !ok || depth > 16 {
		return
	}
	if ref, ok := s["$ref"].(string); ok {
		sp.collectProperties(sp.at(strings.TrimPrefix(ref, "#")), known, depth+1)
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for k := range props {
			known[k] = true
		}
	}
	if ap, ok := s["additionalProperties"]; ok && ap != false {
		known["*"] = true
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := s[k].([]any)
		for _, sub := range list {
			sp.collectProperties(sub, known, depth+1)
		}
	}
}

// lenient returns a request body as Discord reads it where its OpenAPI document is
// stricter than Discord: permissions are documented, and accepted, as strings of digits
// ("default_member_permissions": "32"), while the document types them as integers.
func lenient(inst any) any {
	switch v := inst.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if s, ok := x.(string); ok && k == "default_member_permissions" && s != "" && strings.Trim(s, "0123456789") == "" {
				out[k] = json.Number(s)
				continue
			}
			out[k] = lenient(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = lenient(x)
		}
		return out
	}
	return inst
}
