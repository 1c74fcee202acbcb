package fakediscord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"
)

// tokenLifetime is how long an interaction token can be used for
// follow-ups and edits.
const tokenLifetime = 15 * time.Minute

// Option is an option of an injected slash command. Build it with Opt, Sub
// or UserOpt; its type is taken from the registered command.
type Option struct {
	Name    string
	Value   any
	Options []Option
	User    *User
	Type    int // filled in from the command definition
}

// Opt is an option with a value: string, bool, int, int64 or float64.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// Sub is a subcommand or subcommand group with its options.
func Sub(name string, opts ...Option) Option { return Option{Name: name, Options: opts} }

// UserOpt is a user option.
func UserOpt(name string, u User) Option { return Option{Name: name, Value: u.ID, User: &u} }

func cloneInvokedOptions(os []Option) []Option {
	if os == nil {
		return nil
	}
	out := make([]Option, len(os))
	for i, o := range os {
		o.Options = cloneInvokedOptions(o.Options)
		if o.User != nil {
			u := *o.User
			o.User = &u
		}
		out[i] = o
	}
	return out
}

// modalShown is a modal the bot opened (callback type 9).
type modalShown struct {
	customID    string
	title       string
	rows        []Component
	userID      string
	interaction string // the interaction answered with the modal
	messageID   string // set when that interaction was a component's
	submitted   bool
}

type interactionState struct {
	rec        Interaction
	responded  bool
	response   *Response
	originalID string
	deferred   bool // type 5 whose loading message is not filled yet
	followups  []string
	timer      Timer // reports the interaction if it is not answered in time
	modal      *modalShown
}

// Handle is an injected interaction. It lets a test wait for the bot's
// callback and read the original response and follow-ups.
type Handle struct {
	s  *Server
	id string
}

// ID returns the interaction ID.
func (h *Handle) ID() string { return h.id }

// Interaction returns what was dispatched.
func (h *Handle) Interaction() Interaction {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return cloneInteraction(h.s.interactions[h.id].rec)
}

// Response returns the bot's accepted callback, if any.
func (h *Handle) Response() (Response, bool) {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	st := h.s.interactions[h.id]
	if st.response == nil {
		return Response{}, false
	}
	return cloneResponse(*st.response), true
}

// Wait blocks until the bot's callback has been accepted or ctx is done.
func (h *Handle) Wait(ctx context.Context) (Response, error) {
	var resp Response
	err := h.s.WaitFor(ctx, func(*Server) bool {
		var ok bool
		resp, ok = h.Response()
		return ok
	})
	if err != nil {
		return Response{}, fmt.Errorf("interaction %s: no callback: %w", h.id, err)
	}
	return resp, nil
}

// Original returns the current state of the original response message
// (@original): the message created by a type 4 or 5 callback, or the
// component's message after a type 6 or 7 callback.
func (h *Handle) Original() (Message, bool) {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	st := h.s.interactions[h.id]
	m, ok := h.s.messages[st.originalID]
	if !ok {
		return Message{}, false
	}
	return cloneMessage(*m), true
}

// Followups returns the follow-up messages in order.
func (h *Handle) Followups() []Message {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	st := h.s.interactions[h.id]
	out := make([]Message, 0, len(st.followups))
	for _, id := range st.followups {
		out = append(out, cloneMessage(*h.s.messages[id]))
	}
	return out
}

func describe(in Interaction) string {
	switch in.Type {
	case InteractionCommand:
		return fmt.Sprintf("%s (/%s)", in.ID, in.CommandName)
	case InteractionComponent:
		return fmt.Sprintf("%s (component %q)", in.ID, in.CustomID)
	default:
		return fmt.Sprintf("%s (modal %q)", in.ID, in.CustomID)
	}
}

