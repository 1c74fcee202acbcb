package league

import "time"

// Recorded is what the store recorded when a game ended: its result and the rating
// changes of its human players.
type Recorded struct {
	Result GameResult
	// Changes are the rating changes of the game's human players, overall, in seat order;
	// empty when the game does not count.
	Changes []RatingChange
}

// RatingPoint is a player's rating after one counted game.
type RatingPoint struct {
	GameID int64
	At     time.Time
	Rating Rating
}

// GameResult is the result of a finished game.
type GameResult struct {
	GameID int64
	// Teams are the seats of each team, by seat number.
	Teams  [2][]int
	Scores [2]int
	// Winner is the winning team, or -1 for a draw.
	Winner int
	// Counted reports whether the game counts for records and ratings: all its seats are
	// humans, or the guild counts games with computer players.
	Counted bool
	// SeasonID is the season the game counts for, or 0 for none.
	SeasonID   int64
	FinishedAt time.Time
	// Forfeited reports that the game ended by a forfeit (Forfeit):
	// the team that is not Winner forfeited it.
	Forfeited bool
	// SeatScores and Places are a solo game's (three-handed, every player scoring alone):
	// each seat's final score and place, 1 for the winner; nil in team games. Winner is
	// then the winning seat, or -1 when first place is shared, and Teams and Scores are
	// empty.
	SeatScores, Places []int
}

// Record is a player's record in a guild, overall or for one season. Meld figures are in
// points of the tens scale: the meld of presets counted in ones is multiplied by 10, so
// that figures add up across presets.
type Record struct {
	UserID string
	Name   string
	// Rank is the player's place in the leaderboard, from 1.
	Rank     int
	SeasonID int64
	Games    int
	Wins     int
	Losses   int
	Draws    int
	// Hands is the number of hands played; HandsBid of those, the hands the player won the
	// auction; BidsMade and BidsSet how those ended.
	Hands     int
	HandsBid  int
	BidsMade  int
	BidsSet   int
	MeldTotal int
	HighMeld  int
	// PointsFor is the sum of the player's team's final scores over the games counted, and
	// PointsAgainst that of their opponents', in points of the tens scale.
	PointsFor     int
	PointsAgainst int
	// ThrownIn counts the hands the player threw in as bidder, and Left the games they left
	// before their end (a computer player finishing in their place).
	ThrownIn int
	Left     int
	Rating   Rating
}

// WinRate returns the share of games won, from 0 to 1.
func (r Record) WinRate() float64 {
	if r.Games == 0 {
		return 0
	}
	return float64(r.Wins) / float64(r.Games)
}

// AverageMeld returns the player's average meld per hand.
func (r Record) AverageMeld() float64 {
	if r.Hands == 0 {
		return 0
	}
	return float64(r.MeldTotal) / float64(r.Hands)
}

// PlayerStats is a player's record in a guild, overall and per season.
type PlayerStats struct {
	Overall Record
	Seasons []SeasonRecord
}

// SeasonRecord is a player's record in one season.
type SeasonRecord struct {
	Season Season
	Record Record
}

// Season is a league season of a guild. A game counts for the season whose [Start, End)
// contains its finish time.
type Season struct {
	ID      int64
	GuildID string
	Name    string
	Start   time.Time
	// End is when the season ends (exclusive); zero while it is open-ended.
	End time.Time
	// ChannelID is the channel the season was started in, where its final standings go;
	// empty when unknown.
	ChannelID string
}

// Contains reports whether t falls in the season.
func (s Season) Contains(t time.Time) bool {
	return !t.Before(s.Start) && (s.End.IsZero() || t.Before(s.End))
}
