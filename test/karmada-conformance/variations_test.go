package conformance

// Variations of a catalogue case, for TestDifferential: the same operation on inputs a cluster may send that the
// catalogue's authors did not write down. Generated from each case alone, in a fixed order; where a case yields more
// than maxVariationsPerCase, a sample drawn with a fixed seed is kept, so every run sends the same inputs.

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	k8sjson "k8s.io/apimachinery/pkg/util/json"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
	workv1alpha2 "github.com/karmada-io/karmada/pkg/apis/work/v1alpha2"
)

const (
	variationSeed        = 20260118
	maxVariationsPerCase = 400
	asWritten            = "as written"
)

// numberValues replace every number (and every string holding an integer): zero, one, a large value past int32 (a
// cluster holds it in an int64 field such as metadata.generation; exact in Lua's and JavaScript's doubles) and the
// int32 bounds.
var numberValues = []int64{0, 1, 1 << 40, 2147483647, -2147483648}

// replicaValues replace ReviseReplica's inputReplicas. Karmada hands the webhook int32(replicas) and the Lua the
// int64, so only values within int32 are the same input for both.
var replicaValues = []int64{0, 1, 2147483647, -2147483648}

// conditionStatuses are a condition's statuses (metav1.ConditionStatus).
var conditionStatuses = []string{"True", "False", "Unknown"}

// variation is one input for the differential test: an operation and its objects, labelled
// "<case name> | <variation>".
type variation struct {
	label string
	c     testCase
}

// inputTree is a case's inputs as plain JSON values, the form variations edit.
type inputTree map[string]any

// pathStep is a map key (string) or a list index (int).
type pathStep any

func pathString(steps []pathStep) string {
	var b strings.Builder
	for _, s := range steps {
		switch s := s.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", s)
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

// treeOf is the case's inputs as JSON values (numbers int64 or float64, as Karmada's decoding leaves them).
func treeOf(c testCase) (inputTree, error) {
	tree := inputTree{}
	if c.DesiredObj != nil {
		tree["desiredObj"] = runtime.DeepCopyJSONValue(c.DesiredObj.Object)
	}
	if c.ObservedObj != nil {
		tree["observedObj"] = runtime.DeepCopyJSONValue(c.ObservedObj.Object)
	}
	if c.StatusItems != nil {
		raw, err := json.Marshal(c.StatusItems)
		if err != nil {
			return nil, err
		}
		var items []any
		if err := k8sjson.Unmarshal(raw, &items); err != nil {
			return nil, err
		}
		tree["statusItems"] = items
	}
	return tree, nil
}

// caseWithInputs is the case with the tree's inputs.
func caseWithInputs(base testCase, tree inputTree) (testCase, error) {
	c := base
	c.DesiredObj, c.ObservedObj, c.StatusItems = nil, nil, nil
	if obj, ok := tree["desiredObj"].(map[string]any); ok {
		c.DesiredObj = &unstructured.Unstructured{Object: obj}
	}
	if obj, ok := tree["observedObj"].(map[string]any); ok {
		c.ObservedObj = &unstructured.Unstructured{Object: obj}
	}
	if items, ok := tree["statusItems"]; ok {
		raw, err := json.Marshal(items)
		if err != nil {
			return c, err
		}
		if err := json.Unmarshal(raw, &c.StatusItems); err != nil {
			return c, err
		}
		if c.StatusItems == nil {
			c.StatusItems = []workv1alpha2.AggregatedStatusItem{}
		}
	}
	return c, nil
}

func (t inputTree) copy() inputTree {
	return inputTree(runtime.DeepCopyJSONValue(map[string]any(t)).(map[string]any))
}

// at is the value at the path and its parent (a map or a list), or nil parent when the path is absent.
func (t inputTree) at(steps []pathStep) (parent any, value any) {
	var cur any = map[string]any(t)
	for _, s := range steps {
		parent = cur
		switch s := s.(type) {
		case string:
			m, ok := cur.(map[string]any)
			if !ok {
				return nil, nil
			}
			if cur, ok = m[s]; !ok {
				return nil, nil
			}
		case int:
			l, ok := cur.([]any)
			if !ok || s >= len(l) {
				return nil, nil
			}
			cur = l[s]
		}
	}
	return parent, cur
}

// with is a copy of the tree with the value at the path set (value != removed) or removed.
func (t inputTree) with(steps []pathStep, value any) inputTree {
	out := t.copy()
	parent, _ := out.at(steps)
	switch p := parent.(type) {
	case map[string]any:
		if value == removed {
			delete(p, steps[len(steps)-1].(string))
		} else {
			p[steps[len(steps)-1].(string)] = value
		}
	case []any:
		p[steps[len(steps)-1].(int)] = value // lists are edited by whole-list replacement, never by removal here
	}
	return out
}

type removedMarker struct{}

var removed = removedMarker{}

// leaf is a number, boolean or string at a path of the tree.
type leaf struct {
	path  []pathStep
	value any
}

// leavesOf lists the tree's scalar values in a fixed order (map keys sorted).
func leavesOf(value any, path []pathStep, out *[]leaf) {
	switch v := value.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			leavesOf(v[k], append(append([]pathStep(nil), path...), k), out)
		}
	case []any:
		for i, e := range v {
			leavesOf(e, append(append([]pathStep(nil), path...), i), out)
		}
	case nil:
	default:
		*out = append(*out, leaf{path: path, value: v})
	}
}

