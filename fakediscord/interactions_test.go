package fakediscord_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

var tableCommands = []*discordgo.ApplicationCommand{
	{
		Name: "pinochle", Description: "Play pinochle",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Open a table", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "variant", Description: "Rules", Required: true, Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Classic", Value: "classic"}, {Name: "Racehorse", Value: "racehorse"},
				}},
			}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "help", Description: "Show help"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "slow", Description: "Deferred answer"},
		},
	},
}

// tableBot answers the way a game bot would; it reports every REST error
// on errs.
func tableBot(errs chan<- error) func(*discordgo.Session, *discordgo.InteractionCreate) {
	return func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		respond := func(r *discordgo.InteractionResponse) {
			if err := s.InteractionRespond(i.Interaction, r); err != nil {
				errs <- err
			}
		}
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			sub := i.ApplicationCommandData().Options[0]
			switch sub.Name {
			case "new":
				manage := i.Member.Permissions&discordgo.PermissionManageGuild != 0
				respond(&discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{
						Content:    fmt.Sprintf("%s table by %s (manage=%v)", sub.Options[0].StringValue(), i.Member.User.Username, manage),
						Components: []discordgo.MessageComponent{row(button("Join", "join"), button("Start", "start"))},
					},
				})
			case "help":
				respond(&discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "help text", Flags: discordgo.MessageFlagsEphemeral},
				})
			case "slow":
				respond(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
				if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "done"}); err != nil {
					errs <- err
				}
			}
		case discordgo.InteractionMessageComponent:
			d := i.MessageComponentData()
			switch d.CustomID {
			case "join":
				// Components are left nil: Discord keeps the buttons.
				respond(&discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{Content: i.Message.Content + " | joined " + i.Member.User.Username},
				})
			case "start":
				respond(&discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{Content: "started", Components: []discordgo.MessageComponent{}},
				})
			case "bid":
				respond(&discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseModal,
					Data: &discordgo.InteractionResponseData{
						CustomID: "bidmodal", Title: "Your bid",
						Components: []discordgo.MessageComponent{row(discordgo.TextInput{
							CustomID: "amount", Label: "Amount", Style: discordgo.TextInputShort, Value: d.Values[0], Required: true,
						})},
					},
				})
			}
		case discordgo.InteractionModalSubmit:
			d := i.ModalSubmitData()
			amount := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			respond(&discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "bid " + amount, Flags: discordgo.MessageFlagsEphemeral},
			})
		}
	}
}

