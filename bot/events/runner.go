// Package events runs the league events and the daily deal in Discord: their commands and
// controls, and the runner that brings every open event up to date with the clock and its
// games, opens their tables, records their results and works out the daily deals' pars. It
// needs of the bot only what Config names: the store (through the bot's lease), the poster,
// the tables' runtime, the clock, and a few of the bot's own answers.
package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Store is what the events read and write. The writes go through the bot's lease on its
// shards.
type Store interface {
	storage.Writer
	storage.EventReader
	GetGame(ctx context.Context, id int64) (table.Game, error)
	Hands(ctx context.Context, gameID int64) ([]engine.HandResult, error)
	GameResult(ctx context.Context, gameID int64) (league.GameResult, error)
	PlayerStats(ctx context.Context, guildID, userID string) (league.PlayerStats, error)
	Settings(ctx context.Context, guildID string) (table.GuildSettings, error)
}

// Config is what a Runner needs of the bot.
type Config struct {
	// Session makes the requests to Discord: threads, scheduled events, members, answers.
	Session *discordgo.Session
	Store   Store
	Poster  *post.Poster
	// Tables runs the events' games and the daily deals' as every table.
	Tables *live.Runtime
	// Clock runs the runner's timer; Log receives what it does and what fails.
	Clock live.Clock
	Log   *slog.Logger
	// Seed returns a seed for a new event's pairing, or a new game's shuffle.
	Seed func() uint64
	// Presets are the presets the bot offers, the first the default.
	Presets []string
	// Players makes the computer players that work out the daily deals' pars; nil is
	// computer.New.
	Players func(level string, seed uint64) (computer.Player, error)
	// AppID returns the application's ID, known once the bot has started.
	AppID func() string
	// Serves reports whether this process serves a guild (its shards).
	Serves func(guildID string) bool
	// State returns the state of the session serving a guild: its channels and threads.
	State func(guildID string) *discordgo.State
	// Command hands table gameID a command for interaction i and answers i with the
	// table's reply; inPlace, the answer replaces the message clicked.
	Command func(ctx context.Context, i *discordgo.Interaction, gameID int64, c live.Command, inPlace bool) error
	// Abandon closes a game that was created but never shown.
	Abandon func(g table.Game)
	// AttachChart adds a chart (a PNG, or the error that drawing it gave) to an answer's
	// first embed.
	AttachChart func(data *discordgo.InteractionResponseData, name string, png []byte, err error)
}

// Runner runs the league events and daily deals of the guilds this process serves: one
// goroutine, which Stop joins, that brings every open event up to date with the clock and
// its games (closes entry at the start, pairs and opens rounds, records results, reminds
// late players, settles tables at their deadlines, keeps the standings, ends the event),
// and records the daily deals played. Its methods that take an interaction serve the
// events' commands and controls.
//
// Everything it knows is in storage, and each of its passes starts from there: it is woken
// by its timer on the bot's clock (the next start, reminder or deadline), by a game that
// ends, and by the organisers' and players' clicks, and a pass that a restart or a kill
// cut short is simply made again, every step of it checking what is done already.
type Runner struct {
	s           *discordgo.Session
	store       Store
	post        *post.Poster
	tables      *live.Runtime
	clock       live.Clock
	log         *slog.Logger
	seed        func() uint64
	presets     []string
	players     func(level string, seed uint64) (computer.Player, error)
	appID       func() string
	serves      func(guildID string) bool
	state       func(guildID string) *discordgo.State
	command     func(ctx context.Context, i *discordgo.Interaction, gameID int64, c live.Command, inPlace bool) error
	abandon     func(g table.Game)
	attachChart func(data *discordgo.InteractionResponseData, name string, png []byte, err error)

	wake chan struct{}
	quit chan struct{}
	done chan struct{}

	ctx    context.Context // ends when the runner stops
	cancel context.CancelFunc
	// work counts the par searches under way (daily.go), which Stop joins.
	work sync.WaitGroup

	// turn is held while the runner moves an event on, and by the commands and controls
	// that change an event's course, so that they take turns.
	turn sync.Mutex

	mu sync.Mutex
	// dirty is set while a pass is asked for and not begun, running while one runs, and
	// searching counts the par searches under way: idle is closed and replaced when all
	// fall to nothing (WaitIdle).
	dirty, running bool
	searching      int
	idle           chan struct{}
	timer          live.Timer
	started        bool
	stopped        bool
	// parsDue are the daily deals whose par is being worked out, by guild and day.
	parsDue map[string]bool
	// games holds the IDs of the events' games: their threads are archived by the runner
	// once their round is over, not by each game's end (a table may play several).
	games sync.Map
	// private holds the IDs of the private tables seen (effects.go).
	private sync.Map
}

