package league

import "time"

// Correction is what a server's admin did to its board, as its log keeps it.
type Correction string

// What an admin may do to a server's board.
const (
	CorrectExclude      Correction = "exclude"       // kept a member off the leaderboard (Detail: the member)
	CorrectInclude      Correction = "include"       // put them back on it
	CorrectVoid         Correction = "void"          // took a finished game's result back (Detail: the game)
	CorrectHide         Correction = "hide"          // hid the leaderboard
	CorrectShow         Correction = "show"          // showed it again
	CorrectSeasonStart  Correction = "season-start"  // started a season (Detail: its name)
	CorrectSeasonEnd    Correction = "season-end"    // ended the running season
	CorrectSeasonRename Correction = "season-rename" // renamed a season (Detail: old and new names)
	CorrectSeasonReset  Correction = "season-reset"  // started the running season's standings again
	CorrectOrganisers   Correction = "organisers"    // named the organiser role of events (Detail: the role, "" for none)
)

// LogEntry is one line of a server's admin log: who did what, and when.
type LogEntry struct {
	GuildID string
	// UserID is the admin.
	UserID string
	Action Correction
	// Detail is what the action was about, as its constant says.
	Detail string
	At     time.Time
}
