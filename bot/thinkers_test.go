package bot

import "testing"

// TestThinkersTake checks the wait for a place in the search pool: it takes a free place,
// and with the pool full it gives up, holding nothing, as soon as the table ends or the bot
// quits.
func TestThinkersTake(t *testing.T) {
	th := make(thinkers, 1)
	if !th.take(nil, nil) {
		t.Fatal("a free place was not taken")
	}
	for _, which := range []string{"table ended", "bot quits"} {
		ended, quit := make(chan struct{}), make(chan struct{})
		got := make(chan bool)
		go func() { got <- th.take(ended, quit) }()
		if which == "table ended" {
			close(ended)
		} else {
			close(quit)
		}
		if <-got {
			t.Fatalf("%s: the wait took a place in a full pool", which)
		}
		if len(th) != 1 {
			t.Fatalf("%s: the pool holds %d places, want the 1 taken first", which, len(th))
		}
	}
	th.give()
	if !th.take(make(chan struct{}), nil) {
		t.Fatal("the place given back was not taken")
	}
}