// New returns a runner for cfg, not yet started.
func New(cfg Config) *Runner {
	ctx, cancel := context.WithCancel(context.Background())
	return &Runner{s: cfg.Session, store: cfg.Store, post: cfg.Poster, tables: cfg.Tables, clock: cfg.Clock, log: cfg.Log,
		seed: cfg.Seed, presets: cfg.Presets, players: cfg.Players, appID: cfg.AppID, serves: cfg.Serves, state: cfg.State,
		command: cfg.Command, abandon: cfg.Abandon, attachChart: cfg.AttachChart,
		wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{}),
		idle: make(chan struct{}), ctx: ctx, cancel: cancel, parsDue: map[string]bool{}}
}

// now is the runner's clock.
func (r *Runner) now() time.Time { return r.clock.Now() }

// Start runs the runner's goroutine, with a first pass at once.
func (r *Runner) Start() {
	r.mu.Lock()
	r.started = true
	r.mu.Unlock()
	go r.loop()
	r.nudge()
}

// Stop stops the runner's goroutine, its timer and its searches, and waits for them.
func (r *Runner) Stop() {
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return
	}
	r.stopped = true
	started := r.started
	if r.timer != nil {
		r.timer.Stop()
	}
	r.mu.Unlock()
	r.cancel()
	close(r.quit)
	if started {
		<-r.done
	}
	r.work.Wait()
}

// Prime learns the games of the events under way before the tables start, so that a game
// that ends at once is known as an event's (Shown).
func (r *Runner) Prime(ctx context.Context) error {
	evs, err := r.store.OpenEvents(ctx)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if !r.serves(ev.GuildID) {
			continue
		}
		st, err := r.store.EventState(ctx, ev.ID)
		if err != nil {
			return err
		}
		if cur := st.Current(); cur != nil {
			for _, ts := range cur.Tables {
				if ts.Game != 0 {
					r.games.Store(ts.Game, true)
				}
			}
		}
	}
	return nil
}

// InEvent reports whether a game is an event's.
func (r *Runner) InEvent(id int64) bool {
	_, ok := r.games.Load(id)
	return ok
}

// nudge asks for a pass as soon as the one under way, if any, is over.
func (r *Runner) nudge() {
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return
	}
	r.dirty = true
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// busyLocked reports whether the runner has work asked for or under way.
func (r *Runner) busyLocked() bool { return r.dirty || r.running || r.searching > 0 }

// changedLocked tells the waiters that the runner's business changed.
func (r *Runner) changedLocked() {
	close(r.idle)
	r.idle = make(chan struct{})
}

// WaitIdle waits until no pass is asked for or under way and no par is being worked out,
// or ctx ends. Tests wait for it rather than for a moment of silence.
func (r *Runner) WaitIdle(ctx context.Context) error {
	for {
		r.mu.Lock()
		busy, ch := r.busyLocked() && !r.stopped && r.started, r.idle
		r.mu.Unlock()
		if !busy {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("events: waiting for the runner: %w", ctx.Err())
		}
	}
}

// loop makes a pass whenever one is asked for, until Stop.
func (r *Runner) loop() {
	defer close(r.done)
	for {
		select {
		case <-r.quit:
			return
		case <-r.wake:
		}
		r.mu.Lock()
		r.dirty, r.running = false, true
		r.mu.Unlock()
		next := r.pass()
		r.mu.Lock()
		r.running = false
		if r.timer != nil {
			r.timer.Stop()
			r.timer = nil
		}
		due := !next.IsZero() && !next.After(r.now())
		if !next.IsZero() && !due && !r.stopped {
			r.timer = r.clock.AfterFunc(next.Sub(r.now()), r.nudge)
		}
		r.changedLocked()
		r.mu.Unlock()
		if due {
			r.nudge() // due already: another pass at once
		}
	}
}