// SlashCommand injects a chat-input command invoked by user in channelID
// of guildID (guildID "" means a DM with the bot; channelID "" then means
// the user's DM channel). The command must be registered, globally or for
// the guild, and the options must match its definition. A command whose
// dm_permission is false, or whose contexts leave out DMs, cannot be
// injected in a DM.
func (s *Server) SlashCommand(user User, guildID, channelID, name string, opts ...Option) (*Handle, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	cmd, ok := s.findCommandLocked(guildID, name)
	if !ok {
		return nil, fmt.Errorf("fakediscord: command /%s is not registered for guild %q or globally", name, guildID)
	}
	if guildID == "" && !usableInDMs(cmd) {
		return nil, fmt.Errorf("fakediscord: command /%s is not available in DMs (dm_permission false or contexts without BOT_DM)", name)
	}
	opts = cloneInvokedOptions(opts)
	if err := resolveOptions(cmd.Options, opts); err != nil {
		return nil, fmt.Errorf("fakediscord: /%s: %w", name, err)
	}
	if guildID == "" && channelID == "" {
		channelID = s.dmChannelLocked(user).ID
	}
	if err := s.checkPlaceLocked(guildID, channelID); err != nil {
		return nil, err
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": 1}
	if len(opts) > 0 {
		data["options"] = wireOptions(opts)
	}
	if users := optionUsers(opts); len(users) > 0 {
		res := map[string]any{"users": map[string]User{}}
		members := map[string]any{}
		for _, u := range users {
			res["users"].(map[string]User)[u.ID] = u
			members[u.ID] = map[string]any{"roles": s.rolesLocked(guildID, u.ID), "permissions": strconv.FormatInt(permissions(u), 10)}
		}
		if guildID != "" {
			res["members"] = members
		}
		data["resolved"] = res
	}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	rec := Interaction{Type: InteractionCommand, User: user, GuildID: guildID, ChannelID: channelID, CommandName: name, Options: opts}
	return s.injectLocked(rec, data, nil)
}

// Autocomplete injects what Discord sends while user types in option focused of a
// command's subcommand sub: an autocomplete interaction (type 4) with the text typed so
// far, which the bot answers with suggestions (callback type 8). The option must be
// declared with autocomplete.
func (s *Server) Autocomplete(user User, guildID, channelID, name, sub, focused, typed string) (*Handle, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	cmd, ok := s.findCommandLocked(guildID, name)
	if !ok {
		return nil, fmt.Errorf("fakediscord: command /%s is not registered for guild %q or globally", name, guildID)
	}
	var def *CommandOption
	for i := range cmd.Options {
		if cmd.Options[i].Name == sub {
			for j := range cmd.Options[i].Options {
				if cmd.Options[i].Options[j].Name == focused {
					def = &cmd.Options[i].Options[j]
				}
			}
		}
	}
	if def == nil || !def.Autocomplete {
		return nil, fmt.Errorf("fakediscord: /%s %s has no autocomplete option %q", name, sub, focused)
	}
	if err := s.checkPlaceLocked(guildID, channelID); err != nil {
		return nil, err
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": 1, "options": []map[string]any{{
		"name": sub, "type": 1, "options": []map[string]any{{"name": focused, "type": def.Type, "value": typed, "focused": true}},
	}}}
	rec := Interaction{Type: InteractionAutocomplete, User: user, GuildID: guildID, ChannelID: channelID, CommandName: name}
	return s.injectLocked(rec, data, nil)
}

// Click injects a button click by user on message messageID.
func (s *Server) Click(user User, messageID, customID string) (*Handle, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	m, c, err := s.componentLocked(messageID, customID)
	if err != nil {
		return nil, err
	}
	if c.Type != ComponentButton {
		return nil, fmt.Errorf("fakediscord: %q on message %s is a select menu; use Select", customID, messageID)
	}
	if c.Style == 5 || c.Style == 6 {
		return nil, fmt.Errorf("fakediscord: %q is a link or premium button; clicking it sends no interaction", customID)
	}
	data := map[string]any{"custom_id": customID, "component_type": ComponentButton}
	rec := Interaction{Type: InteractionComponent, User: user, GuildID: m.GuildID, ChannelID: m.ChannelID,
		MessageID: m.ID, CustomID: customID, ComponentType: ComponentButton}
	return s.injectLocked(rec, data, m)
}

