package present

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
)

// hostileSeats are six of the hostile names, one a seat.
var hostileSeats = []string{
	"# Alice [claim](https://evil.example/x)",
	"Normal", // the golden games' computer seat
	"-# small print",
	"> quoted ||spoiler|| `code`",
	"99. **bold** <@123>",
	`__u__ ~~s~~ \`,
}

// markdownAbuse finds what a hostile name would make of a rendering left unescaped: a
// heading, subtext or quote at a line's start, a masked or bare link, a spoiler, code, a
// mention that no template writes.
var markdownAbuse = regexp.MustCompile("(?m)^\\s*(#|-#|>|99\\.)|\\]\\(|://|\\|\\||<@123>|__|~~")

// TestNamesAreEscapedEverywhere plays each preset's golden game with hostile names and
// checks every text the bot would show: the words of the lobby, the table and every
// private hand (goldenTexts), every narration line, the score sheet and a hand's review
// hold the names escaped, never as Markdown.
func TestNamesAreEscapedEverywhere(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			text := string(goldenGame(t, preset, hostileSeats)) + "\n" + goldenTexts(t, preset, hostileSeats)
			checkNoAbuse(t, text)
			named := []string{hostileSeats[0], hostileSeats[2]}
			if r, err := engine.NewRules(preset, nil); err == nil && r.Players == 2 {
				named = named[:1] // seat 2 is the computer's
			}
			for _, name := range named {
				if !strings.Contains(text, Escape(name)) {
					t.Errorf("the rendering never names %q (escaped %q)", name, Escape(name))
				}
			}
		})
	}
}

// goldenTexts returns the words of the messages of the preset's golden game played by
// names: the Text Displays of the lobby, open and closed, and at each moment of the table
// and of every seat's hand, text only. The lines the templates write as headings and small
// print (the titles, how the game ends) are left out: they hold no name, and are Markdown
// of their own.
func goldenTexts(t *testing.T, preset string, names []string) string {
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	meta := goldenMeta(preset, rules.Players, names)
	var lines []string
	add := func(m Message, template ...string) {
		for line := range strings.SplitSeq(messageText(m), "\n") {
			if !slices.Contains(template, line) {
				lines = append(lines, line)
			}
		}
	}
	lobbyHead := "## " + lobbyTitle(&rules)
	add(LobbyMessage(goldenLobby(meta, &rules), &rules), lobbyHead)
	add(ClosedLobbyMessage(meta, &rules, "The game is on: follow it in <#c>."), lobbyHead)
	goldenPlay(t, meta, &rules, func(_ string, g *engine.Game) {
		pub := g.View(-1)
		end := smallPrint(gameEndText(&rules, pub.HandNo()))
		add(TableMessage(nil, meta, &pub, lookText), "## "+tableTitle(&pub), end, end+" · press “My hand” to see your cards and act")
		for seat := range rules.Players {
			v := g.View(seat)
			add(HandMessage(nil, meta, &v, HandOptions{}, lookText))
		}
	}, func(*engine.Game, engine.Action, []engine.Event) {})
	return strings.Join(lines, "\n")
}

// checkNoAbuse fails when the Markdown Discord would see in text (escaped characters put
// aside) holds a construct that only a name could have brought.
func checkNoAbuse(t *testing.T, text string) {
	t.Helper()
	for _, name := range hostileSeats {
		if name != "Normal" && strings.Contains(text, name) {
			t.Errorf("%q appears unescaped", name)
		}
	}
	if loc := markdownAbuse.FindStringIndex(raw(text)); loc != nil {
		r := raw(text)
		t.Errorf("Markdown from a name: %q in …%s…", r[loc[0]:loc[1]], r[max(0, loc[0]-80):min(len(r), loc[1]+80)])
	}
}

// TestNotesAndEndingsEscapeNames: the notes a table posts (a late move, a player away or
// back, the ratings after a game) and how it ended (cancelled or abandoned by someone) name
// people escaped.
func TestNotesAndEndingsEscapeNames(t *testing.T) {
	meta := goldenMeta("classic", 4, hostileSeats)
	var lines []string
	for _, kind := range []live.NoteKind{live.NoteGameStarts, live.NoteLateMove, live.NoteAway, live.NoteBack} {
		lines = append(lines, Narrate(&live.Narrate{Game: *meta, Items: []live.Item{live.Note{Kind: kind, Seat: 0}}}).Lines...)
	}
	var n Narration
	n.Finished(meta, league.Recorded{Changes: []league.RatingChange{{UserID: "u1"}, {UserID: "u3"}}})
	lines = append(lines, n.Lines...)
	for _, e := range []live.Ending{{Kind: live.EndCancelled, By: hostileSeats[4]}, {Kind: live.EndAbandoned, By: hostileSeats[0]}} {
		lines = append(lines, EndWhy(meta, e), LobbyEndWhy(meta, e))
	}
	text := strings.Join(lines, "\n")
	checkNoAbuse(t, text)
	for _, name := range []string{hostileSeats[0], hostileSeats[2], hostileSeats[4]} {
		if !strings.Contains(text, Escape(name)) {
			t.Errorf("the notes never name %q (escaped %q):\n%s", name, Escape(name), text)
		}
	}
}

// TestThreeHandedEndings: a three-handed game's end, finished or forfeited, names each
// player with their own score, escaped, and speaks of no team.
func TestThreeHandedEndings(t *testing.T) {
	meta := goldenMeta("three-handed", 3, hostileSeats)
	scores := [engine.MaxPlayers]int{1510, -200, 730}
	var lines []string
	for _, e := range []live.Ending{
		{Kind: live.EndFinished, SeatScores: scores, Winner: 0},
		{Kind: live.EndFinished, SeatScores: [engine.MaxPlayers]int{700, 700, 100}, Winner: -1},
		{Kind: live.EndForfeit, Seat: 2, Team: -1, Winner: 0},
	} {
		lines = append(lines, EndWhy(meta, e), LobbyEndWhy(meta, e))
		lines = append(lines, Narrate(&live.Narrate{Game: *meta, Items: []live.Item{live.Note{Kind: live.NoteEnded, End: e}}}).Lines...)
	}
	text := strings.Join(lines, "\n")
	checkNoAbuse(t, text)
	for _, want := range []string{
		"🏆 **" + Escape(hostileSeats[0]) + " wins** with 1510. " + Escape(hostileSeats[0]) + " **1510** · Normal **-200** · " + Escape(hostileSeats[2]) + " **730**.",
		"The game is drawn, with no single winner",
		"**" + Escape(hostileSeats[2]) + " forfeits**. " + Escape(hostileSeats[0]) + " wins the game.",
		Escape(hostileSeats[2]) + " forfeited",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the endings never say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Team") {
		t.Errorf("a three-handed ending speaks of a team:\n%s", text)
	}
}
