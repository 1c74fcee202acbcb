package fakediscord_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

func buttons(n int, prefix string) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, n)
	for i := range out {
		out[i] = button("B", fmt.Sprintf("%s%d", prefix, i))
	}
	return out
}

func rows(n int) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, n)
	for i := range out {
		out[i] = row(button("B", fmt.Sprint("r", i)))
	}
	return out
}

func options(n int) []discordgo.SelectMenuOption {
	out := make([]discordgo.SelectMenuOption, n)
	for i := range out {
		out[i] = discordgo.SelectMenuOption{Label: fmt.Sprint(i), Value: fmt.Sprint(i)}
	}
	return out
}

func embeds(n int, description string) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, n)
	for i := range out {
		out[i] = &discordgo.MessageEmbed{Description: description}
	}
	return out
}

func fields(n int, value string) []*discordgo.MessageEmbedField {
	out := make([]*discordgo.MessageEmbedField, n)
	for i := range out {
		out[i] = &discordgo.MessageEmbedField{Name: "n", Value: value}
	}
	return out
}

// TestLimits: the fake's own checks of Discord's documented limits, which hold without
// Discord's OpenAPI document (a clone on its own) and catch what its schemas do not
// carry; with the document, each refused message is refused still, by one or the other.
func TestLimits(t *testing.T) {
	t.Parallel()
	t.Run("own checks", func(t *testing.T) {
		t.Parallel()
		clk := fakediscord.NewManualClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
		testLimits(t, fakediscord.New(t, fakediscord.Options{Clock: clk}), false)
	})
	t.Run("with Discord's OpenAPI document", func(t *testing.T) {
		t.Parallel()
		sp, err := testSpec(t)
		if err != nil {
			t.Skipf("skipped: %v", err)
		}
		srv, _ := newFake(t, fakediscord.Options{Spec: sp})
		testLimits(t, srv, true)
	})
}

