package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

func TestHandsAndResultRoundTrip(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testHandsAndResultRoundTrip)
}

func testHandsAndResultRoundTrip(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	for _, preset := range engine.PresetNames() {
		opts := map[string]string{"hands": "2"}
		rules := mustRules(t, preset, opts)
		eg := playOut(t, rules, 11, 0)
		g := startGame(t, s, newGame(preset, opts, 11, humans(rules.Players)))
		saveLog(t, s, g.ID, eg, t0)
		want := eg.Results()
		if len(want) != 2 {
			t.Fatalf("%s: %d hands, want 2", preset, len(want))
		}
		// The bot records the first hand as it ends, then again after a restart.
		for range 2 {
			if err := s.RecordHand(ctx, g.ID, want[0], t0); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Hands(ctx, g.ID)
		if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], want[0]) {
			t.Fatalf("%s: hands %+v, %v; want %+v", preset, got, err, want[:1])
		}
		fin, err := s.EndGame(ctx, g.ID, t0.Add(time.Hour), league.Finish)
		if err != nil {
			t.Fatal(err)
		}
		got, err = s.Hands(ctx, g.ID)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: hands %+v, %v; want %+v", preset, got, err, want)
		}
		res, err := s.GameResult(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantRes := league.GameResult{GameID: g.ID, Scores: eg.Scores(), Winner: eg.Winner(), Counted: true,
			FinishedAt: t0.Add(time.Hour)}
		if rules.Solo {
			// Every player alone: no teams, each seat's score and place (which
			// TestSoloResultRoundTrip checks against the league's).
			sc := eg.SeatScores()
			wantRes.SeatScores, wantRes.Places = sc[:rules.Players], fin.Result.Places
		} else {
			for seat := range rules.Players {
				wantRes.Teams[seat%2] = append(wantRes.Teams[seat%2], seat)
			}
		}
		if !reflect.DeepEqual(res, wantRes) {
			t.Errorf("%s: result %+v, want %+v", preset, res, wantRes)
		}
		if err := s.RecordHand(ctx, g.ID, want[0], t0); !errors.Is(err, ErrNotPlaying) {
			t.Errorf("%s: hand of a finished game: %v, want ErrNotPlaying", preset, err)
		}
	}
	lobby, err := s.CreateGame(ctx, newGame("racehorse", nil, 1, humans(4)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.GameResult(ctx, lobby); !errors.Is(err, ErrNotFound) {
		t.Errorf("result of a game in the lobby: %v, want ErrNotFound", err)
	}
	if _, err := s.EndGame(ctx, lobby, t0, league.Finish); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("finishing a game in the lobby: %v, want ErrNotPlaying", err)
	}
	g := startGame(t, s, newGame("racehorse", nil, 2, humans(4)))
	saveLog(t, s, g.ID, playOut(t, mustRules(t, "racehorse", nil), 2, 30), t0)
	if _, err := s.EndGame(ctx, g.ID, t0, league.Finish); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("finishing a game its log does not end: %v, want ErrNotPlaying", err)
	}
	bad := engine.HandResult{Hand: 1, Bidder: 4}
	if err := s.RecordHand(ctx, g.ID, bad, t0); !errors.Is(err, ErrInvalid) {
		t.Errorf("hand with bidder seat 4 of 4: %v, want ErrInvalid", err)
	}
}

// TestForfeitGame forfeits a double-deck game (a preset counted in ones) in its third hand.
func TestForfeitGame(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testForfeitGame)
}

