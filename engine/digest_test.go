package engine_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

var updateDigest = flag.Bool("update-digest", false, "print the digest TestGameDigest finds instead of comparing it with pinnedDigest")

// pinnedDigest is what TestGameDigest finds, with the race detector and without (whose games
// differ in number and length). Like a chess engine's perft counts, it pins the engine's
// behaviour: a change meant to keep behaviour leaves it as it is; a change of behaviour on
// purpose updates it, in the same commit, with the figure the test prints under
// -update-digest, and says why in its message.
var pinnedDigest = map[bool]string{
	false: "b5a6bde8d1543e57b89c18734b5c88dfa08a956ead03e33f7f49a7d32b709c10",
	true:  "9b24a61c9d23c425a4653354533a5fe9cc481084455db70eb7809fcad3ba4086",
}

// TestGameDigest plays random games of every preset, with the random computer player
// deciding through each seat's view, and hashes everything the game and its views show
// after every action: the game's JSON, every seat's and a spectator's view as JSON and
// through the accessors JSON leaves out, the player's choice, and, at each game's end, the
// views kept along the way read again. It is an equivalence check for work on the
// engine's speed and a pin of its behaviour: the digest must be pinnedDigest.
// It also checks that kept views read the same at the end of the game as when made.
func TestGameDigest(t *testing.T) {
	h := sha256.New()
	actions := 0
	for _, preset := range engine.PresetNames() {
		// As the preset comes, and with the choices it may open: the bidder's decision,
		// or two-handed's declaring out.
		open := map[string]string{"hands": digestHands, "throwin": "any", "moon": "on"}
		switch preset {
		case "two-handed":
			open = map[string]string{"hands": digestHands, "declare": "on", "target": "600"}
		case "three-handed":
			open = map[string]string{"hands": digestHands, "throwin": "any"}
		}
		for _, opts := range []map[string]string{{"hands": digestHands}, open} {
			r, err := engine.NewRules(preset, opts)
			if err != nil {
				t.Fatal(err)
			}
			for seed := uint64(1); seed <= digestSeeds; seed++ {
				actions += digestGame(t, h, r, seed)
			}
		}
	}
	got, want := hex.EncodeToString(h.Sum(nil)), pinnedDigest[engine.RaceEnabled]
	switch {
	case *updateDigest:
		t.Logf("digest %s over %d actions (race detector %v): put it in pinnedDigest", got, actions, engine.RaceEnabled)
	case got != want:
		t.Fatalf("digest %s over %d actions, want %s (race detector %v).\n"+
			"The engine's behaviour changed: what a game or a view shows after some action differs.\n"+
			"If that is a bug, find the change. If it is meant, run\n"+
			"\tgo test ./engine -run TestGameDigest -v -args -update-digest\n"+
			"\tgo test -race ./engine -run TestGameDigest -v -args -update-digest\n"+
			"and put both digests in pinnedDigest in the commit that changes the behaviour, saying why.",
			got, actions, want, engine.RaceEnabled)
	}
}

// digestGame plays one game into h and returns the number of actions it took.
func digestGame(t *testing.T, h hash.Hash, r engine.Rules, seed uint64) int {
	t.Helper()
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.SetNames([]string{"Ana", "", "Bo"})
	p, err := computer.New("random", seed)
	if err != nil {
		t.Fatal(err)
	}
	type kept struct {
		v    engine.View
		text string
	}
	var views []kept
	step := 0
	for ; !g.Over(); step++ {
		if step > 20000 {
			t.Fatalf("%s seed %d: the game does not end", r.Preset, seed)
		}
		writeGame(t, h, g, step%8 == 0)
		seat := actor(g)
		v := g.View(seat)
		a := p.Choose(v)
		fmt.Fprintf(h, "choose %s %v\n", a, a.Cards)
		if step%13 == 0 {
			views = append(views, kept{v, viewText(t, &v)})
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s seed %d: %s refused: %v", r.Preset, seed, a, err)
		}
	}
	writeGame(t, h, g, true)
	for i, k := range views {
		if again := viewText(t, &k.v); again != k.text {
			t.Fatalf("%s seed %d: kept view %d changed as the game moved on:\nbefore %s\nafter  %s", r.Preset, seed, i, k.text, again)
		}
	}
	return step
}

// writeGame writes every view of the game to h and, when whole is set, the game's JSON,
// which holds its whole log: after every action, that would cost the square of a game's
// length.
func writeGame(t *testing.T, h hash.Hash, g *engine.Game, whole bool) {
	t.Helper()
	if whole {
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		// In a canonical form, its keys sorted: the order of the fields of the state is
		// not behaviour.
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if b, err = json.Marshal(doc); err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	for s := -1; s < g.Rules().Players; s++ {
		v := g.View(s)
		h.Write([]byte(viewText(t, &v)))
	}
}

// viewText returns the view's JSON and what its accessors tell beyond it.
func viewText(t *testing.T, v *engine.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	need, needOK := v.BiddersNeed()
	last, lastOK := v.LastTrick()
	buried, buriedPoints := v.Buried()
	s := fmt.Sprintf("%s\nstep %d my %v min %d rule %+v need %d %v shown %v last %+v %v buried %v %d winning %d",
		b, v.Step(), v.MyTurn(), v.MinNextBid(), v.PassRule(), need, needOK, v.MeldShown(), last, lastOK, buried, buriedPoints, v.Winning())
	if v.MeldShown() && v.Bidder() >= 0 {
		s += fmt.Sprintf(" throwin %v %v", v.ThrowInDelta(), v.SeatThrowInDelta())
	}
	if v.Rules().Stock {
		s += fmt.Sprintf(" out %v", v.OutIfDeclared())
	}
	for seat := range v.Players() {
		m, ok := v.ShownMeld(seat)
		s += fmt.Sprintf(" seat %d: %d %v %d %d %s", seat, m.Total, ok, v.SeatPoints(seat), v.PassTarget(seat), v.Name(seat))
	}
	return s + "\n"
}

// digestSeeds is the number of games TestGameDigest plays at each table: one under the
// race detector, which makes them many times slower and finds nothing more in more.
var digestSeeds = map[bool]uint64{false: 2, true: 1}[engine.RaceEnabled]

// digestHands is the length in hands of TestGameDigest's games: two under the race
// detector, enough to carry a game's record and scores from one hand to the next.
var digestHands = map[bool]string{false: "4", true: "2"}[engine.RaceEnabled]
