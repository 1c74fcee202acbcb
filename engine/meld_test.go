package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// meldColumn is one preset's column of the meld tables in docs/rules.md, copied by hand.
// Slices give the value of 1, 2, ... copies of a meld.
type meldColumn struct {
	preset string
	// copies is how many copies of each card the deck holds: the most melds of one kind a
	// hand can show.
	copies int
	run    []int
	// winsAt is the number of runs that wins the game (their value above is 0).
	winsAt int
	// royal and marriage are the value of each.
	royal, marriage int
	// double is the value of KKQQ of one suit when it is not twice the single value.
	double   int
	dix      int
	pinochle []int
	around   map[engine.Rank][]int
}

var meldColumns = []meldColumn{
	{
		preset: "racehorse", copies: 2,
		run: []int{150, 1500}, royal: 40, marriage: 20, dix: 10, pinochle: []int{40, 300},
		around: map[engine.Rank][]int{
			engine.Ace: {100, 1000}, engine.King: {80, 800}, engine.Queen: {60, 600}, engine.Jack: {40, 400},
		},
	},
	{
		// 002 gives no double run: two runs are 2 × 150 (a decision in docs/rules.md).
		preset: "classic", copies: 2,
		run: []int{150, 300}, royal: 40, marriage: 20, dix: 10, pinochle: []int{40, 300},
		around: map[engine.Rank][]int{
			engine.Ace: {100, 1000}, engine.King: {80, 800}, engine.Queen: {60, 600}, engine.Jack: {40, 400},
		},
	},
	{
		preset: "partnership", copies: 2,
		run: []int{150, 1500}, royal: 40, marriage: 20, dix: 10, pinochle: []int{40, 300},
		around: map[engine.Rank][]int{
			engine.Ace: {100, 1000}, engine.King: {80, 800}, engine.Queen: {60, 600}, engine.Jack: {40, 400},
		},
	},
	{
		// The deck has no nines: a dix is worth nothing.
		preset: "double-deck", copies: 4,
		run: []int{15, 150, 300, 0}, winsAt: 4, royal: 4, marriage: 2, dix: 0, pinochle: []int{4, 30, 90, 300},
		around: map[engine.Rank][]int{
			engine.Ace: {10, 100, 200, 300}, engine.King: {8, 80, 160, 240}, engine.Queen: {6, 60, 120, 180}, engine.Jack: {4, 40, 80, 120},
		},
	},
	{
		preset: "six-handed", copies: 2,
		run: []int{15, 150}, royal: 4, marriage: 2, double: 30, dix: 1, pinochle: []int{4, 50},
		around: map[engine.Rank][]int{
			engine.Ace: {10, 100}, engine.King: {8, 80}, engine.Queen: {6, 60}, engine.Jack: {4, 40},
		},
	},
}

// Meld items, written briefly.
func runItem(s engine.Suit, n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldRun, Suit: s, Count: n, Points: p}
}

func royalItem(s engine.Suit, n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldRoyalMarriage, Suit: s, Count: n, Points: p}
}

func marriageItem(s engine.Suit, n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldMarriage, Suit: s, Count: n, Points: p}
}

func dixItem(s engine.Suit, n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldDix, Suit: s, Count: n, Points: p}
}

func pinochleItem(n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldPinochle, Suit: engine.NoSuit, Count: n, Points: p}
}

func aroundItem(r engine.Rank, n uint8, p int32) engine.MeldItem {
	return engine.MeldItem{Kind: engine.MeldAround, Suit: engine.NoSuit, Rank: r, Count: n, Points: p}
}

// itemKey writes the fields of an item that carry meaning: the rank only for an around.
func itemKey(it engine.MeldItem) string {
	k := fmt.Sprintf("%v %v ×%d = %d", it.Kind, it.Suit, it.Count, it.Points)
	if it.Kind == engine.MeldAround {
		k = fmt.Sprintf("%v %v %v ×%d = %d", it.Rank, it.Kind, it.Suit, it.Count, it.Points)
	}
	return k
}

