package present

import (
	"errors"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
)

// TestNoticeWordsEveryFact: every fact a table states has words of its own, and the words
// carry the notice's data.
func TestNoticeWordsEveryFact(t *testing.T) {
	seen := map[string]live.Fact{}
	facts := []live.Fact{}
	for f := live.FactGameOver; f <= live.FactWatchersFull; f++ {
		facts = append(facts, f)
	}
	for f := live.FactChosen; f <= live.FactLeftForfeit; f++ {
		facts = append(facts, f)
	}
	for _, f := range facts {
		got := Notice(live.Notice{Fact: f, Card: engine.NewCard(engine.Ace, engine.Spades), Hint: "bid 250"}, nil)
		if got == "" || (got == MsgWrong && f != live.FactFailed) {
			t.Errorf("fact %d has no words of its own: %q", f, got)
		}
		if other, ok := seen[got]; ok && f != live.FactNotSeated {
			t.Errorf("facts %d and %d read the same: %q", other, f, got)
		}
		seen[got] = f
	}
	if got := Notice(live.Notice{}, nil); got != "" {
		t.Errorf("no fact reads %q, want nothing", got)
	}
	for _, c := range []struct {
		n    live.Notice
		want string
	}{
		{live.Notice{Fact: live.FactSeatTaken, Seat: 2}, "Seat 3 is taken."},
		{live.Notice{Fact: live.FactHostOnly, Tried: live.TriedStart, Host: "42"}, "Only the host, <@42>, can start the game."},
		{live.Notice{Fact: live.FactNotSeated, Tried: live.TriedBid}, "so you cannot bid for it"},
		{live.Notice{Fact: live.FactUnreadable, Err: errors.New("type the amount")}, "⚠️ type the amount"},
		{live.Notice{Fact: live.FactRuleRefused, Rule: &engine.RuleError{Msg: "you must follow suit"}}, "⚠️ You must follow suit."},
		{live.Notice{Fact: live.FactChosen, Card: engine.NewCard(engine.Ten, engine.Hearts)}, "**Play 10♥**"},
	} {
		if got := Notice(c.n, nil); !strings.Contains(got, c.want) {
			t.Errorf("%+v reads %q, want %q in it", c.n, got, c.want)
		}
	}
}