func TestInteractions(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, _ := newFake(t, fakediscord.Options{})
	errs := make(chan error, 20)
	bot, ev := openBot(t, srv, tableBot(errs))
	recv(t, ctx, ev.ready, "READY")
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", tableCommands); err != nil {
		t.Fatal(err)
	}
	guild, ch := srv.DefaultGuild().ID, srv.DefaultChannel().ID
	alice := srv.NewUser("alice")
	alice.Permissions = fakediscord.DefaultPermissions | fakediscord.PermManageGuild
	bob := srv.NewUser("bob")

	// A slash command answered with a message carrying buttons.
	h, err := srv.SlashCommand(alice, guild, ch, "pinochle", fakediscord.Sub("new", fakediscord.Opt("variant", "classic")))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The fake's clock has not moved: the answer took no time.
	if resp.Type != fakediscord.ResponseMessage || resp.Content != "classic table by alice (manage=true)" || resp.Ephemeral || resp.Latency != 0 {
		t.Errorf("response = %+v", resp)
	}
	orig, ok := h.Original()
	if !ok || orig.ChannelID != ch || orig.Type != 20 || orig.InteractionMetadata == nil ||
		orig.InteractionMetadata.User.ID != alice.ID || len(orig.Controls()) != 2 {
		t.Fatalf("original = %+v", orig)
	}

	// A click answered with type 7: the content changes, the buttons stay.
	hc, err := srv.Click(bob, orig.ID, "join")
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := hc.Wait(ctx); err != nil || resp.Type != fakediscord.ResponseUpdate || resp.MessageID != orig.ID {
		t.Fatalf("click response = %+v, %v", resp, err)
	}
	m, _ := srv.Message(orig.ID)
	if m.Content != "classic table by alice (manage=true) | joined bob" || len(m.Controls()) != 2 {
		t.Errorf("after join: %q with %d controls", m.Content, len(m.Controls()))
	}
	if e := srv.Edits(); len(e) != 1 || e[0].Via != "update" || e[0].Before.Content != orig.Content {
		t.Errorf("Edits() = %+v", e)
	}

	// Editing the original response and sending a follow-up.
	in := &discordgo.Interaction{AppID: srv.AppID(), Token: h.Interaction().Token}
	if _, err := bot.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: ptr("table 1: alice, bob")}); err != nil {
		t.Fatal(err)
	}
	if o, _ := h.Original(); o.Content != "table 1: alice, bob" || len(o.Controls()) != 2 {
		t.Errorf("original after edit = %q with %d controls", o.Content, len(o.Controls()))
	}
	fu, err := bot.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "only you see this", Flags: discordgo.MessageFlagsEphemeral})
	if err != nil {
		t.Fatal(err)
	}
	if f := h.Followups(); len(f) != 1 || f[0].ID != fu.ID || !f[0].Ephemeral() || f[0].Content != "only you see this" {
		t.Errorf("Followups() = %+v", f)
	}
	if _, err := bot.FollowupMessageEdit(in, fu.ID, &discordgo.WebhookEdit{Content: ptr("edited follow-up")}); err != nil {
		t.Fatal(err)
	}
	if f := h.Followups(); f[0].Content != "edited follow-up" {
		t.Errorf("follow-up after edit = %q", f[0].Content)
	}

	// Type 7 with an empty component list removes the buttons.
	hs, err := srv.Click(alice, orig.ID, "start")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hs.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if m, _ := srv.Message(orig.ID); m.Content != "started" || len(m.Components) != 0 {
		t.Errorf("after start: %q with %d components", m.Content, len(m.Components))
	}
	if _, err := srv.Click(alice, orig.ID, "start"); err == nil {
		t.Error("Click on a removed button succeeded")
	}

	// An ephemeral answer is recorded as such and cannot be fetched
	// through the channel.
	hh, err := srv.SlashCommand(bob, guild, ch, "pinochle", fakediscord.Sub("help"))
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := hh.Wait(ctx); err != nil || !resp.Ephemeral || resp.Content != "help text" {
		t.Errorf("help response = %+v, %v", resp, err)
	}
	eph, _ := hh.Original()
	if _, err := bot.ChannelMessage(ch, eph.ID); restErr(t, err).Message.Code != 10008 {
		t.Errorf("ephemeral message fetched through the channel")
	}

	// A select answered with a modal, and the modal's submission.
	sel, err := bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: "Your bid?",
		Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "bid", Options: []discordgo.SelectMenuOption{
			{Label: "250", Value: "250"}, {Label: "300", Value: "300"},
		}})},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Select(alice, sel.ID, "bid", []string{"350"}); err == nil {
		t.Error("Select accepted a value that is not an option")
	}
	hsel, err := srv.Select(alice, sel.ID, "bid", []string{"300"})
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := hsel.Wait(ctx); err != nil || resp.Type != fakediscord.ResponseModal || resp.CustomID != "bidmodal" || resp.Title != "Your bid" {
		t.Fatalf("select response = %+v, %v", resp, err)
	}
	if _, err := srv.SubmitModal(bob, ch, "bidmodal", map[string]string{"amount": "300"}); err == nil {
		t.Error("bob submitted a modal shown to alice")
	}
	hm, err := srv.SubmitModal(alice, ch, "bidmodal", map[string]string{"amount": "300"})
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := hm.Wait(ctx); err != nil || resp.Content != "bid 300" || !resp.Ephemeral {
		t.Errorf("modal response = %+v, %v", resp, err)
	}

	// A deferred answer: the first follow-up fills the loading message.
	hd, err := srv.SlashCommand(alice, guild, ch, "pinochle", fakediscord.Sub("slow"))
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := hd.Wait(ctx); err != nil || resp.Type != fakediscord.ResponseDeferred {
		t.Fatalf("deferred response = %+v, %v", resp, err)
	}
	waitFor(t, ctx, srv, "the follow-up to fill the deferred answer", func(*fakediscord.Server) bool {
		o, _ := hd.Original()
		return o.Content == "done"
	})
	if o, _ := hd.Original(); o.Flags&fakediscord.FlagLoading != 0 || len(hd.Followups()) != 0 {
		t.Errorf("deferred original = %+v, follow-ups %d", o, len(hd.Followups()))
	}

	// Injections that a Discord client could not make.
	if _, err := srv.SlashCommand(alice, guild, ch, "pinochle", fakediscord.Sub("new")); err == nil {
		t.Error("SlashCommand without a required option succeeded")
	}
	if _, err := srv.SlashCommand(alice, guild, ch, "pinochle", fakediscord.Sub("new", fakediscord.Opt("variant", "bezique"))); err == nil {
		t.Error("SlashCommand with a value outside the choices succeeded")
	}
	if _, err := srv.SlashCommand(alice, guild, ch, "poker"); err == nil {
		t.Error("SlashCommand of an unregistered command succeeded")
	}

	if got := len(srv.Responses()); got != 7 {
		t.Errorf("Responses() has %d entries, want 7", got)
	}
	if got := len(srv.Interactions()); got != 7 {
		t.Errorf("Interactions() has %d entries, want 7", got)
	}
	select {
	case err := <-errs:
		t.Errorf("bot REST error: %v", err)
	default:
	}
	noProblems(t, srv)
}