// isConditionStatus tells whether the path is <…>.conditions[i].status.
func isConditionStatus(path []pathStep) bool {
	n := len(path)
	if n < 3 || path[n-1] != "status" {
		return false
	}
	_, isIndex := path[n-2].(int)
	return isIndex && path[n-3] == "conditions"
}

// variationsOf are the case's inputs varied: numbers changed, booleans flipped, condition statuses flipped, each
// top-level spec/status field removed (and spec/status themselves), status items dropped and repeated, clusterName
// missing, inputReplicas changed. The case itself is not among them.
func variationsOf(c testCase) ([]variation, error) {
	tree, err := treeOf(c)
	if err != nil {
		return nil, err
	}
	type edit struct {
		label string
		tree  inputTree
	}
	var edits []edit
	add := func(label string, t inputTree) { edits = append(edits, edit{label, t}) }

	var leaves []leaf
	leavesOf(map[string]any(tree), nil, &leaves)
	for _, l := range leaves {
		where := pathString(l.path)
		switch v := l.value.(type) {
		case int64, float64:
			for _, n := range numberValues {
				if fmt.Sprint(v) != fmt.Sprint(n) {
					add(fmt.Sprintf("%s=%d", where, n), tree.with(l.path, n))
				}
			}
		case bool:
			add(fmt.Sprintf("%s=%t", where, !v), tree.with(l.path, !v))
		case string:
			if isConditionStatus(l.path) && slices.Contains(conditionStatuses, v) {
				for _, s := range conditionStatuses {
					if s != v {
						add(fmt.Sprintf("%s=%s", where, s), tree.with(l.path, s))
					}
				}
			} else if _, err := strconv.ParseInt(v, 10, 64); err == nil {
				// A number held in a string (resourcetemplate.karmada.io/generation): other numbers, and no number.
				for _, n := range numberValues {
					if v != fmt.Sprint(n) {
						add(fmt.Sprintf("%s=%q", where, fmt.Sprint(n)), tree.with(l.path, fmt.Sprint(n)))
					}
				}
				add(fmt.Sprintf("%s=%q", where, "not-a-number"), tree.with(l.path, "not-a-number"))
			}
		}
	}

	for _, object := range []string{"desiredObj", "observedObj"} {
		for _, section := range []string{"spec", "status"} {
			_, value := tree.at([]pathStep{object, section})
			fields, ok := value.(map[string]any)
			if !ok {
				continue
			}
			for _, field := range sortedKeys(fields) {
				add("without "+object+"."+section+"."+field, tree.with([]pathStep{object, section, field}, removed))
			}
			add("without "+object+"."+section, tree.with([]pathStep{object, section}, removed))
		}
	}

	if items, ok := tree["statusItems"].([]any); ok && len(items) > 0 {
		// Fields of the members' statuses, removed from every member at once.
		fields := map[string]any{}
		for _, item := range items {
			if status, ok := item.(map[string]any)["status"].(map[string]any); ok {
				for k := range status {
					fields[k] = true
				}
			}
		}
		for _, field := range sortedKeys(fields) {
			t := tree.copy()
			for _, item := range t["statusItems"].([]any) {
				if status, ok := item.(map[string]any)["status"].(map[string]any); ok {
					delete(status, field)
				}
			}
			add("without statusItems[*].status."+field, t)
		}
		withItems := func(edit func([]any) []any) inputTree {
			t := tree.copy()
			t["statusItems"] = edit(t["statusItems"].([]any))
			return t
		}
		add("without statusItems[*].status", withItems(func(l []any) []any {
			for _, item := range l {
				delete(item.(map[string]any), "status")
			}
			return l
		}))
		add("without statusItems[*].clusterName", withItems(func(l []any) []any {
			for _, item := range l {
				delete(item.(map[string]any), "clusterName")
			}
			return l
		}))
		for i := range items {
			add(fmt.Sprintf("without statusItems[%d].clusterName", i), withItems(func(l []any) []any {
				delete(l[i].(map[string]any), "clusterName")
				return l
			}))
			add(fmt.Sprintf("without statusItems[%d]", i), withItems(func(l []any) []any {
				return append(l[:i:i], l[i+1:]...)
			}))
			add(fmt.Sprintf("statusItems[%d] repeated", i), withItems(func(l []any) []any {
				out := append(append([]any(nil), l[:i+1]...), runtime.DeepCopyJSONValue(l[i]))
				return append(out, l[i+1:]...)
			}))
		}
		add("no statusItems", withItems(func([]any) []any { return []any{} }))
	}

	var out []variation
	for _, e := range edits {
		v, err := caseWithInputs(c, e.tree)
		if err != nil {
			return nil, fmt.Errorf("%s | %s: %w", c.Name, e.label, err)
		}
		out = append(out, variation{label: c.Name + " | " + e.label, c: v})
	}
	if c.Operation == string(configv1alpha1.InterpreterOperationReviseReplica) {
		for _, n := range replicaValues {
			if n != c.InputReplicas {
				v := c
				v.InputReplicas = n
				out = append(out, variation{label: fmt.Sprintf("%s | inputReplicas=%d", c.Name, n), c: v})
			}
		}
	}
	if len(out) > maxVariationsPerCase {
		rng := rand.New(rand.NewSource(variationSeed))
		keep := rng.Perm(len(out))[:maxVariationsPerCase]
		sort.Ints(keep)
		sampled := make([]variation, 0, len(keep))
		for _, i := range keep {
			sampled = append(sampled, out[i])
		}
		out = sampled
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
