package fakediscord_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

func TestCommands(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())

	play := &discordgo.ApplicationCommand{
		Name:        "pinochle",
		Description: "Play pinochle",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Open a table",
		}},
	}
	got, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{play})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID == "" || got[0].ApplicationID != srv.AppID() || got[0].Name != "pinochle" {
		t.Fatalf("overwrite returned %+v", got)
	}
	firstID := got[0].ID

	// Overwriting again keeps the ID of a command with the same name.
	help := &discordgo.ApplicationCommand{Name: "pinochle-help", Description: "Rules"}
	got, err = bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{play, help})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != firstID || got[1].ID == firstID || got[1].ID == "" {
		t.Errorf("second overwrite IDs = %s, %s; want %s kept and a new one", got[0].ID, got[1].ID, firstID)
	}
	if cmds := srv.Commands(""); len(cmds) != 2 || cmds[0].Options[0].Name != "new" || cmds[0].Options[0].Type != 1 {
		t.Errorf("Commands(\"\") = %+v", cmds)
	}

	guild := srv.DefaultGuild().ID
	admin := &discordgo.ApplicationCommand{Name: "pinochle-admin", Description: "Admin", DefaultMemberPermissions: ptr(int64(discordgo.PermissionManageGuild))}
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), guild, []*discordgo.ApplicationCommand{admin}); err != nil {
		t.Fatal(err)
	}
	gc := srv.Commands(guild)
	if len(gc) != 1 || gc[0].GuildID != guild || gc[0].DefaultMemberPermissions == nil || *gc[0].DefaultMemberPermissions != "32" {
		t.Errorf("guild commands = %+v", gc)
	}
	listed, err := bot.ApplicationCommands(srv.AppID(), guild)
	if err != nil || len(listed) != 1 || listed[0].DefaultMemberPermissions == nil || *listed[0].DefaultMemberPermissions != 32 {
		t.Errorf("ApplicationCommands(guild) = %+v, %v", listed, err)
	}
	noProblems(t, srv)

	bad := []struct {
		name string
		cmd  *discordgo.ApplicationCommand
		want string
	}{
		{"upper case", &discordgo.ApplicationCommand{Name: "Pinochle", Description: "x"}, "lowercase"},
		{"no description", &discordgo.ApplicationCommand{Name: "pinochle"}, "description is 0 characters"},
		{"required after optional", &discordgo.ApplicationCommand{Name: "p", Description: "x", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "a"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "b", Description: "b", Required: true},
		}}, "required option after an optional one"},
	}
	for _, tc := range bad {
		_, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{tc.cmd})
		if re := restErr(t, err); re.Message.Code != 50035 {
			t.Errorf("%s: code %d, want 50035", tc.name, re.Message.Code)
		}
		wantProblem(t, srv, tc.want)
	}
	if len(srv.Commands("")) != 2 {
		t.Error("a refused overwrite changed the registered commands")
	}
}

func TestMessages(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	ch := srv.DefaultChannel().ID

	sent, err := bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: "Table 1",
		Embeds:  []*discordgo.MessageEmbed{{Title: "Classic", Fields: []*discordgo.MessageEmbedField{{Name: "Seats", Value: "2/4"}}}},
		Components: []discordgo.MessageComponent{
			row(button("Join", "join"), button("Leave", "leave")),
			row(discordgo.SelectMenu{CustomID: "variant", Options: []discordgo.SelectMenuOption{
				{Label: "Classic", Value: "classic"}, {Label: "Racehorse", Value: "racehorse"},
			}}),
		},
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sent.ID == "" || sent.ChannelID != ch || sent.Author.ID != srv.BotUser().ID || len(sent.Components) != 2 {
		t.Fatalf("sent = %+v", sent)
	}
	if b := sent.Components[0].(*discordgo.ActionsRow).Components[1].(*discordgo.Button); b.CustomID != "leave" || b.Label != "Leave" {
		t.Errorf("returned second button = %+v", b)
	}
	if sent.Embeds[0].Type != discordgo.EmbedTypeRich || sent.Embeds[0].Fields[0].Value != "2/4" {
		t.Errorf("returned embed = %+v", sent.Embeds[0])
	}
	stored := srv.Messages(ch)
	if len(stored) != 1 || stored[0].ID != sent.ID {
		t.Fatalf("Messages = %+v", stored)
	}
	var ids []string
	for _, c := range stored[0].Controls() {
		ids = append(ids, c.CustomID)
	}
	if len(ids) != 3 || ids[0] != "join" || ids[1] != "leave" || ids[2] != "variant" {
		t.Errorf("stored controls = %v, want join leave variant", ids)
	}
	if am := stored[0].AllowedMentions; am == nil || len(am.Parse) != 0 {
		t.Errorf("allowed mentions = %+v, want parse []", am)
	}

	// An edit that sets content and removes the components keeps the
	// embeds, which it does not mention.
	edited, err := bot.ChannelMessageEditComplex(&discordgo.MessageEdit{
		Channel: ch, ID: sent.ID, Content: ptr("Table 1 (started)"), Components: &[]discordgo.MessageComponent{},
	})
	if err != nil {
		t.Fatal(err)
	}
	if edited.Content != "Table 1 (started)" || len(edited.Components) != 0 || len(edited.Embeds) != 1 || edited.EditedTimestamp == nil {
		t.Errorf("edited = %+v", edited)
	}
	edits := srv.Edits()
	if len(edits) != 1 || edits[0].Via != "channel" || edits[0].Before.Content != "Table 1" ||
		edits[0].After.Content != "Table 1 (started)" || len(edits[0].Before.Components) != 2 {
		t.Errorf("Edits() = %+v", edits)
	}
	got, err := bot.ChannelMessage(ch, sent.ID)
	if err != nil || got.Content != "Table 1 (started)" {
		t.Errorf("ChannelMessage = %+v, %v", got, err)
	}
	list, err := bot.ChannelMessages(ch, 10, "", "", "")
	if err != nil || len(list) != 1 || list[0].ID != sent.ID {
		t.Errorf("ChannelMessages = %+v, %v", list, err)
	}

	if err := bot.ChannelMessageDelete(ch, sent.ID); err != nil {
		t.Fatal(err)
	}
	if m, ok := srv.Message(sent.ID); !ok || !m.Deleted || len(srv.Messages(ch)) != 0 {
		t.Errorf("after delete: %+v %v, %d visible", m, ok, len(srv.Messages(ch)))
	}
	_, err = bot.ChannelMessage(ch, sent.ID)
	if re := restErr(t, err); re.Message.Code != 10008 {
		t.Errorf("deleted message: code %d, want 10008", re.Message.Code)
	}
	_, err = bot.ChannelMessageSend("12345", "nowhere")
	if re := restErr(t, err); re.Message.Code != 10003 || re.Response.StatusCode != 404 {
		t.Errorf("unknown channel: %d %d, want 404 10003", re.Response.StatusCode, re.Message.Code)
	}
	noProblems(t, srv)
}

