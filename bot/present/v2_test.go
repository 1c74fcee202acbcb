package present

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// testPainter is the painter the tests share, as the bot shares one.
var testPainter = sync.OnceValues(func() (*Painter, error) { return NewPainter(64 << 20) })

func painter(t testing.TB) *Painter {
	t.Helper()
	p, err := testPainter()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The looks the tests show messages in.
var (
	lookPictures = Look{Pictures: true}
	lookText     = Look{}
	// lookEmojis has an emoji for every card of both decks, with IDs as long as Discord's.
	lookEmojis = Look{Pictures: true, Emojis: testEmojis()}
	// lookFourColour is lookEmojis with the four-colour deck.
	lookFourColour = Look{Pictures: true, Deck: picture.FourColour, Emojis: lookEmojis.Emojis}
)

func testEmojis() map[string]string {
	m := map[string]string{}
	for c := range engine.Card(engine.NumKinds) {
		for _, d := range []picture.Deck{picture.TwoColour, picture.FourColour} {
			m[picture.EmojiName(c, d)] = fmt.Sprintf("1%018d", 1000*int(c)+int(d))
		}
	}
	return m
}

// v2Component is a component as Discord reads it from the JSON a message sends.
type v2Component struct {
	Type        int           `json:"type"`
	Content     string        `json:"content"`
	Label       string        `json:"label"`
	Placeholder string        `json:"placeholder"`
	CustomID    string        `json:"custom_id"`
	Emoji       *v2Emoji      `json:"emoji"`
	Options     []v2Option    `json:"options"`
	Components  []v2Component `json:"components"`
	Accessory   *v2Component  `json:"accessory"`
	Items       []v2Item      `json:"items"`
	Media       *v2Media      `json:"media"`
	File        *v2Media      `json:"file"`
	Description *string       `json:"description"`
}

type v2Emoji struct{ ID, Name string }

type v2Option struct {
	Label       string   `json:"label"`
	Value       string   `json:"value"`
	Description string   `json:"description"`
	Emoji       *v2Emoji `json:"emoji"`
}

type v2Item struct {
	Media       v2Media `json:"media"`
	Description *string `json:"description"`
}

type v2Media struct {
	URL string `json:"url"`
}

// Component types, as Discord numbers them.
const (
	typeRow         = 1
	typeButton      = 2
	typeSelect      = 3
	typeSection     = 9
	typeText        = 10
	typeThumbnail   = 11
	typeGallery     = 12
	typeFile        = 13
	typeSeparator   = 14
	typeContainer   = 17
	maxButtonLabel  = 80
	maxSelectOption = 25
)

// v2Stats is what Discord counts in a Components V2 message.
type v2Stats struct {
	components int               // every component, nested ones and accessories counted
	text       int               // characters of text across them
	refs       []string          // the files shown, by attachment://name
	texts      []string          // the Text Displays' content
	controls   []v2Component     // buttons and menus
	files      map[string][]byte // the message's files by name
}

// statsOf reads a message as Discord would, from the JSON its components send, and fails
// the test where Discord would refuse it: more than 40 components, more than 4,000
// characters of text, more than 10 files, a file no component shows or a reference to a
// file the message lacks, two files or two controls of one name, a button with neither
// label nor emoji, a component where Discord does not take it.
func statsOf(t *testing.T, where string, m Message) v2Stats {
	t.Helper()
	raw, err := json.Marshal(m.Components)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	var cs []v2Component
	if err := json.Unmarshal(raw, &cs); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	st := v2Stats{files: map[string][]byte{}}
	var walk func(cs []v2Component, parent int)
	walk = func(cs []v2Component, parent int) {
		for _, c := range cs {
			st.components++
			st.text += utf8.RuneCountInString(c.Content) + utf8.RuneCountInString(c.Label) + utf8.RuneCountInString(c.Placeholder)
			for _, o := range c.Options {
				st.text += utf8.RuneCountInString(o.Label) + utf8.RuneCountInString(o.Description)
			}
			if c.Description != nil {
				st.text += utf8.RuneCountInString(*c.Description)
			}
			ok := map[int][]int{
				0:             {typeRow, typeSection, typeText, typeGallery, typeFile, typeSeparator, typeContainer},
				typeContainer: {typeRow, typeSection, typeText, typeGallery, typeFile, typeSeparator},
				typeRow:       {typeButton, typeSelect},
				typeSection:   {typeText},
			}[parent]
			if !slices.Contains(ok, c.Type) {
				t.Errorf("%s: a component of type %d inside one of type %d", where, c.Type, parent)
			}
			switch c.Type {
			case typeText:
				if c.Content == "" {
					t.Errorf("%s: an empty Text Display", where)
				}
				st.texts = append(st.texts, c.Content)
			case typeButton:
				if c.Label == "" && c.Emoji == nil {
					t.Errorf("%s: a button with neither label nor emoji: %+v", where, c)
				}
				if utf8.RuneCountInString(c.Label) > maxButtonLabel {
					t.Errorf("%s: a button label of %d characters", where, utf8.RuneCountInString(c.Label))
				}
				st.controls = append(st.controls, c)
			case typeSelect:
				if len(c.Options) > maxSelectOption {
					t.Errorf("%s: a menu of %d options", where, len(c.Options))
				}
				st.controls = append(st.controls, c)
			case typeGallery:
				if len(c.Items) < 1 || len(c.Items) > 10 {
					t.Errorf("%s: a gallery of %d items", where, len(c.Items))
				}
				for _, it := range c.Items {
					st.refs = append(st.refs, it.Media.URL)
					if it.Description == nil || *it.Description == "" {
						t.Errorf("%s: picture %s has no alt text", where, it.Media.URL)
					} else {
						if n := utf8.RuneCountInString(*it.Description); n > picture.MaxAlt {
							t.Errorf("%s: alt text of %d characters", where, n)
						}
						st.text += utf8.RuneCountInString(*it.Description)
					}
				}
			case typeContainer:
				if len(c.Components) == 0 {
					t.Errorf("%s: an empty container", where)
				}
			}
			if c.Media != nil {
				st.refs = append(st.refs, c.Media.URL)
			}
			if c.File != nil {
				st.refs = append(st.refs, c.File.URL)
			}
			walk(c.Components, c.Type)
			if c.Accessory != nil {
				walk([]v2Component{*c.Accessory}, typeSection)
			}
		}
	}
	walk(cs, 0)
	if st.components > maxComponents {
		t.Errorf("%s: %d components, nested ones counted (Discord's limit is %d)", where, st.components, maxComponents)
	}
	if st.text > maxText {
		t.Errorf("%s: %d characters of text (Discord's limit is %d)", where, st.text, maxText)
	}
	if len(m.Files) > maxFiles {
		t.Errorf("%s: %d files (Discord's limit is %d)", where, len(m.Files), maxFiles)
	}
	for _, f := range m.Files {
		if _, dup := st.files[f.Name]; dup {
			t.Errorf("%s: two files named %s", where, f.Name)
		}
		if f.ContentType != "image/png" {
			t.Errorf("%s: %s is %q, want image/png", where, f.Name, f.ContentType)
		}
		b, err := io.ReadAll(f.Reader)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if s, ok := f.Reader.(io.Seeker); ok {
			s.Seek(0, io.SeekStart) // leave the message as it was
		}
		if _, err := png.DecodeConfig(bytes.NewReader(b)); err != nil {
			t.Errorf("%s: %s is not a PNG: %v", where, f.Name, err)
		}
		st.files[f.Name] = b
	}
	shown := map[string]bool{}
	for _, ref := range st.refs {
		name, ok := strings.CutPrefix(ref, "attachment://")
		if !ok {
			t.Errorf("%s: a picture from %q, not an attachment", where, ref)
			continue
		}
		if _, ok := st.files[name]; !ok {
			t.Errorf("%s: %s shows a file the message does not have", where, ref)
		}
		shown[name] = true
	}
	for name := range st.files {
		if !shown[name] {
			t.Errorf("%s: file %s is shown by no component (Discord hides it)", where, name)
		}
	}
	ids := map[string]bool{}
	for _, c := range st.controls {
		if ids[c.CustomID] {
			t.Errorf("%s: two controls of custom ID %q", where, c.CustomID)
		}
		ids[c.CustomID] = true
	}
	return st
}

// customIDs lists the custom IDs of rows of components (as handControls makes them), in
// order.
func customIDs(rows []discordgo.MessageComponent) []string {
	var out []string
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			switch x := c.(type) {
			case discordgo.Button:
				out = append(out, x.CustomID)
			case discordgo.SelectMenu:
				out = append(out, x.CustomID)
			}
		}
	}
	return out
}

