package fakediscord

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Guild members: every user the fake knows is a member of every guild until RemoveMember
// says they left; SetMemberRoles gives a member roles, which interactions carry.

// memberKey names a user in a guild.
func memberKey(guildID, userID string) string { return guildID + "/" + userID }

// RemoveMember makes a user leave a guild: GET /guilds/{id}/members/{user} answers 404
// Unknown Member (10007) from then on.
func (s *Server) RemoveMember(guildID, userID string) {
	s.mu.Lock()
	defer s.unlockNotify()
	if s.left == nil {
		s.left = map[string]bool{}
	}
	s.left[memberKey(guildID, userID)] = true
}

// SetMemberRoles sets the roles a member holds in a guild, as the member objects of their
// interactions list them.
func (s *Server) SetMemberRoles(guildID, userID string, roles ...string) {
	s.mu.Lock()
	defer s.unlockNotify()
	if s.memberRoles == nil {
		s.memberRoles = map[string][]string{}
	}
	s.memberRoles[memberKey(guildID, userID)] = slices.Clone(roles)
}

// rolesLocked returns the roles a member holds (never nil, as Discord sends an array).
func (s *Server) rolesLocked(guildID, userID string) []string {
	if r := s.memberRoles[memberKey(guildID, userID)]; r != nil {
		return slices.Clone(r)
	}
	return []string{}
}

// getMember answers GET /guilds/{gid}/members/{uid}: the member, or Unknown Guild (10004)
// and Unknown Member (10007) as Discord does.
func (s *Server) getMember(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	gid, uid := r.PathValue("gid"), r.PathValue("uid")
	if _, ok := s.guilds[gid]; !ok {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return
	}
	u, ok := s.users[uid]
	if !ok || s.left[memberKey(gid, uid)] {
		apiError(w, http.StatusNotFound, 10007, "Unknown Member")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"user": u, "roles": s.rolesLocked(gid, uid), "joined_at": s.now().UTC().Add(-time.Hour).Format(time.RFC3339),
		"deaf": false, "mute": false, "flags": 0, "pending": false,
	})
}

// Guild scheduled events (the server's event list), held to Discord's rules for events
// outside a channel (entity type 3, EXTERNAL): the bot needs MANAGE_EVENTS or
// CREATE_EVENTS, a name, a start to come, an end after it and a location; the status moves
// from scheduled to active or cancelled, and from active to completed, and no other way.

// Permissions a bot needs to make scheduled events.
const (
	PermManageEvents = 1 << 33
	PermCreateEvents = 1 << 44
)

// The statuses of a scheduled event.
const (
	ScheduledStatusScheduled = 1
	ScheduledStatusActive    = 2
	ScheduledStatusCompleted = 3
	ScheduledStatusCanceled  = 4
)

// ScheduledEvent is a guild's scheduled event as the fake keeps it.
type ScheduledEvent struct {
	ID                 string          `json:"id"`
	GuildID            string          `json:"guild_id"`
	ChannelID          *string         `json:"channel_id"`
	CreatorID          string          `json:"creator_id"`
	Name               string          `json:"name"`
	Description        string          `json:"description,omitempty"`
	ScheduledStartTime time.Time       `json:"scheduled_start_time"`
	ScheduledEndTime   *time.Time      `json:"scheduled_end_time"`
	PrivacyLevel       int             `json:"privacy_level"`
	Status             int             `json:"status"`
	EntityType         int             `json:"entity_type"`
	EntityID           *string         `json:"entity_id"`
	EntityMetadata     *EntityMetadata `json:"entity_metadata"`
}

// EntityMetadata is where an external scheduled event takes place.
type EntityMetadata struct {
	Location string `json:"location,omitempty"`
}

// scheduledBody is what a request to make or change a scheduled event may send.
type scheduledBody struct {
	ChannelID          *string         `json:"channel_id"`
	Name               *string         `json:"name"`
	Description        *string         `json:"description"`
	ScheduledStartTime *time.Time      `json:"scheduled_start_time"`
	ScheduledEndTime   *time.Time      `json:"scheduled_end_time"`
	PrivacyLevel       *int            `json:"privacy_level"`
	Status             *int            `json:"status"`
	EntityType         *int            `json:"entity_type"`
	EntityMetadata     *EntityMetadata `json:"entity_metadata"`
}

// ScheduledEvents returns a guild's scheduled events, oldest first.
func (s *Server) ScheduledEvents(guildID string) []ScheduledEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ScheduledEvent
	for _, id := range s.scheduledOrder {
		if e := s.scheduled[id]; e.GuildID == guildID {
			out = append(out, *e)
		}
	}
	return out
}

// mayScheduleLocked checks that the bot may make scheduled events in a guild, answering
// the request when it may not.
func (s *Server) mayScheduleLocked(w http.ResponseWriter, guildID string) bool {
	if _, ok := s.guilds[guildID]; !ok {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return false
	}
	if s.botPermissionsLocked(guildID)&(PermManageEvents|PermCreateEvents) == 0 {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return false
	}
	return true
}

