package events

import "github.com/pinochle-discord/pinochle/bot/live"

// Shown returns the effects of a table to carry out: all of them, except that a private
// table (the daily deal: table.Settings.Private) shows nothing in public, only its player's
// private views, and that an event's game leaves its thread for the runner to archive (the
// table may play another game there). It wakes the runner when a table's game ends, for its
// event or daily deal to record.
func (r *Runner) Shown(gameID int64, effects []live.Effect) []live.Effect {
	private := r.privateTable(gameID, effects)
	ended := false
	var kept []live.Effect
	event := r.InEvent(gameID)
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
	if ended {
		r.nudge()
	}
	return kept
}

// privateTable reports whether a table is private, from the record its effects carry, or
// from what an earlier batch of its effects said.
func (r *Runner) privateTable(gameID int64, effects []live.Effect) bool {
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
				r.private.Store(gameID, true)
			}
			return private
		}
	}
	_, private := r.private.Load(gameID)
	return private
}
