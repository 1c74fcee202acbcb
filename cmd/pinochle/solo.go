package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Three-handed cutthroat (engine.Rules.Solo) in pinochle play: every player scores alone.
// The high bidder takes the widow in sight of everyone, names trump, buries as many cards
// (seen by the bidder alone; their counters count for it) and plays alone against the
// other two. The team fields of the engine stay zero there: what the session's prompts and
// score sheet say of scores and the bidder's need is written here from each seat's figures
// (the narration, the bot's narrator, tells the hands and the game's end).

// soloIntro is the line that opens a three-handed game.
func (s *session) soloIntro() string {
	return fmt.Sprintf("Pinochle, %s. You are %s, against %s: every player scores alone. "+
		"The high bidder takes the %d-card widow, buries %d and plays alone against the other two.",
		s.r.Preset, seatLabel(s.user), words.Join(s.othersThan(s.user), "and"), s.r.Widow, s.r.PassCount)
}

// othersThan names every seat but seat, in seat order, "you" for the user.
func (s *session) othersThan(seat int) []string {
	var names []string
	for o := range s.r.Players {
		if o != seat {
			names = append(names, s.name(o))
		}
	}
	return names
}

// seatOrder lists the seats the user first, then the others in seat order.
func (s *session) seatOrder() []int {
	order := []int{s.user}
	for o := range s.r.Players {
		if o != s.user {
			order = append(order, o)
		}
	}
	return order
}

// seatScoresText writes every player's score, the user's first: "you 90, seat 2 310,
// seat 3 20".
func (s *session) seatScoresText(scores [engine.MaxPlayers]int) string {
	parts := make([]string, 0, s.r.Players)
	for _, seat := range s.seatOrder() {
		parts = append(parts, fmt.Sprintf("%s %d", s.name(seat), scores[seat]))
	}
	return strings.Join(parts, ", ")
}

// soloLead says how the user stands against the best of the others: "you lead by 40",
// "you trail seat 2 by 220", "you share the lead".
func (s *session) soloLead(scores [engine.MaxPlayers]int) string {
	best := -1
	var leaders []string
	for o := range s.r.Players {
		switch {
		case o == s.user:
		case best < 0 || scores[o] > scores[best]:
			best, leaders = o, []string{s.name(o)}
		case scores[o] == scores[best]:
			leaders = append(leaders, s.name(o))
		}
	}
	switch d := scores[s.user] - scores[best]; {
	case d > 0:
		return fmt.Sprintf("you lead by %d", d)
	case d < 0:
		return fmt.Sprintf("you trail %s by %d", words.Join(leaders, "and"), -d)
	}
	return "you share the lead"
}

// widowInHand returns the widow's cards the user holds: the bidder's, from the moment it
// takes the widow until it buries.
func (s *session) widowInHand() engine.Hand {
	var got engine.Hand
	w, ok := s.g.Widow()
	ph := s.g.Phase()
	if !ok || s.g.Bidder() != s.user || (ph != engine.PhaseTrump && ph != engine.PhasePass) {
		return got
	}
	for _, c := range w {
		got[c]++
	}
	return got
}

// soloNeed says what the bidder still needs in tricks, as the user's view counts it (the
// bidder's own view counts its buried counters, which the others cannot see); empty before
// meld is shown. The long form says it in a sentence, the short one in a few words.
func (s *session) soloNeed(long bool) string {
	v := s.g.View(s.user)
	need, ok := v.BiddersNeed()
	if !ok {
		return ""
	}
	b := s.g.Bidder()
	who, verb := "the bidder", "needs"
	tricks := v.SeatPoints(b)
	if b == s.user {
		who, verb = "you", "need"
		_, buried := v.Buried()
		tricks += buried
	}
	m, _ := v.ShownMeld(b)
	switch {
	case need == 0 && long:
		return fmt.Sprintf("%s %s nothing more in tricks: meld %d and tricks %d reach the bid", who, verb, m.Total, tricks)
	case need == 0:
		return "bid reached"
	case long && tricks == 0:
		return fmt.Sprintf("%s %s %d of the %d points in the tricks", who, verb, need, s.r.TrickTotal())
	case long:
		return fmt.Sprintf("%s %s %d more in tricks", who, verb, need)
	}
	return fmt.Sprintf("%s %s %d more", who, verb, need)
}

// soloDecision writes, for the user as the bidder deciding to play or throw in, its
// bid, meld and need, and what each player scores either way.
func (s *session) soloDecision() {
	v := s.g.View(s.user)
	m, _ := v.ShownMeld(s.user)
	_, buried := v.Buried()
	s.printf("Your bid is %d and your meld %d, and the cards you buried count %d for you in tricks: %s.\n",
		s.g.HighBid(), m.Total, buried, s.soloNeed(true))
	d := v.SeatThrowInDelta()
	var gets []string
	for _, o := range s.seatOrder()[1:] {
		gets = append(gets, fmt.Sprintf("%s %d", s.name(o), d[o]))
	}
	s.printf("Throw in and you lose %d, and the others score their meld (%s). "+
		"Play, and you score your meld and tricks if they reach %d, or lose %d if not.\n",
		-d[s.user], strings.Join(gets, ", "), s.g.HighBid(), s.r.SoloSetCost(s.g.HighBid(), true))
}

// showBuryMeld writes the bidder's meld as its hand stands, widow included, before it
// buries: a buried card no longer melds.
func (s *session) showBuryMeld() {
	h := s.g.Hand(s.user)
	m := engine.CountMeld(&h, s.g.Trump(), &s.r.Meld)
	s.printf("Your meld as your hand stands (%s, the widow in it): %d\n", trumpText(s.g.Trump()), m.Total)
	writeMeldItems(s.out, &m, "    ")
}

// buryCost returns, for a bury of cards by the user, the cards of its meld among them and
// its meld before and after: a buried card never melds, so burying meld costs meld.
func (s *session) buryCost(cards []engine.Card) (melded []engine.Card, before, after int) {
	h := s.g.Hand(s.user)
	m := engine.CountMeld(&h, s.g.Trump(), &s.r.Meld)
	used := m.Used()
	kept := h
	for _, c := range cards {
		if used[c] > 0 {
			melded = append(melded, c)
			used[c]--
		}
		kept[c]--
	}
	km := engine.CountMeld(&kept, s.g.Trump(), &s.r.Meld)
	return melded, m.Total, km.Total
}

// soloSheetHeads returns the score sheet's column heads, one a seat in seat order.
func (s *session) soloSheetHeads() []string {
	heads := make([]string, s.r.Players)
	for seat := range heads {
		heads[seat] = seatLabel(seat)
		if seat == s.user {
			heads[seat] += " (you)"
		}
	}
	return heads
}

// sameCards reports whether two lists hold the same cards, in any order.
func sameCards(a, b []engine.Card) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
