package fakediscord

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Discord's documented limits.
const (
	maxContent          = 2000
	maxEmbeds           = 10
	maxEmbedTotal       = 6000
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxEmbedFields      = 25
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxFooter           = 2048
	maxAuthorName       = 256
	maxRows             = 5
	maxButtonsPerRow    = 5
	maxCustomID         = 100
	maxButtonLabel      = 80
	maxSelectOptions    = 25
	maxOptionText       = 100
	maxPlaceholder      = 150
	maxModalTitle       = 45
	maxInputLabel       = 45
	maxInputLength      = 4000
	maxInputPlaceholder = 100

	rateLimitCount  = 5
	rateLimitWindow = 5 * time.Second // Discord's; Options.RateWindow may shorten it
)

func runes(s string) int { return utf8.RuneCountInString(s) }

// checkMessage returns every way a message's content, embeds and components
// break Discord's limits, with Components V2 when flags hold FlagComponentsV2. An empty
// message is refused separately (code 50006), see isEmpty.
func checkMessage(content string, embeds []Embed, components []Component, flags int) (violations []string) {
	if n := runes(content); n > maxContent {
		violations = append(violations, fmt.Sprintf("content is %d characters (max %d)", n, maxContent))
	}
	violations = append(violations, checkEmbeds(embeds)...)
	if flags&FlagComponentsV2 != 0 {
		return append(violations, checkComponentsV2(content, embeds, components)...)
	}
	violations = append(violations, checkComponents(components)...)
	return violations
}

func checkEmbeds(embeds []Embed) (v []string) {
	if len(embeds) > maxEmbeds {
		v = append(v, fmt.Sprintf("%d embeds (max %d)", len(embeds), maxEmbeds))
	}
	total := 0
	limit := func(what string, s string, max int) {
		n := runes(s)
		total += n
		if n > max {
			v = append(v, fmt.Sprintf("%s is %d characters (max %d)", what, n, max))
		}
	}
	for i, e := range embeds {
		p := fmt.Sprintf("embed %d", i)
		limit(p+" title", e.Title, maxEmbedTitle)
		limit(p+" description", e.Description, maxEmbedDescription)
		if e.Footer != nil {
			limit(p+" footer", e.Footer.Text, maxFooter)
		}
		if e.Author != nil {
			limit(p+" author name", e.Author.Name, maxAuthorName)
		}
		if len(e.Fields) > maxEmbedFields {
			v = append(v, fmt.Sprintf("%s has %d fields (max %d)", p, len(e.Fields), maxEmbedFields))
		}
		for j, f := range e.Fields {
			fp := fmt.Sprintf("%s field %d", p, j)
			if strings.TrimSpace(f.Name) == "" || strings.TrimSpace(f.Value) == "" {
				v = append(v, fp+" has an empty name or value")
			}
			limit(fp+" name", f.Name, maxFieldName)
			limit(fp+" value", f.Value, maxFieldValue)
		}
	}
	if total > maxEmbedTotal {
		v = append(v, fmt.Sprintf("embeds total %d characters (max %d)", total, maxEmbedTotal))
	}
	return v
}

func isSelect(t int) bool {
	return t == ComponentStringMenu || (t >= ComponentUserMenu && t <= ComponentChannelMenu)
}

// checkComponents checks a message's components without Components V2: up to 5 action
// rows of buttons or one select menu each.
func checkComponents(rows []Component) (v []string) {
	if len(rows) > maxRows {
		v = append(v, fmt.Sprintf("%d action rows (max %d)", len(rows), maxRows))
	}
	ids := map[string]bool{}
	for i, row := range rows {
		if row.Type != ComponentActionRow {
			v = append(v, fmt.Sprintf("top-level component %d has type %d, want an action row (1)", i, row.Type))
			continue
		}
		v = append(v, checkRow(fmt.Sprintf("action row %d", i), row, ids)...)
	}
	return v
}

