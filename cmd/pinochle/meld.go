package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
)

// meldJSON is the output of pinochle meld --json.
type meldJSON struct {
	Total    int            `json:"total"`
	WinsGame bool           `json:"wins_game"`
	Melds    []meldItemJSON `json:"melds"`
}

type meldItemJSON struct {
	Name   string   `json:"name"`
	Points int      `json:"points"`
	Cards  []string `json:"cards"`
}

func runMeld(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "meld", meld(args, stdout))
}

// meld runs pinochle meld: the meld of the hand given as arguments.
func meld(args []string, stdout io.Writer) error {
	fs := newFlagSet("meld", "--variant V [--trump SUIT] [--options k=v,...] [--json] CARD...", stdout)
	variant := fs.String("variant", "racehorse", "the variant: "+strings.Join(engine.PresetNames(), ", "))
	trumpText := fs.String("trump", "", "the trump suit (S H D C or a name); none when not given")
	options := fs.String("options", "", "table options as k=v,k=v")
	asJSON := fs.Bool("json", false, "write JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	r, err := rulesFor(*variant, *options)
	if err != nil {
		return err
	}
	trump := engine.NoSuit
	if *trumpText != "" {
		if trump, err = parseSuit(*trumpText); err != nil {
			return err
		}
	}
	cards, err := parseCards(&r, "hand", pos...)
	if err != nil {
		return err
	}
	if len(cards) == 0 {
		return badInput("no cards given: list the hand's cards, such as AS 10S KS")
	}
	if len(cards) > r.HandSize() {
		return badInput("a %s hand holds %d cards, not %d", r.Preset, r.HandSize(), len(cards))
	}
	h := engine.HandOf(cards...)
	m := engine.CountMeld(&h, trump, &r.Meld)
	if *asJSON {
		out := meldJSON{Total: m.Total, WinsGame: m.WinsGame, Melds: []meldItemJSON{}}
		for _, it := range m.Items() {
			item := meldItemJSON{Name: it.Name(), Points: int(it.Points), Cards: []string{}}
			for _, c := range it.Cards() {
				item.Cards = append(item.Cards, c.String())
			}
			out.Melds = append(out.Melds, item)
		}
		b, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("encoding meld: %w", err)
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	trumpName := "no trump"
	if trump != engine.NoSuit {
		trumpName = trump.Name() + " trump"
	}
	fmt.Fprintf(stdout, "%s, %s: %s\n", r.Preset, trumpName, symbols(h.Cards()))
	writeMeld(stdout, &m, "  ")
	return nil
}

// writeMeld writes a meld's breakdown, one line per meld, and its total.
func writeMeld(w io.Writer, m *engine.Meld, indent string) {
	if len(m.Items()) == 0 {
		fmt.Fprintf(w, "%sno meld\n", indent)
	}
	writeMeldItems(w, m, indent)
	fmt.Fprintf(w, "%s%-22s %-28s %5d\n", indent, "total", "", m.Total)
	if m.WinsGame {
		fmt.Fprintf(w, "%sthese runs win the game outright\n", indent)
	}
}

// writeMeldItems writes a meld's breakdown, one line per meld.
func writeMeldItems(w io.Writer, m *engine.Meld, indent string) {
	for _, it := range m.Items() {
		fmt.Fprintf(w, "%s%-22s %-28s %5d\n", indent, it.Name(), symbols(it.Cards()), it.Points)
	}
}

// symbols writes cards with suit symbols, separated by spaces.
func symbols(cards []engine.Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Symbol())
	}
	return b.String()
}
