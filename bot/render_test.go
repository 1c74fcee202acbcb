package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestChunkLinesCountsCharacters: messages gather lines up to Discord's limit counted in
// characters, not bytes.
func TestChunkLinesCountsCharacters(t *testing.T) {
	lines := []string{strings.Repeat("♠", 1500), strings.Repeat("♥", 499), "x"}
	chunks := chunkLines(lines, 2000)
	if len(chunks) != 2 || utf8.RuneCountInString(chunks[0]) != 2000 || chunks[1] != "x" {
		t.Errorf("chunks of %d messages: %v", len(chunks), func() (ns []int) {
			for _, c := range chunks {
				ns = append(ns, utf8.RuneCountInString(c))
			}
			return ns
		}())
	}
}
