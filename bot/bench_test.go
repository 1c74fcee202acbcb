package bot_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// BenchmarkClickToResponse measures, with 100 games of people in progress, the time from a
// click injected on the gateway to the bot's interaction response as the fake Discord
// records it (Response.Latency: dispatch to callback), for moves: the engine's check, the
// database commit of the action and the answer. The fake checks no request against
// Discord's OpenAPI document here (the other tests do): on the same two cores, that would
// time the fake. It reports the median and the 99th percentile. Pictures draws every answer's cards as pictures (the bot's default; the others
// answer in words, to measure the rest alone). Thinking20 adds 20 tables played by expert
// computer players only, searching all the while.
//
//	go test ./bot/ -run '^$' -bench ClickToResponse -benchtime 2000x
func BenchmarkClickToResponse(b *testing.B) {
	b.Run("Idle", func(b *testing.B) { benchClicks(b, 0, false) })
	b.Run("Pictures", func(b *testing.B) { benchClicks(b, 0, true) })
	b.Run("Thinking20", func(b *testing.B) { benchClicks(b, 20, false) })
}

// startThinkers opens n tables in their own channel whose every seat is an expert computer
// player (the host hands its seat over with /pinochle away), so that they search while
// the benchmark clicks elsewhere.
func startThinkers(b *testing.B, h *harness, n int) {
	c, err := h.srv.AddChannel(h.guild, "thinking")
	if err != nil {
		b.Fatal(err)
	}
	for k := range n {
		host := h.user(fmt.Sprintf("think-%d", k))
		tb, err := h.newTableIn(host, c.ID, fakediscord.Opt("level", "expert"))
		if err != nil {
			b.Fatal(err)
		}
		lobby := h.message(tb.lobbyID)
		h.click(host, lobby.ID, buttonByLabel(b, lobby, "Start"))
		h.waitTable(tb.thread)
		if r, _ := h.slash(host, tb.thread, "pinochle", "away"); !r.Ephemeral {
			b.Fatalf("/pinochle away: %q", r.Text())
		}
	}
}

func benchClicks(b *testing.B, thinking int, pictures bool) {
	const tables, perChannel = 100, 5
	h := newHarness(b, harnessOptions{pictures: pictures, unchecked: true})
	type seatView struct {
		users  []fakediscord.User
		thread string
		user   fakediscord.User
		view   fakediscord.Response
		over   bool
	}
	var all []*seatView
	var channel string
	for k := range tables {
		if k%perChannel == 0 {
			c, err := h.srv.AddChannel(h.guild, fmt.Sprintf("bench-%d", k/perChannel))
			if err != nil {
				b.Fatal(err)
			}
			channel = c.ID
		}
		var users []fakediscord.User
		for s := range 4 {
			users = append(users, h.user(fmt.Sprintf("t%d-s%d", k, s)))
		}
		tb, err := h.newTableIn(users[0], channel)
		if err != nil {
			b.Fatal(err)
		}
		lobby := h.message(tb.lobbyID)
		for _, u := range users[1:] {
			h.click(u, lobby.ID, buttonByLabel(b, lobby, "Join"))
		}
		u, view, _ := h.toAct(tb.thread, users)
		all = append(all, &seatView{users: users, thread: tb.thread, user: u, view: view})
	}
	startThinkers(b, h, thinking)
	byName := func(sv *seatView, name string) (fakediscord.User, bool) {
		for _, u := range sv.users {
			if present.Escape(u.Username) == name { // names are shown escaped
				return u, true
			}
		}
		return fakediscord.User{}, false
	}
	latencies := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sv := all[i%len(all)]
		for sv.over {
			i++
			sv = all[i%len(all)]
		}
		c := choose(actionControls(sv.view.Components))
		var r fakediscord.Response
		if c.Type == 3 {
			var values []string
			for _, o := range c.Options[:*c.MinValues] {
				values = append(values, o.Value)
			}
			r = h.wait(h.srv.Select(sv.user, sv.view.MessageID, c.CustomID, values))
		} else {
			r = h.click(sv.user, sv.view.MessageID, c.CustomID)
		}
		latencies = append(latencies, r.Latency)
		b.StopTimer()
		if len(actionControls(r.Components)) > 0 {
			sv.view = r
		} else if m := waitingName.FindStringSubmatch(r.Text()); m != nil {
			u, ok := byName(sv, m[1])
			if !ok {
				b.Fatalf("waiting for unknown %q", m[1])
			}
			sv.user = u
			sv.view, _ = h.myHand(u, sv.thread)
		} else {
			sv.over = true
		}
		b.StartTimer()
	}
	b.StopTimer()
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	ms := func(q float64) float64 {
		return float64(latencies[min(len(latencies)-1, int(q*float64(len(latencies))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(ms(1)/1, "max-ms")
}
