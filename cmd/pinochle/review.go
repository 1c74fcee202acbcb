package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine/record"
)

func runReview(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "review", review(args, stdout))
}

// review runs pinochle review: the review of every finished hand of an exported game, or
// of one.
func review(args []string, stdout io.Writer) error {
	fs := newFlagSet("review", "FILE [--hand N]", stdout)
	hand := fs.Int("hand", 0, "show only hand N (from 1)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	f, err := readGameFile(pos)
	if err != nil {
		return err
	}
	var hands []record.Hand
	switch {
	case *hand < 0:
		return badInput("--hand %d: hands count from 1", *hand)
	case *hand > 0:
		h, err := f.HandAt(*hand)
		if errors.Is(err, record.ErrNotFinished) {
			n, _ := record.Count(f.Rules, f.Seed, f.Actions)
			return badInput("hand %d is not a finished hand: the game has %d", *hand, n)
		}
		if err != nil {
			return usageError{err}
		}
		hands = []record.Hand{h}
	default:
		if hands, err = f.Hands(); err != nil {
			return usageError{err}
		}
	}
	_, err = io.WriteString(stdout, reviewText(&f, hands))
	return err
}

// reviewText writes the review of hands, finished hands of the game of f: a line naming
// the game, then each hand's sections.
func reviewText(f *record.File, hands []record.Hand) string {
	names := f.Names()
	var b strings.Builder
	fmt.Fprintf(&b, "%s game%s, seed %d: %s\n", f.Rules.Preset, gameIDText(f.GameID), f.Seed, seatsText(*f))
	if len(hands) == 0 {
		b.WriteString("No hand has finished yet.\n")
	}
	for i := range hands {
		h := &hands[i]
		fmt.Fprintf(&b, "\n== %s ==\n", h.Title(names))
		for _, s := range h.Sections(names) {
			fmt.Fprintf(&b, "\n%s\n", s.Title)
			for _, l := range s.Lines {
				fmt.Fprintf(&b, "  %s\n", l)
			}
		}
	}
	return b.String()
}

// readGameFile reads and decodes the one export file named in pos. Every failure is bad
// input.
func readGameFile(pos []string) (record.File, error) {
	if len(pos) != 1 {
		return record.File{}, badInput("name one game file (got %d arguments)", len(pos))
	}
	fh, err := os.Open(pos[0])
	if err != nil {
		return record.File{}, usageError{err}
	}
	defer fh.Close()
	f, err := record.Decode(fh)
	if err != nil {
		return record.File{}, usageError{fmt.Errorf("%s: %w", pos[0], err)}
	}
	return f, nil
}

// gameIDText writes " ID" for a game with an ID.
func gameIDText(id string) string {
	if id == "" {
		return ""
	}
	return " " + strconv.Quote(id)
}

// seatsText lists the seats with their names, marking computer players.
func seatsText(f record.File) string {
	parts := make([]string, len(f.Seats))
	for i, s := range f.Seats {
		name := s.Name
		if name == "" {
			name = "Seat " + strconv.Itoa(i+1)
		}
		if s.Computer {
			name += " (computer)"
		}
		parts[i] = name
	}
	return strings.Join(parts, ", ")
}
