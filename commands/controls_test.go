package commands

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
)

const testGameID = 4242

// checkControls checks the controls of every seat at the game's current
// step: Discord's limits, custom IDs and that every enabled control maps
// to an action the engine accepts. It returns the phases it saw controls
// in.
func checkControls(t *testing.T, name string, g *engine.Game) {
	t.Helper()
	for seat := range g.Rules().Players {
		comps := Controls(viewOf(g, seat), testGameID)
		if !g.Waiting(seat) {
			if comps != nil {
				t.Fatalf("%s: seat %d is not waiting but has %d rows", name, seat, len(comps))
			}
			continue
		}
		if len(comps) == 0 {
			t.Fatalf("%s: seat %d is waiting in %v but has no controls", name, seat, g.Phase())
		}
		if len(comps) > maxRows {
			t.Fatalf("%s: %d rows", name, len(comps))
		}
		for _, rc := range comps {
			row, ok := rc.(discordgo.ActionsRow)
			if !ok {
				t.Fatalf("%s: top-level component %T, want an action row", name, rc)
			}
			if len(row.Components) == 0 || len(row.Components) > maxButtonsPerRow {
				t.Fatalf("%s: row of %d components", name, len(row.Components))
			}
			for _, c := range row.Components {
				switch c := c.(type) {
				case discordgo.Button:
					if len(row.Components) > maxButtonsPerRow {
						t.Fatalf("%s: row of %d buttons", name, len(row.Components))
					}
					checkButton(t, name, g, seat, c)
				case discordgo.SelectMenu:
					if len(row.Components) != 1 {
						t.Fatalf("%s: a select menu shares its row", name)
					}
					checkSelect(t, name, g, seat, c)
				default:
					t.Fatalf("%s: component %T", name, c)
				}
			}
		}
	}
}

func parseControlID(t *testing.T, name string, g *engine.Game, seat int, s string) ID {
	t.Helper()
	if len(s) > MaxIDLen {
		t.Fatalf("%s: custom ID %q of %d characters", name, s, len(s))
	}
	id, err := ParseID(s)
	if err != nil {
		t.Fatalf("%s: ParseID(%q): %v", name, s, err)
	}
	if id.Game != testGameID || id.Hand != g.HandNumber() || id.Step != g.LogLen() || !id.Current(g, seat) {
		t.Fatalf("%s: ID %+v for hand %d step %d", name, id, g.HandNumber(), g.LogLen())
	}
	return id
}

func checkButton(t *testing.T, name string, g *engine.Game, seat int, b discordgo.Button) {
	t.Helper()
	if n := utf8.RuneCountInString(b.Label); n == 0 || n > maxLabelLen {
		t.Fatalf("%s: button label %q", name, b.Label)
	}
	id := parseControlID(t, name, g, seat, b.CustomID)
	if id.Action == ActOther {
		// The modal's amount: the lowest legal bid typed by hand.
		m := BidModal(id.Game, id.Hand, id.Step, g.MinNextBid())
		mid, err := ParseID(m.CustomID)
		if err != nil || mid.Action != ActBidModal || mid.Step != id.Step {
			t.Fatalf("%s: bid modal ID %q: %v", name, m.CustomID, err)
		}
		a, err := ActionFor(mid, seat, []string{" " + strconv.Itoa(g.MinNextBid()) + " "})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Check(a); err != nil {
			t.Fatalf("%s: typed bid %v: %v", name, a, err)
		}
		return
	}
	a, err := ActionFor(id, seat, nil)
	if err != nil {
		t.Fatalf("%s: ActionFor(%+v): %v", name, id, err)
	}
	err = g.Check(a)
	if b.Disabled && err == nil {
		t.Fatalf("%s: disabled button %q maps to %v, which the engine accepts", name, b.Label, a)
	}
	if !b.Disabled && err != nil {
		t.Fatalf("%s: button %q maps to %v: %v", name, b.Label, a, err)
	}
}

