package main

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// TestPlayThreeHanded plays a whole three-handed game taking every suggestion and reads
// the story: the widow taken in sight of all, the bury told as a count, who plays alone
// and what the bidder needs, each player's score, never a team, and the end with places.
func TestPlayThreeHanded(t *testing.T) {
	const seed, user = 5, 1
	script, g := okScript(t, "three-handed", "", seed, user, nil)
	stdout, stderr, code := runTool(t, script, playArgs("three-handed", "", seed, user)...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	sc := g.SeatScores()
	wants := []string{
		"Pinochle, three-handed. You are seat 2, against seat 1 and seat 3: every player scores alone. " +
			"The high bidder takes the 3-card widow, buries 3 and plays alone against the other two. Seed 5.\n",
		"  — Hand 1: seat 1 deals. —\n",
		"(before the widow).\n", " the widow: ", " alone against ", " needs ",
		"\n  Game over. ", fmt.Sprintf("\nScores: you %d, seat 1 %d, seat 3 %d.\n", sc[1], sc[0], sc[2]),
		"seat 2 (you)", "type export FILE; anything else leaves: ",
	}
	w := g.Winner()
	switch {
	case w == user:
		wants = append(wants, fmt.Sprintf("\n  Game over. 🏆 You win with %d. ", sc[w]))
	case w >= 0:
		wants = append(wants, fmt.Sprintf("\n  Game over. 🏆 seat %d wins with %d. ", w+1, sc[w]))
	}
	for _, want := range wants {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, res := range g.Results() {
		if res.Bidder != user {
			continue
		}
		if !strings.Contains(stdout, "  You bury 3 cards: ") || !strings.Contains(stdout, "  You take the widow: ") {
			t.Errorf("the user bid in hand %d but the story does not tell its widow and bury", res.Hand)
		}
		break
	}
	for _, l := range lines(stdout) {
		if slip := grammarSlip.FindString(l); slip != "" {
			t.Errorf("%q in %q", slip, l)
		}
		// A need is told as part of the trick points only while it is one.
		if m := needOfTricks.FindStringSubmatch(l); m != nil {
			if need, total := atoi(t, m[1]), atoi(t, m[2]); need > total {
				t.Errorf("a need of %d of the %d trick points, in %q", need, total, l)
			}
		}
		for _, bad := range []string{"team", "seat 0", "seat -", "seat 4", "your side", "partner", "bidders"} {
			if strings.Contains(l, bad) {
				t.Errorf("%q in %q", bad, l)
			}
		}
	}
	if strings.Contains(stdout, "Goodbye") {
		t.Error("the game ended before its end")
	}
}

// needOfTricks finds a need told as a part of the points in the tricks.
var needOfTricks = regexp.MustCompile(`need (\d+) of the (\d+) points`)

// atoi reads a number the tool wrote.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// threeHandedBidder finds a three-handed deal in which the user, seat 1 taking every
// suggestion, wins the auction, and returns the script to the user's bury and the game
// then.
func threeHandedBidder(t *testing.T, options string, ok func(*engine.Game) bool) (string, *engine.Game, uint64) {
	t.Helper()
	for seed := uint64(1); seed < 80; seed++ {
		script, g := okScript(t, "three-handed", options, seed, 0, userTurn(0, engine.PhasePass))
		if !g.Over() && (ok == nil || ok(g)) {
			return script, g, seed
		}
	}
	t.Fatal("no three-handed deal in 80 has the user bid")
	return "", nil, 0
}

// TestPlayThreeHandedBury takes the widow as the bidder, names trump and buries: what the
// user reads of the widow and its meld, the bury's refusals (a card it lacks, too few
// cards, a melded card until typed again) and the stake it throws in for.
func TestPlayThreeHandedBury(t *testing.T) {
	// A deal whose bidder holds meld and at least three cards outside it.
	script, g, seed := threeHandedBidder(t, "hands=1", func(g *engine.Game) bool {
		h := g.Hand(0)
		m := engine.CountMeld(&h, g.Trump(), &g.Rules().Meld)
		used := m.Used()
		return m.Total > 0 && len(h.Cards())-used.Len() >= 3
	})
	w, _ := g.Widow()
	h := g.Hand(0)
	m := engine.CountMeld(&h, g.Trump(), &g.Rules().Meld)
	used := m.Used()
	var free []engine.Card
	rest := h
	for _, c := range h.Cards() {
		if rest[c] > used[c] && len(free) < 3 {
			free = append(free, c)
			rest[c]--
		}
	}
	// A melded card whose bury, beside two free cards, costs meld.
	var melded engine.Card
	var after engine.Meld
	found := false
	for _, c := range h.Cards() {
		kept := h
		kept[c]--
		kept[free[0]]--
		kept[free[1]]--
		if after = engine.CountMeld(&kept, g.Trump(), &g.Rules().Meld); used[c] > 0 && after.Total < m.Total {
			melded, found = c, true
			break
		}
	}
	if !found {
		t.Fatalf("seed %d: no card of the meld costs meld when buried", seed)
	}
	var missing engine.Card
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if !h.Has(c) {
			missing = c
			break
		}
	}
	withMeld := []engine.Card{melded, free[0], free[1]}
	bury := func(cards []engine.Card) string { return engine.FormatCards(cards) + "\n" }
	input := script + fmt.Sprintf("%s %s %s\n", missing, free[0], free[1]) + free[0].String() + "\n" +
		bury(withMeld) + "hand\n" + bury(withMeld) + "throw in\n"
	stdout, stderr, code := runTool(t, input, playArgs("three-handed", "hands=1", seed, 0)...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"  You take the widow: " + symbols(w) + ", and play alone against seat 2 and seat 3.\n",
		"(+ marks the widow's cards)\n",
		"(with the widow, before you bury).\n",
		fmt.Sprintf("Your meld as your hand stands (%s, the widow in it): %d\n", trumpText(g.Trump()), m.Total),
		"No one else sees the cards you bury; their counters count for you in tricks, and a buried card never melds.\nBury 3 cards [",
		"]:   you can only bury cards you hold\n",
		"]:   bury exactly 3 cards\n",
		fmt.Sprintf("]:   %s is part of your meld, and a buried card never melds: your meld would fall from %d to %d. "+
			"Type the same cards again to bury them anyway, or choose others.\n", melded.Symbol(), m.Total, after.Total),
		"  You bury 3 cards: " + sortedSymbols(withMeld) + ".\n",
		"Throw in and you lose " + fmt.Sprint(g.HighBid()) + ", and the others score their meld (seat 2 ",
		"Play the hand? (play, throw in) [",
		"  You throw in the hand.\n",
		fmt.Sprintf("  Hand 1 result. You bid %d in %s and threw in.\n", g.HighBid(), g.Trump().Symbol()),
		fmt.Sprintf("    You: the bid is lost → %+d, score %d\n", -g.HighBid(), -g.HighBid()),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// The widow's cards are marked in the hand until the bury, and not after.
	i := strings.Index(stdout, "  You take the widow")
	j := strings.Index(stdout, "  You bury ")
	if i < 0 || j < i {
		t.Fatalf("no widow then bury:\n%s", stdout)
	}
	for _, c := range w {
		if !strings.Contains(stdout[i:j], c.Symbol()+"+") {
			t.Errorf("%s of the widow is not marked in the hand before the bury", c.Symbol())
		}
	}
	if strings.Contains(stdout[j:], "+ marks") {
		t.Error("the hand still marks the widow after the bury")
	}
	if n := strings.Count(stdout, "  You bury "); n != 1 {
		t.Errorf("%d buries, want 1", n)
	}
}

// TestPlayThreeHandedBuryFree buries three cards outside the meld: no warning, the bury at
// once.
func TestPlayThreeHandedBuryFree(t *testing.T) {
	script, g, seed := threeHandedBidder(t, "hands=1", nil)
	h := g.Hand(0)
	m := engine.CountMeld(&h, g.Trump(), &g.Rules().Meld)
	used := m.Used()
	var free []engine.Card
	for _, c := range h.Cards() {
		if h[c] > used[c] && len(free) < 3 {
			free = append(free, c)
			used[c]++
		}
	}
	if len(free) < 3 {
		t.Skipf("seed %d: the bidder holds fewer than 3 cards outside its meld", seed)
	}
	stdout, _, _ := runTool(t, script+strings.ToLower(engine.FormatCards(free))+"\nquit\n", playArgs("three-handed", "hands=1", seed, 0)...)
	if strings.Contains(stdout, "part of your meld") || !strings.Contains(stdout, "  You bury 3 cards: "+sortedSymbols(free)+".\n") {
		t.Errorf("a bury outside the meld was not taken at once:\n%s", tail(stdout, 20))
	}
}

// TestPlayThreeHandedDefender plays as a defender to the first trick: the bidder's widow
// and bury as the others read them, and what the bidder needs at the trick's head.
func TestPlayThreeHandedDefender(t *testing.T) {
	for seed := uint64(1); seed < 80; seed++ {
		firstCard := func(g *engine.Game) bool {
			return g.Phase() == engine.PhasePlay && g.Waiting(0) && g.Bidder() != 0
		}
		script, g := okScript(t, "three-handed", "hands=1", seed, 0, firstCard)
		if g.Over() {
			continue
		}
		b := g.Bidder()
		v := g.View(0)
		need, _ := v.BiddersNeed()
		if need == 0 {
			continue // the bidder's meld reaches its bid: another sentence
		}
		w, _ := g.Widow()
		stdout, _, _ := runTool(t, script+"quit\n", playArgs("three-handed", "hands=1", seed, 0)...)
		bm, _ := g.Meld(b)
		for _, want := range []string{
			fmt.Sprintf("  seat %d takes the widow: %s, and plays alone against you and seat %d.\n", b+1, symbols(w), 4-b),
			fmt.Sprintf("  seat %d buries 3 cards.\n", b+1),
			fmt.Sprintf("    • seat %d: %d", b+1, bm.Total),
			fmt.Sprintf("\n  The bidder needs %d of the 250 points in the tricks.\n", need),
		} {
			if !strings.Contains(stdout, want) {
				t.Errorf("seed %d: output lacks %q:\n%s", seed, want, stdout)
			}
		}
		if len(g.TrickCards()) > 0 && !strings.Contains(stdout, fmt.Sprintf("Trick (%s trump; the bidder needs ", g.Trump().Symbol())) {
			t.Errorf("seed %d: the trick's head does not say what the bidder needs:\n%s", seed, tail(stdout, 10))
		}
		if strings.Contains(stdout, "You bury") || strings.Contains(stdout, "buries 3 cards:") {
			t.Errorf("seed %d: a defender reads the bury's cards", seed)
		}
		return
	}
	t.Fatal("no three-handed deal in 80 has the user defend")
}

// TestPlayThreeHandedTyped plays a three-handed game with every move typed out, random but
// legal, and checks that it ends as the same game played directly.
func TestPlayThreeHandedTyped(t *testing.T) {
	const seed = 24
	r, err := rulesFor("three-handed", "hands=2,target=0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := computer.New("random", seed)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSession(g, 2, strings.NewReader(""), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	buries := 0
	for !g.Over() {
		seat := s.nextSeat()
		a := s.bots[seat].Choose(g.View(seat))
		if seat == 2 {
			a = p.Choose(g.View(seat))
			script.WriteString(typed(a) + "\n")
			if a.Kind == engine.ActPassCards {
				buries++
				// A bury that costs meld waits for the same cards typed again.
				if _, before, after := s.buryCost(a.Cards); after < before {
					script.WriteString(typed(a) + "\n")
				}
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if buries == 0 {
		t.Fatal("the user never buries in this game: choose another seed")
	}
	stdout, stderr, code := runTool(t, script.String(), playArgs("three-handed", "hands=2,target=0", seed, 2)...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	sc := g.SeatScores()
	want := fmt.Sprintf("\nScores: you %d, seat 1 %d, seat 2 %d.\n", sc[2], sc[0], sc[1])
	if !strings.Contains(stdout, want) || strings.Contains(stdout, "Goodbye") {
		t.Errorf("output lacks %q; its end:\n%s", want, tail(stdout, 12))
	}
}

// TestPlayThreeHandedSheetAndExport plays a hand, shows the score sheet, exports the game,
// and reads it back with review and replay.
func TestPlayThreeHandedSheetAndExport(t *testing.T) {
	const seed, user = 3, 2
	secondHand := func(g *engine.Game) bool { return g.HandNumber() == 2 && g.Waiting(user) }
	script, g := okScript(t, "three-handed", "", seed, user, secondHand)
	if g.Over() || len(g.Results()) != 1 {
		t.Fatalf("the script ends in hand %d with %d results", g.HandNumber(), len(g.Results()))
	}
	path := filepath.Join(t.TempDir(), "three.json")
	stdout, stderr, code := runTool(t, script+"score\nexport "+path+"\nquit\n\n", playArgs("three-handed", "", seed, user)...)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	res := g.Results()[0]
	sc := res.SeatScores
	contract := fmt.Sprintf("%s %d %s", seatLabelOrYou(res.Bidder, user), res.Bid, res.Trump.Symbol())
	cell := func(s int) string {
		return fmt.Sprintf("%-16s", fmt.Sprintf("%+d → %d", res.SeatDelta[s], res.SeatScores[s]))
	}
	row := func(format string, args ...any) string {
		return strings.TrimRight(fmt.Sprintf(format, args...), " ") + "\n"
	}
	best := max(sc[0], sc[1])
	lead := fmt.Sprintf("you lead by %d", sc[2]-best)
	switch {
	case sc[2] == best:
		lead = "you share the lead"
	case sc[2] < best && sc[0] == sc[1]:
		lead = fmt.Sprintf("you trail seat 1 and seat 2 by %d", best-sc[2])
	case sc[2] < best && sc[0] > sc[1]:
		lead = fmt.Sprintf("you trail seat 1 by %d", best-sc[2])
	case sc[2] < best:
		lead = fmt.Sprintf("you trail seat 2 by %d", best-sc[2])
	}
	for _, want := range []string{
		"Score sheet, 1 hand (hand 2 is not finished):\n",
		row("  %4s  %-16s %-15s %-16s %-16s %-16s", "hand", "contract", "result", "seat 1", "seat 2", "seat 3 (you)"),
		row("     1  %-16s %-15s %s %s %s", contract, resultWord(&res), cell(0), cell(1), cell(2)),
		fmt.Sprintf("Scores: you %d, seat 1 %d, seat 2 %d: %s. The game is played to 1500.\n", sc[2], sc[0], sc[1], lead),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	f := readExport(t, path)
	if f.Rules.Preset != "three-handed" || len(f.Results) != 1 {
		t.Fatalf("export: preset %s, %d results", f.Rules.Preset, len(f.Results))
	}
	stdout, stderr, code = runTool(t, "", "replay", path)
	if want := fmt.Sprintf("1 hand, scores %d, %d and %d, the game is not finished.\n", sc[0], sc[1], sc[2]); code != 0 || stderr != "" || !strings.Contains(stdout, want) {
		t.Errorf("replay: exit %d, stderr %q, stdout %q; want %q", code, stderr, stdout, want)
	}
	stdout, _, code = runTool(t, "", "review", path)
	for _, want := range []string{"three-handed game, seed 3: Seat 1 (computer), Seat 2 (computer), Seat 3 (you)\n", "\nWidow\n", " buries "} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("review: exit %d, lacks %q:\n%s", code, want, stdout)
		}
	}
}

// TestThreeHandedTools checks meld, legal and simulate with --variant three-handed.
func TestThreeHandedTools(t *testing.T) {
	stdout, stderr, code := runTool(t, "", "meld", "--variant", "three-handed", "--trump", "S", "AS 10S KS QS JS QS JD 9S")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "three-handed, spades trump: ") || !strings.Contains(stdout, "run") {
		t.Errorf("meld: exit %d, stderr %q:\n%s", code, stderr, stdout)
	}
	// Fifteen cards fit a three-handed hand, sixteen do not.
	fifteen := "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H"
	if _, stderr, code := runTool(t, "", "meld", "--variant", "three-handed", fifteen); code != 0 {
		t.Errorf("meld of 15 cards: exit %d, %s", code, stderr)
	}
	if _, stderr, code := runTool(t, "", "meld", "--variant", "three-handed", fifteen+" 10H"); code != 2 || !strings.Contains(stderr, "a three-handed hand holds 15 cards, not 16") {
		t.Errorf("meld of 16 cards: exit %d, %q", code, stderr)
	}
	// Must trump: out of hearts, a trump that beats the one played.
	stdout, _, code = runTool(t, "", "legal", "--variant", "three-handed", "--trump", "S", "--hand", "AS 9S KC", "--trick", "AH 10S")
	if code != 0 || stdout != "AS\n" {
		t.Errorf("legal: exit %d, %q, want AS", code, stdout)
	}
	if _, stderr, code := runTool(t, "", "legal", "--variant", "three-handed", "--trump", "S", "--hand", "AS", "--trick", "AH 10S KH"); code != 2 || !strings.Contains(stderr, "each of the 3 players") {
		t.Errorf("legal with a full trick: exit %d, %q", code, stderr)
	}
	stdout, stderr, code = runTool(t, "", "simulate", "--variant", "three-handed", "--games", "3", "--seed", "4")
	if code != 0 || stderr != "" {
		t.Fatalf("simulate: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"variant        three-handed (at most 100", "players        baseline in all 3 seats", "games played   3\n",
		" the bidder, ", "thrown in (", "wins           seat 1 "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("simulate lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "team") || strings.Contains(stdout, "board set") {
		t.Errorf("simulate speaks of teams or board sets:\n%s", stdout)
	}
}

// TestSimulateThreeHandedFigures checks that the wins of every seat and the draws add up
// to the games, and the outcomes to the hands.
func TestSimulateThreeHandedFigures(t *testing.T) {
	r, err := rulesFor("three-handed", "hands=4,target=0")
	if err != nil {
		t.Fatal(err)
	}
	st, err := runSimulation(simConfig{rules: r, games: 12, seed: 3, players: "baseline"})
	if err != nil {
		t.Fatal(err)
	}
	var wins [engine.MaxPlayers]int
	draws := 0
	for i := range 12 {
		g, err := playGame(&r, "baseline", 3, i)
		if err != nil {
			t.Fatal(err)
		}
		if g.winner < 0 {
			draws++
		} else {
			wins[g.winner]++
		}
	}
	if st.games != 12 || st.wins != wins || st.draws != draws {
		t.Errorf("games %d, wins %v, draws %d: want 12 games, wins by seat %v, draws %d", st.games, st.wins, st.draws, wins, draws)
	}
	if st.made+st.set+st.thrown != st.hands || st.hands != 48 || st.board+st.instant != 0 {
		t.Errorf("hands %d but outcomes %d+%d+%d (board %d, by meld %d)", st.hands, st.made, st.set, st.thrown, st.board, st.instant)
	}
}
