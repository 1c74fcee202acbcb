package present

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/table"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenSeed is the seed of every golden game: its deal and its computer players.
const goldenSeed = 3

// TestGolden plays a seeded game of each preset with computer players and renders what the
// bot would show in words besides the table's messages: the narration of every action, the
// score sheet and the review of the first hand. The text must match
// testdata/<preset>.golden byte for byte; go test -run TestGolden -update rewrites the
// files. The lobby, the table and every seat's private hand, at the same moments of the
// same game, are TestV2GoldenMessages'.
func TestGolden(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			got := goldenGame(t, preset, goldenNames)
			path := filepath.Join("testdata", preset+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -run TestGolden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from what is rendered now (line %d); if the change is meant, rewrite it with -update",
					path, firstDiffLine(got, want))
			}
		})
	}
}

// goldenLevel is the computer level that plays a golden game: the baseline, or at random
// where it does not play yet (two-handed's meld).
func goldenLevel(r *engine.Rules) string {
	if r.Stock {
		return "random"
	}
	return "baseline"
}

// firstDiffLine returns the number of the first line where a and b differ.
func firstDiffLine(a, b []byte) int {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(la), len(lb)) {
		if !bytes.Equal(la[i], lb[i]) {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// goldenNames are the players of the golden games, by seat.
var goldenNames = []string{"Ann", "Bob", "Cy", "Di", "Eve", "Flo"}

// goldenMeta is the table of a golden game: players named by names, one computer seat and
// one seat away, with hints and a turn timer.
func goldenMeta(preset string, players int, names []string) *table.Game {
	meta := &table.Game{ID: 7, GuildID: "g", HostID: "u1", Preset: preset, Seed: goldenSeed, Status: table.StatusPlaying,
		Settings: table.Settings{Level: table.LevelNormal, Hints: true, Ping: table.PingAuto,
			Timer: 10 * time.Minute, Timeout: table.PolicyComputer}}
	for s := range players {
		meta.Seats = append(meta.Seats, table.Seat{UserID: fmt.Sprintf("u%d", s+1), Name: names[s]})
	}
	meta.Seats[1] = table.Seat{Name: "Normal", Computer: table.LevelNormal}
	meta.Seats[players-1].Away = true
	return meta
}

// goldenGame plays the preset's golden game with players named by names (six of them)
// and returns its rendering: the narration, the score sheet and the review.
func goldenGame(t *testing.T, preset string, names []string) []byte {
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	meta := goldenMeta(preset, rules.Players, names)
	var b strings.Builder

	g := goldenPlay(t, meta, &rules, func(string, *engine.Game) {}, func(g *engine.Game, a engine.Action, events []engine.Event) {
		var narr Narration
		narr.Add(meta, ptr(g.View(-1)), a, events)
		section(&b, fmt.Sprintf("narration · step %d · seat %d", g.LogLen(), a.Seat+1))
		writeNarration(&b, &narr)
	})

	section(&b, "score sheet, page 1")
	e, comps := Sheet(meta, g.Results(), 1)
	writeEmbed(&b, e)
	writeComponents(&b, comps)
	section(&b, "review of hand 1")
	h, err := record.HandAt(rules, goldenSeed, g.Log(), 1)
	if err != nil {
		t.Fatal(err)
	}
	e, comps = Review(meta, &h, 1, len(g.Results()))
	writeEmbed(&b, e)
	writeComponents(&b, comps)
	return []byte(b.String())
}

// goldenOpenSeat is the seat left open in a golden game's lobby.
func goldenOpenSeat(rules *engine.Rules) int { return min(2, rules.Players-1) }

// goldenLobby is the golden game's table as its lobby shows it, one seat still open.
func goldenLobby(meta *table.Game, rules *engine.Rules) *table.Game {
	lobby := *meta
	lobby.Seats = append([]table.Seat(nil), meta.Seats...)
	lobby.Seats[goldenOpenSeat(rules)] = table.Seat{}
	return &lobby
}

// goldenPlay plays the golden game of a table to its end and returns it. It calls at at
// each moment worth showing, once each, in order (the start, several moments of the first
// hand, the start of the second and the end), and acted after each action with the action
// and its events. The game's actions are the computer players' (goldenActions).
func goldenPlay(t *testing.T, meta *table.Game, rules *engine.Rules, at func(name string, g *engine.Game),
	acted func(g *engine.Game, a engine.Action, events []engine.Event)) *engine.Game {
	g, err := engine.NewGame(*rules, goldenSeed)
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	moment := func(name string) {
		if shown[name] {
			return
		}
		shown[name] = true
		at(name, g)
	}
	moment("start")
	for _, a := range goldenActions(t, rules) {
		events, err := g.ApplyEvents(a)
		if err != nil {
			t.Fatalf("step %d: %v", g.LogLen(), err)
		}
		acted(g, a, events)
		v := g.View(-1)
		switch {
		case g.Over():
		case g.HandNumber() == 2 && g.Phase() == engine.PhaseBidding:
			moment("hand 2, bidding")
		case g.HandNumber() == 2 && rules.Stock && v.NumTricks() == 0:
			moment("hand 2, first lead")
		case g.HandNumber() == 1 && rules.Stock && g.Phase() == engine.PhaseMeld && len(v.LaidMelds()) > 0:
			moment("hand 1, melding after a meld")
		case g.HandNumber() == 1 && rules.Stock && g.Phase() == engine.PhasePlay && v.StockSize() == 0 && len(v.Trick()) == 1:
			moment("hand 1, playing after the stock")
		case g.HandNumber() != 1:
		case g.Phase() == engine.PhasePlay && len(v.Trick()) == 1 && v.NumTricks() == 1:
			moment("hand 1, first card after the first trick")
		default:
			moment("hand 1, " + g.Phase().String())
		}
	}
	if !g.Over() {
		t.Fatalf("the golden game of %s is not over after its %d actions", rules.Preset, g.LogLen())
	}
	moment("game over")
	return g
}

// goldenGames keeps the actions of each preset's golden game, played once by computer
// players and replayed by every test that shows it.
var goldenGames struct {
	sync.Mutex
	actions map[string][]engine.Action
}

// goldenActions returns the actions of the preset's golden game: computer players at
// goldenLevel, seeded with goldenSeed, play every seat to the game's end.
func goldenActions(t testing.TB, rules *engine.Rules) []engine.Action {
	goldenGames.Lock()
	defer goldenGames.Unlock()
	if a, ok := goldenGames.actions[rules.Preset]; ok {
		return a
	}
	g, err := engine.NewGame(*rules, goldenSeed)
	if err != nil {
		t.Fatal(err)
	}
	p := computertest.New(t, goldenLevel(rules), goldenSeed)
	var actions []engine.Action
	for n := 0; !g.Over(); n++ {
		if n == 2000 {
			t.Fatalf("the game is not over after %d actions", n)
		}
		seat := g.Turn()
		if seat < 0 {
			for s := range rules.Players {
				if g.Waiting(s) {
					seat = s
					break
				}
			}
		}
		a := p.Choose(g.View(seat))
		if err := g.Apply(a); err != nil {
			t.Fatalf("step %d: %v", g.LogLen(), err)
		}
		actions = append(actions, a)
	}
	if goldenGames.actions == nil {
		goldenGames.actions = map[string][]engine.Action{}
	}
	goldenGames.actions[rules.Preset] = actions
	return actions
}

// section heads a part of a golden file.
func section(b *strings.Builder, name string) {
	fmt.Fprintf(b, "\n==== %s ====\n", name)
}

// writeEmbed writes an embed's parts, each on lines of its own.
func writeEmbed(b *strings.Builder, e *discordgo.MessageEmbed) {
	fmt.Fprintf(b, "embed · colour #%06x\ntitle: %s\n", e.Color, e.Title)
	if e.Description != "" {
		fmt.Fprintf(b, "description:\n%s\n", indent(e.Description))
	}
	for _, f := range e.Fields {
		inline := ""
		if f.Inline {
			inline = " (inline)"
		}
		fmt.Fprintf(b, "field %s%s:\n%s\n", f.Name, inline, indent(f.Value))
	}
	if e.Footer != nil {
		fmt.Fprintf(b, "footer: %s\n", e.Footer.Text)
	}
}

// writeComponents writes each row of components as the JSON Discord receives.
func writeComponents(b *strings.Builder, comps []discordgo.MessageComponent) {
	if comps == nil {
		b.WriteString("components: none\n")
		return
	}
	fmt.Fprintf(b, "components: %d row(s)\n", len(comps))
	for _, c := range comps {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c); err != nil {
			fmt.Fprintf(b, "  error: %v\n", err)
			continue
		}
		b.WriteString("  " + buf.String())
	}
}

// writeNarration writes the lines an action's narration posts, and the buttons and sheet
// that come with them.
func writeNarration(b *strings.Builder, n *Narration) {
	for _, l := range n.Lines {
		b.WriteString(indent(l) + "\n")
		if comps, ok := n.Buttons[l]; ok {
			writeComponents(b, comps)
		}
	}
	for _, e := range n.Sheets {
		writeEmbed(b, e)
	}
}

// indent sets text off by two spaces a line, leaving empty lines empty.
func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "\n")
}
