package present

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// gameAt plays a seeded racehorse game with computer players until the phase is reached.
func gameAt(t *testing.T, phase engine.Phase) (*table.Game, *engine.Game) {
	t.Helper()
	rules, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		g, err := engine.NewGame(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		meta := &table.Game{ID: 9, Preset: "racehorse", Seats: make([]table.Seat, 4), Status: table.StatusPlaying}
		for s := range meta.Seats {
			meta.Seats[s] = table.Seat{UserID: fmt.Sprint(s + 1), Name: fmt.Sprintf("p%d", s+1)}
		}
		for range 400 {
			if g.Phase() == phase || g.Over() {
				break
			}
			seat := waitingSeat(g)
			if err := g.Apply(computertest.New(t, "baseline", seed).Choose(g.View(seat))); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase() == phase {
			return meta, g
		}
	}
	t.Fatalf("no seed reached %v", phase)
	return nil, nil
}

// TestHandShowsMeldOnceTrumpIsNamed: while cards are passed, a seat's private message shows
// the meld its hand holds with the named trump, as the engine counts it.
func TestHandShowsMeldOnceTrumpIsNamed(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePass)
	seat := g.Bidder() // the bidder named trump and usually holds meld in it
	hand := g.Hand(seat)
	want := engine.CountMeld(&hand, g.Trump(), &g.Rules().Meld)
	v := g.View(seat)
	text := messageText(HandMessage(nil, meta, &v, HandOptions{}, lookText))
	total := fmt.Sprintf("total %d", want.Total)
	if want.Total == 0 {
		total = "no meld"
	}
	if !strings.Contains(text, "as your hand stands") || !strings.Contains(text, total) {
		t.Fatalf("the private message during passing does not show the hand's meld (total %d):\n%s", want.Total, text)
	}
}

// TestTableShowsTricksWon: in play, the table counts the tricks each team has won.
func TestTableShowsTricksWon(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePlay)
	for g.LastTrick() == nil {
		seat := g.Turn()
		if err := g.Apply(computertest.New(t, "baseline", 1).Choose(g.View(seat))); err != nil {
			t.Fatal(err)
		}
	}
	pub := g.View(-1)
	text := messageText(TableMessage(nil, meta, &pub, lookText))
	var tricks string
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(line, "Tricks won:") {
			tricks = line
		}
	}
	winner := g.Rules().TeamOf(g.LastTrick().Winner)
	want := fmt.Sprintf("%s 1 (", TeamName(winner))
	if !strings.Contains(tricks, want) {
		t.Fatalf("after one trick the table says %q, want %q to have won it:\n%s", tricks, TeamName(winner), text)
	}
}

// TestTruncateCountsCharacters: Discord's limits count characters, not bytes: a text of
// suit symbols (3 bytes each) within the limit is kept whole, a longer one is cut to the
// limit exactly, ellipsis included, and never inside a character.
func TestTruncateCountsCharacters(t *testing.T) {
	line := strings.Repeat("A♠ ", 300) // 900 characters, 1,500 bytes
	if got := words.Truncate(line, 1024); got != line {
		t.Errorf("a 900-character text was cut to %d characters", utf8.RuneCountInString(got))
	}
	got := words.Truncate(line+line, 1024)
	if n := utf8.RuneCountInString(got); n != 1024 || !strings.HasSuffix(got, "…") || !utf8.ValidString(got) {
		t.Errorf("cut to %d characters (valid %v), ending %q; want 1024 ending with …", n, utf8.ValidString(got), got[len(got)-8:])
	}
	if got := words.Truncate("♠♥♦♣", 0); got != "" {
		t.Errorf("Truncate to 0 = %q", got)
	}
}