// Select injects a choice of values in the select menu customID on message
// messageID. For string selects the values must be among the options and
// their number within min_values and max_values.
func (s *Server) Select(user User, messageID, customID string, values []string) (*Handle, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	m, c, err := s.componentLocked(messageID, customID)
	if err != nil {
		return nil, err
	}
	if !isSelect(c.Type) {
		return nil, fmt.Errorf("fakediscord: %q on message %s is not a select menu", customID, messageID)
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		return nil, fmt.Errorf("fakediscord: %d values chosen in %q, want %d-%d", len(values), customID, minV, maxV)
	}
	if c.Type == ComponentStringMenu {
		valid := map[string]bool{}
		for _, o := range c.Options {
			valid[o.Value] = true
		}
		for _, v := range values {
			if !valid[v] {
				return nil, fmt.Errorf("fakediscord: %q is not an option of %q", v, customID)
			}
		}
	}
	values = append([]string{}, values...)
	data := map[string]any{"custom_id": customID, "component_type": c.Type, "values": values}
	if c.Type == ComponentUserMenu {
		// Discord resolves the users chosen, with their members in a guild.
		users, members := map[string]User{}, map[string]any{}
		for _, v := range values {
			u, ok := s.users[v]
			if !ok {
				return nil, fmt.Errorf("fakediscord: %q chosen in %q is no user", v, customID)
			}
			users[v] = u
			if !s.left[memberKey(m.GuildID, v)] {
				members[v] = map[string]any{"roles": s.rolesLocked(m.GuildID, v), "permissions": strconv.FormatInt(permissions(u), 10),
					"joined_at": s.now().UTC().Add(-time.Hour).Format(time.RFC3339)}
			}
		}
		resolved := map[string]any{"users": users}
		if m.GuildID != "" {
			resolved["members"] = members
		}
		data["resolved"] = resolved
	}
	rec := Interaction{Type: InteractionComponent, User: user, GuildID: m.GuildID, ChannelID: m.ChannelID,
		MessageID: m.ID, CustomID: customID, ComponentType: c.Type, Values: values}
	return s.injectLocked(rec, data, m)
}

// SubmitModal injects the submission of the modal customID that the bot
// showed to user, with the given text input values by custom_id.
func (s *Server) SubmitModal(user User, channelID, customID string, fields map[string]string) (*Handle, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	var modal *modalShown
	var origin *interactionState
	for i := len(s.interactionOrder) - 1; i >= 0; i-- {
		st := s.interactions[s.interactionOrder[i]]
		if md := st.modal; md != nil && !md.submitted && md.customID == customID && md.userID == user.ID {
			modal, origin = md, st
			break
		}
	}
	if modal == nil {
		return nil, fmt.Errorf("fakediscord: no open modal %q for user %s", customID, user.ID)
	}
	used := map[string]bool{}
	rows := make([]map[string]any, 0, len(modal.rows))
	for _, row := range modal.rows {
		in := row.Components[0]
		v, ok := fields[in.CustomID]
		if !ok && (in.Required == nil || *in.Required) {
			return nil, fmt.Errorf("fakediscord: modal %q: required field %q missing", customID, in.CustomID)
		}
		if in.MaxLength != nil && runes(v) > *in.MaxLength || in.MinLength != nil && ok && runes(v) < *in.MinLength {
			return nil, fmt.Errorf("fakediscord: modal %q: field %q length %d outside its limits", customID, in.CustomID, runes(v))
		}
		used[in.CustomID] = true
		rows = append(rows, map[string]any{"type": ComponentActionRow, "components": []map[string]any{
			{"type": ComponentTextInput, "custom_id": in.CustomID, "value": v},
		}})
	}
	for k := range fields {
		if !used[k] {
			return nil, fmt.Errorf("fakediscord: modal %q has no field %q", customID, k)
		}
	}
	if channelID == "" {
		channelID = origin.rec.ChannelID
	}
	if err := s.checkPlaceLocked(origin.rec.GuildID, channelID); err != nil {
		return nil, err
	}
	modal.submitted = true
	var m *Message
	if modal.messageID != "" {
		m = s.messages[modal.messageID]
	}
	f := make(map[string]string, len(fields))
	for k, v := range fields {
		f[k] = v
	}
	data := map[string]any{"custom_id": customID, "components": rows}
	rec := Interaction{Type: InteractionModal, User: user, GuildID: origin.rec.GuildID, ChannelID: channelID,
		MessageID: modal.messageID, CustomID: customID, Fields: f}
	return s.injectLocked(rec, data, m)
}