// messageRows lists the rows of controls of a message's container, in order.
func messageRows(m Message) []discordgo.ActionsRow {
	var out []discordgo.ActionsRow
	for _, c := range m.Components {
		if box, ok := c.(discordgo.Container); ok {
			for _, item := range box.Components {
				if row, ok := item.(discordgo.ActionsRow); ok {
					out = append(out, row)
				}
			}
		}
	}
	return out
}

// messageText joins the Text Displays of a message's container, a line between two.
func messageText(m Message) string {
	var texts []string
	for _, c := range m.Components {
		if box, ok := c.(discordgo.Container); ok {
			for _, item := range box.Components {
				if td, ok := item.(discordgo.TextDisplay); ok {
					texts = append(texts, td.Content)
				}
			}
		}
	}
	return strings.Join(texts, "\n")
}

// tableIDs are the custom IDs of the buttons of a table in play: My hand, Watch and, once
// a hand is over, the score sheet at its last page; none once the game is over.
func tableIDs(meta *table.Game, pub *engine.View) []string {
	if pub.Over() {
		return nil
	}
	ids := []string{
		commands.ID{Game: meta.ID, Action: commands.ActHand}.String(),
		commands.ID{Game: meta.ID, Action: commands.ActWatch}.String(),
	}
	if n := len(pub.Results()); n > 0 {
		ids = append(ids, commands.SheetID{Kind: commands.SheetScores, Game: meta.ID, Page: (n-1)/SheetPageSize + 1}.String())
	}
	return ids
}

