package conformance

// Interpreter case files in Karmada's testdata format, read and judged by the rules this project's TypeScript
// runners (`npm run interpret -- --check`, vitest: lib/kit/cases.ts, check.ts, compare.ts) follow, which are Karmada's
// own runner's (pkg/resourceinterpreter/default/thirdparty/thirdparty_test.go) plus our `error` extension. The rules
// are listed in docs/interpret.md ("How a case is judged"); test/fixtures/cases/ proves the runners agree
// (TestSharedVerdicts here, test/case-verdicts.test.ts there).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/conversion"
	k8sjson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/yaml"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
	workv1alpha2 "github.com/karmada-io/karmada/pkg/apis/work/v1alpha2"
	"github.com/karmada-io/karmada/pkg/resourceinterpreter"
)

// testCase is one document of a case file. The fields are those of Karmada's own testdata format (IndividualTest)
// plus `error`, which this project adds for requests the webhook must refuse.
type testCase struct {
	Name          string                              `json:"name"`
	Description   string                              `json:"description,omitempty"`
	DesiredObj    *unstructured.Unstructured          `json:"desiredObj,omitempty"`
	ObservedObj   *unstructured.Unstructured          `json:"observedObj,omitempty"`
	StatusItems   []workv1alpha2.AggregatedStatusItem `json:"statusItems,omitempty"`
	InputReplicas int64                               `json:"inputReplicas,omitempty"`
	Operation     string                              `json:"operation"`
	Output        map[string]any                      `json:"output,omitempty"`
	Error         *expectedError                      `json:"-"`

	File     string `json:"-"`
	Document int    `json:"-"` // 1-based, empty documents not counted
	// Problem makes the case malformed: its one failure (a document the runners cannot run, or a file that is not
	// YAML at all, then named after the file). Nothing else stops a run.
	Problem string `json:"-"`
}