func TestCallbackProblems(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, clk := newFake(t, fakediscord.Options{})
	errs := make(chan error, 10)
	arrived := make(chan struct{}, 1)
	proceed := make(chan struct{}, 1)
	reply := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok"},
	}
	bot, ev := openBot(t, srv, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.ApplicationCommandData().Name {
		case "twice":
			errs <- s.InteractionRespond(i.Interaction, reply)
			errs <- s.InteractionRespond(i.Interaction, reply)
		case "late", "slow":
			arrived <- struct{}{}
			<-proceed
			errs <- s.InteractionRespond(i.Interaction, reply)
		case "update":
			errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "x"},
			})
		case "modal":
			rows := make([]discordgo.MessageComponent, 6)
			for k := range rows {
				rows[k] = row(discordgo.TextInput{CustomID: fmt.Sprint("f", k), Label: "F", Style: discordgo.TextInputShort})
			}
			errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "Too many", Components: rows},
			})
		}
	})
	recv(t, ctx, ev.ready, "READY")
	var cmds []*discordgo.ApplicationCommand
	for _, n := range []string{"twice", "slow", "late", "update", "modal"} {
		cmds = append(cmds, &discordgo.ApplicationCommand{Name: n, Description: n})
	}
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", cmds); err != nil {
		t.Fatal(err)
	}
	alice := srv.NewUser("alice")
	guild, ch := srv.DefaultGuild().ID, srv.DefaultChannel().ID
	slash := func(name string) *fakediscord.Handle {
		h, err := srv.SlashCommand(alice, guild, ch, name)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}

	slash("twice")
	if err := recv(t, ctx, errs, "first callback"); err != nil {
		t.Errorf("first callback: %v", err)
	}
	if re := restErr(t, recv(t, ctx, errs, "second callback")); re.Response.StatusCode != 400 || re.Message.Code != 40060 {
		t.Errorf("second callback: %d %d, want 400 40060", re.Response.StatusCode, re.Message.Code)
	}
	wantProblem(t, srv, "answered more than once")

	// An answer a millisecond before the deadline is in time, and its latency is the time
	// the clock moved.
	h := slash("slow")
	recv(t, ctx, arrived, "the slow interaction")
	clk.Advance(3*time.Second - time.Millisecond)
	proceed <- struct{}{}
	if err := recv(t, ctx, errs, "slow callback"); err != nil {
		t.Errorf("an answer in time was refused: %v", err)
	}
	if resp, ok := h.Response(); !ok || resp.Latency != 3*time.Second-time.Millisecond {
		t.Errorf("slow answer = %+v, %v; want accepted with latency 2.999s", resp, ok)
	}
	noProblems(t, srv)

	// A late one is refused, and reported twice: unanswered when the deadline passed, and
	// late when it came.
	h = slash("late")
	recv(t, ctx, arrived, "late interaction")
	clk.Advance(4 * time.Second)
	wantProblem(t, srv, "interaction "+h.ID()+" (/late) not answered within 3s")
	proceed <- struct{}{}
	if re := restErr(t, recv(t, ctx, errs, "late callback")); re.Message.Code != 10062 {
		t.Errorf("late callback: code %d, want 10062", re.Message.Code)
	}
	if _, ok := h.Response(); ok {
		t.Error("a late callback was accepted")
	}
	wantProblem(t, srv, "answered after 4.0s")

	slash("update")
	restErr(t, recv(t, ctx, errs, "type 7 on a command"))
	wantProblem(t, srv, "only valid for component interactions")

	slash("modal")
	if re := restErr(t, recv(t, ctx, errs, "oversized modal")); re.Message.Code != 50035 {
		t.Errorf("oversized modal: code %d, want 50035", re.Message.Code)
	}
	wantProblem(t, srv, "modal has 6 action rows")
}

