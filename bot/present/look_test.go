package present

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// TestLookOf: a card look becomes pictures, a deck and emojis, and text is words alone.
func TestLookOf(t *testing.T) {
	emojis := lookEmojis.Emojis
	for _, tt := range []struct {
		cards    table.Cards
		pictures bool
		want     Look
	}{
		{table.CardsPictures, true, Look{Pictures: true, Emojis: emojis}},
		{table.CardsFourColour, true, Look{Pictures: true, Deck: picture.FourColour, Emojis: emojis}},
		{table.CardsText, true, Look{}},
		// A host that draws no pictures keeps the card faces of the look.
		{table.CardsPictures, false, Look{Emojis: emojis}},
		{table.CardsFourColour, false, Look{Deck: picture.FourColour, Emojis: emojis}},
		{table.CardsText, false, Look{}},
	} {
		got := LookOf(tt.cards, tt.pictures, emojis)
		if got.Pictures != tt.want.Pictures || got.Deck != tt.want.Deck || len(got.Emojis) != len(tt.want.Emojis) {
			t.Errorf("LookOf(%s, pictures %v) = pictures %v, deck %v, %d emojis; want %v, %v, %d",
				tt.cards, tt.pictures, got.Pictures, got.Deck, len(got.Emojis), tt.want.Pictures, tt.want.Deck, len(tt.want.Emojis))
		}
	}
}

// TestHandInWords: a hand in the text look has no picture and no card emoji (the
// application's; a button may keep a Unicode one, such as Refresh's), on its buttons
// or in its words; its card buttons carry the cards' symbols; and it says what the same hand
// in pictures says.
func TestHandInWords(t *testing.T) {
	meta, g := gameAt(t, engine.PhasePlay)
	v := g.View(g.Turn())
	words := statsOf(t, "hand in words", HandMessage(painter(t), meta, &v, HandOptions{}, LookOf(table.CardsText, true, lookEmojis.Emojis)))
	pics := statsOf(t, "hand in pictures", HandMessage(painter(t), meta, &v, HandOptions{}, LookOf(table.CardsPictures, true, nil)))
	if len(words.files) != 0 || len(words.refs) != 0 {
		t.Errorf("the hand in words has files %d and pictures %v", len(words.files), words.refs)
	}
	if len(pics.files) == 0 {
		t.Fatal("the hand in pictures has no picture")
	}
	if strings.Join(words.texts, "\n") != strings.Join(pics.texts, "\n") {
		t.Errorf("the words differ:\n%q\nin pictures:\n%q", words.texts, pics.texts)
	}
	if text := strings.Join(words.texts, "\n"); strings.Contains(text, "<:p_") || !strings.Contains(text, "Your hand") {
		t.Errorf("the hand in words is not in words:\n%s", text)
	}
	symbols := 0
	for _, c := range words.controls {
		if c.Emoji != nil && c.Emoji.ID != "" {
			t.Errorf("button %q has the card emoji %+v", c.Label, c.Emoji)
		}
		for _, card := range v.Cards() {
			if strings.Contains(c.Label, card.Symbol()) {
				symbols++
				break
			}
		}
	}
	if symbols == 0 {
		t.Errorf("no button names a card: %v", labelsOf(words.controls))
	}
}

// labelsOf lists the labels of controls.
func labelsOf(bs []v2Component) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Label)
	}
	return out
}

// TestCardsPreferenceAnswer: the answer to /pinochle cards names the look, says it is the
// player's own and leaves public messages to the table, and warns when the bot draws no
// pictures.
func TestCardsPreferenceAnswer(t *testing.T) {
	text := table.CardsPreference{Own: true, Cards: table.CardsText}
	four := table.CardsPreference{Own: true, Cards: table.CardsFourColour}
	for _, tt := range []struct {
		p                 table.CardsPreference
		changed, pictures bool
		want, not         []string
	}{
		{text, true, true, []string{"Done:", "in words", "every server", "Public table messages keep"}, []string{"Change it", "no pictures for now"}},
		{four, false, true, []string{"four-colour", "Change it with `/pinochle cards look:`"}, []string{"Done:", "no pictures for now"}},
		{four, true, false, []string{"four-colour", "no pictures for now"}, nil},
		{text, true, false, []string{"in words"}, []string{"no pictures for now"}},
		{table.CardsPreference{}, true, true, []string{"Done:", "as each table shows them"}, []string{"every server"}},
		{table.CardsPreference{Own: true}, false, true, []string{"as pictures,"}, []string{"four-colour", "in words"}},
	} {
		got := CardsPreferenceAnswer(tt.p, tt.changed, tt.pictures)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("CardsPreferenceAnswer(%s, changed %v, pictures %v) = %q, want %q in it", tt.p, tt.changed, tt.pictures, got, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(got, w) {
				t.Errorf("CardsPreferenceAnswer(%s, changed %v, pictures %v) = %q, want no %q", tt.p, tt.changed, tt.pictures, got, w)
			}
		}
	}
}