// idsOf lists the custom IDs of a message's controls, in order.
func idsOf(st v2Stats) []string {
	var out []string
	for _, c := range st.controls {
		out = append(out, c.CustomID)
	}
	return out
}

// maxima are the most components and characters of text seen in a kind of message.
type maxima struct {
	mu         sync.Mutex
	components map[string]int
	text       map[string]int
}

func (m *maxima) note(kind string, st v2Stats) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.components == nil {
		m.components, m.text = map[string]int{}, map[string]int{}
	}
	m.components[kind] = max(m.components[kind], st.components)
	m.text[kind] = max(m.text[kind], st.text)
}

func (m *maxima) log(t *testing.T) {
	kinds := make([]string, 0, len(m.components))
	for k := range m.components {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		t.Logf("%-24s at most %2d components, %4d characters of text", k, m.components[k], m.text[k])
	}
}

// TestV2Limits: every message of every preset's golden game, at every moment, for the
// table and every seat's hand, keeps within Discord's limits on Components V2 messages,
// with pictures, without, and with card emojis; so does every private view at every step
// of the game (text only there, since drawing thousands of pictures adds nothing the
// moments lack); the table has its buttons (tableIDs) and each hand the controls of
// handControls, custom ID for custom ID.
func TestV2Limits(t *testing.T) {
	var seen maxima
	looks := []struct {
		name string
		look Look
	}{{"pictures", lookPictures}, {"text", lookText}, {"emojis", lookEmojis}}
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			skipUnderRace(t, preset)
			rules, err := engine.NewRules(preset, nil)
			if err != nil {
				t.Fatal(err)
			}
			meta := goldenMeta(preset, rules.Players, goldenNames)
			for _, lobby := range []Message{LobbyMessage(goldenLobby(meta, &rules), &rules), ClosedLobbyMessage(meta, &rules, "The game is on.")} {
				seen.note("lobby", statsOf(t, preset+" lobby", lobby))
			}
			// checkHand checks a hand's message, and that its controls are those of
			// handControls.
			checkHand := func(where string, g *engine.Game, seat int, opts HandOptions, l Look, kind string) {
				v := g.View(seat)
				st := statsOf(t, where, HandMessage(painter(t), meta, &v, opts, l))
				seen.note(kind, st)
				if want, got := customIDs(handControls(meta, &v, opts)), idsOf(st); !slices.Equal(want, got) {
					t.Errorf("%s: the controls are\n%q\nwant those of handControls:\n%q", where, got, want)
				}
			}
			g := goldenPlay(t, meta, &rules, func(name string, g *engine.Game) {
				pub := g.View(-1)
				for _, l := range looks {
					if raceEnabled && l.name == "emojis" {
						l.look.Pictures = false // the same pictures as "pictures", drawn again
					}
					where := fmt.Sprintf("%s, %s, %s", preset, name, l.name)
					st := statsOf(t, where+", table", TableMessage(painter(t), meta, &pub, l.look))
					seen.note("table, "+l.name, st)
					if want, got := tableIDs(meta, &pub), idsOf(st); !slices.Equal(want, got) {
						t.Errorf("%s, table: the buttons are %q, want %q", where, got, want)
					}
					for seat := range rules.Players {
						if raceEnabled && l.look.Pictures && !g.Waiting(seat) {
							continue // under the race detector, the pictures of the seats that act
						}
						where := fmt.Sprintf("%s, hand of seat %d", where, seat+1)
						checkHand(where, g, seat, HandOptions{}, l.look, "hand, "+l.name)
					}
				}
			}, func(g *engine.Game, a engine.Action, events []engine.Event) {
				if raceEnabled && g.LogLen()%5 != 0 {
					return // every fifth step: the race detector's is in TestV2ConcurrentPainting
				}
				// At every step, the seats the table waits for: those with controls.
				for seat := range rules.Players {
					if !g.Waiting(seat) {
						continue
					}
					where := fmt.Sprintf("%s, step %d, hand of seat %d", preset, g.LogLen(), seat+1)
					checkHand(where, g, seat, HandOptions{NextHand: true, Note: "⚠️ A note."}, lookText, "hand, text")
					if v := g.View(seat); v.MyTurn() && v.Phase() == engine.PhasePlay {
						checkHand(where, g, seat, HandOptions{Chosen: engine.CardSet(0).Add(v.Legal().Cards()[0])}, Look{Emojis: lookEmojis.Emojis}, "hand, emojis, no pictures")
					}
				}
			})
			pub := g.View(-1)
			for _, l := range looks {
				seen.note("closed table, "+l.name, statsOf(t, preset+" closed", ClosedTableMessage(painter(t), meta, &pub, "Finished.", l.look)))
			}
		})
	}
	seen.log(t)
}