func testForfeitGame(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	season, err := s.StartSeason(ctx, "g1", "Summer", "c9", t0, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{"hands": "4"}
	rules := mustRules(t, "double-deck", opts)
	full := playOut(t, rules, 5, 0)
	// Cut the log a few actions into the third hand.
	eg, err := engine.NewGame(rules, 5)
	if err != nil {
		t.Fatal(err)
	}
	into := 0
	for _, a := range full.Log() {
		if len(eg.Results()) == 2 {
			if into == 3 {
				break
			}
			into++
		}
		if err := eg.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if len(eg.Results()) != 2 || eg.Over() {
		t.Fatalf("cut log: %d hands, over %v", len(eg.Results()), eg.Over())
	}
	g := startGame(t, s, newGame("double-deck", opts, 5, humans(4)))
	saveLog(t, s, g.ID, eg, t0)

	if _, err := s.EndGame(ctx, g.ID, t0.Add(time.Hour), league.Forfeit(2)); !errors.Is(err, ErrInvalid) {
		t.Errorf("team 2: %v, want ErrInvalid", err)
	}
	at := t0.Add(time.Hour)
	fin, err := s.EndGame(ctx, g.ID, at, league.Forfeit(0))
	if err != nil {
		t.Fatal(err)
	}
	sc := eg.Scores()
	want := league.GameResult{GameID: g.ID, Teams: [2][]int{{0, 2}, {1, 3}}, Scores: sc, Winner: 1, Counted: true,
		SeasonID: season.ID, FinishedAt: at, Forfeited: true}
	if !reflect.DeepEqual(fin.Result, want) {
		t.Errorf("forfeit %+v, want %+v", fin.Result, want)
	}
	if len(fin.Changes) != 4 || fin.Changes[1].After.Mu <= league.InitialMu || fin.Changes[0].After.Mu >= league.InitialMu {
		t.Errorf("rating changes %+v: want team 1 up, team 0 down", fin.Changes)
	}
	if res, err := s.GameResult(ctx, g.ID); err != nil || !reflect.DeepEqual(res, want) {
		t.Errorf("stored result %+v, %v; want %+v", res, err, want)
	}
	if hands, err := s.Hands(ctx, g.ID); err != nil || !reflect.DeepEqual(hands, eg.Results()) {
		t.Errorf("hands %+v, %v; want the two finished", hands, err)
	}
	got, _ := s.GetGame(ctx, g.ID)
	if got.Status != table.StatusFinished || !got.EndedAt.Equal(at) {
		t.Errorf("game %s ended %v, want finished at %v", got.Status, got.EndedAt, at)
	}
	n := eg.LogLen()
	a := playOut(t, rules, 5, n+1).Log()[n]
	if err := s.SaveAction(ctx, g.ID, n, a.Seat, a, at); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("action after a forfeit: %v, want ErrNotPlaying", err)
	}
	if _, err := s.EndGame(ctx, g.ID, at, league.Forfeit(1)); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("second forfeit: %v, want ErrNotPlaying", err)
	}
	// Records: two hands each, the scores reached (ones scale, so times 10), team 1 won.
	for _, sc0 := range []int64{league.Overall, season.ID} {
		board, err := s.Leaderboard(ctx, "g1", sc0, 10, 0)
		if err != nil || len(board) != 4 {
			t.Fatalf("leaderboard %d: %+v, %v", sc0, board, err)
		}
		for _, r := range board {
			seat := int(r.UserID[1] - '1')
			team := seat % 2
			if r.Games != 1 || r.Hands != 2 || r.Wins != team || r.Losses != 1-team ||
				r.PointsFor != 10*sc[team] || r.PointsAgainst != 10*sc[1-team] {
				t.Errorf("scope %d: %s: %+v; want 1 game, 2 hands, win %v, points %d-%d", sc0, r.UserID, r, team == 1,
					10*sc[team], 10*sc[1-team])
			}
		}
	}

	// A game that its log ends is finished, not forfeited; a lobby cannot forfeit.
	done := startGame(t, s, newGame("double-deck", opts, 5, humans(4)))
	saveLog(t, s, done.ID, full, t0)
	if _, err := s.EndGame(ctx, done.ID, at, league.Forfeit(1)); !errors.Is(err, ErrConflict) {
		t.Errorf("forfeit of a game its log ends: %v, want ErrConflict", err)
	}
	lobby, _ := s.CreateGame(ctx, newGame("racehorse", nil, 1, humans(4)))
	if _, err := s.EndGame(ctx, lobby, at, league.Forfeit(1)); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("forfeit in the lobby: %v, want ErrNotPlaying", err)
	}
	// A forfeit before any action: no hands, scores 0-0, the other team wins.
	empty := startGame(t, s, newGame("racehorse", nil, 3, humans(4)))
	fin, err = s.EndGame(ctx, empty.ID, at, league.Forfeit(1))
	if err != nil || fin.Result.Winner != 0 || fin.Result.Scores != [2]int{} || !fin.Result.Forfeited {
		t.Errorf("forfeit of an empty game: %+v, %v", fin, err)
	}
}

