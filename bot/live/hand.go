package live

import (
	"context"
	"errors"
	"strings"
	"unicode"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// Private answers to commands that change nothing.
const (
	// MsgStale answers a control shown at an earlier step of the game.
	MsgStale      = "That button was for an earlier step of the game, so nothing was done. Here is where the table is now."
	msgSaveFailed = "Your move could not be saved, so nothing was done. Please try again in a moment."
	// MsgForged answers a control that no table made.
	MsgForged = "That button is not one this bot made for a game, so nothing was done. Use the buttons on the table message, or `/pinochle hand`."
)

// playerSeat returns the seat of a person at a game in play, or the refusal: the game is
// over, not started, or the person is not seated (notSeated).
func (t *tableLoop) playerSeat(by Person, notSeated string) (int, *Reply) {
	seat := t.meta.SeatOf(by.ID)
	switch {
	case t.done:
		return -1, ptr(text("That game is over."))
	case seat < 0:
		return -1, ptr(text("%s", notSeated))
	case t.game == nil:
		return -1, ptr(text("The game has not started yet: cards are dealt once every seat is taken."))
	}
	return seat, nil
}

// view answers with a seat's private view, and keeps its token to bring it up to date.
func (t *tableLoop) view(seat int, token, note string) Reply {
	t.keepView(seat, token)
	return Reply{Kind: ReplyView, Seat: seat, View: t.game.View(seat), Text: note, NextHand: t.offersNextHand(seat), Chosen: t.chosenCard(seat)}
}

// showHand answers with the person's private view of the table.
func (t *tableLoop) showHand(c ShowHand) Reply {
	seat, refusal := t.playerSeat(c.By, "You are not seated at this table, so you have no hand to see.")
	if refusal != nil {
		return *refusal
	}
	return t.view(seat, c.Token, "")
}

// askBid answers the "Other amount" button with the form for a bid.
func (t *tableLoop) askBid(c AskBid) Reply {
	seat, refusal := t.playerSeat(c.By, "You are not seated at this table, so you cannot bid for it.")
	if refusal != nil {
		return *refusal
	}
	if c.At.Hand == 0 || !c.At.Current(t.game, seat) {
		return t.view(seat, "", MsgStale)
	}
	if !t.game.Waiting(seat) || t.game.Phase() != engine.PhaseBidding {
		return t.view(seat, "", "It is not your turn to bid.")
	}
	return Reply{Kind: ReplyBidForm, Seat: seat, MinBid: t.game.MinNextBid(), At: c.At}
}

// move handles a click on a private control: checked against the person, the step and the
// rules, saved and applied; the answer is the person's view after it.
func (t *tableLoop) move(ctx context.Context, c Move) Reply {
	seat, refusal := t.playerSeat(c.By, "You are not seated at this table, so you cannot act for it.")
	if refusal != nil {
		return *refusal
	}
	if c.At.Hand == 0 || c.Action == nil {
		return text(MsgForged)
	}
	if !c.At.Current(t.game, seat) {
		if done, ok := t.alreadyDone(seat, c); ok {
			return t.view(seat, c.Token, done)
		}
		return t.view(seat, c.Token, MsgStale)
	}
	if t.meta.Seats[seat].Away {
		return t.view(seat, c.Token, "Your seat is played by a computer player while you are away: use `/pinochle back` to take it back.")
	}
	a, err := c.Action(seat)
	if err != nil {
		return t.view(seat, c.Token, "⚠️ "+err.Error())
	}
	if c.Choose && t.meta.Settings.Confirm && a.Kind == engine.ActPlayCard {
		return t.choose(seat, c.Token, a)
	}
	var n narration
	if err := t.act(ctx, a, &n); err != nil {
		if r, ok := t.ruleRefusal(seat, c.Token, err); ok {
			return r
		}
		t.rt.log.Error("move failed", "game", t.meta.ID, "err", err)
		return t.view(seat, c.Token, "⚠️ "+msgSaveFailed)
	}
	if err := t.advance(ctx, &n); err != nil {
		t.rt.log.Error("after a move", "game", t.meta.ID, "err", err)
	}
	r := t.view(seat, c.Token, "")
	t.publish(&n)
	return r
}

// choose answers a card button at a table that confirms cards: the card, if the rules allow
// it, is chosen, and its Play button plays it. Nothing else changes.
func (t *tableLoop) choose(seat int, token string, a engine.Action) Reply {
	if err := t.game.Check(a); err != nil {
		if r, ok := t.ruleRefusal(seat, token, err); ok {
			return r
		}
		return t.view(seat, token, "⚠️ "+err.Error())
	}
	t.chosen[seat] = chosenCard{step: t.game.LogLen(), card: a.Card}
	sym := a.Card.Symbol()
	return t.view(seat, token, "You chose **"+sym+"**: press **Play "+sym+"** to play it, or choose another card.")
}

// ruleRefusal answers an action the rules refused (an *engine.RuleError) with the seat's
// view and the rule, and reports whether err was such a refusal.
func (t *tableLoop) ruleRefusal(seat int, token string, err error) (Reply, bool) {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return Reply{}, false
	}
	msg := re.Msg
	if t.game != nil && t.game.Rules().PassStyle == engine.PassBury && t.game.Phase() == engine.PhasePass &&
		(re.Code == engine.CodeBadPass || re.Code == engine.CodeNotInHand) {
		// Three-handed's bidder buries its cards: the engine's words for a pass are the
		// menu's words for a bury.
		msg = strings.NewReplacer("passed", "buried", "pass", "bury").Replace(msg)
	}
	return t.view(seat, token, "⚠️ "+capitalise(msg)+"."), true
}

