package event

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestBracketOrder(t *testing.T) {
	equal(t, "2", bracketOrder(2), []int{1, 2})
	equal(t, "4", bracketOrder(4), []int{1, 4, 2, 3})
	equal(t, "8", bracketOrder(8), []int{1, 8, 4, 5, 2, 7, 3, 6})
	equal(t, "16", bracketOrder(16), []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11})
}

func TestEliminationTwelve(t *testing.T) {
	// Twelve players in a bracket of 16: seeds 13 to 16 are byes, so P1 to P4 go
	// straight to round 2. Round 1 is the rest of the first round in bracket order:
	// 8 v 9, 5 v 12, 7 v 10, 6 v 11.
	tr := &Tournament{Event: Event{Format: Elimination, Entry: Individuals, Seats: 2}, Entrants: numbered(12)}
	r := pairNext(t, tr)
	equal(t, "round 1", sides(r), []string{"P8-P9", "P5-P12", "P7-P10", "P6-P11"})
	equal(t, "round 1 byes", r.Byes, []string{"P1", "P2", "P3", "P4"})
	if _, err := tr.Pair(); !errors.Is(err, ErrRoundOpen) {
		t.Fatalf("round 2 before round 1's results: %v, want ErrRoundOpen", err)
	}
	beat(t, tr, "P9", "P8", 500, 480)
	beat(t, tr, "P5", "P12", 500, 300)
	beat(t, tr, "P10", "P7", 510, 490)
	beat(t, tr, "P6", "P11", 500, 200)

	// Round 2: 1 v (8/9), 4 v (5/12), 2 v (7/10), 3 v (6/11). Side 0 to whoever sat
	// there less: P9, P10 sat on side 1 in round 1, level with P1 and P2, who take it as
	// the better seeds; P5 and P6 sat on side 0, so P4 and P3 take it.
	r = pairNext(t, tr)
	equal(t, "round 2", sides(r), []string{"P1-P9", "P4-P5", "P2-P10", "P3-P6"})
	equal(t, "round 2 byes", r.Byes, nil)
	beat(t, tr, "P1", "P9", 500, 100)
	beat(t, tr, "P5", "P4", 505, 495)
	beat(t, tr, "P2", "P10", 500, 250)
	beat(t, tr, "P6", "P3", 520, 510)

	// Semi-finals: P1 v P5 and P2 v P6, all four once on side 0: the better seeds.
	r = pairNext(t, tr)
	equal(t, "round 3", sides(r), []string{"P1-P5", "P2-P6"})
	beat(t, tr, "P5", "P1", 500, 450)
	beat(t, tr, "P2", "P6", 500, 0)

	// Final: P2 has sat on side 0 twice, P5 once.
	r = pairNext(t, tr)
	equal(t, "final", sides(r), []string{"P5-P2"})
	if err := tr.CheckResult(won(4, 1, -1, 500, 500)); err == nil || !strings.Contains(err.Error(), "cannot be drawn") {
		t.Errorf("a drawn final: %v, want an error", err)
	}
	if err := tr.CheckResult(Result{Round: 4, Table: 1, Void: true}); err == nil || !strings.Contains(err.Error(), "cannot be void") {
		t.Errorf("a void final: %v, want an error", err)
	}
	beat(t, tr, "P2", "P5", 510, 500)
	if _, err := tr.Pair(); !errors.Is(err, ErrOver) {
		t.Errorf("a fifth round: %v, want ErrOver", err)
	}

	b, err := tr.Bracket()
	if err != nil {
		t.Fatal(err)
	}
	if b.Size != 16 || b.Champion != "P2" || len(b.Rounds) != 4 {
		t.Fatalf("size %d, champion %q, %d rounds; want 16, P2, 4", b.Size, b.Champion, len(b.Rounds))
	}
	// The first round's eight places, byes included, in bracket order.
	var first []string
	for _, m := range b.Rounds[0] {
		first = append(first, fmt.Sprintf("%s(%d)-%s(%d)>%s@%d", m.Entrants[0], m.Seeds[0], m.Entrants[1], m.Seeds[1], m.Winner, m.Table))
	}
	equal(t, "first round", first, []string{
		"P1(1)-(0)>P1@0", "P8(8)-P9(9)>P9@1", "P4(4)-(0)>P4@0", "P5(5)-P12(12)>P5@2",
		"P2(2)-(0)>P2@0", "P7(7)-P10(10)>P10@3", "P3(3)-(0)>P3@0", "P6(6)-P11(11)>P6@4",
	})
	// Places: the champion 1, the runner-up 2, the semi-final losers 3, the
	// quarter-final losers 5, and the first round's losers 9 (8 went further).
	var places []string
	for _, p := range b.Places {
		places = append(places, fmt.Sprintf("%d %s out %d", p.Place, p.Entrant, p.Out))
	}
	equal(t, "places", places, []string{
		"1 P2 out 0", "2 P5 out 4", "3 P1 out 3", "3 P6 out 3",
		"5 P3 out 2", "5 P4 out 2", "5 P9 out 2", "5 P10 out 2",
		"9 P7 out 1", "9 P8 out 1", "9 P11 out 1", "9 P12 out 1",
	})
	equal(t, "standings", standingsOf(t, tr), []string{
		"1 P2 4", "2 P5 3", "3 P1 2", "3 P6 2",
		"5 P3 1", "5 P4 1", "5 P9 1", "5 P10 1",
		"9 P7 0", "9 P8 0", "9 P11 0", "9 P12 0",
	})
}

