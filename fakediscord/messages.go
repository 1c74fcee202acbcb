package fakediscord

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// messagePayload is the body of message creation (channel messages,
// interaction responses, follow-ups).
type messagePayload struct {
	Nonce           json.RawMessage     `json:"nonce"`
	EnforceNonce    bool                `json:"enforce_nonce"`
	Content         string              `json:"content"`
	Embeds          []Embed             `json:"embeds"`
	Components      []Component         `json:"components"`
	Flags           int                 `json:"flags"`
	TTS             bool                `json:"tts"`
	AllowedMentions *AllowedMentions    `json:"allowed_mentions"`
	Attachments     []attachmentRequest `json:"attachments"`
	// Poll and StickerIDs are not modelled: a message with either is refused.
	Poll       json.RawMessage `json:"poll"`
	StickerIDs []string        `json:"sticker_ids"`
}

// unmodelled returns what the fake refuses of p because it does not imitate it.
func (p messagePayload) unmodelled() []string {
	var v []string
	if len(p.Poll) > 0 && string(p.Poll) != "null" {
		v = append(v, "polls are not modelled by the fake")
	}
	if len(p.StickerIDs) > 0 {
		v = append(v, "stickers are not modelled by the fake")
	}
	return v
}

// draftLocked makes a new message of channel c from p, with its ID, without storing it.
func (s *Server) draftLocked(c *Channel, p messagePayload, typ int) *Message {
	m := &Message{
		ID:              s.newIDLocked(),
		ChannelID:       c.ID,
		GuildID:         c.GuildID,
		Author:          s.bot,
		Content:         p.Content,
		Timestamp:       s.now().UTC(),
		TTS:             p.TTS,
		Embeds:          cloneEmbeds(p.Embeds),
		Components:      cloneComponents(p.Components),
		Type:            typ,
		Flags:           p.Flags,
		AllowedMentions: cloneAllowedMentions(p.AllowedMentions),
	}
	for i := range m.Embeds {
		if m.Embeds[i].Type == "" {
			m.Embeds[i].Type = "rich"
		}
	}
	return m
}

// storeLocked stores a drafted message in its channel c.
func (s *Server) storeLocked(c *Channel, m *Message) {
	if m.Flags&FlagComponentsV2 != 0 {
		numberComponents(m.Components)
	}
	s.messages[m.ID] = m
	s.channelMsgs[c.ID] = append(s.channelMsgs[c.ID], m.ID)
	if !m.Ephemeral() {
		c.LastMessageID = m.ID
		if c.ThreadMetadata != nil {
			c.MessageCount++
		}
	}
}

// newMessageLocked stores a new message in channel c, unchecked: the loading message of
// a deferred answer.
func (s *Server) newMessageLocked(c *Channel, p messagePayload, typ int) *Message {
	m := s.draftLocked(c, p, typ)
	s.storeLocked(c, m)
	return m
}

// draftNewLocked makes and checks a new message of channel c from p and the files
// uploaded with it: Discord's limits (vetLocked), at most 10 files, nothing the fake does
// not model (polls, stickers). byApp says it is an
// interaction's answer or follow-up, whose mentions Discord parses by the defaults of
// webhooks. When the message breaks a rule it answers the request and returns nil; store
// the draft with commitNewLocked.
func (s *Server) draftNewLocked(w http.ResponseWriter, r *http.Request, c *Channel, p messagePayload, files []upload, typ int, byApp bool, empty string) (*Message, []string) {
	m := s.draftLocked(c, p, typ)
	if v := append(p.unmodelled(), fileCountViolation(files)...); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return nil, nil
	}
	s.attachDraftLocked(m, files, p.Attachments)
	hidden, ok := s.vetLocked(w, r, m, p.AllowedMentions, byApp, true, empty)
	if !ok {
		return nil, nil
	}
	return m, hidden
}

// commitNewLocked stores a message draftNewLocked accepted, and records what it found.
func (s *Server) commitNewLocked(r *http.Request, c *Channel, m *Message, hidden []string) {
	s.storeLocked(c, m)
	s.noteStoredLocked(r, m, hidden, "create", true)
}