// chosenCard returns the card seat chose to play at this step, if any.
func (t *tableLoop) chosenCard(seat int) engine.CardSet {
	if ch, ok := t.chosen[seat]; ok && t.game != nil && ch.step == t.game.LogLen() {
		return engine.CardSet(0).Add(ch.card)
	}
	return 0
}

// hint answers the Hint button: the expert's choice for the person's seat, and why. The
// expert searches in the pool, like a computer turn, and the answer comes as an EditView.
func (t *tableLoop) hint(c Hint) Reply {
	seat, refusal := t.playerSeat(c.By, "You are not seated at this table, so there is no hand to advise on.")
	switch {
	case refusal != nil:
		return *refusal
	case c.At.Hand == 0:
		return text(MsgForged)
	case !c.At.Current(t.game, seat):
		return t.view(seat, c.Token, MsgStale)
	case !t.meta.Settings.Hints:
		return t.view(seat, c.Token, "Hints are off at this table.")
	case !t.game.Waiting(seat) || t.meta.Seats[seat].Away:
		return t.view(seat, c.Token, "A hint is for your own turn.")
	}
	if !t.rt.enter() {
		return text("The bot is shutting down; please try again in a moment.")
	}
	v := t.game.View(seat)
	seed := t.meta.Seed ^ uint64(t.game.LogLen())<<8 ^ uint64(seat) ^ 0x4817
	t.rt.search(t.id, 1)
	go func() {
		defer t.rt.wg.Done()
		defer t.rt.search(t.id, -1) // after the hint is queued, which counts on its own
		if !t.rt.take(t.searches) {
			return // the table has ended
		}
		why := ""
		if p, err := computer.New("expert", seed); err == nil {
			if h, ok := p.(*computer.Expert); ok {
				_, why, err = h.HintContext(t.searches, v)
			}
			if err != nil {
				t.rt.give()
				return // the table has ended
			}
		}
		t.rt.give()
		t.rt.send(t, hinted{seat: seat, at: c.At, token: c.Token, why: why})
	}()
	return Reply{Kind: ReplyDeferred, Seat: seat}
}

// showHint shows a hint once the expert has found it, unless the game has moved on.
func (t *tableLoop) showHint(h hinted) {
	if t.game == nil {
		return
	}
	note := "💡 **Hint:** " + h.why
	if !h.at.Current(t.game, h.seat) {
		note = MsgStale
	}
	t.keepView(h.seat, h.token)
	t.emit(EditView{Token: h.token, Game: t.record(), Seat: h.seat, View: t.game.View(h.seat), Note: note})
}

// repost posts the table again at the bottom of its thread; the copy it replaces becomes a
// link to it.
func (t *tableLoop) repost(by Person) Reply {
	if t.done || t.game == nil {
		return text("That table has no game in play.")
	}
	if t.reposting {
		return text("The table is being posted again already.")
	}
	var old *table.Message
	if m, ok := t.meta.Messages[table.RoleTable]; ok {
		old = &m
	}
	t.postTable(old)
	return text("Here is the table again.")
}

// capitalise returns s with its first letter in upper case.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return string(unicode.ToUpper(r[0])) + string(r[1:])
}
