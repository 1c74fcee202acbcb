package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/storage"
)

// Roles of the messages the bot keeps for a game.
const (
	roleLobby = "lobby"
	roleTable = "table"
	// roleUnpinned is the table message when the bot could not pin it, so that a restart
	// knows to post it again as it scrolls away.
	roleUnpinned = "table-unpinned"
)

// maxComputerMoves bounds the computer moves made in one go, as a guard: a whole hand of
// computer moves is far less.
const maxComputerMoves = 2000

// table is one game and everything the bot keeps of it in memory. Its mutex makes one
// writer per game: every change to a table happens with it held, and games run
// independently of each other.
type table struct {
	mu   sync.Mutex
	meta storage.Game
	// game is the engine's game; nil while the table is a lobby.
	game *engine.Game
	// done is set once the table has finished or been abandoned and left the registry.
	done bool
	// announced is the log length at which the turn was last announced, so that a human
	// is mentioned once per turn.
	announced int
	// views are the private hand messages last shown to each seat, so that they can be
	// refreshed when the seat's turn comes.
	views map[int]privateView
	// timer is the armed turn timer, if any.
	timer Timer
	// ended is closed when the table leaves the registry (dropTable): a search still
	// waiting for a place in the pool gives up.
	ended chan struct{}
	// thinking is set while a computer player decides for the table off its writer.
	thinking bool
	// clicks are the last clicks at the table by user, and turns the turns of the seats
	// the game waits for (turn mentions, ping.go).
	clicks map[string]time.Time
	turns  turnState
	// autoplayStep is one more than the log length at which a forced card was last
	// scheduled to be played (0: none), so that each step schedules it once.
	autoplayStep int
	autoplay     Timer
	// retry is the armed retry of the computer players' moves after one could not be
	// saved (retryAdvance), if any.
	retry Timer
	// pinned is set once the table message is pinned in its channel; otherwise, after
	// postsSince posts below it the table is posted again at the bottom (reposting while
	// that is under way).
	pinned     bool
	postsSince int
	reposting  bool
}

// privateView is an ephemeral message the bot may still edit through its interaction token.
type privateView struct {
	token string
	at    time.Time // when the token was issued
	step  int       // the log length the message shows
}

// newTable returns a table for a game's record, in no registry yet.
func newTable(meta storage.Game) *table {
	return &table{meta: meta, views: map[int]privateView{}, ended: make(chan struct{})}
}

// rules returns the table's rules.
func (t *table) rules() (engine.Rules, error) { return t.meta.Rules() }

// seatOf returns the seat a user holds at the table, or -1.
func (t *table) seatOf(userID string) int {
	for i, s := range t.meta.Seats {
		if s.UserID == userID && userID != "" {
			return i
		}
	}
	return -1
}

// playedByComputer reports whether the seat is played by the computer now: a computer player, or a
// human who handed the seat over.
func (t *table) playedByComputer(seat int) bool {
	s := t.meta.Seats[seat]
	return s.IsComputer() || s.Away
}

// waitingHumans lists the seats of people the game waits for. The caller holds t.mu.
func (t *table) waitingHumans() []int {
	var out []int
	for s := range t.meta.Seats {
		if t.game.Waiting(s) && !t.playedByComputer(s) {
			out = append(out, s)
		}
	}
	return out
}

// table returns a running table by game ID.
func (b *Bot) table(id int64) (*table, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	t, ok := b.tables[id]
	return t, ok
}

// addTable puts a table in the registry.
func (b *Bot) addTable(t *table) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tables[t.meta.ID] = t
}

// dropTable takes a table out of the registry once it has ended. The caller holds t.mu.
func (b *Bot) dropTable(t *table) {
	if !t.done {
		close(t.ended)
	}
	t.done = true
	t.stopTimers()
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.tables, t.meta.ID)
}

// stopTimers stops every timer armed for the table: its turn timer, a forced card's
// autoplay and a retry of the computer players' moves. The caller holds t.mu.
func (t *table) stopTimers() {
	for _, tm := range []*Timer{&t.timer, &t.autoplay, &t.retry} {
		if *tm != nil {
			(*tm).Stop()
			*tm = nil
		}
	}
}

