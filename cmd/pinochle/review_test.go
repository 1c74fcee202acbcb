package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
)

// randomMove returns a random legal action, chosen with the engine's public API only.
func randomMove(g *engine.Game, rng *rand.Rand) engine.Action {
	switch g.Phase() {
	case engine.PhaseBidding:
		bids := g.AppendNextBids(nil, 3)
		if len(bids) > 0 && (g.MustBid() || rng.IntN(3) == 0) {
			return engine.Action{Seat: g.Turn(), Kind: engine.ActBid, Bid: bids[rng.IntN(len(bids))]}
		}
		return engine.Action{Seat: g.Turn(), Kind: engine.ActPass}
	case engine.PhaseTrump:
		var suits []engine.Suit
		for s := engine.Spades; s < engine.NoSuit; s++ {
			if g.TrumpChoices()&(1<<s) != 0 {
				suits = append(suits, s)
			}
		}
		return engine.Action{Seat: g.Bidder(), Kind: engine.ActTrump, Suit: suits[rng.IntN(len(suits))]}
	case engine.PhasePass, engine.PhasePassBack:
		seat := 0
		for !g.Waiting(seat) {
			seat++
		}
		pr := g.PassRuleFor(seat)
		h := g.Hand(seat)
		var give []engine.Card
		for _, c := range h.Cards() { // cards free of meld first
			for pr.Prefer[c] > 0 && h[c] > 0 && len(give) < pr.Need {
				pr.Prefer[c]--
				h[c]--
				give = append(give, c)
			}
		}
		rest := h.Cards()
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		return engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: append(give, rest[:pr.Count-len(give)]...)}
	case engine.PhaseDecide:
		ch := g.DecideChoices()
		return engine.Action{Seat: g.Bidder(), Kind: ch[rng.IntN(len(ch))]}
	case engine.PhasePlay:
		legal := g.LegalCards(g.Turn()).Cards()
		return engine.Action{Seat: g.Turn(), Kind: engine.ActPlayCard, Card: legal[rng.IntN(len(legal))]}
	case engine.PhaseMeld:
		if ch := g.MeldChoices(); len(ch) > 0 && rng.IntN(2) == 0 {
			return engine.Action{Seat: g.Turn(), Kind: engine.ActMeld, Cards: ch[rng.IntN(len(ch))].Cards()}
		}
		return engine.Action{Seat: g.Turn(), Kind: engine.ActDraw}
	}
	return engine.Action{}
}

// exportGame plays a game of random legal moves and writes its export file; it returns
// the file's path and contents.
func exportGame(t *testing.T, preset string, options map[string]string, seed uint64) (string, record.File) {
	t.Helper()
	rules, err := engine.NewRules(preset, options)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for !g.Over() {
		if err := g.Apply(randomMove(g, rng)); err != nil {
			t.Fatal(err)
		}
	}
	seats := make([]record.Seat, rules.Players)
	for i := range seats {
		seats[i] = record.Seat{Name: fmt.Sprintf("P%d", i+1), Computer: i > 0}
	}
	start := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	f := record.FromGame(g, "game-7", seats, start, start.Add(2*time.Hour))
	return writeFile(t, f), f
}

func writeFile(t *testing.T, f record.File) string {
	t.Helper()
	var b bytes.Buffer
	if err := record.Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReviewAndReplayEveryPreset(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			path, f := exportGame(t, preset, map[string]string{"hands": "3"}, 9)
			stdout, stderr, code := runTool(t, "", "replay", path)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "reproduces") {
				t.Fatalf("replay: exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			want := fmt.Sprintf("%d hands, scores %d to %d", len(f.Results), f.Scores[0], f.Scores[1])
			if f.Rules.Solo {
				sc := f.SeatScores
				want = fmt.Sprintf("%d hands, scores %d, %d and %d", len(f.Results), sc[0], sc[1], sc[2])
			}
			if !strings.Contains(stdout, want) {
				t.Errorf("replay says %q, want %q", stdout, want)
			}

			stdout, stderr, code = runTool(t, "", "review", path)
			if code != 0 || stderr != "" {
				t.Fatalf("review: exit %d, stderr %q", code, stderr)
			}
			if n := strings.Count(stdout, "\n== Hand "); n != len(f.Results) {
				t.Errorf("review shows %d hands, the game finished %d", n, len(f.Results))
			}
			wants := []string{"P1, P2 (computer), P3 (computer)", "\nDeal\n", "\nAuction\n", "\nResult\n", "Contract: "}
			if f.Rules.Stock {
				wants = []string{"P1, P2 (computer)", "\nDeal\n", "\nTrump\n", "Turned up: ", "while the stock lasted", "\nResult\n"}
			}
			for _, want := range wants {
				if !strings.Contains(stdout, want) {
					t.Errorf("review lacks %q:\n%s", want, stdout)
				}
			}

			stdout, _, code = runTool(t, "", "review", path, "--hand", "2")
			h, err := f.HandAt(2)
			if err != nil {
				t.Fatal(err)
			}
			if code != 0 || strings.Count(stdout, "== Hand ") != 1 || !strings.Contains(stdout, h.Title(f.Names())) {
				t.Errorf("review --hand 2: exit %d:\n%s", code, stdout)
			}
			for _, s := range h.Sections(f.Names()) {
				for _, l := range s.Lines {
					if !strings.Contains(stdout, "  "+l+"\n") {
						t.Errorf("review --hand 2 lacks line %q", l)
					}
				}
			}
		})
	}
}

