// Command pinochle plays and examines Pinochle from the terminal, with the same rules
// engine as the Discord bot.
//
// Usage:
//
//	pinochle meld     --variant V [--trump SUIT] [--json] CARD...
//	pinochle legal    --variant V --trump SUIT --hand "CARDS" [--trick "CARDS"] [--json]
//	pinochle simulate --variant V (--games N | --hands N) [--seed S] [--players baseline|random]
//	pinochle play     [--variant V] [--seat N] [--seed S] [--level L] [--hints]
//	pinochle duel     --variant V --a LEVEL --b LEVEL --deals N [--seed S] [--json]
//	pinochle review   FILE [--hand N]
//	pinochle replay   FILE
//	pinochle help     [COMMAND]
//
// Every command takes --options k=v,... to change table options (see pinochle help).
// Bad input (a bad game file too) gets a one-line error on standard error and exit status
// 2; pinochle replay exits 1 when the file's recorded results are not what the engine
// replays.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // something failed that the input did not cause
	exitUsage = 2 // bad input
)

// command is one subcommand of the tool.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"meld", "show the meld of a hand with its breakdown", runMeld},
		{"legal", "list the cards a hand may play to a trick", runLegal},
		{"simulate", "play games between computer players and report figures", runSimulate},
		{"play", "play a game in the terminal against computer players", runPlay},
		{"duel", "measure one computer level against another on duplicate deals", runDuel},
		{"review", "show the finished hands of an exported game", runReview},
		{"replay", "check that an exported game replays to its recorded results", runReplay},
	}
}

// run runs the tool with args (without the program name) and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			for _, c := range commands() {
				if c.name == args[1] {
					return c.run([]string{"-h"}, stdin, stdout, stderr)
				}
			}
			fmt.Fprintf(stderr, "pinochle help: unknown command %q; commands are meld, legal, simulate, play, duel, review, replay\n", args[1])
			return exitUsage
		}
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "pinochle: unknown command %q; run pinochle help\n", name)
	return exitUsage
}

// usage writes the tool's usage text.
func usage(w io.Writer) {
	fmt.Fprintf(w, "pinochle: Pinochle in the terminal.\n\nUsage:\n\n  pinochle COMMAND [flags] [args]\n\nCommands:\n\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "help", "show this text, or a command's flags (pinochle help meld)")
	fmt.Fprintf(w, "\nVariants: %s\n", strings.Join(engine.PresetNames(), ", "))
	fmt.Fprintf(w, "\nTable options (--options k=v,k=v):\n\n")
	for _, o := range engine.OptionHelp() {
		fmt.Fprintf(w, "  %-9s %s\n", o[0], o[1])
	}
	fmt.Fprintf(w, "\nCards are a rank (A 10 K Q J 9, or T for ten) and a suit (S H D C or ♠ ♥ ♦ ♣),\n"+
		"in any case: AS, 10h, T♦. Suits may be named: spades.\n")
}

// usageError is bad input: the command reports it in one line and exits with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// badInput returns a usage error with a formatted message.
func badInput(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// flagSet is a command's flags with the help text it writes when asked.
type flagSet struct {
	*flag.FlagSet
	help func()
}

// newFlagSet returns a flag set for a command that reports nothing itself: the command
// writes one line for a parse error, and the usage text to stdout only when asked with -h.
func newFlagSet(name, synopsis string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	help := func() {
		fmt.Fprintf(stdout, "Usage: pinochle %s %s\n\nFlags:\n", name, synopsis)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return &flagSet{fs, help}
}

// parseFlags parses args with fs, allowing flags after positional arguments, and returns
// the positional arguments. It writes the help text and returns flag.ErrHelp when help
// was asked for.
func parseFlags(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, err
			}
			return nil, usageError{err}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if i := len(args) - len(rest) - 1; i >= 0 && args[i] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// finish reports err for command name and returns the exit status.
func finish(stderr io.Writer, name string, err error) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	fmt.Fprintf(stderr, "pinochle %s: %s\n", name, msg)
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitError
}

// parseOptions reads table options written as k=v pairs separated by commas.
func parseOptions(text string) (map[string]string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	opts := make(map[string]string)
	for _, kv := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if !ok || k == "" {
			return nil, badInput("option %q is not key=value", kv)
		}
		opts[k] = strings.TrimSpace(v)
	}
	return opts, nil
}

// rulesFor returns the rules of a variant with options written as k=v,k=v.
func rulesFor(variant, options string) (engine.Rules, error) {
	opts, err := parseOptions(options)
	if err != nil {
		return engine.Rules{}, err
	}
	r, err := engine.NewRules(variant, opts)
	if err != nil {
		return engine.Rules{}, usageError{err}
	}
	return r, nil
}

// parseCards reads the cards written in texts (each may hold several cards separated by
// spaces or commas) and checks each against the deck of r: a card the deck lacks, or more
// copies of a card than it holds, is an error. what names the cards in messages.
func parseCards(r *engine.Rules, what string, texts ...string) ([]engine.Card, error) {
	var cards []engine.Card
	for _, t := range texts {
		cs, err := engine.ParseCards(t)
		if err != nil {
			return nil, usageError{fmt.Errorf("%s: %w", what, err)}
		}
		cards = append(cards, cs...)
	}
	if err := checkDeck(r, what, cards); err != nil {
		return nil, err
	}
	return cards, nil
}

// checkDeck checks that every card is in the deck of r and that no card appears more often
// than the deck holds it.
func checkDeck(r *engine.Rules, what string, cards []engine.Card) error {
	var n [engine.NumKinds]int
	for _, c := range cards {
		copies := r.Copies(c)
		if copies == 0 {
			return badInput("%s: %s is not in the %s deck", what, c, r.Preset)
		}
		n[c]++
		if n[c] > copies {
			return badInput("%s: the %s deck holds %d %s, not %d", what, r.Preset, copies, c, n[c])
		}
	}
	return nil
}

// parseSuit reads a suit flag.
func parseSuit(text string) (engine.Suit, error) {
	s, err := engine.ParseSuit(text)
	if err != nil {
		return engine.NoSuit, usageError{err}
	}
	return s, nil
}
