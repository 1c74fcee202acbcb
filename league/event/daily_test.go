package event

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"
	"time"
)

func TestDateOf(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skipf("no time zone database here: %v", err)
	}
	// 03:30 UTC on 1 March 2026 is still the last evening of February in New York.
	at := time.Date(2026, time.March, 1, 3, 30, 0, 0, time.UTC)
	if got, want := DateOf(at, ny), (Date{2026, time.February, 28}); got != want {
		t.Errorf("DateOf in New York = %v, want %v", got, want)
	}
	if got, want := DateOf(at, nil), (Date{2026, time.March, 1}); got != want {
		t.Errorf("DateOf in UTC = %v, want %v", got, want)
	}
	if got := (Date{2026, time.March, 1}).String(); got != "2026-03-01" {
		t.Errorf("String() = %q", got)
	}
}

func TestDailySeed(t *testing.T) {
	// The seed is what its doc comment says, computed here independently.
	day := Date{2026, time.March, 1}
	sum := sha256.Sum256([]byte("pinochle daily deal\n123456789012345678\n2026-03-01"))
	if got, want := DailySeed("123456789012345678", day), binary.BigEndian.Uint64(sum[:8]); got != want {
		t.Errorf("DailySeed = %#x, want %#x", got, want)
	}
	// Another day, and another guild, deal otherwise.
	seeds := map[uint64]string{}
	for _, c := range []struct {
		guild string
		day   Date
	}{
		{"1", day}, {"2", day}, {"1", Date{2026, time.March, 2}}, {"1", Date{2027, time.March, 1}}, {"12", Date{2026, time.January, 1}},
	} {
		s := DailySeed(c.guild, c.day)
		if prev, dup := seeds[s]; dup {
			t.Errorf("guild %s on %v has the seed of %s", c.guild, c.day, prev)
		}
		seeds[s] = c.guild + " " + c.day.String()
	}
}

func TestCompareDaily(t *testing.T) {
	cases := []struct {
		name       string
		score, par int
		others     []int
		want       DailyComparison
	}{
		{"alone", 250, 300, nil, DailyComparison{VersusPar: -50, Rank: 1, Field: 1, Percentile: 50}},
		{"best of four", 400, 300, []int{100, 200, 300}, DailyComparison{VersusPar: 100, Rank: 1, Field: 4, Percentile: 100}},
		{"worst of four", 50, 300, []int{100, 200, 300}, DailyComparison{VersusPar: -250, Rank: 4, Field: 4, Percentile: 0}},
		// Beats 100 and ties 200 of the three others: 1½ of 3.
		{"a tie counts half", 200, 200, []int{200, 300, 100}, DailyComparison{VersusPar: 0, Rank: 2, Field: 4, Percentile: 50}},
		{"tied with everyone", 10, 0, []int{10, 10}, DailyComparison{VersusPar: 10, Rank: 1, Field: 3, Percentile: 50}},
		{"negative scores", -30, -10, []int{-50, -20}, DailyComparison{VersusPar: -20, Rank: 2, Field: 3, Percentile: 50}},
	}
	for _, c := range cases {
		if got := CompareDaily(c.score, c.par, c.others); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