// vetLocked checks a message about to be stored, new or as an edit leaves it, against
// Discord's rules: its limits (checkMessage), the files a Components V2 message shows, its
// allowed_mentions, and that it is not empty (50006, the problem empty). With reparse
// (a new message, or an edit of its text) it parses whom the message pings under am
// (Discord's defaults when nil; those of webhooks when byApp) and holds them to
// AllowPings. It answers the request and returns false when the message breaks a rule;
// otherwise it returns the files no component shows, which Discord keeps hidden.
func (s *Server) vetLocked(w http.ResponseWriter, r *http.Request, m *Message, am *AllowedMentions, byApp, reparse bool, empty string) ([]string, bool) {
	v := checkMessage(m.Content, m.Embeds, m.Components, m.Flags)
	var hidden []string
	if m.Flags&FlagComponentsV2 != 0 {
		var refs []string
		refs, hidden = checkAttachmentRefs(m.Components, m.Attachments)
		v = append(v, refs...)
	}
	v = append(v, checkAllowedMentions(am)...)
	if len(v) > 0 {
		s.refuseLocked(w, r, v)
		return nil, false
	}
	if isEmpty(m) {
		s.problemLocked("%s", empty)
		apiError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return nil, false
	}
	if reparse {
		p := parsePings(m, am, byApp)
		if v := s.pingViolationsLocked(p); len(v) > 0 {
			s.refuseLocked(w, r, v)
			return nil, false
		}
		s.setPingsLocked(m, p)
	}
	return hidden, true
}

// noteStoredLocked records what a stored message (new, or edited via the route via) leaves
// to see: the files Discord keeps hidden, as problems, and whom it pings.
func (s *Server) noteStoredLocked(r *http.Request, m *Message, hidden []string, via string, reparsed bool) {
	for _, name := range hidden {
		s.problemLocked("%s %s: message %s has a file %q that no component shows (attachment://%s): with IS_COMPONENTS_V2 Discord keeps it hidden",
			r.Method, r.URL.Path, m.ID, name, name)
	}
	if reparsed && !m.Pings.Empty() {
		s.pings = append(s.pings, PingRecord{MessageID: m.ID, ChannelID: m.ChannelID, Via: via, Pings: clonePings(m.Pings), At: s.now()})
	}
}

// editPayload is a message edit. Following Discord: a present "content"
// replaces the content (null clears it); a present "embeds" replaces the
// embeds (null clears them); "components" replaces the components only
// when it is an array — null leaves them as they are. A present
// "attachments" array lists the attachments to keep (API v9); files uploaded
// with the edit are added to those kept, or to all the message's files.
type editPayload struct {
	content       *string
	embeds        []Embed
	setEmbeds     bool
	components    []Component
	setComponents bool
	flags         *int
	mentions      *AllowedMentions
	attachments   []attachmentRequest
	keep          bool // attachments lists the attachments to keep
	files         []upload
}

func parseEdit(raw map[string]json.RawMessage) (editPayload, error) {
	var e editPayload
	isNull := func(b json.RawMessage) bool { return string(b) == "null" }
	if b, ok := raw["content"]; ok {
		c := ""
		if !isNull(b) {
			if err := json.Unmarshal(b, &c); err != nil {
				return e, fmt.Errorf("content: %w", err)
			}
		}
		e.content = &c
	}
	if b, ok := raw["embeds"]; ok {
		e.setEmbeds = true
		if err := json.Unmarshal(b, &e.embeds); err != nil {
			return e, fmt.Errorf("embeds: %w", err)
		}
	}
	if b, ok := raw["components"]; ok && !isNull(b) {
		e.setComponents = true
		if err := json.Unmarshal(b, &e.components); err != nil {
			return e, fmt.Errorf("components: %w", err)
		}
		if e.components == nil {
			e.components = []Component{}
		}
	}
	if b, ok := raw["flags"]; ok && !isNull(b) {
		var f int
		if err := json.Unmarshal(b, &f); err != nil {
			return e, fmt.Errorf("flags: %w", err)
		}
		e.flags = &f
	}
	if b, ok := raw["allowed_mentions"]; ok && !isNull(b) {
		e.mentions = &AllowedMentions{}
		if err := json.Unmarshal(b, e.mentions); err != nil {
			return e, fmt.Errorf("allowed_mentions: %w", err)
		}
	}
	if b, ok := raw["attachments"]; ok && !isNull(b) {
		e.keep = true
		if err := json.Unmarshal(b, &e.attachments); err != nil {
			return e, fmt.Errorf("attachments: %w", err)
		}
	}
	return e, nil
}

