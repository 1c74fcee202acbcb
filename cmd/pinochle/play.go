package main

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/internal/words"
)

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "play", play(args, stdin, stdout))
}

// play runs pinochle play: a game in the terminal, the user in one seat and computer
// players of the chosen level in the others.
func play(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("play", "[--variant V] [--seat N] [--seed S] [--level L] [--hints] [--options k=v,...]", stdout)
	variant := fs.String("variant", "racehorse", "the variant: "+strings.Join(engine.PresetNames(), ", "))
	seat := fs.Int("seat", 1, "your seat, from 1; seat 1 deals first")
	seed := fs.Uint64("seed", 0, "seed of the deals and the computer players (random when not given)")
	options := fs.String("options", "", "table options as k=v,k=v")
	level := fs.String("level", "easy", "the computer players' level: "+strings.Join(computer.Levels(), ", "))
	hints := fs.Bool("hints", false, "show the expert's choice and why at each of your turns")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if _, err := computer.New(*level, 0); err != nil {
		return usageError{err}
	}
	r, err := rulesFor(*variant, *options)
	if err != nil {
		return err
	}
	if *seat < 1 || *seat > r.Players {
		return badInput("no seat %d: a %s table seats 1 to %d", *seat, r.Preset, r.Players)
	}
	if !flagGiven(fs, "seed") {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return fmt.Errorf("choosing a seed: %w", err)
		}
		*seed = binary.LittleEndian.Uint64(b[:])
	}
	g, err := engine.NewGame(r, *seed)
	if err != nil {
		return fmt.Errorf("starting the game: %w", err)
	}
	s, err := newSession(g, *seat-1, stdin, stdout)
	if err != nil {
		return fmt.Errorf("starting the game: %w", err)
	}
	for seat := range s.bots {
		if s.bots[seat], err = computer.New(*level, g.Seed()+uint64(seat)); err != nil {
			return usageError{err}
		}
	}
	if *hints {
		p, _ := computer.New("expert", g.Seed()^0x5EED)
		s.hinter, _ = p.(computer.Hinter)
	}
	return s.run()
}

