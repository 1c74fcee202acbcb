package event

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"
)

// A Date is a day of the civil calendar, as people in one time zone name it.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf returns the date t falls on in loc (UTC when loc is nil). The caller passes the
// time, so that the day turns over when its clock says, and the zone its server names.
func DateOf(t time.Time, loc *time.Location) Date {
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := t.In(loc).Date()
	return Date{y, m, d}
}

// String returns the date as in ISO 8601: 2026-03-01.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day) }

// DailySeed returns the seed of a server's daily deal: the first eight bytes, big-endian,
// of the SHA-256 of "pinochle daily deal\n", the guild's ID, "\n" and the date as String
// writes it. Everyone on the server plays the same deal that day, the next day's cannot be
// guessed from today's, and the seed never changes with the version that computes it.
func DailySeed(guildID string, day Date) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "pinochle daily deal\n%s\n%s", guildID, day)
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// A DailyComparison is how one result of a daily deal compares with par and with the
// others on the same deal.
type DailyComparison struct {
	// VersusPar is the score less par: above 0, better than par.
	VersusPar int
	// Rank is 1 more than the number of other results above this one; Field counts the
	// results, this one included.
	Rank, Field int
	// Percentile is the share of the other results this one beats, a tie counting half,
	// in percent (as a matchpoint percentage); 50 when nobody else has played.
	Percentile float64
}

// CompareDaily compares a daily-deal score with par (what the expert computer player
// scores in the same seat on the same deal) and with others, everyone else's scores that
// day (this one not among them). Higher scores are better.
func CompareDaily(score, par int, others []int) DailyComparison {
	c := DailyComparison{VersusPar: score - par, Rank: 1, Field: len(others) + 1, Percentile: 50}
	beaten := 0 // in halves
	for _, o := range others {
		switch {
		case o > score:
			c.Rank++
		case o < score:
			beaten += 2
		default:
			beaten++
		}
	}
	if len(others) > 0 {
		c.Percentile = 100 * float64(beaten) / float64(2*len(others))
	}
	return c
}