// longNames are names as long as Discord allows (32 characters), each character one that
// escaping doubles, the longest a name can make a message.
var longNames = func() []string {
	out := make([]string, 6)
	for s := range out {
		out[s] = strings.Repeat(string("*_~`|<>@#"[s]), 31) + fmt.Sprint(s)
	}
	return out
}()

// TestV2LimitsLongNames: with every name as long as Discord allows and doubled by
// escaping, every message still keeps within Discord's limits, and the words of a
// table and of a hand still say what the table waits for.
func TestV2LimitsLongNames(t *testing.T) {
	var seen maxima
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			skipUnderRace(t, preset)
			rules, err := engine.NewRules(preset, nil)
			if err != nil {
				t.Fatal(err)
			}
			meta := goldenMeta(preset, rules.Players, longNames)
			seen.note("lobby", statsOf(t, preset+" lobby", LobbyMessage(goldenLobby(meta, &rules), &rules)))
			goldenPlay(t, meta, &rules, func(name string, g *engine.Game) {
				pub := g.View(-1)
				for _, l := range []Look{lookPictures, lookEmojis} {
					if raceEnabled && len(l.Emojis) > 0 {
						l.Pictures = false // the pictures are those drawn just now
					}
					where := fmt.Sprintf("%s, %s", preset, name)
					st := statsOf(t, where+", table", TableMessage(painter(t), meta, &pub, l))
					seen.note("table", st)
					if status := statusLine(meta, &pub); !strings.Contains(strings.Join(st.texts, "\n"), status) {
						t.Errorf("%s, table: the words lost what the table waits for, %q", where, status)
					}
					for seat := range rules.Players {
						if raceEnabled && l.Pictures && !g.Waiting(seat) {
							continue // under the race detector, the pictures of the seats that act
						}
						v := g.View(seat)
						st := statsOf(t, fmt.Sprintf("%s, hand of seat %d", where, seat+1), HandMessage(painter(t), meta, &v, HandOptions{NextHand: true}, l))
						seen.note("hand", st)
						if status := privateStatus(meta, &v); !strings.Contains(strings.Join(st.texts, "\n"), status) {
							t.Errorf("%s, hand of seat %d: the words lost what the seat may do, %q", where, seat+1, status)
						}
					}
				}
			}, func(*engine.Game, engine.Action, []engine.Event) {})
		})
	}
	seen.log(t)
}