// passLimit bounds one pass's calls to the store and Discord.
const passLimit = 2 * time.Minute

// pass brings every open event and daily deal of the guilds served up to date and returns
// when the next pass is due (zero: when something happens).
func (r *Runner) pass() time.Time {
	ctx, cancel := context.WithTimeout(r.ctx, passLimit)
	defer cancel()
	var next time.Time
	soonest := func(t time.Time) {
		if !t.IsZero() && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	evs, err := r.store.OpenEvents(ctx)
	if err != nil {
		r.log.Error("events: read the open events", "err", err)
		return r.now().Add(time.Minute)
	}
	for _, ev := range evs {
		if !r.serves(ev.GuildID) || ctx.Err() != nil {
			continue
		}
		r.turn.Lock()
		at, err := r.step(ctx, ev.ID)
		r.turn.Unlock()
		if err != nil {
			r.log.Error("events: an event could not be brought up to date: tried again in a minute", "event", ev.ID, "err", err)
			at = r.now().Add(time.Minute)
		}
		soonest(at)
	}
	soonest(r.dailyPass(ctx))
	return next
}

// step brings one event up to date, in as many moves as it takes, and returns when it is
// next due.
func (r *Runner) step(ctx context.Context, id int64) (time.Time, error) {
	for range 8 { // each move changes the event; a few make a round
		st, err := r.store.EventState(ctx, id)
		if err != nil {
			return time.Time{}, err
		}
		next, again, err := r.move(ctx, &st)
		if err != nil || !again {
			return next, err
		}
	}
	return r.now(), nil
}

// move makes the event's next move from its state: it returns when it is next due, and
// whether to look again at once (it changed something that makes another move).
func (r *Runner) move(ctx context.Context, st *club.State) (next time.Time, again bool, err error) {
	now := r.now()
	ev := &st.Event
	switch ev.Status {
	case club.StatusSignup:
		if now.Before(ev.Start) {
			return ev.Start, false, nil
		}
		return time.Time{}, true, r.closeEntry(ctx, st)
	case club.StatusPaused:
		_, err := r.collect(ctx, st)
		return time.Time{}, false, err
	case club.StatusRunning:
	default:
		return time.Time{}, false, nil
	}
	recorded, err := r.collect(ctx, st)
	if err != nil || recorded {
		if recorded {
			r.showStandings(ctx, st.Event.ID)
		}
		return time.Time{}, recorded, err
	}
	cur := st.Current()
	if cur == nil || r.roundDone(st, cur) {
		if cur != nil {
			r.archiveRound(cur)
		}
		over, err := r.over(st)
		if err != nil {
			return time.Time{}, false, err
		}
		if over {
			return time.Time{}, false, r.finish(ctx, st)
		}
		return time.Time{}, true, r.openRound(ctx, st)
	}
	return r.tend(ctx, st, cur)
}

// entrantPlayers returns each entrant's players, by entrant ID.
func entrantPlayers(st *club.State) map[string][]string {
	out := map[string][]string{}
	for _, en := range club.Entrants(st.Players) {
		out[en.ID] = en.Members()
	}
	return out
}

// closeEntry closes a signing-up event at its start: those who did not check in (where the
// event asks for it) and members who left the server are left out, the entrants' ratings
// are fixed for seeding, and the event runs, or is cancelled when it cannot run with whoever
// is left.
func (r *Runner) closeEntry(ctx context.Context, st *club.State) error {
	ev := &st.Event
	var withdrawn []string
	left := map[string]bool{}
	for _, p := range st.Players {
		switch {
		case ev.CheckIn && !p.CheckedIn:
			left[p.Entrant] = true
		case !r.isMember(ctx, ev.GuildID, p.UserID):
			left[p.Entrant] = true
		}
	}
	var kept []club.Player
	for _, p := range st.Players {
		if left[p.Entrant] {
			withdrawn = append(withdrawn, p.UserID)
		} else {
			kept = append(kept, p)
		}
	}
	ratings := map[string]float64{}
	for i, p := range kept {
		s, err := r.store.PlayerStats(ctx, ev.GuildID, p.UserID)
		switch {
		case err == nil:
			ratings[p.UserID] = s.Overall.Rating.Display()
		case !errors.Is(err, storage.ErrNotFound):
			return err
		}
		kept[i].Rating = ratings[p.UserID]
	}
	names := club.Names(st.Players)
	entrants := club.Entrants(kept)
	if err := ev.Spec.Check(entrants); err != nil {
		return r.cancelEvent(ctx, st, errorsText(err))
	}
	if err := r.store.CloseEntry(ctx, ev.ID, withdrawn, ratings); err != nil {
		return err
	}
	ev.Status = club.StatusRunning
	r.log.Info("event started", "event", ev.ID, "guild", ev.GuildID, "entrants", len(entrants))
	r.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventStarted(ev, len(entrants), withdrawn, names)})
	r.editSignup(ev, kept)
	r.scheduledStatus(ctx, ev, discordgo.GuildScheduledEventStatusActive)
	return nil
}