type expectedError struct {
	Code int32
	// MessageContains: each item must be in the message (written as one string or a list of strings).
	MessageContains []string
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

// requestProblem is what keeps a well-formed case from making a request, in lib/kit/request.ts's words; "" if none.
func (c testCase) requestProblem() string {
	op := c.Operation
	if op == string(configv1alpha1.InterpreterOperationRetain) {
		if c.DesiredObj == nil {
			return "Retain needs the desired object (desiredObj, --desired-file) and the observed one (observedObj, --observed-file)"
		}
	} else if c.DesiredObj != nil && c.ObservedObj != nil {
		return op + " takes one object: give the desired or the observed object, not both (as Karmada's runner says)"
	} else if c.object() == nil {
		return op + " needs an object: desiredObj/--desired-file or observedObj/--observed-file"
	}
	what := "the desired object"
	if c.object() != c.DesiredObj {
		what = "the observed object"
	}
	if c.object().GetAPIVersion() == "" {
		return what + " has no apiVersion"
	}
	return ""
}

// interpreterOperationNames are the operations a case may name, matched ignoring case as Karmada's
// rules.GetByOperation matches them.
var interpreterOperationNames = func() []string {
	var names []string
	for _, o := range operations {
		names = append(names, string(o.op))
	}
	return names
}()

func operationNamed(name string) (string, bool) {
	for _, known := range interpreterOperationNames {
		if strings.EqualFold(known, name) {
			return known, true
		}
	}
	return "", false
}

// isCaseFile: a case file is a .yaml, .yml or .json file (as lib/kit/cases.ts's caseFiles takes them; Karmada's
// runner reads every file of a testdata folder, and its catalogue holds only *-test.yaml files).
func isCaseFile(path string) bool {
	switch filepath.Ext(path) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// caseFilesUnder are the case files under dir, depth first in name order (as caseFiles walks).
func caseFilesUnder(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && isCaseFile(path) {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}

// readCaseFile reads every document of a file, the way Karmada's getAllTestCases does (k8s.io/apimachinery's
// YAMLOrJSONDecoder). A document that is not a case is returned with its Problem; a file that is not YAML is one
// case named after the file, with its Problem.
func readCaseFile(file string) []testCase {
	data, err := os.ReadFile(file)
	if err != nil {
		return []testCase{{Name: filepath.Base(file), File: file, Problem: fmt.Sprintf("cannot read %s: %v", file, err)}}
	}
	cases, err := decodeCaseDocuments(file, data)
	if err != nil {
		return []testCase{{Name: filepath.Base(file), File: file, Problem: err.Error()}}
	}
	return cases
}

// decodeCaseDocuments reads every non-empty document of one case file's bytes (named file in messages); an error
// only for bytes that are not YAML or JSON at all (a document that is not a case comes back with its Problem).
func decodeCaseDocuments(file string, data []byte) ([]testCase, error) {
	var documents []json.RawMessage
	decoder := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		var document json.RawMessage
		if err := decoder.Decode(&document); err != nil {
			if err == io.EOF {
				break
			}
			return nil, fmt.Errorf("%s is not valid YAML or JSON: %v", file, err)
		}
		if len(document) > 0 && string(document) != "null" {
			documents = append(documents, document)
		}
	}
	cases := make([]testCase, 0, len(documents))
	for i, document := range documents {
		cases = append(cases, caseOf(document, file, i+1))
	}
	return cases, nil
}

// describeJSON names a decoded JSON value's type in lib/review/json.ts's words.
func describeJSON(v any) string {
	switch val := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "a object" // sic: describeJson's `a ${typeof value}`
	default:
		_ = val
		return "a number"
	}
}

// caseOf reads one document: the checks and messages of lib/kit/cases.ts's caseOf, then the typed decoding Karmada's
// runner does (an object without kind, a status item field of the wrong type…).
func caseOf(raw json.RawMessage, file string, index int) testCase {
	where := fmt.Sprintf("%s (document %d)", file, index)
	c := testCase{File: file, Document: index, Name: fmt.Sprintf("document %d", index)}
	var document any
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber() // integers stay exact
	if err := decoder.Decode(&document); err != nil {
		c.Problem = fmt.Sprintf("%s: %v", where, err)
		return c
	}
	fields, ok := document.(map[string]any)
	if !ok {
		c.Problem = fmt.Sprintf("%s: a case must be a mapping, got %s", where, describeJSON(document))
		return c
	}
	if name, ok := fields["name"].(string); ok {
		c.Name = name
	}
	malformed := func(format string, args ...any) testCase {
		c.Problem = where + ": " + fmt.Sprintf(format, args...)
		return c
	}
	operation, ok := fields["operation"].(string)
	if !ok {
		return malformed("operation is required (one of %s)", strings.Join(interpreterOperationNames, ", "))
	}
	known, ok := operationNamed(operation)
	if !ok {
		quoted, _ := json.Marshal(operation)
		return malformed("operation %s is not supported; use one of %s", quoted, strings.Join(interpreterOperationNames, ", "))
	}
	// reason (ours) is judged only in process (lib/kit/check.ts): the harness reads it as lib/kit/cases.ts does, no more.
	for _, field := range []string{"name", "description", "reason"} {
		if v, present := fields[field]; present && v != nil {
			if _, ok := v.(string); !ok {
				return malformed("%s must be a string, got %s", field, describeJSON(v))
			}
		}
	}
	for _, field := range []string{"desiredObj", "observedObj"} {
		if v, present := fields[field]; present && v != nil {
			if _, ok := v.(map[string]any); !ok {
				return malformed("%s must be an object, got %s", field, describeJSON(v))
			}
		}
	}
	if v, present := fields["statusItems"]; present && v != nil {
		if _, ok := v.([]any); !ok {
			return malformed("statusItems must be a list, got %s", describeJSON(v))
		}
	}
	if v, present := fields["inputReplicas"]; present && v != nil {
		if n, ok := v.(json.Number); !ok || isNotInteger(n) {
			return malformed("inputReplicas must be an integer")
		}
	}
	output, hasOutput := fields["output"]
	if hasOutput && output != nil {
		if _, ok := output.(map[string]any); !ok {
			return malformed("output must be an object, got %s", describeJSON(output))
		}
	} else {
		hasOutput = false
	}
	var expected *expectedError
	if e, present := fields["error"]; present && e != nil {
		if hasOutput {
			return malformed("a case gives output or error, not both")
		}
		var problem string
		if expected, problem = expectedErrorOf(e); problem != "" {
			return malformed("%s", problem)
		}
	}
	// The typed decoding, as Karmada's runner decodes its IndividualTest (testCase.Error is not decoded: read above).
	if err := json.Unmarshal(raw, &c); err != nil {
		return malformed("%v", err)
	}
	if c.Name == "" {
		c.Name = fmt.Sprintf("document %d", index)
	}
	c.Operation = known
	c.Error = expected
	return c
}

// isNotInteger: a JSON number with a fraction or an exponent (as lib/kit/cases.ts's Number.isInteger refuses).
func isNotInteger(n json.Number) bool {
	_, ok := integerOf(n)
	return !ok
}

// integerOf is the number's integer value: 3 and 3.0 alike, as JavaScript reads them.
func integerOf(n json.Number) (int64, bool) {
	if i, err := n.Int64(); err == nil {
		return i, true
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// expectedErrorOf reads our `error: {code, messageContains}` as lib/kit/cases.ts's expectedErrorOf does.
func expectedErrorOf(e any) (*expectedError, string) {
	fields, ok := e.(map[string]any)
	number, isNumber := fields["code"].(json.Number)
	code, isInteger := integerOf(number)
	if !ok || !isNumber || !isInteger || code != int64(int32(code)) {
		return nil, "error must be {code: <integer>, messageContains: <string or list of strings>}"
	}
	expected := &expectedError{Code: int32(code)}
	switch contains := fields["messageContains"].(type) {
	case nil:
	case string:
		expected.MessageContains = []string{contains}
	case []any:
		for _, item := range contains {
			s, ok := item.(string)
			if !ok {
				return nil, "error.messageContains must be a string or a list of strings, got an array"
			}
			expected.MessageContains = append(expected.MessageContains, s)
		}
	default:
		return nil, "error.messageContains must be a string or a list of strings, got " + describeJSON(contains)
	}
	return expected, ""
}

// judgeCase runs one case through Karmada's ResourceInterpreter and judges it as lib/kit/check.ts's checkCase does:
// problems fail the case (each one line), notes do not (results the case gives no expected value for).
func judgeCase(ri resourceinterpreter.ResourceInterpreter, c testCase) (problems, notes []string) {
	problems, notes, _ = judgeCaseAnswer(ri, c)
	return problems, notes
}

// judgeCaseAnswer is judgeCase, also telling whether the webhook answered the case with every expected result (its
// problems, if any, are values that differ): what a listed difference may accept (listed_differences_test.go).
func judgeCaseAnswer(ri resourceinterpreter.ResourceInterpreter, c testCase) (problems, notes []string, answered bool) {
	if c.Problem != "" {
		return []string{c.Problem}, nil, false
	}
	if problem := c.requestProblem(); problem != "" {
		return []string{problem}, nil, false
	}
	results, err := invoke(ri, c.Operation, c.object(), c.ObservedObj, c.StatusItems, c.InputReplicas)

	if c.Error != nil {
		if err == nil {
			return []string{fmt.Sprintf("expected a rejection with code %d, got successful: true", c.Error.Code)}, nil, false
		}
		// customized.go: ErrCallingWebhook{Reason: "webhook call failed, get status code: %d, msg: %s"},
		// wrapped by apierrors.NewInternalError.
		if !apierrors.IsInternalError(err) {
			problems = append(problems, fmt.Sprintf("expected an InternalError from Karmada, got %T: %v", err, err))
		}
		prefix := fmt.Sprintf("webhook call failed, get status code: %d, msg: ", c.Error.Code)
		msg := err.Error()
		i := strings.Index(msg, prefix)
		if i < 0 {
			return append(problems, fmt.Sprintf("expected code %d, got: %v", c.Error.Code, err)), nil, false
		}
		message := msg[i+len(prefix):]
		var missing []string
		for _, fragment := range c.Error.MessageContains {
			if !strings.Contains(message, fragment) {
				quoted, _ := json.Marshal(fragment)
				missing = append(missing, string(quoted))
			}
		}
		if len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("expected the message to contain %s, got %q", strings.Join(missing, ", "), message))
		}
		return problems, nil, false
	}

	if err != nil {
		return []string{fmt.Sprintf("the webhook answered successful: false (through Karmada's interpreter: %v)", err)}, nil, false
	}
	// Karmada's runner: every output key must be a result and equal it; a result with no expected value is noted.
	answered = true
	for _, key := range mapKeys(c.Output) {
		got, ok := results[key]
		if !ok {
			problems = append(problems, fmt.Sprintf("output key '%s' is not a result of %s (its results: %s)", key, c.Operation, strings.Join(mapKeys(results), ", ")))
			answered = false
			continue
		}
		diff, err := compareOutput(key, c.Output[key], got)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: the expected value is not a %T: %v", key, got, err))
			answered = false
			continue
		}
		if diff != "" {
			problems = append(problems, diff)
		}
	}
	for _, key := range mapKeys(results) {
		if _, ok := c.Output[key]; !ok {
			notes = append(notes, fmt.Sprintf("no expected value for '%s'", key))
		}
	}
	return problems, notes, answered
}

