package record

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
)

// Discord's limits for one embed field and one message.
const (
	discordField   = 1024
	discordMessage = 6000
	discordTitle   = 256
)

// longNames returns seat names of 32 characters, Discord's longest, with multibyte runes.
func longNames(p int) []string {
	out := make([]string, p)
	for i := range out {
		out[i] = fmt.Sprintf("Ünïcødé Player %d %s", i+1, strings.Repeat("é", 14))
	}
	return out
}

// checkFits checks a hand's sections against Discord's limits and returns their size.
func checkFits(t *testing.T, h *Hand, names []string) int {
	t.Helper()
	secs := h.Sections(names)
	total := utf8.RuneCountInString(h.Title(names))
	if len(secs) > 25 {
		t.Errorf("hand %d: %d sections, more than an embed's 25 fields", h.Number, len(secs))
	}
	for _, s := range secs {
		if n := utf8.RuneCountInString(s.Text()); n > discordField || n == 0 {
			t.Errorf("hand %d section %q: %d characters", h.Number, s.Title, n)
		}
		if n := utf8.RuneCountInString(s.Title); n > discordTitle {
			t.Errorf("hand %d section title %q: %d characters", h.Number, s.Title, n)
		}
		total += s.Len()
	}
	if total > discordMessage || total > HandLimit {
		t.Errorf("hand %d: %d characters in all", h.Number, total)
	}
	return total
}

func TestSectionsFitDiscordInEveryPreset(t *testing.T) {
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			rules := tableRules(t, tc.preset, tc.options)
			g := playGame(t, rules, 5)
			hands, err := Hands(rules, 5, g.Log())
			if err != nil {
				t.Fatal(err)
			}
			names := longNames(rules.Players)
			biggest := 0
			for i := range hands {
				biggest = max(biggest, checkFits(t, &hands[i], names))
			}
			t.Logf("largest hand: %d characters", biggest)
		})
	}
}

// worstHand builds a hand larger than any game makes: the longest auction, a dozen meld
// items a seat, a pass from every seat and every trick of a double deck.
func worstHand(players, tricks, calls int) Hand {
	h := Hand{Number: 999, Dealer: players - 1, Players: players, Bidder: 0, Bid: 60000, Trump: engine.Hearts}
	for s := range players {
		var hand engine.Hand
		for k := range tricks {
			hand[engine.Card((s+k)%int(engine.NumKinds))]++
		}
		h.Dealt = append(h.Dealt, hand)
		h.Held = append(h.Held, hand)
		items := make([]engine.MeldItem, 12)
		for i := range items {
			items[i] = engine.MeldItem{Kind: engine.MeldAround, Rank: engine.Queen, Count: 4, Points: 60000}
		}
		h.Meld = append(h.Meld, SeatMeld{Total: 720000, WinsGame: true, Items: items})
		h.Passes = append(h.Passes, Pass{From: s, To: (s + 2) % players, Cards: []engine.Card{0, 6, 12, 18}})
	}
	for i := range calls {
		h.Auction = append(h.Auction, engine.Bid{Seat: i % players, Amount: 10000 + i, Forced: i%7 == 0})
	}
	for k := range tricks {
		tr := Trick{Number: k + 1, Leader: k % players, Winner: (k + 1) % players, Points: 99999, Last: k == tricks-1}
		for i := range players {
			tr.Cards = append(tr.Cards, engine.Played{Seat: (tr.Leader + i) % players, Card: engine.NewCard(engine.Ten, engine.Diamonds)})
		}
		h.Tricks = append(h.Tricks, tr)
	}
	h.Decision = engine.ActShootMoon
	h.Result = engine.HandResult{Hand: 999, Bidder: 0, Bid: 60000, Trump: engine.Hearts, Moon: true,
		Meld: [2]int{-99999, 99999}, Tricks: [2]int{99999, 99999}, Delta: [2]int{-999999, 999999}, Scores: [2]int{-9999999, 9999999}, WinsGame: true}
	return h
}

func TestSectionsFitDiscordInTheLargestCases(t *testing.T) {
	for _, c := range []struct{ players, tricks, calls int }{
		{4, 20, 0}, {4, 20, 500}, {6, 8, 380}, {4, 12, 3}, {6, 13, 1000},
	} {
		h := worstHand(c.players, c.tricks, c.calls)
		for _, names := range [][]string{longNames(c.players), nil, {"*", "", "a\nb"}} {
			total := checkFits(t, &h, names)
			t.Logf("%d players, %d tricks, %d calls: %d characters", c.players, c.tricks, c.calls, total)
		}
		secs := h.Sections(longNames(c.players))
		ntricks := 0
		for _, s := range secs {
			if strings.HasPrefix(s.Title, "Trick") {
				ntricks += len(s.Lines)
			}
		}
		if ntricks != c.tricks {
			t.Errorf("%+v: %d trick lines, want %d", c, ntricks, c.tricks)
		}
	}
}

