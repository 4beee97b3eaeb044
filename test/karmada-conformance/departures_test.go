package conformance

// Departures: where a kind's README says this service answers differently from Karmada's built-in (its third-party
// catalogue's Lua), on purpose. TestDifferential excuses a difference only when one of them matches it.
//
// The form, under a heading that starts with "## Departures from Karmada's built-in" in lib/kinds/<kind>/README.md:
//
//	- `<Operation>` `<input pattern>`: <reason>
//
// one bullet per departure (the reason may go on over indented lines). <Operation> is Karmada's name for it
// (InterpretHealth…). <input pattern> is matched against the differential input's label, "<case name> | <variation>"
// (the case as the catalogue writes it is "<case name> | as written"), where `*` stands for any run of characters.
// Every bullet of the section must have this form, and every departure must match at least one input: a departure
// that no longer happens is removed, not kept.

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
	line      int // in the README, for messages
	operation string
	pattern   string
	matcher   *regexp.Regexp
	reason    string
}

func (d departure) String() string { return fmt.Sprintf("`%s` `%s`", d.operation, d.pattern) }

// matches tells whether the departure covers the input (its operation and label).
func (d departure) matches(operation, label string) bool {
	return d.operation == operation && d.matcher.MatchString(label)
}

var (
	departuresHeading = regexp.MustCompile(`^##\s+Departures from Karmada's built-in`)
	departureBullet   = regexp.MustCompile("^- `([A-Za-z]+)` `([^`]+)`:\\s*(\\S.*)$")
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
			return nil, fmt.Errorf("%s:%d: a departure is \"- `<Operation>` `<input pattern>`: <reason>\", not %q", readme, n, line)
		}
		if !known[m[1]] {
			return nil, fmt.Errorf("%s:%d: %q is not an operation Karmada sends", readme, n, m[1])
		}
		departures = append(departures, departure{
			line:      n,
			operation: m[1],
			pattern:   m[2],
			matcher:   globPattern(m[2]),
			reason:    m[3],
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

// departureFor is the first departure covering the input, nil when none does.
func departureFor(departures []departure, operation configv1alpha1.InterpreterOperation, label string) *departure {
	for i := range departures {
		if departures[i].matches(string(operation), label) {
			return &departures[i]
		}
	}
	return nil
}
