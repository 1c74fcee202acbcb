package fakediscord

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
)

// maxAllowedMentionIDs is how many users, or roles, allowed_mentions may name.
const maxAllowedMentionIDs = 100

var (
	userMention     = regexp.MustCompile(`<@!?(\d{1,20})>`)
	roleMention     = regexp.MustCompile(`<@&(\d{1,20})>`)
	everyoneMention = regexp.MustCompile(`@(everyone|here)`)
)

// Kinds of mentions allowed_mentions.parse names.
const (
	parseUsers    = "users"
	parseRoles    = "roles"
	parseEveryone = "everyone"
)

// mentionText is the text of a message that can mention: its content, or with Components
// V2 its text displays. Embeds, labels and alt text never ping.
func mentionText(m *Message) []string {
	if m.Flags&FlagComponentsV2 == 0 {
		return []string{m.Content}
	}
	var out []string
	walkComponents(m.Components, func(c Component) {
		if c.Type == ComponentTextDisplay {
			out = append(out, c.Content)
		}
	})
	return out
}

// checkAllowedMentions returns how an allowed_mentions object breaks Discord's rules:
// parse naming users (or roles) while users (or roles) lists some, more than 100 of either.
func checkAllowedMentions(am *AllowedMentions) (v []string) {
	if am == nil {
		return nil
	}
	if slices.Contains(am.Parse, parseUsers) && len(am.Users) > 0 {
		v = append(v, `allowed_mentions: parse holds "users" and users lists some (they are mutually exclusive)`)
	}
	if slices.Contains(am.Parse, parseRoles) && len(am.Roles) > 0 {
		v = append(v, `allowed_mentions: parse holds "roles" and roles lists some (they are mutually exclusive)`)
	}
	if len(am.Users) > maxAllowedMentionIDs {
		v = append(v, fmt.Sprintf("allowed_mentions: %d users (max %d)", len(am.Users), maxAllowedMentionIDs))
	}
	if len(am.Roles) > maxAllowedMentionIDs {
		v = append(v, fmt.Sprintf("allowed_mentions: %d roles (max %d)", len(am.Roles), maxAllowedMentionIDs))
	}
	return v
}

// parsePings returns whom a message pings, as Discord parses its text under am: every
// mention of a kind am.parse names, and the users and roles am lists that the text
// mentions. Without an allowed_mentions (am nil), Discord's default applies: every kind
// for a channel message, users only for an interaction's answers and follow-ups (byApp).
// In a DM nobody is pinged by @everyone or a role.
func parsePings(m *Message, am *AllowedMentions, byApp bool) Pings {
	parse := []string{parseUsers, parseRoles, parseEveryone}
	if byApp {
		parse = []string{parseUsers}
	}
	var users, roles []string
	if am != nil {
		parse, users, roles = am.Parse, am.Users, am.Roles
	}
	var p Pings
	seenUser, seenRole := map[string]bool{}, map[string]bool{}
	for _, text := range mentionText(m) {
		for _, sm := range userMention.FindAllStringSubmatch(text, -1) {
			id := sm[1]
			if !seenUser[id] && (slices.Contains(parse, parseUsers) || slices.Contains(users, id)) {
				seenUser[id] = true
				p.Users = append(p.Users, id)
			}
		}
		if m.GuildID == "" {
			continue
		}
		for _, sm := range roleMention.FindAllStringSubmatch(text, -1) {
			id := sm[1]
			if !seenRole[id] && (slices.Contains(parse, parseRoles) || slices.Contains(roles, id)) {
				seenRole[id] = true
				p.Roles = append(p.Roles, id)
			}
		}
		if slices.Contains(parse, parseEveryone) && everyoneMention.MatchString(text) {
			p.Everyone = true
		}
	}
	sort.Strings(p.Users)
	sort.Strings(p.Roles)
	return p
}

// setPingsLocked records whom m pings and fills the mentions Discord's message object
// carries: the users the fake knows, the roles, mention_everyone.
func (s *Server) setPingsLocked(m *Message, p Pings) {
	m.Pings = p
	m.Mentions = nil
	for _, id := range p.Users {
		if u, ok := s.users[id]; ok {
			m.Mentions = append(m.Mentions, u)
		}
	}
	m.MentionRoles = append([]string(nil), p.Roles...)
	m.MentionEveryone = p.Everyone
}

// pingViolations says whom a message would ping that the test has not allowed, once it
// has called AllowPings.
func (s *Server) pingViolationsLocked(p Pings) (v []string) {
	if !s.pingsLimited {
		return nil
	}
	for _, id := range p.Users {
		if !s.pingable[id] {
			v = append(v, fmt.Sprintf("pings user %s, whom the test did not allow (AllowPings)", id))
		}
	}
	for _, id := range p.Roles {
		v = append(v, fmt.Sprintf("pings role %s (AllowPings allows users only)", id))
	}
	if p.Everyone {
		v = append(v, "pings @everyone or @here (AllowPings allows users only)")
	}
	return v
}

// AllowPings makes the fake refuse, as a problem that fails the test, every message (new,
// or as an edit leaves it) that would ping anyone but the users allowed so far: any other
// user, any role, @everyone or @here. Each call adds users to those allowed; the first,
// even with none, starts the check, which is off until then. A refused message is answered
// 400 with code 50035 and not stored. See Message.Pings and Pings for what counts as a
// ping.
func (s *Server) AllowPings(userIDs ...string) {
	s.mu.Lock()
	defer s.unlockNotify()
	s.pingsLimited = true
	for _, id := range userIDs {
		s.pingable[id] = true
	}
}
