package conformance

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// differentialInput is one line of $DIFFERENTIAL_INPUTS_FILE: the kind's folder (lib/kinds/<folder>), the input's
// label ("<case name> | <variation>") and the input as a case (its expected output is not the input's).
type differentialInput struct {
	Folder string   `json:"folder"`
	File   string   `json:"file"`
	Label  string   `json:"label"`
	Case   testCase `json:"case"`
}

// TestDifferentialInputs writes the variations TestDifferential sends (every input but the catalogue's cases as
// written, which the admission oracle reads from the catalogue itself) as JSON lines to $DIFFERENTIAL_INPUTS_FILE, so
// that the admission oracle (test/admission-oracle) puts them to the kinds' own CRDs. Skipped when it is unset.
func TestDifferentialInputs(t *testing.T) {
	out := os.Getenv("DIFFERENTIAL_INPUTS_FILE")
	if out == "" {
		t.Skip("DIFFERENTIAL_INPUTS_FILE is not set: nothing to write")
	}
	kinds, _, err := servedCatalogueKinds(root)
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	buffered := bufio.NewWriter(file)
	encoder := json.NewEncoder(buffered)
	written := 0
	for _, k := range kinds {
		for _, c := range k.cases {
			if c.Problem != "" {
				continue
			}
			variations, err := variationsOf(c)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variations {
				if err := encoder.Encode(differentialInput{Folder: k.folder, File: c.File, Label: v.label, Case: v.c}); err != nil {
					t.Fatal(err)
				}
				written++
			}
		}
	}
	if err := buffered.Flush(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d inputs written to %s", written, out)
}