// v2HostileNames are names that would change a Text Display if they went in as they are:
// Markdown that only Text Displays render (headings, quotes, lists), mentions, spoilers,
// code, links, and invisible controls that turn text around or hide in it.
var v2HostileNames = []string{
	"\u202eevil\u202c zero\u200bwidth [x](https://e.example)",
	"Normal", // the golden games' computer seat
	"# Heading **bold**",
	"- item `code` @everyone",
	"1. item <@123> @here",
	"> quote ||spoiler||",
}

// TestV2NamesEscaped: in every Text Display of every message of every preset's golden game,
// with names that are Markdown, mentions or invisible controls, the names read as typed:
// escaped, never a construct, never a mention, never an invisible control.
func TestV2NamesEscaped(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			rules, err := engine.NewRules(preset, nil)
			if err != nil {
				t.Fatal(err)
			}
			meta := goldenMeta(preset, rules.Players, v2HostileNames)
			var texts []string
			add := func(m Message) {
				st := statsOf(t, preset, m)
				texts = append(texts, st.texts...)
			}
			add(LobbyMessage(goldenLobby(meta, &rules), &rules))
			add(ClosedLobbyMessage(meta, &rules, LobbyEndWhy(meta, endCancelledBy(v2HostileNames[3]))))
			g := goldenPlay(t, meta, &rules, func(name string, g *engine.Game) {
				pub := g.View(-1)
				add(TableMessage(nil, meta, &pub, lookText))
				for seat := range rules.Players {
					v := g.View(seat)
					add(HandMessage(nil, meta, &v, HandOptions{}, lookEmojis))
				}
			}, func(g *engine.Game, _ engine.Action, _ []engine.Event) {
				if raceEnabled && g.LogLen()%3 != 0 {
					return
				}
				pub := g.View(-1)
				add(TableMessage(nil, meta, &pub, lookText))
			})
			pub := g.View(-1)
			add(ClosedTableMessage(nil, meta, &pub, EndWhy(meta, endCancelledBy(v2HostileNames[4])), lookText))
			text := strings.Join(texts, "\n")
			r := raw(text)
			for _, name := range v2HostileNames {
				if name != "Normal" && strings.Contains(text, name) {
					t.Errorf("%q appears unescaped", name)
				}
			}
			for _, c := range []struct{ what, bad string }{
				{"a heading", "\n# "}, {"a quote", "\n> "}, {"a list item", "\n- item"}, {"a numbered item", "\n1. item"},
				{"@everyone", "@everyone"}, {"@here", "@here"}, {"a mention", "<@123>"}, {"a spoiler", "||"},
				{"code", "`code`"}, {"a link", "](https"}, {"a right-to-left override", "\u202e"}, {"a zero-width space", "\u200b"},
			} {
				if i := strings.Index("\n"+r, c.bad); i >= 0 {
					t.Errorf("%s from a name: …%s…", c.what, r[max(0, i-60):min(len(r), i+60)])
				}
			}
			for seat, name := range v2HostileNames[:rules.Players] {
				if seat == 1 {
					continue // the computer
				}
				if !strings.Contains(text, Escape(name)) {
					t.Errorf("no Text Display names %q (escaped %q)", name, Escape(name))
				}
			}
		})
	}
}

// TestV2GoldenMessages: each preset's golden game, laid out as Components V2 messages
// with pictures (the lobby, the table and every seat's hand at each moment, a hand in
// card emojis, and the closed table), must match testdata/v2/<preset>.golden: the JSON
// of the components Discord receives and the files they show. The pictures themselves are
// the picture package's, whose golden pictures cover them. go test -run
// TestV2GoldenMessages -update rewrites the files.
func TestV2GoldenMessages(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			skipUnderRace(t, preset)
			got := goldenV2(t, preset)
			path := filepath.Join("testdata", "v2", preset+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -run TestV2GoldenMessages -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from what is laid out now (line %d); if the change is meant, rewrite it with -update",
					path, firstDiffLine(got, want))
			}
		})
	}
}

