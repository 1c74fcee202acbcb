package fakediscord_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

const v2 = discordgo.MessageFlagsIsComponentsV2

// v2Fixture is a fake Discord with the commands an interaction needs, a user to click,
// and the bot's REST session.
type v2Fixture struct {
	srv   *fakediscord.Server
	clk   *fakediscord.ManualClock
	bot   *discordgo.Session
	user  fakediscord.User
	guild string
	spec  bool
}

func newV2Fixture(t *testing.T, opts fakediscord.Options) *v2Fixture {
	t.Helper()
	srv, clk := newFake(t, opts)
	sp, _ := loadSpec()
	return startV2Fixture(t, srv, clk, sp != nil)
}

// newV2FixtureOwn is a v2Fixture without Discord's OpenAPI document, which holds requests
// to the fake's own checks alone, as in a clone without the Discord specification beside it.
func newV2FixtureOwn(t *testing.T) *v2Fixture {
	t.Helper()
	clk := fakediscord.NewManualClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	return startV2Fixture(t, fakediscord.New(t, fakediscord.Options{Clock: clk}), clk, false)
}

func startV2Fixture(t *testing.T, srv *fakediscord.Server, clk *fakediscord.ManualClock, spec bool) *v2Fixture {
	t.Helper()
	// Interactions are delivered to a gateway session; the test answers them over REST.
	bot, ev := openBot(t, srv, nil)
	recv(t, testContext(t), ev.ready, "READY")
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", tableCommands); err != nil {
		t.Fatal(err)
	}
	return &v2Fixture{srv: srv, clk: clk, bot: bot, user: srv.NewUser("ana"), guild: srv.DefaultGuild().ID, spec: spec}
}

// channel returns a new channel, so that each message keeps within a channel's 5 a window.
func (f *v2Fixture) channel(t *testing.T) string {
	t.Helper()
	c, err := f.srv.AddChannel(f.guild, "v2")
	if err != nil {
		t.Fatal(err)
	}
	return c.ID
}

// interaction injects a slash command in ch and returns it as the bot knows it.
func (f *v2Fixture) interaction(t *testing.T, ch string) *discordgo.Interaction {
	t.Helper()
	h, err := f.srv.SlashCommand(f.user, f.guild, ch, "pinochle", fakediscord.Sub("help"))
	if err != nil {
		t.Fatal(err)
	}
	return &discordgo.Interaction{ID: h.ID(), Token: h.Interaction().Token, AppID: f.srv.AppID()}
}

// click injects a click on button customID of message mid.
func (f *v2Fixture) click(t *testing.T, mid, customID string) *discordgo.Interaction {
	t.Helper()
	h, err := f.srv.Click(f.user, mid, customID)
	if err != nil {
		t.Fatal(err)
	}
	return &discordgo.Interaction{ID: h.ID(), Token: h.Interaction().Token, AppID: f.srv.AppID()}
}

// v2Body is what a test sends as a Components V2 message, new or as an edit.
type v2Body struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      func() []*discordgo.File
}

func (b v2Body) fileList() []*discordgo.File {
	if b.files == nil {
		return nil
	}
	return b.files()
}

func (b v2Body) edit() (content *string, embeds *[]*discordgo.MessageEmbed, components *[]discordgo.MessageComponent) {
	if b.content != "" {
		content = &b.content
	}
	if b.embeds != nil {
		embeds = &b.embeds
	}
	if b.components != nil {
		components = &b.components
	}
	return content, embeds, components
}

// baseV2 is a valid Components V2 message with a button "go", which the edit routes edit.
func baseV2() []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.Container{Components: []discordgo.MessageComponent{
		discordgo.TextDisplay{Content: "the table"},
		row(button("Go", "go")),
	}}}
}

// v2Route sends a Components V2 body one way Discord takes messages: new, or as an edit
// of a Components V2 message it makes first. It returns the message's ID when accepted.
type v2Route struct {
	name string
	send func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error)
}

