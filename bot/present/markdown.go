package present

import (
	"strings"
	"unicode"
)

// markdownPunct are the characters that start or end a Discord Markdown construct anywhere
// in a line: emphasis, underline and strikethrough (* _ ~), code (`), spoilers (||),
// masked links ([ ]), mentions, timestamps, custom emoji and <links> (< >), the scheme of a
// bare link (:), @everyone and @here (@), and, at the start of a line, headings (#),
// subtext (-#), quotes (>) and list items (- * +). The backslash is escaped too, so that a
// user's own backslash cannot cancel an escape or escape what follows the name.
const markdownPunct = "\\*_~`|[]<>:@#-+"

// Escape makes user text, such as a display name or a season's name, safe to put in
// Discord Markdown: a message's content, an embed's title, description or fields, or a
// Components V2 Text Display (which renders full Markdown, headings, quotes and lists
// included, and parses mentions). It puts a backslash before each character that could
// start or end a Markdown construct or a mention, and before the dot or parenthesis of a
// number that opens the text ("1. " would make an ordered list at the start of a line);
// Discord shows an escaped character as itself and hides the backslash, so the text still
// reads as written. Line breaks and other control characters become spaces, so that the
// text stays on its line, and invisible format characters are dropped (see invisible), so
// that a name cannot turn the text around it right to left or hide in it.
//
// The result is at most twice as long as s. Mentions need no escaping to stay silent, since
// every message the bot sends allows none, but they are escaped all the same, so that a
// name never shows as someone else's mention or as @everyone.
func Escape(s string) string {
	if plain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	// digits reports whether the text so far is spaces and digits with at least one digit:
	// a dot or parenthesis now would make "1. " an ordered list's marker.
	leading, digits := true, false
	for _, r := range s {
		if invisible(r) {
			continue
		}
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

// plain reports whether Escape leaves s as it is: printable ASCII with nothing to escape,
// and no dot or parenthesis that could end a list's number. Most names are plain.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c >= unicode.MaxASCII || c == '.' || c == ')' || strings.IndexByte(markdownPunct, c) >= 0 {
			return false
		}
	}
	return true
}

// invisible reports whether r is a format character (Unicode category Cf) that user text
// loses in Markdown: the direction controls (U+200E, U+200F, U+061C, U+202A to U+202E,
// U+2066 to U+2069), which would turn the rest of a line around, and the zero-width and
// other invisible characters (U+200B, U+2060, U+FEFF, the soft hyphen …), which would hide
// in a name. Three kinds of format character are kept, since text needs them: the
// zero-width joiner and non-joiner (emoji sequences, Arabic and Indic scripts) and the tag
// characters of flag emojis.
func invisible(r rune) bool {
	switch {
	case r < 0xAD:
		return false // the common case: no format character below the soft hyphen
	case r == '\u200C' || r == '\u200D':
		return false
	case r >= 0xE0020 && r <= 0xE007F:
		return false
	}
	return unicode.Is(unicode.Cf, r)
}