// goldenV2 lays out the preset's golden game as Components V2 messages.
func goldenV2(t *testing.T, preset string) []byte {
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	meta := goldenMeta(preset, rules.Players, goldenNames)
	var b strings.Builder
	section(&b, fmt.Sprintf("lobby, seat %d open", goldenOpenSeat(&rules)+1))
	writeMessage(t, &b, LobbyMessage(goldenLobby(meta, &rules), &rules))
	section(&b, "lobby, closed")
	writeMessage(t, &b, ClosedLobbyMessage(meta, &rules, "The game is on: follow it in <#c>."))
	emojis := false
	g := goldenPlay(t, meta, &rules, func(name string, g *engine.Game) {
		pub := g.View(-1)
		section(&b, fmt.Sprintf("%s · step %d · table", name, g.LogLen()))
		writeMessage(t, &b, TableMessage(painter(t), meta, &pub, lookPictures))
		for seat := range rules.Players {
			v := g.View(seat)
			section(&b, fmt.Sprintf("%s · step %d · hand of seat %d", name, g.LogLen(), seat+1))
			writeMessage(t, &b, HandMessage(painter(t), meta, &v, HandOptions{}, lookPictures))
			if !emojis && v.Phase() == engine.PhasePlay && v.MyTurn() && !meta.Seats[seat].Away {
				emojis = true
				section(&b, fmt.Sprintf("%s · step %d · hand of seat %d, four-colour card emojis, a card chosen", name, g.LogLen(), seat+1))
				writeMessage(t, &b, HandMessage(painter(t), meta, &v, HandOptions{Chosen: engine.CardSet(0).Add(v.Legal().Cards()[0])}, lookFourColour))
			}
		}
	}, func(*engine.Game, engine.Action, []engine.Event) {})
	pub := g.View(-1)
	section(&b, "table, closed")
	writeMessage(t, &b, ClosedTableMessage(painter(t), meta, &pub, EndWhy(meta, endFinished(g)), lookPictures))
	return []byte(b.String())
}

// writeMessage writes a message's files and the JSON of its components as Discord
// receives them.
func writeMessage(t *testing.T, b *strings.Builder, m Message) {
	t.Helper()
	var names []string
	for _, f := range m.Files {
		names = append(names, f.Name)
	}
	if len(names) == 0 {
		names = []string{"none"}
	}
	fmt.Fprintf(b, "files: %s\n", strings.Join(names, ", "))
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(m.Components); err != nil {
		t.Fatal(err)
	}
	b.Write(buf.Bytes())
}

// skipUnderRace skips a test of a preset that draws many pictures when the race detector
// makes drawing some ten times slower, but for racehorse and double-deck (the largest hand):
// the test runs whole without it, and the race detector's own test of drawing is
// TestV2ConcurrentPainting.
func skipUnderRace(t *testing.T, preset string) {
	t.Helper()
	if raceEnabled && preset != "racehorse" && preset != "double-deck" {
		t.Skip("the race detector makes drawing pictures some ten times slower: this preset is tested without it")
	}
}

// TestV2CardFaces: with card emojis, a seat's card buttons show the card's emoji and no
// symbol, keep their custom IDs, styles and states, and the hand in text shows the same
// emojis; without them, the buttons are those of handControls.
func TestV2CardFaces(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePlay)
	v := g.View(g.Turn())
	st := statsOf(t, "emojis", HandMessage(nil, meta, &v, HandOptions{}, lookFourColour))
	var baseButtons []discordgo.Button
	for _, r := range handControls(meta, &v, HandOptions{}) {
		for _, c := range r.(discordgo.ActionsRow).Components {
			baseButtons = append(baseButtons, c.(discordgo.Button))
		}
	}
	if len(baseButtons) != len(st.controls) {
		t.Fatalf("%d controls, want %d", len(st.controls), len(baseButtons))
	}
	faces := 0
	for i, b := range baseButtons {
		got := st.controls[i]
		id, err := commands.ParseID(b.CustomID)
		if err != nil || id.Action != commands.ActCard || b.Label == "·" {
			if got.Label != b.Label || got.CustomID != b.CustomID {
				t.Errorf("button %q (%s) became %q (%s)", b.Label, b.CustomID, got.Label, got.CustomID)
			}
			continue
		}
		c, _ := engine.ParseCard(id.Arg)
		want := picture.EmojiName(c, picture.FourColour)
		if got.Emoji == nil || got.Emoji.Name != want || got.Emoji.ID != lookEmojis.Emojis[want] || strings.Contains(got.Label, c.Symbol()) || got.CustomID != b.CustomID {
			t.Errorf("the button of %s is %+v (emoji %+v), want emoji %s and custom ID %s", c.Symbol(), got, got.Emoji, want, b.CustomID)
		}
		faces++
		if !strings.Contains(st.texts[0], "<:"+want+":"+lookEmojis.Emojis[want]+">") {
			t.Errorf("the hand in words does not show %s as its emoji:\n%s", c.Symbol(), st.texts[0])
		}
	}
	if faces == 0 {
		t.Fatal("no card button at the seat's turn to play")
	}
	plain := statsOf(t, "symbols", HandMessage(nil, meta, &v, HandOptions{}, lookText))
	for i, b := range baseButtons {
		if c := plain.controls[i]; c.Label != b.Label || c.Emoji != nil && b.Emoji == nil {
			t.Errorf("without emojis, button %d is %q, want %q", i, c.Label, b.Label)
		}
	}
}