// flagGiven reports whether the flag was given on the command line.
func flagGiven(fs *flagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// errQuit ends a session at the user's request or at the end of the input.
var errQuit = errors.New("quit")

// session is an interactive game: it narrates the table and asks the user for its moves.
type session struct {
	g    *engine.Game
	r    *engine.Rules
	user int
	// narrator tells the game as the bot's thread does, in plain text, to the user as "you".
	narrator present.Narrator
	bots     []computer.Player
	hint     computer.Player
	// hinter, when set, gives the expert's choice and a line of why at each turn.
	hinter computer.Hinter
	in     *bufio.Scanner
	out    io.Writer
	// now tells the time the game started and ended, for its export file; create makes
	// a new file for an export and refuses one that exists.
	now     func() time.Time
	started time.Time
	create  func(path string) (io.WriteCloser, error)

	hand int // the hand whose cards were last shown
}

func newSession(g *engine.Game, user int, stdin io.Reader, stdout io.Writer) (*session, error) {
	r := g.Rules()
	hint, err := computer.New("baseline", g.Seed()^0x5EED)
	if err != nil {
		return nil, err
	}
	names := make([]string, r.Players)
	for seat := range names {
		names[seat] = seatLabel(seat)
	}
	s := &session{g: g, r: r, user: user, narrator: present.NewNarrator(present.Plain, names).To(user),
		in: bufio.NewScanner(stdin), out: stdout, hint: hint, now: time.Now, create: createNew}
	for seat := range r.Players {
		p, err := computer.New("baseline", g.Seed()+uint64(seat))
		if err != nil {
			return nil, err
		}
		s.bots = append(s.bots, p)
	}
	return s, nil
}

// run plays the game to its end, or until the user quits or the input ends.
func (s *session) run() error {
	switch {
	case s.r.Solo:
		s.printf("%s Seed %d.\n", s.soloIntro(), s.g.Seed())
	case s.r.Players == 2:
		s.printf("Pinochle, %s. You are %s, against %s. Seed %d.\n", s.r.Preset, seatLabel(s.user), seatLabel(1-s.user), s.g.Seed())
	default:
		s.printf("Pinochle, %s. You are %s, on %s with %s. Seed %d.\n",
			s.r.Preset, seatLabel(s.user), present.TeamName(s.r.TeamOf(s.user)), s.partners(), s.g.Seed())
	}
	if s.r.Stock {
		s.printf("At each prompt, ok takes the suggestion in brackets, and so does Enter.\n")
	} else {
		s.printf("At each prompt, ok takes the suggestion in brackets, and so does Enter except when you bid or decide to play.\n")
	}
	s.printf("Type help for more: you may review the game, export it or see the scores at any prompt; quit leaves.\n\n")
	v := s.g.View(s.user)
	s.tell(s.narrator.Dealt(&v, s.g.HandNumber(), s.g.Dealer()))
	s.started = s.now()
	for !s.g.Over() {
		if s.g.HandNumber() != s.hand {
			s.startHand()
		}
		seat := s.nextSeat()
		var a engine.Action
		if seat == s.user {
			var err error
			if a, err = s.ask(); err != nil {
				if errors.Is(err, errQuit) {
					s.printf("\n%s", s.sheet())
					if err := s.offerExport(); err != nil {
						return err
					}
					s.printf("Goodbye.\n")
					return nil
				}
				return err
			}
		} else {
			a = s.bots[seat].Choose(s.g.View(seat))
		}
		if err := s.apply(a); err != nil {
			return err
		}
	}
	s.printf("\n%s", s.sheet())
	return s.offerExport()
}

func (s *session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// tell writes the narrator's lines, set off by two spaces; a line of several lines (a meld,
// a hand's result) goes on by four.
func (s *session) tell(lines ...string) {
	for _, l := range lines {
		s.printf("  %s\n", strings.ReplaceAll(l, "\n", "\n    "))
	}
}

// nextSeat returns the seat to act: the user's when it is expected to act, else the first.
func (s *session) nextSeat() int {
	if s.g.Waiting(s.user) {
		return s.user
	}
	if t := s.g.Turn(); t >= 0 {
		return t
	}
	return waitingSeat(s.g)
}

// seatLabel names a seat for people, 1-based.
func seatLabel(seat int) string { return "seat " + strconv.Itoa(seat+1) }

// name names a seat in narration: "you" for the user.
func (s *session) name(seat int) string {
	if seat == s.user {
		return "you"
	}
	return seatLabel(seat)
}

// says joins a seat's name and a verb in the right person: "seat 2 bids", "you bid".
func (s *session) says(seat int, third, second string) string {
	if seat == s.user {
		return "you " + second
	}
	return seatLabel(seat) + " " + third
}

// partners names the user's teammates.
func (s *session) partners() string {
	var names []string
	for seat := range s.r.Players {
		if seat != s.user && s.r.TeamOf(seat) == s.r.TeamOf(s.user) {
			names = append(names, seatLabel(seat))
		}
	}
	return strings.Join(names, " and ")
}

// startHand shows the user its cards as a new hand begins; the narration has dealt it.
func (s *session) startHand() {
	s.hand = s.g.HandNumber()
	s.printf("\n")
	s.showHand(0)
}

// showHand writes the user's hand, one suit a line, with the cards of legal in brackets.
func (s *session) showHand(legal engine.CardSet) {
	h, got := s.g.Hand(s.user), s.received()
	mark := "(+ marks the cards passed to you)"
	if s.r.Solo {
		got, mark = s.widowInHand(), "(+ marks the widow's cards)"
	}
	marked := false
	if legal != 0 {
		s.printf("Your hand (you may play the cards in brackets):\n")
	} else {
		s.printf("Your hand:\n")
	}
	for suit := engine.Spades; suit < engine.NoSuit; suit++ {
		if h.SuitCount(suit) == 0 {
			continue
		}
		var b strings.Builder
		for r := engine.Ace; ; r-- {
			c := engine.NewCard(r, suit)
			for i := range h.Count(c) {
				text := c.Symbol()
				if i < got.Count(c) {
					text += "+"
					marked = true
				}
				switch {
				case legal == 0:
					fmt.Fprintf(&b, " %s", text)
				case legal.Has(c):
					fmt.Fprintf(&b, " [%s]", text)
				default:
					fmt.Fprintf(&b, "  %s ", text)
				}
			}
			if r == engine.Nine {
				break
			}
		}
		s.printf("  %s %s\n", suit.Symbol(), b.String())
	}
	if marked {
		s.printf("  %s\n", mark)
	}
	if s.r.Stock {
		v := s.g.View(s.user)
		if t := v.Tabled(s.user); t.Len() > 0 {
			s.printf("  of which on the table: %s\n", symbols(t.Cards()))
		}
	}
}

// showTable writes, in two-handed, the stock, the turned-up card and both tables.
func (s *session) showTable() {
	v := s.g.View(s.user)
	if v.StockSize() == 0 {
		return
	}
	c, _ := v.TurnUp()
	s.printf("Stock: %d cards, %s turned up under it.", v.StockSize(), c.Symbol())
	for _, seat := range []int{s.user, 1 - s.user} {
		t := v.Tabled(seat)
		if t.Len() > 0 {
			s.printf(" %s on the table: %s.", words.Capitalise(s.name(seat)), symbols(t.Cards()))
		}
	}
	s.printf(" Meld this hand: you %d, %s %d.\n", v.LaidMeldPoints(s.user), s.name(1-s.user), v.LaidMeldPoints(1-s.user))
}

// prefixed returns text after prefix, or nothing when text is empty.
func prefixed(prefix, text string) string {
	if text == "" {
		return ""
	}
	return prefix + text
}

// apply applies an action and tells it and what it did, from the engine's events, in the
// narrator's words; then what the user alone sees: the card it drew, its meld before a
// pass back.
func (s *session) apply(a engine.Action) error {
	phase := s.g.Phase()
	held, stock := s.g.Hand(s.user), s.g.StockSize()
	events, err := s.g.ApplyEvents(a)
	if err != nil {
		if a.Seat == s.user {
			return fmt.Errorf("applying your %v: %w", a, err)
		}
		return fmt.Errorf("a computer player's action %v was rejected: %w", a, err)
	}
	v := s.g.View(s.user)
	s.tell(s.narrator.Action(&v, a, events)...)
	for _, e := range events {
		if e.Kind == engine.EventMeldShown && s.g.HandNumber() == s.hand && !s.g.Over() {
			if need := s.needText(true); need != "" {
				s.tell(words.Capitalise(need) + ".")
			}
		}
	}
	if s.r.Stock && s.g.StockSize() < stock && s.g.HandNumber() == s.hand {
		s.showDraw(held, a)
	}
	if phase == engine.PhasePass && s.g.Phase() == engine.PhasePassBack {
		s.showPassBackMeld()
	}
	return nil
}

// received returns the cards passed to the user this hand that it holds, once they are
// in its hand (six-handed teammates pass all at once, when the last has chosen).
func (s *session) received() engine.Hand {
	var got engine.Hand
	if s.g.Phase() == engine.PhasePass {
		return got
	}
	v := s.g.View(s.user)
	for _, p := range v.Passes() {
		if p.To == s.user {
			for _, c := range p.Cards {
				got[c]++
			}
		}
	}
	h := s.g.Hand(s.user)
	for c := range got {
		got[c] = min(got[c], h[c])
	}
	return got
}

// showPassBackMeld writes the bidder's meld before it passes back: to everyone when the
// rules show it, else to the bidder alone.
func (s *session) showPassBackMeld() {
	m, shown := s.g.PassBackMeld()
	bidder := s.g.Bidder()
	switch {
	case shown && bidder == s.user:
		s.printf("Your meld, shown to the table before you pass back (%s): %d\n", trumpText(s.g.Trump()), m.Total)
	case shown:
		s.printf("%s meld before passing back (%s): %d\n", s.says(bidder, "shows its", "show your"), trumpText(s.g.Trump()), m.Total)
	case bidder == s.user:
		s.printf("Your meld as your hand stands (%s; only you see it): %d\n", trumpText(s.g.Trump()), m.Total)
	default:
		return
	}
	writeMeldItems(s.out, &m, "    ")
}

// showDraw tells, after both players drew from the stock, the card the user drew (held is
// its hand before action a), and what is left; the narration tells when the stock is gone.
func (s *session) showDraw(held engine.Hand, a engine.Action) {
	h := s.g.Hand(s.user)
	if a.Seat == s.user && a.Kind == engine.ActPlayCard {
		held[a.Card]--
	}
	var drew []engine.Card
	for c := range h {
		for range int(h[c]) - int(min(held[c], h[c])) {
			drew = append(drew, engine.Card(c))
		}
	}
	var line []string
	if len(drew) > 0 {
		line = append(line, fmt.Sprintf("You draw %s.", symbols(drew)))
	}
	if n := s.g.StockSize(); n > 0 {
		line = append(line, fmt.Sprintf("The stock holds %s.", words.Count(n, "card")))
	}
	s.tell(strings.Join(line, " "))
}

// needText says what the bidding side still needs in tricks to make its bid, once meld
// is shown; empty before. The long form says it in a sentence, the short one in a few
// words for the head of a trick.
func (s *session) needText(long bool) string {
	if s.r.Solo {
		return s.soloNeed(long)
	}
	v := s.g.View(s.user)
	need, ok := v.BiddersNeed()
	if !ok {
		return ""
	}
	bt := s.r.TeamOf(s.g.Bidder())
	who, verb := "the bidders", "need"
	if bt == s.r.TeamOf(s.user) {
		who, verb = "your side", "needs"
	}
	switch {
	case v.Moon():
		return who + " must take every trick"
	case need == 0 && long:
		return fmt.Sprintf("%s %s nothing more in tricks: meld %d and tricks %d reach the bid", who, verb, v.TeamMeld(bt), v.TrickPoints(bt))
	case need == 0:
		return "bid reached"
	case long && v.TrickPoints(bt) == 0:
		return fmt.Sprintf("%s %s %d of the %d points in the tricks", who, verb, need, s.r.TrickTotal())
	case long:
		return fmt.Sprintf("%s %s %d more in tricks", who, verb, need)
	}
	return fmt.Sprintf("%s %s %d more", who, verb, need)
}

// ask prompts the user for an action until the engine accepts one. It returns errQuit
// when the user quits or the input ends.
func (s *session) ask() (engine.Action, error) {
	hint := s.hint.Choose(s.g.View(s.user))
	if s.hinter != nil {
		var why string
		hint, why = s.hinter.Hint(s.g.View(s.user))
		s.printf("💡 %s\n", why)
	}
	prompt := s.describeTurn(hint)
	var confirm []engine.Card // a bury of meld the user was warned of, to bury if typed again
	for {
		s.printf("%s [%s]: ", prompt, hintText(hint))
		line, err := s.readLine()
		if err != nil {
			return engine.Action{}, err
		}
		word, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch low := strings.ToLower(line); {
		case low == "" && s.g.Phase() == engine.PhaseBidding:
			// A stray Enter must not bid or pass for the user, nor play or throw in the
			// hand: each is for good.
			s.printf("  Enter does not bid: type %s (or ok) to take the suggestion, another bid, or pass.\n", hintText(hint))
			continue
		case low == "" && s.g.Phase() == engine.PhaseDecide:
			s.printf("  Enter does not decide: type %s (or ok) to take the suggestion, or another choice.\n", hintText(hint))
			continue
		case low == "" || low == "ok":
			return hint, nil
		case low == "quit" || low == "exit" || low == "q":
			return engine.Action{}, errQuit
		case low == "help" || low == "?":
			s.printf("%s\n%s\n", s.help(), commandsHelp)
			continue
		case low == "hand":
			s.showHand(s.g.LegalCards(s.user))
			continue
		case low == "score" || low == "scores":
			s.printf("%s", s.sheet())
			continue
		case strings.EqualFold(word, "review"):
			s.review(rest)
			continue
		case strings.EqualFold(word, "export"):
			if rest == "" {
				s.printf("  name the file to write, such as: export game.json\n")
			} else if err := s.export(rest); err != nil {
				s.printf("  %v\n", err)
			}
			continue
		}
		a, err := s.parse(line)
		if err == nil {
			err = s.g.Check(a)
		}
		if err != nil {
			s.printf("  %v\n", err)
			continue
		}
		if a.Kind == engine.ActPassCards && s.g.PassTarget(s.user) < 0 && (confirm == nil || !sameCards(confirm, a.Cards)) {
			// The rules let the bidder bury any card, meld too; a buried card no longer
			// melds, so a bury that costs meld waits for the same cards typed again.
			if melded, before, after := s.buryCost(a.Cards); after < before {
				s.printf("  %s %s part of your meld, and a buried card never melds: your meld would fall from %d to %d. "+
					"Type the same cards again to bury them anyway, or choose others.\n",
					symbols(melded), map[bool]string{true: "is", false: "are"}[len(melded) == 1], before, after)
				confirm = a.Cards
				continue
			}
		}
		return a, nil
	}
}

// commandsHelp lists what the user may type at any prompt besides a move.
const commandsHelp = "At any prompt: ok takes the suggestion in brackets (so does Enter, except when you bid or decide to play); " +
	"hand shows your hand; score the score sheet; review shows the finished hands, review N hand N; " +
	"export FILE writes the game so far to FILE, for pinochle review and replay; quit leaves."

// readLine reads the user's next line, trimmed. The end of the input is errQuit.
func (s *session) readLine() (string, error) {
	if !s.in.Scan() {
		if err := s.in.Err(); err != nil {
			return "", fmt.Errorf("reading your answer: %w", err)
		}
		return "", errQuit
	}
	return strings.TrimSpace(s.in.Text()), nil
}

// describeTurn writes what the user must decide and returns the prompt.
func (s *session) describeTurn(hint engine.Action) string {
	g := s.g
	switch g.Phase() {
	case engine.PhaseBidding:
		v := g.View(s.user)
		auction := "no bids yet"
		if bids := v.Auction(); len(bids) > 0 {
			auction = s.narrator.Auction(bids, len(bids))
		}
		s.printf("Auction: %s\n", auction)
		bids := g.NextBids(4)
		s.bidOutlook(bids[0])
		if g.MustBid() {
			return fmt.Sprintf("Everyone else passed: you must bid (%s …)", joinInts(bids))
		}
		return fmt.Sprintf("Your bid (%s … or pass)", joinInts(bids))
	case engine.PhaseTrump:
		s.showHand(0)
		if s.r.Solo {
			s.meldByTrump("(with the widow, before you bury)")
		}
		var names []string
		for suit := engine.Spades; suit < engine.NoSuit; suit++ {
			if g.TrumpChoices()&(1<<suit) != 0 {
				names = append(names, suit.Symbol()+" "+suit.Name())
			}
		}
		return fmt.Sprintf("You won the bid at %d. Name trump (%s)", g.HighBid(), strings.Join(names, ", "))
	case engine.PhasePass, engine.PhasePassBack:
		s.showHand(0)
		rule := g.PassRuleFor(s.user)
		if g.PassTarget(s.user) < 0 {
			s.showBuryMeld()
			s.printf("No one else sees the cards you bury; their counters count for you in tricks, and a buried card never melds.\n")
			return fmt.Sprintf("Bury %s", words.Count(rule.Count, "card"))
		}
		if rule.Need > 0 {
			s.printf("Your meld is shown: at least %d must come from %s.\n", rule.Need, symbols(rule.Prefer.Cards()))
		}
		return fmt.Sprintf("Pass %s to %s", words.Count(rule.Count, "card"), s.name(g.PassTarget(s.user)))
	case engine.PhaseDecide:
		s.showHand(0)
		v := g.View(s.user)
		if s.r.Solo {
			s.soloDecision()
		} else {
			s.printf("Your bid is %d and your side's meld %d: %s.\n", g.HighBid(), v.TeamMeld(s.r.TeamOf(s.user)), s.needText(true))
		}
		var opts []string
		for _, k := range g.DecideChoices() {
			opts = append(opts, decideWord[k])
		}
		return "Play the hand? (" + strings.Join(opts, ", ") + ")"
	case engine.PhaseMeld:
		s.showHand(0)
		s.showTable()
		choices := g.MeldChoices()
		if len(choices) == 0 {
			return "You took the trick but have no meld to lay: draw"
		}
		s.printf("You took the trick and may lay one meld before you draw:\n")
		for i, m := range choices {
			s.printf("  %d. %s (%s): %s\n", i+1, m.Name(), symbols(m.Cards()), words.Count(int(m.Points), "point"))
		}
		return fmt.Sprintf("Your meld (1 to %d, or draw)", len(choices))
	case engine.PhasePlay:
		if s.r.Stock {
			s.showTable()
		}
		if trick := g.TrickCards(); len(trick) > 0 {
			s.printf("Trick (%s trump%s): %s\n", g.Trump().Symbol(), prefixed("; ", s.needText(false)), s.narrator.Played(trick))
		} else {
			s.printf("You lead (%s%s).\n", trumpText(g.Trump()), prefixed("; ", s.needText(false)))
		}
		s.showHand(g.LegalCards(s.user))
		return "Your card"
	}
	return "Your move"
}

// meldByTrump writes the user's meld with each suit as trump, its hand as it stands (when
// says when that is), and returns the best meld and its suit.
func (s *session) meldByTrump(when string) (best int, bestSuit engine.Suit) {
	h := s.g.Hand(s.user)
	best, bestSuit = -1, engine.NoSuit
	var parts []string
	for suit := engine.Spades; suit < engine.NoSuit; suit++ {
		m := engine.CountMeld(&h, suit, &s.r.Meld)
		parts = append(parts, fmt.Sprintf("%s %d", suit.Symbol(), m.Total))
		if m.Total > best {
			best, bestSuit = m.Total, suit
		}
	}
	s.printf("Your meld by trump: %s %s.\n", strings.Join(parts, " · "), when)
	return best, bestSuit
}

// bidOutlook writes the user's meld in each trump and what its side would need in tricks
// at the lowest bid it may make, on the user's meld alone.
func (s *session) bidOutlook(bid int) {
	when := "(before any pass)"
	if s.r.Solo {
		when = "(before the widow)"
	}
	best, bestSuit := s.meldByTrump(when)
	if s.r.Solo {
		need := s.r.TricksNeeded(bid, best)
		if need > s.r.TrickTotal() {
			s.printf("Bidding %d with %s trump, your meld leaves %d to take in tricks, more than the %d there are: the widow's %s would have to bring meld.\n",
				bid, bestSuit.Symbol(), need, s.r.TrickTotal(), words.Count(s.r.Widow, "card"))
			return
		}
		s.printf("Bidding %d with %s trump, you would need %d of the %d points in the tricks, before the widow's %s and your bury.\n",
			bid, bestSuit.Symbol(), need, s.r.TrickTotal(), words.Count(s.r.Widow, "card"))
		return
	}
	partners := "partner melds"
	if strings.Contains(s.partners(), " and ") {
		partners = "partners meld"
	}
	s.printf("Bidding %d with %s trump, your side would need %d of the %d points in the tricks, less what your %s.\n",
		bid, bestSuit.Symbol(), s.r.TricksNeeded(bid, best), s.r.TrickTotal(), partners)
}

// decideHelp says what each choice before play does, for help.
var decideHelp = map[engine.ActionKind]string{
	engine.ActPlayHand:  "play to play the hand",
	engine.ActThrowIn:   "throw in to concede it",
	engine.ActShootMoon: "moon to shoot the moon",
}

var decideWord = map[engine.ActionKind]string{
	engine.ActPlayHand:  "play",
	engine.ActThrowIn:   "throw in",
	engine.ActShootMoon: "moon",
}

// hintText writes an action as the user would type it.
func hintText(a engine.Action) string {
	switch a.Kind {
	case engine.ActBid:
		return strconv.Itoa(a.Bid)
	case engine.ActPass:
		return "pass"
	case engine.ActTrump:
		return a.Suit.Name()
	case engine.ActPassCards:
		return engine.FormatCards(a.Cards)
	case engine.ActPlayHand, engine.ActThrowIn, engine.ActShootMoon:
		return decideWord[a.Kind]
	case engine.ActPlayCard:
		return a.Card.String()
	case engine.ActDraw:
		return "draw"
	case engine.ActDeclareOut:
		return "declare"
	case engine.ActMeld:
		return engine.FormatCards(a.Cards)
	}
	return a.String()
}

// parse reads the user's answer to the current prompt as an action.
func (s *session) parse(line string) (engine.Action, error) {
	a := engine.Action{Seat: s.user}
	low := strings.ToLower(line)
	if s.r.DeclareOut && (low == "declare" || low == "declare out") {
		a.Kind = engine.ActDeclareOut
		return a, nil
	}
	switch s.g.Phase() {
	case engine.PhaseBidding:
		if low == "pass" || low == "p" {
			a.Kind = engine.ActPass
			return a, nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(low, "bid")))
		if err != nil {
			return a, fmt.Errorf("type a bid such as %d, or pass", s.g.MinNextBid())
		}
		a.Kind, a.Bid = engine.ActBid, n
	case engine.PhaseTrump:
		suit, err := engine.ParseSuit(line)
		if err != nil {
			return a, err
		}
		a.Kind, a.Suit = engine.ActTrump, suit
	case engine.PhasePass, engine.PhasePassBack:
		cards, err := engine.ParseCards(line)
		if err != nil {
			return a, err
		}
		a.Kind, a.Cards = engine.ActPassCards, cards
	case engine.PhaseDecide:
		switch low {
		case "play", "p":
			a.Kind = engine.ActPlayHand
		case "throw", "throw in", "throwin", "t":
			a.Kind = engine.ActThrowIn
		case "moon", "shoot", "shoot the moon", "m":
			a.Kind = engine.ActShootMoon
		default:
			var choices []string
			for _, k := range s.g.DecideChoices() {
				choices = append(choices, decideWord[k])
			}
			return a, fmt.Errorf("type %s", words.Join(choices, "or"))
		}
	case engine.PhasePlay:
		c, err := engine.ParseCard(line)
		if err != nil {
			return a, err
		}
		a.Kind, a.Card = engine.ActPlayCard, c
	case engine.PhaseMeld:
		choices := s.g.MeldChoices()
		if low == "draw" || low == "d" || low == "none" || low == "no" {
			a.Kind = engine.ActDraw
			return a, nil
		}
		if n, err := strconv.Atoi(low); err == nil {
			if n < 1 || n > len(choices) {
				return a, fmt.Errorf("choose a meld from 1 to %d, or draw", len(choices))
			}
			a.Kind, a.Cards = engine.ActMeld, choices[n-1].Cards()
			return a, nil
		}
		cards, err := engine.ParseCards(line)
		if err != nil {
			return a, fmt.Errorf("type the number of a meld, its cards, or draw")
		}
		a.Kind, a.Cards = engine.ActMeld, cards
	}
	return a, nil
}

// help explains the current prompt.
func (s *session) help() string {
	switch s.g.Phase() {
	case engine.PhaseBidding:
		if s.r.Solo {
			return fmt.Sprintf("Type a bid (a number) or pass. The highest bidder takes the widow, names trump, buries %d cards and must score its bid alone against the other two.", s.r.PassCount)
		}
		return "Type a bid (a number) or pass. The highest bidder names trump; the bidding team must score its bid."
	case engine.PhaseTrump:
		return "Type a suit: S H D C, ♠ ♥ ♦ ♣, or a name such as hearts."
	case engine.PhasePass, engine.PhasePassBack:
		if s.g.PassTarget(s.user) < 0 {
			return "Type the cards to bury separated by spaces, such as 9C 9C JH. Their counters count for you in tricks; a buried card never melds."
		}
		return "Type the cards to pass separated by spaces, such as AS 10H 9C."
	case engine.PhaseDecide:
		var ways []string
		for _, k := range s.g.DecideChoices() {
			ways = append(ways, decideHelp[k])
		}
		return "Type " + words.Join(ways, "or") + "."
	case engine.PhasePlay:
		if s.r.Stock && s.g.StockSize() > 0 {
			return "Type any card of your hand, such as AS, 10h or K♦: while the stock lasts you need not follow suit. Win the trick to lay a meld." + s.declareHelp()
		}
		return "Type a card in brackets, such as AS, 10h or K♦. Type hand to see your hand again."
	case engine.PhaseMeld:
		return "Type the number of a meld to lay it on the table, or draw to lay none. Each meld needs a new card from your hand." + s.declareHelp()
	}
	return "Press Enter to take the suggestion."
}

// declareHelp explains declaring out, at tables that play it.
func (s *session) declareHelp() string {
	if !s.r.DeclareOut {
		return ""
	}
	return fmt.Sprintf(" Type declare to declare out: you win at once if your score with this hand's meld and tricks reaches %d, and lose if not.", s.r.Target)
}

// trumpText names a trump suit for narration: "spades trump", or "no trump".
func trumpText(t engine.Suit) string {
	if t == engine.NoSuit {
		return "no trump"
	}
	return t.Name() + " trump"
}

func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}