// checkItems compares a breakdown with the expected items in any order, and checks that it
// comes in category order and adds up to the total.
func checkItems(t *testing.T, m *engine.Meld, want []engine.MeldItem) {
	t.Helper()
	got := m.Items()
	sum := 0
	for i, it := range got {
		sum += int(it.Points)
		if i > 0 && got[i-1].Kind.Category() > it.Kind.Category() {
			t.Errorf("items not in category order: %v before %v", itemKey(got[i-1]), itemKey(it))
		}
	}
	if sum != m.Total {
		t.Errorf("items add up to %d, Total = %d", sum, m.Total)
	}
	var gk, wk []string
	for _, it := range got {
		gk = append(gk, itemKey(it))
	}
	for _, it := range want {
		wk = append(wk, itemKey(it))
	}
	slices.Sort(gk)
	slices.Sort(wk)
	if !slices.Equal(gk, wk) {
		t.Errorf("items:\n got  %s\n want %s", strings.Join(gk, "; "), strings.Join(wk, "; "))
	}
}

// rulesFor returns a preset's rules with options, or fails the test.
func rulesFor(tb testing.TB, preset string, options map[string]string) engine.Rules {
	tb.Helper()
	r, err := engine.NewRules(preset, options)
	if err != nil {
		tb.Fatalf("NewRules(%q, %v): %v", preset, options, err)
	}
	return r
}

// repeat returns n copies of a list of cards, as one list.
func repeat(text string, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = text
	}
	return strings.Join(parts, " ")
}

// TestCountMeldTable checks every row of the meld tables of docs/rules.md, for 1 up to the
// most copies the deck allows, in every preset. Each hand holds the meld and nothing else.
// Hearts are trump unless a case says otherwise.
func TestCountMeldTable(t *testing.T) {
	H := engine.Hearts
	for _, col := range meldColumns {
		r := rulesFor(t, col.preset, nil)
		type tc struct {
			name  string
			hand  string
			trump engine.Suit
			total int
			wins  bool
			items []engine.MeldItem
		}
		var cases []tc
		for n := 1; n <= col.copies; n++ {
			u := uint8(n)
			// n marriages of one suit: n × the single value, but KKQQ is worth `double`
			// where the preset says so.
			pairs := func(each int) int {
				if n == 2 && col.double != 0 {
					return col.double
				}
				return n * each
			}
			runTotal := col.run[n-1]
			cases = append(cases,
				tc{name: fmt.Sprintf("run ×%d", n), hand: repeat("AH 10H KH QH JH", n), trump: H,
					total: runTotal, wins: col.winsAt > 0 && n >= col.winsAt,
					items: []engine.MeldItem{runItem(H, u, int32(runTotal))}},
				tc{name: fmt.Sprintf("royal marriage ×%d", n), hand: repeat("KH QH", n), trump: H,
					total: pairs(col.royal), items: []engine.MeldItem{royalItem(H, u, int32(pairs(col.royal)))}},
				tc{name: fmt.Sprintf("marriage ×%d", n), hand: repeat("KC QC", n), trump: H,
					total: pairs(col.marriage), items: []engine.MeldItem{marriageItem(engine.Clubs, u, int32(pairs(col.marriage)))}},
				tc{name: fmt.Sprintf("pinochle ×%d", n), hand: repeat("QS JD", n), trump: H,
					total: col.pinochle[n-1], items: []engine.MeldItem{pinochleItem(u, int32(col.pinochle[n-1]))}},
			)
			dix := tc{name: fmt.Sprintf("dix ×%d", n), hand: repeat("9H", n), trump: H, total: n * col.dix}
			if col.dix > 0 {
				dix.items = []engine.MeldItem{dixItem(H, u, int32(n*col.dix))}
			}
			cases = append(cases, dix)
			for _, rk := range []engine.Rank{engine.Ace, engine.King, engine.Queen, engine.Jack} {
				code := rankCode[rk]
				v := col.around[rk][n-1]
				cases = append(cases, tc{
					name: fmt.Sprintf("%s around ×%d", code, n), trump: H,
					hand:  repeat(code+"S "+code+"H "+code+"D "+code+"C", n),
					total: v, items: []engine.MeldItem{aroundItem(rk, u, int32(v))},
				})
			}
		}
		for _, c := range cases {
			t.Run(col.preset+"/"+c.name, func(t *testing.T) {
				h := engine.HandOf(mustCards(t, c.hand)...)
				m := engine.CountMeld(&h, c.trump, &r.Meld)
				if m.Total != c.total {
					t.Errorf("CountMeld(%v, trump %v) = %d, want %d", c.hand, c.trump, m.Total, c.total)
				}
				if m.WinsGame != c.wins {
					t.Errorf("WinsGame = %v, want %v", m.WinsGame, c.wins)
				}
				checkItems(t, &m, c.items)
			})
		}
	}
}

