package bot_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// madeAt returns when Discord made a snowflake ID.
func madeAt(t *testing.T, id string) time.Time {
	t.Helper()
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		t.Fatalf("message ID %q: %v", id, err)
	}
	return time.UnixMilli(int64(n>>22) + 1420070400000)
}

// TestTableKeptCurrentOverDays: a table played over two days, a move every three hours,
// keeps its public message current. Discord refuses, after a few, the edits of a message
// more than an hour old (30046; the fake does, and the harness fails on any refusal): the
// bot posts the table anew before then, pinned in place of the old copy, which then points
// to the new one.
func TestTableKeptCurrentOverDays(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	copies := []string{h.waitTable(tb.thread).ID}
	for k := range 16 {
		advance(h, fake, 3*time.Hour)
		u, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
		h.actOnce(u, view)
		h.settle()
		m, ok := h.tableMessage(tb.thread)
		if !ok {
			t.Fatalf("move %d: no table message", k+1)
		}
		// The public table changes at its moments (a trick taken, the meld shown): when it
		// did now, it did on a message younger than an hour, posted anew if need be.
		if changed := m.Timestamp.Equal(fake.Now()) || m.EditedTimestamp != nil && m.EditedTimestamp.Equal(fake.Now()); changed {
			if age := fake.Now().Sub(madeAt(t, m.ID)); age >= time.Hour {
				t.Fatalf("move %d: the table message was changed at %v old", k+1, age)
			}
		}
		if !m.Pinned {
			t.Errorf("move %d: the table message is not pinned", k+1)
		}
		if m.ID != copies[len(copies)-1] {
			copies = append(copies, m.ID)
		}
	}
	if len(copies) < 6 {
		t.Errorf("over two days the table was posted %d times, want it posted anew at each of its changes three hours after the last", len(copies))
	}
	for _, id := range copies[:len(copies)-1] {
		old := h.message(id)
		if old.Pinned {
			t.Errorf("the old copy %s is still pinned", id)
		}
		if !strings.Contains(old.Text(), "moved down") {
			t.Errorf("the old copy %s does not point to the new one: %q", id, old.Text())
		}
	}
}

// TestFrozenTableMessagePostedAnew: when Discord refuses an edit of the table message for
// good (30046, which comes as a 429 no wait cures), the bot does not wait and retry: it
// posts the table anew, and the players go on from the new message.
func TestFrozenTableMessagePostedAnew(t *testing.T) {
	t.Parallel()
	h, tr := faultHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	first := h.waitTable(tb.thread)
	tr.inject(&fault{method: http.MethodPatch, path: regexp.MustCompile(`/channels/` + tb.thread + `/messages/` + first.ID + `$`),
		status: http.StatusTooManyRequests, times: 1,
		body: `{"message":"Maximum number of edits to messages older than 1 hour reached.","code":30046,"retry_after":6,"global":false}`})
	u, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
	h.actOnce(u, view)
	h.settle()
	if n := len(tr.requests(regexp.MustCompile(`^PATCH .*/messages/` + first.ID + ` 429$`))); n != 1 {
		t.Fatalf("the refused edit was sent %d times, want once (no wait cures a 30046)", n)
	}
	m, ok := h.tableMessage(tb.thread)
	if !ok || m.ID == first.ID {
		t.Fatalf("after the refusal the table message is still %s: it was not posted anew", first.ID)
	}
	// The game goes on from the new message.
	u, view, _ = h.toAct(tb.thread, []fakediscord.User{ana})
	if r := h.actOnce(u, view); r.Type != 7 {
		t.Fatalf("a move after the table was posted anew answered type %d", r.Type)
	}
}
