package live

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// memStore is a store in memory that may be made to fail, for the state machine's tests.
type memStore struct {
	games   []table.Game
	actions []engine.Action
	hands   int
	ended   bool
	fail    error
}

func (s *memStore) UpdateGame(_ context.Context, g table.Game) error {
	if s.fail != nil {
		return s.fail
	}
	s.games = append(s.games, g)
	return nil
}

func (s *memStore) SaveAction(_ context.Context, _ int64, seq, _ int, a engine.Action, _ time.Time) error {
	if s.fail != nil {
		return s.fail
	}
	if seq != len(s.actions) {
		return errors.New("out of order")
	}
	s.actions = append(s.actions, a)
	return nil
}

func (s *memStore) RecordHand(context.Context, int64, engine.HandResult, time.Time) error {
	if s.fail != nil {
		return s.fail
	}
	s.hands++
	return nil
}

func (s *memStore) EndGame(context.Context, int64, time.Time, league.Decider) (league.Recorded, error) {
	if s.fail != nil {
		return league.Recorded{}, s.fail
	}
	s.ended = true
	return league.Recorded{}, nil
}

var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// newTestMachine returns the machine of a racehorse lobby with ana seated, shown in its
// thread, started by the runtime (wake).
func newTestMachine(t *testing.T, s *memStore, settings table.Settings) *machine {
	t.Helper()
	meta := table.Game{ID: 9, GuildID: "g", ChannelID: "c", ThreadID: "th", HostID: "ana", Preset: "racehorse", Seed: 3,
		Seats: make([]table.Seat, 4), Status: table.StatusLobby, LastActivity: t0, Settings: settings,
		Messages: map[table.MessageRole]table.Message{table.RoleLobby: {ChannelID: "c", MessageID: "lobby"}}}
	meta.Seats[0] = table.Seat{UserID: "ana", Name: "Ana"}
	cfg := Config{Store: s, Logger: slog.New(slog.DiscardHandler), Pauses: func(table.Pace) Pauses { return Pauses{} },
		Players: func(level string, seed uint64) (computer.Player, error) { return computer.New(level, seed) }}
	m := newMachine(meta, nil, &cfg)
	m.handle(context.Background(), wake{}, t0)
	m.settle(context.Background())
	return m
}

