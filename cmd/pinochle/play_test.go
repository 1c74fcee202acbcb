package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// TestPlayWholeGameWithSuggestions plays whole games in which the user types ok at every
// prompt, taking the suggested move, and reads what they say for slips of grammar.
func TestPlayWholeGameWithSuggestions(t *testing.T) {
	for _, tc := range []struct {
		variant, seat, seed string
	}{
		{"racehorse", "1", "3"},
		{"partnership", "2", "4"},
		{"classic", "4", "5"},
		{"double-deck", "3", "6"},
		{"six-handed", "5", "7"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			input := strings.Repeat("ok\n", 100000)
			stdout, stderr, code := runTool(t, input, "play", "--variant", tc.variant, "--seat", tc.seat, "--seed", tc.seed)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, want := range []string{
				"Pinochle, " + tc.variant + ". You are seat " + tc.seat,
				"  — Hand 1: ", "Your hand:", "Auction:", "  Meld (trump ", "  Trick: ", "Scores: Team A (",
				"\n  Game over. ", "\nScore sheet, ", "type export FILE; anything else leaves: ",
			} {
				if !strings.Contains(stdout, want) {
					t.Errorf("output lacks %q", want)
				}
			}
			for _, l := range lines(stdout) {
				if slip := grammarSlip.FindString(l); slip != "" {
					t.Errorf("%q in %q", slip, l)
				}
				if mark := markdown.FindString(l); mark != "" {
					t.Errorf("Markdown %q in %q", mark, l)
				}
			}
			if strings.Contains(stdout, "Goodbye") {
				t.Error("the game ended before its end")
			}
		})
	}
}

// grammarSlip finds the slips the narration once made: a count of one with a plural
// noun, and "you" with a verb in the third person in the same clause (a clause ends at a
// stop, a colon or a semicolon, and a trick's list of cards, "you K♠ · seat 3 A♠ → seat 3
// takes", holds no verb of "you").
var grammarSlip = regexp.MustCompile(`\b1 (points|cards|hands|actions|moves)\b|` +
	`\b[Yy]ou\b[^.:;→·]* (was|is|has|takes|plays|passes|bids|names|shows its|decides|throws|shoots|wins|buries|lays|deals|declares|draws)\b`)

// markdown finds what only Discord would read as a mark: bold, code, spoilers, an escape.
var markdown = regexp.MustCompile("\\*\\*|`|\\|\\||\\\\")