// checker compares quantities by value (Karmada's runner: resource.Quantity.Equal), and treats nil and empty
// slices/maps as equal (apimachinery's DeepEqual).
var checker = conversion.EqualitiesOrDie(func(a, b resource.Quantity) bool { return a.Equal(b) })

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

// compareOutput checks one named result against the case's expected output as Karmada's runner's deepEqual does,
// with lib/kit/compare.ts's two documented differences (no requires equals empty requires; status compares as
// JSON values); "" means equal.
func compareOutput(name string, expected, actual any) (string, error) {
	mismatch := func(got any) string {
		return fmt.Sprintf("%s differs\nexpected:\n%s\ngot:\n%s", name, pretty(expected), pretty(got))
	}
	// A number or a boolean: one line, as lib/kit/compare.ts's describeDifference says it.
	scalarMismatch := func(want, got any) string {
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		return fmt.Sprintf("%s: expected %s, got %s", name, w, g)
	}
	switch got := actual.(type) {
	case int32:
		var want int32
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if want != got {
			return scalarMismatch(want, got), nil
		}
	case bool:
		var want bool
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if want != got {
			return scalarMismatch(want, got), nil
		}
	case *workv1alpha2.ReplicaRequirements:
		want := &workv1alpha2.ReplicaRequirements{} // `null` and `{}` alike: no requirements
		if err := convertExpected(expected, want); err != nil {
			return "", err
		}
		if want == nil {
			want = &workv1alpha2.ReplicaRequirements{}
		}
		if got == nil {
			got = &workv1alpha2.ReplicaRequirements{}
		}
		if !checker.DeepEqual(want, got) {
			return mismatch(got), nil
		}
	case []workv1alpha2.Component:
		var want []workv1alpha2.Component
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		// Karmada's runner sorts both by name (Lua's pairs() has no order).
		got = append([]workv1alpha2.Component(nil), got...)
		sort.Slice(want, func(i, j int) bool { return want[i].Name < want[j].Name })
		sort.Slice(got, func(i, j int) bool { return got[i].Name < got[j].Name })
		if !checker.DeepEqual(want, got) {
			return mismatch(got), nil
		}
	case []configv1alpha1.DependentObjectReference:
		var want []configv1alpha1.DependentObjectReference
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		// Karmada's runner sorts both by apiVersion, kind, namespace, name.
		got = append([]configv1alpha1.DependentObjectReference(nil), got...)
		sortDependencies(want)
		sortDependencies(got)
		if !checker.DeepEqual(want, got) {
			return mismatch(got), nil
		}
	case *unstructured.Unstructured:
		var want unstructured.Unstructured
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		var gotObject map[string]any
		if got != nil {
			gotObject = got.Object
		}
		excluded := map[string]bool{}
		wantObj := withoutExcluded(want.Object, nil, excluded, true)
		gotObj := withoutExcluded(gotObject, nil, excluded, false)
		if !checker.DeepEqual(wantObj, gotObj) {
			return mismatch(gotObject), nil
		}
	case jsonValue: // InterpretStatus' rawStatus, decoded
		var want any
		if err := convertExpected(expected, &want); err != nil {
			return "", err
		}
		if !checker.DeepEqual(want, got.v) {
			return mismatch(got.v), nil
		}
	default:
		return "", fmt.Errorf("no comparison for %s of type %T", name, actual)
	}
	return "", nil
}

// jsonValue is a JSON document decoded with k8s.io/apimachinery's json (integers as int64).
type jsonValue struct{ v any }

const excludePlaceholder = "{{EXCLUDE}}" // Karmada testdata: a field whose value is not compared

// withoutExcluded is Karmada's processObjectWithExclusion: the first pass (collecting) drops every map field whose
// expected value is "{{EXCLUDE}}" and records its path (keys and list indexes joined by "."); the second drops the
// recorded paths from the actual object. Only object results (revised, retained, aggregatedStatus) get it.
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