func checkSelect(t *testing.T, name string, g *engine.Game, seat int, m discordgo.SelectMenu) {
	t.Helper()
	id := parseControlID(t, name, g, seat, m.CustomID)
	if id.Action != ActPassCards {
		t.Fatalf("%s: select menu with action %s", name, id.Action)
	}
	rule := g.PassRuleFor(seat)
	h := g.Hand(seat)
	// Passing back with enough cards outside the meld, only those are offered.
	offered := h.Len()
	if rule.Need > 0 && rule.Need == rule.Count {
		offered = rule.Prefer.Len()
	}
	if len(m.Options) > maxSelectOptions || len(m.Options) != offered {
		t.Fatalf("%s: %d options for a hand of %d (%d may be passed)", name, len(m.Options), h.Len(), offered)
	}
	if rule.Need > 0 && rule.Need == rule.Count {
		// Any choice among them is accepted.
		var first []string
		for _, o := range m.Options[:rule.Count] {
			first = append(first, o.Value)
		}
		a, err := ActionFor(id, seat, first)
		if err != nil || g.Check(a) != nil {
			t.Fatalf("%s: passing the first options %v: %v / %v", name, first, err, g.Check(a))
		}
	}
	if m.MinValues == nil || *m.MinValues != rule.Count || m.MaxValues != rule.Count {
		t.Fatalf("%s: min/max values %v/%d, want %d", name, m.MinValues, m.MaxValues, rule.Count)
	}
	if n := utf8.RuneCountInString(m.Placeholder); n == 0 || n > maxPlaceholder {
		t.Fatalf("%s: placeholder %q", name, m.Placeholder)
	}
	// A three-handed bidder buries its cards, to no one: the menu says so, and names no seat.
	if bury := g.Rules().PassStyle == engine.PassBury; bury != strings.Contains(m.Placeholder, "bury") || (bury && strings.Contains(m.Placeholder, "seat")) {
		t.Fatalf("%s: placeholder %q of a pass style %v", name, m.Placeholder, g.Rules().PassStyle)
	}
	values := map[string]bool{}
	for _, o := range m.Options {
		if values[o.Value] || o.Label == "" || utf8.RuneCountInString(o.Label) > maxLabelLen || len(o.Value) > 100 {
			t.Fatalf("%s: option %+v", name, o)
		}
		values[o.Value] = true
	}
	// What a player would choose: the computer's pass, spelled as values
	// with copy indices.
	want := computertest.New(t, "baseline", 1).Choose(g.View(seat))
	var chosen []string
	used := map[engine.Card]int{}
	for _, c := range want.Cards {
		chosen = append(chosen, cardValue(c, used[c]))
		used[c]++
	}
	for _, v := range chosen {
		if !values[v] {
			t.Fatalf("%s: value %q is not an option", name, v)
		}
	}
	a, err := ActionFor(id, seat, chosen)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Check(a); err != nil {
		t.Fatalf("%s: pass %v: %v", name, chosen, err)
	}
	if !slices.Equal(sortedCards(a.Cards), sortedCards(want.Cards)) {
		t.Fatalf("%s: values %v gave %v, want %v", name, chosen, a.Cards, want.Cards)
	}
}

func sortedCards(cs []engine.Card) []engine.Card {
	out := slices.Clone(cs)
	slices.Sort(out)
	return out
}

