package fakediscord_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

func dataURI(contentType string, data []byte) string {
	return "data:" + contentType + ";base64," + base64.StdEncoding.EncodeToString(data)
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	f := pngFile("x.png")
	b, err := io.ReadAll(f.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func gifBytes(t *testing.T, frames int) []byte {
	t.Helper()
	g := &gif.GIF{}
	for i := range frames {
		img := image.NewPaletted(image.Rect(0, 0, 4, 4), palette.Plan9)
		img.Set(i%4, 0, color.White)
		g.Image = append(g.Image, img)
		g.Delay = append(g.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bigPNG is a valid PNG of more than 256 KiB.
func bigPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 300, 300))
	seed := uint32(1)
	for i := range img.Pix {
		seed = seed*1664525 + 1013904223
		img.Pix[i] = byte(seed >> 24)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if buf.Len() <= 256<<10 {
		t.Fatalf("big PNG of %d bytes", buf.Len())
	}
	return buf.Bytes()
}

// TestAppEmojis: the application's own emojis, as discordgo manages them: made, listed
// (under "items"), read, renamed and deleted; a GIF of several frames is animated.
func TestAppEmojis(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	app := srv.AppID()
	png := dataURI("image/png", pngBytes(t))
	qs, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "card_QS", Image: png})
	if err != nil {
		t.Fatal(err)
	}
	anim, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "shuffle", Image: dataURI("image/gif", gifBytes(t, 3))})
	if err != nil {
		t.Fatal(err)
	}
	still, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "still_gif", Image: dataURI("image/gif", gifBytes(t, 1))})
	if err != nil {
		t.Fatal(err)
	}
	if qs.ID == "" || qs.Name != "card_QS" || qs.Animated || !anim.Animated || still.Animated || qs.User == nil || qs.User.ID != srv.BotUser().ID {
		t.Errorf("made %+v, %+v, %+v", qs, anim, still)
	}
	list, err := bot.ApplicationEmojis(app)
	if err != nil || len(list) != 3 || list[0].ID != qs.ID || list[1].Name != "shuffle" {
		t.Fatalf("listed %v, %v", list, err)
	}
	if got, err := bot.ApplicationEmoji(app, qs.ID); err != nil || got.Name != "card_QS" {
		t.Errorf("read %+v, %v", got, err)
	}
	if got, err := bot.ApplicationEmojiEdit(app, qs.ID, &discordgo.EmojiParams{Name: "card_queen_spades"}); err != nil || got.Name != "card_queen_spades" {
		t.Errorf("renamed %+v, %v", got, err)
	}
	// Renaming an emoji to its own name changes nothing and is accepted.
	if _, err := bot.ApplicationEmojiEdit(app, qs.ID, &discordgo.EmojiParams{Name: "card_queen_spades"}); err != nil {
		t.Errorf("renamed to its own name: %v", err)
	}
	if err := bot.ApplicationEmojiDelete(app, anim.ID); err != nil {
		t.Fatal(err)
	}
	_, err = bot.ApplicationEmoji(app, anim.ID)
	if re := restErr(t, err); re.Response.StatusCode != 404 || re.Message.Code != 10014 {
		t.Errorf("a deleted emoji: %d %d, want 404 10014", re.Response.StatusCode, re.Message.Code)
	}
	got := srv.AppEmojis()
	if len(got) != 2 || got[0].Name != "card_queen_spades" || !bytes.Equal(got[0].Image, pngBytes(t)) || got[1].ContentType != "image/gif" {
		t.Errorf("AppEmojis() = %d emojis", len(got))
	}
	noProblems(t, srv)
}

// TestAppEmojisRefused: what Discord refuses of an application's emojis: a name that is not
// 2 to 32 letters, digits or underscores, or is taken; an image that is not a data URI of
// PNG, JPEG, GIF, WebP or AVIF, or not what it says, or over 256 KiB (400, 50035); an
// emoji past the application's limit (400, 30008); an unknown emoji (404, 10014) or
// application (404, 10002).
func TestAppEmojisRefused(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{AppEmojiLimit: 3})
	sp, _ := loadSpec()
	bot := restSession(t, srv, srv.Token())
	app := srv.AppID()
	png := dataURI("image/png", pngBytes(t))
	taken, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "taken", Image: png})
	if err != nil {
		t.Fatal(err)
	}
	other, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "other", Image: png})
	if err != nil {
		t.Fatal(err)
	}
	refused := []struct {
		name   string
		do     func() error
		status int
		code   int
		want   string
		spec   bool // Discord's OpenAPI document refuses it too (and so first)
	}{
		{"a name of one character", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "a", Image: png})
			return err
		}, 400, 50035, `name "a"`, true},
		{"a name of 33 characters", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: strings.Repeat("a", 33), Image: png})
			return err
		}, 400, 50035, "letters, digits or underscores", true},
		{"a name with a dash", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "queen-spades", Image: png})
			return err
		}, 400, 50035, `name "queen-spades"`, false},
		{"a name taken", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "taken", Image: png})
			return err
		}, 400, 50035, "already has an emoji of that name", false},
		{"a rename to a name taken", func() error {
			_, err := bot.ApplicationEmojiEdit(app, other.ID, &discordgo.EmojiParams{Name: "taken"})
			return err
		}, 400, 50035, "already has an emoji of that name", false},
		{"an image that is not a data URI", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "url", Image: "https://example.com/a.png"})
			return err
		}, 400, 50035, "not a base64 data URI", false},
		{"an SVG", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "svg", Image: dataURI("image/svg+xml", []byte("<svg/>"))})
			return err
		}, 400, 50035, `type "image/svg+xml"`, false},
		{"a PNG said to be a JPEG", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "liar", Image: dataURI("image/jpeg", pngBytes(t))})
			return err
		}, 400, 50035, "the data is not image/jpeg", false},
		{"an image over 256 KiB", func() error {
			_, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "big", Image: dataURI("image/png", bigPNG(t))})
			return err
		}, 400, 50035, "(256 KiB)", false},
		{"an unknown emoji", func() error {
			_, err := bot.ApplicationEmoji(app, "1234567890123456789")
			return err
		}, 404, 10014, "", false},
		{"an unknown application", func() error {
			_, err := bot.ApplicationEmojis(srv.BotUser().ID)
			return err
		}, 404, 10002, "unknown application", false},
	}
	for _, tc := range refused {
		re := restErr(t, tc.do())
		if re.Response.StatusCode != tc.status || re.Message.Code != tc.code {
			t.Errorf("%s: %d %d, want %d %d", tc.name, re.Response.StatusCode, re.Message.Code, tc.status, tc.code)
		}
		switch {
		case tc.want == "":
			noProblems(t, srv)
		case tc.spec && sp != nil:
			wantProblem(t, srv, tc.want, "(Discord's OpenAPI document)")
		default:
			wantProblem(t, srv, tc.want)
		}
	}

	// The limit: the third emoji is the last.
	if _, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "third", Image: png}); err != nil {
		t.Fatal(err)
	}
	_, err = bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "fourth", Image: png})
	if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != 30008 {
		t.Errorf("past the limit: %d %d, want 400 30008", re.Response.StatusCode, re.Message.Code)
	}
	wantProblem(t, srv, "already owns 3 emojis")
	if n := len(srv.AppEmojis()); n != 3 || srv.AppEmojis()[0].ID != taken.ID {
		t.Errorf("%d emojis", n)
	}
	// Deleting one makes room.
	if err := bot.ApplicationEmojiDelete(app, other.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: "fourth", Image: png}); err != nil {
		t.Errorf("after a deletion: %v", err)
	}
	noProblems(t, srv)
}
