package picture

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	pic := func(n int) []byte { return bytes.Repeat([]byte{1}, n) }
	each := cost("a", pic(100))
	c := NewCache(3 * each)
	c.Add("a", pic(100))
	c.Add("b", pic(100))
	c.Add("c", pic(100))
	if _, ok := c.Get("a"); !ok { // a is now the most recently used
		t.Fatal("a is missing before the cache is full")
	}
	c.Add("d", pic(100)) // evicts b, the least recently used
	for key, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if _, ok := c.Get(key); ok != want {
			t.Errorf("Get(%q) found %v, want %v", key, ok, want)
		}
	}
	if n, size := c.Len(); n != 3 || size != 3*each {
		t.Errorf("Len() = %d pictures, %d bytes; want 3, %d", n, size, 3*each)
	}
}

func TestCacheStaysWithinItsLimit(t *testing.T) {
	c := NewCache(10_000)
	for i := range 200 {
		c.Add(fmt.Sprint("key", i), make([]byte, 37*(i%50)))
		if _, size := c.Len(); size > 10_000 {
			t.Fatalf("after %d pictures the cache holds %d bytes, over its limit of 10000", i+1, size)
		}
	}
	c.Add("huge", make([]byte, 20_000))
	if _, ok := c.Get("huge"); ok {
		t.Error("a picture larger than the whole cache was kept")
	}
}

func TestCacheReplacesAKey(t *testing.T) {
	c := NewCache(1 << 20)
	c.Add("k", []byte("old"))
	c.Add("k", []byte("new picture"))
	got, ok := c.Get("k")
	if !ok || string(got) != "new picture" {
		t.Fatalf("Get = %q, %v; want the new picture", got, ok)
	}
	if n, size := c.Len(); n != 1 || size != cost("k", []byte("new picture")) {
		t.Errorf("Len() = %d, %d; want one picture counted once", n, size)
	}
}

// TestCachePNG checks that the cache draws a scene once and serves it after, and that
// concurrent callers get the same picture (run with -race).
func TestCachePNG(t *testing.T) {
	r := newTestRenderer(t)
	c := NewCache(1 << 20)
	hands := []Hand{sampleHand(TwoColour), sampleHand(FourColour)}
	var wg sync.WaitGroup
	got := make([][]byte, 4)
	for i := range got {
		wg.Go(func() {
			b, err := c.PNG(r, hands[i%2])
			if err != nil {
				t.Error(err)
			}
			got[i] = b
		})
	}
	wg.Wait()
	for i := range got {
		if !bytes.Equal(got[i], got[i%2]) {
			t.Errorf("caller %d got a picture unlike caller %d's of the same hand", i, i%2)
		}
	}
	if bytes.Equal(got[0], got[1]) {
		t.Error("the two-colour and four-colour hands are the same picture")
	}
	if n, _ := c.Len(); n != 2 {
		t.Errorf("the cache holds %d pictures, want 2", n)
	}
	want, _ := r.PNG(hands[0])
	if b, ok := c.Get(hands[0].Key()); !ok || !bytes.Equal(b, want) {
		t.Error("the cached picture is not the hand's picture")
	}
}
