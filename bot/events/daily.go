package events

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// The daily deal: every day one deal for the whole server (event.DailySeed of the server and
// the day, in UTC), which /league daily plays privately, one hand, against computer players
// at the expert level, once a person. The game is an ordinary table kept out of every
// channel (table.Settings.Private): its player follows it in the private answers to their
// own command and clicks, and it keeps its state over the day. Its score is compared with
// par, what the expert scores in the same seat on the same deal, and with everyone else's.

// dailyLevel is the level of the computer players of the daily deal, and of par.
const dailyLevel = table.LevelExpert

// today returns the day it is for the daily deal.
func (r *Runner) today() event.Date { return event.DateOf(r.now(), nil) }

// Daily plays the day's deal privately: it starts the caller's hand, shows it again
// where they left it, or, once played, compares their score with par and the others'.
func (r *Runner) Daily(ctx context.Context, i *discordgo.Interaction, _ commands.Options) error {
	day := r.today()
	user := who.User(i)
	play, err := r.store.DailyPlay(ctx, i.GuildID, day, user.ID)
	switch {
	case err == nil && play.Status == club.PlayDone:
		return r.dailyResult(ctx, i, play)
	case err == nil:
		return r.showDaily(ctx, i, play)
	case !errors.Is(err, storage.ErrNotFound):
		return r.failed(i, "daily play", err)
	}
	deal, err := r.dailyDeal(ctx, i.GuildID, day)
	if err != nil {
		return r.failed(i, "daily deal", err)
	}
	rules, err := engine.NewRules(deal.Preset, deal.Options)
	if err != nil {
		return r.failed(i, "daily deal", err)
	}
	now := r.now()
	seats := make([]table.Seat, rules.Players)
	for s := range seats {
		seats[s] = table.Seat{Computer: dailyLevel, Name: present.DailyComputer(s, deal.Seat, rules.Players)}
	}
	seats[deal.Seat] = table.Seat{UserID: user.ID, Name: who.Name(i)}
	meta := table.Game{GuildID: i.GuildID, ChannelID: i.ChannelID, HostID: user.ID, Preset: deal.Preset, Options: deal.Options,
		Seed: deal.Seed, Seats: seats, Status: table.StatusLobby, CreatedAt: now, LastActivity: now,
		Settings: table.Settings{Level: dailyLevel, Ping: table.PingNever, Autoplay: true, Pace: table.PaceQuick, Private: true, Unrated: true}}
	id, err := r.store.CreateGame(ctx, meta)
	if err != nil {
		return r.failed(i, "daily game", err)
	}
	meta.ID = id
	play = club.DailyPlay{GuildID: i.GuildID, Day: day, UserID: user.ID, Name: who.Name(i), Game: id, Status: club.PlayPlaying, StartedAt: now}
	if err := r.store.StartDaily(ctx, play); err != nil {
		r.abandon(meta)
		if errors.Is(err, storage.ErrConflict) {
			return r.reply(i, present.MsgDailyOnce)
		}
		return r.failed(i, "daily play", err)
	}
	if err := r.tables.Add(meta, nil); err != nil {
		return r.failed(i, "daily game", err)
	}
	if rep, err := r.tables.Do(ctx, id, live.DealAssigned{}); err != nil || rep.Kind != live.ReplyStarted {
		return r.failed(i, "daily deal", errors.Join(err, fmt.Errorf("not dealt: %+v", rep.Notice)))
	}
	r.log.Info("daily deal started", "guild", i.GuildID, "day", day.String(), "game", id)
	if !deal.HasPar {
		r.wantPar(deal)
	}
	return r.command(ctx, i, id, live.ShowHand{By: who.Person(i), Token: i.Token}, false)
}

// dailyDeal returns the guild's deal of the day, recording it first: the guild's default
// rules, one hand, the player in the seat after the dealer (the first to bid).
func (r *Runner) dailyDeal(ctx context.Context, guildID string, day event.Date) (club.DailyDeal, error) {
	d, err := r.store.DailyDeal(ctx, guildID, day)
	if err == nil || !errors.Is(err, storage.ErrNotFound) {
		return d, err
	}
	set, err := r.store.Settings(ctx, guildID)
	if err != nil {
		return club.DailyDeal{}, err
	}
	preset, opts := set.DefaultPreset, oneHand(set.DefaultOptions)
	if !slices.Contains(r.presets, preset) {
		preset, opts = r.presets[0], oneHand(nil)
	}
	rules, err := engine.NewRules(preset, opts)
	if err != nil {
		preset, opts = r.presets[0], oneHand(nil)
		if rules, err = engine.NewRules(preset, opts); err != nil {
			return club.DailyDeal{}, err
		}
	}
	return r.store.EnsureDailyDeal(ctx, club.DailyDeal{GuildID: guildID, Day: day, Seed: event.DailySeed(guildID, day),
		Preset: preset, Options: opts, Seat: 1 % rules.Players})
}

