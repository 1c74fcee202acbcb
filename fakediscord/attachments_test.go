package fakediscord_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

func textFiles(names ...string) []*discordgo.File {
	out := make([]*discordgo.File, len(names))
	for i, n := range names {
		out[i] = textFile(n, "content of "+n)
	}
	return out
}

func fileNames(m fakediscord.Message) []string {
	var out []string
	for i, a := range m.Attachments {
		if i >= len(m.Files) || m.Files[i].Name != a.Filename || string(m.Files[i].Data) != "content of "+a.Filename {
			return []string{fmt.Sprintf("attachment %d (%s) does not match its file", i, a.Filename)}
		}
		out = append(out, a.Filename)
	}
	return out
}

func keep(m fakediscord.Message, names ...string) *[]*discordgo.MessageAttachment {
	out := []*discordgo.MessageAttachment{}
	for _, a := range m.Attachments {
		if slices.Contains(names, a.Filename) {
			out = append(out, &discordgo.MessageAttachment{ID: a.ID, Filename: a.Filename})
		}
	}
	return &out
}

// TestAttachments: a message holds at most 10 files; an edit (API v9) adds the files it
// uploads to those the message has, or, when it sends attachments, to those it lists; the
// message's Attachments and Files say what it holds.
func TestAttachments(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	names := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("f%d.txt", i)
		}
		return out
	}

	// Eleven files are refused on every route that makes a message.
	for _, r := range v2Routes[:3] {
		_, err := r.send(t, f, f.channel(t), v2Body{components: texts(1, "t"),
			files: func() []*discordgo.File { return textFiles(names(11)...) }})
		if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != 50035 {
			t.Errorf("%s with 11 files: %d %d, want 400 50035", r.name, re.Response.StatusCode, re.Message.Code)
		}
		wantProblem(t, f.srv, "files: 11 files (max 10)")
	}

	ch := f.channel(t)
	sent, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "files", Files: textFiles("a.txt", "b.txt")})
	if err != nil {
		t.Fatal(err)
	}
	current := func() fakediscord.Message { m, _ := f.srv.Message(sent.ID); return m }
	edits := []struct {
		name string
		edit discordgo.MessageEdit
		want []string
		code int // refused with this code when set
	}{
		{"a file uploaded is added", discordgo.MessageEdit{Files: textFiles("c.txt")}, []string{"a.txt", "b.txt", "c.txt"}, 0},
		{"attachments keep some, the upload is added", discordgo.MessageEdit{Files: textFiles("d.txt")}, []string{"b.txt", "d.txt"}, 0},
		{"attachments keep all", discordgo.MessageEdit{Content: ptr("same files")}, []string{"b.txt", "d.txt"}, 0},
		{"no attachments sent: the files stay", discordgo.MessageEdit{Content: ptr("still")}, []string{"b.txt", "d.txt"}, 0},
		{"attachments empty: none kept", discordgo.MessageEdit{}, nil, 0},
		{"ten files", discordgo.MessageEdit{Files: textFiles(names(10)...)}, names(10), 0},
		{"an eleventh", discordgo.MessageEdit{Files: textFiles("z.txt")}, names(10), 30015},
	}
	for i, tc := range edits {
		tc.edit.Channel, tc.edit.ID = ch, sent.ID
		switch i {
		case 1:
			tc.edit.Attachments = keep(current(), "b.txt")
		case 2:
			tc.edit.Attachments = keep(current(), "b.txt", "d.txt")
		case 4:
			tc.edit.Attachments = keep(current())
		}
		_, err := f.bot.ChannelMessageEditComplex(&tc.edit)
		switch {
		case tc.code != 0:
			if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != tc.code {
				t.Errorf("%s: %d %d, want 400 %d", tc.name, re.Response.StatusCode, re.Message.Code, tc.code)
			}
			wantProblem(t, f.srv, "the edit leaves message "+sent.ID+" with 11 files (max 10)")
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		}
		if got := fileNames(current()); !slices.Equal(got, tc.want) {
			t.Errorf("%s: files %q, want %q", tc.name, got, tc.want)
		}
	}
	// discordgo reads them back.
	if got, err := f.bot.ChannelMessage(ch, sent.ID); err != nil || len(got.Attachments) != 10 || got.Attachments[9].Filename != "f9.txt" {
		t.Errorf("read back: %v, %d attachments", err, len(got.Attachments))
	}

	// An edit of an answer follows the same rules.
	i := f.interaction(t, ch)
	if err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "export", Files: textFiles("a.txt")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.bot.InteractionResponseEdit(i, &discordgo.WebhookEdit{Files: textFiles("b.txt")}); err != nil {
		t.Fatal(err)
	}
	answer, _ := f.bot.InteractionResponse(i)
	if got := fileNames(mustMessage(t, f.srv, answer.ID)); !slices.Equal(got, []string{"a.txt", "b.txt"}) {
		t.Errorf("answer's files after an edit adding one: %q", got)
	}
	if _, err := f.bot.InteractionResponseEdit(i, &discordgo.WebhookEdit{Attachments: keep(mustMessage(t, f.srv, answer.ID), "b.txt")}); err != nil {
		t.Fatal(err)
	}
	if got := fileNames(mustMessage(t, f.srv, answer.ID)); !slices.Equal(got, []string{"b.txt"}) {
		t.Errorf("answer's files after an edit keeping one: %q", got)
	}
	noProblems(t, f.srv)
}