// TestSeasonBoundary: a game finishing exactly at a season's end counts for the next season
// (and once); one finishing in the season's last millisecond counts for the ended season.
func TestSeasonBoundary(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSeasonBoundary)
}

func testSeasonBoundary(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	eg := scriptedGame(t, 0)
	seats := []table.Seat{ana, ben, cy, dee}
	end := t0.Add(30 * 24 * time.Hour)

	s1, err := s.StartSeason(ctx, "g1", "Season 1", "c1", t0, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	last := playFinished(t, s, "g1", eg, seats, end.Add(-time.Millisecond))
	if last.Result.SeasonID != s1.ID {
		t.Errorf("game in the last millisecond counts for season %d, want %d", last.Result.SeasonID, s1.ID)
	}
	// The season cannot end before a game it counted.
	if _, err := s.EndSeason(ctx, "g1", end.Add(-2*time.Millisecond)); !errors.Is(err, ErrConflict) {
		t.Errorf("ending before a counted game: %v, want ErrConflict", err)
	}
	ended, err := s.EndSeason(ctx, "g1", end)
	if err != nil {
		t.Fatal(err)
	}
	if !ended.End.Equal(end) || ended.ChannelID != "c1" || ended.ID != s1.ID {
		t.Errorf("ended season %+v", ended)
	}
	// No season holds the end itself until the next starts there.
	if _, err := s.CurrentSeason(ctx, "g1", end); !errors.Is(err, ErrNotFound) {
		t.Errorf("season at the end: %v, want ErrNotFound", err)
	}
	s2, err := s.StartSeason(ctx, "g1", "Season 2", "c2", end, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	at := playFinished(t, s, "g1", eg, seats, end)
	if at.Result.SeasonID != s2.ID {
		t.Errorf("game at the end counts for season %d, want the next, %d", at.Result.SeasonID, s2.ID)
	}
	if cur, err := s.CurrentSeason(ctx, "g1", end); err != nil || cur.ID != s2.ID {
		t.Errorf("season at the end: %+v, %v; want the next", cur, err)
	}
	if cur, err := s.CurrentSeason(ctx, "g1", end.Add(-time.Millisecond)); err != nil || cur.ID != s1.ID {
		t.Errorf("season in the last millisecond: %+v, %v; want the ended one", cur, err)
	}
	for _, c := range []struct {
		season int64
		games  int
	}{{s1.ID, 1}, {s2.ID, 1}, {league.Overall, 2}} {
		board, err := s.Leaderboard(ctx, "g1", c.season, 10, 0)
		if err != nil || len(board) != 4 {
			t.Fatalf("season %d: %+v, %v", c.season, board, err)
		}
		for _, r := range board {
			if r.Games != c.games {
				t.Errorf("season %d: %s played %d games, want %d", c.season, r.UserID, r.Games, c.games)
			}
		}
	}
	// A season ended with no next one: a game at its end counts for no season.
	if _, err := s.EndSeason(ctx, "g1", end.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if after := playFinished(t, s, "g1", eg, seats, end.Add(time.Hour)); after.Result.SeasonID != 0 || !after.Result.Counted {
		t.Errorf("game after the last season: %+v, want counted for no season", after.Result)
	}
}

func TestSeasonsRoundTrip(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSeasonsRoundTrip)
}

func testSeasonsRoundTrip(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	a, err := s.StartSeason(ctx, "g1", "  Winter ", "chan-1", t0, t0.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := league.Season{ID: a.ID, GuildID: "g1", Name: "Winter", Start: t0, End: t0.Add(24 * time.Hour), ChannelID: "chan-1"}
	if a != want {
		t.Errorf("started %+v, want %+v", a, want)
	}
	b, err := s.StartSeason(ctx, "g1", "Spring", "", t0.Add(48*time.Hour+1500*time.Microsecond), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Start.Equal(t0.Add(48*time.Hour + time.Millisecond)) {
		t.Errorf("start %v not kept to the millisecond", b.Start)
	}
	if _, err := s.StartSeason(ctx, "g2", "Winter", "c", t0, time.Time{}); err != nil {
		t.Errorf("a season of the same name in another guild: %v", err)
	}
	got, err := s.Seasons(ctx, "g1")
	if err != nil || !reflect.DeepEqual(got, []league.Season{want, b}) {
		t.Errorf("seasons %+v, %v; want %+v", got, err, []league.Season{want, b})
	}
	for name, c := range map[string]struct {
		name       string
		start, end time.Time
		err        error
	}{
		"overlap":       {"X", t0.Add(12 * time.Hour), t0.Add(30 * time.Hour), ErrConflict},
		"open overlap":  {"X", t0.Add(72 * time.Hour), time.Time{}, ErrConflict},
		"same name":     {"Winter", t0.Add(-48 * time.Hour), t0.Add(-24 * time.Hour), ErrConflict},
		"no name":       {" ", t0.Add(-48 * time.Hour), time.Time{}, ErrInvalid},
		"ends at start": {"X", t0.Add(-48 * time.Hour), t0.Add(-48 * time.Hour), ErrInvalid},
	} {
		if _, err := s.StartSeason(ctx, "g1", c.name, "c", c.start, c.end); !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", name, err, c.err)
		}
	}
	if cur, err := s.CurrentSeason(ctx, "g1", t0.Add(time.Hour)); err != nil || cur != want {
		t.Errorf("current %+v, %v", cur, err)
	}
	if _, err := s.CurrentSeason(ctx, "g1", t0.Add(30*time.Hour)); !errors.Is(err, ErrNotFound) {
		t.Errorf("between seasons: %v, want ErrNotFound", err)
	}
	if _, err := s.EndSeason(ctx, "g1", t0.Add(30*time.Hour)); !errors.Is(err, ErrNotFound) {
		t.Errorf("ending between seasons: %v, want ErrNotFound", err)
	}
}

func TestSettingsRoundTrip(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSettingsRoundTrip)
}

func testSettingsRoundTrip(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	def, err := s.Settings(ctx, "g1")
	if err != nil || !reflect.DeepEqual(def, table.DefaultGuildSettings()) || def.TableDefaults != table.DefaultSettings() || def.HintsChosen {
		t.Fatalf("defaults %+v, %v", def, err)
	}
	st := table.GuildSettings{
		DefaultPreset: "classic", DefaultOptions: map[string]string{"target": "500"},
		TableDefaults: table.Settings{Level: table.LevelExpert, Hints: false, Ping: table.PingNever, Autoplay: false,
			Timer: 7 * 24 * time.Hour, Timeout: table.PolicyForfeit, Pace: table.PaceSlow},
		HintsChosen: true, ComputerGamesCount: true, Channels: []string{"c3", "c1", "c2"},
	}
	if err := s.UpdateSettings(ctx, "g1", st, t0); err != nil {
		t.Fatal(err)
	}
	got, err := s.Settings(ctx, "g1")
	want := st
	want.Channels = []string{"c1", "c2", "c3"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("settings %+v, %v; want %+v", got, err, want)
	}
	if !got.AllowsChannel("c2") || got.AllowsChannel("c4") {
		t.Error("AllowsChannel")
	}
	// Replacing: fewer channels, no timer, the default level, ping mode and policy, hints
	// not chosen (so on, whatever the defaults say).
	st = table.GuildSettings{DefaultPreset: "racehorse", TableDefaults: table.Settings{Autoplay: true}, Channels: nil}
	if err := s.UpdateSettings(ctx, "g1", st, t0); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Settings(ctx, "g1")
	want = table.GuildSettings{DefaultPreset: "racehorse", TableDefaults: table.Settings{Level: table.DefaultLevel, Hints: true,
		Ping: table.PingAuto, Autoplay: true, Timeout: table.PolicyComputer, Pace: table.PaceNormal}}
	if !reflect.DeepEqual(got, want) || !got.AllowsChannel("any") {
		t.Errorf("settings %+v, want %+v", got, want)
	}
	for _, d := range []time.Duration{time.Minute, 90 * time.Minute, 7 * 24 * time.Hour} {
		if err := s.UpdateSettings(ctx, "g1", table.GuildSettings{DefaultPreset: "racehorse", TableDefaults: table.Settings{Timer: d}}, t0); err != nil {
			t.Errorf("timeout %v: %v", d, err)
		}
	}
	for name, st := range map[string]table.GuildSettings{
		"preset":        {DefaultPreset: "bezique"},
		"option":        {DefaultPreset: "racehorse", DefaultOptions: map[string]string{"pass": "9"}},
		"short":         {DefaultPreset: "racehorse", TableDefaults: table.Settings{Timer: time.Minute - time.Millisecond}},
		"long":          {DefaultPreset: "racehorse", TableDefaults: table.Settings{Timer: 7*24*time.Hour + time.Millisecond}},
		"negative":      {DefaultPreset: "racehorse", TableDefaults: table.Settings{Timer: -time.Minute}},
		"policy":        {DefaultPreset: "racehorse", TableDefaults: table.Settings{Timeout: "skip"}},
		"level":         {DefaultPreset: "racehorse", TableDefaults: table.Settings{Level: "godlike"}},
		"ping":          {DefaultPreset: "racehorse", TableDefaults: table.Settings{Ping: "loud"}},
		"pace":          {DefaultPreset: "racehorse", TableDefaults: table.Settings{Pace: "lazy"}},
		"empty channel": {DefaultPreset: "racehorse", Channels: []string{""}},
	} {
		if err := s.UpdateSettings(ctx, "g1", st, t0); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if err := s.UpdateSettings(ctx, "", table.DefaultGuildSettings(), t0); !errors.Is(err, ErrInvalid) {
		t.Errorf("no guild: %v, want ErrInvalid", err)
	}
}

func TestNotify(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testNotify)
}

func testNotify(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	if dm, err := s.Notify(ctx, "ana"); err != nil || dm {
		t.Fatalf("never set: %v, %v; want false", dm, err)
	}
	for _, v := range []bool{true, false, true} {
		if err := s.SetNotify(ctx, "ana", v, t0); err != nil {
			t.Fatal(err)
		}
		if dm, err := s.Notify(ctx, "ana"); err != nil || dm != v {
			t.Errorf("after setting %v: %v, %v", v, dm, err)
		}
	}
	if dm, _ := s.Notify(ctx, "ben"); dm {
		t.Error("another player's choice leaked")
	}
	if err := s.SetNotify(ctx, "", true, t0); !errors.Is(err, ErrInvalid) {
		t.Errorf("no user: %v, want ErrInvalid", err)
	}
}

// TestCardsPreference: a player's own card look reads back as set, every look and back to
// each table's, beside their choice of turn DMs, which neither changes; another player's is
// their own; a preference without a user or with no such look is refused and changes
// nothing.
func TestCardsPreference(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testCardsPreference)
}

func testCardsPreference(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	if p, err := s.CardsPreference(ctx, "ana"); err != nil || p != (table.CardsPreference{}) {
		t.Fatalf("never set: %+v, %v; want none", p, err)
	}
	if err := s.SetNotify(ctx, "ana", true, t0); err != nil {
		t.Fatal(err)
	}
	if p, err := s.CardsPreference(ctx, "ana"); err != nil || p != (table.CardsPreference{}) {
		t.Fatalf("after choosing DMs only: %+v, %v; want none", p, err)
	}
	for _, want := range []table.CardsPreference{
		{Own: true, Cards: table.CardsText}, {Own: true, Cards: table.CardsPictures},
		{Own: true, Cards: table.CardsFourColour}, {}, {Own: true, Cards: table.CardsText},
	} {
		if err := s.SetCardsPreference(ctx, "ana", want, t0); err != nil {
			t.Fatal(err)
		}
		if p, err := s.CardsPreference(ctx, "ana"); err != nil || p != want {
			t.Errorf("after setting %+v: %+v, %v", want, p, err)
		}
		if dm, err := s.Notify(ctx, "ana"); err != nil || !dm {
			t.Errorf("after setting cards %+v, notify = %v, %v; want true as chosen", want, dm, err)
		}
	}
	// A player who chose a look before any DMs has none.
	if err := s.SetCardsPreference(ctx, "ben", table.CardsPreference{Own: true, Cards: table.CardsFourColour}, t0); err != nil {
		t.Fatal(err)
	}
	if dm, err := s.Notify(ctx, "ben"); err != nil || dm {
		t.Errorf("ben chose a look only: notify = %v, %v; want false", dm, err)
	}
	if err := s.SetNotify(ctx, "ben", true, t0); err != nil {
		t.Fatal(err)
	}
	if p, err := s.CardsPreference(ctx, "ben"); err != nil || p != (table.CardsPreference{Own: true, Cards: table.CardsFourColour}) {
		t.Errorf("after ben's DMs, his look is %+v, %v; want four", p, err)
	}
	if p, _ := s.CardsPreference(ctx, "cy"); p != (table.CardsPreference{}) {
		t.Errorf("another player's look leaked: %+v", p)
	}
	for _, bad := range []struct {
		user string
		p    table.CardsPreference
	}{
		{"", table.CardsPreference{Own: true, Cards: table.CardsText}},
		{"ana", table.CardsPreference{Own: true, Cards: "pictures"}},
		{"ana", table.CardsPreference{Own: true, Cards: "braille"}},
		{"ana", table.CardsPreference{Cards: table.CardsFourColour}},
	} {
		if err := s.SetCardsPreference(ctx, bad.user, bad.p, t0); !errors.Is(err, ErrInvalid) {
			t.Errorf("SetCardsPreference(%q, %+v) = %v, want ErrInvalid", bad.user, bad.p, err)
		}
	}
	if p, err := s.CardsPreference(ctx, "ana"); err != nil || p != (table.CardsPreference{Own: true, Cards: table.CardsText}) {
		t.Errorf("after the refused writes, ana's look is %+v, %v; want text", p, err)
	}
}

// TestRatingHistory: every counted game adds a point to each player's rating history,
// overall and in its season, and the last point is the player's rating on the board.
func TestRatingHistory(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testRatingHistory)
}