// TestUnansweredInteraction: an interaction not answered is reported when 3 seconds have
// passed on the fake's clock, not before.
func TestUnansweredInteraction(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, clk := newFake(t, fakediscord.Options{})
	bot, ev := openBot(t, srv, nil)
	recv(t, ctx, ev.ready, "READY")
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{{Name: "ping", Description: "Ping"}}); err != nil {
		t.Fatal(err)
	}
	h, err := srv.SlashCommand(srv.NewUser("alice"), srv.DefaultGuild().ID, srv.DefaultChannel().ID, "ping")
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(3*time.Second - time.Nanosecond)
	noProblems(t, srv)
	clk.Advance(time.Nanosecond)
	wantProblem(t, srv, "interaction "+h.ID()+" (/ping) not answered within 3s")
	if n := clk.Pending(); n != 0 {
		t.Errorf("%d timers left on the clock, want none", n)
	}
}

// TestTokenLifetime: an interaction's token serves follow-ups for 15 minutes on the fake's
// clock, and is refused after.
func TestTokenLifetime(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, clk := newFake(t, fakediscord.Options{})
	bot, ev := openBot(t, srv, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	recv(t, ctx, ev.ready, "READY")
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{{Name: "ping", Description: "Ping"}}); err != nil {
		t.Fatal(err)
	}
	h, err := srv.SlashCommand(srv.NewUser("alice"), srv.DefaultGuild().ID, srv.DefaultChannel().ID, "ping")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	in := &discordgo.Interaction{AppID: srv.AppID(), Token: h.Interaction().Token}
	clk.Advance(15 * time.Minute)
	if _, err := bot.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "still here"}); err != nil {
		t.Errorf("follow-up 15 minutes after the interaction: %v", err)
	}
	noProblems(t, srv)
	clk.Advance(time.Millisecond)
	_, err = bot.FollowupMessageCreate(in, true, &discordgo.WebhookParams{Content: "too late"})
	if re := restErr(t, err); re.Response.StatusCode != 401 || re.Message.Code != 50027 {
		t.Errorf("follow-up after 15 minutes: %d %d, want 401 50027", re.Response.StatusCode, re.Message.Code)
	}
	wantProblem(t, srv, "expired interaction token")
	if f := h.Followups(); len(f) != 1 || f[0].Content != "still here" {
		t.Errorf("Followups() = %+v, want the one in time", f)
	}
}

func TestWaitReportsProblems(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := srv.WaitFor(ctx, func(*fakediscord.Server) bool { return false })
	if err == nil || !strings.Contains(err.Error(), "condition not met") {
		t.Errorf("WaitFor on a done context = %v", err)
	}
}