func testLimits(t *testing.T, srv *fakediscord.Server, spec bool) {
	bot := restSession(t, srv, srv.Token())
	x := strings.Repeat

	refused := []struct {
		name string
		msg  discordgo.MessageSend
		code int
		want string
	}{
		{"six action rows", discordgo.MessageSend{Components: rows(6)}, 50035, "6 action rows (max 5)"},
		{"six buttons in a row", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(buttons(6, "b")...)}}, 50035, "action row 0 has 6 buttons (max 5)"},
		{"select beside a button", discordgo.MessageSend{Components: []discordgo.MessageComponent{
			row(discordgo.SelectMenu{CustomID: "s", Options: options(2)}, button("B", "b")),
		}}, 50035, "must be alone in its row"},
		{"select with 26 options", discordgo.MessageSend{Components: []discordgo.MessageComponent{
			row(discordgo.SelectMenu{CustomID: "s", Options: options(26)}),
		}}, 50035, "select has 26 options"},
		{"custom_id of 101", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("B", x("c", 101)))}}, 50035, "custom_id is 101 characters (max 100)"},
		{"repeated custom_id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button("B", "a")), row(button("C", "a"))}}, 50035, `custom_id "a" is not unique`},
		{"button without custom_id", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.Button{Label: "B", Style: discordgo.PrimaryButton})}}, 50035, "missing custom_id"},
		{"label of 81", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(button(x("l", 81), "b"))}}, 50035, "button label is 81 characters (max 80)"},
		{"text input in a message", discordgo.MessageSend{Components: []discordgo.MessageComponent{row(discordgo.TextInput{CustomID: "t", Label: "T", Style: discordgo.TextInputShort})}}, 50035, "text input outside a modal"},
		{"content of 2001", discordgo.MessageSend{Content: x("é", 2001)}, 50035, "content is 2001 characters (max 2000)"},
		{"eleven embeds", discordgo.MessageSend{Embeds: embeds(11, "d")}, 50035, "11 embeds (max 10)"},
		{"description of 4097", discordgo.MessageSend{Embeds: embeds(1, x("d", 4097))}, 50035, "description is 4097 characters (max 4096)"},
		{"title of 257", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: x("t", 257)}}}, 50035, "title is 257 characters (max 256)"},
		{"26 fields", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Fields: fields(26, "v")}}}, 50035, "has 26 fields (max 25)"},
		{"field value of 1025", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Fields: fields(1, x("v", 1025))}}}, 50035, "value is 1025 characters (max 1024)"},
		{"footer of 2049", discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Footer: &discordgo.MessageEmbedFooter{Text: x("f", 2049)}}}}, 50035, "footer is 2049 characters (max 2048)"},
		// 2 × 3001 = 6002 characters across embeds.
		{"embeds over 6000 in total", discordgo.MessageSend{Embeds: embeds(2, x("d", 3001))}, 50035, "embeds total 6002 characters (max 6000)"},
		{"empty message", discordgo.MessageSend{}, 50006, "empty message"},
	}
	for _, tc := range refused {
		ch, err := srv.AddChannel(srv.DefaultGuild().ID, "limits")
		if err != nil {
			t.Fatal(err)
		}
		_, err = bot.ChannelMessageSendComplex(ch.ID, &tc.msg)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		re := restErr(t, err)
		if re.Response.StatusCode != 400 || re.Message.Code != tc.code && !(spec && re.Message.Code == 50035) {
			t.Errorf("%s: %d %d, want 400 %d", tc.name, re.Response.StatusCode, re.Message.Code, tc.code)
		}
		if spec {
			wantProblem(t, srv, tc.want, "(Discord's OpenAPI document)")
		} else {
			wantProblem(t, srv, tc.want)
		}
		if n := len(srv.Messages(ch.ID)); n != 0 {
			t.Errorf("%s: %d messages stored", tc.name, n)
		}
	}

	// Payloads exactly at the limits are accepted.
	full := make([]discordgo.MessageComponent, 5)
	for i := range full {
		bs := make([]discordgo.MessageComponent, 5)
		for j := range bs {
			bs[j] = button(x("l", 80), fmt.Sprintf("%d%d", i, j)+x("c", 98))
		}
		full[i] = row(bs...)
	}
	accepted := []struct {
		name string
		msg  discordgo.MessageSend
	}{
		{"5 rows of 5 buttons, 2000 characters", discordgo.MessageSend{Content: x("é", 2000), Components: full}},
		// 10 × 600 = 6000 characters across embeds.
		{"10 embeds of 6000 characters", discordgo.MessageSend{Embeds: embeds(10, x("d", 600))}},
		{"25 fields and a select of 25", discordgo.MessageSend{
			Embeds:     []*discordgo.MessageEmbed{{Title: x("t", 256), Fields: fields(25, x("v", 100))}},
			Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: options(25), MaxValues: 25})},
		}},
	}
	for _, tc := range accepted {
		ch, err := srv.AddChannel(srv.DefaultGuild().ID, "limits")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bot.ChannelMessageSendComplex(ch.ID, &tc.msg); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	noProblems(t, srv)

	// An edit is checked on the message it leaves.
	ch := srv.DefaultChannel().ID
	m, err := bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "hi", Components: rows(5)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Content: ptr("")})
	if err != nil {
		t.Errorf("clearing the content of a message with buttons: %v", err)
	}
	_, err = bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Components: &[]discordgo.MessageComponent{}})
	if re := restErr(t, err); re.Message.Code != 50006 {
		t.Errorf("edit leaving an empty message: code %d, want 50006", re.Message.Code)
	}
	wantProblem(t, srv, "edit leaves the message empty")
}

