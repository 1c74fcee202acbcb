package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// The game's record, from within pinochle play: the score sheet, the review of the
// finished hands and the export file that pinochle review and replay read.

// sheet writes the score sheet: a line for each finished hand and the scores.
func (s *session) sheet() string {
	var b strings.Builder
	results := s.g.Results()
	switch {
	case len(results) == 0:
		b.WriteString("No hand has finished yet.\n")
	case s.g.Over():
		fmt.Fprintf(&b, "Score sheet, %s:\n", words.Count(len(results), "hand"))
	default:
		fmt.Fprintf(&b, "Score sheet, %s (hand %d is not finished):\n", words.Count(len(results), "hand"), s.g.HandNumber())
	}
	if s.r.Solo {
		s.soloSheet(&b, results)
		return b.String()
	}
	mine := s.r.TeamOf(s.user)
	if len(results) > 0 {
		var team [2]string
		for t := range team {
			team[t] = present.TeamName(t)
			if t == mine {
				team[t] += " (yours)"
			}
			if s.r.Players == 2 {
				team[t] = seatLabel(t)
				if t == mine {
					team[t] += " (you)"
				}
			}
		}
		fmt.Fprintf(&b, "  %4s  %-16s %-15s %-16s %s\n", "hand", "contract", "result", team[0], team[1])
	}
	for i := range results {
		res := &results[i]
		contract := "trump"
		if res.Bidder >= 0 {
			contract = fmt.Sprintf("%s %d", s.name(res.Bidder), res.Bid)
		}
		if res.Trump != engine.NoSuit {
			contract += " " + res.Trump.Symbol()
		}
		var cell [2]string
		for t := range cell {
			cell[t] = fmt.Sprintf("%+d → %d", res.Delta[t], res.Scores[t])
		}
		fmt.Fprintf(&b, "  %4d  %-16s %-15s %-16s %s\n", res.Hand, contract, resultWord(res), cell[0], cell[1])
	}
	sc := s.g.Scores()
	yours := "your team"
	if s.r.Players == 2 {
		fmt.Fprintf(&b, "Scores: you %d, %s %d", sc[mine], s.name(1-mine), sc[1-mine])
		yours = "you"
	} else {
		fmt.Fprintf(&b, "Scores: %s (%s) %d, %s (%s) %d", present.TeamName(0), teamSeats(s.r, 0), sc[0], present.TeamName(1), teamSeats(s.r, 1), sc[1])
	}
	switch lead := sc[mine] - sc[1-mine]; {
	case s.g.Over():
	case lead > 0 && yours == "you":
		fmt.Fprintf(&b, ": you lead by %d", lead)
	case lead < 0 && yours == "you":
		fmt.Fprintf(&b, ": you trail by %d", -lead)
	case lead > 0:
		fmt.Fprintf(&b, ": your team leads by %d", lead)
	case lead < 0:
		fmt.Fprintf(&b, ": your team trails by %d", -lead)
	default:
		b.WriteString(": level")
	}
	b.WriteString(".")
	s.sheetEnd(&b)
	return b.String()
}

// sheetEnd ends the score sheet's last line: what ends the game, while it goes on.
func (s *session) sheetEnd(b *strings.Builder) {
	switch {
	case s.g.Over():
	case s.r.Target > 0:
		fmt.Fprintf(b, " The game is played to %d.", s.r.Target)
	case s.r.Hands > 0:
		fmt.Fprintf(b, " The game is %s.", words.Count(s.r.Hands, "hand"))
	}
	b.WriteString("\n")
}

// soloSheet writes the lines of a three-handed score sheet: a column for each player.
func (s *session) soloSheet(b *strings.Builder, results []engine.HandResult) {
	line := func(row []string) {
		b.WriteString(strings.TrimRight(strings.Join(row, " "), " ") + "\n")
	}
	if len(results) > 0 {
		row := []string{fmt.Sprintf("  %4s  %-16s %-15s", "hand", "contract", "result")}
		for _, h := range s.soloSheetHeads() {
			row = append(row, fmt.Sprintf("%-16s", h))
		}
		line(row)
	}
	for i := range results {
		res := &results[i]
		contract := fmt.Sprintf("%s %d", s.name(res.Bidder), res.Bid)
		if res.Trump != engine.NoSuit {
			contract += " " + res.Trump.Symbol()
		}
		row := []string{fmt.Sprintf("  %4d  %-16s %-15s", res.Hand, contract, resultWord(res))}
		for seat := range s.r.Players {
			row = append(row, fmt.Sprintf("%-16s", fmt.Sprintf("%+d → %d", res.SeatDelta[seat], res.SeatScores[seat])))
		}
		line(row)
	}
	sc := s.g.SeatScores()
	fmt.Fprintf(b, "Scores: %s", s.seatScoresText(sc))
	if !s.g.Over() {
		b.WriteString(": " + s.soloLead(sc))
	}
	b.WriteString(".")
	s.sheetEnd(b)
}

