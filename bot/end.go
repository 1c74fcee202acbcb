package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
)

// endKind is how a table ends.
type endKind int

const (
	// endFinished: the game's log ends it.
	endFinished endKind = iota
	// endForfeit: a team forfeits the game being played.
	endForfeit
	// endAbandoned: the table closes before its end (a cancelled lobby, a stopped game); it
	// never counts.
	endAbandoned
)

// ending says how a table ends.
type ending struct {
	kind endKind
	// team is the team that forfeits (endForfeit).
	team int
}

// endTable ends a table, the one way every table ends: a game played to its result, a
// forfeit, a table abandoned, a lobby closed for idleness. It writes the end to storage
// first, always with its time (and, for a game with a result, the hands, the result and the
// ratings in the same transaction, as the league decides them); only then is the table
// dropped from memory and its timers stopped. It returns what the game did to the ratings
// (empty for an abandoned table). On an error nothing has changed. The caller holds t.mu.
func (b *Bot) endTable(ctx context.Context, t *table, e ending) (storage.Finish, error) {
	now := b.now()
	var fin storage.Finish
	switch e.kind {
	case endFinished, endForfeit:
		decide := league.Finish
		if e.kind == endForfeit {
			decide = league.Forfeit(e.team)
		}
		var err error
		if fin, err = b.store.EndGame(ctx, t.meta.ID, now, decide); err != nil {
			return storage.Finish{}, fmt.Errorf("end game %d: %w", t.meta.ID, err)
		}
		t.meta.Status = storage.StatusFinished
	case endAbandoned:
		before := t.meta.Status
		t.meta.Status = storage.StatusAbandoned
		t.meta.EndedAt = now
		if err := b.saveMeta(ctx, t); err != nil {
			t.meta.Status, t.meta.EndedAt = before, time.Time{}
			return storage.Finish{}, fmt.Errorf("abandon game %d: %w", t.meta.ID, err)
		}
	}
	t.meta.EndedAt = now
	b.dropTable(t)
	return fin, nil
}
