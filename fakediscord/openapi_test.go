package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// rawRequest sends a request with the bot's token to the fake and returns its status and
// Discord error code.
func rawRequest(t *testing.T, srv *fakediscord.Server, method, path, contentType string, body []byte) (int, int) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+"/api/v9"+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+srv.Token())
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct {
		Code int `json:"code"`
	}
	b, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(b, &e)
	return resp.StatusCode, e.Code
}

// multipartBody is a body with payload_json and one file, as discordgo sends uploads.
func multipartBody(t *testing.T, payload string) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	h.Set("Content-Type", "application/json")
	p, _ := w.CreatePart(h)
	p.Write([]byte(payload))
	f, _ := w.CreateFormFile("files[0]", "a.txt")
	f.Write([]byte("file"))
	w.Close()
	return w.FormDataContentType(), buf.Bytes()
}

// TestSpec: with Discord's OpenAPI document, the fake refuses what the document refuses
// (an unknown route, a method the route lacks, a malformed path parameter, a body that
// breaks its schema, in JSON or in a multipart upload's payload_json), each recorded as a
// problem that says where, accepts what it defines, and notes the fields it does not.
func TestSpec(t *testing.T) {
	t.Parallel()
	sp, err := testSpec(t)
	if err != nil {
		t.Skipf("skipped: %v", err)
	}
	srv, _ := newFake(t, fakediscord.Options{Spec: sp})
	ch := srv.DefaultChannel().ID
	const js = "application/json"
	ct, bad := multipartBody(t, `{"content": 5}`)

	refused := []struct {
		name, method, path, ct string
		body                   []byte
		status, code           int
		want                   string
	}{
		{"route not in the document", "GET", "/no/such/route", "", nil, 404, 0, "route not in Discord's OpenAPI document"},
		{"method the route lacks", "DELETE", "/gateway", "", nil, 405, 0, "method not defined for /gateway"},
		{"channel ID not a snowflake", "GET", "/channels/general", "", nil, 400, 50035, `path parameter channel_id "general"`},
		{"content not a string", "POST", "/channels/" + ch + "/messages", js, []byte(`{"content": 5}`), 400, 50035, `at "/content"`},
		{"a button's label too long", "POST", "/channels/" + ch + "/messages", js,
			[]byte(`{"components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"` + strings.Repeat("l", 81) + `"}]}]}`),
			400, 50035, `at "/components/0/components/0/label"`},
		{"a body where one is required", "POST", "/channels/" + ch + "/messages", "", nil, 400, 50035, "has no body"},
		{"bad payload_json", "POST", "/channels/" + ch + "/messages", ct, bad, 400, 50035, `at "/content"`},
		{"a query parameter of the wrong type", "GET", "/channels/" + ch + "/messages?limit=many", "", nil, 400, 50035, `query parameter limit "many"`},
	}
	for _, tc := range refused {
		status, code := rawRequest(t, srv, tc.method, tc.path, tc.ct, tc.body)
		if status != tc.status || code != tc.code {
			t.Errorf("%s: %d %d, want %d %d", tc.name, status, code, tc.status, tc.code)
		}
		wantProblem(t, srv, tc.want)
	}
	// The explanation leaves out the alternatives the value plainly is not (a select, a
	// text input, ...): only the label is named. The body is the one refused above: a body
	// the fake has checked before is refused again, for the same reason.
	rawRequest(t, srv, "POST", "/channels/"+ch+"/messages", js,
		[]byte(`{"components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"`+strings.Repeat("l", 81)+`"}]}]}`))
	if p := srv.TakeProblems(); len(p) != 1 || strings.Contains(p[0], "/type") || !strings.Contains(p[0], "/label") {
		t.Errorf("problems %q, want one naming the label alone", p)
	}

	for _, tc := range []struct {
		name, method, path, ct string
		body                   []byte
	}{
		{"a message", "POST", "/channels/" + ch + "/messages", js, []byte(`{"content":"hi","allowed_mentions":{"parse":[]}}`)},
		{"a listing", "GET", "/channels/" + ch + "/messages?limit=10", "", nil},
		{"the gateway with a query the document does not define", "GET", "/gateway?v=9", "", nil},
	} {
		if status, _ := rawRequest(t, srv, tc.method, tc.path, tc.ct, tc.body); status != 200 {
			t.Errorf("%s: status %d, want 200", tc.name, status)
		}
	}
	noProblems(t, srv)

	// A field the document does not define is not refused (Discord ignores it) but noted.
	id := srv.Messages(ch)[0].ID
	if status, _ := rawRequest(t, srv, "PATCH", "/channels/"+ch+"/messages/"+id, js, []byte(`{"content":"edited","tts":false}`)); status != 200 {
		t.Errorf("edit with an undefined field: status %d, want 200", status)
	}
	noProblems(t, srv)
	want := `PATCH /channels/{channel_id}/messages/{message_id}: field "tts" is not in Discord's schema`
	if u := srv.Undefined(); !slices.Contains(u, want) {
		t.Errorf("Undefined() = %q, want it to hold %q", u, want)
	}
}

// TestFindSpec: the document is looked for beside the module's root, and its absence is
// explained.
func TestFindSpec(t *testing.T) {
	if _, err := fakediscord.FindSpec(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no go.mod") {
		t.Errorf("FindSpec outside a module: %v, want an error saying there is no go.mod", err)
	}
	p, err := fakediscord.FindSpec(".")
	if err != nil {
		t.Skipf("skipped: %v", err)
	}
	if !strings.HasSuffix(p, "shared/discord-api-spec/openapi.json") {
		t.Errorf("FindSpec(.) = %s", p)
	}
}
