package main

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// runTool runs the tool with args and input, returning its output and exit status.
func runTool(t testing.TB, input string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut strings.Builder
	code = run(args, strings.NewReader(input), &out, &errOut)
	return out.String(), errOut.String(), code
}

// lines returns the lines of s without the final newline's empty line.
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestUsage(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		stdout   string // a part of stdout
		stderr   string // a part of stderr
		noStdout bool
	}{
		{args: nil, code: 2, stderr: "Commands:", noStdout: true},
		{args: []string{"help"}, code: 0, stdout: "Commands:"},
		{args: []string{"--help"}, code: 0, stdout: "simulate"},
		{args: []string{"help", "meld"}, code: 0, stdout: "-trump"},
		{args: []string{"meld", "-h"}, code: 0, stdout: "Usage: pinochle meld"},
		{args: []string{"simulate", "--help"}, code: 0, stdout: "-players"},
		{args: []string{"help", "dance"}, code: 2, stderr: `unknown command "dance"`, noStdout: true},
		{args: []string{"dance"}, code: 2, stderr: `pinochle: unknown command "dance"`, noStdout: true},
	}
	for _, tc := range tests {
		stdout, stderr, code := runTool(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tc.args, code, tc.code, stderr)
		}
		if !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: stdout %q, stderr %q; want them to hold %q and %q", tc.args, stdout, stderr, tc.stdout, tc.stderr)
		}
		if tc.noStdout && stdout != "" {
			t.Errorf("%v: wrote %q to stdout", tc.args, stdout)
		}
	}
}

func TestMeldText(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // lines of stdout, with runs of spaces collapsed
	}{
		{
			name: "run, dix and pinochle, cards as separate arguments",
			args: []string{"--variant", "racehorse", "--trump", "hearts", "AH", "10H", "KH", "QH", "JH", "9H", "QS", "JD"},
			want: []string{
				"racehorse, hearts trump: Q♠ A♥ 10♥ K♥ Q♥ J♥ 9♥ J♦",
				"run A♥ 10♥ K♥ Q♥ J♥ 150",
				"dix 9♥ 10",
				"pinochle Q♠ J♦ 40",
				"total 200",
			},
		},
		{
			name: "cards in one quoted argument, flags after the cards",
			args: []string{"AS 10S KS QS JS", "--variant", "double-deck", "--trump", "S"},
			want: []string{"double-deck, spades trump: A♠ 10♠ K♠ Q♠ J♠", "run A♠ 10♠ K♠ Q♠ J♠ 15", "total 15"},
		},
		{
			name: "no meld",
			args: []string{"--variant", "classic", "--trump", "c", "9H", "JS"},
			want: []string{"classic, clubs trump: J♠ 9♥", "no meld", "total 0"},
		},
		{
			name: "no trump named: a marriage is plain",
			args: []string{"--variant", "racehorse", "KH,QH"},
			want: []string{"racehorse, no trump: K♥ Q♥", "marriage in ♥ K♥ Q♥ 20", "total 20"},
		},
		{
			name: "table options change the meld",
			args: []string{"--variant", "partnership", "--trump", "S", "--options", "royal=nothing", "AS 10S KS KS QS QS JS"},
			want: []string{"partnership, spades trump: A♠ 10♠ K♠ K♠ Q♠ Q♠ J♠", "run A♠ 10♠ K♠ Q♠ J♠ 150", "total 150"},
		},
		{
			name: "four runs win the game",
			args: []string{"--variant", "double-deck", "--trump", "S", "AS AS AS AS 10S 10S 10S 10S KS KS KS KS QS QS QS QS JS JS JS JS"},
			want: []string{
				"double-deck, spades trump: A♠ A♠ A♠ A♠ 10♠ 10♠ 10♠ 10♠ K♠ K♠ K♠ K♠ Q♠ Q♠ Q♠ Q♠ J♠ J♠ J♠ J♠",
				"quadruple run A♠ 10♠ K♠ Q♠ J♠ A♠ 10♠ K♠ Q♠ J♠ A♠ 10♠ K♠ Q♠ J♠ A♠ 10♠ K♠ Q♠ J♠ 0",
				"total 0",
				"these runs win the game outright",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runTool(t, "", append([]string{"meld"}, tc.args...)...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			var got []string
			for _, l := range lines(stdout) {
				got = append(got, strings.Join(strings.Fields(l), " "))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("stdout:\n%s\nwant lines %q", stdout, tc.want)
			}
		})
	}
}

