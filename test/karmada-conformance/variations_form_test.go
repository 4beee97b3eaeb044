package conformance

import (
	"reflect"
	"slices"
	"testing"
)

// TestVariationsOf: the variations of a case are the same on every run, named once each, and leave the case as it
// was; a few of each family are checked by their label and effect.
func TestVariationsOf(t *testing.T) {
	documents, err := decodeCaseDocuments("inline", []byte(`
name: two members
operation: AggregateStatus
desiredObj:
  apiVersion: apps.example.io/v1
  kind: Thing
  metadata: {name: a, namespace: b, generation: 2}
  spec: {replicas: 3, paused: true}
statusItems:
  - clusterName: member1
    applied: true
    status:
      replicas: 1
      conditions: [{type: Ready, status: "True"}]
  - clusterName: member2
    status: {replicas: 2}
`))
	if err != nil || len(documents) != 1 {
		t.Fatalf("decoding: %v (%d documents)", err, len(documents))
	}
	c := documents[0]
	before := c.DesiredObj.DeepCopy()

	first, err := variationsOf(c)
	if err != nil {
		t.Fatal(err)
	}
	second, _ := variationsOf(c)
	labels := func(vs []variation) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.label)
		}
		return out
	}
	if !reflect.DeepEqual(labels(first), labels(second)) {
		t.Fatal("two runs give different variations")
	}
	seen := map[string]bool{}
	byLabel := map[string]testCase{}
	for _, v := range first {
		if seen[v.label] {
			t.Errorf("label %q given twice", v.label)
		}
		seen[v.label] = true
		byLabel[v.label] = v.c
	}
	if !reflect.DeepEqual(before.Object, c.DesiredObj.Object) {
		t.Error("variationsOf changed the case")
	}

	for _, label := range []string{
		"two members | desiredObj.spec.replicas=2147483647",
		"two members | desiredObj.metadata.generation=1099511627776",
		"two members | desiredObj.spec.paused=false",
		"two members | statusItems[0].applied=false",
		"two members | statusItems[0].status.conditions[0].status=Unknown",
		"two members | without desiredObj.spec.replicas",
		"two members | without desiredObj.spec",
		"two members | without statusItems[*].status.replicas",
		"two members | without statusItems[1]",
		"two members | statusItems[0] repeated",
		"two members | no statusItems",
		"two members | without statusItems[*].clusterName",
	} {
		if !seen[label] {
			t.Errorf("no variation %q among %v", label, labels(first))
		}
	}
	if got := byLabel["two members | statusItems[0] repeated"].StatusItems; len(got) != 3 || got[0].ClusterName != "member1" || got[1].ClusterName != "member1" {
		t.Errorf("statusItems[0] repeated: %+v", got)
	}
	if got := byLabel["two members | without statusItems[1]"].StatusItems; len(got) != 1 || got[0].ClusterName != "member1" {
		t.Errorf("without statusItems[1]: %+v", got)
	}
	if got := byLabel["two members | no statusItems"].StatusItems; got == nil || len(got) != 0 {
		t.Errorf("no statusItems: %#v, want an empty list", got)
	}
	if _, found := byLabel["two members | without desiredObj.spec.replicas"].DesiredObj.Object["spec"].(map[string]any)["replicas"]; found {
		t.Error("without desiredObj.spec.replicas still has it")
	}
	if slices.Contains(labels(first), "two members | desiredObj.spec.replicas=3") {
		t.Error("a variation that changes nothing")
	}
}
