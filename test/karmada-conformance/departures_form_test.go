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

	write("# Kind\n\n- `InterpretHealth` `*`: not a departure (no section)\n\n" +
		"## Departures from Karmada's built-in Lua\n\nSome prose.\n\n" +
		"- `InterpretHealth` `* | without observedObj.status`: unhealthy, not an error;\n  the reason goes on.\n" +
		"### A sub-heading stays in the section\n" +
		"- `AggregateStatus` `two items | statusItems[0] repeated`: one entry per cluster.\n\n" +
		"## Next\n\n- `Retain` `*`: outside the section\n")
	departures, err := departuresOf(dir, "README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(departures) != 2 {
		t.Fatalf("got %d departures, want 2: %v", len(departures), departures)
	}
	for _, tc := range []struct {
		operation, label string
		want             int // index into departures, -1 for none
	}{
		{"InterpretHealth", "any case | without observedObj.status", 0},
		{"InterpretHealth", "any case | without observedObj.status.replicas", -1},
		{"InterpretStatus", "any case | without observedObj.status", -1},
		{"AggregateStatus", "two items | statusItems[0] repeated", 1},
		{"AggregateStatus", "two items | statusItems[1] repeated", -1}, // [ and ] are themselves, not a class
	} {
		got := departureFor(departures, configv1alpha1.InterpreterOperation(tc.operation), tc.label)
		if (tc.want < 0) != (got == nil) || (got != nil && got != &departures[tc.want]) {
			t.Errorf("departureFor(%s, %q) = %v, want index %d", tc.operation, tc.label, got, tc.want)
		}
	}

	for _, bad := range []string{
		"- InterpretHealth `*`: no code span for the operation\n",
		"- `InterpretHealth` `*`\n", // no reason
		"- `Interpret` `*`: not an operation\n",
	} {
		write("## Departures from Karmada's built-in\n\n" + bad)
		if _, err := departuresOf(dir, "README.md"); err == nil || !strings.Contains(err.Error(), "README.md:3") {
			t.Errorf("%q: got %v, want an error naming README.md:3", bad, err)
		}
	}
}