// checkRow checks an action row: 1 to 5 buttons, or one select menu. ids are the custom
// IDs seen so far in the message, which must not repeat.
func checkRow(p string, row Component, ids map[string]bool) (v []string) {
	if len(row.Components) == 0 {
		v = append(v, p+" is empty")
	}
	buttons := 0
	for j, c := range row.Components {
		cp := fmt.Sprintf("%s component %d", p, j)
		switch {
		case c.Type == ComponentButton:
			buttons++
			v = append(v, checkButton(cp, c)...)
		case isSelect(c.Type):
			if len(row.Components) != 1 {
				v = append(v, fmt.Sprintf("%s: a select menu must be alone in its row (row has %d components)", cp, len(row.Components)))
			}
			v = append(v, checkSelect(cp, c)...)
		case c.Type == ComponentTextInput:
			v = append(v, cp+": text input outside a modal")
		default:
			v = append(v, fmt.Sprintf("%s: component type %d not allowed in an action row", cp, c.Type))
		}
		v = append(v, uniqueCustomID(cp, c, ids)...)
	}
	if buttons > maxButtonsPerRow {
		v = append(v, fmt.Sprintf("%s has %d buttons (max %d)", p, buttons, maxButtonsPerRow))
	}
	return v
}

// uniqueCustomID records c's custom ID among those of its message, and says when it is
// already there.
func uniqueCustomID(p string, c Component, ids map[string]bool) []string {
	if c.CustomID == "" {
		return nil
	}
	if ids[c.CustomID] {
		return []string{fmt.Sprintf("%s: custom_id %q is not unique in the message", p, c.CustomID)}
	}
	ids[c.CustomID] = true
	return nil
}

func checkCustomID(p, id string) []string {
	switch n := runes(id); {
	case n == 0:
		return []string{p + ": missing custom_id"}
	case n > maxCustomID:
		return []string{fmt.Sprintf("%s: custom_id is %d characters (max %d)", p, n, maxCustomID)}
	}
	return nil
}

func checkButton(p string, b Component) (v []string) {
	switch b.Style {
	case 1, 2, 3, 4:
		v = append(v, checkCustomID(p, b.CustomID)...)
		if b.URL != "" {
			v = append(v, p+": a non-link button has a url")
		}
	case 5:
		if b.URL == "" {
			v = append(v, p+": link button without url")
		}
		if b.CustomID != "" {
			v = append(v, p+": link button with a custom_id")
		}
	case 6:
		if b.SKUID == "" {
			v = append(v, p+": premium button without sku_id")
		}
	default:
		v = append(v, fmt.Sprintf("%s: button style %d is not 1-6", p, b.Style))
	}
	if n := runes(b.Label); n > maxButtonLabel {
		v = append(v, fmt.Sprintf("%s: button label is %d characters (max %d)", p, n, maxButtonLabel))
	}
	if b.Label == "" && b.Emoji == nil && b.Style != 6 {
		v = append(v, p+": button has neither label nor emoji")
	}
	return v
}

func checkSelect(p string, m Component) (v []string) {
	v = append(v, checkCustomID(p, m.CustomID)...)
	if n := runes(m.Placeholder); n > maxPlaceholder {
		v = append(v, fmt.Sprintf("%s: placeholder is %d characters (max %d)", p, n, maxPlaceholder))
	}
	minV, maxV := 1, 1
	if m.MinValues != nil {
		minV = *m.MinValues
	}
	if m.MaxValues != nil {
		maxV = *m.MaxValues
	}
	if minV < 0 || minV > maxSelectOptions || maxV < 1 || maxV > maxSelectOptions || minV > maxV {
		v = append(v, fmt.Sprintf("%s: min_values %d / max_values %d out of range", p, minV, maxV))
	}
	if m.Type != ComponentStringMenu {
		return v
	}
	if len(m.Options) == 0 || len(m.Options) > maxSelectOptions {
		v = append(v, fmt.Sprintf("%s: select has %d options (want 1-%d)", p, len(m.Options), maxSelectOptions))
	}
	if maxV > len(m.Options) && len(m.Options) > 0 {
		v = append(v, fmt.Sprintf("%s: max_values %d exceeds the %d options", p, maxV, len(m.Options)))
	}
	values := map[string]bool{}
	for k, o := range m.Options {
		op := fmt.Sprintf("%s option %d", p, k)
		if n := runes(o.Label); n == 0 || n > maxOptionText {
			v = append(v, fmt.Sprintf("%s: label is %d characters (want 1-%d)", op, n, maxOptionText))
		}
		if n := runes(o.Value); n == 0 || n > maxOptionText {
			v = append(v, fmt.Sprintf("%s: value is %d characters (want 1-%d)", op, n, maxOptionText))
		}
		if n := runes(o.Description); n > maxOptionText {
			v = append(v, fmt.Sprintf("%s: description is %d characters (max %d)", op, n, maxOptionText))
		}
		if values[o.Value] {
			v = append(v, fmt.Sprintf("%s: value %q repeated", op, o.Value))
		}
		values[o.Value] = true
	}
	return v
}

