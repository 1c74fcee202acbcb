package bot_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestConcurrentGames plays 6 tables at once through Discord, each with one person and
// three computer players, from 6 goroutines, three to a channel: every game finishes with its result in
// storage, and the fake Discord sees no limit broken (checked when the harness stops). Run
// it with -race. Many more tables at once are played on the runtime itself
// (TestManyTablesAtOnce in package live).
func TestConcurrentGames(t *testing.T) {
	t.Parallel()
	const games, perChannel = 6, 3
	h := newHarness(t, harnessOptions{})
	// Lobbies are posted in the channel where /pinochle new is used: spread them over a few
	// channels, as busy servers are, so that opening them is not paced by Discord's limit.
	var channels []string
	for k := range games / perChannel {
		c, err := h.srv.AddChannel(h.guild, fmt.Sprintf("tables-%d", k))
		if err != nil {
			t.Fatal(err)
		}
		channels = append(channels, c.ID)
	}
	hosts := make([]fakediscord.User, games)
	for k := range hosts {
		hosts[k] = h.user(fmt.Sprintf("player%02d", k))
	}
	start := time.Now()
	errs := make([]error, games)
	threads := make([]string, games)
	var wg sync.WaitGroup
	for k := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			threads[k], errs[k] = h.playAlone(hosts[k], channels[k/perChannel])
		}()
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Errorf("game %d: %v", k, err)
		}
	}
	if t.Failed() {
		return
	}
	t.Logf("%d games played in %v", games, time.Since(start).Round(time.Millisecond))
	for k, thread := range threads {
		if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
			tm, ok := h.tableMessage(thread)
			return ok && len(tm.Controls()) == 0
		}); err != nil {
			t.Errorf("game %d: the table message never showed the end: %v", k, err)
		}
	}
	active, err := h.store.LoadActiveGames(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 0 {
		t.Errorf("%d games are still active in storage", len(active))
	}
	for id := int64(1); id <= games; id++ {
		if _, err := h.store.GameResult(h.ctx, id); err != nil {
			t.Errorf("game %d has no result: %v", id, err)
		}
	}
}

// playAlone opens a one-hand table in channel, starts it with computer players and plays it
// to its end as host. It returns the table's thread.
func (h *harness) playAlone(host fakediscord.User, channel string) (string, error) {
	tb, err := h.newTableIn(host, channel, fakediscord.Opt("hands", 1))
	if err != nil {
		return "", err
	}
	lobby, ok := h.srv.Message(tb.lobbyID)
	if !ok {
		return "", fmt.Errorf("no lobby message %s", tb.lobbyID)
	}
	startID := ""
	for _, c := range lobby.Controls() {
		if c.Label == "Start" {
			startID = c.CustomID
		}
	}
	hd, err := h.srv.Click(host, lobby.ID, startID)
	if err != nil {
		return "", fmt.Errorf("click Start: %w", err)
	}
	if r, err := hd.Wait(h.ctx); err != nil || r.Type != 7 {
		return "", fmt.Errorf("Start answered type %d: %v", r.Type, err)
	}
	if _, err := h.playE(tb.thread, []fakediscord.User{host}, 500); err != nil {
		return tb.thread, err
	}
	return tb.thread, nil
}