// usableInDMs reports whether a Discord client offers a command in a DM
// with the bot: contexts, when given, must include BOT_DM (1) or
// PRIVATE_CHANNEL (2); otherwise dm_permission must not be false.
func usableInDMs(c Command) bool {
	if len(c.Contexts) > 0 {
		for _, ctx := range c.Contexts {
			if ctx == 1 || ctx == 2 {
				return true
			}
		}
		return false
	}
	return c.DMPermission == nil || *c.DMPermission
}

func (s *Server) findCommandLocked(guildID, name string) (Command, bool) {
	for _, g := range []string{guildID, ""} {
		for _, c := range s.commands[g] {
			if c.Name == name && c.Type == 1 {
				return c, true
			}
		}
		if g == "" {
			break
		}
	}
	return Command{}, false
}

// checkPlaceLocked checks that channelID exists and belongs to guildID.
func (s *Server) checkPlaceLocked(guildID, channelID string) error {
	c, ok := s.channels[channelID]
	if !ok || c.Deleted {
		return fmt.Errorf("fakediscord: unknown channel %q", channelID)
	}
	if c.GuildID != guildID {
		return fmt.Errorf("fakediscord: channel %s is not in guild %q", channelID, guildID)
	}
	return nil
}

func (s *Server) dmChannelLocked(u User) *Channel {
	if id, ok := s.dmChannel[u.ID]; ok {
		return s.channels[id]
	}
	c := &Channel{ID: s.newIDLocked(), Type: ChannelTypeDM, Recipients: []User{u}}
	s.channels[c.ID] = c
	s.dmChannel[u.ID] = c.ID
	return c
}

func (s *Server) componentLocked(messageID, customID string) (*Message, Component, error) {
	m, ok := s.messages[messageID]
	if !ok || m.Deleted {
		return nil, Component{}, fmt.Errorf("fakediscord: unknown message %s", messageID)
	}
	c, ok := m.Component(customID)
	if !ok {
		return nil, Component{}, fmt.Errorf("fakediscord: message %s has no component %q", messageID, customID)
	}
	if c.Disabled {
		return nil, Component{}, fmt.Errorf("fakediscord: component %q on message %s is disabled", customID, messageID)
	}
	return m, c, nil
}

// resolveOptions checks invoked options against their definitions and fills
// in their types.
func resolveOptions(defs []CommandOption, opts []Option) error {
	given := map[string]bool{}
	for i := range opts {
		o := &opts[i]
		var def *CommandOption
		for j := range defs {
			if defs[j].Name == o.Name {
				def = &defs[j]
			}
		}
		if def == nil {
			return fmt.Errorf("no option %q", o.Name)
		}
		given[o.Name] = true
		o.Type = def.Type
		switch def.Type {
		case 1, 2:
			if err := resolveOptions(def.Options, o.Options); err != nil {
				return fmt.Errorf("%s: %w", o.Name, err)
			}
			continue
		case 3:
			if _, ok := o.Value.(string); !ok {
				return fmt.Errorf("option %q wants a string, got %T", o.Name, o.Value)
			}
		case 4:
			switch o.Value.(type) {
			case int, int64:
			default:
				return fmt.Errorf("option %q wants an integer, got %T", o.Name, o.Value)
			}
		case 5:
			if _, ok := o.Value.(bool); !ok {
				return fmt.Errorf("option %q wants a bool, got %T", o.Name, o.Value)
			}
		case 6:
			if o.User == nil {
				return fmt.Errorf("option %q wants a user (use UserOpt)", o.Name)
			}
		}
		if len(def.Choices) > 0 && !hasChoice(def.Choices, o.Value) {
			return fmt.Errorf("option %q: %v is not one of its choices", o.Name, o.Value)
		}
	}
	for _, d := range defs {
		if d.Required && !given[d.Name] {
			return fmt.Errorf("required option %q missing", d.Name)
		}
	}
	if len(opts) > 1 && len(defs) > 0 && (defs[0].Type == 1 || defs[0].Type == 2) {
		return errors.New("more than one subcommand given")
	}
	return nil
}

