package bot

import (
	"context"
	"fmt"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/table"
)

// Clock tells the time and runs functions later: the tables' timers, reminders, forced cards
// and quiet turns run on it, so that tests drive them without sleeping. Two things run on
// the wall clock instead, because what they keep pace with does: the poster's pacing of
// posts (Discord's rate limits) and the shard lease (a lease in a database other processes
// share).
type Clock = live.Clock

// Timer is a function waiting to run on a Clock.
type Timer = live.Timer

// resume loads every unfinished game of the bot's shards from storage, rebuilds it from its
// log and hands it to the runtime, which lets computer players take the turns that were
// theirs once it starts.
func (b *Bot) resume(ctx context.Context) (int, error) {
	active, err := b.store.LoadActiveGames(ctx)
	if err != nil {
		return 0, err
	}
	served := 0
	for _, ag := range active {
		if !b.serves(ag.Game.GuildID) {
			continue // another process's shard
		}
		served++
		var g = ag.Game
		if _, shown := g.Messages[table.RoleLobby]; g.Status == table.StatusLobby && !shown {
			// A lobby never recorded as shown (the bot stopped before it could post it or
			// take it back): nobody can join it, and it would count against its host.
			b.abandonUnshown(g)
			served--
			continue
		}
		if g.Status != table.StatusPlaying {
			if err := b.tables.Add(g, nil); err != nil {
				return served, fmt.Errorf("resume game %d: %w", g.ID, err)
			}
			continue
		}
		game, err := ag.Replay()
		if err != nil {
			b.log.Error("cannot rebuild a game: it stays stopped", "game", g.ID, "err", err)
			continue
		}
		if err := b.tables.Add(g, game); err != nil {
			return served, fmt.Errorf("resume game %d: %w", g.ID, err)
		}
		b.post.AssumeBusy(g.PostChannel())
	}
	return served, nil
}

// findTable returns the table a command is about: the one whose thread (or channel) the
// command was used in and where the user sits (or any table there, unless seatedOnly), else
// the user's most recently active table in the guild.
func (b *Bot) findTable(guildID, channelID, userID string, seatedOnly bool) *live.Summary {
	mine := b.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		// A private table (the daily deal) is found by its own command only: /pinochle away
		// or leave in the channel it was started from must not hand it to a computer player.
		return g.GuildID == guildID && !g.Settings.Private && (g.SeatOf(userID) >= 0 || (!seatedOnly && g.ThreadID == channelID))
	})
	var best *live.Summary
	for _, s := range mine {
		if s.Game.PostChannel() == channelID {
			return s
		}
		if best == nil || s.Game.LastActivity.After(best.Game.LastActivity) {
			best = s
		}
	}
	return best
}
