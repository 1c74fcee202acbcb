package present

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
)

// narratorNames are the players of the narrator's tests, by seat.
var narratorNames = []string{"Ann", "Bob", "Cy", "Di", "Eve", "Flo"}

// card is a card by rank and suit.
func card(r engine.Rank, s engine.Suit) engine.Card { return engine.NewCard(r, s) }

// publicView returns the public view of a new game of preset.
func publicView(t *testing.T, preset string) *engine.View {
	t.Helper()
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	return ptr(g.View(-1))
}

// TestNarratorPersons: each action and event reads in the third person to the table and
// in the second to the seat addressed, in both styles, with the verb in the right person.
func TestNarratorPersons(t *testing.T) {
	race := publicView(t, "racehorse")
	three := publicView(t, "three-handed")
	two := publicView(t, "two-handed")
	trick := []engine.Played{
		{Seat: 0, Card: card(engine.Ace, engine.Spades)}, {Seat: 1, Card: card(engine.Ten, engine.Spades)},
		{Seat: 2, Card: card(engine.King, engine.Spades)}, {Seat: 3, Card: card(engine.Queen, engine.Spades)},
	}
	widow := []engine.Card{card(engine.Ace, engine.Hearts), card(engine.Nine, engine.Clubs), card(engine.Jack, engine.Diamonds)}
	set := engine.HandResult{Hand: 3, Bidder: 1, Bid: 250, Trump: engine.Hearts, Outcome: engine.OutcomePlayed,
		Meld: [2]int{20, 40}, Tricks: [2]int{150, 100}, Saved: [2]bool{true, true}, Delta: [2]int{170, -250}, Scores: [2]int{170, -250}}
	soloSet := engine.HandResult{Hand: 1, Bidder: 0, Bid: 300, Trump: engine.Spades, Outcome: engine.OutcomePlayed,
		SeatMeld: [engine.MaxPlayers]int{60, 20, 0}, SeatPoints: [engine.MaxPlayers]int{200, 30, 20},
		SeatDelta: [engine.MaxPlayers]int{-300, 50, 20}, SeatScores: [engine.MaxPlayers]int{-300, 50, 20}}
	declared := engine.HandResult{Hand: 4, Bidder: -1, Trump: engine.Clubs, Outcome: engine.OutcomeDeclaredOut, Made: false,
		SeatMeld: [engine.MaxPlayers]int{40, 0}, SeatPoints: [engine.MaxPlayers]int{60, 90}, Meld: [2]int{40, 0}, Tricks: [2]int{60, 90},
		Delta: [2]int{100, 90}, Scores: [2]int{880, 1020}}
	dix := engine.LaidMeld{Seat: 1, Meld: engine.MeldItem{Kind: engine.MeldDix, Suit: engine.Diamonds, Count: 1, Points: 10}, Exchanged: true}
	for _, tc := range []struct {
		name     string
		v        *engine.View
		a        engine.Action
		e        engine.Event
		you      int    // the seat addressed
		markdown string // to the table, in Markdown
		plain    string // to seat you, in plain text
	}{
		{"bid", race, engine.Action{Seat: 1, Kind: engine.ActBid, Bid: 260}, engine.Event{}, 1,
			"Bob bids 260.", "You bid 260."},
		{"pass", race, engine.Action{Seat: 2, Kind: engine.ActPass}, engine.Event{}, 2,
			"Cy passes.", "You pass."},
		{"trump", race, engine.Action{Seat: 0, Kind: engine.ActTrump, Suit: engine.Hearts}, engine.Event{}, 0,
			"Ann names **♥ hearts** trump.", "You name ♥ hearts trump."},
		{"play the hand", race, engine.Action{Seat: 0, Kind: engine.ActPlayHand}, engine.Event{}, 0,
			"Ann plays the hand.", "You play the hand."},
		{"throw in", race, engine.Action{Seat: 3, Kind: engine.ActThrowIn}, engine.Event{}, 3,
			"Di throws in the hand.", "You throw in the hand."},
		{"moon", race, engine.Action{Seat: 1, Kind: engine.ActShootMoon}, engine.Event{}, 1,
			"Bob **shoots the moon**: Team B must take every trick.", "You shoot the moon: Team B must take every trick."},
		{"declare out", two, engine.Action{Seat: 1, Kind: engine.ActDeclareOut}, engine.Event{}, 1,
			"Bob declares out.", "You declare out."},
		{"trick taken by you", race, engine.Action{Seat: 3, Kind: engine.ActPlayCard},
			engine.Event{Kind: engine.EventTrickTaken, Seat: 1, Trick: trick, Points: 21}, 1,
			"Trick: Ann A♠ · Bob 10♠ · Cy K♠ · Di Q♠ → **Bob** takes 21.",
			"Trick: seat 1 A♠ · you 10♠ · seat 3 K♠ · seat 4 Q♠ → you take 21."},
		{"last trick taken by another", race, engine.Action{Seat: 3, Kind: engine.ActPlayCard},
			engine.Event{Kind: engine.EventTrickTaken, Seat: 0, Trick: trick, Points: 31, Last: true}, 3,
			"Trick: Ann A♠ · Bob 10♠ · Cy K♠ · Di Q♠ → **Ann** takes 31 (last trick).",
			"Trick: seat 1 A♠ · seat 2 10♠ · seat 3 K♠ · you Q♠ → seat 1 takes 31 (last trick)."},
		{"auction won", race, engine.Action{Seat: 2, Kind: engine.ActPass}, engine.Event{Kind: engine.EventAuctionWon, Seat: 1, Bid: 270}, 1,
			"Cy passes.\nBob wins the auction at **270**.", "seat 3 passes.\nYou win the auction at 270."},
		{"stuck with the bid", race, engine.Action{Seat: 0, Kind: engine.ActPass},
			engine.Event{Kind: engine.EventAuctionWon, Seat: 3, Bid: 250, Forced: true}, 3,
			"Ann passes.\nNobody else bid: Di is stuck with **250**.", "seat 1 passes.\nNobody else bid: you are stuck with 250."},
		{"widow taken by you", three, engine.Action{Seat: 2, Kind: engine.ActPass}, engine.Event{Kind: engine.EventWidowTaken, Seat: 0, Cards: widow}, 0,
			"Cy passes.\nAnn takes the widow: A♥ 9♣ J♦, and plays alone against Bob and Cy.",
			"seat 3 passes.\nYou take the widow: A♥ 9♣ J♦, and play alone against seat 2 and seat 3."},
		{"widow taken against you", three, engine.Action{Seat: 2, Kind: engine.ActPass}, engine.Event{Kind: engine.EventWidowTaken, Seat: 0, Cards: widow}, 1,
			"Cy passes.\nAnn takes the widow: A♥ 9♣ J♦, and plays alone against Bob and Cy.",
			"seat 3 passes.\nseat 1 takes the widow: A♥ 9♣ J♦, and plays alone against you and seat 3."},
		{"dealt", race, engine.Action{Seat: 0, Kind: engine.ActPlayCard}, engine.Event{Kind: engine.EventHandDealt, Hand: 2, Seat: 1}, 1,
			"— Hand 2: Bob deals. —", "— Hand 2: you deal. —"},
		{"dix exchanged", two, engine.Action{Seat: 1, Kind: engine.ActMeld}, engine.Event{Kind: engine.EventMeldLaid, Seat: 1, Laid: dix}, 1,
			"Bob lays the **dix** 9♦ for 10 and takes the turned-up card in its place (meld 0 this hand).",
			"You lay the dix 9♦ for 10 and take the turned-up card in its place (meld 0 this hand)."},
		{"set", race, engine.Action{Seat: 0, Kind: engine.ActPlayCard}, engine.Event{Kind: engine.EventHandFinished, Result: set}, 1,
			"**Hand 3 result.** Bob bid 250 in ♥ and was **set**: the side had meld 40 and tricks 100.\n" +
				"Team B: set → -250, score **-250**\nTeam A: meld 20 + tricks 150 → +170, score **170**",
			"Hand 3 result. You bid 250 in ♥ and were set: the side had meld 40 and tricks 100.\n" +
				"Team B: set → -250, score -250\nTeam A: meld 20 + tricks 150 → +170, score 170"},
		{"set alone", three, engine.Action{Seat: 0, Kind: engine.ActPlayCard}, engine.Event{Kind: engine.EventHandFinished, Result: soloSet}, 0,
			"**Hand 1 result.** Ann bid 300 in ♠ and was **set**: meld 60 and tricks 200 (buried cards counted).\n" +
				"Ann: set → -300, score **-300**\nBob: meld 20 + tricks 30 → +50, score **50**\nCy: meld 0 + tricks 20 → +20, score **20**",
			"Hand 1 result. You bid 300 in ♠ and were set: meld 60 and tricks 200 (buried cards counted).\n" +
				"You: set → -300, score -300\nseat 2: meld 20 + tricks 30 → +50, score 50\nseat 3: meld 0 + tricks 20 → +20, score 20"},
		{"declared out", two, engine.Action{Seat: 0, Kind: engine.ActDeclareOut}, engine.Event{Kind: engine.EventHandFinished, Result: declared}, 0,
			"Ann declares out.\n**Hand 4 result.** Trump ♣. Declared out: the claim falls short and **loses**.\n" +
				"Ann: meld 40 + tricks 60 → +100, score **880**\nBob: meld 0 + tricks 90 → +90, score **1020**",
			"You declare out.\nHand 4 result. Trump ♣. Declared out: the claim falls short and loses.\n" +
				"You: meld 40 + tricks 60 → +100, score 880\nseat 2: meld 0 + tricks 90 → +90, score 1020"},
		{"you win two-handed", two, engine.Action{Seat: 0, Kind: engine.ActPlayCard},
			engine.Event{Kind: engine.EventGameOver, Winner: 0, Scores: [2]int{1010, 870}}, 0,
			"**Game over.** 🏆 **Ann wins**, 1010 to 870.", "Game over. 🏆 You win, 1010 to 870."},
		{"your team wins", race, engine.Action{Seat: 0, Kind: engine.ActPlayCard},
			engine.Event{Kind: engine.EventGameOver, Winner: 1, Scores: [2]int{1200, 1530}}, 1,
			"**Game over.** 🏆 **Team B wins**, 1530 to 1200.", "Game over. 🏆 Team B wins, 1530 to 1200."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events := []engine.Event{tc.e}
			if tc.e.Kind == 0 {
				events = nil
			}
			md := NewNarrator(Markdown, narratorNames[:tc.v.Rules().Players])
			if got := strings.Join(md.Action(tc.v, tc.a, events), "\n"); got != tc.markdown {
				t.Errorf("Markdown to the table:\n%s\nwant\n%s", got, tc.markdown)
			}
			plain := NewNarrator(Plain, nil).To(tc.you)
			if got := strings.Join(plain.Action(tc.v, tc.a, events), "\n"); got != tc.plain {
				t.Errorf("plain to seat %d:\n%s\nwant\n%s", tc.you+1, got, tc.plain)
			}
		})
	}
}