func TestSectionsContent(t *testing.T) {
	rules := tableRules(t, "racehorse", map[string]string{"hands": "4"})
	g := playGame(t, rules, 2)
	hands, err := Hands(rules, 2, g.Log())
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ann", "Bob", "Cy", "Dee"}
	for i := range hands {
		h := &hands[i]
		secs := h.Sections(names)
		byTitle := map[string]Section{}
		var order []string
		for _, s := range secs {
			byTitle[s.Title] = s
			order = append(order, s.Title)
		}
		deal := byTitle["Deal"]
		if len(deal.Lines) != 4 {
			t.Fatalf("hand %d: deal %q", h.Number, deal.Lines)
		}
		for s, line := range deal.Lines {
			if !strings.HasPrefix(line, names[s]+": ") || strings.Count(line, " ") < rules.HandSize() {
				t.Errorf("hand %d: deal line %q", h.Number, line)
			}
		}
		if order[0] != "Deal" || order[1] != "Auction" || order[len(order)-1] != "Result" {
			t.Errorf("hand %d: sections %q", h.Number, order)
		}
		auc := byTitle["Auction"].Text()
		if !strings.Contains(auc, fmt.Sprintf("Contract: %s %d", names[h.Bidder], h.Bid)) {
			t.Errorf("hand %d: auction %q lacks the contract", h.Number, auc)
		}
		if h.Result.Outcome == engine.OutcomePlayed {
			if _, ok := byTitle["Passes"]; !ok {
				t.Errorf("hand %d: no passes section in %q", h.Number, order)
			}
			first := h.Tricks[0]
			want := fmt.Sprintf("1. %s %s, %s %s", names[first.Leader], first.Cards[0].Card.Symbol(), names[first.Cards[1].Seat], first.Cards[1].Card.Symbol())
			var tricks []string
			for _, s := range secs {
				if strings.HasPrefix(s.Title, "Trick") {
					tricks = append(tricks, s.Lines...)
				}
			}
			if len(tricks) != len(h.Tricks) || !strings.HasPrefix(tricks[0], want) {
				t.Errorf("hand %d: tricks %q, want %d starting %q", h.Number, tricks, len(h.Tricks), want)
			}
		}
		meld := byTitle["Meld"]
		if len(meld.Lines) != 4 {
			t.Fatalf("hand %d: meld %q", h.Number, meld.Lines)
		}
		for s, line := range meld.Lines {
			want := fmt.Sprintf("%s: %d", names[s], h.Result.SeatMeld[s])
			if line != want && !strings.HasPrefix(line, want+" = ") {
				t.Errorf("hand %d: meld line %q, want it to start %q", h.Number, line, want)
			}
			if n := len(h.Meld[s].Items); n > 0 && strings.Count(line, " + ") != n-1 {
				t.Errorf("hand %d: meld line %q for %d items", h.Number, line, n)
			}
		}
		res := byTitle["Result"].Text()
		for team := range 2 {
			if !strings.Contains(res, fmt.Sprintf("%+d → %d", h.Result.Delta[team], h.Result.Scores[team])) {
				t.Errorf("hand %d: result %q lacks team %d's change", h.Number, res, team)
			}
		}
	}
}

func TestSuitsTextHighFirst(t *testing.T) {
	cards, err := engine.ParseCards("9S AS 10S JH KD QD AC")
	if err != nil {
		t.Fatal(err)
	}
	h := engine.HandOf(cards...)
	if got, want := suitsText(h.Cards()), "♠ A 10 9 · ♥ J · ♦ K Q · ♣ A"; got != want {
		t.Errorf("suitsText = %q, want %q", got, want)
	}
	if got := seatName([]string{strings.Repeat("x", 40)}, 0); utf8.RuneCountInString(got) != NameLimit {
		t.Errorf("seatName cut to %q", got)
	}
	if got := seatName([]string{"a\nb\tc"}, 0); got != "a b c" {
		t.Errorf("seatName kept control characters: %q", got)
	}
	if got := seatName(nil, 2); got != "Seat 3" {
		t.Errorf("seatName(nil, 2) = %q", got)
	}
}
