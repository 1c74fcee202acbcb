package computer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestBidOdds: the model's chance of making a bid and its expected score declaring it
// fall as the bid rises, the chance stays a chance, and defending does not depend on the
// bid.
func TestBidOdds(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	m, ok := modelOf(&r)
	if !ok {
		t.Fatal("racehorse has no bid model")
	}
	for _, f := range []BidFeatures{
		{Trump: engine.Spades, PlayMean: 300, Meld: 70, Trumps: 6, TrumpHonours: 3, Aces: 3},
		{Trump: engine.Hearts, PlayMean: 220, Meld: 20, Trumps: 4, Aces: 1, Order: 2, Opponent: 260, Passes: 1},
	} {
		prev := m.odds(&f, r.MinBid)
		for b := r.MinBid + r.BidStep; b <= 500; b += r.BidStep {
			o := m.odds(&f, b)
			if o.Made < 0 || o.Made > 1 || o.Made > prev.Made || o.Declare > prev.Declare || o.Defend != prev.Defend {
				t.Fatalf("%+v: at %d %+v, at %d %+v", f, prev.Bid, prev, b, o)
			}
			prev = o
		}
	}
}

// TestModelWorth: a hand is worth the highest bid whose expected score declaring is at
// least defending's, and no more.
func TestModelWorth(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	m, _ := modelOf(&r)
	o := outlook{melds: []int{1000}} // never out of reach
	for _, mean := range []float64{150, 250, 350, 450} {
		f := BidFeatures{Trump: engine.Spades, PlayMean: mean, Meld: int(mean / 5), Trumps: 5, TrumpHonours: 2, Aces: 2}
		w, _ := m.worth(&r, &f, &o, 1, r.TrickTotal(), r.MinBid)
		if w > 0 {
			if od := m.odds(&f, w); od.Declare < od.Defend {
				t.Errorf("mean %v: worth %d, where declaring expects %.1f and defending %.1f", mean, w, od.Declare, od.Defend)
			}
		}
		if b := max(w+r.BidStep, r.MinBid); b <= r.MaxBid {
			if od := m.odds(&f, b); od.Declare >= od.Defend {
				t.Errorf("mean %v: worth %d, yet %d expects %.1f declaring against %.1f defending", mean, w, b, od.Declare, od.Defend)
			}
		}
	}
}

// TestExplainBid: the numbers behind a bid's hint are the model's for the seat's features
// at the bids it may make next, and the expert's hint says the chance of the next bid in
// the model's terms ("in N% of hands like this").
func TestExplainBid(t *testing.T) {
	b := smallBudget
	b.Readable, b.Model, b.Confidence, b.PartnerConfidence, b.Risk, b.Hopeless = true, true, 0.5, 0.8, 0.5, 0.2
	v := viewOf(dealtGame(t, "racehorse", 1, strongSeventy, 4))
	e := newExpert(b, 1)
	f, odds := e.ExplainBid(v)
	if len(odds) == 0 || odds[0].Bid != v.MinNextBid() {
		t.Fatalf("ExplainBid = %+v, %+v: want the odds from %d up", f, odds, v.MinNextBid())
	}
	m, _ := modelOf(v.Rules())
	for i, o := range odds {
		if want := m.odds(&f, o.Bid); o != want {
			t.Errorf("odds %d = %+v, the model says %+v", i, o, want)
		}
		if i > 0 && o.Bid <= odds[i-1].Bid {
			t.Errorf("bids out of order: %d after %d", o.Bid, odds[i-1].Bid)
		}
	}
	_, why := e.Hint(v)
	want := fmt.Sprintf("makes %d in %.0f%% of hands like this", odds[0].Bid, 100*odds[0].Made)
	if !strings.Contains(why, want) {
		t.Errorf("hint %q, want it to say %q", why, want)
	}
}
