package events

import (
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

func TestKeptPrivate(t *testing.T) {
	dealt := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	daily := table.Game{CreatedAt: dealt, Settings: table.Settings{Private: true},
		Seats: []table.Seat{{Computer: table.LevelExpert}, {UserID: "ana"}}}
	public := daily
	public.Settings.Private = false
	for _, c := range []struct {
		name string
		g    *table.Game
		user string
		now  time.Time
		want bool
	}{
		{"another member on the day", &daily, "bob", dealt.Add(10 * time.Minute), true},
		{"another member at the day's last moment", &daily, "bob", time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC), true},
		{"another member the next day, in another year", &daily, "bob", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{"its player on the day", &daily, "ana", dealt, false},
		{"a clock behind the deal", &daily, "bob", dealt.Add(-48 * time.Hour), true},
		{"the day in another zone than UTC", &daily, "bob", time.Date(2027, 1, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600)), true},
		{"a table that is not private", &public, "bob", dealt, false},
	} {
		if got := KeptPrivate(c.g, c.user, c.now); got != c.want {
			t.Errorf("%s: KeptPrivate = %v, want %v", c.name, got, c.want)
		}
	}
}
