package main

import (
	"regexp"
	"strings"
	"testing"
)

// timing matches what in the output of simulate and duel is a timing, and so may differ
// from one run to the next: the speed lines, the decision times, and their JSON fields.
var timing = regexp.MustCompile(`(?m)^speed.*\n|decision median [0-9.]+ ms, p99 [0-9.]+ ms|` +
	`^ *"(decision_median_ms|decision_p99_ms|seconds|deals_per_second|hands_per_second)": .*\n`)

// TestWorkersDoNotChangeTheFigures: simulate and duel print the same figures whatever the
// number of workers; only the timings differ.
func TestWorkersDoNotChangeTheFigures(t *testing.T) {
	tests := [][]string{
		{"simulate", "--variant", "racehorse", "--players", "random", "--hands", "47", "--seed", "3", "--options", "hands=10"},
		{"simulate", "--variant", "six-handed", "--games", "4", "--seed", "9"},
		{"simulate", "--variant", "classic", "--hands", "30", "--options", "hands=4"},
		{"duel", "--variant", "racehorse", "--a", "baseline", "--b", "random", "--deals", "12", "--seed", "4"},
		{"duel", "--variant", "classic", "--a", "normal", "--b", "baseline", "--deals", "4", "--json"},
	}
	for _, args := range tests {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var want string
			for _, workers := range []string{"1", "3"} {
				stdout, stderr, code := runTool(t, "", append(args, "--workers", workers)...)
				if code != 0 || stderr != "" {
					t.Fatalf("--workers %s: exit %d, stderr %q", workers, code, stderr)
				}
				if !strings.Contains(stdout, `"seconds": `) && !regexp.MustCompile(`(?m)^speed.*/s .*, `+workers+` worker`).MatchString(stdout) {
					t.Errorf("--workers %s: no speed in\n%s", workers, stdout)
				}
				got := timing.ReplaceAllString(stdout, "")
				if workers == "1" {
					want = got
				} else if got != want {
					t.Errorf("--workers %s printed\n%s\nwant, as with 1,\n%s", workers, got, want)
				}
			}
		})
	}
}