// played is an action of a game and what it did, with the game right after it.
type played struct {
	g      *engine.Game
	a      engine.Action
	events []engine.Event
}

// playTo plays a game of preset with computer players until found reports true of an
// action about to be applied, applies it and returns it.
func playTo(t *testing.T, preset string, seed uint64, found func(*engine.Game, engine.Action) bool) played {
	t.Helper()
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := computertest.New(t, goldenLevel(&r), seed)
	for !g.Over() {
		a := p.Choose(g.View(waitingSeat(g)))
		stop := found(g, a)
		events, err := g.ApplyEvents(a)
		if err != nil {
			t.Fatal(err)
		}
		if stop {
			return played{g, a, events}
		}
	}
	t.Fatalf("%s seed %d: the game ended without the action sought", preset, seed)
	return played{}
}

// TestNarratorHiddenCards: a pass or a bury names its cards to the seat that gave or
// received it, reading its own view, and to no one else; everyone else reads how many.
func TestNarratorHiddenCards(t *testing.T) {
	var to int
	pass := playTo(t, "racehorse", 3, func(g *engine.Game, a engine.Action) bool {
		to = g.PassTarget(a.Seat)
		return a.Kind == engine.ActPassCards
	})
	bury := playTo(t, "three-handed", 3, func(g *engine.Game, a engine.Action) bool { return a.Kind == engine.ActPassCards })
	if bury.events[0].To >= 0 {
		t.Fatalf("the three-handed pass is to seat %d, not a bury", bury.events[0].To)
	}
	sorted := func(cards []engine.Card) string {
		h := engine.HandOf(cards...)
		return symbolsText(h.Cards())
	}
	from, other := pass.a.Seat, 0
	for other == from || other == to {
		other++
	}
	n := len(pass.a.Cards)
	bidder := bury.a.Seat
	for _, tc := range []struct {
		name      string
		p         played
		you, view int // the seat addressed and the seat whose view the narrator reads
		style     Style
		want      string
	}{
		{"the giver, in its view", pass, from, from, Plain,
			fmt.Sprintf("You pass %d cards to seat %d: %s.", n, to+1, sorted(pass.a.Cards))},
		{"the receiver, in its view", pass, to, to, Plain,
			fmt.Sprintf("seat %d passes %d cards to you: %s.", from+1, n, sorted(pass.a.Cards))},
		{"the receiver, in Markdown", pass, to, to, Markdown,
			fmt.Sprintf("%s passes %d cards to you: %s.", narratorNames[from], n, sorted(pass.a.Cards))},
		{"the receiver, in the public view", pass, to, -1, Plain, fmt.Sprintf("seat %d passes %d cards to you.", from+1, n)},
		{"the receiver, in the giver's view", pass, to, from, Plain, fmt.Sprintf("seat %d passes %d cards to you.", from+1, n)},
		{"another seat, in the receiver's view", pass, other, to, Plain, fmt.Sprintf("seat %d passes %d cards to seat %d.", from+1, n, to+1)},
		{"another seat, in its view", pass, other, other, Plain, fmt.Sprintf("seat %d passes %d cards to seat %d.", from+1, n, to+1)},
		{"no one, in Markdown", pass, -1, -1, Markdown, fmt.Sprintf("%s passes %d cards to %s.", narratorNames[from], n, narratorNames[to])},
		{"the bidder's bury, in its view", bury, bidder, bidder, Plain, fmt.Sprintf("You bury 3 cards: %s.", sorted(bury.a.Cards))},
		{"the bidder's bury, in the public view", bury, bidder, -1, Plain, "You bury 3 cards."},
		{"a defender, in its view", bury, (bidder + 1) % 3, (bidder + 1) % 3, Plain, fmt.Sprintf("seat %d buries 3 cards.", bidder+1)},
		{"no one, a bury in Markdown", bury, -1, -1, Markdown, narratorNames[bidder] + " buries 3 cards."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names := narratorNames[:tc.p.g.Rules().Players]
			if tc.style == Plain {
				names = nil
			}
			v := tc.p.g.View(tc.view)
			got := NewNarrator(tc.style, names).To(tc.you).Action(&v, tc.p.a, tc.p.events)
			if len(got) == 0 || got[0] != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// markdownMarks finds what Markdown would read as a mark: bold, italics, code, spoilers,
// strikethrough, or a backslash escape.
var markdownMarks = regexp.MustCompile("\\*|_|`|\\|\\||~~|\\\\")

// secondPersonSlip finds "you" with a verb in the third person.
var secondPersonSlip = regexp.MustCompile(`\b[Yy]ou (bids|passes|names|plays|throws|shoots|declares|takes|wins|buries|lays|deals|is|was|has)\b`)

// TestNarratorWholeGames narrates whole games of every preset to each seat in plain text,
// from its own view: no line holds a Markdown mark, "you" never takes a verb in the third
// person, and a pass or a bury names its cards to the seats that gave or received it, and
// only to them.
func TestNarratorWholeGames(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			r, err := engine.NewRules(preset, nil)
			if err != nil {
				t.Fatal(err)
			}
			g, err := engine.NewGame(r, 5)
			if err != nil {
				t.Fatal(err)
			}
			p := computertest.New(t, goldenLevel(&r), 5)
			shown := 0
			for !g.Over() {
				a := p.Choose(g.View(waitingSeat(g)))
				events, err := g.ApplyEvents(a)
				if err != nil {
					t.Fatal(err)
				}
				for seat := range r.Players {
					v := g.View(seat)
					lines := NewNarrator(Plain, narratorNames[:r.Players]).To(seat).Action(&v, a, events)
					for _, l := range lines {
						if m := markdownMarks.FindString(l); m != "" {
							t.Errorf("step %d, to seat %d: %q in plain text: %q", g.LogLen(), seat+1, m, l)
						}
						if m := secondPersonSlip.FindString(l); m != "" {
							t.Errorf("step %d, to seat %d: %q in %q", g.LogLen(), seat+1, m, l)
						}
					}
					if a.Kind != engine.ActPassCards {
						continue
					}
					e := events[0]
					_, cards, named := strings.Cut(lines[0], ": ")
					// A six-handed pass is the giver's secret until the last is chosen.
					secret := r.PassStyle == engine.PassSixHanded && g.Phase() == engine.PhasePass
					if mine := seat == e.Seat || (seat == e.To && !secret); named != mine {
						t.Errorf("step %d, to seat %d: the pass from seat %d to %d reads %q", g.LogLen(), seat+1, e.Seat+1, e.To+1, lines[0])
					}
					if named {
						shown++
						h := engine.HandOf(a.Cards...)
						if want := symbolsText(h.Cards()) + "."; cards != want {
							t.Errorf("step %d, to seat %d: the cards read %q, want %q", g.LogLen(), seat+1, cards, want)
						}
					}
				}
			}
			if r.PassCount > 0 && shown == 0 {
				t.Error("no seat ever read the cards of its own pass")
			}
		})
	}
}

// TestNarratorNames: plain text writes a name as typed, with a control character a space;
// Markdown escapes it. An unnamed seat is "seat N".
func TestNarratorNames(t *testing.T) {
	v := publicView(t, "racehorse")
	a := engine.Action{Seat: 0, Kind: engine.ActBid, Bid: 250}
	names := []string{"**Zo_e**\n# hi"}
	if got := NewNarrator(Plain, names).Action(v, a, nil); got[0] != "**Zo_e** # hi bids 250." {
		t.Errorf("plain: %q", got)
	}
	if got := NewNarrator(Markdown, names).Action(v, a, nil); got[0] != Escape(names[0])+" bids 250." {
		t.Errorf("Markdown: %q", got)
	}
	a.Seat = 3
	if got := NewNarrator(Plain, names).To(-5).Action(v, a, nil); got[0] != "seat 4 bids 250." {
		t.Errorf("an unnamed seat: %q", got)
	}
}