// tablesWhere returns the running tables that match, by game ID.
func (b *Bot) tablesWhere(match func(*storage.Game) bool) []*table {
	b.mu.RLock()
	all := make([]*table, 0, len(b.tables))
	for _, t := range b.tables {
		all = append(all, t)
	}
	b.mu.RUnlock()
	var out []*table
	for _, t := range all {
		t.mu.Lock()
		ok := !t.done && match(&t.meta)
		t.mu.Unlock()
		if ok {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].meta.ID < out[j].meta.ID })
	return out
}

// resume loads every unfinished game from storage and rebuilds it from its log, then lets
// computer players take any turn that was theirs when the bot stopped.
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
		t := newTable(ag.Game)
		if ag.Game.Status == storage.StatusPlaying {
			g, err := ag.Replay()
			if err != nil {
				b.log.Error("cannot rebuild a game: it stays stopped", "game", ag.Game.ID, "err", err)
				continue
			}
			t.game = g
			t.announced = g.LogLen()
			// The table message was pinned when it was posted, unless the bot could not.
			t.pinned = t.meta.Messages[roleUnpinned] != t.meta.Messages[roleTable]
		}
		b.addTable(t)
		b.post.assumeBusy(t.channel())
	}
	for _, t := range b.tablesWhere(func(g *storage.Game) bool { return g.Status == storage.StatusPlaying }) {
		t.mu.Lock()
		var n present.Narration
		err := b.advance(ctx, t, &n)
		b.publish(ctx, t, &n)
		t.mu.Unlock()
		if err != nil {
			b.log.Error("resume: computer moves failed", "game", t.meta.ID, "err", err)
		}
	}
	return served, nil
}

// act applies one action to a table's game: the engine checks it, storage saves it (only
// while the bot holds its shards' lease: leasedStore), and only then is it applied and
// narrated. A rejected action changes nothing. The caller holds t.mu.
func (b *Bot) act(ctx context.Context, t *table, a engine.Action, n *present.Narration) error {
	g := t.game
	if err := g.Check(a); err != nil {
		return err
	}
	if err := b.store.SaveAction(ctx, t.meta.ID, g.LogLen(), a.Seat, a, b.clock.Now()); err != nil {
		return fmt.Errorf("save action: %w", err)
	}
	events, err := g.ApplyEvents(a)
	if err != nil {
		// Check accepted it, so this cannot happen; the log and the game now differ.
		return fmt.Errorf("apply a checked action: %w", err)
	}
	t.meta.LastActivity = b.clock.Now()
	n.Add(&t.meta, g, a, events)
	return nil
}

// advance lets computer players (and seats handed to them) take their turns until a human
// is to act or the game is over, then finishes the game if it is. A player that decides
// at once moves here; one that searches thinks off the writer (think) and advances the
// table again when it has moved. The caller holds t.mu.
func (b *Bot) advance(ctx context.Context, t *table, n *present.Narration) error {
	g := t.game
	for range maxComputerMoves {
		if g.Over() {
			break
		}
		seat := b.computerToAct(t)
		if seat < 0 {
			break
		}
		p, err := b.computerFor(t, seat)
		if err != nil {
			// The moves made so far still count.
			return errors.Join(err, b.recordHands(ctx, t, n))
		}
		if searches(p) {
			b.think(t, seat, p, false)
			break
		}
		a := p.Choose(g.View(seat))
		if err := b.act(ctx, t, a, n); err != nil {
			b.retryAdvance(t)
			return fmt.Errorf("computer player in seat %d: %w", seat+1, err)
		}
	}
	return b.recordHands(ctx, t, n)
}

// retryAdvance lets the computer players try their turns again after timerRetry, once a
// computer move could not be saved (storage failed, or the bot's lease had lapsed): nobody
// else would move the table on. The caller holds t.mu.
func (b *Bot) retryAdvance(t *table) {
	if t.retry != nil {
		t.retry.Stop()
	}
	t.retry = b.clock.AfterFunc(timerRetry, func() {
		b.withTable(t, 30*time.Second, func(ctx context.Context) {
			t.retry = nil
			if t.done || t.game == nil || t.thinking {
				return
			}
			var n present.Narration
			if err := b.advance(ctx, t, &n); err != nil {
				b.log.Error("computer moves tried again", "game", t.meta.ID, "err", err)
			}
			b.publish(ctx, t, &n)
		})
	})
}

