package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/pinochle-discord/pinochle/internal/words"
)

func runReplay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "replay", replay(args, stdout))
}

// replay runs pinochle replay: it replays an exported game through the engine and says
// whether it reproduces the recorded results. A difference is an error (exit 1); a bad
// file is bad input (exit 2).
func replay(args []string, stdout io.Writer) error {
	fs := newFlagSet("replay", "FILE", stdout)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	f, err := readGameFile(pos)
	if err != nil {
		return err
	}
	if err := f.Check(); err != nil {
		return fmt.Errorf("the replay differs from the file: %w", err)
	}
	// Two-handed and three-handed players score alone: their winner is a seat.
	side, scores := "team", fmt.Sprintf("%d to %d", f.Scores[0], f.Scores[1])
	if f.Rules.Stock || f.Rules.Solo {
		side = "seat"
	}
	if f.Rules.Solo {
		parts := make([]string, len(f.SeatScores))
		for i, n := range f.SeatScores {
			parts[i] = strconv.Itoa(n)
		}
		scores = words.Join(parts, "and")
	}
	end := "the game is not finished"
	if f.Finished {
		end = "a draw"
		if f.Winner >= 0 {
			end = fmt.Sprintf("%s %d wins", side, f.Winner+1)
		}
	}
	_, err = fmt.Fprintf(stdout, "The replay reproduces the file: %s, %s, scores %s, %s.\n",
		words.Count(len(f.Actions), "action"), words.Count(len(f.Results), "hand"), scores, end)
	return err
}