// TestControlsEveryPhase plays random games of every preset (with and
// without options that change the controls) and checks every seat's
// controls at every step.
func TestControlsEveryPhase(t *testing.T) {
	type setup struct {
		preset string
		opts   map[string]string
		phases []engine.Phase // phases that must have been seen
	}
	all := []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhasePass, engine.PhasePassBack, engine.PhaseDecide, engine.PhasePlay}
	noDecide := []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhasePass, engine.PhasePassBack, engine.PhasePlay}
	setups := []setup{
		{"racehorse", nil, noDecide},
		{"racehorse", map[string]string{"throwin": "any", "moon": "on"}, all},
		{"classic", nil, noDecide},
		{"partnership", map[string]string{"moon": "on"}, all},
		{"double-deck", nil, []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhaseDecide, engine.PhasePlay}},
		{"double-deck", map[string]string{"pass": "4"}, all},
		{"six-handed", nil, []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhasePass, engine.PhaseDecide, engine.PhasePlay}},
		{"two-handed", nil, []engine.Phase{engine.PhasePlay, engine.PhaseMeld}},
		{"three-handed", nil, []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhasePass, engine.PhaseDecide, engine.PhasePlay}},
		{"three-handed", map[string]string{"throwin": "never", "set": "double"}, []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhasePass, engine.PhasePlay}},
	}
	for _, su := range setups {
		name := su.preset
		if len(su.opts) > 0 {
			name += " " + FormatOptions(su.opts)
		}
		t.Run(name, func(t *testing.T) {
			rules, err := engine.NewRules(su.preset, su.opts)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[engine.Phase]bool{}
			for seed := uint64(1); seed <= 4; seed++ {
				g, err := engine.NewGame(rules, seed)
				if err != nil {
					t.Fatal(err)
				}
				// Random players reach rare corners; baseline players bid
				// what their hands hold, so that hands are played out.
				player := computertest.New(t, "random", seed)
				if seed > 2 {
					player = computertest.New(t, "baseline", seed)
				}
				for steps := 0; !g.Over() && g.HandNumber() <= 3 && steps < 3000; steps++ {
					checkControls(t, name, g)
					seen[g.Phase()] = true
					acted := false
					for seat := range rules.Players {
						if g.Waiting(seat) {
							if err := g.Apply(player.Choose(g.View(seat))); err != nil {
								t.Fatal(err)
							}
							acted = true
							break
						}
					}
					if !acted {
						t.Fatalf("nobody is waiting in %v", g.Phase())
					}
				}
			}
			for _, p := range su.phases {
				if !seen[p] {
					t.Errorf("phase %v never reached", p)
				}
			}
		})
	}
}

func TestCardRows(t *testing.T) {
	deck := engine.HandOf()
	for s := engine.Spades; s < engine.NoSuit; s++ {
		for r := engine.Nine; r <= engine.Ace; r++ {
			deck[engine.NewCard(r, s)] = 1
		}
	}
	all := deck.Cards()
	tests := []struct {
		cards []engine.Card
		rows  []int
	}{
		{all[:12], []int{5, 1, 5, 1}},                // two full suits: a suit of six takes two rows
		{all[:6], []int{5, 1}},                       // one suit
		{all, []int{5, 5, 5, 5, 4}},                  // 24 distinct cards: packed five to a row
		{append(all[:6:6], all[12]), []int{5, 1, 1}}, // two suits, one of six
		// Suits of 6, 3, 2 and 1 cards would take five rows: the two smallest whole
		// suits share one, and the cards keep a row free for the view's own buttons.
		{slices.Concat(all[:6], all[6:9], all[12:14], all[18:19]), []int{5, 1, 3, 3}},
		// 6, 6, 3 and 1: no two whole suits fit together; the suit of one joins its
		// neighbour (six of one suit need two rows anyway).
		{slices.Concat(all[:6], all[6:12], all[12:15], all[18:19]), []int{5, 1, 5, 5}},
	}
	for _, tc := range tests {
		var got []int
		for _, r := range cardRows(tc.cards) {
			got = append(got, len(r))
		}
		if !slices.Equal(got, tc.rows) {
			t.Errorf("cardRows(%v) rows %v, want %v", tc.cards, got, tc.rows)
		}
	}
}