// meldCase is a hand whose meld was counted by hand from docs/rules.md.
type meldCase struct {
	name    string
	preset  string
	options map[string]string
	trump   engine.Suit
	hand    string
	total   int
	wins    bool
	// items, when not nil, is the expected breakdown.
	items []engine.MeldItem
}

func checkMeldCases(t *testing.T, cases []meldCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.preset+"/"+c.name, func(t *testing.T) {
			r := rulesFor(t, c.preset, c.options)
			h := engine.HandOf(mustCards(t, c.hand)...)
			m := engine.CountMeld(&h, c.trump, &r.Meld)
			if m.Total != c.total {
				t.Errorf("CountMeld(%v, trump %v) = %d, want %d (items %v)", c.hand, c.trump.Name(), m.Total, c.total, m.Items())
			}
			if m.WinsGame != c.wins {
				t.Errorf("WinsGame = %v, want %v", m.WinsGame, c.wins)
			}
			if c.items != nil {
				checkItems(t, &m, c.items)
			}
		})
	}
}

// TestCountMeldRules checks the rules of combination: extra trump beside a run, bigamy,
// categories, maximisation and no trump, in every preset.
func TestCountMeldRules(t *testing.T) {
	S, H, D, C := engine.Spades, engine.Hearts, engine.Diamonds, engine.Clubs
	nothing := map[string]string{"royal": "nothing"}
	var cases []meldCase

	// Extra trump K+Q beside a run: a royal marriage by default; with royal=nothing, no
	// points. A lone extra K or Q adds nothing.
	for _, p := range []struct {
		preset            string
		run, royal, loneK int
		besideRun         int // A 10 K K Q Q J of trump, by default
		besideRunNothing  int // the same with royal=nothing
	}{
		// 150 + 40; with the option, the better of the run (150) and two royal marriages (80).
		{"racehorse", 150, 40, 150, 190, 150},
		{"classic", 150, 40, 150, 190, 150},
		{"partnership", 150, 40, 150, 190, 150},
		// The "19 pounder" of 004: 15 + 4; with the option, the run (15) beats 2 × 4.
		{"double-deck", 15, 4, 15, 19, 15},
		// KKQQ of trump is a double marriage worth 30, more than run + royal marriage
		// (15 + 4 = 19) and more than the run alone (15).
		{"six-handed", 15, 4, 15, 30, 30},
	} {
		cases = append(cases,
			meldCase{name: "run with an extra K", preset: p.preset, trump: H, hand: "AH 10H KH KH QH JH", total: p.loneK,
				items: []engine.MeldItem{runItem(H, 1, int32(p.run))}},
			meldCase{name: "run with an extra Q", preset: p.preset, trump: H, hand: "AH 10H KH QH QH JH", total: p.run},
			meldCase{name: "run with an extra K+Q", preset: p.preset, trump: H, hand: "AH 10H KH KH QH QH JH", total: p.besideRun},
			meldCase{name: "run with an extra K+Q, royal=nothing", preset: p.preset, options: nothing, trump: H, hand: "AH 10H KH KH QH QH JH", total: p.besideRunNothing},
			// The option only touches K+Q beside a run: a royal marriage alone still counts.
			meldCase{name: "royal marriage, royal=nothing", preset: p.preset, options: nothing, trump: H, hand: "KH QH", total: p.royal},
		)
	}
	cases = append(cases,
		meldCase{name: "run + royal marriage breakdown", preset: "racehorse", trump: H, hand: "AH 10H KH KH QH QH JH", total: 190,
			items: []engine.MeldItem{runItem(H, 1, 150), royalItem(H, 1, 40)}},
		meldCase{name: "19 pounder breakdown", preset: "double-deck", trump: D, hand: "AD 10D KD KD QD QD JD", total: 19,
			items: []engine.MeldItem{runItem(D, 1, 15), royalItem(D, 1, 4)}},
		meldCase{name: "run + royal marriage, royal=nothing", preset: "partnership", options: nothing, trump: H, hand: "AH 10H KH KH QH QH JH", total: 150,
			items: []engine.MeldItem{runItem(H, 1, 150)}},
		meldCase{name: "double marriage in trump rather than run + royal", preset: "six-handed", trump: H, hand: "AH 10H KH KH QH QH JH", total: 30,
			items: []engine.MeldItem{royalItem(H, 2, 30)}},
		// Two extra marriages beside a run: 15 + 2 × 4 = 23 (004).
		meldCase{name: "run + two royal marriages", preset: "double-deck", trump: H, hand: "AH 10H KH KH KH QH QH QH JH", total: 23,
			items: []engine.MeldItem{runItem(H, 1, 15), royalItem(H, 2, 8)}},
		// Two runs and an extra K+Q: 150 + 4, better than one run + 2 royal (15 + 8) or 3 royal (12).
		meldCase{name: "double run + royal marriage", preset: "double-deck", trump: H, hand: "AH AH 10H 10H KH KH KH QH QH QH JH JH", total: 154,
			items: []engine.MeldItem{runItem(H, 2, 150), royalItem(H, 1, 4)}},
		// Double run in six-handed: 150, better than a double marriage (30) or run + royal (19).
		meldCase{name: "double run", preset: "six-handed", trump: H, hand: "AH AH 10H 10H KH KH QH QH JH JH", total: 150,
			items: []engine.MeldItem{runItem(H, 2, 150)}},
		meldCase{name: "triple run + royal marriage", preset: "double-deck", trump: H, hand: "AH AH AH 10H 10H 10H KH KH KH KH QH QH QH QH JH JH JH", total: 304,
			items: []engine.MeldItem{runItem(H, 3, 300), royalItem(H, 1, 4)}},
		// Four runs win the game; the table gives them no points. The rest of the hand
		// still counts: aces around (A♥ A♠ A♦ A♣) 10.
		meldCase{name: "quadruple run wins the game", preset: "double-deck", trump: H,
			hand: repeat("AH 10H KH QH JH", 4) + " AS AD AC", total: 10, wins: true,
			items: []engine.MeldItem{runItem(H, 4, 0), aroundItem(engine.Ace, 1, 10)}},
		// Three runs do not: 300.
		meldCase{name: "triple run does not win", preset: "double-deck", trump: S, hand: repeat("AS 10S KS QS JS", 3), total: 300},
	)

	// No bigamy: one K with two Q (or two K with one Q) is one marriage.
	for _, p := range []struct {
		preset          string
		marriage, royal int
	}{
		{"racehorse", 20, 40}, {"classic", 20, 40}, {"partnership", 20, 40}, {"double-deck", 2, 4}, {"six-handed", 2, 4},
	} {
		cases = append(cases,
			meldCase{name: "K Q Q is one marriage", preset: p.preset, trump: H, hand: "KC QC QC", total: p.marriage,
				items: []engine.MeldItem{marriageItem(C, 1, int32(p.marriage))}},
			meldCase{name: "K K Q is one marriage", preset: p.preset, trump: H, hand: "KC KC QC", total: p.marriage},
			meldCase{name: "K Q Q of trump is one royal marriage", preset: p.preset, trump: H, hand: "KH QH QH", total: p.royal,
				items: []engine.MeldItem{royalItem(H, 1, int32(p.royal))}},
			// A run outside trump is only its marriage.
			meldCase{name: "run outside trump", preset: p.preset, trump: H, hand: "AC 10C KC QC JC", total: p.marriage,
				items: []engine.MeldItem{marriageItem(C, 1, int32(p.marriage))}},
		)
	}

	// A card counts once per category but in several categories. Q♠ here is in a
	// marriage (I), a pinochle (II) and queens around (III); the second Q♠ adds nothing.
	for _, p := range []struct {
		preset                     string
		marriage, pinochle, queens int
	}{
		{"racehorse", 20, 40, 60}, {"classic", 20, 40, 60}, {"partnership", 20, 40, 60}, {"double-deck", 2, 4, 6}, {"six-handed", 2, 4, 6},
	} {
		cases = append(cases, meldCase{
			name: "Q♠ in three categories", preset: p.preset, trump: H, hand: "KS QS QS JD QH QD QC",
			total: p.marriage + p.pinochle + p.queens,
			items: []engine.MeldItem{marriageItem(S, 1, int32(p.marriage)), pinochleItem(1, int32(p.pinochle)), aroundItem(engine.Queen, 1, int32(p.queens))},
		})
	}
	cases = append(cases,
		// 000: "KS and QS and JD is worth eight points as meld" (spades trump: royal 4 + pinochle 4).
		meldCase{name: "K♠ Q♠ J♦ with spades trump (000)", preset: "six-handed", trump: S, hand: "KS QS JD", total: 8,
			items: []engine.MeldItem{royalItem(S, 1, 4), pinochleItem(1, 4)}},
		// 000: "double 9s in trump is worth only 2 points".
		meldCase{name: "double dix (000)", preset: "six-handed", trump: C, hand: "9C 9C", total: 2,
			items: []engine.MeldItem{dixItem(C, 2, 2)}},
		// Double-deck has no nines; a nine that somehow appears is no dix.
		meldCase{name: "no dix", preset: "double-deck", trump: C, hand: "9C", total: 0, items: []engine.MeldItem{}},
		// J♦ in the run (I) and in a pinochle (II); K♦ in the run and kings around (III).
		meldCase{name: "run, pinochle and kings around share cards", preset: "racehorse", trump: D,
			hand: "AD 10D KD QD JD QS KS KH KC", total: 150 + 20 + 40 + 80,
			items: []engine.MeldItem{runItem(D, 1, 150), marriageItem(S, 1, 20), pinochleItem(1, 40), aroundItem(engine.King, 1, 80)}},
		// Everything at once, racehorse, spades trump:
		// run 150 + royal (K♠ Q♠ beside it) 40 + dix 10 + marriages ♥ ♦ ♣ 60 = 260 (I);
		// pinochle: Q♠ ×2, J♦ ×1 = 40 (II);
		// kings: K♠ ×2, K♥ K♦ K♣ = 80; queens: Q♠ ×2, Q♥ Q♦ Q♣ = 60; aces: no A♣ (III).
		meldCase{name: "every category", preset: "racehorse", trump: S,
			hand: "AS 10S KS KS QS QS JS 9S KH QH KD QD JD KC QC AH AD", total: 260 + 40 + 140,
			items: []engine.MeldItem{
				runItem(S, 1, 150), royalItem(S, 1, 40), dixItem(S, 1, 10),
				marriageItem(H, 1, 20), marriageItem(D, 1, 20), marriageItem(C, 1, 20),
				pinochleItem(1, 40), aroundItem(engine.King, 1, 80), aroundItem(engine.Queen, 1, 60),
			}},
	)

	// No trump named: no runs, no royal marriages, no dix; marriages and the other
	// categories still count. Hand: A 10 K Q J 9 of hearts, K Q of clubs, Q♠ J♦.
	for _, p := range []struct {
		preset             string
		marriage, pinochle int
	}{
		{"racehorse", 20, 40}, {"classic", 20, 40}, {"partnership", 20, 40}, {"double-deck", 2, 4}, {"six-handed", 2, 4},
	} {
		cases = append(cases, meldCase{
			name: "no trump", preset: p.preset, trump: engine.NoSuit, hand: "AH 10H KH QH JH 9H KC QC QS JD",
			total: 2*p.marriage + p.pinochle,
			items: []engine.MeldItem{marriageItem(H, 1, int32(p.marriage)), marriageItem(C, 1, int32(p.marriage)), pinochleItem(1, int32(p.pinochle))},
		})
	}
	checkMeldCases(t, cases)
}