func mustMessage(t *testing.T, srv *fakediscord.Server, id string) fakediscord.Message {
	t.Helper()
	m, ok := srv.Message(id)
	if !ok {
		t.Fatalf("no message %s", id)
	}
	return m
}

// TestAttachmentDescriptions: the alt text a request gives its files (attachments, by the
// n of files[n]) is kept, and an edit's list can change it.
func TestAttachmentDescriptions(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	ch := f.channel(t)
	body := `{"content":"cards","attachments":[{"id":"0","description":"the queen of spades"},{"id":"1","description":"the jack of diamonds"}]}`
	ct, data := multipartFiles(t, body, "qs.png", "jd.png")
	if status, _ := rawRequest(t, f.srv, "POST", "/channels/"+ch+"/messages", ct, data); status != 200 {
		t.Fatalf("post: %d", status)
	}
	m := f.srv.Messages(ch)[0]
	if len(m.Attachments) != 2 || m.Attachments[0].Description != "the queen of spades" || m.Attachments[1].Description != "the jack of diamonds" {
		t.Fatalf("attachments %+v", m.Attachments)
	}
	edit := fmt.Sprintf(`{"attachments":[{"id":%q,"description":"pinochle"}]}`, m.Attachments[1].ID)
	if status, _ := rawRequest(t, f.srv, "PATCH", "/channels/"+ch+"/messages/"+m.ID, "application/json", []byte(edit)); status != 200 {
		t.Fatalf("edit: %d", status)
	}
	if m = mustMessage(t, f.srv, m.ID); len(m.Attachments) != 1 || m.Attachments[0].Filename != "jd.png" || m.Attachments[0].Description != "pinochle" {
		t.Errorf("after the edit: %+v", m.Attachments)
	}
	noProblems(t, f.srv)
}

// multipartFiles is a multipart body with payload_json and a file per name, as Discord
// takes uploads.
func multipartFiles(t *testing.T, payload string, names ...string) (string, []byte) {
	t.Helper()
	files := make([]*discordgo.File, len(names))
	for i, n := range names {
		files[i] = &discordgo.File{Name: n, ContentType: "image/png", Reader: strings.NewReader("png " + n)}
	}
	ct, body, err := discordgo.MultipartBodyWithJSON(rawJSON(payload), files)
	if err != nil {
		t.Fatal(err)
	}
	return ct, body
}

// rawJSON marshals as itself.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// TestHiddenAttachment: with Components V2 a file that no component shows is accepted, as
// Discord accepts it, and kept hidden; the fake records it as a problem, since nobody sees
// it. A file shown by a thumbnail, a gallery or a file component is not.
func TestHiddenAttachment(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	for _, r := range v2Routes {
		body := fullV2()
		body.files = func() []*discordgo.File {
			return []*discordgo.File{pngFile("card.png"), textFile("rules.txt", "rules"), pngFile("unseen.png")}
		}
		id, err := r.send(t, f, f.channel(t), body)
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		wantProblem(t, f.srv, `has a file "unseen.png" that no component shows (attachment://unseen.png)`)
		if m := mustMessage(t, f.srv, id); len(m.Attachments) != 3 {
			t.Errorf("%s: %d attachments, want the 3 uploaded", r.name, len(m.Attachments))
		}
	}
}