func TestRateLimitRecorded(t *testing.T) {
	t.Parallel()
	srv, clk := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	ch := srv.DefaultChannel().ID
	for i := 0; i < 5; i++ {
		if _, err := bot.ChannelMessageSend(ch, fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	noProblems(t, srv)
	if _, err := bot.ChannelMessageSend(ch, "sixth"); err != nil {
		t.Fatalf("without StrictRateLimits the sixth message is delivered: %v", err)
	}
	wantProblem(t, srv, "more than 5 messages in 5s in channel "+ch)
	clk.Advance(5 * time.Second)
	if _, err := bot.ChannelMessageSend(ch, "next window"); err != nil {
		t.Fatal(err)
	}
	noProblems(t, srv)
}

func TestStrictRateLimits(t *testing.T) {
	t.Parallel()
	srv, clk := newFake(t, fakediscord.Options{StrictRateLimits: true})
	ch := srv.DefaultChannel().ID
	post := func() *http.Response {
		t.Helper()
		req, err := http.NewRequest("POST", srv.URL()+"/api/v9/channels/"+ch+"/messages", strings.NewReader(`{"content":"hi"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bot "+srv.Token())
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for i := 0; i < 5; i++ {
		resp := post()
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != fmt.Sprint(4-i) ||
			h.Get("X-RateLimit-Reset-After") != "5.000" || h.Get("X-RateLimit-Bucket") == "" {
			t.Errorf("message %d: %d %v", i, resp.StatusCode, h)
		}
	}
	resp := post()
	defer resp.Body.Close()
	var body struct {
		Message    string  `json:"message"`
		RetryAfter float64 `json:"retry_after"`
		Global     *bool   `json:"global"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	h := resp.Header
	if resp.StatusCode != 429 || h.Get("Retry-After") != "5" || h.Get("X-RateLimit-Remaining") != "0" ||
		h.Get("X-RateLimit-Reset-After") != "5.000" || h.Get("X-RateLimit-Bucket") == "" {
		t.Errorf("sixth message: %d %v", resp.StatusCode, h)
	}
	if body.Message != "You are being rate limited." || body.RetryAfter != 5 || body.Global == nil || *body.Global {
		t.Errorf("429 body = %+v", body)
	}
	wantProblem(t, srv, "more than 5 messages")
	if n := len(srv.Messages(ch)); n != 5 {
		t.Errorf("%d messages stored, want 5", n)
	}

	// discordgo reads the 429 as a rate-limit error when told not to retry.
	bot := restSession(t, srv, srv.Token())
	_, err := bot.ChannelMessageSend(ch, "again", discordgo.WithRetryOnRatelimit(false))
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter != 5*time.Second {
		t.Errorf("discordgo error = %v, want a RateLimitError with RetryAfter 5s", err)
	}
	wantProblem(t, srv, "more than 5 messages")

	// The window ends 5 seconds after its first message, on the fake's clock. (discordgo
	// would now wait for the reset on the wall clock: the raw client does not.)
	clk.Advance(5*time.Second - time.Millisecond)
	late := post()
	late.Body.Close()
	if late.StatusCode != 429 || late.Header.Get("X-RateLimit-Reset-After") != "0.001" {
		t.Errorf("a millisecond before the window ends: %d reset after %q, want 429 and 0.001", late.StatusCode, late.Header.Get("X-RateLimit-Reset-After"))
	}
	wantProblem(t, srv, "more than 5 messages")
	clk.Advance(time.Millisecond)
	next := post()
	next.Body.Close()
	if next.StatusCode != 200 || next.Header.Get("X-RateLimit-Remaining") != "4" || next.Header.Get("X-RateLimit-Reset-After") != "5.000" {
		t.Errorf("first message of the next window: %d %v", next.StatusCode, next.Header)
	}
	noProblems(t, srv)
}

// TestUnmodelledRefused: what the fake does not imitate, polls and stickers, it refuses
// rather than ignores.
func TestUnmodelledRefused(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	ch := srv.DefaultChannel().ID
	for _, tc := range []struct{ body, want string }{
		{`{"poll":{"question":{"text":"trump?"},"answers":[{"poll_media":{"text":"spades"}}]}}`, "polls are not modelled"},
		{`{"sticker_ids":["1234567890123456789"]}`, "stickers are not modelled"},
	} {
		if status, code := rawRequest(t, srv, "POST", "/channels/"+ch+"/messages", "application/json", []byte(tc.body)); status != 400 || code != 50035 {
			t.Errorf("%s: %d %d, want 400 50035", tc.body, status, code)
		}
		wantProblem(t, srv, tc.want)
	}
	if n := len(srv.Messages(ch)); n != 0 {
		t.Errorf("%d messages stored", n)
	}
}
