package present

import (
	"strings"
	"unicode"
)

// markdownPunct are the characters that start or end a Discord Markdown construct anywhere
// in a line: emphasis, underline and strikethrough (* _ ~), code (`), spoilers (||),
// masked links ([ ]), mentions, timestamps, custom emoji and <links> (< >), the scheme of a
// bare link (:), and, at the start of a line, headings (#), subtext (-#), quotes (>) and
// list items (- * +). The backslash is escaped too, so that a user's own backslash cannot
// cancel an escape or escape what follows the name.
const markdownPunct = "\\*_~`|[]<>:#-+"

// Escape makes user text, such as a display name or a season's name, safe to put in
// Discord Markdown: a message's content or an embed's title, description or fields. It
// puts a backslash before each character that could start or end a Markdown construct,
// and before the dot or parenthesis of a number that opens the text ("1. " would make an
// ordered list at the start of a line); Discord shows an escaped character as itself and
// hides the backslash, so the text still reads as written. Line breaks and other control
// characters become spaces, so that the text stays on its line.
//
// The result is at most twice as long as s. Mentions need no escaping to stay silent, since
// every message the bot sends allows none, but they are escaped all the same, so that a
// name never shows as someone else's mention.
func Escape(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	// digits reports whether the text so far is spaces and digits with at least one digit:
	// a dot or parenthesis now would make "1. " an ordered list's marker.
	leading, digits := true, false
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			r = ' '
		}
		switch {
		case leading && r >= '0' && r <= '9':
			digits = true
		case leading && unicode.IsSpace(r) && !digits:
		case leading && (r == '.' || r == ')') && digits:
			b.WriteByte('\\')
			leading = false
		default:
			leading = false
		}
		if r < unicode.MaxASCII && strings.ContainsRune(markdownPunct, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