func hasChoice(choices []CommandChoice, v any) bool {
	for _, c := range choices {
		if fmt.Sprint(c.Value) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

func wireOptions(opts []Option) []map[string]any {
	out := make([]map[string]any, len(opts))
	for i, o := range opts {
		w := map[string]any{"name": o.Name, "type": o.Type}
		if o.Type == 1 || o.Type == 2 {
			w["options"] = wireOptions(o.Options)
		} else {
			w["value"] = o.Value
		}
		out[i] = w
	}
	return out
}

func optionUsers(opts []Option) []User {
	var out []User
	for _, o := range opts {
		if o.User != nil {
			out = append(out, *o.User)
		}
		out = append(out, optionUsers(o.Options)...)
	}
	return out
}

func permissions(u User) int64 {
	if u.Permissions == 0 {
		return DefaultPermissions
	}
	return u.Permissions
}

// injectLocked completes and dispatches an INTERACTION_CREATE.
func (s *Server) injectLocked(rec Interaction, data map[string]any, msg *Message) (*Handle, error) {
	if s.closed {
		return nil, errors.New("fakediscord: server closed")
	}
	owners := 0
	for _, sess := range s.sessions {
		if sess.owns(rec.GuildID) {
			owners++
		}
	}
	if owners == 0 {
		return nil, fmt.Errorf("fakediscord: no gateway session of guild %s's shard to deliver the interaction to", rec.GuildID)
	}
	rec.User.Discriminator = "0"
	if stored, ok := s.users[rec.User.ID]; !ok || stored != rec.User {
		s.users[rec.User.ID] = rec.User
	}
	rec.ID = s.newIDLocked()
	rec.Token = "itok-" + randomToken()
	rec.DispatchedAt = s.now()
	c := s.channels[rec.ChannelID]
	payload := map[string]any{
		"id":              rec.ID,
		"application_id":  s.appID,
		"type":            rec.Type,
		"data":            data,
		"channel_id":      rec.ChannelID,
		"channel":         c,
		"token":           rec.Token,
		"version":         1,
		"locale":          "en-US",
		"app_permissions": strconv.FormatInt(s.botPermissionsLocked(rec.GuildID), 10),
		"entitlements":    []any{},
	}
	if rec.GuildID != "" {
		payload["guild_id"] = rec.GuildID
		payload["guild_locale"] = "en-US"
		payload["context"] = 0
		payload["member"] = map[string]any{
			"user":        rec.User,
			"roles":       s.rolesLocked(rec.GuildID, rec.User.ID),
			"permissions": strconv.FormatInt(permissions(rec.User), 10),
			"joined_at":   s.now().UTC().Add(-time.Hour).Format(time.RFC3339),
			"deaf":        false,
			"mute":        false,
			"flags":       0,
			"pending":     false,
		}
		payload["authorizing_integration_owners"] = map[string]string{"0": rec.GuildID}
	} else {
		payload["user"] = rec.User
		payload["context"] = 1
		payload["authorizing_integration_owners"] = map[string]string{"0": "0"}
	}
	if msg != nil {
		payload["message"] = msg.wire()
	}
	st := &interactionState{rec: rec}
	s.interactions[rec.ID] = st
	s.byToken[rec.Token] = st
	s.interactionOrder = append(s.interactionOrder, rec.ID)
	id := rec.ID
	st.timer = s.opts.Clock.AfterFunc(s.opts.InteractionTimeout, func() { s.expire(id) })
	s.dispatchGuildLocked(rec.GuildID, "INTERACTION_CREATE", payload, 0)
	return &Handle{s: s, id: rec.ID}, nil
}

// expire records an interaction the bot did not answer in time.
func (s *Server) expire(id string) {
	s.mu.Lock()
	defer s.unlockNotify()
	if s.closed {
		return
	}
	if st := s.interactions[id]; !st.responded {
		s.problemLocked("interaction %s not answered within %v", describe(st.rec), s.opts.InteractionTimeout)
	}
}

type callbackPayload struct {
	Type int             `json:"type"`
	Data json.RawMessage `json:"data"`
}

func (s *Server) interactionCallback(w http.ResponseWriter, r *http.Request) {
	body, files, err := readCallback(r)
	if err != nil {
		s.badBody(w, r, err)
		return
	}
	now := s.now()
	s.mu.Lock()
	defer s.unlockNotify()
	st := s.interactions[r.PathValue("iid")]
	if st == nil || st.rec.Token != r.PathValue("token") {
		s.problemLocked("%s %s: unknown interaction or token", r.Method, r.URL.Path)
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	desc := describe(st.rec)
	if st.responded {
		s.problemLocked("interaction %s answered more than once", desc)
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	// The deadline is the instant the timer reports the interaction unanswered: an answer
	// at that instant is as late as one after it.
	latency := now.Sub(st.rec.DispatchedAt)
	if latency >= s.opts.InteractionTimeout {
		s.problemLocked("interaction %s answered after %.1fs", desc, latency.Seconds())
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	resp := Response{InteractionID: st.rec.ID, InteractionType: st.rec.Type, Type: body.Type, Latency: latency, At: now}
	fromComponent := st.rec.MessageID != ""
	wrongType := func(why string) {
		s.problemLocked("interaction %s: callback type %d %s", desc, body.Type, why)
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
	}
	switch body.Type {
	case ResponseMessage, ResponseDeferred:
		var p messagePayload
		if len(body.Data) > 0 && string(body.Data) != "null" {
			if err := json.Unmarshal(body.Data, &p); err != nil {
				s.problemLocked("interaction %s: bad callback data: %v", desc, err)
				apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
				return
			}
		}
		if bad := p.Flags &^ (FlagEphemeral | FlagSuppressEmbeds | FlagSuppressNotify | FlagComponentsV2); bad != 0 {
			s.refuseLocked(w, r, []string{fmt.Sprintf("flags %d not allowed in an interaction response", bad)})
			return
		}
		if len(files) > 0 && body.Type != ResponseMessage {
			wrongType("cannot carry files")
			return
		}
		c := s.channels[st.rec.ChannelID]
		typ := 0
		if st.rec.Type == InteractionCommand {
			typ = 20 // CHAT_INPUT_COMMAND
		}
		var m *Message
		if body.Type == ResponseDeferred {
			// Only EPHEMERAL counts on a deferred answer: Components V2 is set by the
			// edit that fills it.
			m = s.newMessageLocked(c, messagePayload{Flags: p.Flags&FlagEphemeral | FlagLoading}, typ)
			st.deferred = true
		} else {
			var hidden []string
			m, hidden = s.draftNewLocked(w, r, c, p, files, typ, true, fmt.Sprintf("interaction %s: empty response message", desc))
			if m == nil {
				return
			}
			s.commitNewLocked(r, c, m, hidden)
		}
		s.markInteractionMessage(m, st)
		resp.Files = cloneFiles(m.Files)
		st.originalID = m.ID
		resp.MessageID = m.ID
		resp.Content, resp.Embeds, resp.Components, resp.Flags = m.Content, cloneEmbeds(m.Embeds), cloneComponents(m.Components), m.Flags
		s.echoLocked("MESSAGE_CREATE", m)
	case ResponseDeferredUpdate, ResponseUpdate:
		if !fromComponent {
			wrongType("is only valid for component interactions")
			return
		}
		if len(files) > 0 && body.Type != ResponseUpdate {
			wrongType("cannot carry files")
			return
		}
		m := s.messages[st.rec.MessageID]
		if m == nil || m.Deleted {
			s.problemLocked("interaction %s: the component's message is gone", desc)
			apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		if body.Type == ResponseUpdate {
			var raw map[string]json.RawMessage
			if len(body.Data) > 0 && string(body.Data) != "null" {
				if err := json.Unmarshal(body.Data, &raw); err != nil {
					s.problemLocked("interaction %s: bad callback data: %v", desc, err)
					apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
					return
				}
			}
			e, err := parseEdit(raw)
			if err != nil {
				s.problemLocked("interaction %s: bad callback data: %v", desc, err)
				apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
				return
			}
			e.files = files
			if !s.editLocked(w, r, m, e, "update") {
				return
			}
		}
		st.originalID = m.ID
		resp.MessageID = m.ID
		resp.Content, resp.Embeds, resp.Components, resp.Flags = m.Content, cloneEmbeds(m.Embeds), cloneComponents(m.Components), m.Flags
	case ResponseChoices:
		if st.rec.Type != InteractionAutocomplete {
			wrongType("is only valid for autocomplete interactions")
			return
		}
		var d struct {
			Choices []Choice `json:"choices"`
		}
		if err := json.Unmarshal(body.Data, &d); err != nil {
			s.problemLocked("interaction %s: bad choices: %v", desc, err)
			apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		var v []string
		if len(d.Choices) > 25 {
			v = append(v, fmt.Sprintf("%d choices, at most 25", len(d.Choices)))
		}
		for i, c := range d.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				v = append(v, fmt.Sprintf("choice %d: name of %d characters, 1 to 100", i, n))
			}
			if c.Value == nil {
				v = append(v, fmt.Sprintf("choice %d: no value", i))
			}
		}
		if len(v) > 0 {
			s.refuseLocked(w, r, v)
			return
		}
		resp.Choices = d.Choices
	case ResponseModal:
		if st.rec.Type == InteractionModal {
			wrongType("cannot answer a modal submission")
			return
		}
		var d struct {
			CustomID   string      `json:"custom_id"`
			Title      string      `json:"title"`
			Components []Component `json:"components"`
		}
		if err := json.Unmarshal(body.Data, &d); err != nil {
			s.problemLocked("interaction %s: bad modal data: %v", desc, err)
			apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		if v := checkModal(d.CustomID, d.Title, d.Components); len(v) > 0 {
			s.refuseLocked(w, r, v)
			return
		}
		st.modal = &modalShown{customID: d.CustomID, title: d.Title, rows: cloneComponents(d.Components),
			userID: st.rec.User.ID, interaction: st.rec.ID, messageID: st.rec.MessageID}
		resp.CustomID, resp.Title, resp.Components = d.CustomID, d.Title, cloneComponents(d.Components)
	default:
		wrongType("is not supported")
		return
	}
	resp.Ephemeral = resp.Flags&FlagEphemeral != 0
	st.responded = true
	st.timer.Stop()
	st.response = &resp
	s.responses = append(s.responses, cloneResponse(resp))
	w.WriteHeader(http.StatusNoContent)
}

// markInteractionMessage makes m a message of interaction st: a response or follow-up,
// sent by the application's webhook.
func (s *Server) markInteractionMessage(m *Message, st *interactionState) {
	m.WebhookID = s.appID
	m.ApplicationID = s.appID
	m.InteractionID = st.rec.ID
	m.InteractionMetadata = &InteractionMetadata{ID: st.rec.ID, Type: st.rec.Type, User: st.rec.User}
}

// webhookLocked resolves /webhooks/{app}/{token} to its interaction or
// answers the request.
func (s *Server) webhookLocked(w http.ResponseWriter, r *http.Request) *interactionState {
	if r.PathValue("app") != s.appID {
		s.problemLocked("%s %s: webhook ID is not the application ID %s", r.Method, r.URL.Path, s.appID)
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	st := s.byToken[r.PathValue("token")]
	if st == nil || s.now().Sub(st.rec.DispatchedAt) > tokenLifetime {
		s.problemLocked("%s %s: unknown or expired interaction token", r.Method, r.URL.Path)
		apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return nil
	}
	if !st.responded {
		s.problemLocked("%s %s: interaction %s has not been answered yet", r.Method, r.URL.Path, describe(st.rec))
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	return st
}

// webhookMessageLocked resolves {mid} ("@original" or a follow-up ID).
func (s *Server) webhookMessageLocked(w http.ResponseWriter, r *http.Request, st *interactionState) *Message {
	mid := r.PathValue("mid")
	if mid == "@original" {
		mid = st.originalID
	} else {
		found := false
		for _, f := range st.followups {
			found = found || f == mid
		}
		if !found {
			mid = ""
		}
	}
	m, ok := s.messages[mid]
	if mid == "" || !ok || m.Deleted {
		s.problemLocked("%s %s: unknown message", r.Method, r.URL.Path)
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return nil
	}
	return m
}

func (s *Server) getWebhookMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.webhookLocked(w, r); st != nil {
		if m := s.webhookMessageLocked(w, r, st); m != nil {
			writeJSON(w, http.StatusOK, m.wire())
		}
	}
}

func (s *Server) patchWebhookMessage(w http.ResponseWriter, r *http.Request) {
	e, err := readEdit(r)
	if err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	st := s.webhookLocked(w, r)
	if st == nil {
		return
	}
	m := s.webhookMessageLocked(w, r, st)
	if m == nil {
		return
	}
	if s.editLocked(w, r, m, e, "webhook") {
		if m.ID == st.originalID {
			st.deferred = false
		}
		writeJSON(w, http.StatusOK, m.wire())
	}
}

func (s *Server) deleteWebhookMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	st := s.webhookLocked(w, r)
	if st == nil {
		return
	}
	if m := s.webhookMessageLocked(w, r, st); m != nil {
		s.deleteLocked(m)
		w.WriteHeader(http.StatusNoContent)
	}
}

// postFollowup creates a follow-up. The first follow-up after a deferred
// (type 5) response fills the loading message instead, keeping its
// ephemerality, as Discord does.
func (s *Server) postFollowup(w http.ResponseWriter, r *http.Request) {
	var p messagePayload
	files, err := readWithFiles(r, &p)
	if err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	st := s.webhookLocked(w, r)
	if st == nil {
		return
	}
	if bad := p.Flags &^ (FlagEphemeral | FlagSuppressEmbeds | FlagSuppressNotify | FlagComponentsV2); bad != 0 {
		s.refuseLocked(w, r, []string{fmt.Sprintf("flags %d not allowed in a follow-up", bad)})
		return
	}
	var m *Message
	if orig := s.messages[st.originalID]; st.deferred && orig != nil && orig.Flags&FlagLoading != 0 {
		content := p.Content
		flags := orig.Flags&FlagSuppressEmbeds | p.Flags&(FlagSuppressEmbeds|FlagComponentsV2)
		e := editPayload{content: &content, embeds: p.Embeds, setEmbeds: true, mentions: p.AllowedMentions, flags: &flags,
			attachments: p.Attachments, files: files}
		if p.Components != nil {
			e.components, e.setComponents = p.Components, true
		}
		if v := fileCountViolation(files); len(v) > 0 {
			s.refuseLocked(w, r, v)
			return
		}
		if !s.editLocked(w, r, orig, e, "webhook") {
			return
		}
		st.deferred = false
		m = orig
	} else {
		c, ok := s.channels[st.rec.ChannelID]
		if !ok || c.Deleted {
			apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
			return
		}
		var hidden []string
		m, hidden = s.draftNewLocked(w, r, c, p, files, 0, true, fmt.Sprintf("%s %s: empty follow-up", r.Method, r.URL.Path))
		if m == nil {
			return
		}
		s.markInteractionMessage(m, st)
		s.commitNewLocked(r, c, m, hidden)
		st.followups = append(st.followups, m.ID)
		s.echoLocked("MESSAGE_CREATE", m)
	}
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, m.wire())
}
