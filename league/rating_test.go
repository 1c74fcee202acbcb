package league

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestRateTwoVersusTwo works one game through by hand. Team A is two new players, (25, 25/3)
// each; team B is (30, 5) and (20, 7). A wins.
//
// τ² = (1/12)² = 1/144 is added to every variance first:
//
//	A1, A2: 625/9 + 1/144 = 10001/144 = 69.45139   team A: μ = 50, σ² = 10001/72 = 138.90278
//	B1:     25 + 1/144    =  3601/144 = 25.00694
//	B2:     49 + 1/144    =  7057/144 = 49.00694   team B: μ = 50, σ² = 10658/144 = 74.01389
//
// 2β² = 2 (25/6)² = 625/18 = 34.72222, so c² = 138.90278 + 74.01389 + 34.72222 = 247.63889
// and c = 15.73655. The team means are equal, so p_AB = p_BA = 1/2.
//
//	Ω_A = 138.90278 / 15.73655 · (1 - 1/2) =  4.41338
//	Ω_B =  74.01389 / 15.73655 · (0 - 1/2) = -2.35166
//	γ_A = sqrt(138.90278) / 15.73655 = 11.78570 / 15.73655 = 0.74894
//	γ_B = sqrt(74.01389) / 15.73655  =  8.60313 / 15.73655 = 0.54670
//	δ_A = 0.74894 · 138.90278 / 247.63889 · 1/4 = 0.74894 · 0.56091 / 4 = 0.10502
//	δ_B = 0.54670 ·  74.01389 / 247.63889 · 1/4 = 0.54670 · 0.29888 / 4 = 0.04085
//
// Each A player holds half of A's variance:
//
//	μ = 25 + 0.5 · 4.41338 = 27.20669
//	σ = sqrt(69.45139 · (1 - 0.5 · 0.10502)) = sqrt(69.45139 · 0.94749) = sqrt(65.80448) = 8.11199
//
// B1 holds 25.00694 / 74.01389 = 0.33787 of B's variance, B2 0.66213:
//
//	μ_B1 = 30 - 0.33787 · 2.35166 = 29.20545   σ_B1 = sqrt(25.00694 · (1 - 0.33787 · 0.04085)) = 4.96607
//	μ_B2 = 20 - 0.66213 · 2.35166 = 18.44289   σ_B2 = sqrt(49.00694 · (1 - 0.66213 · 0.04085)) = 6.90517
func TestRateTwoVersusTwo(t *testing.T) {
	a := NewRating()
	teams := [][]Rating{{a, a}, {{Mu: 30, Sigma: 5}, {Mu: 20, Sigma: 7}}}
	got := Rate(teams, []int{0, 1})
	want := [][]Rating{{{27.20669, 8.11199}, {27.20669, 8.11199}}, {{29.20545, 4.96607}, {18.44289, 6.90517}}}
	for i := range want {
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if !near(g.Mu, w.Mu, 1e-5) || !near(g.Sigma, w.Sigma, 1e-5) {
				t.Errorf("team %d player %d: got (%.5f, %.5f), want (%.5f, %.5f)", i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
			}
		}
	}
	// The inputs are not changed.
	if teams[0][0] != a || teams[1][1] != (Rating{Mu: 20, Sigma: 7}) {
		t.Errorf("rate changed its input: %v", teams)
	}
}

// TestRateNewPlayers: four new players, the first team wins. Every variance is 10001/144, a
// team's 10001/72 = 138.90278; c² = 2 · 138.90278 + 34.72222 = 312.52778, c = 17.67846;
// p = 1/2; Ω = ±138.90278 / 17.67846 / 2 = ±3.92859, half of it to each player:
// winners 25 + 1.96429 = 26.96429, losers 23.03571. δ = (11.78570 / 17.67846) · (138.90278
// / 312.52778) / 4 = 0.66667 · 0.44445 / 4 = 0.07408, so σ = sqrt(69.45139 · (1 - 0.03704))
// = 8.17796 on both sides.
func TestRateNewPlayers(t *testing.T) {
	n := NewRating()
	got := Rate([][]Rating{{n, n}, {n, n}}, []int{0, 1})
	for j := range 2 {
		if w := got[0][j]; !near(w.Mu, 26.96429, 1e-5) || !near(w.Sigma, 8.17796, 1e-5) {
			t.Errorf("winner %d: got %+v, want (26.96429, 8.17796)", j, w)
		}
		if l := got[1][j]; !near(l.Mu, 23.03571, 1e-5) || !near(l.Sigma, 8.17796, 1e-5) {
			t.Errorf("loser %d: got %+v, want (23.03571, 8.17796)", j, l)
		}
	}
	if d := got[0][0].Display(); !near(d, 26.96429-3*8.17796, 1e-5) {
		t.Errorf("display rating %.5f", d)
	}
	if d := n.Display(); d != 0 {
		t.Errorf("a new player's display rating is %v, want 0", d)
	}
}

// TestRateDraw: a draw between equal teams moves no mean (s = p = 1/2) and shrinks every
// uncertainty as a win would; between unequal teams it moves the means towards each other.
func TestRateDraw(t *testing.T) {
	n := NewRating()
	got := Rate([][]Rating{{n, n}, {n, n}}, []int{0, 0})
	for i := range 2 {
		for j := range 2 {
			if r := got[i][j]; !near(r.Mu, 25, 1e-12) || !near(r.Sigma, 8.17796, 1e-5) {
				t.Errorf("team %d player %d: got %+v, want (25, 8.17796)", i, j, r)
			}
		}
	}
	strong, weak := Rating{Mu: 35, Sigma: 4}, Rating{Mu: 15, Sigma: 4}
	got = Rate([][]Rating{{strong, strong}, {weak, weak}}, []int{0, 0})
	if got[0][0].Mu >= 35 || got[1][0].Mu <= 15 {
		t.Errorf("draw of a strong and a weak team: got %+v, want the means to move together", got)
	}
}

// TestRateThreeVersusThree: six-handed teams. With equal variances the winners gain what
// the losers lose, and an upset (the weaker team wins) moves more than the expected result.
func TestRateThreeVersusThree(t *testing.T) {
	strong := []Rating{{30, 5}, {30, 5}, {30, 5}}
	weak := []Rating{{20, 5}, {20, 5}, {20, 5}}
	expected := Rate([][]Rating{strong, weak}, []int{0, 1})
	upset := Rate([][]Rating{strong, weak}, []int{1, 0})
	gain, loss := 0.0, 0.0
	for j := range 3 {
		gain += expected[0][j].Mu - 30
		loss += 20 - expected[1][j].Mu
	}
	if !near(gain, loss, 1e-9) || gain <= 0 {
		t.Errorf("expected win: team gain %v, team loss %v", gain, loss)
	}
	if up := upset[1][0].Mu - 20; up <= expected[0][0].Mu-30 {
		t.Errorf("upset gain %v is not more than expected gain %v", up, expected[0][0].Mu-30)
	}
}