// errorsText words package event's refusal for an announcement.
func errorsText(err error) error {
	var out error = err
	for _, e := range []error{event.ErrEntrants, event.ErrEvent} {
		if errors.Is(err, e) {
			msg := err.Error()
			if len(msg) > len(e.Error())+2 {
				out = errors.New(msg[len(e.Error())+2:])
			}
		}
	}
	return out
}

// cancelEvent ends an event that cannot run, saying why.
func (r *Runner) cancelEvent(ctx context.Context, st *club.State, why error) error {
	ev := st.Event
	ev.Status, ev.EndedAt = club.StatusCancelled, r.now()
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		return err
	}
	r.log.Info("event cancelled", "event", ev.ID, "why", why)
	r.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventCancelled(ev.Name, why)})
	r.editSignup(&ev, st.Players)
	r.scheduledStatus(ctx, &ev, discordgo.GuildScheduledEventStatusCanceled)
	return nil
}

// editSignup shows the sign-up message as the event now is.
func (r *Runner) editSignup(ev *club.Event, players []club.Player) {
	if ev.SignupMessage == "" {
		return
	}
	r.post.Enqueue(ev.ChannelID, &post.Message{EditID: ev.SignupMessage, Embeds: []*discordgo.MessageEmbed{present.SignupEmbed(ev, players)},
		Components: present.SignupControls(ev)})
}

// over reports whether the event has played all its rounds.
func (r *Runner) over(st *club.State) (bool, error) {
	n := len(club.Entrants(st.Players))
	return len(st.Rounds) >= st.Event.Spec.RoundsFor(n), nil
}

// openRound pairs the event's next round and records it; its tables open at the next move
// (tend).
func (r *Runner) openRound(ctx context.Context, st *club.State) error {
	t := st.Tournament()
	round, err := t.Pair()
	if errors.Is(err, event.ErrOver) {
		return r.finish(ctx, st)
	}
	if err != nil {
		return fmt.Errorf("pair round %d: %w", len(st.Rounds)+1, err)
	}
	now := r.now()
	cr := club.Round{Round: round, OpenedAt: now, Deadline: now.Add(st.Event.RoundLength)}
	for _, tb := range round.Tables {
		cr.Tables = append(cr.Tables, club.Table{Number: tb.Number})
	}
	if err := r.store.AddRound(ctx, st.Event.ID, cr); err != nil {
		return err
	}
	r.log.Info("event round open", "event", st.Event.ID, "round", round.Number, "tables", len(round.Tables))
	total := st.Event.Spec.RoundsFor(len(club.Entrants(st.Players)))
	r.post.Enqueue(st.Event.ChannelID, &post.Message{Content: present.RoundOpened(&st.Event, cr, total, round.Byes, club.Names(st.Players))})
	if round.Number > 1 {
		st.Rounds = append(st.Rounds, cr)
		r.postStandings(ctx, st)
	}
	return nil
}

// roundDone reports whether every table of a round is done: it has a result, or, in a
// duplicate event, all its deals are played, or its deadline passed with nothing left in
// play there.
func (r *Runner) roundDone(st *club.State, cur *club.Round) bool {
	for i, tb := range cur.Round.Tables {
		if !r.tableDone(st, cur, i, tb) {
			return false
		}
	}
	return true
}

