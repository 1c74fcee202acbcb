package event

import (
	"cmp"
	"hash/fnv"
	"slices"
)

// mix is SplitMix64's output function: a bijection of 64-bit words whose outputs look
// independent for inputs that differ in one bit.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// lot returns an entrant's lot in the draw that orders entrants with equal ratings.
func lot(seed uint64, id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return mix(seed ^ h.Sum64())
}

// seeded returns the entrants in seed order: by rating, highest first; then by lot, drawn
// from the seed; then by ID, should two lots be equal.
func seeded(seed uint64, entrants []Entrant) []Entrant {
	out := slices.Clone(entrants)
	lots := make(map[string]uint64, len(out))
	for _, en := range out {
		lots[en.ID] = lot(seed, en.ID)
	}
	slices.SortFunc(out, func(a, b Entrant) int {
		return cmp.Or(
			cmp.Compare(b.Rating, a.Rating),
			cmp.Compare(lots[a.ID], lots[b.ID]),
			cmp.Compare(a.ID, b.ID))
	})
	return out
}

// DealSeed returns the seed of deal number deal (from 1) of round number round of an
// event whose Seed is seed: mix(seed + mix(round<<32 | deal)), where mix is SplitMix64's
// output function. It depends on nothing else, so that a stored event deals the same
// cards after a restart and in every later version.
func DealSeed(seed uint64, round, deal int) uint64 {
	return mix(seed + mix(uint64(uint32(round))<<32|uint64(uint32(deal))))
}

// stream is a SplitMix64 random stream, for the draws the rules leave to chance.
type stream struct{ state uint64 }

// next returns the stream's next word.
func (s *stream) next() uint64 {
	x := s.state
	s.state += 0x9E3779B97F4A7C15
	return mix(x)
}

// intn returns a number from 0 to n-1, for n > 0 (with a bias below 2^-40 for the n an
// event has).
func (s *stream) intn(n int) int { return int(s.next() % uint64(n)) }
