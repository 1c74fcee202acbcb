package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestThreadArchivesAfterAWeek: a table's thread is made with the longest auto-archive
// duration Discord allows, a week, as long as the longest turn timer.
func TestThreadArchivesAfterAWeek(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb := h.newTable(h.user("ana"))
	th, ok := h.srv.Channel(tb.thread)
	if !ok || th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 10080 {
		t.Fatalf("thread %+v, want an auto-archive duration of 10080 minutes", th.ThreadMetadata)
	}
}

// TestArchivedThreadUnarchived: a thread Discord archived after a week without a message
// refuses writes (50083); the bot unarchives it and the narration goes on in it.
func TestArchivedThreadUnarchived(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	advance(h, fake, 7*24*time.Hour+time.Minute)
	if th, _ := h.srv.Channel(tb.thread); th.ThreadMetadata.Archived {
		t.Fatal("archived before anyone wrote")
	}
	before := len(h.threadText(tb.thread))
	// The thread tells a hand when it ends: ana plays until something is told.
	for range 60 {
		_, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
		h.actOnce(ana, view)
		h.settle()
		if len(h.threadText(tb.thread)) > before {
			break
		}
	}
	if th, _ := h.srv.Channel(tb.thread); th.ThreadMetadata.Archived {
		t.Error("the thread is still archived")
	}
	if len(h.threadText(tb.thread)) <= before {
		t.Error("the move was not narrated in the thread")
	}
	refused := 0
	for _, r := range h.srv.Requests() {
		if strings.Contains(r.Path, tb.thread) && r.Status == 400 {
			refused++
		}
	}
	if refused != 1 || !strings.Contains(h.logs.String(), "unarchived a table's thread") {
		t.Errorf("%d writes refused, want 1, then the thread unarchived", refused)
	}
}

// TestDeletedThread: a table whose thread a moderator deleted goes on: moves are still
// saved and answered privately, the first post that meets 10003 stops the posts to the
// thread (said once in the log), and no request is sent to it again.
func TestDeletedThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	game := gameOf(t, buttonByLabel(t, h.waitTable(tb.thread), "My hand"))
	if err := h.srv.DeleteChannel(tb.thread); err != nil {
		t.Fatal(err)
	}
	moves := h.logLen(game)
	for range 2 {
		_, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
		h.actOnce(ana, view)
		h.settle()
	}
	if got := h.logLen(game); got < moves+2 {
		t.Errorf("the game's log went from %d to %d actions, want at least 2 more", moves, got)
	}
	unknown := 0
	for _, r := range h.srv.Requests() {
		if strings.Contains(r.Path, "/channels/"+tb.thread) && r.Status == 404 {
			unknown++
		}
	}
	if unknown != 1 {
		t.Errorf("%d requests to the deleted thread, want 1", unknown)
	}
	if n := strings.Count(h.logs.String(), "the channel is gone"); n != 1 {
		t.Errorf("the log says %d times that the thread is gone, want once", n)
	}
}