// TestPlayLayoutFullHand checks a double-deck hand of 20 cards: every
// distinct card has a button.
func TestPlayLayoutFullHand(t *testing.T) {
	rules, err := engine.NewRules("double-deck", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, 7)
	if err != nil {
		t.Fatal(err)
	}
	player := computertest.New(t, "random", 7)
	for g.Phase() != engine.PhasePlay && !g.Over() {
		for seat := range rules.Players {
			if g.Waiting(seat) {
				if err := g.Apply(player.Choose(g.View(seat))); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	seat := g.Turn()
	rows := Controls(viewOf(g, seat), 1)
	h := g.Hand(seat)
	n := 0
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			b := c.(discordgo.Button)
			id, _ := ParseID(b.CustomID)
			card, ok := cardByCode(id.Arg)
			if !ok || !h.Has(card) {
				t.Errorf("button %q for a card not held", b.CustomID)
			}
			n++
		}
	}
	if n != h.Set().Len() {
		t.Errorf("%d buttons for %d distinct cards", n, h.Set().Len())
	}
}

func TestActionFor(t *testing.T) {
	id := func(a Action, arg string) ID { return ID{Game: 1, Hand: 1, Step: 5, Action: a, Arg: arg} }
	tests := []struct {
		id     ID
		values []string
		want   engine.Action
		err    string
	}{
		{id(ActBid, "260"), nil, engine.Action{Seat: 2, Kind: engine.ActBid, Bid: 260}, ""},
		{id(ActBidModal, ""), []string{" 1,000 "}, engine.Action{Seat: 2, Kind: engine.ActBid, Bid: 1000}, ""},
		{id(ActBidModal, ""), []string{"260"}, engine.Action{Seat: 2, Kind: engine.ActBid, Bid: 260}, ""},
		{id(ActBidModal, ""), []string{"lots"}, engine.Action{}, "not a number"},
		{id(ActBidModal, ""), []string{"-5"}, engine.Action{}, "not a number"},
		{id(ActBidModal, ""), []string{"0"}, engine.Action{}, "above 0"},
		{id(ActBidModal, ""), []string{""}, engine.Action{}, "type the amount"},
		{id(ActBidModal, ""), nil, engine.Action{}, "type the amount"},
		{id(ActBidModal, ""), []string{"99999999"}, engine.Action{}, "too high"},
		{id(ActPass, ""), nil, engine.Action{Seat: 2, Kind: engine.ActPass}, ""},
		{id(ActTrump, "D"), nil, engine.Action{Seat: 2, Kind: engine.ActTrump, Suit: engine.Diamonds}, ""},
		{id(ActPassCards, ""), []string{"AS#0", "AS#1", "10H#0"}, engine.Action{Seat: 2, Kind: engine.ActPassCards,
			Cards: []engine.Card{engine.NewCard(engine.Ace, engine.Spades), engine.NewCard(engine.Ace, engine.Spades), engine.NewCard(engine.Ten, engine.Hearts)}}, ""},
		{id(ActPassCards, ""), []string{"AS#0", "AS#0"}, engine.Action{}, "twice"},
		{id(ActPassCards, ""), []string{"AS"}, engine.Action{}, "card value"},
		{id(ActPassCards, ""), []string{"AS#4"}, engine.Action{}, "card value"},
		{id(ActPassCards, ""), []string{"ZZ#0"}, engine.Action{}, "card value"},
		{id(ActPassCards, ""), nil, engine.Action{}, "choose"},
		{id(ActPlayHand, ""), nil, engine.Action{Seat: 2, Kind: engine.ActPlayHand}, ""},
		{id(ActThrowIn, ""), nil, engine.Action{Seat: 2, Kind: engine.ActThrowIn}, ""},
		{id(ActMoon, ""), nil, engine.Action{Seat: 2, Kind: engine.ActShootMoon}, ""},
		{id(ActCard, "10H"), nil, engine.Action{Seat: 2, Kind: engine.ActPlayCard, Card: engine.NewCard(engine.Ten, engine.Hearts)}, ""},
		{id(ActOther, ""), nil, engine.Action{}, "not a game action"},
		{ID{Game: 1, Action: ActJoin}, nil, engine.Action{}, "not a game action"},
		{id(ActCard, "XX"), nil, engine.Action{}, "bad card"},
	}
	for _, tc := range tests {
		got, err := ActionFor(tc.id, 2, tc.values)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ActionFor(%+v, %q) = %v, %v; want an error containing %q", tc.id, tc.values, got, err, tc.err)
			}
			continue
		}
		if err != nil || got.Seat != tc.want.Seat || got.Kind != tc.want.Kind || got.Bid != tc.want.Bid ||
			got.Suit != tc.want.Suit || got.Card != tc.want.Card || !slices.Equal(got.Cards, tc.want.Cards) {
			t.Errorf("ActionFor(%+v, %q) = %+v, %v; want %+v", tc.id, tc.values, got, err, tc.want)
		}
	}
	if _, err := ActionFor(ID{Game: 1, Action: ActJoin}, 0, nil); !errors.Is(err, ErrNotGameAction) {
		t.Errorf("lobby control: %v, want ErrNotGameAction", err)
	}
}