func TestThreads(t *testing.T) {
	t.Parallel()
	srv, clk := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	ch := srv.DefaultChannel().ID

	m, err := bot.ChannelMessageSend(ch, "Table 1")
	if err != nil {
		t.Fatal(err)
	}
	th, err := bot.MessageThreadStartComplex(ch, m.ID, &discordgo.ThreadStart{Name: "Game 1", AutoArchiveDuration: 60})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != ch ||
		th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 60 || th.ThreadMetadata.Archived {
		t.Errorf("thread from message = %+v", th)
	}
	if sm, _ := srv.Message(m.ID); sm.Thread == nil || sm.Thread.ID != th.ID {
		t.Errorf("starter message thread = %+v", sm.Thread)
	}
	_, err = bot.MessageThreadStartComplex(ch, m.ID, &discordgo.ThreadStart{Name: "again"})
	if re := restErr(t, err); re.Message.Code != 160004 {
		t.Errorf("second thread on a message: code %d, want 160004", re.Message.Code)
	}
	wantProblem(t, srv, "already has a thread")

	// In API v9 a thread without a message is private unless asked.
	private, err := bot.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "Hands"})
	if err != nil || private.Type != discordgo.ChannelTypeGuildPrivateThread {
		t.Errorf("thread without type = %+v, %v; want a private thread", private, err)
	}
	public, err := bot.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "Lobby", Type: discordgo.ChannelTypeGuildPublicThread})
	if err != nil || public.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("public thread = %+v, %v", public, err)
	}
	if got := srv.Threads(); len(got) != 3 {
		t.Errorf("Threads() has %d threads, want 3", len(got))
	}

	alice := srv.NewUser("alice")
	if err := bot.ThreadMemberAdd(private.ID, alice.ID); err != nil {
		t.Fatal(err)
	}
	if c, _ := srv.Channel(private.ID); len(c.Members) != 2 || c.Members[1] != alice.ID {
		t.Errorf("private thread members = %v, want bot and alice", c.Members)
	}

	if _, err := bot.ChannelMessageSend(th.ID, "Bidding starts"); err != nil {
		t.Fatal(err)
	}
	if msgs := srv.Messages(th.ID); len(msgs) != 1 || msgs[0].Content != "Bidding starts" {
		t.Errorf("thread messages = %+v", msgs)
	}

	archived, err := bot.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: ptr(true)})
	if err != nil || !archived.ThreadMetadata.Archived {
		t.Fatalf("archive = %+v, %v", archived, err)
	}
	ce := srv.ChannelEdits()
	if len(ce) != 1 || ce[0].Before.ThreadMetadata.Archived || !ce[0].After.ThreadMetadata.Archived {
		t.Errorf("ChannelEdits() = %+v", ce)
	}
	// Writing to an archived thread fails until it is unarchived.
	_, err = bot.ChannelMessageSend(th.ID, "Next hand")
	if re := restErr(t, err); re.Message.Code != 50083 {
		t.Errorf("post to an archived thread: code %d, want 50083", re.Message.Code)
	}
	if _, err := bot.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	posted, err := bot.ChannelMessageSend(th.ID, "Next hand")
	if err != nil {
		t.Fatal(err)
	}
	// Idle for its auto-archive duration (60 minutes), the thread archives itself: an edit
	// fails.
	clk.Advance(61 * time.Minute)
	_, err = bot.ChannelMessageEdit(th.ID, posted.ID, "edited")
	if re := restErr(t, err); re.Message.Code != 50083 {
		t.Errorf("edit in an auto-archived thread: code %d, want 50083", re.Message.Code)
	}
	if c, _ := srv.Channel(th.ID); !c.ThreadMetadata.Archived {
		t.Error("the idle thread was not archived")
	}
	if _, err := bot.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: ptr(true), Locked: ptr(true), Name: "Game 1 (over)"}); err != nil {
		t.Fatal(err)
	}
	if c, _ := srv.Channel(th.ID); c.Name != "Game 1 (over)" || !c.ThreadMetadata.Locked {
		t.Errorf("after lock: %+v", c)
	}
	_, err = bot.ChannelMessageSend(th.ID, "too late")
	if re := restErr(t, err); re.Message.Code != 50083 {
		t.Errorf("post to a locked archived thread: code %d, want 50083", re.Message.Code)
	}
	wantProblem(t, srv, "archived and locked")
}