func testRatingHistory(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	eg := scriptedGame(t, 0)
	seats := []table.Seat{ana, ben, cy, dee}
	season, err := s.StartSeason(ctx, "g1", "S", "c1", t0, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	for k := range 3 {
		playFinished(t, s, "g1", eg, seats, t0.Add(time.Duration(k+1)*time.Hour))
	}
	for _, sid := range []int64{league.Overall, season.ID} {
		hist, err := s.RatingHistory(ctx, "g1", sid, ana.UserID)
		if err != nil || len(hist) != 3 {
			t.Fatalf("season %d: %d points, %v; want 3", sid, len(hist), err)
		}
		for k := 1; k < 3; k++ {
			if !hist[k].At.After(hist[k-1].At) || hist[k].Rating.Mu <= hist[k-1].Rating.Mu {
				t.Errorf("season %d: point %d %+v after %+v: a winner's rating should rise", sid, k, hist[k], hist[k-1])
			}
		}
		board, err := s.Leaderboard(ctx, "g1", sid, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range board {
			if r.UserID == ana.UserID && r.Rating != hist[2].Rating {
				t.Errorf("season %d: board rating %+v, last point %+v", sid, r.Rating, hist[2].Rating)
			}
		}
	}
	if hist, err := s.RatingHistory(ctx, "g2", league.Overall, ana.UserID); err != nil || len(hist) != 0 {
		t.Errorf("another guild: %d points, %v", len(hist), err)
	}
}

// TestSoloResultRoundTrip records a three-handed game, where every player scores alone:
// its hands keep each seat's change and score, and its result each seat's score and place,
// with the winner a seat and no team scores.
func TestSoloResultRoundTrip(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSoloResultRoundTrip)
}

func testSoloResultRoundTrip(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	opts := map[string]string{"hands": "2", "target": "0"}
	rules := mustRules(t, "three-handed", opts)
	for seed := uint64(11); seed <= 13; seed++ {
		eg := playOut(t, rules, seed, 0)
		g := startGame(t, s, newGame("three-handed", opts, seed, humans(3)))
		saveLog(t, s, g.ID, eg, t0)
		fin, err := s.EndGame(ctx, g.ID, t0.Add(time.Hour), league.Finish)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Hands(ctx, g.ID)
		if err != nil || !reflect.DeepEqual(got, eg.Results()) {
			t.Fatalf("seed %d: hands %+v, %v; want %+v", seed, got, err, eg.Results())
		}
		res, err := s.GameResult(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sc := eg.SeatScores()
		if !reflect.DeepEqual(res.SeatScores, sc[:3]) || !reflect.DeepEqual(res.Places, fin.Result.Places) ||
			res.Winner != fin.Result.Winner || res.Scores != [2]int{} || len(res.Teams[0]) != 0 || !res.Counted {
			t.Fatalf("seed %d: result %+v, want seat scores %v, places %v, winner %d", seed, res, sc[:3], fin.Result.Places, fin.Result.Winner)
		}
		if eg.Winner() >= 0 && res.Winner != eg.Winner() {
			t.Errorf("seed %d: winner %d, the game's %d", seed, res.Winner, eg.Winner())
		}
	}
}
