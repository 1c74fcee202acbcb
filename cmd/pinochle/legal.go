package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
)

// legalJSON is the output of pinochle legal --json.
type legalJSON struct {
	Legal []string `json:"legal"`
}

func runLegal(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "legal", legal(args, stdout))
}

// legal runs pinochle legal: the distinct cards a hand may play next to a trick.
func legal(args []string, stdout io.Writer) error {
	fs := newFlagSet("legal", `--variant V --trump SUIT --hand "CARDS" [--trick "CARDS"] [--stock] [--options k=v,...] [--json]`, stdout)
	variant := fs.String("variant", "racehorse", "the variant: "+strings.Join(engine.PresetNames(), ", "))
	trumpText := fs.String("trump", "", "the trump suit (S H D C or a name)")
	handText := fs.String("hand", "", "the player's cards, such as \"AS 10S KH\"")
	trickText := fs.String("trick", "", "the cards played to the trick so far, in the order played")
	options := fs.String("options", "", "table options as k=v,k=v")
	asJSON := fs.Bool("json", false, "write JSON")
	stock := fs.Bool("stock", false, "two-handed: the stock still lasts, so any card may be played (without it, the rules of the last twelve tricks)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q: give the hand with --hand", pos[0])
	}
	r, err := rulesFor(*variant, *options)
	if err != nil {
		return err
	}
	if *trumpText == "" {
		return badInput("name the trump suit with --trump")
	}
	trump, err := parseSuit(*trumpText)
	if err != nil {
		return err
	}
	hand, err := parseCards(&r, "hand", *handText)
	if err != nil {
		return err
	}
	switch {
	case len(hand) == 0:
		return badInput("no hand given: use --hand \"AS 10S KH\"")
	case len(hand) > r.HandSize():
		return badInput("a %s hand holds %d cards, not %d", r.Preset, r.HandSize(), len(hand))
	}
	trick, err := parseCards(&r, "trick", *trickText)
	if err != nil {
		return err
	}
	if len(trick) >= r.Players {
		return badInput("the trick already has a card from each of the %d players", r.Players)
	}
	if err := checkDeck(&r, "hand and trick together", append(append([]engine.Card(nil), hand...), trick...)); err != nil {
		return err
	}
	if *stock && !r.Stock {
		return badInput("--stock is for two-handed, which has a stock")
	}
	h := engine.HandOf(hand...)
	cards := engine.LegalCards(&h, trick, trump, r.Play).Cards()
	if *stock {
		cards = h.Cards() // while the stock lasts, any card follows
		if n := len(cards); n > 1 {
			cards = slices.Compact(cards)
		}
	}
	if *asJSON {
		out := legalJSON{Legal: make([]string, len(cards))}
		for i, c := range cards {
			out.Legal[i] = c.String()
		}
		b, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("encoding legal cards: %w", err)
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	_, err = fmt.Fprintln(stdout, engine.FormatCards(cards))
	return err
}