func TestMeldJSON(t *testing.T) {
	stdout, stderr, code := runTool(t, "", "meld", "--variant", "racehorse", "--trump", "H", "--json",
		"AH 10H KH QH JH 9H QS JD AS AD AC")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &keys); err != nil {
		t.Fatalf("output %q is not JSON: %v", stdout, err)
	}
	if got := slices.Sorted(maps.Keys(keys)); !slices.Equal(got, []string{"melds", "total", "wins_game"}) {
		t.Errorf("keys %v, want melds, total, wins_game", got)
	}
	var got meldJSON
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := meldJSON{Total: 300, Melds: []meldItemJSON{
		{Name: "run", Points: 150, Cards: []string{"AH", "10H", "KH", "QH", "JH"}},
		{Name: "dix", Points: 10, Cards: []string{"9H"}},
		{Name: "pinochle", Points: 40, Cards: []string{"QS", "JD"}},
		{Name: "aces around", Points: 100, Cards: []string{"AS", "AH", "AD", "AC"}},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}

	// No meld still writes a list, and a game-winning hand says so.
	stdout, _, _ = runTool(t, "", "meld", "--variant", "racehorse", "--json", "9H")
	if strings.TrimSpace(stdout) != `{"total":0,"wins_game":false,"melds":[]}` {
		t.Errorf("no meld: %s", stdout)
	}
	stdout, _, _ = runTool(t, "", "meld", "--variant", "double-deck", "--trump", "D", "--json",
		strings.Repeat("AD 10D KD QD JD ", 4))
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || !got.WinsGame {
		t.Errorf("four runs: %s (%v), want wins_game", stdout, err)
	}
}

func TestLegal(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"classic: follow and beat if able", []string{"--variant", "classic", "--trump", "S", "--hand", "AH 9H KS 9C", "--trick", "QH"}, "AH"},
		{"classic: cannot beat the second ace: any heart", []string{"--variant", "classic", "--trump", "S", "--hand", "AH 9H KS 9C", "--trick", "QH AH"}, "AH 9H"},
		{"classic: void must trump", []string{"--variant", "classic", "--trump", "S", "--hand", "KS 9S 9C", "--trick", "QH"}, "KS 9S"},
		{"racehorse: void with no winning trump plays anything", []string{"--variant", "racehorse", "--trump", "S", "--hand", "9S 9C KD", "--trick", "QH AS"}, "9S KD 9C"},
		{"leading: every distinct card", []string{"--variant", "racehorse", "--trump", "D", "--hand", "AS AS 9C"}, "AS 9C"},
		{"one card", []string{"--variant", "six-handed", "--trump", "H", "--hand", "9C", "--trick", "AH 10H KH QH JH"}, "9C"},
		{"a full double-deck hand", []string{"--variant", "double-deck", "--trump", "C", "--hand",
			"AS AS 10S 10S KS KS QS QS JS JS AH AH 10H 10H KH KH QH QH JH JH", "--trick", "JD"}, "AS 10S KS QS JS AH 10H KH QH JH"},
		{"two-handed play-off: follow and beat", []string{"--variant", "two-handed", "--trump", "S", "--hand", "AH 9H KS 9C", "--trick", "QH"}, "AH"},
		{"two-handed with the stock: any card", []string{"--variant", "two-handed", "--trump", "S", "--hand", "AH 9H KS 9C", "--trick", "QH", "--stock"}, "KS AH 9H 9C"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runTool(t, "", append([]string{"legal"}, tc.args...)...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if got := strings.TrimSpace(stdout); got != tc.want {
				t.Errorf("legal %q, want %q", got, tc.want)
			}
			stdout, _, _ = runTool(t, "", append([]string{"legal", "--json"}, tc.args...)...)
			var got legalJSON
			dec := json.NewDecoder(strings.NewReader(stdout))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&got); err != nil {
				t.Fatalf("--json output %q: %v", stdout, err)
			}
			if strings.Join(got.Legal, " ") != tc.want {
				t.Errorf("--json legal %q, want %q", got.Legal, tc.want)
			}
		})
	}
}

