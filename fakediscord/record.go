package fakediscord

// Accessors for what the fake recorded. Each returns a copy that the caller
// may keep and modify.

// Messages returns the messages of a channel (thread or DM included), oldest
// first, without deleted ones. Ephemeral interaction responses are included;
// see Message.Ephemeral.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sortedMessagesLocked(channelID)
}

// LastMessage returns the newest message in a channel, not deleted, that match reports
// true for. match reads a message it must not keep; it runs under the server's lock. A
// test looking for one message among a long thread's finds it without a copy of each.
func (s *Server) LastMessage(channelID string, match func(*Message) bool) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := s.channelMsgs[channelID]
	var best *Message
	for k := len(ids) - 1; k >= 0; k-- { // newest first: the IDs grow as messages are stored
		if m := s.messages[ids[k]]; !m.Deleted && (best == nil || snowflakeLess(best.ID, m.ID)) && match(m) {
			best = m
		}
	}
	if best == nil {
		return Message{}, false
	}
	return cloneMessage(*best), true
}

// Message returns a message by ID, deleted or not.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return cloneMessage(*m), true
}

// Edits returns every accepted message edit in order.
func (s *Server) Edits() []Edit {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Edit, len(s.edits))
	for i, e := range s.edits {
		e.Before, e.After = cloneMessage(e.Before), cloneMessage(e.After)
		out[i] = e
	}
	return out
}

// Channel returns a channel (text channel, thread or DM) by ID.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok {
		return Channel{}, false
	}
	return cloneChannel(*c), true
}

// Guild returns a guild with its text channels.
func (s *Server) Guild(id string) (Guild, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.guilds[id]; !ok {
		return Guild{}, false
	}
	return s.guildLocked(id), true
}

// Threads returns every thread the bot created, oldest first, in its
// current state.
func (s *Server) Threads() []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.sortedChannelsLocked() {
		if c.ThreadMetadata != nil {
			out = append(out, cloneChannel(*c))
		}
	}
	return out
}

// ChannelEdits returns every accepted channel change (thread archive, lock,
// rename, and automatic unarchiving by a new message) in order.
func (s *Server) ChannelEdits() []ChannelEdit {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]ChannelEdit, len(s.channelEdits))
	for i, e := range s.channelEdits {
		e.Before, e.After = cloneChannel(e.Before), cloneChannel(e.After)
		out[i] = e
	}
	return out
}

// DMChannel returns the DM channel with a user, if one was opened.
func (s *Server) DMChannel(userID string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dmChannel[userID]
	if !ok {
		return Channel{}, false
	}
	return cloneChannel(*s.channels[id]), true
}

// DMs returns the messages delivered to the DM channel with a user.
func (s *Server) DMs(userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.dmChannel[userID]
	if !ok {
		return nil
	}
	return s.sortedMessagesLocked(id)
}

// Responses returns every accepted interaction callback in order.
func (s *Server) Responses() []Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Response, len(s.responses))
	for i, r := range s.responses {
		out[i] = cloneResponse(r)
	}
	return out
}

// Interactions returns every injected interaction in order.
func (s *Server) Interactions() []Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Interaction, len(s.interactionOrder))
	for i, id := range s.interactionOrder {
		out[i] = cloneInteraction(s.interactions[id].rec)
	}
	return out
}

// Commands returns the commands registered for a guild ("" for global
// commands).
func (s *Server) Commands(guildID string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Command, len(s.commands[guildID]))
	for i, c := range s.commands[guildID] {
		out[i] = cloneCommand(c)
	}
	return out
}

// Requests returns every REST request served, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Problems returns every recorded problem: limit violations, protocol
// mistakes, unknown routes, late or repeated interaction answers.
func (s *Server) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.problems...)
}

// TakeProblems returns the recorded problems and forgets them, for tests
// that provoke problems on purpose.
func (s *Server) TakeProblems() []string {
	s.mu.Lock()
	defer s.unlockNotify()
	p := s.problems
	s.problems = nil
	return p
}

// Undefined returns, once each and in the order first seen, what the requests sent that
// Discord's OpenAPI document (Options.Spec) does not define but does not refuse either:
// fields it ignores, deprecated routes. They are not problems; a test may log them.
func (s *Server) Undefined() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.undefined...)
}

// Pings returns, in order, every accepted message creation or edit that pings someone,
// with whom it pings (see Pings). A message's current pings are its Message.Pings.
func (s *Server) Pings() []PingRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]PingRecord, len(s.pings))
	for i, p := range s.pings {
		p.Pings = clonePings(p.Pings)
		out[i] = p
	}
	return out
}
