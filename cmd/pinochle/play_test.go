package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// TestPlayWholeGameWithSuggestions plays whole games in which the user presses Enter at
// every prompt, taking the suggested move.
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
			input := strings.Repeat("\n", 100000)
			stdout, stderr, code := runTool(t, input, "play", "--variant", tc.variant, "--seat", tc.seat, "--seed", tc.seed)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, want := range []string{
				"Pinochle, " + tc.variant + ". You are seat " + tc.seat,
				"=== Hand 1:", "Your hand:", "Auction:", "Meld (", "the trick with", "Scores: team 1",
				"\nGame over. ",
			} {
				if !strings.Contains(stdout, want) {
					t.Errorf("output lacks %q", want)
				}
			}
			if strings.Contains(stdout, "Goodbye") {
				t.Error("the game ended before its end")
			}
		})
	}
}

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
			want := fmt.Sprintf("Final scores: team 1 %d, team 2 %d.", sc[0], sc[1])
			if !strings.Contains(stdout, want) || strings.Contains(stdout, "Goodbye") {
				t.Errorf("output lacks %q; its end:\n%s", want, tail(stdout, 12))
			}
			if n, m := strings.Count(stdout, "]: "), strings.Count(script, "\n"); n != m {
				t.Errorf("%d prompts for %d typed moves: some were refused", n, m)
			}
		})
	}
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
		"Auction: seat 2 250, seat 3 pass, seat 4 260\n",
		"Your bid (270, 280, 290, 300 … or pass) [",
		"]:   type a bid such as 270, or pass\n",
		"]:   the bid is 260: bid at least 270\n",
		"]: Type a bid (a number) or pass.",
		"  you bid 270\n",
		"  you pass\n",
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
				script.WriteString("\n")
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
	input := strings.Repeat("\n", 10000)
	stdout, stderr, code := runTool(t, input, "play", "--level", "normal", "--hints", "--seed", "5", "--options", "hands=1")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := strings.Count(stdout, "💡 "); n < 10 {
		t.Errorf("%d hints in a whole hand, want one per turn", n)
	}
	if !strings.Contains(stdout, "sampled deals") || !strings.Contains(stdout, "\nGame over. ") {
		t.Errorf("output lacks the hints' reasons or the end: %s", tail(stdout, 600))
	}
	if _, stderr, code := runTool(t, "", "play", "--level", "wizard"); code != 2 || !strings.Contains(stderr, "unknown computer level") {
		t.Errorf("--level wizard: exit %d, stderr %q", code, stderr)
	}
}
