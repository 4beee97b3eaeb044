package conformance

// Listed differences: a case of Karmada's catalogue a kind answers differently on purpose. TestKarmadaCatalogue
// accepts one only where the kind's README lists it, the rule test/karmada-catalogue.test.ts and `npm run catalogue`
// share (lib/kit/listed-differences.ts): a departure bullet (departures_test.go) with a named operation, the pattern
// "<case name> | as written" (a case name without `*`) and `differs`. A listed case must be answered, and differ:
// one that passes anyway is a stale listing, and an error or a refusal is never a listed difference.

import (
	"fmt"
	"strings"
)

// asWrittenLabel ends the differential's label of a catalogue case as Karmada wrote it ("<case name> | as written").
const asWrittenLabel = " | " + asWritten

// listedDifferences are the departures that list one catalogue case each, keyed by listingKey.
func listedDifferences(departures []departure) map[string]*departure {
	listed := map[string]*departure{}
	for i := range departures {
		d := &departures[i]
		if d.operation == "*" || d.verdict != differed || !strings.HasSuffix(d.pattern, asWrittenLabel) {
			continue
		}
		name := strings.TrimSuffix(d.pattern, asWrittenLabel)
		if strings.Contains(name, "*") {
			continue
		}
		if _, ok := listed[listingKey(d.operation, name)]; !ok {
			listed[listingKey(d.operation, name)] = d
		}
	}
	return listed
}

func listingKey(operation, name string) string { return operation + "\x00" + name }

// catalogueVerdict is a catalogue case judged against the listing.
type catalogueVerdict int

const (
	casePassed catalogueVerdict = iota
	caseDiffered
	caseFailed
)

// judgeListed: passed as Karmada expects; differed when the README lists it and the webhook answered, differently
// (answered: every expected result was there, only values differ); failed otherwise, with why.
func judgeListed(problems []string, answered bool, listing *departure, readme string) (catalogueVerdict, []string) {
	if listing == nil {
		if len(problems) == 0 {
			return casePassed, nil
		}
		return caseFailed, problems
	}
	where := fmt.Sprintf("%s:%d", readme, listing.line)
	if len(problems) == 0 {
		return caseFailed, []string{where + " lists it as answered differently, but it passes as Karmada expects: remove the listing"}
	}
	if !answered {
		return caseFailed, append(problems, where+" lists it as answered differently, but it was not answered: a listing never excuses an error")
	}
	return caseDiffered, problems
}

// catalogueFigure is the figure every catalogue check prints.
func catalogueFigure(passed, differed, total int) string {
	if differed == 0 {
		return fmt.Sprintf("%d of %d cases pass", passed, total)
	}
	return fmt.Sprintf("%d of %d cases pass as Karmada expects, %d answered differently as each kind's README lists", passed, total, differed)
}
