package conformance

// Departures: where a kind's README says this service answers differently from Karmada's built-in (its third-party
// catalogue's Lua), on purpose. TestDifferential excuses a difference only when one of them matches it.
//
// The form, under a heading that starts with "## Departures from Karmada's built-in" in lib/kinds/<kind>/README.md:
//
//	- `<Operation>` `<input pattern>` <differs|refused>: <reason>
//
// one bullet per departure (the reason may go on over indented lines). <Operation> is Karmada's name for it
// (InterpretHealth…), or `*` for every operation. <input pattern> is matched against the differential input's label,
// "<case name> | <variation>" (the case as the catalogue writes it is "<case name> | as written"), where `*` stands
// for any run of characters. `differs` excuses a different answer, `refused` our 400 where the Lua answers: an
// excuse for one never covers the other. Every bullet of the section must have this form, and every departure must
// match at least one input: a departure that no longer happens is removed, not kept.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
)

// departure is one bullet of a README's departures section.
type departure struct {
	line      int    // in the README, for messages
	operation string // "*": every operation
	pattern   string
	verdict   outcome // differed or refusedByUs
	matcher   *regexp.Regexp
	reason    string
}

func (d departure) String() string {
	return fmt.Sprintf("`%s` `%s` %s", d.operation, d.pattern, verdictWords[d.verdict])
}

// verdictWords are the bullets' words for the verdicts a departure can excuse.
var verdictWords = map[outcome]string{differed: "differs", refusedByUs: "refused"}

// matches tells whether the departure covers the input (its operation, label and verdict).
func (d departure) matches(operation, label string, verdict outcome) bool {
	return (d.operation == "*" || d.operation == operation) && d.verdict == verdict && d.matcher.MatchString(label)
}

var (
	departuresHeading = regexp.MustCompile(`^##\s+Departures from Karmada's built-in`)
	departureBullet   = regexp.MustCompile("^- `([A-Za-z]+|\\*)` `([^`]+)` (differs|refused):\\s*(\\S.*)$")
)

// departuresOf reads the departures of a kind's README (readme: relative to dir, as messages name it); none when the
// README or its section is absent.
func departuresOf(dir, readme string) ([]departure, error) {
	file, err := os.Open(filepath.Join(dir, readme))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer file.Close()
	known := map[string]bool{}
	for _, o := range operations {
		known[string(o.op)] = true
	}
	var departures []departure
	inSection := false
	scanner := bufio.NewScanner(file)
	for n := 1; scanner.Scan(); n++ {
		line := scanner.Text()
		if strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "## ") {
			inSection = departuresHeading.MatchString(line) // a ### heading inside the section stays in it
			continue
		}
		if !inSection || !strings.HasPrefix(line, "- ") {
			continue
		}
		m := departureBullet.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s:%d: a departure is \"- `<Operation>` `<input pattern>` <differs|refused>: <reason>\", not %q", readme, n, line)
		}
		if m[1] != "*" && !known[m[1]] {
			return nil, fmt.Errorf("%s:%d: %q is not an operation Karmada sends", readme, n, m[1])
		}
		departures = append(departures, departure{
			line:      n,
			operation: m[1],
			pattern:   m[2],
			matcher:   globPattern(m[2]),
			verdict:   map[string]outcome{"differs": differed, "refused": refusedByUs}[m[3]],
			reason:    m[4],
		})
	}
	return departures, scanner.Err()
}

// globPattern matches a whole label, `*` standing for any run of characters and everything else for itself.
func globPattern(pattern string) *regexp.Regexp {
	parts := strings.Split(pattern, "*")
	for i, part := range parts {
		parts[i] = regexp.QuoteMeta(part)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// departureFor is the first departure covering the input and its verdict, nil when none does.
func departureFor(departures []departure, operation configv1alpha1.InterpreterOperation, label string, verdict outcome) *departure {
	for i := range departures {
		if departures[i].matches(string(operation), label, verdict) {
			return &departures[i]
		}
	}
	return nil
}