// tableDone reports whether a table of a round is done (roundDone).
func (r *Runner) tableDone(st *club.State, cur *club.Round, i int, tb event.Table) bool {
	if st.Event.Spec.Format != event.Duplicate {
		_, ok := st.Result(cur.Number, tb.Number)
		return ok
	}
	ts := cur.Tables[i]
	return ts.DealsDone >= len(tb.Deals) || (ts.Settled && ts.Game == 0)
}

// collect records the results of the games of the current round that have ended, and has
// the tables whose game was abandoned (or, in an elimination, drawn) opened again. It
// reports whether it recorded anything.
func (r *Runner) collect(ctx context.Context, st *club.State) (bool, error) {
	cur := st.Current()
	if cur == nil {
		return false, nil
	}
	ev := &st.Event
	now := r.now()
	recorded := false
	for i, tb := range cur.Round.Tables {
		ts := cur.Tables[i]
		if ts.Game == 0 || r.tableDone(st, cur, i, tb) {
			continue
		}
		g, err := r.store.GetGame(ctx, ts.Game)
		if err != nil {
			return recorded, fmt.Errorf("table %d: %w", tb.Number, err)
		}
		switch g.Status {
		case table.StatusFinished:
			res, err := r.store.GameResult(ctx, ts.Game)
			if err != nil {
				return recorded, fmt.Errorf("table %d: %w", tb.Number, err)
			}
			if ev.Spec.Format == event.Duplicate {
				if err := r.recordDeal(ctx, st, cur, i, res); err != nil {
					return recorded, err
				}
				recorded = true
				continue
			}
			result, err := club.TableResult(cur.Number, tb.Number, len(tb.Sides), res)
			if err != nil {
				return recorded, fmt.Errorf("table %d: %w", tb.Number, err)
			}
			if ev.Spec.Format == event.Elimination && result.Sides[0].Outcome == event.Draw {
				// Someone must go through: the table plays again.
				r.log.Info("event table drawn in an elimination: played again", "event", ev.ID, "round", cur.Number, "table", tb.Number)
				ts.Game = 0
				if err := r.store.UpdateTable(ctx, ev.ID, cur.Number, ts); err != nil {
					return recorded, err
				}
				continue
			}
			err = r.store.RecordResult(ctx, ev.ID, club.Result{Result: result, How: club.HowPlayed, At: now})
			if err != nil && !errors.Is(err, storage.ErrConflict) {
				return recorded, err
			}
			recorded = true
		case table.StatusAbandoned:
			if !now.Before(cur.Deadline) && ev.Spec.Format != event.Duplicate {
				// Abandoned after the deadline: nothing more is played there.
				err := r.store.RecordResult(ctx, ev.ID, club.Result{Result: event.Result{Round: cur.Number, Table: tb.Number, Void: true}, How: club.HowVoid, At: now})
				if err != nil && !errors.Is(err, storage.ErrConflict) {
					return recorded, err
				}
				recorded = true
				continue
			}
			// Its game was abandoned (or never dealt before a restart): another opens.
			ts.Game = 0
			if err := r.store.UpdateTable(ctx, ev.ID, cur.Number, ts); err != nil {
				return recorded, err
			}
			recorded = true
		}
	}
	return recorded, nil
}

// recordDeal records the deal a duplicate table's finished game played, and frees the
// table for its next deal.
func (r *Runner) recordDeal(ctx context.Context, st *club.State, cur *club.Round, i int, res league.GameResult) error {
	tb, ts := cur.Round.Tables[i], cur.Tables[i]
	deal := ts.DealsDone + 1
	for _, d := range st.DealResults {
		if d.Game == ts.Game {
			deal = 0 // recorded already, before a restart
		}
	}
	if deal > 0 && deal <= len(tb.Deals) {
		points, _, err := club.SidePoints(res, len(tb.Sides), tb.Deals[deal-1].Direction)
		if err != nil {
			return fmt.Errorf("table %d, deal %d: %w", tb.Number, deal, err)
		}
		d := club.DealResult{DealResult: event.DealResult{Round: cur.Number, Table: tb.Number, Deal: deal, Points: points}, Game: ts.Game, At: r.now()}
		if err := r.store.RecordDealResult(ctx, st.Event.ID, d); err != nil && !errors.Is(err, storage.ErrConflict) {
			return err
		}
		ts.DealsDone = deal
	}
	ts.Game = 0
	return r.store.UpdateTable(ctx, st.Event.ID, cur.Number, ts)
}

