package present

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Components V2 messages (TableMessage, HandMessage, LobbyMessage and their closed forms)
// lay a table out as Discord's newer components: one container holding text, the pictures
// a Painter draws and the controls. Every picture has its words beside it, in a Text
// Display, and alt text (the scene's Alt), so that a screen reader, or a player who turns
// pictures off, misses nothing.

// Discord's limits on a Components V2 message, which every message here keeps to.
const (
	// maxComponents is the most components a message holds, nested ones counted: rows and
	// their buttons, containers and all they hold, sections with their texts and accessory.
	maxComponents = 40
	// maxText is the most characters of text across a message: its Text Displays, the
	// labels and placeholders of its controls, the options of its menus and the pictures'
	// alt text.
	maxText = 4000
	// maxFiles is the most files a message carries.
	maxFiles = 10
)

// Look says how messages show cards.
type Look struct {
	// Pictures attaches pictures, drawn by the Painter; false shows text only.
	Pictures bool
	// Deck is the colouring of the card faces, in pictures and emojis.
	Deck picture.Deck
	// Emojis maps a card's emoji name (picture.EmojiName) to the ID of the application's
	// emoji: with it, card buttons, the cards of a pass menu, and the cards of a hand and a
	// trick in text show the card faces; a card without an emoji (or nil Emojis) shows its
	// rank and suit symbol.
	Emojis map[string]string
}

// emoji returns the application emoji of card c, or nil when the look has none.
func (l Look) emoji(c engine.Card) *discordgo.ComponentEmoji {
	name := picture.EmojiName(c, l.Deck)
	id, ok := l.Emojis[name]
	if !ok || !isSnowflake(id) {
		return nil
	}
	return &discordgo.ComponentEmoji{Name: name, ID: id}
}

// face returns how the look writes a card in text: its emoji where it has one, else its
// symbol.
func (l Look) face() cardFace {
	if len(l.Emojis) == 0 {
		return engine.Card.Symbol
	}
	return func(c engine.Card) string {
		if e := l.emoji(c); e != nil {
			return "<:" + e.Name + ":" + e.ID + ">"
		}
		return c.Symbol()
	}
}

// isSnowflake reports whether s is a Discord ID: 1 to 20 decimal digits.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Message is a Components V2 message: its components and the files they show, each
// referenced by a component as attachment://name. It has no content and no embeds; the bot
// sends it with the flag discordgo.MessageFlagsIsComponentsV2 and no mentions allowed.
// Each file's Reader is a *bytes.Reader over a picture the Painter shares: rewind it (Seek)
// to send the message again, never write to it.
type Message struct {
	Components []discordgo.MessageComponent
	Files      []*discordgo.File
}

// Painter draws the pictures of messages and keeps the latest in a cache bounded in bytes,
// by the scene's Key; it is safe for concurrent use, and a picture in its cache costs a
// lookup. A nil *Painter draws nothing: messages are then text only.
type Painter struct {
	renderer *picture.Renderer
	cache    *picture.Cache
}

// NewPainter returns a painter whose cache holds up to cacheBytes of pictures (a table's
// picture is some tens of kilobytes).
func NewPainter(cacheBytes int64) (*Painter, error) {
	r, err := picture.NewRenderer()
	if err != nil {
		return nil, fmt.Errorf("present: painter: %w", err)
	}
	return &Painter{renderer: r, cache: picture.NewCache(cacheBytes)}, nil
}

// Cached returns the number of pictures the painter keeps and the bytes they count for.
func (p *Painter) Cached() (pictures int, bytes int64) { return p.cache.Len() }

// png returns the scene's picture, from the cache or drawn now, or nil when p is nil or
// the scene cannot be drawn (the message then keeps its words without the picture).
func (p *Painter) png(s picture.Scene) []byte {
	if p == nil {
		return nil
	}
	b, err := p.cache.PNG(p.renderer, s)
	if err != nil {
		return nil
	}
	return b
}

// shot is a picture a message may show: the file's name and the scene.
type shot struct {
	file  string
	scene picture.Scene
}

// draft is a Components V2 message before its pictures are drawn and its text is fitted to
// Discord's limit: one container of a heading, the pictures, the words and small print,
// then the controls.
type draft struct {
	colour int
	// head opens the message; body follows the pictures; foot is small print after it.
	head, body, foot string
	shots            []shot
	rows             []discordgo.MessageComponent
}

// drawn is a picture drawn for a message.
type drawn struct {
	file string
	png  []byte
	alt  string
}

// paint draws the draft's pictures when the look shows pictures.
func (d *draft) paint(p *Painter, look Look) []drawn {
	if !look.Pictures || p == nil {
		return nil
	}
	var out []drawn
	for _, s := range d.shots[:min(len(d.shots), maxFiles)] {
		if b := p.png(s.scene); b != nil {
			out = append(out, drawn{file: s.file, png: b, alt: s.scene.Alt()})
		}
	}
	return out
}

// over returns how many characters the draft with its pictures has beyond maxText (zero or
// less when it fits).
func (d *draft) over(pics []drawn) int {
	n := runes(d.head) + runes(d.body) + runes(d.foot) + controlsText(d.rows)
	for _, p := range pics {
		n += runes(p.alt)
	}
	return n - maxText
}

// Shortest lengths the text of a message is cut to, when it must be: the alt text stays
// a sentence, the body a few lines.
const (
	minAlt  = 120
	minBody = 200
)