// TestCountMeldEmpty checks that a hand with no meld scores nothing in every preset.
func TestCountMeldEmpty(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		r := rulesFor(t, preset, nil)
		for _, text := range []string{"", "AS AH AD 10C JS JH KD QC"} {
			h := engine.HandOf(mustCards(t, text)...)
			for _, trump := range append(slices.Clone(allSuits), engine.NoSuit) {
				m := engine.CountMeld(&h, trump, &r.Meld)
				if m.Total != 0 || len(m.Items()) != 0 || m.WinsGame {
					t.Errorf("%s: CountMeld(%q, %v) = %d %v, want nothing", preset, text, trump, m.Total, m.Items())
				}
			}
		}
	}
}

func TestMeldItemName(t *testing.T) {
	tests := []struct {
		item engine.MeldItem
		want string
	}{
		{runItem(engine.Hearts, 1, 150), "run"},
		{runItem(engine.Hearts, 2, 1500), "double run"},
		{runItem(engine.Hearts, 3, 300), "triple run"},
		{runItem(engine.Hearts, 4, 0), "quadruple run"},
		{royalItem(engine.Spades, 1, 40), "royal marriage"},
		{royalItem(engine.Spades, 2, 30), "double royal marriage"},
		{marriageItem(engine.Hearts, 1, 20), "marriage in ♥"},
		{marriageItem(engine.Clubs, 2, 30), "double marriage in ♣"},
		{dixItem(engine.Diamonds, 1, 10), "dix"},
		{dixItem(engine.Diamonds, 2, 20), "2× dix"},
		{pinochleItem(1, 40), "pinochle"},
		{pinochleItem(2, 300), "double pinochle"},
		{pinochleItem(4, 300), "quadruple pinochle"},
		{aroundItem(engine.Ace, 1, 100), "aces around"},
		{aroundItem(engine.King, 2, 800), "double kings around"},
		{aroundItem(engine.Queen, 3, 120), "triple queens around"},
		{aroundItem(engine.Jack, 1, 40), "jacks around"},
	}
	for _, tt := range tests {
		if got := tt.item.Name(); got != tt.want {
			t.Errorf("Name() of %s = %q, want %q", itemKey(tt.item), got, tt.want)
		}
	}
}

