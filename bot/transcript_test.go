package bot_test

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

var transcript = flag.String("transcript", "", "write the HTML transcript of TestTranscript's seeded game to this file, to read the game as its players saw it")

// TestTranscript plays a seeded game of racehorse, a person with three computer players,
// to its end, and writes everything the fake Discord was shown, in order, as one HTML page:
// with -args -transcript=FILE, to that file, to be read in a browser. The page holds the
// lobby, the table message as each change left it, the thread's story and the person's
// private views, marked as theirs.
func TestTranscript(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{pictures: true})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"), fakediscord.Opt("hands", 2))
	h.play(tb.thread, []fakediscord.User{ana}, 2000)
	h.waitThread(tb.thread, "Game over")
	h.settle()
	var page bytes.Buffer
	if err := h.srv.WriteTranscript(&page, "A seeded game of racehorse", h.channel, tb.thread); err != nil {
		t.Fatal(err)
	}
	text := page.String()
	for _, want := range []string{"<!doctype html>", "Game over", "posted", "edited", "seen only by the person who clicked", "My hand"} {
		if !strings.Contains(text, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if strings.Index(text, "The game starts") > strings.Index(text, "Game over") {
		t.Error("the transcript is not in the order things happened")
	}
	if *transcript != "" {
		if err := os.WriteFile(*transcript, page.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", *transcript, page.Len())
	}
}