// scriptGame plays the game that pinochle play deals from seed, choosing the user's moves
// with chooser, and returns the moves as the user would type them and the game at its end.
func scriptGame(t *testing.T, r engine.Rules, seed uint64, user int, chooser computer.Player) (string, *engine.Game) {
	t.Helper()
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSession(g, user, strings.NewReader(""), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	for !g.Over() {
		seat := s.nextSeat()
		var a engine.Action
		if seat == user {
			a = chooser.Choose(g.View(seat))
			script.WriteString(typed(a) + "\n")
		} else {
			a = s.bots[seat].Choose(g.View(seat))
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return script.String(), g
}

// typed writes an action the way a person types it, in mixed forms.
func typed(a engine.Action) string {
	switch a.Kind {
	case engine.ActBid:
		return fmt.Sprintf("bid %d", a.Bid)
	case engine.ActPass:
		return "Pass"
	case engine.ActTrump:
		return a.Suit.Symbol()
	case engine.ActPassCards:
		parts := make([]string, len(a.Cards))
		for i, c := range a.Cards {
			parts[i] = strings.ToLower(c.String())
		}
		return strings.Join(parts, ", ")
	case engine.ActPlayHand:
		return "play"
	case engine.ActThrowIn:
		return "throw in"
	case engine.ActShootMoon:
		return "moon"
	case engine.ActPlayCard:
		return a.Card.Symbol()
	}
	return ""
}

// TestPlayWholeGameTyped plays whole games with every move of the user typed out, random
// but legal, and checks that the terminal game ends as the same game played directly.
func TestPlayWholeGameTyped(t *testing.T) {
	for _, tc := range []struct {
		variant string
		seat    int
		seed    uint64
	}{
		{"racehorse", 0, 21},
		{"six-handed", 1, 22},
		{"double-deck", 2, 23},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			r, err := rulesFor(tc.variant, "")
			if err != nil {
				t.Fatal(err)
			}
			p, err := computer.New("random", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			script, g := scriptGame(t, r, tc.seed, tc.seat, p)
			stdout, stderr, code := runTool(t, script, "play", "--variant", tc.variant,
				"--seat", fmt.Sprint(tc.seat+1), "--seed", fmt.Sprint(tc.seed))
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			sc := g.Scores()
			want := fmt.Sprintf("\n  Game over. %s\n\nScore sheet, ", gameOverText(sc, g.Winner()))
			if final := fmt.Sprintf("Scores: Team A (%s) %d, Team B (%s) %d.\n", teamSeats(&r, 0), sc[0], teamSeats(&r, 1), sc[1]); !strings.Contains(stdout, final) {
				t.Errorf("output lacks %q; its end:\n%s", final, tail(stdout, 12))
			}
			if !strings.Contains(stdout, want) || strings.Contains(stdout, "Goodbye") {
				t.Errorf("output lacks %q; its end:\n%s", want, tail(stdout, 12))
			}
			if n, m := strings.Count(stdout, "]: "), strings.Count(script, "\n"); n != m {
				t.Errorf("%d prompts for %d typed moves: some were refused", n, m)
			}
		})
	}
}

// gameOverText is the end of a game of two teams, as the narration tells it.
func gameOverText(sc [2]int, winner int) string {
	if winner < 0 {
		return fmt.Sprintf("The game is drawn, %d to %d.", sc[0], sc[1])
	}
	return fmt.Sprintf("🏆 Team %c wins, %d to %d.", 'A'+winner, sc[winner], sc[1-winner])
}

// TestPlayPrompts types answers to the first prompts of a game: wrong ones get the
// engine's message and the prompt again; the end of the input leaves cleanly.
func TestPlayPrompts(t *testing.T) {
	// Seed 11: seat 2 bids 250, seat 3 passes, seat 4 bids 260, then the user bids.
	input := "banana\n5\nhelp\nbid 270\npass\n"
	stdout, stderr, code := runTool(t, input, "play", "--seed", "11")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"Auction: seat 2 250 · seat 3 pass · seat 4 260\n",
		"Your bid (270, 280, 290, 300 … or pass) [",
		"]:   type a bid such as 270, or pass\n",
		"]:   the bid is 260: bid at least 270\n",
		"]: Type a bid (a number) or pass.",
		"  You bid 270.\n",
		"  You pass.\n",
		"\nGoodbye.\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestPlayRejectsIllegalCard plays to the first card the user leads or follows with, types
// a card it does not hold and one it may not play, and checks the engine's messages.
func TestPlayRejectsIllegalCard(t *testing.T) {
	r, err := rulesFor("racehorse", "")
	if err != nil {
		t.Fatal(err)
	}
	// Find a deal in which the user follows a trick holding cards it may not play.
	for seed := uint64(1); seed < 200; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		s, err := newSession(g, 0, strings.NewReader(""), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var script strings.Builder
		for g.Phase() != engine.PhasePlay || s.nextSeat() != 0 {
			seat := s.nextSeat()
			var a engine.Action
			if seat == 0 {
				a = s.hint.Choose(g.View(0))
				script.WriteString("ok\n")
			} else {
				a = s.bots[seat].Choose(g.View(seat))
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		h := g.Hand(0)
		legal := g.LegalCards(0)
		var illegal, missing engine.Card
		foundIllegal, foundMissing := false, false
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if h.Has(c) && !legal.Has(c) && !foundIllegal {
				illegal, foundIllegal = c, true
			}
			if !h.Has(c) && !foundMissing {
				missing, foundMissing = c, true
			}
		}
		if !foundIllegal {
			continue
		}
		script.WriteString(missing.String() + "\n" + illegal.String() + "\nquit\n")
		stdout, stderr, code := runTool(t, script.String(), "play", "--seed", fmt.Sprint(seed))
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		wantMissing := "you do not hold " + missing.Symbol()
		if !strings.Contains(stdout, wantMissing) {
			t.Errorf("seed %d: output lacks %q:\n%s", seed, wantMissing, tail(stdout, 20))
		}
		wantIllegal := g.Check(engine.Action{Seat: 0, Kind: engine.ActPlayCard, Card: illegal}).Error()
		if !strings.Contains(stdout, "]:   "+wantIllegal+"\n") {
			t.Errorf("seed %d: output lacks %q:\n%s", seed, wantIllegal, tail(stdout, 20))
		}
		if !strings.Contains(stdout, "(you may play the cards in brackets)") || !strings.HasSuffix(stdout, "Goodbye.\n") {
			t.Errorf("seed %d: output's end:\n%s", seed, tail(stdout, 20))
		}
		return
	}
	t.Fatal("no deal in 200 puts the user on a trick with an illegal card")
}

func TestPlayEmptyInput(t *testing.T) {
	stdout, stderr, code := runTool(t, "", "play", "--variant", "six-handed", "--seed", "1")
	if code != 0 || stderr != "" || !strings.HasSuffix(stdout, "Goodbye.\n") {
		t.Errorf("exit %d, stderr %q, stdout ends %q", code, stderr, tail(stdout, 2))
	}
}

func tail(s string, n int) string {
	ls := lines(s)
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}

// TestPlayLevelAndHints plays a hand against normal players with the expert's hints: each
// of the user's turns shows a hint with its reason, and taking every suggestion finishes
// the game. An unknown level is bad input.
func TestPlayLevelAndHints(t *testing.T) {
	input := strings.Repeat("ok\n", 10000)
	stdout, stderr, code := runTool(t, input, "play", "--level", "normal", "--hints", "--seed", "5", "--options", "hands=1")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := strings.Count(stdout, "💡 "); n < 10 {
		t.Errorf("%d hints in a whole hand, want one per turn", n)
	}
	if !strings.Contains(stdout, "sampled deals") || !strings.Contains(stdout, "\n  Game over. ") {
		t.Errorf("output lacks the hints' reasons or the end: %s", tail(stdout, 600))
	}
	if _, stderr, code := runTool(t, "", "play", "--level", "wizard"); code != 2 || !strings.Contains(stderr, "unknown computer level") {
		t.Errorf("--level wizard: exit %d, stderr %q", code, stderr)
	}
}

// okScript plays the game that pinochle play deals from seed, with options, the user in
// seat user taking every suggestion as ok does, until stop reports true (asked before
// every action) or the game ends. It returns the user's answers so far and the game as it
// stands then.
func okScript(t *testing.T, variant, options string, seed uint64, user int, stop func(*engine.Game) bool) (string, *engine.Game) {
	t.Helper()
	r, err := rulesFor(variant, options)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSession(g, user, strings.NewReader(""), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	for !g.Over() && (stop == nil || !stop(g)) {
		seat := s.nextSeat()
		var a engine.Action
		if seat == user {
			a = s.hint.Choose(g.View(seat))
			script.WriteString("ok\n")
		} else {
			a = s.bots[seat].Choose(g.View(seat))
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return script.String(), g
}

// playArgs returns the arguments of pinochle play for a game.
func playArgs(variant, options string, seed uint64, user int) []string {
	return []string{"play", "--variant", variant, "--options", options, "--seed", fmt.Sprint(seed), "--seat", fmt.Sprint(user + 1)}
}

// userTurn returns a stop for okScript: the user's turn in phase.
func userTurn(user int, phase engine.Phase) func(*engine.Game) bool {
	return func(g *engine.Game) bool { return g.Phase() == phase && g.Waiting(user) }
}

// TestPlayStrayEnter checks that Enter alone neither bids nor passes in the auction, nor
// plays or throws in the hand: the prompt says so and asks again.
func TestPlayStrayEnter(t *testing.T) {
	script, g := okScript(t, "racehorse", "", 11, 0, userTurn(0, engine.PhaseBidding))
	v := g.View(0)
	bids := len(v.Auction())
	stdout, _, _ := runTool(t, script+"\n\nquit\n", playArgs("racehorse", "", 11, 0)...)
	if n := strings.Count(stdout, "  Enter does not bid: type "); n != 2 {
		t.Errorf("%d refusals of Enter in the auction, want 2:\n%s", n, tail(stdout, 12))
	}
	if strings.Contains(stdout, "  You bid ") || strings.Contains(stdout, "  You pass.\n") {
		t.Errorf("Enter made a call:\n%s", tail(stdout, 12))
	}
	if v := g.View(0); g.Phase() != engine.PhaseBidding || len(v.Auction()) != bids {
		t.Fatal("the script moved past the user's first call")
	}

	// A decision to play or throw in: find a partnership deal that asks the user for one.
	for seed := uint64(1); seed < 40; seed++ {
		script, g := okScript(t, "partnership", "hands=3", seed, 0, userTurn(0, engine.PhaseDecide))
		if g.Over() {
			continue
		}
		stdout, _, _ := runTool(t, script+"\nquit\n", playArgs("partnership", "hands=3", seed, 0)...)
		if !strings.Contains(stdout, "  Enter does not decide: type ") {
			t.Errorf("seed %d: Enter at the decision is not refused:\n%s", seed, tail(stdout, 12))
		}
		if strings.Contains(stdout, "  You play the hand.") || strings.Contains(stdout, "  You throw in the hand.") {
			t.Errorf("seed %d: Enter decided:\n%s", seed, tail(stdout, 12))
		}
		return
	}
	t.Fatal("no partnership deal in 40 asks the user to play or throw in")
}

// TestPlayGrammar finds a hand in which the user bid and was set, and a trick worth one
// point, and checks their lines.
func TestPlayGrammar(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 60 && !found; seed++ {
		script, g := okScript(t, "racehorse", "hands=4", seed, 0, nil)
		for _, res := range g.Results() {
			if res.Bidder != 0 || res.Outcome != engine.OutcomePlayed || res.Made {
				continue
			}
			found = true
			stdout, _, _ := runTool(t, script, playArgs("racehorse", "hands=4", seed, 0)...)
			want := fmt.Sprintf("  Hand %d result. You bid %d in %s and were set: the side had meld %d and tricks %d.\n",
				res.Hand, res.Bid, res.Trump.Symbol(), res.Meld[0], res.Tricks[0])
			if !strings.Contains(stdout, want) {
				t.Errorf("seed %d: output lacks %q", seed, want)
			}
			break
		}
	}
	if !found {
		t.Error("no racehorse game in 60 sets the user")
	}

	found = false
	for seed := uint64(1); seed < 20 && !found; seed++ {
		script, g := okScript(t, "six-handed", "hands=2", seed, 0, nil)
		hands, err := record.Hands(*g.Rules(), g.Seed(), g.Log())
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			for _, tr := range h.Tricks {
				found = found || tr.Points == 1
			}
		}
		if !found {
			continue
		}
		stdout, _, _ := runTool(t, script, playArgs("six-handed", "hands=2", seed, 0)...)
		if !onePoint.MatchString(stdout) {
			t.Errorf("seed %d: a trick of one point reads wrong:\n%s", seed, tail(stdout, 40))
		}
	}
	if !found {
		t.Error("no six-handed game in 20 has a trick of one point")
	}
}

// onePoint finds a trick of one point as the narration tells it.
var onePoint = regexp.MustCompile(`→ (seat \d+ takes|you take) 1( \(last trick\))?\.\n`)

// TestPlayBiddersNeed checks what the bidders still need where the user decides to bid,
// to play on, and at each trick, against the engine's count.
func TestPlayBiddersNeed(t *testing.T) {
	// In the auction: the user's meld in each trump and what its side would need at the
	// lowest bid it may make, on that meld alone.
	script, g := okScript(t, "racehorse", "", 11, 0, userTurn(0, engine.PhaseBidding))
	stdout, _, _ := runTool(t, script+"quit\n", playArgs("racehorse", "", 11, 0)...)
	h := g.Hand(0)
	best, bestSuit := -1, engine.NoSuit
	var melds []string
	for suit := engine.Spades; suit < engine.NoSuit; suit++ {
		m := engine.CountMeld(&h, suit, &g.Rules().Meld)
		melds = append(melds, fmt.Sprintf("%s %d", suit.Symbol(), m.Total))
		if m.Total > best {
			best, bestSuit = m.Total, suit
		}
	}
	bid := g.MinNextBid()
	want := fmt.Sprintf("Your meld by trump: %s (before any pass).\n"+
		"Bidding %d with %s trump, your side would need %d of the 250 points in the tricks, less what your partner melds.\nYour bid (",
		strings.Join(melds, " · "), bid, bestSuit.Symbol(), max(0, bid-best))
	if !strings.Contains(stdout, want) {
		t.Errorf("the auction lacks %q:\n%s", want, stdout)
	}

	// At the decision: a partnership deal that asks the user to play or throw in.
	decided := false
	for seed := uint64(1); seed < 40 && !decided; seed++ {
		script, g := okScript(t, "partnership", "hands=3", seed, 0, userTurn(0, engine.PhaseDecide))
		if g.Over() {
			continue
		}
		decided = true
		v := g.View(0)
		need, ok := v.BiddersNeed()
		if !ok || need == 0 {
			t.Fatalf("seed %d: BiddersNeed at the decision = %d, %v", seed, need, ok)
		}
		stdout, _, _ := runTool(t, script+"quit\n", playArgs("partnership", "hands=3", seed, 0)...)
		want := fmt.Sprintf("Your bid is %d and your side's meld %d: your side needs %d of the 250 points in the tricks.\n",
			g.HighBid(), v.TeamMeld(0), need)
		if !strings.Contains(stdout, want+"Play the hand? (") {
			t.Errorf("seed %d: the decision lacks %q:\n%s", seed, want, tail(stdout, 12))
		}
	}
	if !decided {
		t.Fatal("no partnership deal in 40 asks the user to play or throw in")
	}

	// In play: the user follows to a trick after the bidders took points but still need some.
	midHand := func(g *engine.Game) bool {
		if g.Phase() != engine.PhasePlay || !g.Waiting(0) || len(g.TrickCards()) == 0 {
			return false
		}
		v := g.View(0)
		need, _ := v.BiddersNeed()
		return need > 0 && v.TrickPoints(g.Rules().TeamOf(g.Bidder())) > 0
	}
	for seed := uint64(1); seed < 40; seed++ {
		script, g := okScript(t, "racehorse", "hands=2", seed, 0, midHand)
		if g.Over() {
			continue
		}
		v := g.View(0)
		need, _ := v.BiddersNeed()
		who := "the bidders need"
		if g.Rules().TeamOf(g.Bidder()) == 0 {
			who = "your side needs"
		}
		stdout, _, _ := runTool(t, script+"quit\n", playArgs("racehorse", "hands=2", seed, 0)...)
		want := fmt.Sprintf("Trick (%s trump; %s %d more): ", g.Trump().Symbol(), who, need)
		if !strings.Contains(stdout, want) {
			t.Errorf("seed %d: output lacks %q:\n%s", seed, want, tail(stdout, 12))
		}
		// The meld shows what the bidders need before a card is played.
		if !strings.Contains(stdout, fmt.Sprintf(" · Team B %d\n  %s ", v.TeamMeld(1), words.Capitalise(who))) {
			t.Errorf("seed %d: the meld does not say what the bidders need:\n%s", seed, stdout)
		}
		return
	}
	t.Fatal("no racehorse deal in 40 has the user follow to a trick the bidders still need points from")
}

// seatLabelOrYou names a seat as the narration does for a user in seat user.
func seatLabelOrYou(seat, user int) string {
	if seat == user {
		return "you"
	}
	return seatLabel(seat)
}

// firstPass finds the narration of a pass as its giver, its receiver or another player
// reads it.
var firstPass = regexp.MustCompile(`You pass \d cards to seat \d+: [^\n]*\n|seat \d+ passes \d cards to you: [^\n]*\n|seat \d+ passes \d cards to seat \d+\.\n`)

// TestPlayPassBackMeld checks that the bidder's meld is shown before it passes back: to
// the table in racehorse, whose pass back must avoid it, and to the bidder alone in
// classic, and not to the others there.
func TestPlayPassBackMeld(t *testing.T) {
	passBack := func(g *engine.Game) bool { return g.Phase() == engine.PhasePassBack }
	for _, tc := range []struct {
		variant string
		bidder  bool // the user is the bidder
		shown   string
	}{
		{"racehorse", false, "%s shows its meld before passing back (%s): %d\n"},
		{"racehorse", true, "Your meld, shown to the table before you pass back (%[2]s): %[3]d\n"},
		{"classic", true, "Your meld as your hand stands (%[2]s; only you see it): %[3]d\n"},
		{"classic", false, ""},
	} {
		found := false
		for seed := uint64(1); seed < 60 && !found; seed++ {
			script, g := okScript(t, tc.variant, "hands=1", seed, 0, passBack)
			if g.Over() || (g.Bidder() == 0) != tc.bidder {
				continue
			}
			found = true
			m, _ := g.PassBackMeld()
			stdout, _, _ := runTool(t, script+"quit\n", playArgs(tc.variant, "hands=1", seed, 0)...)
			// What follows the first pass, the partner's to the bidder.
			loc := firstPass.FindStringIndex(stdout)
			if loc == nil {
				t.Fatalf("%s seed %d: no pass to the bidder:\n%s", tc.variant, seed, stdout)
			}
			after := stdout[loc[1]:]
			if tc.shown == "" {
				if strings.Contains(stdout, "meld before passing back") || strings.Contains(stdout, "only you see it") {
					t.Errorf("%s seed %d: another seat's meld shown before the pass back:\n%s", tc.variant, seed, after)
				}
				continue
			}
			want := fmt.Sprintf(tc.shown, seatLabel(g.Bidder()), trumpText(g.Trump()), m.Total)
			if !strings.HasPrefix(after, want) {
				t.Errorf("%s seed %d: after the pass to the bidder, want %q:\n%s", tc.variant, seed, want, after)
				continue
			}
			for _, it := range m.Items() {
				if !strings.Contains(after, it.Name()) {
					t.Errorf("%s seed %d: the meld shown lacks %s", tc.variant, seed, it.Name())
				}
			}
		}
		if !found {
			t.Errorf("%s: no deal in 60 where the user bids: %v", tc.variant, tc.bidder)
		}
	}
}

// TestPlayReceivedMarks checks that the cards passed to the user are marked in its hand
// after the pass, and only those.
func TestPlayReceivedMarks(t *testing.T) {
	for _, tc := range []struct {
		variant string
		user    int
	}{
		{"racehorse", 0},
		{"classic", 1},
		{"six-handed", 0},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			got := false
			afterPass := func(g *engine.Game) bool {
				if g.Phase() != engine.PhasePlay || !g.Waiting(tc.user) {
					return false
				}
				v := g.View(tc.user)
				for _, p := range v.Passes() {
					got = got || p.To == tc.user
				}
				return got
			}
			for seed := uint64(1); seed < 60; seed++ {
				got = false
				script, g := okScript(t, tc.variant, "hands=3", seed, tc.user, afterPass)
				if g.Over() {
					continue
				}
				var want engine.Hand
				v := g.View(tc.user)
				for _, p := range v.Passes() {
					if p.To == tc.user {
						for _, c := range p.Cards {
							want[c]++
						}
					}
				}
				stdout, _, _ := runTool(t, script+"quit\n", playArgs(tc.variant, "hands=3", seed, tc.user)...)
				i := strings.LastIndex(stdout, "Your hand (you may play")
				if i < 0 {
					t.Fatalf("seed %d: no hand shown in play:\n%s", seed, stdout)
				}
				shown := stdout[i:]
				shown = shown[:strings.Index(shown, "Your card")]
				if !strings.Contains(shown, "(+ marks the cards passed to you)") {
					t.Errorf("seed %d: the hand does not explain its marks:\n%s", seed, shown)
				}
				h := g.Hand(tc.user)
				for c := engine.Card(0); c < engine.NumKinds; c++ {
					n := strings.Count(shown, c.Symbol()+"+")
					if w := min(want.Count(c), h.Count(c)); n != w {
						t.Errorf("seed %d: %s marked %d times, want %d (passed %d, held %d):\n%s", seed, c.Symbol(), n, w, want.Count(c), h.Count(c), shown)
					}
				}
				return
			}
			t.Fatal("no deal in 60 passes the user cards")
		})
	}
}

// TestPlayTwoHanded plays a whole two-handed game taking every suggestion, and a hand in
// which the user lays meld by number, and checks what the narration tells of the stock,
// the melds on the table and the result.
func TestPlayTwoHanded(t *testing.T) {
	stdout, stderr, code := runTool(t, strings.Repeat("ok\n", 100000), "play", "--variant", "two-handed", "--seat", "2", "--seed", "5")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"Pinochle, two-handed. You are seat 2, against seat 1.", " is turned up: trump ", "Stock: 24 cards, ",
		"  You draw ", "  The stock is drawn: ", " lay ", "points",
		"Meld this hand: you ", "\n  Game over. ", "seat 2 (you)", "\n    You: meld ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, bad := range []string{"bid", "Team", "team", " set", "(♦ trump; )"} {
		for _, l := range lines(stdout) {
			if strings.Contains(l, bad) && !strings.Contains(l, "tricks follow suit") {
				t.Errorf("%q in %q", bad, l)
				break
			}
		}
	}
	for _, l := range lines(stdout) {
		if slip := grammarSlip.FindString(l); slip != "" {
			t.Errorf("%q in %q", slip, l)
		}
	}
	// Laying meld by its number: answer 1 at every meld prompt, draw refused words stay
	// errors, and the game goes on.
	input := strings.Repeat("1\nok\n", 2000)
	stdout, _, code = runTool(t, input, "play", "--variant", "two-handed", "--seed", "9", "--options", "target=0,hands=1")
	if code != 0 || !strings.Contains(stdout, "may lay one meld before you draw:\n  1. ") || !strings.Contains(stdout, "  You lay ") {
		t.Fatalf("exit %d; no meld laid by number:\n%s", code, tail(stdout, 40))
	}
}

// TestPlayTwoHandedDeclareOut plays two-handed with declaring out against the expert, who
// declares as soon as its score reaches the target, and checks that the game says so.
func TestPlayTwoHandedDeclareOut(t *testing.T) {
	stdout, _, code := runTool(t, strings.Repeat("ok\n", 100000), "play", "--variant", "two-handed", "--seed", "7", "--level", "expert",
		"--options", "declare=on,target=600")
	if code != 0 || !strings.Contains(stdout, " declares out.\n") || !strings.Contains(stdout, "Declared out: the claim reaches the target and wins.") {
		t.Fatalf("exit %d; no one declared out:\n%s", code, tail(stdout, 20))
	}
	stdout, _, _ = runTool(t, "help\nquit\n\n", "play", "--variant", "two-handed", "--seed", "7", "--options", "declare=on")
	if !strings.Contains(stdout, "Type declare to declare out") {
		t.Errorf("help does not explain declaring out:\n%s", tail(stdout, 10))
	}
}

// sortedSymbols writes cards sorted as a hand, as the narration names them.
func sortedSymbols(cards []engine.Card) string {
	h := engine.HandOf(cards...)
	return symbols(h.Cards())
}