var v2Routes = []v2Route{
	{"channel message", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: b.content, Embeds: b.embeds, Components: b.components, Files: b.fileList(), Flags: v2})
		if err != nil {
			return "", err
		}
		return m.ID, nil
	}},
	{"interaction answer", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		i := f.interaction(t, ch)
		err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: b.content, Embeds: b.embeds, Components: b.components, Files: b.fileList(), Flags: v2}})
		if err != nil {
			return "", err
		}
		m, err := f.bot.InteractionResponse(i)
		if err != nil {
			t.Fatal(err)
		}
		return m.ID, nil
	}},
	{"follow-up", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		i := f.interaction(t, ch)
		if err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "first"}}); err != nil {
			t.Fatal(err)
		}
		m, err := f.bot.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: b.content, Embeds: b.embeds, Components: b.components, Files: b.fileList(), Flags: v2})
		if err != nil {
			return "", err
		}
		return m.ID, nil
	}},
	{"channel edit", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Components: baseV2(), Flags: v2})
		if err != nil {
			t.Fatal(err)
		}
		content, embeds, components := b.edit()
		_, err = f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Content: content, Embeds: embeds, Components: components, Files: b.fileList()})
		return m.ID, err
	}},
	{"edit of an answer", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		i := f.interaction(t, ch)
		if err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Components: baseV2(), Flags: v2}}); err != nil {
			t.Fatal(err)
		}
		content, embeds, components := b.edit()
		m, err := f.bot.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: content, Embeds: embeds, Components: components, Files: b.fileList()})
		if err != nil {
			return "", err
		}
		return m.ID, nil
	}},
	{"update on a click", func(t *testing.T, f *v2Fixture, ch string, b v2Body) (string, error) {
		m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Components: baseV2(), Flags: v2})
		if err != nil {
			t.Fatal(err)
		}
		i := f.click(t, m.ID, "go")
		return m.ID, f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: b.content, Embeds: b.embeds, Components: b.components, Files: b.fileList()}})
	}},
}

func texts(n int, s string) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, n)
	for i := range out {
		out[i] = discordgo.TextDisplay{Content: s}
	}
	return out
}

func gallery(n int) []discordgo.MediaGalleryItem {
	out := make([]discordgo.MediaGalleryItem, n)
	for i := range out {
		out[i] = discordgo.MediaGalleryItem{Media: discordgo.UnfurledMediaItem{URL: fmt.Sprintf("https://example.com/%d.png", i)}}
	}
	return out
}

func container(cs ...discordgo.MessageComponent) discordgo.Container {
	return discordgo.Container{Components: cs}
}

// pngFile is a small PNG picture to upload.
func pngFile(name string) *discordgo.File {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: &buf}
}

func textFile(name, text string) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "text/plain", Reader: strings.NewReader(text)}
}

// fullV2 is a valid Components V2 message with every kind of component, showing its two
// files: a picture as a section's thumbnail and in a gallery, a text file.
func fullV2() v2Body {
	alt := "the queen of spades"
	return v2Body{
		components: []discordgo.MessageComponent{
			discordgo.TextDisplay{Content: "# Table 7\nana bids 250"},
			container(
				discordgo.Section{
					Components: []discordgo.MessageComponent{discordgo.TextDisplay{Content: "trick 3"}},
					Accessory:  discordgo.Thumbnail{Media: discordgo.UnfurledMediaItem{URL: "attachment://card.png"}, Description: &alt},
				},
				discordgo.Separator{},
				discordgo.MediaGallery{Items: []discordgo.MediaGalleryItem{{Media: discordgo.UnfurledMediaItem{URL: "attachment://card.png"}, Description: &alt}}},
				discordgo.FileComponent{File: discordgo.UnfurledMediaItem{URL: "attachment://rules.txt"}},
				row(button("Go", "go"), button("Pass", "pass")),
			),
			discordgo.Section{
				Components: []discordgo.MessageComponent{discordgo.TextDisplay{Content: "your turn"}},
				Accessory:  button("Hint", "hint"),
			},
		},
		files: func() []*discordgo.File {
			return []*discordgo.File{pngFile("card.png"), textFile("rules.txt", "rules")}
		},
	}
}