// checkScheduledLocked returns what makes an external scheduled event invalid.
func (s *Server) checkScheduledLocked(e *ScheduledEvent, creating bool) []string {
	var v []string
	if n := utf8.RuneCountInString(e.Name); n < 1 || n > 100 {
		v = append(v, "name: must be 1 to 100 characters")
	}
	if utf8.RuneCountInString(e.Description) > 1000 {
		v = append(v, "description: must be at most 1000 characters")
	}
	if e.PrivacyLevel != 2 {
		v = append(v, "privacy_level: must be 2 (GUILD_ONLY)")
	}
	if e.EntityType != 3 {
		v = append(v, "entity_type: the fake knows external events (3) only")
	}
	if e.ChannelID != nil {
		v = append(v, "channel_id: must be null for an external event")
	}
	if e.EntityMetadata == nil || e.EntityMetadata.Location == "" || utf8.RuneCountInString(e.EntityMetadata.Location) > 100 {
		v = append(v, "entity_metadata.location: an external event needs a location of 1 to 100 characters")
	}
	switch {
	case e.ScheduledEndTime == nil:
		v = append(v, "scheduled_end_time: an external event needs its end")
	case !e.ScheduledEndTime.After(e.ScheduledStartTime):
		v = append(v, "scheduled_end_time: must be after the start")
	}
	if creating && !e.ScheduledStartTime.After(s.now()) {
		v = append(v, "scheduled_start_time: cannot be in the past")
	}
	return v
}

// apply writes a request's fields onto a scheduled event.
func (b *scheduledBody) apply(e *ScheduledEvent) {
	if b.ChannelID != nil {
		e.ChannelID = b.ChannelID
	}
	if b.Name != nil {
		e.Name = *b.Name
	}
	if b.Description != nil {
		e.Description = *b.Description
	}
	if b.ScheduledStartTime != nil {
		e.ScheduledStartTime = *b.ScheduledStartTime
	}
	if b.ScheduledEndTime != nil {
		e.ScheduledEndTime = b.ScheduledEndTime
	}
	if b.PrivacyLevel != nil {
		e.PrivacyLevel = *b.PrivacyLevel
	}
	if b.EntityType != nil {
		e.EntityType = *b.EntityType
	}
	if b.EntityMetadata != nil {
		e.EntityMetadata = b.EntityMetadata
	}
}

// createScheduled answers POST /guilds/{gid}/scheduled-events.
func (s *Server) createScheduled(w http.ResponseWriter, r *http.Request) {
	var body scheduledBody
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	gid := r.PathValue("gid")
	if !s.mayScheduleLocked(w, gid) {
		return
	}
	if body.ScheduledStartTime == nil || body.Name == nil || body.PrivacyLevel == nil || body.EntityType == nil {
		s.refuseLocked(w, r, []string{"name, privacy_level, scheduled_start_time and entity_type are required"})
		return
	}
	e := &ScheduledEvent{GuildID: gid, CreatorID: s.bot.ID, Status: ScheduledStatusScheduled}
	body.apply(e)
	if body.Status != nil {
		s.refuseLocked(w, r, []string{"status: a new event is scheduled"})
		return
	}
	if v := s.checkScheduledLocked(e, true); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	e.ID = s.newIDLocked()
	if s.scheduled == nil {
		s.scheduled = map[string]*ScheduledEvent{}
	}
	s.scheduled[e.ID] = e
	s.scheduledOrder = append(s.scheduledOrder, e.ID)
	writeJSON(w, http.StatusOK, e)
}

// scheduledLocked finds a guild's scheduled event, answering Unknown Guild Scheduled Event
// (10070) when there is none.
func (s *Server) scheduledLocked(w http.ResponseWriter, r *http.Request) *ScheduledEvent {
	e, ok := s.scheduled[r.PathValue("eid")]
	if !ok || e.GuildID != r.PathValue("gid") {
		apiError(w, http.StatusNotFound, 10070, "Unknown Guild Scheduled Event")
		return nil
	}
	return e
}

// patchScheduled answers PATCH /guilds/{gid}/scheduled-events/{eid}: the status moves only
// as Discord lets it (scheduled to active or cancelled, active to completed).
func (s *Server) patchScheduled(w http.ResponseWriter, r *http.Request) {
	var body scheduledBody
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	if !s.mayScheduleLocked(w, r.PathValue("gid")) {
		return
	}
	e := s.scheduledLocked(w, r)
	if e == nil {
		return
	}
	after := *e
	body.apply(&after)
	if body.Status != nil {
		from, to := e.Status, *body.Status
		ok := (from == ScheduledStatusScheduled && (to == ScheduledStatusActive || to == ScheduledStatusCanceled)) ||
			(from == ScheduledStatusActive && to == ScheduledStatusCompleted) || from == to
		if !ok {
			apiError(w, http.StatusBadRequest, 180000, "Cannot update the status of this event from "+statusName(from)+" to "+statusName(to))
			return
		}
		after.Status = to
	}
	if v := s.checkScheduledLocked(&after, false); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	*e = after
	writeJSON(w, http.StatusOK, e)
}

// statusName names a scheduled event's status.
func statusName(st int) string {
	names := []string{"?", "scheduled", "active", "completed", "canceled"}
	if st < 1 || st >= len(names) {
		return "?"
	}
	return strings.ToUpper(names[st])
}

// listScheduled answers GET /guilds/{gid}/scheduled-events.
func (s *Server) listScheduled(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	gid := r.PathValue("gid")
	if _, ok := s.guilds[gid]; !ok {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return
	}
	out := []*ScheduledEvent{}
	for _, id := range s.scheduledOrder {
		if e := s.scheduled[id]; e.GuildID == gid {
			out = append(out, e)
		}
	}
	writeJSON(w, http.StatusOK, out)
}
