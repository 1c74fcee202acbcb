package bot

import "github.com/pinochle-discord/pinochle/bot/live"

// tableEffects hands what a table asks for to effects, except that a private table (the
// daily deal: table.Settings.Private) shows nothing in public, only its player's private
// views, and that an event's game leaves its thread for the runner to archive (the table
// may play another game there); and it wakes the event runner when a table's game ends,
// for its event or daily deal to record.
func (b *Bot) tableEffects(gameID int64, effects []live.Effect) {
	private := b.privateTable(gameID, effects)
	ended := false
	var kept []live.Effect
	event := b.events.eventGame(gameID)
	for _, e := range effects {
		switch e.(type) {
		case live.EditView:
			kept = append(kept, e)
		case live.Archive:
			if !private && !event {
				kept = append(kept, e)
			}
		default:
			if !private {
				kept = append(kept, e)
			}
		}
		if n, ok := e.(live.Narrate); ok {
			for _, it := range n.Items {
				if o, ok := it.(live.Note); ok && (o.Kind == live.NoteFinished || o.Kind == live.NoteEnded) {
					ended = true
				}
			}
		}
	}
	if len(kept) > 0 {
		b.effects(gameID, kept)
	}
	if ended {
		b.events.nudge()
	}
}

// privateTable reports whether a table is private, from the record its effects carry, or
// from what an earlier batch of its effects said.
func (b *Bot) privateTable(gameID int64, effects []live.Effect) bool {
	for _, e := range effects {
		var private, known bool
		switch e := e.(type) {
		case live.Narrate:
			private, known = e.Game.Settings.Private, true
		case live.EditView:
			private, known = e.Game.Settings.Private, true
		case live.PostTable:
			private, known = e.Game.Settings.Private, true
		case live.ShowTable:
			private, known = e.Game.Settings.Private, true
		case live.CloseTable:
			private, known = e.Game.Settings.Private, true
		case live.NotifyTurn:
			private, known = e.Game.Settings.Private, true
		}
		if known {
			if private {
				b.private.Store(gameID, true)
			}
			return private
		}
	}
	_, private := b.private.Load(gameID)
	return private
}