func TestReplayFindsTampering(t *testing.T) {
	_, f := exportGame(t, "racehorse", map[string]string{"hands": "3"}, 4)
	f.Results[1].Delta[1] += 7
	stdout, stderr, code := runTool(t, "", "replay", writeFile(t, f))
	if code != 1 || stdout != "" {
		t.Errorf("tampered delta: exit %d, stdout %q", code, stdout)
	}
	if !strings.Contains(stderr, "hand 2: delta recorded") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("tampered delta: stderr %q", stderr)
	}

	_, f = exportGame(t, "six-handed", map[string]string{"hands": "2"}, 4)
	f.Scores[0] += 1
	_, stderr, code = runTool(t, "", "replay", writeFile(t, f))
	if code != 1 || !strings.Contains(stderr, "game: scores recorded") {
		t.Errorf("tampered scores: exit %d, stderr %q", code, stderr)
	}
}

func TestReviewReplayBadInput(t *testing.T) {
	path, f := exportGame(t, "classic", map[string]string{"hands": "2"}, 5)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	truncated := write("truncated.json", data[:len(data)/2])
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m["version"] = 9
	future, _ := json.Marshal(m)
	m["version"] = 1
	m["actions"].([]any)[3].(map[string]any)["seat"] = 3
	impossible, _ := json.Marshal(m)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"replay"}, "name one game file"},
		{[]string{"review"}, "name one game file"},
		{[]string{"replay", path, path}, "name one game file"},
		{[]string{"replay", filepath.Join(dir, "missing.json")}, "no such file"},
		{[]string{"replay", truncated}, "not a game file"},
		{[]string{"review", truncated}, "not a game file"},
		{[]string{"replay", write("future.json", future)}, "version 9 is not supported"},
		{[]string{"replay", write("impossible.json", impossible)}, "action 3"},
		{[]string{"review", path, "--hand", "0x"}, "invalid value"},
		{[]string{"review", path, "--hand", "-1"}, "hands count from 1"},
		{[]string{"review", path, "--hand", "3"}, fmt.Sprintf("hand 3 is not a finished hand: the game has %d", len(f.Results))},
		{[]string{"replay", "--frob", path}, "flag provided but not defined"},
	}
	for _, tc := range tests {
		stdout, stderr, code := runTool(t, "", tc.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	// A file whose recorded result the replay does not reproduce is an error, not bad
	// input: the first hand's change of score for the first team, ten points off.
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	first := m["results"].([]any)[0].(map[string]any)
	delta := first["delta"].([]any)
	delta[0] = delta[0].(float64) + 10
	changed, _ := json.Marshal(m)
	if stdout, stderr, code := runTool(t, "", "replay", write("changed.json", changed)); code != 1 || stdout != "" || !strings.Contains(stderr, "differs") {
		t.Errorf("replay of a changed result: exit %d, stdout %q, stderr %q; want exit 1 and a difference", code, stdout, stderr)
	}
	if stdout, _, code := runTool(t, "", "help", "review"); code != 0 || !strings.Contains(stdout, "-hand") {
		t.Errorf("help review: exit %d, %q", code, stdout)
	}
}

// TestReviewUnfinishedGame exports a game in the middle of a trick after its first hand:
// the review shows the finished hands only, and the replay reproduces the file.
func TestReviewUnfinishedGame(t *testing.T) {
	rules, err := engine.NewRules("double-deck", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, 12)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(12, 3))
	seats := []record.Seat{{Name: "Ann"}, {Name: "Bob"}, {Name: "Cy"}, {Name: "Dee"}}
	for step := 0; ; step++ {
		if step == 0 || len(g.Results()) > 0 && g.Phase() == engine.PhasePlay && len(g.TrickCards()) == 2 {
			f := record.FromGame(g, "", seats, time.Time{}, time.Time{})
			path := writeFile(t, f)
			stdout, stderr, code := runTool(t, "", "review", path)
			hands := len(g.Results())
			if code != 0 || strings.Count(stdout, "== Hand ") != hands || strings.Contains(stdout, fmt.Sprintf("Hand %d ·", hands+1)) {
				t.Fatalf("review of a game in hand %d: exit %d, stderr %q:\n%s", g.HandNumber(), code, stderr, stdout)
			}
			if hands == 0 && !strings.Contains(stdout, "No hand has finished yet.") {
				t.Errorf("review of a new game:\n%s", stdout)
			}
			stdout, stderr, code = runTool(t, "", "replay", path)
			if code != 0 || !strings.Contains(stdout, "the game is not finished") {
				t.Errorf("replay of a game in play: exit %d, %q, %q", code, stdout, stderr)
			}
			_, stderr, code = runTool(t, "", "review", path, "--hand", fmt.Sprint(g.HandNumber()))
			if code != 2 || !strings.Contains(stderr, "not a finished hand") {
				t.Errorf("review of the hand in play: exit %d, %q", code, stderr)
			}
			if hands > 0 {
				return
			}
		}
		if g.Over() {
			t.Fatal("the game ended before a later hand's play")
		}
		if err := g.Apply(randomMove(g, rng)); err != nil {
			t.Fatal(err)
		}
	}
}
