package fakediscord

import (
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"regexp"
	"sort"
	"strings"
	"time"
)

// WriteTranscript writes, as one HTML page, everything the fake was shown in the given
// channels (every channel when none is given), in the order it happened: each message as it
// was posted and as each edit left it, its text, embeds, pictures and controls, and the
// private answers only their user saw, marked as such. It is a way to read a game as its
// players saw it without a Discord account; the pictures are inlined, so the page stands
// alone.
func (s *Server) WriteTranscript(w io.Writer, title string, channels ...string) error {
	s.mu.Lock()
	type event struct {
		at   time.Time
		seq  int
		kind string // "posted" or "edited via …"
		m    Message
	}
	want := map[string]bool{}
	for _, c := range channels {
		want[c] = true
	}
	var events []event
	seq := 0
	var msgs []*Message
	for _, m := range s.messages {
		if len(want) == 0 || want[m.ChannelID] {
			msgs = append(msgs, m)
		}
	}
	sort.Slice(msgs, func(i, j int) bool { return snowflakeLess(msgs[i].ID, msgs[j].ID) })
	first := map[string]Message{} // a message as posted: the state before its first edit
	for _, e := range s.edits {
		if _, ok := first[e.MessageID]; !ok {
			first[e.MessageID] = e.Before
		}
	}
	for _, m := range msgs {
		posted, ok := first[m.ID]
		if !ok {
			posted = *m
		}
		events = append(events, event{at: m.Timestamp, seq: seq, kind: "posted", m: posted})
		seq++
	}
	for _, e := range s.edits {
		if len(want) == 0 || want[e.ChannelID] {
			events = append(events, event{at: e.At, seq: seq, kind: "edited (" + e.Via + ")", m: e.After})
			seq++
		}
	}
	s.mu.Unlock()
	sort.SliceStable(events, func(i, j int) bool { return events[i].at.Before(events[j].at) })

	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n<h1>%s</h1>\n",
		html.EscapeString(title), transcriptStyle, html.EscapeString(title))
	for _, e := range events {
		class := "msg"
		who := "in the channel"
		if e.m.Ephemeral() {
			class += " private"
			who = "seen only by the person who clicked"
		}
		fmt.Fprintf(&b, "<div class=\"%s\"><div class=\"meta\">%s · #%s · %s · %s</div>\n", class,
			e.at.UTC().Format("2006-01-02 15:04:05"), html.EscapeString(e.m.ChannelID), e.kind, who)
		if e.m.Content != "" {
			fmt.Fprintf(&b, "<div class=\"text\">%s</div>\n", markdownHTML(e.m.Content))
		}
		for _, em := range e.m.Embeds {
			writeEmbed(&b, em)
		}
		files := map[string]File{}
		for _, f := range e.m.Files {
			files[f.Name] = f
		}
		writeComponents(&b, e.m.Components, files)
		b.WriteString("</div>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

const transcriptStyle = `body{font-family:sans-serif;background:#313338;color:#dbdee1;max-width:760px;margin:auto}
.msg{background:#2b2d31;border-radius:8px;margin:10px 0;padding:8px 12px}
.private{border-left:4px solid #5865f2}
.meta{font-size:12px;color:#949ba4;margin-bottom:4px}
.text{white-space:pre-wrap}
.embed{border-left:4px solid #4e5058;padding:4px 10px;margin:6px 0;background:#232428}
.embed .title{font-weight:bold}
.container{border:1px solid #4e5058;border-radius:8px;padding:6px 10px;margin:6px 0}
.row{margin:4px 0}
button,select{background:#4e5058;color:#fff;border:0;border-radius:4px;padding:5px 10px;margin:2px}
img{max-width:100%;border-radius:4px}
hr{border:0;border-top:1px solid #4e5058}`

// writeEmbed writes an embed.
func writeEmbed(b *strings.Builder, em Embed) {
	b.WriteString("<div class=\"embed\">")
	if em.Title != "" {
		fmt.Fprintf(b, "<div class=\"title\">%s</div>", markdownHTML(em.Title))
	}
	if em.Description != "" {
		fmt.Fprintf(b, "<div class=\"text\">%s</div>", markdownHTML(em.Description))
	}
	for _, f := range em.Fields {
		fmt.Fprintf(b, "<div><b>%s</b><div class=\"text\">%s</div></div>", markdownHTML(f.Name), markdownHTML(f.Value))
	}
	if em.Footer != nil && em.Footer.Text != "" {
		fmt.Fprintf(b, "<div class=\"meta\">%s</div>", html.EscapeString(em.Footer.Text))
	}
	b.WriteString("</div>\n")
}

// writeComponents writes components, their pictures from files (attachment://name).
func writeComponents(b *strings.Builder, cs []Component, files map[string]File) {
	for _, c := range cs {
		switch c.Type {
		case ComponentActionRow:
			b.WriteString("<div class=\"row\">")
			writeComponents(b, c.Components, files)
			b.WriteString("</div>\n")
		case ComponentButton:
			label := c.Label
			if c.Emoji != nil {
				label = ":" + c.Emoji.Name + ": " + label
			}
			fmt.Fprintf(b, "<button title=\"%s\">%s</button>", html.EscapeString(c.CustomID), html.EscapeString(strings.TrimSpace(label)))
		case ComponentStringMenu:
			fmt.Fprintf(b, "<select title=\"%s\"><option>%s</option>", html.EscapeString(c.CustomID), html.EscapeString(c.Placeholder))
			for _, o := range c.Options {
				fmt.Fprintf(b, "<option>%s</option>", html.EscapeString(o.Label))
			}
			b.WriteString("</select>")
		case ComponentTextDisplay:
			fmt.Fprintf(b, "<div class=\"text\">%s</div>\n", markdownHTML(c.Content))
		case ComponentSection:
			b.WriteString("<div class=\"row\">")
			writeComponents(b, c.Components, files)
			if c.Accessory != nil {
				writeComponents(b, []Component{*c.Accessory}, files)
			}
			b.WriteString("</div>\n")
		case ComponentThumbnail:
			if c.Media != nil {
				alt := ""
				if c.Description != nil {
					alt = *c.Description
				}
				writeImage(b, c.Media.URL, alt, files)
			}
		case ComponentMediaGallery:
			for _, it := range c.Items {
				alt := ""
				if it.Description != nil {
					alt = *it.Description
				}
				writeImage(b, it.Media.URL, alt, files)
			}
		case ComponentFile:
			if c.File != nil {
				fmt.Fprintf(b, "<div class=\"meta\">file %s</div>", html.EscapeString(c.File.URL))
			}
		case ComponentSeparator:
			b.WriteString("<hr>")
		case ComponentContainer:
			b.WriteString("<div class=\"container\">")
			writeComponents(b, c.Components, files)
			b.WriteString("</div>\n")
		}
	}
}

// writeImage writes a picture a component shows: an attachment of the message, inlined,
// with its alt text.
func writeImage(b *strings.Builder, url, alt string, files map[string]File) {
	name, ok := strings.CutPrefix(url, "attachment://")
	f, have := files[name]
	if !ok || !have {
		fmt.Fprintf(b, "<div class=\"meta\">[picture %s: %s]</div>", html.EscapeString(url), html.EscapeString(alt))
		return
	}
	ct := f.ContentType
	if ct == "" {
		ct = "image/png"
	}
	fmt.Fprintf(b, "<div><img alt=\"%s\" title=\"%s\" src=\"data:%s;base64,%s\"></div>\n", html.EscapeString(alt), html.EscapeString(alt),
		html.EscapeString(ct), base64.StdEncoding.EncodeToString(f.Data))
}

var boldMarks = regexp.MustCompile(`\*\*(.+?)\*\*`)

// markdownHTML writes Discord Markdown as HTML, roughly: escaped, with bold kept.
func markdownHTML(s string) string {
	return boldMarks.ReplaceAllString(html.EscapeString(s), "<b>$1</b>")
}
