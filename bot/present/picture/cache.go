package picture

import (
	"container/list"
	"sync"
)

// entryOverhead is what an entry of a Cache costs besides its key and picture: the list
// element, the map slot and the entry itself, roughly.
const entryOverhead = 128

// A Cache keeps encoded pictures by their scene's Key, up to a number of bytes, evicting
// the least recently used first. It is safe for concurrent use and runs no goroutine.
type Cache struct {
	mu    sync.Mutex
	limit int64
	size  int64
	order *list.List // of *cacheEntry, most recently used first
	byKey map[string]*list.Element
}

type cacheEntry struct {
	key string
	png []byte
}

// NewCache returns a cache holding at most limit bytes of keys and pictures.
func NewCache(limit int64) *Cache {
	return &Cache{limit: limit, order: list.New(), byKey: map[string]*list.Element{}}
}

// cost returns what an entry counts against the limit.
func cost(key string, png []byte) int64 { return int64(len(key)+len(png)) + entryOverhead }

// Get returns the picture kept under key, and whether there was one. The bytes are
// shared: the caller must not modify them.
func (c *Cache) Get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).png, true
}

// Add keeps png under key, evicting the least recently used pictures to stay within the
// limit. A picture larger than the whole limit is not kept.
func (c *Cache) Add(key string, png []byte) {
	n := cost(key, png)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		old := e.Value.(*cacheEntry)
		c.size -= cost(old.key, old.png)
		c.order.Remove(e)
		delete(c.byKey, key)
	}
	if n > c.limit {
		return
	}
	for c.size+n > c.limit {
		last := c.order.Back()
		old := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.byKey, old.key)
		c.size -= cost(old.key, old.png)
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, png: png})
	c.size += n
}

// Len returns the number of pictures kept and the bytes they count for.
func (c *Cache) Len() (pictures int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.size
}

// PNG returns the scene's picture from the cache, or draws it with r and keeps it. Two
// callers asking for a missing picture at once may both draw it; the pictures are equal.
// The bytes are shared: the caller must not modify them.
func (c *Cache) PNG(r *Renderer, s Scene) ([]byte, error) {
	key := s.Key()
	if b, ok := c.Get(key); ok {
		return b, nil
	}
	b, err := r.PNG(s)
	if err != nil {
		return nil, err
	}
	c.Add(key, b)
	return b, nil
}