func TestSimulate(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--variant", "racehorse", "--players", "random", "--games", "3"},
			[]string{"variant        racehorse (at most 100 hands a game", "players        random in all 4 seats, seed 1", "games played   3\n"}},
		{[]string{"--variant", "six-handed", "--games", "2", "--seed", "9"},
			[]string{"variant        six-handed\n", "players        baseline in all 6 seats, seed 9", "games played   2\n", "hands played   12\n", "team 2 (seats 2 4 6)"}},
		{[]string{"--variant", "double-deck", "--hands", "25", "--options", "target=250"},
			[]string{"variant        double-deck (at most 100", "hands played   25\n", "bids           ", "average meld   "}},
		{[]string{"--variant", "classic", "--players", "random", "--hands", "10", "--options", "hands=4"},
			[]string{"variant        classic\n", "hands played   10\n"}},
	}
	for _, tc := range tests {
		stdout, stderr, code := runTool(t, "", append([]string{"simulate"}, tc.args...)...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", tc.args, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: output\n%s\nlacks %q", tc.args, stdout, w)
			}
		}
	}
}

// TestSimulateFigures checks the figures against the games themselves: the hands add up
// and the wins of all-Baseline tables add up to the games.
func TestSimulateFigures(t *testing.T) {
	r, err := rulesFor("racehorse", "hands=20")
	if err != nil {
		t.Fatal(err)
	}
	st, err := runSimulation(simConfig{rules: r, games: 20, seed: 3, players: "baseline"})
	if err != nil {
		t.Fatal(err)
	}
	if st.games != 20 || st.wins[0]+st.wins[1]+st.draws != 20 {
		t.Errorf("games %d, wins %v, draws %d: want 20 games accounted for", st.games, st.wins, st.draws)
	}
	if st.made+st.set+st.thrown+st.board+st.instant != st.hands || st.hands < 20 {
		t.Errorf("hands %d but outcomes %d+%d+%d+%d+%d", st.hands, st.made, st.set, st.thrown, st.board, st.instant)
	}
	again, err := runSimulation(simConfig{rules: r, games: 20, seed: 3, players: "baseline"})
	if err != nil {
		t.Fatal(err)
	}
	again.elapsed = st.elapsed
	if again != st {
		t.Errorf("the same seed gave %+v, then %+v", st, again)
	}
	// Counting hands plays the same games, in order, and cuts the last one.
	for _, workers := range []int{1, 3} {
		hands, err := runSimulation(simConfig{rules: r, hands: st.hands, seed: 3, players: "baseline", workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		hands.elapsed = st.elapsed
		if hands != st {
			t.Errorf("%d workers: %d hands gave %+v, want the %d games' %+v", workers, st.hands, hands, st.games, st)
		}
		cut, err := runSimulation(simConfig{rules: r, hands: st.hands - 1, seed: 3, players: "baseline", workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if cut.games != st.games-1 || cut.hands != st.hands-1 || cut.wins[0]+cut.wins[1]+cut.draws != st.games-1 {
			t.Errorf("%d workers: %d hands gave %d games and %d hands, want the last game cut", workers, st.hands-1, cut.games, cut.hands)
		}
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // a part of the one-line error
	}{
		{"meld: unknown variant", []string{"meld", "--variant", "euchre", "AS"}, `unknown variant "euchre"`},
		{"meld: unknown suit", []string{"meld", "--trump", "stars", "AS"}, `unknown suit "stars"`},
		{"meld: unknown card", []string{"meld", "--trump", "S", "AS", "XQ"}, `unknown card "XQ"`},
		{"meld: a nine in double-deck", []string{"meld", "--variant", "double-deck", "--trump", "S", "9S"}, "9S is not in the double-deck deck"},
		{"meld: three copies in a 48-card deck", []string{"meld", "--trump", "S", "AS AS AS"}, "the racehorse deck holds 2 AS, not 3"},
		{"meld: five copies in double-deck", []string{"meld", "--variant", "double-deck", "AS AS AS AS AS"}, "holds 4 AS, not 5"},
		{"meld: hand too large", []string{"meld", "--trump", "S", "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH"}, "a racehorse hand holds 12 cards, not 13"},
		{"meld: six-handed hand too large", []string{"meld", "--variant", "six-handed", "AS AS 10S 10S KS KS QS QS JS"}, "holds 8 cards, not 9"},
		{"meld: no cards", []string{"meld", "--trump", "S"}, "no cards given"},
		{"meld: unknown option", []string{"meld", "--options", "colour=red", "AS"}, "unknown option"},
		{"meld: option not k=v", []string{"meld", "--options", "royal", "AS"}, `option "royal" is not key=value`},
		{"meld: bad option value", []string{"meld", "--options", "royal=maybe", "AS"}, "want marriage or nothing"},
		{"meld: unknown flag", []string{"meld", "--colour", "AS"}, "flag provided but not defined: -colour"},
		{"legal: unknown variant", []string{"legal", "--variant", "bridge", "--trump", "S", "--hand", "AS"}, `unknown variant "bridge"`},
		{"legal: unknown suit", []string{"legal", "--trump", "X", "--hand", "AS"}, `unknown suit "X"`},
		{"legal: no trump", []string{"legal", "--hand", "AS"}, "name the trump suit"},
		{"legal: stock without one", []string{"legal", "--trump", "S", "--hand", "AS", "--stock"}, "--stock is for two-handed"},
		{"legal: no hand", []string{"legal", "--trump", "S"}, "no hand given"},
		{"legal: a nine in double-deck", []string{"legal", "--variant", "double-deck", "--trump", "S", "--hand", "AS 9S"}, "9S is not in the double-deck deck"},
		{"legal: a nine in a double-deck trick", []string{"legal", "--variant", "double-deck", "--trump", "S", "--hand", "AS", "--trick", "9H"}, "trick: 9H is not in the double-deck deck"},
		{"legal: hand and trick hold too many copies", []string{"legal", "--trump", "S", "--hand", "AH AH", "--trick", "AH"}, "holds 2 AH, not 3"},
		{"legal: hand too large", []string{"legal", "--variant", "six-handed", "--trump", "S", "--hand", "AS AS 10S 10S KS KS QS QS JS"}, "holds 8 cards, not 9"},
		{"legal: full trick", []string{"legal", "--trump", "S", "--hand", "AS", "--trick", "9H 9H JH QH"}, "already has a card from each of the 4 players"},
		{"legal: full six-handed trick", []string{"legal", "--variant", "six-handed", "--trump", "S", "--hand", "AS", "--trick", "9H 9H JH QH KH KH"}, "each of the 6 players"},
		{"legal: unknown option", []string{"legal", "--trump", "S", "--hand", "AS", "--options", "speed=fast"}, "unknown option"},
		{"legal: stray argument", []string{"legal", "--trump", "S", "--hand", "AS", "KS"}, `unexpected argument "KS"`},
		{"simulate: unknown variant", []string{"simulate", "--variant", "skat", "--games", "1"}, `unknown variant "skat"`},
		{"simulate: games and hands", []string{"simulate", "--games", "1", "--hands", "1"}, "exactly one of --games N or --hands N"},
		{"simulate: neither", []string{"simulate"}, "exactly one of --games N or --hands N"},
		{"simulate: negative", []string{"simulate", "--games", "-3"}, "count up from 1"},
		{"simulate: unknown players", []string{"simulate", "--games", "1", "--players", "grandmasters"}, `unknown players "grandmasters"`},
		{"simulate: unknown option", []string{"simulate", "--games", "1", "--options", "x=1"}, "unknown option"},
		{"simulate: not a number", []string{"simulate", "--games", "lots"}, `invalid value "lots" for flag -games`},
		{"simulate: no workers", []string{"simulate", "--games", "1", "--workers", "0"}, "--workers counts up from 1, not 0"},
		{"simulate: negative workers", []string{"simulate", "--games", "1", "--workers", "-1"}, "--workers counts up from 1, not -1"},
		{"simulate: workers not a number", []string{"simulate", "--games", "1", "--workers", "many"}, `invalid value "many" for flag -workers`},
		{"duel: no workers", []string{"duel", "--deals", "1", "--workers", "0"}, "--workers counts up from 1, not 0"},
		{"duel: negative workers", []string{"duel", "--deals", "1", "--workers", "-1"}, "--workers counts up from 1, not -1"},
		{"duel: workers not a number", []string{"duel", "--deals", "1", "--workers", "2.5"}, `invalid value "2.5" for flag -workers`},
		{"play: unknown variant", []string{"play", "--variant", "hearts"}, `unknown variant "hearts"`},
		{"play: no such seat", []string{"play", "--seat", "5"}, "no seat 5: a racehorse table seats 1 to 4"},
		{"play: unknown option", []string{"play", "--options", "jokers=on"}, "unknown option"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runTool(t, "", tc.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if ls := lines(stderr); len(ls) != 1 || !strings.HasSuffix(stderr, "\n") {
				t.Errorf("stderr %q, want one line", stderr)
			}
			if !strings.HasPrefix(stderr, "pinochle "+tc.args[0]+": ") || !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q, want %q after the command's name", stderr, tc.want)
			}
		})
	}
}

func TestParseFlagsInterleaved(t *testing.T) {
	fs := newFlagSet("x", "", &strings.Builder{})
	trump := fs.String("trump", "", "")
	pos, err := parseFlags(fs, []string{"AS", "--trump", "H", "KS", "--", "--QS"})
	if err != nil {
		t.Fatal(err)
	}
	if *trump != "H" || !slices.Equal(pos, []string{"AS", "KS", "--QS"}) {
		t.Errorf("trump %q, args %q", *trump, pos)
	}
}

// FuzzMeldArgs checks that no card text makes the tool panic, and that it either answers
// or reports one line of error with status 2.
func FuzzMeldArgs(f *testing.F) {
	for _, s := range []string{"AS 10S KS", "9S", "T♦ q♠,J♦", "AS AS AS", "", "10", "queen of spades", "\x00\xff", "A S", "-h", "--json"} {
		f.Add(s, "double-deck")
		f.Add(s, "racehorse")
	}
	f.Fuzz(func(t *testing.T, text, variant string) {
		for _, args := range [][]string{
			{"meld", "--variant", variant, "--trump", "S", text},
			{"meld", "--variant", variant, "--json", text, text},
			{"legal", "--variant", variant, "--trump", "H", "--hand", text, "--trick", text},
		} {
			stdout, stderr, code := runTool(t, "", args...)
			switch code {
			case 0:
				if stdout == "" {
					t.Errorf("%q: exit 0 with no output", args)
				}
			case 2:
				if len(lines(stderr)) != 1 {
					t.Errorf("%q: stderr %q, want one line", args, stderr)
				}
			default:
				t.Errorf("%q: exit %d (stderr %q)", args, code, stderr)
			}
		}
	})
}
