package live

import (
	"context"
	"errors"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// playerSeat returns the seat of a person at a game in play, or the refusal: the game is
// over, not started, or the person is not seated (and tried what they tried).
func (t *machine) playerSeat(by Person, tried Attempt) (int, *Reply) {
	seat := t.meta.SeatOf(by.ID)
	switch {
	case t.done:
		return -1, ptr(say(FactGameOver))
	case seat < 0:
		return -1, ptr(sayN(Notice{Fact: FactNotSeated, Tried: tried}))
	case t.game == nil:
		return -1, ptr(say(FactNotStarted))
	}
	return seat, nil
}

// view answers with a seat's private view, and keeps its token to bring it up to date.
func (t *machine) view(seat int, token string, n Notice) Reply {
	t.keepView(seat, token)
	return Reply{Kind: ReplyView, Seat: seat, View: t.game.View(seat), Notice: n, NextHand: t.offersNextHand(seat), Chosen: t.chosenCard(seat)}
}

// showHand answers with the person's private view of the table.
func (t *machine) showHand(c ShowHand) Reply {
	seat, refusal := t.playerSeat(c.By, TriedHand)
	if refusal != nil {
		return *refusal
	}
	return t.view(seat, c.Token, Notice{})
}

// askBid answers the "Other amount" button with the form for a bid.
func (t *machine) askBid(c AskBid) Reply {
	seat, refusal := t.playerSeat(c.By, TriedBid)
	if refusal != nil {
		return *refusal
	}
	if c.At.Hand == 0 || !c.At.Current(t.game, seat) {
		return t.view(seat, "", Notice{Fact: FactStale})
	}
	if !t.game.Waiting(seat) || t.game.Phase() != engine.PhaseBidding {
		return t.view(seat, "", Notice{Fact: FactNotYourBid})
	}
	return Reply{Kind: ReplyBidForm, Seat: seat, MinBid: t.game.MinNextBid(), At: c.At}
}

// move handles a click on a private control: checked against the person, the step and the
// rules, saved and applied; the answer is the person's view after it.
func (t *machine) move(ctx context.Context, c Move) Reply {
	seat, refusal := t.playerSeat(c.By, TriedAct)
	if refusal != nil {
		return *refusal
	}
	if c.At.Hand == 0 || c.Action == nil {
		return say(FactForged)
	}
	if !c.At.Current(t.game, seat) {
		if done, ok := t.alreadyDone(seat, c); ok {
			return t.view(seat, c.Token, done)
		}
		return t.view(seat, c.Token, Notice{Fact: FactStale})
	}
	if t.meta.Seats[seat].Away {
		return t.view(seat, c.Token, Notice{Fact: FactAway})
	}
	a, err := c.Action(seat)
	if err != nil {
		return t.view(seat, c.Token, Notice{Fact: FactUnreadable, Err: err})
	}
	if c.Choose && t.meta.Settings.Confirm && a.Kind == engine.ActPlayCard {
		return t.choose(seat, c.Token, a)
	}
	var n narration
	if err := t.act(ctx, a, &n); err != nil {
		if r, ok := t.ruleRefusal(seat, c.Token, err); ok {
			return r
		}
		t.log.Error("move failed", "game", t.meta.ID, "err", err)
		return t.view(seat, c.Token, Notice{Fact: FactMoveNotSaved})
	}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("after a move", "game", t.meta.ID, "err", err)
	}
	r := t.view(seat, c.Token, Notice{})
	t.publish(&n)
	return r
}

// choose answers a card button at a table that confirms cards: the card, if the rules allow
// it, is chosen, and its Play button plays it. Nothing else changes.
func (t *machine) choose(seat int, token string, a engine.Action) Reply {
	if err := t.game.Check(a); err != nil {
		if r, ok := t.ruleRefusal(seat, token, err); ok {
			return r
		}
		return t.view(seat, token, Notice{Fact: FactFailed})
	}
	t.chosen[seat] = chosenCard{step: t.game.LogLen(), card: a.Card}
	return t.view(seat, token, Notice{Fact: FactChosen, Card: a.Card})
}