func TestModalValues(t *testing.T) {
	m := BidModal(3, 2, 17, 260)
	if len(m.Title) == 0 || len(m.Components) != 1 {
		t.Fatalf("BidModal = %+v", m)
	}
	in := m.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.TextInput)
	if in.CustomID != BidInputID || in.Style != discordgo.TextInputShort || utf8.RuneCountInString(in.Label) > 45 {
		t.Errorf("text input = %+v", in)
	}
	data := discordgo.ModalSubmitInteractionData{CustomID: m.CustomID, Components: []discordgo.MessageComponent{
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.TextInput{CustomID: BidInputID, Value: "270"}}},
	}}
	if v := ModalValues(data); len(v) != 1 || v[0] != "270" {
		t.Errorf("ModalValues = %q", v)
	}
	if v := ModalValues(discordgo.ModalSubmitInteractionData{}); v != nil {
		t.Errorf("ModalValues of an empty modal = %q", v)
	}
}

func TestCurrentSixHandedPass(t *testing.T) {
	rules, err := engine.NewRules("six-handed", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, 3)
	if err != nil {
		t.Fatal(err)
	}
	player := computertest.New(t, "random", 3)
	for g.Phase() != engine.PhasePass {
		if g.Over() || g.HandNumber() > 5 {
			t.Fatal("no pass phase reached")
		}
		for seat := range rules.Players {
			if g.Waiting(seat) {
				if err := g.Apply(player.Choose(g.View(seat))); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	var waiting []int
	for seat := range rules.Players {
		if g.Waiting(seat) {
			waiting = append(waiting, seat)
		}
	}
	if len(waiting) != 3 {
		t.Fatalf("%d seats pass at once, want 3", len(waiting))
	}
	ids := map[int]ID{}
	for _, s := range waiting {
		row := Controls(viewOf(g, s), 1)[0].(discordgo.ActionsRow)
		ids[s], _ = ParseID(row.Components[0].(discordgo.SelectMenu).CustomID)
	}
	bid := ID{Game: 1, Hand: g.HandNumber(), Step: g.LogLen(), Action: ActCard, Arg: "AS"}
	if err := g.Apply(player.Choose(g.View(waiting[0]))); err != nil {
		t.Fatal(err)
	}
	if ids[waiting[0]].Current(g, waiting[0]) {
		t.Error("the seat that passed still has a current menu")
	}
	if !ids[waiting[1]].Current(g, waiting[1]) || !ids[waiting[2]].Current(g, waiting[2]) {
		t.Error("another seat's pass made a waiting seat's menu stale")
	}
	if bid.Current(g, waiting[1]) {
		t.Error("a non-pass control survived a step")
	}
	if !(ID{Game: 1, Action: ActHand}).Current(g, 0) {
		t.Error("a table control is not current")
	}
}

// FuzzParseAmount: a typed bid never panics, and an accepted one is a positive number that
// reads back the same once its separators are removed.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"260", " 1,000 ", "", "-5", "0", "２６０", "1e3", "99999999999999999999", "26 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseAmount(s)
		if err != nil {
			return
		}
		if n <= 0 {
			t.Fatalf("ParseAmount(%q) = %d, accepted but not positive", s, n)
		}
		if m, err := ParseAmount(strconv.Itoa(n)); err != nil || m != n {
			t.Fatalf("ParseAmount(%q) = %d, but %d reads back as %d, %v", s, n, n, m, err)
		}
	})
}