func TestMeldItemCards(t *testing.T) {
	tests := []struct {
		item engine.MeldItem
		want string
	}{
		{runItem(engine.Hearts, 1, 150), "AH 10H KH QH JH"},
		{runItem(engine.Spades, 2, 1500), "AS AS 10S 10S KS KS QS QS JS JS"},
		{royalItem(engine.Diamonds, 1, 40), "KD QD"},
		{marriageItem(engine.Clubs, 2, 40), "KC KC QC QC"},
		{dixItem(engine.Hearts, 2, 20), "9H 9H"},
		{pinochleItem(1, 40), "QS JD"},
		{pinochleItem(3, 90), "QS QS QS JD JD JD"},
		{aroundItem(engine.Ace, 1, 100), "AS AH AD AC"},
		{aroundItem(engine.Jack, 2, 400), "JS JS JH JH JD JD JC JC"},
	}
	for _, tt := range tests {
		got := tt.item.Cards()
		want := mustCards(t, tt.want)
		if len(got) != len(want) || engine.HandOf(got...) != engine.HandOf(want...) {
			t.Errorf("Cards() of %s = %v, want %v", itemKey(tt.item), got, want)
		}
	}
}

// TestMeldUsed checks the cards that take part in a meld: within a category the melds'
// cards add up, across categories a card is used once.
func TestMeldUsed(t *testing.T) {
	tests := []struct {
		name, preset string
		trump        engine.Suit
		hand, used   string
	}{
		// A run and a royal marriage use two K and two Q of trump; the dix is used; the lone K♣ is not.
		{"run + royal marriage", "racehorse", engine.Hearts, "AH 10H KH KH QH QH JH 9H KC", "AH 10H KH KH QH QH JH 9H"},
		// The extra K♥ beside a run is not used.
		{"run + lone K", "racehorse", engine.Hearts, "AH 10H KH KH QH JH", "AH 10H KH QH JH"},
		// Q♠ in a marriage, a pinochle and queens around is one Q♠; the second Q♠ is unused.
		{"Q♠ in three categories", "racehorse", engine.Hearts, "KS QS QS JD QH QD QC 9C", "KS QS JD QH QD QC"},
		// Around the Horn with an extra Q♣: the extra queen is not used.
		{"around the horn + Q♣", "racehorse", engine.Hearts, "KS QS KH QH KD QD KC QC QC", "KS QS KH QH KD QD KC QC"},
		// Six-handed: a double marriage in trump uses K K Q Q; A 10 J are left over.
		{"six-handed double marriage", "six-handed", engine.Hearts, "AH 10H KH KH QH QH JH", "KH KH QH QH"},
		{"nothing", "racehorse", engine.Hearts, "AS KH 9C", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rulesFor(t, tt.preset, nil)
			h := engine.HandOf(mustCards(t, tt.hand)...)
			m := engine.CountMeld(&h, tt.trump, &r.Meld)
			used := m.Used()
			if want := engine.HandOf(mustCards(t, tt.used)...); used != want {
				t.Errorf("Used() = %v, want %v", used.String(), want.String())
			}
			if !h.Contains(&used) {
				t.Errorf("Used() = %v holds cards not in the hand %v", used.String(), h.String())
			}
		})
	}
}