// readEdit reads an edit: JSON, or multipart with files.
func readEdit(r *http.Request) (editPayload, error) {
	var raw map[string]json.RawMessage
	files, err := readWithFiles(r, &raw)
	if err != nil {
		return editPayload{}, err
	}
	e, err := parseEdit(raw)
	e.files = files
	return e, err
}

// editLocked applies e to m, checking the result against Discord's limits and, for a
// message older than an hour, the edits Discord allows it (30046). On success it records
// the edit and sends MESSAGE_UPDATE; otherwise it answers the request and returns false.
// via names the route: "channel", "update" (callback type 7) or "webhook".
func (s *Server) editLocked(w http.ResponseWriter, r *http.Request, m *Message, e editPayload, via string) bool {
	if !s.oldEditAllowedLocked(w, r, m) {
		return false
	}
	after := cloneMessage(*m)
	if e.content != nil {
		after.Content = *e.content
	}
	if e.setEmbeds {
		after.Embeds = cloneEmbeds(e.embeds)
		for i := range after.Embeds {
			if after.Embeds[i].Type == "" {
				after.Embeds[i].Type = "rich"
			}
		}
	}
	if e.setComponents {
		after.Components = cloneComponents(e.components)
	}
	becameV2 := false
	if e.flags != nil {
		f := *e.flags
		if after.Flags&FlagComponentsV2 != 0 && f&FlagComponentsV2 == 0 {
			s.refuseLocked(w, r, []string{"flags: IS_COMPONENTS_V2 cannot be removed from a message that has it"})
			return false
		}
		becameV2 = after.Flags&FlagComponentsV2 == 0 && f&FlagComponentsV2 != 0
		// SUPPRESS_EMBEDS can be set and unset, IS_COMPONENTS_V2 only set; Discord ignores
		// the other flags of an edit.
		after.Flags = after.Flags&^FlagSuppressEmbeds | f&FlagSuppressEmbeds | f&FlagComponentsV2
	}
	if e.mentions != nil {
		after.AllowedMentions = cloneAllowedMentions(e.mentions)
	}
	if e.keep {
		keepAttachments(&after, e.attachments)
	}
	if n := len(after.Attachments) + len(e.files); n > maxFiles {
		s.problemLocked("%s %s: the edit leaves message %s with %d files (max %d)", r.Method, r.URL.Path, m.ID, n, maxFiles)
		apiError(w, http.StatusBadRequest, 30015, fmt.Sprintf("Maximum number of attachments in a message reached (%d)", maxFiles))
		return false
	}
	s.attachDraftLocked(&after, e.files, e.attachments)
	wasLoading := after.Flags&FlagLoading != 0
	after.Flags &^= FlagLoading
	// Discord parses the mentions anew when the text changes, by the edit's
	// allowed_mentions or else by its defaults, not by the message's first request.
	reparse := e.content != nil || (after.Flags&FlagComponentsV2 != 0 && (e.setComponents || becameV2))
	hidden, ok := s.vetLocked(w, r, &after, e.mentions, via != "channel", reparse,
		fmt.Sprintf("%s %s: edit leaves the message empty", r.Method, r.URL.Path))
	if !ok {
		return false
	}
	if after.Flags&FlagComponentsV2 != 0 {
		numberComponents(after.Components)
	}
	now := s.now().UTC()
	if !wasLoading {
		after.EditedTimestamp = &now
	}
	s.commitEditLocked(m, after, via)
	s.noteStoredLocked(r, m, hidden, via, reparse)
	return true
}

