package present

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// hostileNames are names that would change how a message renders if they were put in
// Markdown as they are.
var hostileNames = []string{
	"# Alice [claim](https://evil.example/x)",
	"-# small print",
	"> quoted",
	">>> quoted to the end",
	"||spoiler||",
	"`code` and ```block```",
	"**bold** __underline__ ~~struck~~ *it* _it_",
	"- item",
	"* item",
	"+ item",
	"1. first",
	"  12) twelfth",
	"<@123> <@&4> <#456> <t:1700000000:R> <:e:1> </pinochle new:9>",
	"https://evil.example",
	"<https://evil.example>",
	"[x](<https://evil.example>)",
	`back\slash\`,
	`\# not a heading`,
	"line\nbreak\r\n# heading\u2028-# sub\u2029> quote",
	"tab\tand\x00nul",
	"@everyone @here",
	"\u202eevil\u202c right-to-left",
	"\u2067isolated\u2069 \u200fmarked\u200e \u061carabic mark",
	"zero\u200bwidth\u2060joiner\ufeffbom\u00adsoft",
	"\u200b# hidden heading",
	"1\u200b. hidden list",
}

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Alice", "Alice"},
		{"Zoë ♠ 🂡", "Zoë ♠ 🂡"},
		{"v1.5 2024 season", "v1.5 2024 season"},
		{"@everyone", `\@everyone`}, // silenced by allowed_mentions, and shown as typed, not as a mention
		{"@here", `\@here`},
		{"# Alice [claim](https://evil.example/x)", `\# Alice \[claim\](https\://evil.example/x)`},
		{"-# small print", `\-\# small print`},
		{"> quoted", `\> quoted`},
		{">>> quoted", `\>\>\> quoted`},
		{"||spoiler||", `\|\|spoiler\|\|`},
		{"`code`", "\\`code\\`"},
		{"**b** __u__ ~~s~~", `\*\*b\*\* \_\_u\_\_ \~\~s\~\~`},
		{"- item", `\- item`},
		{"* item", `\* item`},
		{"+ item", `\+ item`},
		{"1. first", `1\. first`},
		{"  12) twelfth", `  12\) twelfth`},
		{"\u00a0\u30007. x", "\u00a0\u30007\\. x"},
		{"3.14", `3\.14`},
		{"1 2. x", "1 2. x"}, // not a list marker: "1 " is not followed by a dot
		{"<@123>", `\<\@123\>`},
		{"<t:1:R>", `\<t\:1\:R\>`},
		{`back\slash\`, `back\\slash\\`},
		{"Jean-Luc", `Jean\-Luc`},
		{"a\nb\r\n# c", `a b  \# c`},
		{"a\u2028b\u2029c\td", "a b c d"},
		{"", ""},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// rendered is how Discord shows Markdown text whose only construct is the escape: a
// backslash before a character that is not a letter, digit or space stands for that
// character (simple-markdown's escape rule, /^\\([^0-9A-Za-z\s])/).
func rendered(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) && escapable(rs[i+1]) {
			i++
		}
		b.WriteRune(rs[i])
	}
	return b.String()
}

func escapable(r rune) bool {
	return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || unicode.IsSpace(r))
}

// raw is s with every escaped character replaced by U+FFFD: what Discord's Markdown rules
// other than the escape still see.
func raw(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) && escapable(rs[i+1]) {
			i++
			b.WriteRune(utf8.RuneError)
			continue
		}
		b.WriteRune(rs[i])
	}
	return b.String()
}

// constructs are Discord Markdown as the raw text of an escaped name must never hold it.
// Emphasis, code, spoilers, links and angle brackets count as soon as one delimiter is
// there, since the text around the name may hold the other one (a name goes in **bold**).
var constructs = []struct {
	name string
	re   *regexp.Regexp
}{
	{"emphasis, underline or strikethrough", regexp.MustCompile(`[*_~]`)},
	{"code", regexp.MustCompile("`")},
	{"spoiler", regexp.MustCompile(`\|`)},
	{"masked link", regexp.MustCompile(`[\[\]]`)},
	{"mention, timestamp, emoji or <link>", regexp.MustCompile(`[<>]`)},
	{"bare link", regexp.MustCompile(`(?i)[a-z0-9+.-]+:/`)},
	{"heading or subtext", regexp.MustCompile(`^[\s\p{Zs}]*-?#`)},
	{"quote", regexp.MustCompile(`^[\s\p{Zs}]*>`)},
	{"list item", regexp.MustCompile(`^[\s\p{Zs}]*([-*+]|\d+[.)])`)},
	{"a backslash that escapes what follows the name", regexp.MustCompile(`\\`)},
	{"a line break", regexp.MustCompile("[\n\r\u2028\u2029\u0085]")},
	{"@everyone or @here", regexp.MustCompile(`@`)},
	{"a direction control or zero-width character", regexp.MustCompile(`[\x{061C}\x{200B}\x{200E}\x{200F}\x{202A}-\x{202E}\x{2060}\x{2066}-\x{2069}\x{FEFF}]`)},
}