// resultWord says in a word or two how a hand ended for its bidders.
func resultWord(res *engine.HandResult) string {
	w := "set"
	switch {
	case res.Bidder < 0:
		w = "played" // two-handed: no bid to make

	case res.Outcome == engine.OutcomeThrownIn:
		w = "thrown in"
	case res.Outcome == engine.OutcomeBoardSet:
		w = "board set"
	case res.Outcome == engine.OutcomeInstantWin:
		w = "won by meld"
	case res.Made:
		w = "made"
	}
	if res.Moon {
		w = "moon " + w
	}
	return w
}

// file returns the game so far as an export file.
func (s *session) file() record.File {
	seats := make([]record.Seat, s.r.Players)
	for i := range seats {
		seats[i] = record.Seat{Name: "Seat " + strconv.Itoa(i+1), Computer: i != s.user}
	}
	seats[s.user].Name += " (you)"
	var ended time.Time
	if s.g.Over() {
		ended = s.now()
	}
	return record.FromGame(s.g, "", seats, s.started, ended)
}

// review writes the review of the finished hands, or of hand arg when arg is a number.
func (s *session) review(arg string) {
	f := s.file()
	var hands []record.Hand
	var err error
	if arg == "" {
		hands, err = f.Hands()
	} else {
		n, convErr := strconv.Atoi(arg)
		if convErr != nil || n < 1 {
			s.printf("  type review for every finished hand, or review and a hand's number, such as review 1\n")
			return
		}
		var h record.Hand
		h, err = f.HandAt(n)
		if errors.Is(err, record.ErrNotFinished) {
			s.printf("  hand %d has not finished: %s %s\n", n, words.Count(len(s.g.Results()), "hand"), hasHave(len(s.g.Results())))
			return
		}
		hands = []record.Hand{h}
	}
	if err != nil {
		// The game is the engine's own: its log always replays.
		s.printf("  the review failed: %v\n", err)
		return
	}
	s.printf("%s", reviewText(&f, hands))
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

// export writes the game so far to a new file at path; it will not overwrite a file.
func (s *session) export(path string) error {
	var b bytes.Buffer
	if err := record.Encode(&b, s.file()); err != nil {
		return fmt.Errorf("encoding the game: %w", err)
	}
	fh, err := s.create(path)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s already exists: choose another name", path)
		}
		return fmt.Errorf("cannot write the game: %w", err)
	}
	_, err = fh.Write(b.Bytes())
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	s.printf("  Wrote the game (%s, %s finished) to %s: pinochle review %s shows it.\n",
		words.Count(s.g.LogLen(), "move"), words.Count(len(s.g.Results()), "hand"), path, path)
	return nil
}

// createNew creates the file at path for writing, and refuses one that exists.
func createNew(path string) (io.WriteCloser, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// offerExport offers to write the game to a file before leaving: export FILE writes it
// (and a failure asks again); anything else, or the end of the input, leaves.
func (s *session) offerExport() error {
	if s.g.LogLen() == 0 {
		return nil
	}
	for {
		s.printf("To keep the game for pinochle review, type export FILE; anything else leaves: ")
		line, err := s.readLine()
		if errors.Is(err, errQuit) {
			s.printf("\n")
			return nil
		}
		if err != nil {
			return err
		}
		word, rest, _ := strings.Cut(line, " ")
		if !strings.EqualFold(word, "export") {
			return nil
		}
		if rest = strings.TrimSpace(rest); rest == "" {
			s.printf("  name the file to write, such as: export game.json\n")
			continue
		}
		if err := s.export(rest); err != nil {
			s.printf("  %v\n", err)
			continue
		}
		return nil
	}
}
