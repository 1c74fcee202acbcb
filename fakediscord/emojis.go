package fakediscord

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/gif"
	"net/http"
	"regexp"
	"strings"
)

// Discord's limits on the emojis an application owns.
const (
	maxAppEmojis    = 2000
	maxEmojiImage   = 256 << 10
	emojiNameLength = "2-32"
)

var emojiName = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)

// emojiTypes are the image types an emoji's data URI may declare, with how their data
// starts.
var emojiTypes = map[string]func([]byte) bool{
	"image/png":  func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) },
	"image/jpeg": func(b []byte) bool { return bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}) },
	"image/gif": func(b []byte) bool {
		return bytes.HasPrefix(b, []byte("GIF87a")) || bytes.HasPrefix(b, []byte("GIF89a"))
	},
	"image/webp": func(b []byte) bool { return len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP" },
	"image/avif": func(b []byte) bool { return len(b) >= 12 && string(b[4:8]) == "ftyp" && string(b[8:12]) == "avif" },
}

// AppEmoji is an emoji the application owns (usable by the bot in every server), as the
// fake stores it.
type AppEmoji struct {
	ID       string
	Name     string
	Animated bool
	// ContentType and Image are the picture it was made from.
	ContentType string
	Image       []byte
}

// wire is the emoji object Discord answers with.
func (e *AppEmoji) wire(bot User) map[string]any {
	return map[string]any{
		"id": e.ID, "name": e.Name, "user": bot, "roles": []string{}, "require_colons": true,
		"managed": false, "animated": e.Animated, "available": true,
	}
}

// AppEmojis returns the emojis the application owns, oldest first.
func (s *Server) AppEmojis() []AppEmoji {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]AppEmoji, len(s.appEmojis))
	for i, e := range s.appEmojis {
		out[i] = *e
		out[i].Image = append([]byte(nil), e.Image...)
	}
	return out
}

// appEmojiLocked returns the application's emoji {eid} or answers 404 Unknown Emoji.
func (s *Server) appEmojiLocked(w http.ResponseWriter, r *http.Request) (int, *AppEmoji) {
	for i, e := range s.appEmojis {
		if e.ID == r.PathValue("eid") {
			return i, e
		}
	}
	apiError(w, http.StatusNotFound, 10014, "Unknown Emoji")
	return -1, nil
}

// checkEmojiNameLocked checks a name for an application emoji: 2 to 32 letters, digits or
// underscores, not the name of another of its emojis (except). What breaks the rules is
// returned as violations for 50035.
func (s *Server) checkEmojiNameLocked(name string, except *AppEmoji) []string {
	if !emojiName.MatchString(name) {
		return []string{fmt.Sprintf("name %q: an emoji's name is %s letters, digits or underscores", name, emojiNameLength)}
	}
	for _, e := range s.appEmojis {
		if e != except && e.Name == name {
			return []string{fmt.Sprintf("name %q: the application already has an emoji of that name", name)}
		}
	}
	return nil
}

// readEmojiImage reads an emoji's image: a data URI (data:image/png;base64,…) of PNG,
// JPEG, GIF, WebP or AVIF, of at most 256 KiB, whose data is of the type it declares.
func readEmojiImage(uri string) (contentType string, data []byte, violations []string) {
	head, b64, ok := strings.Cut(uri, ",")
	ct, isBase64 := strings.CutSuffix(strings.TrimPrefix(head, "data:"), ";base64")
	if !ok || !strings.HasPrefix(head, "data:") || !isBase64 {
		return "", nil, []string{"image: not a base64 data URI (data:image/png;base64,…)"}
	}
	valid, known := emojiTypes[ct]
	if !known {
		return "", nil, []string{fmt.Sprintf("image: type %q is not PNG, JPEG, GIF, WebP or AVIF", ct)}
	}
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return "", nil, []string{fmt.Sprintf("image: invalid base64: %v", err)}
	}
	if len(data) > maxEmojiImage {
		return "", nil, []string{fmt.Sprintf("image: %d bytes, an emoji's image is at most %d (256 KiB)", len(data), maxEmojiImage)}
	}
	if !valid(data) {
		return "", nil, []string{fmt.Sprintf("image: the data is not %s", ct)}
	}
	return ct, data, nil
}

// animated reports whether an emoji's image has more than one frame (a GIF's; the fake
// takes other types as still).
func animated(contentType string, data []byte) bool {
	if contentType != "image/gif" {
		return false
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	return err == nil && len(g.Image) > 1
}

func (s *Server) listAppEmojis(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.checkAppLocked(w, r) {
		return
	}
	items := make([]map[string]any, len(s.appEmojis))
	for i, e := range s.appEmojis {
		items[i] = e.wire(s.bot)
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}

func (s *Server) getAppEmoji(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.checkAppLocked(w, r) {
		return
	}
	if _, e := s.appEmojiLocked(w, r); e != nil {
		writeJSON(w, http.StatusOK, e.wire(s.bot))
	}
}

// createAppEmoji makes an application emoji, as Discord does: a valid and unused name, an
// image within the limits (50035 otherwise), fewer than AppEmojiLimit emojis so far
// (30008 otherwise).
func (s *Server) createAppEmoji(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name  string `json:"name"`
		Image string `json:"image"`
	}
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	if !s.checkAppLocked(w, r) {
		return
	}
	v := s.checkEmojiNameLocked(body.Name, nil)
	ct, data, iv := readEmojiImage(body.Image)
	if v = append(v, iv...); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	if len(s.appEmojis) >= s.opts.AppEmojiLimit {
		s.problemLocked("%s %s: the application already owns %d emojis", r.Method, r.URL.Path, len(s.appEmojis))
		apiError(w, http.StatusBadRequest, 30008, fmt.Sprintf("Maximum number of emojis reached (%d)", s.opts.AppEmojiLimit))
		return
	}
	e := &AppEmoji{ID: s.newIDLocked(), Name: body.Name, Animated: animated(ct, data), ContentType: ct, Image: data}
	s.appEmojis = append(s.appEmojis, e)
	writeJSON(w, http.StatusCreated, e.wire(s.bot))
}

// patchAppEmoji renames an application emoji.
func (s *Server) patchAppEmoji(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name *string `json:"name"`
	}
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	if !s.checkAppLocked(w, r) {
		return
	}
	_, e := s.appEmojiLocked(w, r)
	if e == nil {
		return
	}
	if body.Name != nil {
		if v := s.checkEmojiNameLocked(*body.Name, e); len(v) > 0 {
			s.refuseLocked(w, r, v)
			return
		}
		e.Name = *body.Name
	}
	writeJSON(w, http.StatusOK, e.wire(s.bot))
}

func (s *Server) deleteAppEmoji(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	if !s.checkAppLocked(w, r) {
		return
	}
	i, e := s.appEmojiLocked(w, r)
	if e == nil {
		return
	}
	s.appEmojis = append(s.appEmojis[:i], s.appEmojis[i+1:]...)
	w.WriteHeader(http.StatusNoContent)
}