// showDaily shows a player's hand of the day's deal again, where they left it.
func (r *Runner) showDaily(ctx context.Context, i *discordgo.Interaction, play club.DailyPlay) error {
	if len(r.tables.Tables(func(s *live.Summary) bool { return s.Game.ID == play.Game })) == 0 {
		// Its game is over, and its score not recorded yet.
		r.nudge()
		return r.reply(i, present.MsgDailyScoring)
	}
	return r.command(ctx, i, play.Game, live.ShowHand{By: who.Person(i), Token: i.Token}, false)
}

// dailyResult compares a player's score on the day's deal with par and everyone's,
// privately, with their streak.
func (r *Runner) dailyResult(ctx context.Context, i *discordgo.Interaction, play club.DailyPlay) error {
	deal, err := r.store.DailyDeal(ctx, play.GuildID, play.Day)
	if err != nil {
		return r.failed(i, "daily deal", err)
	}
	if !deal.HasPar {
		r.wantPar(deal)
	}
	plays, err := r.store.DailyPlays(ctx, play.GuildID, play.Day, play.Day)
	if err != nil {
		return r.failed(i, "daily plays", err)
	}
	var others []int
	for _, p := range plays {
		if p.UserID != play.UserID && p.Status == club.PlayDone {
			others = append(others, p.Score)
		}
	}
	days, err := r.store.DailyDays(ctx, play.GuildID, play.UserID, club.AddDays(play.Day, -400))
	if err != nil {
		return r.failed(i, "daily days", err)
	}
	return r.reply(i, present.DailyResult(play, deal, event.CompareDaily(play.Score, deal.Par, others), club.Streak(days, r.today())))
}

// Board shows the daily deal's board, for the channel: today's, or this week's from
// Monday, spoiler-free (no cards, no contracts of a day not over).
func (r *Runner) Board(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	today := r.today()
	from := today
	week := false
	if p, _ := commands.OptString(opts, commands.OptPeriod); p == commands.PeriodWeek {
		from, _ = club.WeekOf(today)
		week = true
	}
	plays, err := r.store.DailyPlays(ctx, i.GuildID, from, today)
	if err != nil {
		return r.failed(i, "daily plays", err)
	}
	deals, err := r.store.DailyDeals(ctx, i.GuildID, from, today)
	if err != nil {
		return r.failed(i, "daily deals", err)
	}
	pars := map[event.Date]int{}
	for _, d := range deals {
		if d.HasPar {
			pars[d.Day] = d.Par
		} else {
			r.wantPar(d)
		}
	}
	streaks := map[string]int{}
	for _, p := range plays {
		if _, ok := streaks[p.UserID]; ok {
			continue
		}
		days, err := r.store.DailyDays(ctx, i.GuildID, p.UserID, club.AddDays(today, -400))
		if err != nil {
			return r.failed(i, "daily days", err)
		}
		streaks[p.UserID] = club.Streak(days, today)
	}
	e := present.DailyBoard(week, from, today, club.Board(plays, pars), streaks, deals)
	return rest.Respond(r.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, AllowedMentions: &discordgo.MessageAllowedMentions{}}})
}

// dailyPass records the scores of the daily deals played to their end in the guilds served,
// and asks for the pars not worked out yet. It returns when it is next due: never, the
// games' ends wake the runner.
func (r *Runner) dailyPass(ctx context.Context) (next time.Time) {
	plays, err := r.store.OpenDailyPlays(ctx)
	if err != nil {
		r.log.Error("daily: read the plays under way", "err", err)
		return next
	}
	for _, p := range plays {
		if !r.serves(p.GuildID) {
			continue
		}
		g, err := r.store.GetGame(ctx, p.Game)
		if err != nil {
			r.log.Error("daily: read a play's game", "game", p.Game, "err", err)
			continue
		}
		if g.Status != table.StatusFinished {
			continue
		}
		deal, err := r.store.DailyDeal(ctx, p.GuildID, p.Day)
		if err != nil {
			r.log.Error("daily: read the deal", "guild", p.GuildID, "err", err)
			continue
		}
		res, err := r.store.GameResult(ctx, p.Game)
		if err != nil {
			r.log.Error("daily: read a play's result", "game", p.Game, "err", err)
			continue
		}
		hands, err := r.store.Hands(ctx, p.Game)
		if err != nil {
			r.log.Error("daily: read a play's hand", "game", p.Game, "err", err)
			continue
		}
		score, err := seatScore(g.Preset, g.Options, res, deal.Seat)
		if err != nil {
			r.log.Error("daily: score", "game", p.Game, "err", err)
			continue
		}
		contract := ""
		if len(hands) > 0 {
			contract = present.Contract(&g, hands[0])
		}
		if err := r.store.FinishDaily(ctx, p.GuildID, p.Day, p.UserID, score, contract, r.now()); err != nil &&
			!errors.Is(err, storage.ErrConflict) {
			r.log.Error("daily: record a score", "game", p.Game, "err", err)
			continue
		}
		r.log.Info("daily deal played", "guild", p.GuildID, "day", p.Day.String(), "game", p.Game, "score", score)
		if !deal.HasPar {
			r.wantPar(deal)
		}
	}
	return next
}