// TestV2PicturesAndWords: with pictures, the table shows its picture with the scene's alt
// text, and the words beside it say what the table waits for; a hand shows its picture;
// text only, neither has a file, and the words are the same.
func TestV2PicturesAndWords(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePlay)
	pub := g.View(-1)
	st := statsOf(t, "table", TableMessage(painter(t), meta, &pub, lookPictures))
	if _, ok := st.files[TableFile]; !ok || len(st.refs) != 1 || st.refs[0] != "attachment://"+TableFile {
		t.Fatalf("the table shows %v with files %v, want %s", st.refs, len(st.files), TableFile)
	}
	scene := picture.TableOf(&pub, plainNames(meta), 0, picture.TwoColour)
	r, err := picture.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	want, err := r.PNG(scene)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(st.files[TableFile], want) {
		t.Error("the table's picture is not the picture package's drawing of the table")
	}
	text := statsOf(t, "table, text", TableMessage(painter(t), meta, &pub, lookText))
	if len(text.files) != 0 || len(text.refs) != 0 {
		t.Errorf("text only, the table has files %d and pictures %v", len(text.files), text.refs)
	}
	if !slices.Equal(st.texts, text.texts) {
		t.Errorf("the words differ with pictures:\n%q\nand without:\n%q", st.texts, text.texts)
	}
	if !strings.Contains(strings.Join(st.texts, "\n"), statusLine(meta, &pub)) {
		t.Errorf("the table's words do not say what it waits for: %q", st.texts)
	}
	v := g.View(g.Turn())
	hand := statsOf(t, "hand", HandMessage(painter(t), meta, &v, HandOptions{}, lookPictures))
	if _, ok := hand.files[HandFile]; !ok {
		t.Errorf("the hand has no picture: %v", hand.refs)
	}
	if none := statsOf(t, "hand, no painter", HandMessage(nil, meta, &v, HandOptions{}, lookPictures)); len(none.files) != 0 {
		t.Errorf("with no painter the hand has %d files", len(none.files))
	}
}

// TestV2LastResult: from the end of a hand until the next hand's first card the table
// shows the hand's result beside the table, in words and as a picture; at the game's end,
// the end and the last hand.
func TestV2LastResult(t *testing.T) {
	rules, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	meta := goldenMeta("racehorse", rules.Players, goldenNames)
	var during, after int
	g := goldenPlay(t, meta, &rules, func(string, *engine.Game) {}, func(g *engine.Game, _ engine.Action, _ []engine.Event) {
		pub := g.View(-1)
		d := tableDraft(meta, &pub, lookPictures)
		shown := slices.ContainsFunc(d.shots, func(s shot) bool { return s.file == ResultFile })
		words := strings.Contains(d.body, " result**")
		if shown != words {
			t.Fatalf("step %d: result picture %v, result in words %v", g.LogLen(), shown, words)
		}
		switch {
		case g.Over():
		case len(pub.Results()) > 0 && pub.NumTricks() == 0 && len(pub.Trick()) == 0:
			after++
			if !shown {
				t.Fatalf("step %d, hand %d before its first card: the last hand's result is not shown", g.LogLen(), pub.HandNo())
			}
		default:
			during++
			if shown {
				t.Fatalf("step %d, hand %d, %d tricks played: the last result is still shown", g.LogLen(), pub.HandNo(), pub.NumTricks())
			}
		}
	})
	if during == 0 || after == 0 {
		t.Fatalf("the game showed %d tables during play and %d after a hand", during, after)
	}
	pub := g.View(-1)
	st := statsOf(t, "over", TableMessage(painter(t), meta, &pub, lookPictures))
	if len(st.refs) != 2 || st.refs[0] != "attachment://"+GameOverFile || st.refs[1] != "attachment://"+ResultFile {
		t.Errorf("at the end the table shows %v, want the game's end and the last hand", st.refs)
	}
	if len(st.controls) != 0 {
		t.Errorf("a finished table has %d buttons", len(st.controls))
	}
}