// checkModal checks a modal (callback type 9).
func checkModal(customID, title string, rows []Component) (v []string) {
	v = append(v, checkCustomID("modal", customID)...)
	if n := runes(title); n == 0 || n > maxModalTitle {
		v = append(v, fmt.Sprintf("modal title is %d characters (want 1-%d)", n, maxModalTitle))
	}
	if len(rows) == 0 || len(rows) > maxRows {
		v = append(v, fmt.Sprintf("modal has %d action rows (want 1-%d)", len(rows), maxRows))
	}
	ids := map[string]bool{}
	for i, row := range rows {
		p := fmt.Sprintf("modal row %d", i)
		if row.Type != ComponentActionRow || len(row.Components) != 1 || row.Components[0].Type != ComponentTextInput {
			v = append(v, p+": must be an action row holding exactly one text input")
			continue
		}
		in := row.Components[0]
		v = append(v, checkCustomID(p, in.CustomID)...)
		if ids[in.CustomID] {
			v = append(v, fmt.Sprintf("%s: custom_id %q is not unique", p, in.CustomID))
		}
		ids[in.CustomID] = true
		if n := runes(in.Label); n == 0 || n > maxInputLabel {
			v = append(v, fmt.Sprintf("%s: label is %d characters (want 1-%d)", p, n, maxInputLabel))
		}
		if in.Style != 1 && in.Style != 2 {
			v = append(v, fmt.Sprintf("%s: text input style %d is not 1 or 2", p, in.Style))
		}
		if in.MaxLength != nil && (*in.MaxLength < 1 || *in.MaxLength > maxInputLength) {
			v = append(v, fmt.Sprintf("%s: max_length %d out of range", p, *in.MaxLength))
		}
		if in.MinLength != nil && (*in.MinLength < 0 || *in.MinLength > maxInputLength) {
			v = append(v, fmt.Sprintf("%s: min_length %d out of range", p, *in.MinLength))
		}
		if n := runes(in.Value); n > maxInputLength {
			v = append(v, fmt.Sprintf("%s: value is %d characters (max %d)", p, n, maxInputLength))
		}
		if n := runes(in.Placeholder); n > maxInputPlaceholder {
			v = append(v, fmt.Sprintf("%s: placeholder is %d characters (max %d)", p, n, maxInputPlaceholder))
		}
	}
	return v
}

var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// checkCommands checks a bulk overwrite of application commands.
func checkCommands(cmds []Command) (v []string) {
	if len(cmds) > 100 {
		v = append(v, fmt.Sprintf("%d commands (max 100)", len(cmds)))
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		p := fmt.Sprintf("command %q", c.Name)
		key := strconv.Itoa(c.Type) + "/" + c.Name
		if seen[key] {
			v = append(v, p+": duplicate name")
		}
		seen[key] = true
		if c.Type != 1 {
			if c.Description != "" || len(c.Options) > 0 {
				v = append(v, p+": user and message commands take no description or options")
			}
			continue
		}
		v = append(v, checkNameDesc(p, c.Name, c.Description)...)
		v = append(v, checkCommandOptions(p, c.Options, 0)...)
	}
	return v
}