func TestDMs(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	alice, bob := srv.NewUser("alice"), srv.NewUser("bob")
	srv.FailDMs(bob.ID, true)

	dm, err := bot.UserChannelCreate(alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if dm.Type != discordgo.ChannelTypeDM || len(dm.Recipients) != 1 || dm.Recipients[0].ID != alice.ID {
		t.Errorf("DM channel = %+v", dm)
	}
	again, err := bot.UserChannelCreate(alice.ID)
	if err != nil || again.ID != dm.ID {
		t.Errorf("second UserChannelCreate = %+v, %v; want the same channel", again, err)
	}
	if _, err := bot.ChannelMessageSend(dm.ID, "Your hand: ..."); err != nil {
		t.Fatal(err)
	}
	if got := srv.DMs(alice.ID); len(got) != 1 || got[0].Content != "Your hand: ..." {
		t.Errorf("DMs(alice) = %+v", got)
	}

	dmBob, err := bot.UserChannelCreate(bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = bot.ChannelMessageSend(dmBob.ID, "Your hand: ...")
	if re := restErr(t, err); re.Response.StatusCode != 403 || re.Message.Code != 50007 {
		t.Errorf("DM to bob: %d %d, want 403 50007", re.Response.StatusCode, re.Message.Code)
	}
	if got := srv.DMs(bob.ID); len(got) != 0 {
		t.Errorf("DMs(bob) = %+v, want none", got)
	}
	_, err = bot.UserChannelCreate("999")
	if re := restErr(t, err); re.Message.Code != 50033 {
		t.Errorf("DM to an unknown user: code %d, want 50033", re.Message.Code)
	}
	noProblems(t, srv)
}

func TestAuthAndUnknownRoutes(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})

	_, err := restSession(t, srv, "wrong").User("@me")
	if re := restErr(t, err); re.Response.StatusCode != 401 {
		t.Errorf("wrong token: status %d, want 401", re.Response.StatusCode)
	}
	wantProblem(t, srv, "Authorization")

	bot := restSession(t, srv, srv.Token())
	_, err = bot.GuildRoles(srv.DefaultGuild().ID)
	if re := restErr(t, err); re.Response.StatusCode != 404 {
		t.Errorf("unknown route: status %d, want 404", re.Response.StatusCode)
	}
	wantProblem(t, srv, "unknown route GET /api/v9/guilds/"+srv.DefaultGuild().ID+"/roles")

	err = bot.InteractionRespond(&discordgo.Interaction{ID: "1", Token: "nope"}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	if re := restErr(t, err); re.Message.Code != 10062 {
		t.Errorf("callback for an unknown interaction: code %d, want 10062", re.Message.Code)
	}
	wantProblem(t, srv, "unknown interaction")

	reqs := srv.Requests()
	if len(reqs) != 3 || reqs[0].Status != 401 || reqs[1].Status != 404 || reqs[2].Status != 404 {
		t.Errorf("Requests() = %+v", reqs)
	}
}

// TestClient: the fake's client takes a request for Discord to the fake, path and query
// kept.
func TestClient(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	req, err := http.NewRequest("GET", "https://discord.com/api/v9/gateway?v=9", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		URL string `json:"url"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || body.URL != srv.GatewayURL() {
		t.Errorf("GET /gateway through Client() = %d %+v, want 200 and %s", resp.StatusCode, body, srv.GatewayURL())
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/api/v9/gateway" {
		t.Errorf("Requests() = %+v, want GET /api/v9/gateway", reqs)
	}
	noProblems(t, srv)
}