// ruleRefusal answers an action the rules refused (an *engine.RuleError) with the seat's
// view and the rule, and reports whether err was such a refusal.
func (t *machine) ruleRefusal(seat int, token string, err error) (Reply, bool) {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return Reply{}, false
	}
	return t.view(seat, token, Notice{Fact: FactRuleRefused, Rule: re}), true
}

// chosenCard returns the card seat chose to play at this step, if any.
func (t *machine) chosenCard(seat int) engine.CardSet {
	if ch, ok := t.chosen[seat]; ok && t.game != nil && ch.step == t.game.LogLen() {
		return engine.CardSet(0).Add(ch.card)
	}
	return 0
}

// hint answers the Hint button: the expert's choice for the person's seat, and why. The
// expert searches in the pool, like a computer turn, and the answer comes as an EditView.
func (t *machine) hint(c Hint) Reply {
	seat, refusal := t.playerSeat(c.By, TriedHint)
	switch {
	case refusal != nil:
		return *refusal
	case c.At.Hand == 0:
		return say(FactForged)
	case !c.At.Current(t.game, seat):
		return t.view(seat, c.Token, Notice{Fact: FactStale})
	case !t.meta.Settings.Hints:
		return t.view(seat, c.Token, Notice{Fact: FactHintsOff})
	case !t.game.Waiting(seat) || t.meta.Seats[seat].Away:
		return t.view(seat, c.Token, Notice{Fact: FactHintNotYourTurn})
	}
	seed := t.meta.Seed ^ uint64(t.game.LogLen())<<8 ^ uint64(seat) ^ 0x4817
	p, err := t.players("expert", seed)
	if err != nil {
		t.log.Error("hint: no expert", "game", t.meta.ID, "err", err)
	}
	t.emit(startHint{seat: seat, at: c.At, token: c.Token, player: p, view: t.game.View(seat)})
	return Reply{Kind: ReplyDeferred, Seat: seat}
}

// showHint shows a hint once the expert has found it, unless the game has moved on.
func (t *machine) showHint(h hinted) {
	if t.game == nil {
		return
	}
	note := Notice{Fact: FactHint, Hint: h.why}
	if !h.at.Current(t.game, h.seat) {
		note = Notice{Fact: FactStale}
	}
	t.keepView(h.seat, h.token)
	t.emit(EditView{Token: h.token, Issued: t.views[h.seat].at, Game: t.record(), Seat: h.seat, View: t.game.View(h.seat), Notice: note})
}

// stale posts the table message anew when the one Discord refuses to edit, or that is near
// the age past which it would, is still the table's; the copy it replaces becomes a link
// to it.
func (t *machine) stale(m table.Message) {
	if t.done || t.game == nil || t.reposting || t.meta.Messages[table.RoleTable] != m {
		return
	}
	t.postTable(&m)
}

// repost posts the table again at the bottom of its thread; the copy it replaces becomes a
// link to it.
func (t *machine) repost(by Person) Reply {
	if t.done || t.game == nil {
		return say(FactNoGame)
	}
	if t.reposting {
		return say(FactReposting)
	}
	var old *table.Message
	if m, ok := t.meta.Messages[table.RoleTable]; ok {
		old = &m
		if !t.repostedAt.IsZero() && t.now.Sub(t.repostedAt) < RepostGap {
			// Posting the table anew costs four of the channel calls the token shares:
			// anyone in the thread may ask, so a table does it at most once a RepostGap.
			return Reply{Kind: ReplyNotice, Notice: Notice{Fact: FactRepostedRecently, Message: m, GuildID: t.meta.GuildID}}
		}
	}
	t.repostedAt = t.now
	t.postTable(old)
	return say(FactReposted)
}
