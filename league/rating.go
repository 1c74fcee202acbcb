package league

import "math"

// Ratings follow Weng and Lin, "A Bayesian Approximation Method for Online Ranking" (JMLR
// 12, 2011), Algorithm 1 with the Bradley-Terry full-pairing model: the rating system known
// as OpenSkill. A player's skill is a normal belief N(Mu, Sigma²); a team's skill is the sum
// of its players' (means and variances add). After a game each team's belief moves by how
// much the result surprised the model, shared among its players in proportion to their
// variance, and each variance shrinks by how much the game told about it.
//
// The constants are OpenSkill's defaults, on a scale where a new player is 25 ± 25/3.
const (
	// InitialMu is a new player's mean skill.
	InitialMu = 25.0
	// InitialSigma is a new player's uncertainty: three of them span the scale from 0 to 50.
	InitialSigma = InitialMu / 3
	// Beta is the spread of one game's performance around skill: InitialSigma / 2.
	Beta = InitialSigma / 2
	// Kappa is the least share of a variance a game may leave, so that it stays positive.
	Kappa = 0.0001
	// Tau is added (as variance) to every player's uncertainty before each game, so that
	// ratings keep moving over months instead of freezing: InitialMu / 300.
	Tau = InitialMu / 300
)

// Rating is a player's skill: a normal belief with mean Mu and standard deviation Sigma.
type Rating struct {
	Mu    float64
	Sigma float64
}

// NewRating returns the rating of a player who has not played.
func NewRating() Rating { return Rating{Mu: InitialMu, Sigma: InitialSigma} }

// Display returns the rating shown and ranked: Mu - 3 Sigma, the skill the player has with
// near certainty (99.7%). A new player's is 0.
func (r Rating) Display() float64 { return r.Mu - 3*r.Sigma }

// Rate returns the ratings of every team's players after a game. ranks[i] is team i's place
// (lower is better; equal places are a draw). Every team must have at least one player.
//
// For teams i and q with summed means μ and variances σ², the model's chance that i beats
// q is p_iq = 1 / (1 + exp((μ_q - μ_i) / c_iq)) with c_iq² = σ_i² + σ_q² + 2β². With s = 1
// for a win over q, ½ for a draw and 0 for a loss:
//
//	Ω_i = Σ_q σ_i²/c_iq · (s - p_iq)
//	δ_i = Σ_q γ · σ_i²/c_iq² · p_iq · p_qi,  γ = σ_i / c_iq
//
// and each player j of team i becomes
//
//	μ_j ← μ_j + σ_j²/σ_i² · Ω_i
//	σ_j² ← σ_j² · max(1 - σ_j²/σ_i² · δ_i, κ)
//
// where σ_j² already includes τ². TestRateTwoVersusTwo works one game through by hand.
func Rate(teams [][]Rating, ranks []int) [][]Rating {
	type team struct{ mu, sigmaSq float64 }
	ts := make([]team, len(teams))
	out := make([][]Rating, len(teams))
	for i, players := range teams {
		out[i] = make([]Rating, len(players))
		for j, p := range players {
			s2 := p.Sigma*p.Sigma + Tau*Tau
			out[i][j] = Rating{Mu: p.Mu, Sigma: math.Sqrt(s2)}
			ts[i].mu += p.Mu
			ts[i].sigmaSq += s2
		}
	}
	for i, ti := range ts {
		var omega, delta float64
		for q, tq := range ts {
			if q == i {
				continue
			}
			c := math.Sqrt(ti.sigmaSq + tq.sigmaSq + 2*Beta*Beta)
			p := 1 / (1 + math.Exp((tq.mu-ti.mu)/c))
			s := 0.5
			switch {
			case ranks[i] < ranks[q]:
				s = 1
			case ranks[i] > ranks[q]:
				s = 0
			}
			gamma := math.Sqrt(ti.sigmaSq) / c
			omega += ti.sigmaSq / c * (s - p)
			delta += gamma * ti.sigmaSq / (c * c) * p * (1 - p)
		}
		for j, r := range out[i] {
			share := r.Sigma * r.Sigma / ti.sigmaSq
			out[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, Kappa)),
			}
		}
	}
	return out
}
