package present

import (
	"errors"
	"strings"
	"testing"
)

// TestAnswers: the bot's own answers carry their data, mention only whom they name, and
// escape what people typed.
func TestAnswers(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{SeasonOver("Spring", []string{"1", "2"}), "🏁 Season **Spring** is over. Champion: <@1>, <@2> 🏆"},
		{SeasonOver("*Spring*", nil), "🏁 Season **\\*Spring\\*** is over."},
		{TableOpen("racehorse", "77"), "Your racehorse table is open in <#77>: players press **Join**"},
		{NotThisChannel([]string{"5", "6"}), "Tables are not opened in this channel. Try <#5>, <#6>."},
		{YourTables([]string{"#1 racehorse", "#2 classic"}), "**Your tables**\n• #1 racehorse\n• #2 classic"},
		{Exported(9, "classic", 1), "Game #9 (classic), 1 hand: replay it with `pinochle replay pinochle-game-9.json`"},
		{CommandRefused(errors.New("unknown option foo")), "⚠️ Unknown option foo. If the command has changed"},
		{NoSuchSeason("@everyone"), "There is no season called “\\@everyone” here."},
	} {
		if !strings.HasPrefix(c.got, c.want) {
			t.Errorf("got %q, want it to begin %q", c.got, c.want)
		}
	}
}