// BenchmarkMeld12 counts the meld of a 12-card racehorse hand: a run with an extra K+Q,
// a dix, a marriage, a pinochle.
func BenchmarkMeld12(b *testing.B) {
	r := rulesFor(b, "racehorse", nil)
	h := engine.HandOf(mustCards(b, "AH 10H KH KH QH QH JH 9H QS JD KC QC")...)
	var sink int
	b.ReportAllocs()
	for b.Loop() {
		m := engine.CountMeld(&h, engine.Hearts, &r.Meld)
		sink += m.Total
	}
	if sink == 0 {
		b.Fatal("no meld")
	}
}

// BenchmarkMeld20 counts the meld of a 20-card double-deck hand (the first example of 004).
func BenchmarkMeld20(b *testing.B) {
	r := rulesFor(b, "double-deck", nil)
	h := engine.HandOf(mustCards(b, "KH KH QH JH AD 10D 10D KD QD JD AC 10C KC QC AS 10S KS QS JS JS")...)
	var sink int
	b.ReportAllocs()
	for b.Loop() {
		m := engine.CountMeld(&h, engine.Spades, &r.Meld)
		sink += m.Total
	}
	if sink == 0 {
		b.Fatal("no meld")
	}
}

// countMeldReference is CountMeld as it was first written, item by item: the reference
// the faster one must agree with.
func countMeldReference(h *engine.Hand, trump engine.Suit, t *engine.MeldTable) (total int, wins bool, items []engine.MeldItem) {
	for _, k := range h {
		if k > 4 {
			return 0, false, nil
		}
	}
	add := func(it engine.MeldItem) {
		if it.Points == 0 && it.Kind != engine.MeldRun {
			return
		}
		items = append(items, it)
		total += int(it.Points)
	}
	card := func(r engine.Rank, s engine.Suit) uint8 { return h[engine.NewCard(r, s)] }
	for s := engine.Spades; s < engine.NoSuit; s++ {
		k, q := card(engine.King, s), card(engine.Queen, s)
		if s != trump {
			if n := min(k, q); n > 0 {
				add(engine.MeldItem{Kind: engine.MeldMarriage, Suit: s, Count: n, Points: int32(t.Marriage[n])})
			}
			continue
		}
		runs := min(card(engine.Ace, s), card(engine.Ten, s), k, q, card(engine.Jack, s))
		bestRuns, bestRoyal, best := uint8(0), uint8(0), -1
		for r := uint8(0); r <= runs; r++ {
			royal := min(k, q) - r
			if r > 0 && !t.RoyalBesideRun {
				royal = 0
			}
			wins := t.RunWinsAt > 0 && int(r) >= t.RunWinsAt
			if v := t.Run[r] + t.Royal[royal]; v >= best || wins {
				bestRuns, bestRoyal, best = r, royal, v
			}
		}
		if bestRuns > 0 {
			add(engine.MeldItem{Kind: engine.MeldRun, Suit: s, Count: bestRuns, Points: int32(t.Run[bestRuns])})
			if t.RunWinsAt > 0 && int(bestRuns) >= t.RunWinsAt {
				wins = true
			}
		}
		if bestRoyal > 0 {
			add(engine.MeldItem{Kind: engine.MeldRoyalMarriage, Suit: s, Count: bestRoyal, Points: int32(t.Royal[bestRoyal])})
		}
		if n := card(engine.Nine, s); n > 0 {
			add(engine.MeldItem{Kind: engine.MeldDix, Suit: s, Count: n, Points: int32(int(n) * t.Dix)})
		}
	}
	if n := min(card(engine.Queen, engine.Spades), card(engine.Jack, engine.Diamonds)); n > 0 {
		add(engine.MeldItem{Kind: engine.MeldPinochle, Suit: engine.NoSuit, Count: n, Points: int32(t.Pinochle[n])})
	}
	for _, r := range [...]engine.Rank{engine.Ace, engine.King, engine.Queen, engine.Jack} {
		n := min(card(r, engine.Spades), card(r, engine.Hearts), card(r, engine.Diamonds), card(r, engine.Clubs))
		if n > 0 {
			add(engine.MeldItem{Kind: engine.MeldAround, Suit: engine.NoSuit, Rank: r, Count: n, Points: int32(t.Around[r][n])})
		}
	}
	return total, wins, items
}