// FuzzActionFor: whatever the values a forged select or modal sends, mapping a control to an
// action never panics, and any action it returns is for the clicker's seat and of the
// control's kind.
func FuzzActionFor(f *testing.F) {
	f.Add("p1:7:1:3:give", "AS#0,10H#1,KD#0")
	f.Add("p1:7:1:3:bidm", "260")
	f.Add("p1:7:1:3:card:QS", "")
	f.Add("p1:7:1:3:give", "AS#9,AS#0,ZZ#1,#,AS#")
	f.Fuzz(func(t *testing.T, customID, values string) {
		id, err := ParseID(customID)
		if err != nil {
			return
		}
		var vals []string
		if values != "" {
			vals = strings.Split(values, ",")
		}
		a, err := ActionFor(id, 2, vals)
		if err != nil {
			return
		}
		if a.Seat != 2 {
			t.Fatalf("ActionFor(%q, seat 2, %q) acts for seat %d", customID, vals, a.Seat)
		}
		if id.Action == ActPassCards && a.Kind != engine.ActPassCards {
			t.Fatalf("a pass menu mapped to %v", a.Kind)
		}
		for _, c := range a.Cards {
			if !c.Valid() {
				t.Fatalf("ActionFor(%q, %q) passes an invalid card %v", customID, vals, c)
			}
		}
	})
}

// viewOf returns the view of a seat.
func viewOf(g *engine.Game, seat int) *engine.View {
	v := g.View(seat)
	return &v
}

// TestCardButtonsKeepTheirPlaces: through a hand, each card's button stays where it was
// when play began, a card played since is a disabled "·", and no card is offered twice.
func TestCardButtonsKeepTheirPlaces(t *testing.T) {
	for _, preset := range []string{"racehorse", "double-deck", "six-handed"} {
		rules, err := engine.NewRules(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(rules, 3)
		if err != nil {
			t.Fatal(err)
		}
		player := computertest.New(t, "baseline", 3)
		layouts := map[int][]string{} // seat → card codes, row by row, at its first play
		turns := 0
		for step := 0; step < 3000 && !g.Over() && g.HandNumber() == 1; step++ {
			seat := -1
			for s := range rules.Players {
				if g.Waiting(s) {
					seat = s
					break
				}
			}
			if g.Phase() == engine.PhasePlay {
				turns++
				var layout []string
				for _, r := range Controls(viewOf(g, seat), 1) {
					for _, c := range r.(discordgo.ActionsRow).Components {
						b := c.(discordgo.Button)
						id, _ := ParseID(b.CustomID)
						card, _ := cardByCode(id.Arg)
						h := g.Hand(seat)
						if h.Has(card) == (b.Label == "·") || (b.Label == "·" && !b.Disabled) {
							t.Fatalf("%s seat %d: button %q for %s, held %v", preset, seat, b.Label, card.Symbol(), h.Has(card))
						}
						layout = append(layout, id.Arg)
					}
				}
				if first, ok := layouts[seat]; !ok {
					layouts[seat] = layout
				} else if !slices.Equal(first, layout) {
					t.Fatalf("%s seat %d: the buttons moved:\nfirst %v\nnow   %v", preset, seat, first, layout)
				}
			}
			if err := g.Apply(player.Choose(g.View(seat))); err != nil {
				t.Fatal(err)
			}
		}
		if turns == 0 {
			t.Errorf("%s: the first hand was not played", preset)
		}
	}
}
