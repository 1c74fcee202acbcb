package engine_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// seedHand reads a hand the way the seed texts write it: groups separated by ";", each a
// suit symbol followed by ranks, such as "♥K K Q J; ♦A 10 10 K Q J". Some 004 examples
// write ◆ for ♦ and ▲ for ♠; both are read as those suits. It returns the hand and its
// number of cards.
func seedHand(tb testing.TB, text string) (engine.Hand, int) {
	tb.Helper()
	symbols := strings.NewReplacer("◆", "♦", "▲", "♠")
	var cards []engine.Card
	for group := range strings.SplitSeq(symbols.Replace(text), ";") {
		group = strings.TrimSpace(group)
		if group == "" {
			continue
		}
		var suit string
		for _, sym := range []string{"♠", "♥", "♦", "♣"} {
			if rest, ok := strings.CutPrefix(group, sym); ok {
				suit, group = sym, rest
				break
			}
		}
		if suit == "" {
			tb.Fatalf("group %q of %q does not start with a suit", group, text)
		}
		for _, rank := range strings.Fields(group) {
			c, err := engine.ParseCard(rank + suit)
			if err != nil {
				tb.Fatalf("card %s%s of %q: %v", rank, suit, text, err)
			}
			cards = append(cards, c)
		}
	}
	return engine.HandOf(cards...), len(cards)
}

// seedExample is one worked example of a seed text.
type seedExample struct {
	name  string
	trump engine.Suit
	hand  string
	// cards is the number of cards transcribed: a check on the transcription.
	cards int
	// total is the meld by the rules; text is the figure the seed gives, when it gives one.
	total, text int
}

func checkSeedExamples(t *testing.T, preset string, examples []seedExample) {
	t.Helper()
	r := rulesFor(t, preset, nil)
	for _, ex := range examples {
		t.Run(ex.name, func(t *testing.T) {
			h, n := seedHand(t, ex.hand)
			if n != ex.cards {
				t.Fatalf("transcribed %d cards, want %d: %v", n, ex.cards, h.String())
			}
			m := engine.CountMeld(&h, ex.trump, &r.Meld)
			if ex.text != 0 && ex.text != ex.total {
				t.Logf("the text gives %d; the rules give %d", ex.text, ex.total)
			}
			if m.Total != ex.total {
				var items []string
				for _, it := range m.Items() {
					items = append(items, itemKey(it))
				}
				t.Errorf("%s trump, %v: meld %d, want %d (items: %s)", ex.trump.Name(), h.String(), m.Total, ex.total, strings.Join(items, "; "))
			}
		})
	}
}

