package computer

import (
	"fmt"
	"math"

	"github.com/pinochle-discord/pinochle/engine"
)

// ISMCTS is the Expert with another card-play search: single-observer information-set
// Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012). Each iteration samples a
// deal consistent with what the seat knows, as the Expert does, and walks one tree of the
// seat's information sets: at each node it chooses, among the cards legal in that deal, by
// UCB1 counted on how often each card was available, adds one node, and plays the rest of
// the hand out with the quick policy. The auction, the trump, passes and the choice to play
// or throw in are the Expert's.
//
// It is kept to measure the Expert's search against, as a level of the duel package only.
// Its budget is the Expert's: PlaySamples iterations per legal card, the number of playouts
// the Expert's card play spends.
type ISMCTS struct {
	*Expert
	// Exploration is UCB1's constant, on rewards scaled to about [-1, 1].
	Exploration float64
}

// NewISMCTS returns the information-set MCTS player with budget b, drawing from seed.
func NewISMCTS(b Budget, seed uint64) *ISMCTS { return newISMCTS(b, seed) }

// newISMCTS returns the information-set MCTS player with budget b, drawing from seed.
func newISMCTS(b Budget, seed uint64) *ISMCTS {
	return &ISMCTS{Expert: newExpert(b, seed), Exploration: 0.7}
}

// Choose returns the player's action for the view's seat.
func (p *ISMCTS) Choose(v engine.View) engine.Action {
	a, _ := p.Hint(v)
	return a
}

// Hint returns the player's action and one line saying why.
func (p *ISMCTS) Hint(v engine.View) (engine.Action, string) {
	// Two- and three-handed have searches of their own (Expert.twoHanded,
	// Expert.threeHanded): the tree search plays the team presets' tricks only.
	if v.Phase() != engine.PhasePlay || v.Rules().Stock || v.Rules().Solo {
		return p.Expert.Hint(v)
	}
	a, why := p.play(&v)
	if v.Check(a) != nil {
		return fallback(&v), "The only sensible choice here."
	}
	return a, why
}

// isNode is a node of the tree: an information set of the observer, reached by a card.
type isNode struct {
	children map[engine.Card]*isNode
	visits   int
	avail    int
	// reward is the sum of the playouts' values to the team that played the card leading
	// here, scaled.
	reward float64
}

func (p *ISMCTS) play(v *engine.View) (engine.Action, string) {
	act := engine.Action{Seat: v.Seat(), Kind: engine.ActPlayCard}
	legal := v.Legal()
	if legal.Len() == 1 {
		act.Card = onlyCard(legal)
		return act, fmt.Sprintf("Play %s: it is your only legal card.", act.Card.Symbol())
	}
	k := know(v)
	sc := scoringOf(v)
	team := v.Rules().TeamOf(v.Seat())
	// Rewards are scaled by a hand's worth of points, so that the exploration constant
	// means the same in every preset.
	scale := 25 * float64(v.Rules().Scale())
	root := &isNode{children: map[engine.Card]*isNode{}}
	iterations := p.budget.PlaySamples * legal.Len()
	start := newDeal(v)
	for range iterations {
		hands := k.sample(p.rng)
		d := start
		d.setHands(&hands)
		node := root
		path := []*isNode{}
		movers := []int{}
		for !d.over() {
			moves := d.legal()
			var untried []engine.Card
			for c := engine.Card(0); c < engine.NumKinds; c++ {
				if !moves.Has(c) {
					continue
				}
				if child := node.children[c]; child != nil {
					child.avail++
				} else {
					untried = append(untried, c)
				}
			}
			mover := v.Rules().TeamOf(d.turn())
			if len(untried) > 0 {
				c := untried[p.rng.IntN(len(untried))]
				child := &isNode{children: map[engine.Card]*isNode{}, avail: 1}
				node.children[c] = child
				d.play(c)
				path, movers = append(path, child), append(movers, mover)
				break
			}
			best, bestScore := engine.Card(0), math.Inf(-1)
			for c := engine.Card(0); c < engine.NumKinds; c++ {
				if !moves.Has(c) {
					continue
				}
				ch := node.children[c]
				score := ch.reward/float64(ch.visits) + p.Exploration*math.Sqrt(math.Log(float64(ch.avail))/float64(ch.visits))
				if score > bestScore {
					best, bestScore = c, score
				}
			}
			node = node.children[best]
			d.play(best)
			path, movers = append(path, node), append(movers, mover)
			p.Nodes++
		}
		p.Nodes += d.cardsLeft()
		value := float64(d.rollout(&sc, team)) / scale
		p.Playouts++
		for i, n := range path {
			n.visits++
			if movers[i] == team {
				n.reward += value
			} else {
				n.reward -= value
			}
		}
	}
	var best engine.Card
	most := -1
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if ch := root.children[c]; legal.Has(c) && ch != nil && ch.visits > most {
			best, most = c, ch.visits
		}
	}
	act.Card = best
	mean := root.children[best].reward / float64(root.children[best].visits) * scale
	return act, fmt.Sprintf("Play %s: the search chose it in %d of %d tries, %+.0f points expected.",
		best.Symbol(), most, iterations, mean)
}