// TestComponentsV2Accepted: valid Components V2 messages, as discordgo v0.29 sends them,
// pass on every route, Discord's OpenAPI document included; the fake keeps their
// components, numbers them as Discord does, and their buttons can be clicked.
func TestComponentsV2Accepted(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	x := strings.Repeat
	// 40 components: a container and 39 text displays; 4,000 characters of text.
	forty := v2Body{components: []discordgo.MessageComponent{container(texts(39, "t")...)}}
	text := v2Body{components: append(texts(1, x("é", 3995)), container(row(button("Go", "go")), discordgo.TextDisplay{Content: "abc"}))}
	for _, r := range v2Routes {
		for _, b := range []struct {
			name string
			body v2Body
		}{{"every kind of component", fullV2()}, {"40 components", forty}, {"4,000 characters", text}} {
			ch := f.channel(t)
			id, err := r.send(t, f, ch, b.body)
			if err != nil {
				t.Errorf("%s, %s: %v", r.name, b.name, err)
				continue
			}
			m, _ := f.srv.Message(id)
			if m.Flags&fakediscord.FlagComponentsV2 == 0 || m.Content != "" || len(m.Components) != len(b.body.components) {
				t.Errorf("%s, %s: stored flags %d, content %q, %d components", r.name, b.name, m.Flags, m.Content, len(m.Components))
			}
		}
		noProblems(t, f.srv)
	}

	// What the fake keeps of the full message: every component, numbered, its files.
	ch := f.channel(t)
	id, err := v2Routes[0].send(t, f, ch, fullV2())
	if err != nil {
		t.Fatal(err)
	}
	m, _ := f.srv.Message(id)
	c := m.Components[1]
	if c.Type != fakediscord.ComponentContainer || len(c.Components) != 5 || c.Components[0].Accessory == nil ||
		c.Components[0].Accessory.Media.URL != "attachment://card.png" || c.Components[2].Items[0].Media.URL != "attachment://card.png" ||
		c.Components[3].File.URL != "attachment://rules.txt" {
		t.Errorf("container stored as %+v", c)
	}
	seen := map[int]bool{}
	for _, id := range componentIDs(m.Components) {
		if id == 0 || seen[id] {
			t.Errorf("component ids %v, want every one set and unique", componentIDs(m.Components))
			break
		}
		seen[id] = true
	}
	if len(m.Attachments) != 2 || m.Attachments[0].Filename != "card.png" || len(m.Files) != 2 || m.Files[1].Name != "rules.txt" {
		t.Errorf("attachments %+v, files %d", m.Attachments, len(m.Files))
	}
	if controls := m.Controls(); len(controls) != 3 || controls[2].CustomID != "hint" {
		t.Errorf("controls %+v, want go, pass and the section's hint", controls)
	}
	// A button in a container and a section's accessory are clicked as Discord's client
	// would.
	for _, id := range []string{"go", "hint"} {
		if _, err := f.srv.Click(f.user, m.ID, id); err != nil {
			t.Errorf("click %s: %v", id, err)
		}
	}
	f.srv.TakeProblems() // the clicks are not answered: not what is tested
	// discordgo reads the stored message back.
	got, err := f.bot.ChannelMessage(ch, m.ID)
	if err != nil || len(got.Components) != 3 {
		t.Fatalf("read back: %v, %d components", err, len(got.Components))
	}
	if ct, ok := got.Components[1].(*discordgo.Container); !ok || len(ct.Components) != 5 {
		t.Errorf("read back component 1 as %T", got.Components[1])
	}
}

func componentIDs(cs []fakediscord.Component) []int {
	var out []int
	for _, c := range cs {
		out = append(out, c.ID)
		out = append(out, componentIDs(c.Components)...)
		if c.Accessory != nil {
			out = append(out, componentIDs([]fakediscord.Component{*c.Accessory})...)
		}
	}
	return out
}

// TestComponentsV2Refused: what Discord refuses of a Components V2 message it refuses on
// every route (a new channel message, an interaction's answer, a follow-up, an edit by
// the channel, an edit of an answer, an update on a click), with 400 and code 50035, and
// the message is left as it was.
func TestComponentsV2Refused(t *testing.T) {
	t.Parallel()
	t.Run("own checks", func(t *testing.T) {
		t.Parallel()
		testComponentsV2Refused(t, newV2FixtureOwn(t))
	})
	t.Run("with Discord's OpenAPI document", func(t *testing.T) {
		t.Parallel()
		if sp, err := testSpec(t); sp == nil {
			t.Skipf("skipped: %v", err)
		}
		testComponentsV2Refused(t, newV2Fixture(t, fakediscord.Options{}))
	})
}