// readsAs is how an escaped text should read: line breaks and other controls as spaces,
// direction controls and zero-width characters gone.
func readsAs(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case hidden(r):
			return -1
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, s)
}

// hidden reports whether a name loses r: direction controls, zero-width characters and
// the other invisible format characters (Unicode's Cf, but for the joiners and the tags of
// flag emojis, which emoji and scripts need).
func hidden(r rune) bool {
	return unicode.In(r, unicode.Cf) && r != '\u200C' && r != '\u200D' && (r < 0xE0020 || r > 0xE007F)
}

// checkEscaped fails when Escape(s) holds a Markdown construct or does not read as s.
func checkEscaped(t *testing.T, s string) {
	t.Helper()
	out := Escape(s)
	r := raw(out)
	for _, c := range constructs {
		if c.re.MatchString(r) {
			t.Errorf("Escape(%q) = %q holds a %s", s, out, c.name)
		}
	}
	want := readsAs(s)
	if got := rendered(out); got != want {
		t.Errorf("Escape(%q) = %q reads as %q, want %q", s, out, got, want)
	}
	if n, m := utf8.RuneCountInString(out), utf8.RuneCountInString(s); n > 2*m {
		t.Errorf("Escape(%q) is %d characters, more than twice %d", s, n, m)
	}
}

func TestEscapeHostileNames(t *testing.T) {
	for _, s := range hostileNames {
		checkEscaped(t, s)
	}
}

// FuzzEscape: whatever the text, its escaped form holds no Markdown construct and reads as
// the text did (line breaks as spaces).
func FuzzEscape(f *testing.F) {
	for _, s := range hostileNames {
		f.Add(s)
	}
	f.Add("Alice")
	f.Add("\\\\\\")
	f.Add("9999999999.")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // names come from JSON: Discord sends valid UTF-8
		}
		checkEscaped(t, s)
	})
}

// TestEscapeForTextDisplays: the names that would change a Components V2 Text Display
// (full Markdown: headings, quotes, lists; mentions parsed) read as typed, with every
// character that could make a construct escaped and every invisible control gone.
func TestEscapeForTextDisplays(t *testing.T) {
	for _, tc := range []struct{ kind, in, want string }{
		{"heading", "# Heading", `\# Heading`},
		{"smaller heading", "### Heading", `\#\#\# Heading`},
		{"subtext", "-# small", `\-\# small`},
		{"quote", "> quote", `\> quote`},
		{"block quote", ">>> quote", `\>\>\> quote`},
		{"list item", "- item", `\- item`},
		{"starred list item", "* item", `\* item`},
		{"numbered list item", "1. item", `1\. item`},
		{"@everyone", "@everyone", `\@everyone`},
		{"@here", "hi @here", `hi \@here`},
		{"user mention", "<@123>", `\<\@123\>`},
		{"role mention", "<@&456>", `\<\@&456\>`},
		{"channel mention", "<#789>", `\<\#789\>`},
		{"spoiler", "||spoiler||", `\|\|spoiler\|\|`},
		{"code", "`code` ```block```", "\\`code\\` \\`\\`\\`block\\`\\`\\`"},
		{"masked link", "[x](https://e.example)", `\[x\](https\://e.example)`},
		{"right-to-left override", "\u202eevil\u202c", "evil"},
		{"right-to-left isolate", "\u2067ann\u2069 \u200fbob\u200e", "ann bob"},
		{"zero-width space", "A\u200bnn", "Ann"},
		{"zero-width heading", "\u200b# hidden", `\# hidden`},
		{"zero-width list", "1\u200b. hidden", `1\. hidden`},
		{"byte order mark and word joiner", "\ufeffAnn\u2060", "Ann"},
		{"emoji sequence kept whole", "👩\u200d👩\u200d👧 fam", "👩\u200d👩\u200d👧 fam"},
		{"flag tags kept", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"},
		{"Persian non-joiner kept", "می\u200cخواهم", "می\u200cخواهم"},
	} {
		got := Escape(tc.in)
		if got != tc.want {
			t.Errorf("%s: Escape(%q) = %q, want %q", tc.kind, tc.in, got, tc.want)
		}
		checkEscaped(t, tc.in)
	}
}
