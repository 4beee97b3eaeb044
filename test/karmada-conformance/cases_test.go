package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/conversion"
	k8sjson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/yaml"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
	workv1alpha2 "github.com/karmada-io/karmada/pkg/apis/work/v1alpha2"
)

// testCase is one document of a testdata/*-test.yaml file. The fields are those of Karmada's own testdata
// format (pkg/resourceinterpreter/default/thirdparty/thirdparty_test.go, IndividualTest) plus `error`, which
// this project adds for requests the webhook must refuse.
type testCase struct {
	Name          string                              `json:"name"`
	Description   string                              `json:"description,omitempty"`
	DesiredObj    *unstructured.Unstructured          `json:"desiredObj,omitempty"`
	ObservedObj   *unstructured.Unstructured          `json:"observedObj,omitempty"`
	StatusItems   []workv1alpha2.AggregatedStatusItem `json:"statusItems,omitempty"`
	InputReplicas int64                               `json:"inputReplicas,omitempty"`
	Operation     string                              `json:"operation"`
	Output        map[string]any                      `json:"output,omitempty"`
	Error         *expectedError                      `json:"error,omitempty"`

	File string `json:"-"`
}

// object is the object the request carries (request.object): for Retain the desiredObj (the observedObj goes in
// request.observedObject); for every other operation the one object the case gives, desired or observed, as
// Karmada's testdata runner and this project's case runner (lib/kit/request.ts) take it. nil when there is none.
func (c testCase) object() *unstructured.Unstructured {
	if c.DesiredObj != nil || c.Operation == string(configv1alpha1.InterpreterOperationRetain) {
		return c.DesiredObj
	}
	return c.ObservedObj
}

type expectedError struct {
	Code            int32  `json:"code"`
	MessageContains string `json:"messageContains"`
}

// loadCaseFiles reads every document of every file, the way Karmada's getAllTestCases does
// (k8s.io/apimachinery's YAMLOrJSONDecoder). Files whose name does not end in -test.yaml are not cases.
func loadCaseFiles(all []string) ([]testCase, error) {
	var files []string
	for _, file := range all {
		if strings.HasSuffix(file, "-test.yaml") {
			files = append(files, file)
		}
	}
	sort.Strings(files)
	var cases []testCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		documents, err := decodeCaseDocuments(file, data)
		if err != nil {
			return nil, err
		}
		for _, c := range documents {
			if (c.Output == nil) == (c.Error == nil) {
				return nil, fmt.Errorf("%s: case %q needs exactly one of output and error", file, c.Name)
			}
			cases = append(cases, c)
		}
	}
	return cases, nil
}

// decodeCaseDocuments decodes every non-empty document of one case file (named file in errors).
func decodeCaseDocuments(file string, data []byte) ([]testCase, error) {
	var cases []testCase
	decoder := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		var c testCase
		if err := decoder.Decode(&c); err != nil {
			if err == io.EOF {
				return cases, nil
			}
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if c.Name == "" && c.Operation == "" && c.DesiredObj == nil {
			continue // empty document
		}
		c.File = file
		cases = append(cases, c)
	}
}

// checker compares quantities by value (resource.Quantity.Cmp), and treats nil and empty slices/maps as equal,
// as Karmada's testdata harness does.
var checker = conversion.EqualitiesOrDie(func(a, b resource.Quantity) bool { return a.Cmp(b) == 0 })

// convertExpected turns an `output` value (decoded YAML) into the Go type Karmada's interpreter returns.
func convertExpected(expected any, into any) error {
	raw, err := k8sjson.Marshal(expected)
	if err != nil {
		return err
	}
	return k8sjson.Unmarshal(raw, into)
}

func pretty(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Sprintf("%#v (%v)", v, err)
	}
	return string(b)
}

// compareOutput checks one named result against the case's expected output; "" means equal.
func compareOutput(name string, expected, actual any) (string, error) {
	mismatch := func() string {
		return fmt.Sprintf("%s differs\nexpected:\n%s\ngot:\n%s", name, pretty(expected), pretty(actual))
	}
	switch got := actual.(type) {
	case int32:
		var want int32
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if want != got {
			return mismatch(), nil
		}
	case bool:
		var want bool
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if want != got {
			return mismatch(), nil
		}
	case *workv1alpha2.ReplicaRequirements:
		var want *workv1alpha2.ReplicaRequirements // stays nil for `null`
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if !checker.DeepEqual(want, got) {
			return mismatch(), nil
		}
	case []workv1alpha2.Component:
		var want []workv1alpha2.Component
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if !checker.DeepEqual(want, got) {
			return mismatch(), nil
		}
	case []configv1alpha1.DependentObjectReference:
		var want []configv1alpha1.DependentObjectReference
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if !checker.DeepEqual(want, got) {
			sortedWant := append([]configv1alpha1.DependentObjectReference(nil), want...)
			sortedGot := append([]configv1alpha1.DependentObjectReference(nil), got...)
			sortDependencies(sortedWant)
			sortDependencies(sortedGot)
			if checker.DeepEqual(sortedWant, sortedGot) {
				return "same dependencies in a different order; " + mismatch(), nil
			}
			return mismatch(), nil
		}
	case *unstructured.Unstructured:
		var want unstructured.Unstructured
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		excluded := map[string]bool{}
		wantObj := withoutExcluded(want.Object, nil, excluded, true).(map[string]any)
		gotObj := withoutExcluded(got.Object, nil, excluded, false).(map[string]any)
		if !checker.DeepEqual(wantObj, gotObj) {
			return mismatch(), nil
		}
	case jsonValue: // InterpretStatus' rawStatus, decoded
		var want any
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if !checker.DeepEqual(want, got.v) {
			return fmt.Sprintf("%s differs\nexpected:\n%s\ngot:\n%s", name, pretty(expected), pretty(got.v)), nil
		}
	default:
		return "", fmt.Errorf("no comparison for %s of type %T", name, actual)
	}
	return "", nil
}

// jsonValue is a JSON document decoded with k8s.io/apimachinery's json (integers as int64).
type jsonValue struct{ v any }

const excludePlaceholder = "{{EXCLUDE}}" // Karmada testdata: a field whose value is not compared

func withoutExcluded(obj any, path []string, excluded map[string]bool, collecting bool) any {
	switch val := obj.(type) {
	case map[string]any:
		out := make(map[string]any, len(val))
		for k, v := range val {
			p := append(append([]string(nil), path...), k)
			key := strings.Join(p, ".")
			if collecting {
				if s, ok := v.(string); ok && s == excludePlaceholder {
					excluded[key] = true
					continue
				}
			} else if excluded[key] {
				continue
			}
			out[k] = withoutExcluded(v, p, excluded, collecting)
		}
		return out
	case []any:
		out := make([]any, len(val))
		for i, v := range val {
			out[i] = withoutExcluded(v, append(append([]string(nil), path...), fmt.Sprint(i)), excluded, collecting)
		}
		return out
	default:
		return val
	}
}

func sortDependencies(deps []configv1alpha1.DependentObjectReference) {
	sort.SliceStable(deps, func(i, j int) bool {
		a, b := deps[i], deps[j]
		if a.APIVersion != b.APIVersion {
			return a.APIVersion < b.APIVersion
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		return a.Name < b.Name
	})
}
