package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestDuelCommand: a level against itself on duplicate deals is exactly even, in text and
// in JSON; bad levels and counts are bad input.
func TestDuelCommand(t *testing.T) {
	stdout, stderr, code := runTool(t, "", "duel", "--variant", "classic", "--a", "normal", "--b", "normal", "--deals", "4", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var rep struct {
		Deals int     `json:"deals"`
		Mean  float64 `json:"mean"`
		Low   float64 `json:"low"`
		High  float64 `json:"high"`
		Sides []struct {
			Level          string   `json:"level"`
			MedianMS       float64  `json:"decision_median_ms"`
			BidsWon        int      `json:"bids_won"`
			SetShare       float64  `json:"set_share"`
			ThrowInShare   *float64 `json:"throw_in_share"`
			PlayedSetShare *float64 `json:"played_set_share"`
			MeanBid        float64  `json:"mean_bid"`
			MeanOverMeld   *float64 `json:"mean_over_meld"`
			OverPartner    *int     `json:"over_partner"`
			ByRaise        *int     `json:"by_raise"`
		} `json:"sides"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if rep.Deals != 4 || rep.Mean != 0 || rep.Low != 0 || rep.High != 0 || len(rep.Sides) != 2 || rep.Sides[0].Level != "normal" {
		t.Errorf("report %+v", rep)
	}
	for _, s := range rep.Sides {
		// classic's opening is forced at 150: every hand has a contract of at least 150.
		if s.BidsWon == 0 || s.MeanBid < 150 || s.ThrowInShare == nil || s.PlayedSetShare == nil || s.MeanOverMeld == nil || s.OverPartner == nil || s.ByRaise == nil ||
			math.Abs(*s.ThrowInShare+*s.PlayedSetShare-s.SetShare) > 1e-9 {
			t.Errorf("side %+v: want the bids' figures", s)
		}
	}
	stdout, _, code = runTool(t, "", "duel", "--a", "baseline", "--b", "random", "--deals", "5")
	if code != 0 || !strings.Contains(stdout, "A's mean score difference per hand") || !strings.Contains(stdout, "95% CI") ||
		!strings.Contains(stdout, "thrown in") || !strings.Contains(stdout, "over its meld") {
		t.Errorf("exit %d: %s", code, stdout)
	}
	for _, args := range [][]string{{"--a", "wizard"}, {"--deals", "0"}, {"--variant", "bezique"}} {
		if _, stderr, code := runTool(t, "", append([]string{"duel"}, args...)...); code != 2 || stderr == "" {
			t.Errorf("duel %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestDuelThreeHanded: duel measures three-handed, which the rest of the tool does not
// offer yet, playing each deal six times; a level against itself is exactly even.
func TestDuelThreeHanded(t *testing.T) {
	stdout, stderr, code := runTool(t, "", "duel", "--variant", "three-handed", "--a", "baseline", "--b", "baseline", "--deals", "3")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "3 duplicate deals (18 hands)") || !strings.Contains(stdout, "+0.0 (95% CI +0.0 to +0.0)") ||
		!strings.Contains(stdout, "thrown in") || strings.Contains(stdout, "partner") {
		t.Errorf("three-handed duel:\n%s", stdout)
	}
	if _, stderr, code := runTool(t, "", "duel", "--variant", "three-handed", "--options", "pass=4", "--deals", "1"); code != 2 || stderr == "" {
		t.Errorf("a three-handed option it does not take: exit %d, stderr %q", code, stderr)
	}
}