// TestRulesLine: the rules line of the lobby and the table reads, for typed settings, word
// for word as it did when settings were maps of strings.
func TestRulesLine(t *testing.T) {
	rules, err := engine.NewRules("classic", map[string]string{"target": "500"})
	if err != nil {
		t.Fatal(err)
	}
	lines := []struct {
		meta table.Game
		want string
	}{
		{table.Game{Options: map[string]string{"target": "500"}, Settings: table.Settings{Level: table.LevelEasy,
			Ping: table.PingAuto, Autoplay: true, Timer: 90 * time.Minute, Timeout: table.PolicyForfeit}},
			"4 players, to 500. Options: target=500. Turn timer 90m (then: the team forfeits). Computer players: easy, normal pace · hints off · turn mentions: auto · forced cards played for you."},
		{table.Game{Settings: table.Settings{Level: table.LevelNormal, Hints: true, Ping: table.PingAuto, Autoplay: true,
			Timeout: table.PolicyComputer}},
			"4 players, to 500. Computer players: normal, normal pace · hints on · turn mentions: auto · forced cards played for you."},
		{table.Game{Settings: table.Settings{Level: table.LevelExpert, Hints: true, Ping: table.PingNever,
			Timer: 10 * time.Minute, Timeout: table.PolicyComputer}},
			"4 players, to 500. Turn timer 10m (then: a computer player moves). Computer players: expert, normal pace · hints on · turn mentions: never · forced cards played by hand."},
	}
	for _, tc := range lines {
		if got := rulesLine(&rules, &tc.meta); got != tc.want {
			t.Errorf("settings %+v read\n%q\nwant\n%q", tc.meta.Settings, got, tc.want)
		}
	}
}

