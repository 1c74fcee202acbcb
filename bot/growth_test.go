package bot_test

import (
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// bucketCount returns how many rate-limit buckets discordgo keeps for a session. The map is
// unexported; reflect may read its length.
func bucketCount(s *discordgo.Session) int {
	rl := s.Ratelimiter
	rl.Lock()
	defer rl.Unlock()
	return reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
}

// TestNoGrowthPerClick checks that a bot which runs for months does not grow with every
// click: discordgo keeps a rate-limit bucket per URL forever, and interaction URLs hold
// their token (discordgo#1333). Once a game is under way, more clicks, each a new
// interaction with its own token, add no bucket.
func TestNoGrowthPerClick(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana)
	users := []fakediscord.User{ana}
	// Warm up: the first moves create the buckets of the thread's routes.
	for range 3 {
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
	}
	h.settle()
	before := bucketCount(h.bot.Session())
	clicks := 0
	for range 15 {
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
		clicks += 2 // My hand, then the move
	}
	h.settle()
	after := bucketCount(h.bot.Session())
	if after != before {
		t.Fatalf("%d more clicks left %d rate-limit buckets, had %d: the bot grows with every click", clicks, after, before)
	}
}