// TestV2Lobby: the lobby holds its buttons (Join, Leave, Add computer player, Start, Cancel,
// then a seat's for each open seat), names the host by mention and every seated player;
// closed, it says why and has no buttons.
func TestV2Lobby(t *testing.T) {
	rules, err := engine.NewRules("six-handed", nil)
	if err != nil {
		t.Fatal(err)
	}
	meta := goldenMeta("six-handed", rules.Players, goldenNames)
	meta.HostID = "123456789012345678"
	for s := 2; s < 6; s++ {
		meta.Seats[s] = table.Seat{}
	}
	st := statsOf(t, "lobby", LobbyMessage(meta, &rules))
	var want []string
	for _, a := range []commands.Action{commands.ActJoin, commands.ActLeave, commands.ActAddComputer, commands.ActStart, commands.ActCancel} {
		want = append(want, commands.ID{Game: meta.ID, Action: a}.String())
	}
	for s := 2; s < 6; s++ {
		want = append(want, commands.ID{Game: meta.ID, Action: commands.ActSeat, Arg: fmt.Sprint(s)}.String())
	}
	if !slices.Equal(idsOf(st), want) {
		t.Errorf("the lobby's controls are %q, want %q", idsOf(st), want)
	}
	text := strings.Join(st.texts, "\n")
	for _, want := range []string{"<@123456789012345678>", "Seat 1: Ann", "Seat 3: *open*", rulesLine(&rules, meta)} {
		if !strings.Contains(text, want) {
			t.Errorf("the lobby does not say %q:\n%s", want, text)
		}
	}
	meta.HostID = "<@&1> @everyone"
	if text := strings.Join(statsOf(t, "lobby", LobbyMessage(meta, &rules)).texts, "\n"); !strings.Contains(text, "Hosted by "+Escape(meta.HostID)+".") {
		t.Errorf("a host ID that is no snowflake is not written escaped:\n%s", text)
	}
	closed := statsOf(t, "closed", ClosedLobbyMessage(meta, &rules, "Cancelled by Ann."))
	if len(closed.controls) != 0 || !strings.Contains(strings.Join(closed.texts, "\n"), "Cancelled by Ann.") {
		t.Errorf("the closed lobby has %d controls and says %q", len(closed.controls), closed.texts)
	}
}

// TestV2ConcurrentPainting: messages drawn at once from many goroutines, as the bot's
// poster draws them, are the same as drawn one at a time (run with -race).
func TestV2ConcurrentPainting(t *testing.T) {
	p, err := NewPainter(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	meta, g := gameAt(t, engine.PhasePlay)
	pub := g.View(-1)
	want := statsOf(t, "alone", TableMessage(p, meta, &pub, lookPictures)).files[TableFile]
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := g.View(i % 4)
			HandMessage(p, meta, &v, HandOptions{}, lookPictures)
			m := TableMessage(p, meta, &pub, lookPictures)
			got[i], _ = io.ReadAll(m.Files[0].Reader)
		}()
	}
	wg.Wait()
	for i, b := range got {
		if !bytes.Equal(b, want) {
			t.Errorf("goroutine %d drew a different table", i)
		}
	}
	if n, size := p.Cached(); n != 5 || size <= 0 {
		t.Errorf("the painter keeps %d pictures (%d bytes), want the table and 4 hands", n, size)
	}
}

// endCancelledBy is a table cancelled by the person named by.
func endCancelledBy(by string) live.Ending { return live.Ending{Kind: live.EndCancelled, By: by} }

// endFinished is the end of a finished game.
func endFinished(g *engine.Game) live.Ending {
	return live.Ending{Kind: live.EndFinished, Scores: g.Scores(), SeatScores: g.SeatScores(), Winner: g.Winner()}
}