func testComponentsV2Refused(t *testing.T, f *v2Fixture) {
	x := strings.Repeat
	missing := v2Body{components: []discordgo.MessageComponent{discordgo.MediaGallery{Items: []discordgo.MediaGalleryItem{
		{Media: discordgo.UnfurledMediaItem{URL: "attachment://missing.png"}}}}},
		files: func() []*discordgo.File { return []*discordgo.File{pngFile("card.png")} }}
	refused := []struct {
		name string
		body v2Body
		want string
		// spec is set when Discord's OpenAPI document refuses it too (and so first).
		spec bool
	}{
		{"content", v2Body{content: "hello", components: texts(1, "t")}, "content with IS_COMPONENTS_V2", false},
		{"an embed", v2Body{embeds: embeds(1, "d"), components: texts(1, "t")}, "embeds with IS_COMPONENTS_V2", false},
		{"41 components, nested ones counted", v2Body{components: []discordgo.MessageComponent{container(texts(40, "t")...)}},
			"41 components in all, nested ones counted (max 40)", false},
		{"41 components in action rows", v2Body{components: []discordgo.MessageComponent{
			row(buttons(5, "a")...), row(buttons(5, "b")...), row(buttons(5, "c")...), row(buttons(5, "d")...),
			row(buttons(5, "e")...), row(buttons(5, "f")...), row(buttons(5, "g")...), texts(1, "t")[0]}},
			"43 components in all", false},
		{"4,001 characters of text", v2Body{components: append(texts(2, x("t", 2000)), discordgo.TextDisplay{Content: "!"})},
			"components hold 4001 characters of text (max 4000)", false},
		{"a button's label counted in the text", v2Body{components: []discordgo.MessageComponent{
			discordgo.TextDisplay{Content: x("t", 3995)}, row(button("Pass!!", "p"))}},
			"components hold 4001 characters of text", false},
		{"a button at the top level", v2Body{components: []discordgo.MessageComponent{button("Go", "go2")}},
			"cannot be a top-level component", true},
		{"a thumbnail at the top level", v2Body{components: []discordgo.MessageComponent{
			discordgo.Thumbnail{Media: discordgo.UnfurledMediaItem{URL: "https://example.com/a.png"}}}},
			"cannot be a top-level component", true},
		{"a section without accessory", v2Body{components: []discordgo.MessageComponent{discordgo.Section{Components: texts(1, "t")}}},
			"section without an accessory", true},
		{"a section of four texts", v2Body{components: []discordgo.MessageComponent{discordgo.Section{Components: texts(4, "t"), Accessory: button("Go", "go2")}}},
			"section holds 4 components", true},
		{"a repeated custom_id", v2Body{components: []discordgo.MessageComponent{row(button("A", "same")), container(row(button("B", "same")))}},
			`custom_id "same" is not unique`, false},
		{"a file component showing a link", v2Body{components: []discordgo.MessageComponent{
			discordgo.FileComponent{File: discordgo.UnfurledMediaItem{URL: "https://example.com/rules.txt"}}}},
			"a file component shows an uploaded file", false},
		{"a picture that was not uploaded", missing, `attachment://missing.png: the message has no file "missing.png"`, false},
		{"a repeated component id", v2Body{components: []discordgo.MessageComponent{
			discordgo.Separator{ID: 7}, container(discordgo.TextDisplay{Content: "t"}), discordgo.Separator{ID: 7}}},
			"component id 7 is not unique", false},
		{"a gallery of 11 pictures", v2Body{components: []discordgo.MessageComponent{discordgo.MediaGallery{Items: gallery(11)}}},
			"media gallery of 11 items (want 1-10)", true},
		{"alt text of 1025", v2Body{components: []discordgo.MessageComponent{discordgo.MediaGallery{Items: []discordgo.MediaGalleryItem{
			{Media: discordgo.UnfurledMediaItem{URL: "https://example.com/a.png"}, Description: ptr(x("a", 1025))}}}}},
			"alt text is 1025 characters (max 1024)", true},
		{"an empty container", v2Body{components: []discordgo.MessageComponent{container()}}, "empty container", true},
		{"a text display without text", v2Body{components: texts(1, "")}, "text display without content", true},
		{"an accent colour beyond RGB", v2Body{components: []discordgo.MessageComponent{
			discordgo.Container{AccentColor: ptr(0x1000000), Components: texts(1, "t")}}},
			"is not an RGB colour", true},
	}
	for _, r := range v2Routes {
		for _, tc := range refused {
			ch := f.channel(t)
			id, err := r.send(t, f, ch, tc.body)
			what := r.name + ", " + tc.name
			if err == nil {
				t.Errorf("%s: accepted", what)
				f.srv.TakeProblems()
				continue
			}
			if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != 50035 {
				t.Errorf("%s: %d %d, want 400 50035", what, re.Response.StatusCode, re.Message.Code)
			}
			if tc.spec && f.spec {
				wantProblem(t, f.srv, tc.want, "(Discord's OpenAPI document)")
			} else {
				wantProblem(t, f.srv, tc.want)
			}
			if m, ok := f.srv.Message(id); id != "" && ok && (len(m.Components) != 1 || m.Content != "" || m.EditedTimestamp != nil) {
				t.Errorf("%s: the message was changed: %+v", what, m)
			}
		}
	}
}