func TestBracketWhilePlayed(t *testing.T) {
	// Four partnerships, round 1 half reported: the reported winner goes through, the
	// rest of round 2 is not known, and nobody but the loser has a place yet.
	tr := &Tournament{Event: Event{Format: Elimination, Entry: Partnerships, Seats: 4}, Entrants: teams(4, 2)}
	r := pairNext(t, tr)
	equal(t, "round 1", sides(r), []string{"T1-T4", "T2-T3"})
	equal(t, "seats", r.Tables[0].Seats, []string{"T1a", "T4a", "T1b", "T4b"})
	beat(t, tr, "T4", "T1", 1500, 1450)
	b, err := tr.Bracket()
	if err != nil {
		t.Fatal(err)
	}
	final := b.Rounds[1][0]
	if final.Entrants != [2]string{"T4", ""} || final.Table != 0 || final.Winner != "" {
		t.Errorf("the final so far: %+v, want T4 against nobody known, no table", final)
	}
	equal(t, "standings", standingsOf(t, tr), []string{"1 T2 0", "1 T3 0", "1 T4 1", "3 T1 0"})
	// A result for a table that does not exist, and a second result for one that does.
	if err := tr.CheckResult(won(1, 3, 0, 1, 0)); !errors.Is(err, ErrHistory) {
		t.Errorf("a result for table 3: %v, want ErrHistory", err)
	}
	if err := tr.CheckResult(won(1, 1, 0, 1, 0)); err == nil || !strings.Contains(err.Error(), "already has a result") {
		t.Errorf("a second result: %v, want an error", err)
	}
	// Rounds that are not the bracket's are refused.
	tr.Rounds[0].Tables[0].Sides = [][]string{{"T1"}, {"T3"}}
	tr.Rounds[0].Tables[1].Sides = [][]string{{"T2"}, {"T4"}}
	tr.Rounds[0].Tables[0].Seats = []string{"T1a", "T3a", "T1b", "T3b"}
	tr.Rounds[0].Tables[1].Seats = []string{"T2a", "T4a", "T2b", "T4b"}
	tr.Results = nil
	if _, err := tr.Bracket(); !errors.Is(err, ErrHistory) {
		t.Errorf("a round 1 that is not the bracket's: %v, want ErrHistory", err)
	}
}
