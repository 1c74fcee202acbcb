package commands

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
)

func TestRulesSummaryLimits(t *testing.T) {
	for _, p := range engine.PresetNames() {
		e, err := RulesSummary(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		checkEmbed(t, p, e.Title, e.Description, len(e.Fields), embedLen(e))
		for _, f := range e.Fields {
			if f.Name == "" || f.Value == "" || utf8.RuneCountInString(f.Name) > maxFieldName || utf8.RuneCountInString(f.Value) > maxFieldValue {
				t.Errorf("%s: field %q has a value of %d characters", p, f.Name, utf8.RuneCountInString(f.Value))
			}
		}
		var all strings.Builder
		for _, f := range e.Fields {
			all.WriteString(f.Value)
		}
		for _, want := range []string{"Run", "marriage", "Pinochle", "Aces around", "Counters"} {
			if !strings.Contains(all.String(), want) {
				t.Errorf("%s: summary lacks %q", p, want)
			}
		}
	}
	if _, err := RulesSummary("bezique"); err == nil {
		t.Error("RulesSummary of an unknown preset succeeded")
	}
}

func TestRulesEmbedWithOptions(t *testing.T) {
	r, err := engine.NewRules("partnership", map[string]string{"target": "2000", "moon": "on", "floor": "500", "set": "opponents", "royal": "nothing"})
	if err != nil {
		t.Fatal(err)
	}
	e := RulesEmbed(&r)
	checkEmbed(t, "partnership+options", e.Title, e.Description, len(e.Fields), embedLen(e))
	var all strings.Builder
	for _, f := range e.Fields {
		all.WriteString(f.Value + "\n")
	}
	for _, want := range []string{"2000", "moon", "-500", "opponents score the bid", "counts nothing", "moon=on"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("embed lacks %q:\n%s", want, all.String())
		}
	}
}

func checkEmbed(t *testing.T, name, title, desc string, fields, total int) {
	t.Helper()
	if n := utf8.RuneCountInString(title); n == 0 || n > maxEmbedTitle {
		t.Errorf("%s: title of %d characters", name, n)
	}
	if n := utf8.RuneCountInString(desc); n > maxEmbedDescription {
		t.Errorf("%s: description of %d characters", name, n)
	}
	if fields > maxEmbedFields {
		t.Errorf("%s: %d fields", name, fields)
	}
	if total > maxEmbedTotal {
		t.Errorf("%s: %d characters in all", name, total)
	}
}

// TestRulesTwoHanded: two-handed's summary tells its stock and meld on the table, and says
// nothing of an auction or teams it does not have.
func TestRulesTwoHanded(t *testing.T) {
	e, err := RulesSummary("two-handed")
	if err != nil {
		t.Fatal(err)
	}
	text := e.Description
	for _, f := range e.Fields {
		text += "\n" + f.Name + "\n" + f.Value
	}
	for _, want := range []string{"each for themselves", "turned up for trump", "While the stock lasts", "Once the stock is drawn", "exchanged for the card turned up", "first player to reach 1000"} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary does not say %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"Bidding", "bidder", "team", "Passing", "double 1500"} {
		if strings.Contains(text, bad) {
			t.Errorf("the summary says %q:\n%s", bad, text)
		}
	}
	if n := embedLen(e); n > 6000 {
		t.Errorf("%d characters", n)
	}
}

// TestRulesSummaryThreeHanded: three-handed's summary tells the widow, the bury and scoring
// alone, in Discord's limits, and never speaks of teams; set=double is told.
func TestRulesSummaryThreeHanded(t *testing.T) {
	for _, opts := range []map[string]string{nil, {"set": "double", "throwin": "never"}} {
		r, err := engine.NewRules("three-handed", opts)
		if err != nil {
			t.Fatal(err)
		}
		e := RulesEmbed(&r)
		checkEmbed(t, "three-handed", e.Title, e.Description, len(e.Fields), embedLen(e))
		all := e.Description + "\n"
		for _, f := range e.Fields {
			if f.Value == "" || utf8.RuneCountInString(f.Value) > maxFieldValue {
				t.Errorf("field %q has a value of %d characters", f.Name, utf8.RuneCountInString(f.Value))
			}
			all += f.Name + "\n" + f.Value + "\n"
		}
		wants := []string{"3 players, each for themselves", "widow", "buries 3 cards", "alone", "Pinochle", "Counters", "The first player to reach 1500"}
		if opts["set"] == "double" {
			wants = append(wants, "twice the bid", "may not throw in")
		}
		for _, want := range wants {
			if !strings.Contains(all, want) {
				t.Errorf("%v: the summary lacks %q:\n%s", opts, want, all)
			}
		}
		for _, bad := range []string{"team", "Team", "partner"} {
			if strings.Contains(all, bad) {
				t.Errorf("%v: the summary says %q:\n%s", opts, bad, all)
			}
		}
	}
}