// TestOneHand: a game of one hand reads "1 hand" in the lobby's rules and the table's
// footer, as a two-handed table of one hand showed "at most 1 hands".
func TestOneHand(t *testing.T) {
	for _, tc := range []struct {
		preset, hands, rules, footer string
	}{
		{"two-handed", "1", "2 players, to 1000 or 1 hand.", "Playing to 1000, at most 1 hand"},
		{"three-handed", "2", "3 players, to 1500 or 2 hands.", "Playing to 1500, at most 2 hands"},
		{"partnership", "1", "4 players, 1 hand.", "Hand 1 of 1"},
	} {
		opts := map[string]string{"hands": tc.hands}
		if tc.preset == "partnership" {
			opts["target"] = "0"
		}
		rules, err := engine.NewRules(tc.preset, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := rulesLine(&rules, &table.Game{}); !strings.HasPrefix(got, tc.rules) {
			t.Errorf("%s of %s hands: the rules line reads %q, want it to begin %q", tc.preset, tc.hands, got, tc.rules)
		}
		if got := gameEndText(&rules, 1); got != tc.footer {
			t.Errorf("%s of %s hands: the table's footer reads %q, want %q", tc.preset, tc.hands, got, tc.footer)
		}
	}
	if got := words.Count(1, "hand") + ", " + words.Count(0, "hand") + ", " + words.Count(2, "game"); got != "1 hand, 0 hands, 2 games" {
		t.Errorf("Count: %s", got)
	}
}

// TestHandShowsTheAuction: the private view during the auction says who bid what, in order,
// so that a player sees whether the partner bid; and it offers Next hand only when asked to,
// as the first button.
func TestHandShowsTheAuction(t *testing.T) {
	meta, g := gameAt(t, engine.PhaseBidding)
	for pub := g.View(-1); len(pub.Auction()) < 2; pub = g.View(-1) {
		seat := g.Turn()
		if err := g.Apply(computertest.New(t, "baseline", 1).Choose(g.View(seat))); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(g.Turn())
	text := messageText(HandMessage(nil, meta, &v, HandOptions{}, lookText))
	var want []string
	for _, b := range v.Auction() {
		call := "pass"
		if !b.Pass() {
			call = fmt.Sprint(b.Amount)
		}
		want = append(want, meta.Seats[b.Seat].Name+" "+call)
	}
	if line := "**Bids:** " + strings.Join(want, " · "); !strings.Contains(text, line) {
		t.Errorf("the private view does not show the auction as %q:\n%s", line, text)
	}
	nextHandButton := func(opts HandOptions) int {
		found := -1
		for _, row := range messageRows(HandMessage(nil, meta, &v, opts, lookText)) {
			for k, c := range row.Components {
				if b, ok := c.(discordgo.Button); ok {
					if id, err := commands.ParseID(b.CustomID); err == nil && id.Action == commands.ActNextHand {
						found = k
					}
				}
			}
		}
		return found
	}
	if k := nextHandButton(HandOptions{}); k != -1 {
		t.Errorf("Next hand offered when the table does not pause")
	}
	if k := nextHandButton(HandOptions{NextHand: true}); k != 0 {
		t.Errorf("Next hand is button %d of its row, want the first", k)
	}
}

// TestRefreshAndHintAlwaysThere: at every card a player is to play, in every preset (a
// double-deck hand holds 20 cards), the private view keeps Refresh and Hint beside the cards,
// also for hands whose suits would take five rows at a row a suit.
func TestRefreshAndHintAlwaysThere(t *testing.T) {
	crowded := 0 // views whose cards would take five rows at a row a suit
	for _, preset := range engine.PresetNames() {
		rules, err := engine.NewRules(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		meta := &table.Game{ID: 9, Preset: preset, Seats: make([]table.Seat, rules.Players), Status: table.StatusPlaying,
			Settings: table.Settings{Hints: true}}
		for s := range meta.Seats {
			meta.Seats[s] = table.Seat{UserID: fmt.Sprint(s + 1), Name: fmt.Sprintf("p%d", s+1)}
		}
		for seed := uint64(1); seed <= 30; seed++ {
			g, err := engine.NewGame(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 2000 && !g.Over() && g.HandNumber() == 1; step++ {
				v := g.View(waitingSeat(g))
				if v.Phase() == engine.PhasePlay {
					rows := 0
					bySuit := map[engine.Suit]int{}
					hand := v.Hand()
					for _, c := range hand.Set().Cards() {
						bySuit[c.Suit()]++
					}
					for _, n := range bySuit {
						rows += (n + 4) / 5
					}
					if rows > 4 {
						crowded++
					}
					labels := map[string]bool{}
					for _, row := range messageRows(HandMessage(nil, meta, &v, HandOptions{}, lookText)) {
						for _, c := range row.Components {
							if b, ok := c.(discordgo.Button); ok {
								labels[b.Label] = true
							}
						}
					}
					if !labels["Refresh"] || !labels["Hint"] {
						t.Fatalf("%s seed %d, %d cards in hand: the view lacks Refresh or Hint", preset, seed, len(v.Cards()))
					}
				}
				if err := g.Apply(computertest.New(t, "baseline", 1).Choose(v)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if crowded == 0 {
		t.Error("no hand whose suits take five rows was played: the test shows nothing")
	}
	t.Logf("%d views of crowded hands", crowded)
}

// TestHandChosenCard: at a table that confirms cards, the card chosen stands out and a Play
// button for it leads the last row; with no card chosen there is no Play button.
func TestHandChosenCard(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePlay)
	v := g.View(g.Turn())
	card := v.Legal().Cards()[0]
	buttons := func(opts HandOptions) []discordgo.Button {
		var out []discordgo.Button
		for _, row := range messageRows(HandMessage(nil, meta, &v, opts, lookText)) {
			for _, c := range row.Components {
				if b, ok := c.(discordgo.Button); ok {
					out = append(out, b)
				}
			}
		}
		return out
	}
	play, chosen := 0, 0
	for _, b := range buttons(HandOptions{Chosen: engine.CardSet(0).Add(card)}) {
		id, err := commands.ParseID(b.CustomID)
		if err != nil {
			continue
		}
		if id.Action == commands.ActPlayCard && id.Arg == card.String() && b.Label == "Play "+card.Symbol() {
			play++
		}
		if id.Action == commands.ActCard && id.Arg == card.String() && b.Style == discordgo.SuccessButton {
			chosen++
		}
	}
	if play != 1 || chosen != 1 {
		t.Errorf("with %s chosen: %d Play buttons and %d chosen card buttons, want 1 and 1", card.Symbol(), play, chosen)
	}
	for _, b := range buttons(HandOptions{}) {
		if id, err := commands.ParseID(b.CustomID); err == nil && id.Action == commands.ActPlayCard {
			t.Errorf("a Play button with no card chosen: %q", b.Label)
		}
	}
}