// effectsOf returns the effects of type E among effects.
func effectsOf[E Effect](effects []Effect) []E {
	var out []E
	for _, e := range effects {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// TestMachineIdleLobby: a lobby arms its deadline for a day after its last activity, as an
// effect; the deadline, handed back a day later, closes it, and the table is done.
func TestMachineIdleLobby(t *testing.T) {
	s := &memStore{}
	m := newTestMachine(t, s, table.DefaultSettings())
	arms := effectsOf[armTimer](m.takeEffects())
	if len(arms) != 1 || arms[0].timer != timerDeadline || arms[0].after != lobbyIdle {
		t.Fatalf("a new lobby armed %+v, want its deadline in %v", arms, lobbyIdle)
	}
	d, ok := arms[0].cmd.(deadline)
	if !ok {
		t.Fatalf("the timer sends %T, want a deadline", arms[0].cmd)
	}
	m.handle(context.Background(), d, t0.Add(lobbyIdle))
	m.settle(context.Background())
	out := m.takeEffects()
	if !m.done || m.meta.Status != table.StatusAbandoned {
		t.Fatalf("after its deadline the lobby is %s (done %v), want abandoned", m.meta.Status, m.done)
	}
	if closed := effectsOf[CloseLobby](out); len(closed) != 1 || closed[0].End.Kind != EndExpired {
		t.Errorf("the lobby message was closed as %+v, want once, expired", closed)
	}
	if stops := effectsOf[stopTimer](out); len(stops) != int(timerKinds) {
		t.Errorf("the ended table stopped %d timers, want all %d", len(stops), timerKinds)
	}
	if n := len(s.games); n == 0 || s.games[n-1].Status != table.StatusAbandoned {
		t.Errorf("the store holds %+v, want the lobby abandoned", s.games)
	}
}

// TestMachineSearchAsEffect: a computer player that searches does not decide on the table:
// the machine asks for a search (an effect) for the seat and step, and applies the decision
// handed back only while the game is still there.
func TestMachineSearchAsEffect(t *testing.T) {
	s := &memStore{}
	m := newTestMachine(t, s, table.Settings{Level: table.LevelNormal, Autoplay: true})
	m.takeEffects()
	rep := m.handle(context.Background(), Start{By: Person{ID: "ana", Name: "Ana"}}, t0.Add(time.Minute))
	if rep.Kind != ReplyStarted {
		t.Fatalf("start: %+v", rep)
	}
	searches := effectsOf[startSearch](m.takeEffects())
	if m.game.Waiting(0) {
		if len(searches) != 0 {
			t.Fatalf("ana is to act, and the table asked for searches %+v", searches)
		}
		t.Fatal("ana bids first with this seed: choose one where a computer seat acts first")
	}
	if len(searches) != 1 {
		t.Fatalf("a computer seat is to act: %d searches asked for, want 1", len(searches))
	}
	sr := searches[0]
	if sr.step != m.game.LogLen() || !m.game.Waiting(sr.seat) || sr.player == nil || sr.view.Seat() != sr.seat {
		t.Fatalf("search %+v at step %d", sr, m.game.LogLen())
	}
	// A decision for a step the game has left is dropped; the one for its step is played.
	saved := len(s.actions)
	m.handle(context.Background(), decided{seat: sr.seat, step: sr.step + 1, action: sr.player.Choose(sr.view)}, t0.Add(2*time.Minute))
	if len(s.actions) != saved {
		t.Fatalf("a decision for another step was saved")
	}
	m.thinking = true // as when the search was asked for
	m.handle(context.Background(), decided{seat: sr.seat, step: sr.step, action: sr.player.Choose(sr.view)}, t0.Add(2*time.Minute))
	if len(s.actions) != saved+1 || m.game.LogLen() <= sr.step {
		t.Fatalf("the decision was not saved and played: %d actions, log %d", len(s.actions)-saved, m.game.LogLen())
	}
}

// TestMachineSaveFirst: a move the store cannot save is refused with its reason, and the game
// is as it was; once the store is back, the same move is played.
func TestMachineSaveFirst(t *testing.T) {
	s := &memStore{}
	m := newTestMachine(t, s, table.Settings{Level: table.LevelEasy, Autoplay: true})
	ana := Person{ID: "ana", Name: "Ana"}
	m.handle(context.Background(), Start{By: ana}, t0)
	m.takeEffects()
	if !m.game.Waiting(0) {
		t.Fatalf("the easy computer players did not play on to ana's turn")
	}
	v := m.game.View(0)
	move := Move{By: ana, At: table.Stamp{Hand: v.HandNo(), Step: v.Step()}, Action: func(seat int) (engine.Action, error) {
		return engine.Action{Seat: seat, Kind: engine.ActPass}, nil
	}}
	s.fail = errors.New("disk full")
	step := m.game.LogLen()
	rep := m.handle(context.Background(), move, t0.Add(time.Minute))
	if rep.Kind != ReplyView || rep.Notice.Fact != FactMoveNotSaved || m.game.LogLen() != step {
		t.Fatalf("with the store down: %+v, log %d → %d", rep.Notice, step, m.game.LogLen())
	}
	if out := m.takeEffects(); len(effectsOf[Narrate](out)) != 0 {
		t.Errorf("a move not saved was told: %+v", out)
	}
	s.fail = nil
	rep = m.handle(context.Background(), move, t0.Add(2*time.Minute))
	if rep.Notice.Fact != FactNone || m.game.LogLen() == step || s.actions[step].Kind != engine.ActPass {
		t.Fatalf("with the store back: %+v, log %d → %d", rep.Notice, step, m.game.LogLen())
	}
}

// blockingStore is a memStore whose game updates wait until release is closed.
type blockingStore struct {
	memStore
	entered chan struct{}
	release chan struct{}
}

func (s *blockingStore) UpdateGame(ctx context.Context, g table.Game) error {
	s.entered <- struct{}{}
	<-s.release
	return s.memStore.UpdateGame(ctx, g)
}

// TestInboxBounded: a table whose inbox is full refuses the next command at once with
// ErrBusy, counted, instead of blocking its sender; what it took is handled once it can.
func TestInboxBounded(t *testing.T) {
	s := &blockingStore{entered: make(chan struct{}, 1), release: make(chan struct{})}
	rt := New(Config{Store: s, Pauses: func(table.Pace) Pauses { return Pauses{} }})
	defer rt.Close(context.Background())
	meta := table.Game{ID: 5, GuildID: "g", ChannelID: "c", HostID: "ana", Preset: "racehorse", Seed: 1,
		Seats: make([]table.Seat, 4), Status: table.StatusLobby, LastActivity: t0, Settings: table.DefaultSettings()}
	if err := rt.Add(meta, nil); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	errs := make(chan error, inboxSize+1)
	join := func(seat int) {
		_, err := rt.Do(ctx, 5, Join{By: Person{ID: string(rune('a' + seat)), Name: "p"}, Seat: seat % 4})
		errs <- err
	}
	go join(0)
	<-s.entered // the table is busy with the first join, in the store
	rt.mu.Lock()
	l := rt.tables[5]
	rt.mu.Unlock()
	for k := 1; k <= inboxSize; k++ {
		go join(k)
	}
	for len(l.inbox) < inboxSize {
		runtime.Gosched() // until every join waits in the inbox
	}
	if _, err := rt.Do(ctx, 5, Join{By: Person{ID: "late"}, Seat: -1}); !errors.Is(err, ErrBusy) {
		t.Fatalf("a command for a table with a full inbox: %v, want ErrBusy", err)
	}
	if n := rt.Refused(); n != 1 {
		t.Errorf("Refused() = %d, want 1", n)
	}
	close(s.release)
	go func() {
		for range s.entered {
		}
	}()
	for range inboxSize + 1 {
		if err := <-errs; err != nil {
			t.Errorf("a command taken before the inbox was full: %v", err)
		}
	}
	close(s.entered)
}

// TestMachineRestartHoldsTheHandsStory: a table rebuilt from its log in the middle of a hand
// holds back for the thread what the running table held (the hand's steps since the thread
// was last told), so that the hand's post after a restart tells the whole hand.
func TestMachineRestartHoldsTheHandsStory(t *testing.T) {
	for _, ping := range []table.PingMode{table.PingAuto, table.PingAlways} {
		t.Run(string(ping), func(t *testing.T) {
			s := &memStore{}
			settings := table.Settings{Level: table.LevelEasy, Autoplay: true, Ping: ping}
			m := newTestMachine(t, s, settings)
			ana := Person{ID: "ana", Name: "Ana"}
			m.handle(context.Background(), Start{By: ana}, t0)
			m.settle(context.Background())
			easy, err := computer.New("easy", 1)
			if err != nil {
				t.Fatal(err)
			}
			at := t0
			// Ana plays until a few tricks of the first hand are over.
			for m.game.HandNumber() == 1 && m.game.Phase() != engine.PhasePlay || handLen(m.game, 0) > 9 {
				if !m.game.Waiting(0) {
					t.Fatalf("the easy computer players did not play on to ana's turn (step %d)", m.game.LogLen())
				}
				a := easy.Choose(m.game.View(0))
				at = at.Add(time.Minute)
				move := Move{By: ana, At: table.Stamp{Hand: m.game.HandNumber(), Step: m.game.LogLen()},
					Action: func(int) (engine.Action, error) { return a, nil }}
				if rep := m.handle(context.Background(), move, at); rep.Notice.Fact != FactNone {
					t.Fatalf("ana's move %v: %+v", a, rep.Notice)
				}
				m.settle(context.Background())
			}
			if m.game.HandNumber() != 1 {
				t.Fatalf("the first hand ended before ana had played three tricks")
			}
			replayed, err := engine.NewGame(*m.game.Rules(), m.game.Seed())
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range m.game.Log() {
				if err := replayed.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			cfg := Config{Store: s, Logger: slog.New(slog.DiscardHandler), Players: m.players, Pauses: m.pauses}
			restored := newMachine(m.meta, replayed, &cfg)
			// Where every turn is announced, the thread was told up to ana's turn.
			if held := len(m.held) > 0; held != (ping == table.PingAuto) {
				t.Fatalf("with turn mentions %q the running table held %d items for the thread", ping, len(m.held))
			}
			if got, want := stepsOf(restored.held), stepsOf(m.held); !slices.EqualFunc(got, want, sameAction) {
				t.Errorf("the restored table holds %d steps %v, the running one %d %v", len(got), got, len(want), want)
			}
		})
	}
}

func handLen(g *engine.Game, seat int) int {
	h := g.Hand(seat)
	return h.Len()
}

// stepsOf returns the actions of the steps among items.
func stepsOf(items []Item) []engine.Action {
	var out []engine.Action
	for _, it := range items {
		if s, ok := it.(Step); ok {
			out = append(out, s.Action)
		}
	}
	return out
}