// TestSeed001Examples checks the worked meld of the racehorse text (001).
func TestSeed001Examples(t *testing.T) {
	examples := []seedExample{
		// "Categories of Meld": "let's say you call Diamonds as trump and lay down A, 10,
		// K, K, Q, J, 9 of Diamonds; K, Q of Spades, K of Hearts; and K of Clubs." The
		// text's own count of it is missing from the seed; by 001's meld table:
		// run 150 (the extra K♦ is "0 pts"), nine of trump 10, marriage in ♠ 20 (I);
		// pinochle Q♠ J♦ 40 (II); kings around 80 (III): 300. The laid-down meld is 11 cards.
		{name: "diamonds example", trump: engine.Diamonds, hand: "♦A 10 K K Q J 9; ♠K Q; ♥K; ♣K", cards: 11, total: 300},
		// "Around the Horn": kings 80 + queens 60 + royal marriage 40 + 3 marriages 60 = 240,
		// whichever suit is trump, and "if you've got Around the Horn and an extra Q of
		// Clubs, you can't score (another) marriage with the K of Clubs".
		{name: "around the horn, spades", trump: engine.Spades, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q", cards: 8, total: 240, text: 240},
		{name: "around the horn, hearts", trump: engine.Hearts, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q", cards: 8, total: 240, text: 240},
		{name: "around the horn, diamonds", trump: engine.Diamonds, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q", cards: 8, total: 240, text: 240},
		{name: "around the horn, clubs", trump: engine.Clubs, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q", cards: 8, total: 240, text: 240},
		{name: "around the horn + Q♣, hearts", trump: engine.Hearts, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q Q", cards: 9, total: 240, text: 240},
		{name: "around the horn + Q♣, clubs", trump: engine.Clubs, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q Q", cards: 9, total: 240, text: 240},
		// The meld table's footnote: "a double run (A, A, 10, 10, K, K, Q, Q, J, J in the
		// trump suit) is worth 1500 points", "Double Queens Around (all eight queens) is
		// worth 600", and a pinochle "Doubled 300".
		{name: "double run", trump: engine.Hearts, hand: "♥A A 10 10 K K Q Q J J", cards: 10, total: 1500, text: 1500},
		{name: "double queens around", trump: engine.NoSuit, hand: "♠Q Q; ♥Q Q; ♦Q Q; ♣Q Q", cards: 8, total: 600, text: 600},
		{name: "double pinochle", trump: engine.Hearts, hand: "♠Q Q; ♦J J", cards: 4, total: 300, text: 300},
	}
	checkSeedExamples(t, "racehorse", examples)
}

// TestSeed004Claims checks the meld figures 004 gives in its text, before the example hands.
func TestSeed004Claims(t *testing.T) {
	var examples []seedExample
	// "A Round House or Round Robin (K & Q of each suit) is 24 meld (Queens = 6, Kings = 8,
	// three non trump marriages = 6 and a marriage in trump = 4)": whichever suit is trump.
	for _, s := range allSuits {
		examples = append(examples, seedExample{name: "round house, " + s.Name(), trump: s, hand: "♠K Q; ♥K Q; ♦K Q; ♣K Q", cards: 8, total: 24, text: 24})
	}
	examples = append(examples,
		// "A 19 pounder or a run with an extra marriage is 19 meld, two extra marriages is 23."
		seedExample{name: "19 pounder", trump: engine.Clubs, hand: "♣A 10 K K Q Q J", cards: 7, total: 19, text: 19},
		seedExample{name: "run with two extra marriages", trump: engine.Clubs, hand: "♣A 10 K K K Q Q Q J", cards: 9, total: 23, text: 23},
		// "Jacks and Queens around are 14 meld (jacks = 4, queens = 6 and a pinnacle is 4)."
		seedExample{name: "jacks and queens around", trump: engine.Hearts, hand: "♠Q J; ♥Q J; ♦Q J; ♣Q J", cards: 8, total: 14, text: 14},
		// "A run in a suit other than trump is not worth anything more than the marriage score (2)."
		seedExample{name: "run outside trump", trump: engine.Hearts, hand: "♣A 10 K Q J", cards: 5, total: 2, text: 2},
		// "five queens in your hand, one in each suit plus an extra queen. This counts 6
		// points (type III, single queens around)." The extra queen here is the Q♥.
		seedExample{name: "five queens", trump: engine.Spades, hand: "♠Q; ♥Q Q; ♦Q; ♣Q", cards: 5, total: 6, text: 6},
		// "A run & round house are only 35 points, (Run = 15, Queens = 6, Kings = 8, three non
		// trump marriages = 6 and a marriage in trump = 0; the marriage in trump was counted
		// in the run)."
		seedExample{name: "run and round house", trump: engine.Hearts, hand: "♥A 10 K Q J; ♠K Q; ♦K Q; ♣K Q", cards: 11, total: 35, text: 35},
		// The meld table: "Tens around – are not worth anything."
		seedExample{name: "tens around", trump: engine.Hearts, hand: "♠10; ♥10; ♦10; ♣10", cards: 4, total: 0, text: 0},
	)
	checkSeedExamples(t, "double-deck", examples)
}

// TestSeed004Hands checks every hand of 004's "EXAMPLES OF HANDS AND THEIR MELD COUNT AND
// BIDS". Each hand is copied group by group from the text; where the text's total is not
// what the rules give, total holds the rules' figure and the comment says why.
func TestSeed004Hands(t *testing.T) {
	S, H, D := engine.Spades, engine.Hearts, engine.Diamonds
	examples := []seedExample{
		// Spades as trump.
		//
		// Run in ♠ 15; marriages ♥ ♦ ♣ 6; pinochle 4; kings 8 and queens 6 around
		// (the text's "round house (20 not 24 as the marriage is counted in the run)").
		{name: "spades 1", trump: S, hand: "♥K K Q J; ◆A 10 10 K Q J; ♣ A 10 K Q; ♠A 10 K Q J J", cards: 20, total: 39, text: 39},
		// Marriages ♥ ♣ 4; no Q♠, so no pinochle; aces 10 and jacks 4 around.
		{name: "spades 2", trump: S, hand: "♥A A 10 K Q J; ◆A 10 Q J; ♣A 10 K Q J J; ♠A 10 J J", cards: 20, total: 18, text: 18},
		// Royal marriage ♠ 4; marriages ♥ ♣ 4; pinochle 4; kings around 8.
		{name: "spades 3", trump: S, hand: "♥10 10 K Q J; ♦A A 10 K J; ♣A A K K Q J; ♠10 K K Q", cards: 20, total: 20, text: 20},
		// The text lists "two marriages in diamonds (4), a marriage in spades (2), a pinochle
		// (4) and Queens around (6) for a total of 16", but spades are trump: K♠ Q♠ is a
		// royal marriage, 4 not 2. By the rules 4 + 4 + 4 + 6 = 18.
		{name: "spades 4", trump: S, hand: "♥A A 10 Q J; ◆K K Q Q J; ♣10 10 Q J; ♠A A 10 K Q Q", cards: 20, total: 18, text: 16},

		// Diamonds as trump.
		//
		// The text has stray bold marks: "♦A **10 10 K Q J; ♣** A **10 10 Q; ♠**A K Q J J".
		// Run in ♦ 15; pinochle 4; marriage ♠ 2.
		{name: "diamonds 1", trump: D, hand: "♥10 10 K K J; ♦A 10 10 K Q J; ♣ A 10 10 Q; ♠A K Q J J", cards: 20, total: 21, text: 21},
		// Run in ♦ 15; marriages ♥ ♣ 4; aces around 10.
		{name: "diamonds 2", trump: D, hand: "♥A A 10 K Q; ◆A 10 K Q J; ♣A 10 K Q J J; ♠A 10 J J", cards: 20, total: 29, text: 29},
		// The text counts "a round house for (24), a pinochle (4), for a total of 28 meld",
		// but the hand holds no J♦ (◆K Q Q), so there is no pinochle. Round house: royal
		// marriage ♦ 4 + marriages ♥ ♣ ♠ 6 + kings 8 + queens 6 = 24.
		{name: "diamonds 3", trump: D, hand: "♥A A K Q Q J; ◆K Q Q; ♣K Q J; ♠A A 10 10 K Q Q Q", cards: 20, total: 24, text: 28},
		// The text lists ♠ twice ("♥10 Q J J; ♠A A 10 K J J; ♣A A 10 K K Q J; ♠10 K K"),
		// probably meaning ◆ for the first group. Both readings hold 20 cards and only a
		// marriage in clubs: 2, as the text says.
		{name: "diamonds 4 as written", trump: D, hand: "♥10 Q J J; ♠A A 10 K J J; ♣A A 10 K K Q J; ♠10 K K", cards: 20, total: 2, text: 2},
		{name: "diamonds 4 first ♠ read as ♦", trump: D, hand: "♥10 Q J J; ♦A A 10 K J J; ♣A A 10 K K Q J; ♠10 K K", cards: 20, total: 2, text: 2},

		// Hearts as trump.
		//
		// As written, "♥A 10 K K K Q Q J; ◆Q Q J; ◆Q Q J; ▲Q Q; ▲A K K Q Q J J" holds 23
		// cards and no club: run + royal marriage 19, ♠ K K Q Q Q Q two marriages 4,
		// Q♠ ×4 with J♦ ×2 a double pinochle 30, nothing around (no club): 53. The text
		// says "a run (15) and an extra marriage in trump (4) ... pinochle (4), double
		// queens around (60), double marriage in spades (4) total of 87".
		{name: "hearts 1 as written (23 cards)", trump: H, hand: "♥A 10 K K K Q Q J; ◆Q Q J; ◆Q Q J; ▲Q Q; ▲A K K Q Q J J", cards: 23, total: 53, text: 87},
		// The hand the text counted: the "◆Q Q J" group written once, and "▲Q Q" the two
		// clubs that double queens around needs. That is 20 cards, and 19 + 4 (I) +
		// pinochle 4 (II) + double queens around 60 (III) = 87, as the text says.
		{name: "hearts 1 as counted", trump: H, hand: "♥A 10 K K K Q Q J; ♦Q Q J; ♣Q Q; ♠A K K Q Q J J", cards: 20, total: 87, text: 87},
		// ♣ A 10 K Q J is a run outside trump: only its marriage 2; royal marriage ♥ 4;
		// aces 10 and jacks 4 around.
		{name: "hearts 2", trump: H, hand: "♥A K Q J; ◆A 10 10 Q J; ♣A 10 K Q J J; ♠A 10 10 J J", cards: 20, total: 20, text: 20},
		// Pinochle 4; marriage ♠ 2.
		{name: "hearts 3", trump: H, hand: "♥10 10 Q J; ◆A A 10 K J; ♣A A 10 10 K K J; ♠10 K K Q", cards: 20, total: 6, text: 6},
		// Marriages ♦ (one: K K K Q, no bigamy) and ♣ 4; pinochle 4; aces around 10.
		{name: "hearts 4", trump: H, hand: "♥A A 10 J; ◆A 10 K K K Q J; ♣A 10 K Q J; ♠A A 10 Q", cards: 20, total: 18, text: 18},
	}
	checkSeedExamples(t, "double-deck", examples)
}