// withTable runs f with t.mu held and a context that ends after limit, as an interaction
// is run: not once the bot is closing, and Close waits for it. Deferred work (deadlines,
// autoplay, retries) reaches a table through it.
func (b *Bot) withTable(t *table, limit time.Duration, f func(ctx context.Context)) {
	if b.closing.Load() {
		return
	}
	b.handlers.Add(1)
	defer b.handlers.Done()
	ctx, cancel := context.WithTimeout(b.ctx, limit)
	defer cancel()
	t.mu.Lock()
	defer t.mu.Unlock()
	f(ctx)
}

// computerToAct returns a seat played by the computer that the game waits for, or -1.
func (b *Bot) computerToAct(t *table) int {
	for seat := range t.meta.Seats {
		if t.game.Waiting(seat) && t.playedByComputer(seat) {
			return seat
		}
	}
	return -1
}

// computerFor returns the computer player for a seat's next decision: a computer player's
// seat plays at its own level, a human's seat (away, or out of time) at the table's. It is
// seeded from the game and the step, so that a game's computer moves are the same after a
// restart. Storage only holds levels computer.New knows; should one not be, the error is
// logged and the seat plays as the baseline.
func (b *Bot) computerFor(t *table, seat int) (computer.Player, error) {
	level := string(t.meta.Settings.Level)
	if s := t.meta.Seats[seat]; s.IsComputer() {
		level = string(s.Computer)
	}
	seed := t.meta.Seed ^ uint64(t.game.LogLen())<<8 ^ uint64(seat)
	p, err := computer.New(level, seed)
	if err == nil {
		return p, nil
	}
	b.log.Error("computer level unknown: playing the baseline", "game", t.meta.ID, "level", level, "err", err)
	p, berr := computer.New("baseline", seed)
	if berr != nil {
		return nil, fmt.Errorf("computer player for seat %d: %w", seat+1, errors.Join(err, berr))
	}
	return p, nil
}

// recordHands records the hands that just finished and, once the game is over, its result.
func (b *Bot) recordHands(ctx context.Context, t *table, n *present.Narration) error {
	now := b.clock.Now()
	for _, e := range n.Events {
		if e.Kind != engine.EventHandFinished {
			continue
		}
		if err := b.store.RecordHand(ctx, t.meta.ID, e.Result, now); err != nil {
			return fmt.Errorf("record hand %d: %w", e.Result.Hand, err)
		}
	}
	n.Events = nil
	if !t.game.Over() || t.done {
		return nil
	}
	fin, err := b.endTable(ctx, t, ending{kind: endFinished})
	if err != nil {
		return err
	}
	n.Finished(&t.meta, fin)
	b.closeLobby(t, "Finished: "+present.ResultLine(t.game.Scores(), t.game.Winner())+" Hands and tricks are in the thread.")
	b.log.Info("game finished", "game", t.meta.ID, "preset", t.meta.Preset, "winner", t.game.Winner(),
		"score0", t.game.Scores()[0], "score1", t.game.Scores()[1], "hands", len(t.game.Results()), "counted", fin.Result.Counted)
	return nil
}

// closeLobby edits a table's lobby message, in its channel, to say how the table ended. The
// caller holds t.mu.
func (b *Bot) closeLobby(t *table, why string) {
	m, ok := t.meta.Messages[roleLobby]
	if !ok {
		return
	}
	rules, err := t.rules()
	if err != nil {
		return
	}
	b.post.enqueue(m.ChannelID, &post{editID: m.MessageID, embeds: []*discordgo.MessageEmbed{present.ClosedLobby(&t.meta, &rules, why)}})
}

// setTableMessage records the table's live message and whether the bot could pin it. The
// caller holds t.mu and saves the table's meta.
func (t *table) setTableMessage(m storage.Message, pinned bool) {
	if t.meta.Messages == nil {
		t.meta.Messages = map[string]storage.Message{}
	}
	t.meta.Messages[roleTable] = m
	if pinned {
		delete(t.meta.Messages, roleUnpinned)
	} else {
		t.meta.Messages[roleUnpinned] = m
	}
	t.pinned, t.postsSince = pinned, 0
}