// tend looks after the current round's tables: it opens those without a game, reminds the
// players a table waits for at half time and shortly before the deadline, and settles the
// tables unfinished at the deadline. It returns when it is next due.
func (r *Runner) tend(ctx context.Context, st *club.State, cur *club.Round) (time.Time, bool, error) {
	ev := &st.Event
	now := r.now()
	late := !now.Before(cur.Deadline)
	first, second := cur.OpenedAt.Add(ev.RoundLength/2), cur.Deadline.Add(-ev.RoundLength/10)
	var next time.Time
	soonest := func(t time.Time) {
		if next.IsZero() || t.Before(next) {
			next = t
		}
	}
	again := false
	for i, tb := range cur.Round.Tables {
		ts := cur.Tables[i]
		if r.tableDone(st, cur, i, tb) {
			continue
		}
		switch {
		case late && !ts.Settled:
			if err := r.settle(ctx, st, cur, i); err != nil {
				return time.Time{}, false, err
			}
			again = true
		case late:
			if ts.Game == 0 && ev.Spec.Format != event.Duplicate {
				// Nothing was played by the deadline: the table is void.
				err := r.store.RecordResult(ctx, ev.ID, club.Result{Result: event.Result{Round: cur.Number, Table: tb.Number, Void: true}, How: club.HowVoid, At: now})
				if err != nil && !errors.Is(err, storage.ErrConflict) {
					return time.Time{}, false, err
				}
				again = true
			}
		case ts.Game == 0:
			if err := r.openTable(ctx, st, cur, i); err != nil {
				return time.Time{}, false, fmt.Errorf("open table %d: %w", tb.Number, err)
			}
			again = true
		case ts.Reminders == 0 && !now.Before(first), ts.Reminders == 1 && !now.Before(second):
			if err := r.remind(ctx, st, cur, i); err != nil {
				return time.Time{}, false, err
			}
			again = true
		default:
			switch ts.Reminders {
			case 0:
				soonest(first)
			case 1:
				soonest(second)
			}
			soonest(cur.Deadline)
		}
	}
	if again {
		return time.Time{}, true, nil
	}
	if ev.Status == club.StatusRunning && next.IsZero() && !late {
		next = cur.Deadline
	}
	return next, false, nil
}

// gameSeats returns the seats of a table's game: its players in seat order, named.
func gameSeats(users []string, names map[string]string) []table.Seat {
	seats := make([]table.Seat, len(users))
	for i, u := range users {
		seats[i] = table.Seat{UserID: u, Name: names[u]}
	}
	return seats
}