func (s *Server) commitEditLocked(m *Message, after Message, via string) {
	before := cloneMessage(*m)
	*m = after
	if old := s.now().Sub(m.Timestamp) > oldMessageAge; old {
		s.oldEdits[m.ID] = append(s.oldEdits[m.ID], s.now())
	}
	s.edits = append(s.edits, Edit{MessageID: m.ID, ChannelID: m.ChannelID, Via: via, Before: before, After: cloneMessage(after), At: s.now()})
	s.echoLocked("MESSAGE_UPDATE", m)
}

// oldMessageAge is the age past which Discord limits a message's edits (30046).
const oldMessageAge = time.Hour

// defaultOldEdits is how many edits OldEditLimit allows a message older than an hour
// unless it says otherwise.
const defaultOldEdits = 3

// discordOldEditWindow is the window in which, by its users' reference documentation,
// Discord counts the edits of messages older than an hour.
const discordOldEditWindow = 6 * time.Second

// OldEditLimit is Discord's limit on edits of messages older than an hour: past it an edit
// is answered 429 with code 30046, "Maximum number of edits to messages older than 1 hour
// reached. Try again later", changes nothing, and is recorded as a problem. Its zero value
// is the fake's default: each message older than an hour takes 3 edits, and no more ever.
//
// Discord documents the error but not its numbers. Its users' reference documentation
// says messages older than an hour may be edited 3 times per 6 seconds per channel; bots
// that keep one message up to date for hours report the error, and post anew instead. The
// default is the stricter reading, which a bot that posts anew before its message is an
// hour old meets under either; Window models the other, per message.
type OldEditLimit struct {
	// Off lifts the limit: messages of any age take any number of edits.
	Off bool
	// Edits is how many edits each message older than an hour takes. Default 3.
	Edits int
	// Window, when positive, renews them: a message older than an hour takes at most
	// Edits edits in any Window, and the 429's retry_after says when the next one will be
	// taken. Zero never renews them; the 429 still carries a retry_after, of 6 seconds as
	// Discord's would, though trying again is refused again.
	Window time.Duration
}

// oldEditAllowedLocked checks an edit of m against OldEditLimit. It answers the request
// (429, code 30046) and records a problem when the message is older than an hour and its
// edits are spent.
func (s *Server) oldEditAllowedLocked(w http.ResponseWriter, r *http.Request, m *Message) bool {
	lim := s.opts.OldMessageEdits
	now := s.now()
	age := now.Sub(m.Timestamp)
	if lim.Off || age <= oldMessageAge {
		return true
	}
	edits := lim.Edits
	if edits <= 0 {
		edits = defaultOldEdits
	}
	times := s.oldEdits[m.ID]
	if lim.Window > 0 {
		kept := times[:0]
		for _, t := range times {
			if now.Sub(t) < lim.Window {
				kept = append(kept, t)
			}
		}
		times = kept
		s.oldEdits[m.ID] = times
	}
	if len(times) < edits {
		return true
	}
	s.problemLocked("%s %s: message %s is %v old and has had its %d edits (30046): post anew instead",
		r.Method, r.URL.Path, m.ID, age.Round(time.Second), edits)
	wait := discordOldEditWindow
	if lim.Window > 0 {
		wait = times[0].Add(lim.Window).Sub(now)
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "Maximum number of edits to messages older than 1 hour reached. Try again later",
		"code":        30046,
		"retry_after": math.Round(wait.Seconds()*1000) / 1000,
		"global":      false,
	})
	return false
}

func cloneAllowedMentions(am *AllowedMentions) *AllowedMentions {
	if am == nil {
		return nil
	}
	c := *am
	c.Parse = append([]string(nil), am.Parse...)
	c.Roles = append([]string(nil), am.Roles...)
	c.Users = append([]string(nil), am.Users...)
	return &c
}

// isEmpty reports whether a message has nothing to show.
func isEmpty(m *Message) bool {
	return strings.TrimSpace(m.Content) == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0
}