// message fits the draft's text within maxText, cutting first the pictures' alt text (the
// words beside them say it all), then the body, then the heading, and lays it out.
func (d *draft) message(pics []drawn) Message {
	if over := d.over(pics); over > 0 {
		for i := range pics {
			over = shrink(&pics[i].alt, over, minAlt)
		}
		over = shrink(&d.body, over, minBody)
		over = shrink(&d.foot, over, 0)
		over = shrink(&d.head, over, 0)
		shrink(&d.body, over, 0)
	}
	colour := d.colour
	var items []discordgo.MessageComponent
	if d.head != "" {
		items = append(items, discordgo.TextDisplay{Content: d.head})
	}
	var msg Message
	if len(pics) > 0 {
		gallery := discordgo.MediaGallery{}
		for _, p := range pics {
			alt := p.alt
			gallery.Items = append(gallery.Items, discordgo.MediaGalleryItem{
				Media:       discordgo.UnfurledMediaItem{URL: "attachment://" + p.file},
				Description: &alt,
			})
			msg.Files = append(msg.Files, &discordgo.File{Name: p.file, ContentType: "image/png", Reader: bytes.NewReader(p.png)})
		}
		items = append(items, gallery)
	}
	for _, s := range []string{d.body, d.foot} {
		if strings.TrimSpace(s) != "" {
			items = append(items, discordgo.TextDisplay{Content: s})
		}
	}
	items = append(items, d.rows...)
	if len(items) == 0 {
		items = append(items, discordgo.TextDisplay{Content: "…"})
	}
	msg.Components = []discordgo.MessageComponent{discordgo.Container{AccentColor: &colour, Components: items}}
	return msg
}

// shrink cuts *s by up to over characters, to no fewer than keep, and returns how many
// characters are still over.
func shrink(s *string, over, keep int) int {
	n := runes(*s)
	if over <= 0 || n <= keep {
		return over
	}
	to := max(keep, n-over)
	*s = words.Truncate(*s, to)
	return over - (n - runes(*s))
}

// runes counts the characters of s, as Discord counts them.
func runes(s string) int { return utf8.RuneCountInString(s) }

// controlsText counts the characters of text controls show: button labels, menus'
// placeholders and their options' labels and descriptions.
func controlsText(rows []discordgo.MessageComponent) int {
	n := 0
	for _, r := range rows {
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			switch x := c.(type) {
			case discordgo.Button:
				n += runes(x.Label)
			case discordgo.SelectMenu:
				n += runes(x.Placeholder)
				for _, o := range x.Options {
					n += runes(o.Label) + runes(o.Description)
				}
			}
		}
	}
	return n
}

// withCardFaces returns the rows with their cards shown as the look's emojis: a card
// button shows its card's emoji (and "×2" for two copies) instead of its symbol, the Play
// button of a chosen card its emoji after "Play", and the options of a pass menu their
// cards' emojis beside their symbols. Custom IDs, values and styles stay as they are.
func (l Look) withCardFaces(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	if len(l.Emojis) == 0 {
		return rows
	}
	out := make([]discordgo.MessageComponent, len(rows))
	for i, r := range rows {
		out[i] = r
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		comps := make([]discordgo.MessageComponent, len(row.Components))
		for j, c := range row.Components {
			switch x := c.(type) {
			case discordgo.Button:
				comps[j] = l.cardButton(x)
			case discordgo.SelectMenu:
				comps[j] = l.cardMenu(x)
			default:
				comps[j] = c
			}
		}
		out[i] = discordgo.ActionsRow{ID: row.ID, Components: comps}
	}
	return out
}

// cardButton returns b showing its card's emoji, when it is a card's button and the card
// has one.
func (l Look) cardButton(b discordgo.Button) discordgo.Button {
	id, err := commands.ParseID(b.CustomID)
	if err != nil || (id.Action != commands.ActCard && id.Action != commands.ActPlayCard) {
		return b
	}
	c, err := engine.ParseCard(id.Arg)
	if err != nil {
		return b
	}
	sym := c.Symbol()
	e := l.emoji(c)
	if e == nil || !strings.Contains(b.Label, sym) {
		return b // a card played already ("·"), or a card without an emoji
	}
	b.Emoji = e
	b.Label = strings.TrimSpace(strings.Replace(b.Label, sym, "", 1))
	return b
}

// cardMenu returns m with each card option showing its card's emoji.
func (l Look) cardMenu(m discordgo.SelectMenu) discordgo.SelectMenu {
	opts := make([]discordgo.SelectMenuOption, len(m.Options))
	for i, o := range m.Options {
		code, _, _ := strings.Cut(o.Value, "#")
		if c, err := engine.ParseCard(code); err == nil && o.Emoji == nil {
			o.Emoji = l.emoji(c)
		}
		opts[i] = o
	}
	m.Options = opts
	return m
}

// paragraphs writes fields as paragraphs of a Text Display: each field's name in bold on a
// line of its own, then its value.
func paragraphs(fields []field) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("**" + f.name + "**\n" + f.value)
	}
	return b.String()
}

// smallPrint writes s as Markdown's subtext, a line at a time.
func smallPrint(s string) string {
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = "-# " + l
	}
	return strings.Join(lines, "\n")
}

// userMention mentions a user by ID; an ID that is not a snowflake is written as text.
func userMention(id string) string {
	if isSnowflake(id) {
		return "<@" + id + ">"
	}
	return Escape(id)
}
