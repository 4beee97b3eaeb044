package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
)

// TestDeparturesForm: the departures section is read as README.md documents it, and a malformed bullet is refused.
func TestDeparturesForm(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	write("# Kind\n\n- `InterpretHealth` `*` differs: not a departure (no section)\n\n" +
		"## Departures from Karmada's built-in Lua\n\nSome prose.\n\n| a | table |\n|---|---|\n\n" +
		"- `InterpretHealth` `* | without observedObj.status` differs: unhealthy, not an error;\n  the reason goes on.\n" +
		"### A sub-heading stays in the section\n" +
		"- `AggregateStatus` `two items | statusItems[0] repeated` differs: one entry per cluster.\n" +
		"- `*` `* | *=-1` refused: no object holds it.\n\n" +
		"## Next\n\n- `Retain` `*` differs: outside the section\n")
	departures, err := departuresOf(dir, "README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(departures) != 3 {
		t.Fatalf("got %d departures, want 3: %v", len(departures), departures)
	}
	for _, tc := range []struct {
		operation, label string
		verdict          outcome
		want             int // index into departures, -1 for none
	}{
		{"InterpretHealth", "any case | without observedObj.status", differed, 0},
		{"InterpretHealth", "any case | without observedObj.status", refusedByUs, -1}, // differs does not excuse a refusal
		{"InterpretHealth", "any case | without observedObj.status.replicas", differed, -1},
		{"InterpretStatus", "any case | without observedObj.status", differed, -1},
		{"AggregateStatus", "two items | statusItems[0] repeated", differed, 1},
		{"AggregateStatus", "two items | statusItems[1] repeated", differed, -1}, // [ and ] are themselves, not a class
		{"Retain", "a case | spec.replicas=-1", refusedByUs, 2},
		{"InterpretHealth", "a case | spec.replicas=-1", refusedByUs, 2},
		{"InterpretHealth", "a case | spec.replicas=-1", differed, -1},
	} {
		got := departureFor(departures, configv1alpha1.InterpreterOperation(tc.operation), tc.label, tc.verdict)
		if (tc.want < 0) != (got == nil) || (got != nil && got != &departures[tc.want]) {
			t.Errorf("departureFor(%s, %q, %s) = %v, want index %d", tc.operation, tc.label, outcomeNames[tc.verdict], got, tc.want)
		}
	}

	for _, bad := range []string{
		"- InterpretHealth `*` differs: no code span for the operation\n",
		"- `InterpretHealth` `*` differs\n", // no reason
		"- `InterpretHealth` `*`: no verdict\n",
		"- `InterpretHealth` `*` wrong: not a verdict\n",
		"- `Interpret` `*` differs: not an operation\n",
	} {
		write("## Departures from Karmada's built-in\n\n" + bad)
		if _, err := departuresOf(dir, "README.md"); err == nil || !strings.Contains(err.Error(), "README.md:3") {
			t.Errorf("%q: got %v, want an error naming README.md:3", bad, err)
		}
	}
}

// TestListedDifferencesForm: the departures that list a catalogue case answered differently (the rule the catalogue
// checks share with lib/kit/listed-differences.ts), and how a listed case is judged.
func TestListedDifferencesForm(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("## Departures from Karmada's built-in\n\n"+
		"- `AggregateStatus` `Two members | as written` differs: one condition per type.\n"+
		"- `AggregateStatus` `Two members | *` differs: its variations, not the case.\n"+
		"- `*` `Any operation | as written` differs: no operation named.\n"+
		"- `InterpretHealth` `Some * | as written` differs: no case named.\n"+
		"- `InterpretHealth` `Refused | as written` refused: a refusal is never a listed difference.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	departures, err := departuresOf(dir, "README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := listedDifferences(departures)
	if len(listed) != 1 || listed[listingKey("AggregateStatus", "Two members")] != &departures[0] {
		t.Fatalf("listed %v, want only line 3's", listed)
	}
	listing := listed[listingKey("AggregateStatus", "Two members")]
	for _, tc := range []struct {
		problems []string
		answered bool
		listing  *departure
		want     catalogueVerdict
	}{
		{[]string{"aggregatedStatus: differs"}, true, listing, caseDiffered},
		{nil, true, listing, caseFailed}, // passes anyway: a stale listing
		{[]string{"the webhook answered successful: false"}, false, listing, caseFailed}, // never an error
		{nil, true, nil, casePassed},
		{[]string{"aggregatedStatus: differs"}, true, nil, caseFailed},
	} {
		if got, problems := judgeListed(tc.problems, tc.answered, tc.listing, "README.md"); got != tc.want {
			t.Errorf("judgeListed(%v, %v, listed %v) = %d (%v), want %d", tc.problems, tc.answered, tc.listing != nil, got, problems, tc.want)
		}
	}
}
