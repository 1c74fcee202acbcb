package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
)

// readExport reads an export file written by pinochle play and checks that it replays to
// its recorded results.
func readExport(t *testing.T, path string) record.File {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := record.Decode(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := f.Check(); err != nil {
		t.Errorf("%s does not replay: %v", path, err)
	}
	return f
}

// TestPlayReviewAndExport plays into the second hand, then at a prompt shows the score
// sheet, reviews the game, exports it, quits and exports it again: the review is the
// finished hand's, the files replay to the game as it stood, and the sheet on quit has
// the hand's line.
func TestPlayReviewAndExport(t *testing.T) {
	const seed, user = 5, 0
	secondHand := func(g *engine.Game) bool { return g.HandNumber() == 2 && g.Waiting(user) }
	script, g := okScript(t, "racehorse", "", seed, user, secondHand)
	if g.Over() || len(g.Results()) != 1 {
		t.Fatalf("the script ends in hand %d with %d results", g.HandNumber(), len(g.Results()))
	}
	dir := t.TempDir()
	during, onQuit := filepath.Join(dir, "during.json"), filepath.Join(dir, "quit.json")
	input := script + "score\nreview\nreview 1\nreview 2\nreview x\nexport\nexport " + during + "\nexport " + during + "\n" +
		"quit\nexport " + filepath.Join(dir, "no", "such", "dir.json") + "\nexport " + onQuit + "\n"
	stdout, stderr, code := runTool(t, input, playArgs("racehorse", "", seed, user)...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}

	res := g.Results()[0]
	contract := fmt.Sprintf("%s %d %s", seatLabelOrYou(res.Bidder, user), res.Bid, res.Trump.Symbol())
	row := fmt.Sprintf("     1  %-16s %-15s %-16s %s\n", contract, resultWord(&res),
		fmt.Sprintf("%+d → %d", res.Delta[0], res.Scores[0]), fmt.Sprintf("%+d → %d", res.Delta[1], res.Scores[1]))
	sheet := "Score sheet, 1 hand (hand 2 is not finished):\n" +
		"  hand  contract         result          Team A (yours)   Team B\n" + row
	if n := strings.Count(stdout, sheet); n != 2 {
		t.Errorf("the score sheet %q appears %d times, want at score and on quit:\n%s", sheet, n, stdout)
	}

	f := readExport(t, during)
	hand, err := f.HandAt(1)
	if err != nil {
		t.Fatal(err)
	}
	names := f.Names()
	if n := strings.Count(stdout, "\n== "+hand.Title(names)+" ==\n"); n != 2 {
		t.Errorf("hand 1's review appears %d times, want 2 (review, review 1)", n)
	}
	for _, s := range hand.Sections(names) {
		for _, l := range s.Lines {
			if !strings.Contains(stdout, "  "+l+"\n") {
				t.Errorf("the review lacks %q", l)
			}
		}
	}
	for _, want := range []string{
		"racehorse game, seed 5: Seat 1 (you), Seat 2 (computer), Seat 3 (computer), Seat 4 (computer)\n",
		"  hand 2 has not finished: 1 hand has\n",
		"  type review for every finished hand, or review and a hand's number",
		"  name the file to write, such as: export game.json\n",
		fmt.Sprintf("  Wrote the game (%d moves, 1 hand finished) to %s: pinochle review %s shows it.\n", g.LogLen(), during, during),
		fmt.Sprintf("  %s already exists: choose another name\n", during),
		"  cannot write the game: ",
		"type export FILE; anything else leaves: ",
		"\nGoodbye.\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if len(f.Actions) != g.LogLen() || len(f.Results) != 1 || f.Finished || f.Seed != seed {
		t.Errorf("the export holds %d actions and %d results (finished %v, seed %d); the game had %d and 1",
			len(f.Actions), len(f.Results), f.Finished, f.Seed, g.LogLen())
	}
	q := readExport(t, onQuit)
	if len(q.Actions) != len(f.Actions) || q.Seats[user].Name != "Seat 1 (you)" || !q.Seats[1].Computer || q.Seats[user].Computer {
		t.Errorf("the export on quit: %d actions, seats %+v", len(q.Actions), q.Seats)
	}
	if stdout, _, code := runTool(t, "", "replay", onQuit); code != 0 || !strings.Contains(stdout, "1 hand, ") {
		t.Errorf("pinochle replay of the export: exit %d, %q", code, stdout)
	}
}

// TestPlaySheetAtTheEnd plays a short game to its end: the score sheet has a line for
// every hand and the final scores, and Enter at the export offer leaves without a file.
func TestPlaySheetAtTheEnd(t *testing.T) {
	script, g := okScript(t, "six-handed", "hands=2", 3, 2, nil)
	stdout, _, code := runTool(t, script+"\n", playArgs("six-handed", "hands=2", 3, 2)...)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	_, sheet, ok := strings.Cut(stdout, "\n  Game over. ")
	if !ok {
		t.Fatalf("no end of the game:\n%s", tail(stdout, 20))
	}
	if !strings.Contains(sheet, "\nScore sheet, 2 hands:\n") {
		t.Errorf("no sheet of 2 hands:\n%s", sheet)
	}
	for _, res := range g.Results() {
		cell := fmt.Sprintf("%+d → %d", res.Delta[0], res.Scores[0])
		if !strings.Contains(sheet, fmt.Sprintf("     %d  ", res.Hand)) || !strings.Contains(sheet, cell) {
			t.Errorf("the sheet lacks hand %d (%s):\n%s", res.Hand, cell, sheet)
		}
	}
	sc := g.Scores()
	if want := fmt.Sprintf("Scores: Team A (seats 1 3 5) %d, Team B (seats 2 4 6) %d.\n", sc[0], sc[1]); !strings.Contains(sheet, want) {
		t.Errorf("the sheet lacks %q:\n%s", want, sheet)
	}
	if !strings.HasSuffix(stdout, "anything else leaves: ") {
		t.Errorf("the output ends %q, want the export offer answered with Enter", tail(stdout, 2))
	}
}

// memFile is an export file kept in memory.
type memFile struct{ bytes.Buffer }

func (*memFile) Close() error { return nil }

// FuzzPlayInput types arbitrary lines at the prompts of a game, racehorse or three-handed
// (where the user, the dealer, is stuck with the first bid and buries): whatever they are, the
// session answers each and ends cleanly at the end of the input, exports go only where
// the test lets them, and what an export writes replays.
func FuzzPlayInput(f *testing.F) {
	for _, seed := range []string{
		"", "\n\n\n", "ok\nok\nok", "pass\nbid 5000\nbid -1\nbid 270", "help\n?\nhand\nscore\nscores",
		"review\nreview 1\nreview 0\nreview -3\nreview 99999999999999999999\nreview x y",
		"export\nexport \nexport g.json\nEXPORT  g.json\nexport g.json",
		"ok\nok\nok\nAS\n10h\nT♦\nspades\nthrow in\nmoon\nplay", "quit\nexport q.json\nexport q.json",
		"\x00\xff\n\t \t\nok", strings.Repeat("ok\n", 60) + "review\nexport late.json\nquit\nno",
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	// Three-handed, seed 2: the user is stuck at 300, names trump and buries meld, twice.
	f.Add("hearts\n9c 9c 9c\nAS AS AS AS\na♠ j♠ 9♥\nhand\na♠ j♠ 9♥\nthrow in", true)
	f.Fuzz(func(t *testing.T, input string, three bool) {
		variant, seed := "racehorse", uint64(11)
		if three {
			variant, seed = "three-handed", 2
		}
		r, err := rulesFor(variant, "hands=1")
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		s, err := newSession(g, 0, strings.NewReader(input), &out)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]*memFile{}
		s.create = func(path string) (io.WriteCloser, error) {
			if _, ok := files[path]; ok {
				return nil, os.ErrExist
			}
			files[path] = &memFile{}
			return files[path], nil
		}
		if err := s.run(); errors.Is(err, bufio.ErrTooLong) {
			return // a line past 64 KiB ends the session with that error
		} else if err != nil {
			t.Fatalf("run: %v", err)
		}
		if !g.Over() && !strings.HasSuffix(out.String(), "Goodbye.\n") {
			t.Fatalf("the session left the game in hand %d without a goodbye: %q", g.HandNumber(), tail(out.String(), 3))
		}
		for path, fh := range files {
			f, err := record.Decode(&fh.Buffer)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if err := f.Check(); err != nil {
				t.Errorf("%s does not replay: %v", path, err)
			}
		}
	})
}