func checkNameDesc(p, name, desc string) (v []string) {
	if !commandName.MatchString(name) || name != strings.ToLower(name) {
		v = append(v, p+": name must be 1-32 lowercase letters, digits, - or _")
	}
	if n := runes(desc); n == 0 || n > 100 {
		v = append(v, fmt.Sprintf("%s: description is %d characters (want 1-100)", p, n))
	}
	return v
}

func checkCommandOptions(p string, opts []CommandOption, depth int) (v []string) {
	if len(opts) > 25 {
		v = append(v, fmt.Sprintf("%s: %d options (max 25)", p, len(opts)))
	}
	optional, subs, plain := false, 0, 0
	names := map[string]bool{}
	for _, o := range opts {
		op := fmt.Sprintf("%s option %q", p, o.Name)
		v = append(v, checkNameDesc(op, o.Name, o.Description)...)
		if names[o.Name] {
			v = append(v, op+": duplicate name")
		}
		names[o.Name] = true
		switch o.Type {
		case 1, 2:
			subs++
			if o.Type == 2 && depth > 0 || o.Type == 1 && depth > 1 {
				v = append(v, op+": subcommand nested too deep")
			}
			v = append(v, checkCommandOptions(op, o.Options, depth+1)...)
			continue
		case 3, 4, 5, 6, 7, 8, 9, 10, 11:
			plain++
		default:
			v = append(v, fmt.Sprintf("%s: unknown option type %d", op, o.Type))
		}
		if o.Required && optional {
			v = append(v, op+": required option after an optional one")
		}
		if !o.Required {
			optional = true
		}
		if len(o.Choices) > 25 {
			v = append(v, fmt.Sprintf("%s: %d choices (max 25)", op, len(o.Choices)))
		}
		for _, ch := range o.Choices {
			if n := runes(ch.Name); n == 0 || n > 100 {
				v = append(v, fmt.Sprintf("%s: choice name %q is not 1-100 characters", op, ch.Name))
			}
			if s, ok := ch.Value.(string); ok && runes(s) > 100 {
				v = append(v, fmt.Sprintf("%s: choice value %q exceeds 100 characters", op, s))
			}
		}
	}
	if subs > 0 && plain > 0 {
		v = append(v, p+": mixes subcommands with plain options")
	}
	return v
}

type rateWindow struct {
	start time.Time
	count int
}

// takeRateLocked counts one message in channelID's window. ok is false when
// the channel already had rateLimitCount messages in the current window.
func (s *Server) takeRateLocked(channelID string, now time.Time) (remaining int, resetAfter time.Duration, ok bool) {
	w := s.rate[channelID]
	if w == nil || now.Sub(w.start) >= s.opts.RateWindow {
		w = &rateWindow{start: now}
		s.rate[channelID] = w
	}
	resetAfter = w.start.Add(s.opts.RateWindow).Sub(now)
	if w.count >= rateLimitCount {
		return 0, resetAfter, false
	}
	w.count++
	return rateLimitCount - w.count, resetAfter, true
}

// setRateHeaders writes Discord's per-route rate-limit headers.
func setRateHeaders(h http.Header, bucket string, remaining int, resetAfter time.Duration, now time.Time) {
	secs := resetAfter.Seconds()
	h.Set("X-RateLimit-Limit", strconv.Itoa(rateLimitCount))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(now.Add(resetAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", bucket)
}

// writeTooManyRequests answers 429 as Discord does for a per-route limit.
func writeTooManyRequests(w http.ResponseWriter, bucket string, resetAfter time.Duration, now time.Time) {
	setRateHeaders(w.Header(), bucket, 0, resetAfter, now)
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(resetAfter.Seconds()))))
	w.Header().Set("X-RateLimit-Scope", "user")
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": math.Round(resetAfter.Seconds()*1000) / 1000,
		"global":      false,
	})
}