// openTable opens a table of the round: its announcement in the event's channel, mentioning
// its players, a thread from it, and its game, dealt there (for a duplicate table, the game
// of its next deal). Each step is recorded as it is done, so that after a restart the
// table opens from where it was.
func (r *Runner) openTable(ctx context.Context, st *club.State, cur *club.Round, i int) error {
	ev := &st.Event
	tb, ts := cur.Round.Tables[i], cur.Tables[i]
	entrants := entrantPlayers(st)
	names := club.Names(st.Players)
	if ts.Message == "" {
		text, users := present.TableCall(ev, *cur, tb, entrants)
		msg, err := r.post.Send(ctx, ev.ChannelID, &post.Message{Content: text, Mentions: users,
			Components: present.TableControls(ev, cur.Number, tb, entrants, names)})
		if err != nil {
			return fmt.Errorf("announce: %w", err)
		}
		ts.Message = msg.ID
		if err := r.store.UpdateTable(ctx, ev.ID, cur.Number, ts); err != nil {
			return err
		}
	}
	if ts.Thread == "" {
		th, err := r.s.MessageThreadStartComplex(ev.ChannelID, ts.Message, &discordgo.ThreadStart{
			Name: present.TableThread(ev, cur.Number, tb.Number), AutoArchiveDuration: post.ThreadArchive,
		}, discordgo.WithContext(ctx))
		if err != nil {
			// Without a thread (no permission) the table plays in the channel.
			r.log.Warn("no thread for an event's table: it plays in the channel", "event", ev.ID, "round", cur.Number, "table", tb.Number, "err", err)
		} else {
			ts.Thread = th.ID
			if err := r.store.UpdateTable(ctx, ev.ID, cur.Number, ts); err != nil {
				return err
			}
		}
	}
	now := r.now()
	meta := table.Game{GuildID: ev.GuildID, ChannelID: ev.ChannelID, ThreadID: ts.Thread, HostID: ev.OrganiserID,
		Preset: ev.Preset, Options: ev.Options, Seed: r.seed(), Seats: gameSeats(tb.Seats, names),
		Status: table.StatusLobby, CreatedAt: now, LastActivity: now, Settings: ev.Settings}
	if ev.Spec.Format == event.Duplicate {
		if ts.DealsDone >= len(tb.Deals) {
			return nil
		}
		deal := tb.Deals[ts.DealsDone]
		meta.Seed, meta.Seats = deal.Seed, gameSeats(deal.Seats, names)
		meta.Options = oneHand(ev.Options)
	}
	id, err := r.store.CreateGame(ctx, meta)
	if err != nil {
		return err
	}
	r.games.Store(id, true)
	meta.ID = id
	ts.Game = id
	if err := r.store.UpdateTable(ctx, ev.ID, cur.Number, ts); err != nil {
		return err
	}
	if err := r.tables.Add(meta, nil); err != nil {
		return err
	}
	rep, err := r.tables.Do(ctx, id, live.DealAssigned{})
	if err != nil {
		return err
	}
	if rep.Kind != live.ReplyStarted {
		return fmt.Errorf("game %d did not start: %s", id, present.Notice(rep.Notice, nil))
	}
	r.log.Info("event table open", "event", ev.ID, "round", cur.Number, "table", tb.Number, "game", id)
	return nil
}

// archiveRound archives the threads of a round that is over.
func (r *Runner) archiveRound(cur *club.Round) {
	for _, ts := range cur.Tables {
		if ts.Thread != "" {
			r.post.Enqueue(ts.Thread, &post.Message{Archive: true})
		}
	}
}

// oneHand returns rule options for one hand: a duplicate deal, a daily deal.
func oneHand(opts map[string]string) map[string]string {
	out := map[string]string{"hands": "1", "target": "0"}
	for k, v := range opts {
		if k != "hands" && k != "target" {
			out[k] = v
		}
	}
	return out
}

// remind reminds the players a table's game waits for that the round's deadline comes. The
// reminder is recorded first, so that a process without its lease stays silent.
func (r *Runner) remind(ctx context.Context, st *club.State, cur *club.Round, i int) error {
	ts := cur.Tables[i]
	ts.Reminders++
	if err := r.store.UpdateTable(ctx, st.Event.ID, cur.Number, ts); err != nil {
		return err
	}
	var users []string
	for _, s := range r.tables.Tables(func(s *live.Summary) bool { return s.Game.ID == ts.Game }) {
		if !s.Playing {
			continue
		}
		for seat, p := range s.Game.Seats {
			if p.IsHuman() && !p.Away && s.Public.IsWaiting(seat) {
				users = append(users, p.UserID)
			}
		}
	}
	if len(users) == 0 {
		return nil
	}
	where := ts.Thread
	if where == "" {
		where = st.Event.ChannelID
	}
	r.post.Enqueue(where, &post.Message{Content: present.RoundReminder(users, cur.Deadline, st.Event.Settle), Mentions: users})
	return nil
}

// settle settles a table unfinished at its round's deadline by the event's rule: the side
// its game waits for forfeits, or computer players finish it (in duplicate, always the
// latter: a forfeit has no score to compare).
func (r *Runner) settle(ctx context.Context, st *club.State, cur *club.Round, i int) error {
	ts := cur.Tables[i]
	if ts.Game != 0 {
		forfeit := st.Event.Settle == club.SettleForfeit && st.Event.Spec.Format != event.Duplicate
		_, err := r.tables.Do(ctx, ts.Game, live.Settle{Forfeit: forfeit})
		if err != nil && !errors.Is(err, live.ErrNoTable) {
			return fmt.Errorf("settle table %d: %w", ts.Number, err)
		}
	}
	ts.Settled = true
	return r.store.UpdateTable(ctx, st.Event.ID, cur.Number, ts)
}