// TestCountMeldAgreesWithReference counts the meld of many random hands, dealt from every
// preset's deck and also drawn freely (up to five copies of a card, which no deck holds), in
// every trump and with no trump, under every preset's table and its options, and checks
// that CountMeld agrees with the reference item by item.
func TestCountMeldAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var tables []engine.MeldTable
	for _, preset := range engine.PresetNames() {
		for _, opts := range []map[string]string{nil, {"royal": "marriage"}, {"royal": "nothing"}} {
			r, err := engine.NewRules(preset, opts)
			if err != nil {
				continue
			}
			tables = append(tables, r.Meld)
		}
	}
	if len(tables) < len(engine.PresetNames()) {
		t.Fatalf("only %d meld tables", len(tables))
	}
	for i := range 20000 {
		var h engine.Hand
		size := 12 + rng.IntN(9)
		for range size {
			c := engine.Card(rng.IntN(engine.NumKinds))
			if i%2 == 0 {
				// Runs and arounds are rare in random hands: lean the hand to high cards.
				c = engine.NewCard(engine.Rank(1+rng.IntN(5)), engine.Suit(rng.IntN(engine.NumSuits)))
			}
			if h[c] < 4 || i%50 == 0 {
				h[c]++
			}
		}
		for ti := range tables {
			tb := &tables[ti]
			for trump := engine.Spades; trump <= engine.NoSuit; trump++ {
				m := engine.CountMeld(&h, trump, tb)
				total, wins, items := countMeldReference(&h, trump, tb)
				if m.Total != total || m.WinsGame != wins || !slices.Equal(m.Items(), items) {
					t.Fatalf("hand %s, trump %s, table %d: CountMeld gives %d %v %v, the reference %d %v %v",
						h.String(), trump, ti, m.Total, m.WinsGame, m.Items(), total, wins, items)
				}
			}
		}
	}
}
