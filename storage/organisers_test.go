package storage

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league"
)

// TestOrganiserRole: a guild names its organiser role, changes it and names none again;
// each change is logged once, a change to the same role is none, and guilds do not share.
func TestOrganiserRole(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testOrganiserRole)
}

func testOrganiserRole(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	role := func(guild string) string {
		t.Helper()
		r, err := s.OrganiserRole(ctx, guild)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := role("g1"); r != "" {
		t.Fatalf("a new guild's organiser role: %q", r)
	}
	steps := []struct {
		role    string
		changed bool
	}{{"r1", true}, {"r1", false}, {"r2", true}, {"", true}, {"", false}}
	for k, st := range steps {
		changed, err := s.SetOrganiserRole(ctx, "g1", st.role, "admin", t0.Add(time.Duration(k)*time.Minute))
		if err != nil || changed != st.changed {
			t.Fatalf("step %d, role %q: changed %v, %v; want %v", k, st.role, changed, err, st.changed)
		}
		if r := role("g1"); r != st.role {
			t.Fatalf("step %d: the role reads %q, want %q", k, r, st.role)
		}
	}
	if _, err := s.SetOrganiserRole(ctx, "g2", "r9", "admin", t0); err != nil {
		t.Fatal(err)
	}
	if r, r2 := role("g1"), role("g2"); r != "" || r2 != "r9" {
		t.Errorf("the guilds' roles: %q, %q; want none and r9", r, r2)
	}
	if _, err := s.SetOrganiserRole(ctx, "", "r1", "admin", t0); !errors.Is(err, ErrInvalid) {
		t.Errorf("a role of no guild: %v, want ErrInvalid", err)
	}
	log, err := s.AdminLog(ctx, "g1", 10)
	if err != nil {
		t.Fatal(err)
	}
	var details []string
	for _, e := range log {
		if e.Action != league.CorrectOrganisers || e.UserID != "admin" {
			t.Errorf("log entry %+v", e)
		}
		details = append(details, e.Detail)
	}
	if want := []string{"", "r2", "r1"}; len(details) != len(want) || details[0] != want[0] || details[1] != want[1] || details[2] != want[2] {
		t.Errorf("the admin log's roles, newest first: %q, want %q", details, want)
	}
}
