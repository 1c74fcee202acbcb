package live

import (
	"context"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// endKind is how a table ends in storage.
type endKind int

const (
	// endFinished: the game's log ends it.
	endFinished endKind = iota
	// endForfeit: a team forfeits the game being played.
	endForfeit
	// endAbandoned: the table closes before its end (a cancelled lobby, a stopped game, an
	// idle lobby); it never counts.
	endAbandoned
)

// ending says how a table ends in storage.
type ending struct {
	kind endKind
	// team is the team that forfeits (endForfeit); in a game where every player scores
	// alone (engine.Rules.Solo), the seat.
	team int
}

// end ends the table, the one way every table ends. It writes the end to storage first,
// always with its time (and, for a game with a result, the hands, the result and the
// ratings in the same transaction, as the league decides them); only then is the table done:
// its goroutine ends after this command and its timers stop. It returns what the game did to
// the ratings (empty for an abandoned table). On an error nothing has changed.
func (t *machine) end(ctx context.Context, e ending) (league.Recorded, error) {
	now := t.now
	var fin league.Recorded
	switch e.kind {
	case endFinished, endForfeit:
		decide := league.Finish
		if e.kind == endForfeit {
			decide = league.Forfeit(e.team)
		}
		var err error
		if fin, err = t.store.EndGame(ctx, t.meta.ID, now, decide); err != nil {
			return league.Recorded{}, fmt.Errorf("end game %d: %w", t.meta.ID, err)
		}
		t.meta.Status = table.StatusFinished
	case endAbandoned:
		before := t.meta.Status
		t.meta.Status = table.StatusAbandoned
		t.meta.EndedAt = now
		if err := t.save(ctx); err != nil {
			t.meta.Status, t.meta.EndedAt = before, time.Time{}
			return league.Recorded{}, fmt.Errorf("abandon game %d: %w", t.meta.ID, err)
		}
	}
	t.meta.EndedAt = now
	t.done = true
	t.stopTimers()
	return fin, nil
}