// TestComponentsV2Flag: an edit cannot take IS_COMPONENTS_V2 off a message (400, 50035) on
// any edit route; it can put it on a message without it, provided the edit also empties the
// content and embeds Discord then refuses; and a message without the flag cannot hold the
// components that need it.
func TestComponentsV2Flag(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	ch := f.channel(t)
	m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Components: baseV2(), Flags: v2})
	if err != nil {
		t.Fatal(err)
	}
	i := f.interaction(t, ch)
	if err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Components: baseV2(), Flags: v2}}); err != nil {
		t.Fatal(err)
	}
	// discordgo's WebhookEdit has no flags: the edit of an answer is sent as JSON.
	webhook := fmt.Sprintf("/webhooks/%s/%s/messages/@original", f.srv.AppID(), i.Token)
	removals := []struct {
		name string
		send func() (int, int)
	}{
		{"channel edit", func() (int, int) {
			_, err := f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Flags: discordgo.MessageFlagsSuppressEmbeds})
			re := restErr(t, err)
			return re.Response.StatusCode, re.Message.Code
		}},
		{"edit of an answer", func() (int, int) {
			return rawRequest(t, f.srv, "PATCH", webhook, "application/json", []byte(`{"flags":0}`))
		}},
		{"update on a click", func() (int, int) {
			err := f.bot.InteractionRespond(f.click(t, m.ID, "go"), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsSuppressEmbeds}})
			re := restErr(t, err)
			return re.Response.StatusCode, re.Message.Code
		}},
	}
	for _, tc := range removals {
		if status, code := tc.send(); status != 400 || code != 50035 {
			t.Errorf("%s taking the flag off: %d %d, want 400 50035", tc.name, status, code)
		}
		wantProblem(t, f.srv, "IS_COMPONENTS_V2 cannot be removed")
	}
	if got, _ := f.srv.Message(m.ID); got.Flags&fakediscord.FlagComponentsV2 == 0 || got.EditedTimestamp != nil {
		t.Errorf("after refused edits: flags %d, edited %v", got.Flags, got.EditedTimestamp)
	}

	// Putting the flag on a message without it: refused while the content stays,
	// accepted once the edit empties it.
	old, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "the table", Components: []discordgo.MessageComponent{row(button("Go", "go"))}})
	if err != nil {
		t.Fatal(err)
	}
	components := baseV2()
	_, err = f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: old.ID, Components: &components, Flags: v2})
	if re := restErr(t, err); re.Message.Code != 50035 {
		t.Errorf("setting the flag over content: code %d, want 50035", re.Message.Code)
	}
	wantProblem(t, f.srv, "content with IS_COMPONENTS_V2")
	if _, err := f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: old.ID, Content: ptr(""), Components: &components, Flags: v2}); err != nil {
		t.Errorf("setting the flag and emptying the content: %v", err)
	}
	if got, _ := f.srv.Message(old.ID); got.Flags&fakediscord.FlagComponentsV2 == 0 || got.Content != "" {
		t.Errorf("after setting the flag: flags %d, content %q", got.Flags, got.Content)
	}

	// Without the flag, Components V2's components are refused where messages are made.
	for _, r := range []struct {
		name string
		send func() error
	}{
		{"channel message", func() error {
			_, err := f.bot.ChannelMessageSendComplex(f.channel(t), &discordgo.MessageSend{Components: baseV2()})
			return err
		}},
		{"interaction answer", func() error {
			return f.bot.InteractionRespond(f.interaction(t, ch), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Components: baseV2()}})
		}},
	} {
		if re := restErr(t, r.send()); re.Message.Code != 50035 {
			t.Errorf("%s without the flag: code %d, want 50035", r.name, re.Message.Code)
		}
		wantProblem(t, f.srv, "top-level component 0 has type 17, want an action row")
	}
	noProblems(t, f.srv)
}