// finish ends an event that has played its rounds, or that an organiser ends: the games of
// its tables still in play are abandoned, and its final standings are posted.
func (r *Runner) finish(ctx context.Context, st *club.State) error {
	ev := st.Event
	ev.Status, ev.EndedAt = club.StatusFinished, r.now()
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		return err
	}
	st.Event = ev
	if cur := st.Current(); cur != nil {
		for _, ts := range cur.Tables {
			if ts.Game != 0 {
				if _, err := r.tables.Do(ctx, ts.Game, live.Abandon{By: live.Person{ID: ev.OrganiserID, Name: "the event's end", Manager: true}}); err != nil &&
					!errors.Is(err, live.ErrNoTable) {
					r.log.Warn("events: a table of an event that ended could not be closed", "event", ev.ID, "game", ts.Game, "err", err)
				}
			}
		}
	}
	r.log.Info("event over", "event", ev.ID, "guild", ev.GuildID)
	em, champions, err := present.StandingsEmbedOf(st, true)
	if err != nil {
		return err
	}
	r.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventOver(ev.Name, champions), Embeds: []*discordgo.MessageEmbed{em}, Mentions: champions})
	r.scheduledStatus(ctx, &ev, discordgo.GuildScheduledEventStatusCompleted)
	return nil
}

// standingsEdits is how long after it is posted the standings message is edited as
// results come: Discord refuses more than a few edits of a message older than an hour, so
// later results wait for the next round's standings (or /league event standings).
const standingsEdits = 50 * time.Minute

// postStandings posts the event's standings anew, as a round opens, and records the
// message to keep up to date.
func (r *Runner) postStandings(ctx context.Context, st *club.State) {
	em, _, err := present.StandingsEmbedOf(st, false)
	if err != nil {
		r.log.Error("events: standings", "event", st.Event.ID, "err", err)
		return
	}
	msg, err := r.post.Send(ctx, st.Event.ChannelID, &post.Message{Embeds: []*discordgo.MessageEmbed{em}})
	if err != nil {
		r.log.Warn("events: the standings could not be posted", "event", st.Event.ID, "err", err)
		return
	}
	ev := st.Event
	ev.StandingsMessage = msg.ID
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		r.log.Warn("events: the standings message could not be recorded", "event", st.Event.ID, "err", err)
	}
}

// showStandings brings the standings message up to date, while it may be edited.
func (r *Runner) showStandings(ctx context.Context, id int64) {
	st, err := r.store.EventState(ctx, id)
	if err != nil {
		r.log.Error("events: standings", "event", id, "err", err)
		return
	}
	cur := st.Current()
	if st.Event.StandingsMessage == "" || cur == nil || r.now().Sub(cur.OpenedAt) > standingsEdits {
		return
	}
	em, _, err := present.StandingsEmbedOf(&st, false)
	if err != nil {
		r.log.Error("events: standings", "event", id, "err", err)
		return
	}
	r.post.Enqueue(st.Event.ChannelID, &post.Message{EditID: st.Event.StandingsMessage, Embeds: []*discordgo.MessageEmbed{em}})
}

// isMember reports whether a user is a member of a guild, as far as Discord says: only
// Discord's answer that they are not (Unknown Member) counts against them.
func (r *Runner) isMember(ctx context.Context, guildID, userID string) bool {
	_, err := r.s.GuildMember(guildID, userID, discordgo.WithContext(ctx))
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownMember {
		return false
	}
	if err != nil {
		r.log.Warn("events: could not check a member: counted as in", "guild", guildID, "user", userID, "err", err)
	}
	return true
}

// scheduledStatus moves an event's Discord scheduled event on, when it has one; a failure
// is only logged (the scheduled event is a courtesy).
func (r *Runner) scheduledStatus(ctx context.Context, ev *club.Event, status discordgo.GuildScheduledEventStatus) {
	if ev.ScheduledEventID == "" {
		return
	}
	if _, err := r.s.GuildScheduledEventEdit(ev.GuildID, ev.ScheduledEventID, &discordgo.GuildScheduledEventParams{Status: status},
		discordgo.WithContext(ctx)); err != nil {
		r.log.Info("events: the scheduled event could not be updated", "event", ev.ID, "status", status, "err", err)
	}
}