// seatScore returns what a seat scored in a finished game: its team's final score, or in a
// game where everyone scores alone, its own.
func seatScore(preset string, opts map[string]string, res league.GameResult, seat int) (int, error) {
	rules, err := engine.NewRules(preset, opts)
	if err != nil {
		return 0, err
	}
	if res.SeatScores != nil {
		if seat >= len(res.SeatScores) {
			return 0, fmt.Errorf("no seat %d in the result", seat)
		}
		return res.SeatScores[seat], nil
	}
	return res.Scores[rules.TeamOf(seat)], nil
}

// wantPar works out a deal's par, once at a time, in a goroutine of the runner's.
func (r *Runner) wantPar(d club.DailyDeal) {
	key := d.GuildID + "/" + d.Day.String()
	r.mu.Lock()
	if r.parsDue[key] || r.stopped || !r.started {
		r.mu.Unlock()
		return
	}
	r.parsDue[key] = true
	r.searching++
	r.work.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.work.Done()
		defer func() {
			r.mu.Lock()
			delete(r.parsDue, key)
			r.searching--
			r.changedLocked()
			r.mu.Unlock()
		}()
		if err := r.computePar(d); err != nil && r.ctx.Err() == nil {
			r.log.Error("daily: par could not be worked out", "guild", d.GuildID, "day", d.Day.String(), "err", err)
		}
	}()
}

// computePar plays a deal with expert computer players in every seat and records what the
// daily seat's side scores, and the contract.
func (r *Runner) computePar(d club.DailyDeal) error {
	rules, err := engine.NewRules(d.Preset, d.Options)
	if err != nil {
		return err
	}
	g, err := engine.NewGame(rules, d.Seed)
	if err != nil {
		return err
	}
	players := make([]computer.Player, rules.Players)
	for s := range players {
		if players[s], err = r.computer(string(dailyLevel), d.Seed+uint64(s)+1); err != nil {
			return err
		}
	}
	for !g.Over() && r.ctx.Err() == nil {
		seat := g.Turn()
		if seat < 0 {
			for s := range rules.Players {
				if g.Waiting(s) {
					seat = s
					break
				}
			}
		}
		if seat < 0 {
			return errors.New("nobody to move")
		}
		v := g.View(seat)
		var a engine.Action
		if sr, ok := players[seat].(computer.Searcher); ok {
			if a, err = sr.ChooseContext(r.ctx, v); err != nil {
				return err
			}
		} else {
			a = players[seat].Choose(v)
		}
		if err := g.Apply(a); err != nil {
			return fmt.Errorf("par: %w", err)
		}
	}
	if r.ctx.Err() != nil {
		return r.ctx.Err()
	}
	par := g.Scores()[rules.TeamOf(d.Seat)]
	if rules.Solo {
		par = g.SeatScores()[d.Seat]
	}
	contract := ""
	if res := g.Results(); len(res) > 0 {
		contract = present.ParContract(res[0], d.Seat)
	}
	ctx, cancel := context.WithTimeout(r.ctx, passLimit)
	defer cancel()
	if err := r.store.SetDailyPar(ctx, d.GuildID, d.Day, par, contract); err != nil {
		return err
	}
	r.log.Info("daily par worked out", "guild", d.GuildID, "day", d.Day.String(), "par", par)
	return nil
}

// computer makes a computer player of a level, as the tables' are made.
func (r *Runner) computer(level string, seed uint64) (computer.Player, error) {
	if r.players != nil {
		return r.players(level, seed)
	}
	return computer.New(level, seed)
}

// KeptPrivate reports whether a game is a daily deal kept from userID at now: a private
// table's game (table.Settings.Private) is its player's alone until the day it was dealt
// on is over (UTC, as the deal's day is), so that nobody sees the cards, the bidding or
// the score of a deal they may still play. Its player sees it always; everyone may look at
// it from the next day on.
func KeptPrivate(g *table.Game, userID string, now time.Time) bool {
	if !g.Settings.Private || g.SeatOf(userID) >= 0 {
		return false
	}
	day, dealt := event.DateOf(now, nil), event.DateOf(g.CreatedAt, nil)
	return !after(day, dealt)
}

// after reports whether day a comes after day b.
func after(a, b event.Date) bool {
	if a.Year != b.Year {
		return a.Year > b.Year
	}
	if a.Month != b.Month {
		return a.Month > b.Month
	}
	return a.Day > b.Day
}
