package conformance

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/yaml"
)

// verdict is one entry of test/fixtures/cases/verdicts.yaml: what every case runner must say of one case.
type verdict struct {
	File            string `json:"file"`
	Name            string `json:"name"`
	Verdict         string `json:"verdict"` // pass or fail
	ProblemContains string `json:"problemContains,omitempty"`
}

// TestSharedVerdicts runs the shared-verdict fixture (test/fixtures/cases/testdata) through Karmada's webhook client
// against the local server and requires the verdicts recorded in verdicts.yaml, which test/case-verdicts.test.ts
// requires of `--check` and vitest: the three runners agree, malformed cases included.
func TestSharedVerdicts(t *testing.T) {
	fixture := filepath.Join(root, "test", "fixtures", "cases")
	data, err := os.ReadFile(filepath.Join(fixture, "verdicts.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var recorded []verdict
	if err := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096).Decode(&recorded); err != nil {
		t.Fatalf("verdicts.yaml: %v", err)
	}
	files, err := caseFilesUnder(filepath.Join(fixture, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	ri := interpreterFor(t, urlStyles[1]) // the dispatcher: every operation of every kind the cases are for

	judged := map[string]verdict{}
	passes := 0
	for _, file := range files {
		for _, c := range readCaseFile(file) {
			key := filepath.Base(file) + ": " + c.Name
			problems, _ := judgeCase(ri, c)
			v := verdict{File: filepath.Base(file), Name: c.Name, Verdict: "pass"}
			if len(problems) > 0 {
				v.Verdict = "fail"
				v.ProblemContains = strings.Join(problems, "; ")
			} else {
				passes++
			}
			t.Logf("%s: %s %v", key, v.Verdict, problems)
			if _, twice := judged[key]; twice {
				t.Errorf("%s: two cases of that name", key)
			}
			judged[key] = v
		}
	}
	for _, want := range recorded {
		key := want.File + ": " + want.Name
		got, ok := judged[key]
		switch {
		case !ok:
			t.Errorf("%s: not judged (no such case)", key)
		case got.Verdict != want.Verdict:
			t.Errorf("%s: %s, recorded %s (%s)", key, got.Verdict, want.Verdict, got.ProblemContains)
		case want.ProblemContains != "" && !strings.Contains(got.ProblemContains, want.ProblemContains):
			t.Errorf("%s: no problem contains %q (%s)", key, want.ProblemContains, got.ProblemContains)
		}
		delete(judged, key)
	}
	for key, got := range judged {
		t.Errorf("%s: judged %s but has no recorded verdict", key, got.Verdict)
	}
	t.Logf("%s", fmt.Sprintf("%d passed, %d failed (as recorded)", passes, len(recorded)-passes))
}
