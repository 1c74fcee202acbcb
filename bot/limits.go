package bot

import (
	"sync"
	"time"
)

// spacing lets an action through for a key (a member) at most once per gap, on the bot's
// clock: what any member can trigger at will, such as posting a table anew, must not spend
// the channel calls the bot token shares. It keeps a key only while its gap runs.
type spacing struct {
	gap  time.Duration
	mu   sync.Mutex
	last map[string]time.Time
}

// allow reports whether key may act at now, and if so records that it did.
func (s *spacing) allow(key string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = map[string]time.Time{}
	}
	if t, ok := s.last[key]; ok && now.Sub(t) < s.gap {
		return false
	}
	if len(s.last) >= 1024 {
		for k, t := range s.last {
			if now.Sub(t) >= s.gap {
				delete(s.last, k)
			}
		}
	}
	s.last[key] = now
	return true
}

// statusGap is how often a member may have a table posted anew (/pinochle status).
const statusGap = time.Minute
