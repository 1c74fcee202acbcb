package duel

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// expertV2Digest is the FNV-1a digest of every action expert-v2 takes in a seeded
// racehorse hand, four expert-v2 at the table (frozenActions), recorded when expert-v2 was today's expert.
// It must never change: expert-v2 is what later experts are measured against.
const expertV2Digest = 0x4d292413f993c07b

// frozenActions plays the first hand of a seeded racehorse deal with level in every seat,
// up to limit actions, and returns their digest and how many there were.
func frozenActions(t *testing.T, level string, seed uint64, limit int) (uint64, int) {
	t.Helper()
	r, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	var players [engine.MaxPlayers]interface {
		Choose(engine.View) engine.Action
	}
	for s := range r.Players {
		p, err := NewPlayer(level, mix(seed, uint64(s)))
		if err != nil {
			t.Fatal(err)
		}
		players[s] = p
	}
	h := fnv.New64a()
	n := 0
	for ; n < limit && len(g.Results()) == 0; n++ {
		seat := -1
		for s := range r.Players {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
		a := players[seat].Choose(g.View(seat))
		type plain engine.Action // an action's every field, not its String
		fmt.Fprintf(h, "%+v;", plain(a))
		if err := g.Apply(a); err != nil {
			t.Fatalf("action %d: %v", n, err)
		}
	}
	return h.Sum64(), n
}

// TestExpertV2Frozen: expert-v2 bids, names trump, passes and plays a seeded racehorse
// hand's first three tricks exactly as it did when it was recorded (the whole hand takes
// seconds under the race detector).
func TestExpertV2Frozen(t *testing.T) {
	got, n := frozenActions(t, "expert-v2", 35, 24)
	t.Logf("%d actions, digest %#x", n, got)
	if got != expertV2Digest {
		t.Errorf("expert-v2's actions digest to %#x, want %#x: expert-v2 must not change", got, expertV2Digest)
	}
}
