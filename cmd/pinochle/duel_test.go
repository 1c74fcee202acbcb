package main

import (
	"encoding/json"
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
			Level    string  `json:"level"`
			MedianMS float64 `json:"decision_median_ms"`
		} `json:"sides"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if rep.Deals != 4 || rep.Mean != 0 || rep.Low != 0 || rep.High != 0 || len(rep.Sides) != 2 || rep.Sides[0].Level != "normal" {
		t.Errorf("report %+v", rep)
	}
	stdout, _, code = runTool(t, "", "duel", "--a", "baseline", "--b", "random", "--deals", "5")
	if code != 0 || !strings.Contains(stdout, "A's mean score difference per hand") || !strings.Contains(stdout, "95% CI") {
		t.Errorf("exit %d: %s", code, stdout)
	}
	for _, args := range [][]string{{"--a", "wizard"}, {"--deals", "0"}, {"--variant", "bezique"}} {
		if _, stderr, code := runTool(t, "", append([]string{"duel"}, args...)...); code != 2 || stderr == "" {
			t.Errorf("duel %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}
