package conformance

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/yaml"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
)

// catalogueInModule is where Karmada's module keeps its third-party catalogue: <group>/<version>/<Kind>/testdata.
const catalogueInModule = "pkg/resourceinterpreter/default/thirdparty/resourcecustomizations"

// karmadaCatalogue is the catalogue to run: KARMADA_CATALOGUE_DIR when set (as test/karmada-catalogue.test.ts reads
// it), else the one in the Karmada module this harness imports (`go list -m`: the release go.mod pins).
func karmadaCatalogue() (string, error) {
	if dir := os.Getenv("KARMADA_CATALOGUE_DIR"); dir != "" {
		return dir, nil
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/karmada-io/karmada").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m github.com/karmada-io/karmada: %w", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("go list -m github.com/karmada-io/karmada: the module is not downloaded")
	}
	return filepath.Join(dir, catalogueInModule), nil
}

// servedKinds are the group/version/kinds this service interprets, as `npm run -s webhook-config -- --mode single
// --objects interpreter` claims them from the interpreter registry (what test/karmada-catalogue.test.ts reads).
func servedKinds() (map[schema.GroupVersionKind]bool, error) {
	cmd := exec.CommandContext(rootCtx, "npm", "run", "-s", "webhook-config", "--",
		"--url", server.baseURL, "--mode", "single", "--objects", "interpreter")
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("webhook-config: %v: %s", err, stderr.String())
	}
	var cfg configv1alpha1.ResourceInterpreterWebhookConfiguration
	if err := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(stdout.Bytes()), 4096).Decode(&cfg); err != nil {
		return nil, fmt.Errorf("webhook-config's ResourceInterpreterWebhookConfiguration: %w", err)
	}
	served := map[schema.GroupVersionKind]bool{}
	for _, hook := range cfg.Webhooks {
		for _, rule := range hook.Rules {
			for _, group := range rule.APIGroups {
				for _, version := range rule.APIVersions {
					for _, kind := range rule.Kinds {
						served[schema.GroupVersionKind{Group: group, Version: version, Kind: kind}] = true
					}
				}
			}
		}
	}
	return served, nil
}

// catalogueFolder is one <group>/<version>/<Kind>/testdata folder of the catalogue.
type catalogueFolder struct {
	gvk      schema.GroupVersionKind
	testdata string
}

func catalogueFolders(catalogue string) ([]catalogueFolder, error) {
	dirs, err := filepath.Glob(filepath.Join(catalogue, "*", "*", "*", "testdata"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	var folders []catalogueFolder
	for _, dir := range dirs {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			continue
		}
		kindDir := filepath.Dir(dir)
		versionDir := filepath.Dir(kindDir)
		folders = append(folders, catalogueFolder{
			gvk:      schema.GroupVersionKind{Group: filepath.Base(filepath.Dir(versionDir)), Version: filepath.Base(versionDir), Kind: filepath.Base(kindDir)},
			testdata: dir,
		})
	}
	return folders, nil
}

// countingProxy forwards to the local server (127.0.0.1) and counts the calls that reach it: a case answered by
// Karmada's own built-in Lua instead of our webhook would leave the count as it was.
func countingProxy(t *testing.T) (url string, caPEM []byte, calls *atomic.Int64) {
	t.Helper()
	upstream := serverClient()
	calls = &atomic.Int64{}
	proxy := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		forwardToServer(w, r, upstream, r.Body)
	}))
	proxy.StartTLS()
	t.Cleanup(proxy.Close)
	return proxy.URL, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: proxy.Certificate().Raw}), calls
}

// TestKarmadaCatalogue runs Karmada's own third-party catalogue, unedited, for every kind of it this service serves,
// through Karmada's webhook client against the local server: one webhook at /interpreter claiming every operation of
// those kinds. Every case must pass and reach our server (Karmada also has built-in Lua for these kinds, which a
// webhook overrides), but a case the kind's README lists as answered differently (listed_differences_test.go),
// which must be answered and differ. Karmada's module is always there (this harness imports it), so it must hold one
// such kind.
func TestKarmadaCatalogue(t *testing.T) {
	catalogue, err := karmadaCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	served, err := servedKinds()
	if err != nil {
		t.Fatal(err)
	}
	all, err := catalogueFolders(catalogue)
	if err != nil {
		t.Fatal(err)
	}
	var folders []catalogueFolder
	for _, folder := range all {
		if served[folder.gvk] {
			folders = append(folders, folder)
		}
	}
	if len(folders) == 0 {
		t.Fatalf("none of the %d kinds of %s is one this service serves (served: %v)", len(all), catalogue, mapKeys(gvkNames(served)))
	}

	url, caPEM, calls := countingProxy(t)
	style := urlStyle{name: "catalogue", config: func(baseURL string, caBundle []byte) *configv1alpha1.ResourceInterpreterWebhookConfiguration {
		gvks := make([]schema.GroupVersionKind, 0, len(folders))
		for _, folder := range folders {
			gvks = append(gvks, folder.gvk)
		}
		return claimingEveryOperation("catalogue", gvks, baseURL+"/interpreter", caBundle)
	}}
	if err := admitConfiguration(style.config(url, caPEM)); err != nil {
		t.Fatalf("Karmada's ValidatingAdmission rejects the catalogue configuration: %v", err)
	}
	ri := interpreterForURL(t, style, url, caPEM)
	readmes, err := kindReadmes()
	if err != nil {
		t.Fatal(err)
	}

	total, passed, answeredDifferently := 0, 0, 0
	for _, folder := range folders {
		files, err := caseFilesUnder(folder.testdata)
		if err != nil {
			t.Fatal(err)
		}
		name := folder.gvk.Group + "/" + folder.gvk.Version + "/" + folder.gvk.Kind
		readme := readmes[folder.gvk]
		departures, err := departuresOf(root, readme)
		if err != nil {
			t.Fatal(err)
		}
		listed := listedDifferences(departures)
		named := map[string]bool{}
		for _, file := range files {
			for _, c := range readCaseFile(file) {
				total++
				key := listingKey(c.Operation, c.Name)
				named[key] = true
				t.Run(name+"/"+filepath.Base(file)+"/"+c.Name, func(t *testing.T) {
					before := calls.Load()
					where := fmt.Sprintf("%s: %q", filepath.Base(c.File), c.Name)
					problems, notes, answered := judgeCaseAnswer(ri, c)
					for _, note := range notes {
						t.Logf("%s: note: %s", where, note)
					}
					verdict, problems := judgeListed(problems, answered, listed[key], readme)
					switch verdict {
					case casePassed:
						passed++
					case caseDiffered:
						answeredDifferently++
						t.Logf("%s: answered differently, as %s:%d lists: %s", where, readme, listed[key].line, strings.Join(problems, "; "))
					default:
						for _, problem := range problems {
							t.Errorf("%s: %s", where, problem)
						}
					}
					if c.Problem == "" && c.requestProblem() == "" && calls.Load() == before {
						t.Errorf("%s: Karmada answered without calling the webhook", c.Name)
					}
				})
			}
		}
		for key, d := range listed {
			if !named[key] {
				t.Errorf("%s:%d: %s lists a case %s does not have: remove the listing, or fix its name", readme, d.line, d, name)
			}
		}
	}
	t.Logf("Karmada's catalogue: %s (%d served kinds of %s)", catalogueFigure(passed, answeredDifferently, total), len(folders), catalogue)
}

// kindReadmes is each served group/version/kind's README.md, relative to the repository root (the kinds' contract).
func kindReadmes() (map[schema.GroupVersionKind]string, error) {
	contract, err := kindsOfContract()
	if err != nil {
		return nil, err
	}
	readmes := map[schema.GroupVersionKind]string{}
	for _, k := range contract {
		for _, version := range k.Versions {
			readmes[schema.GroupVersionKind{Group: k.Group, Version: version, Kind: k.Kind}] = filepath.ToSlash(filepath.Join(k.Folder, "README.md"))
		}
	}
	return readmes, nil
}

func gvkNames(m map[schema.GroupVersionKind]bool) map[string]bool {
	names := map[string]bool{}
	for gvk := range m {
		data, _ := json.Marshal(gvk.GroupVersion().String() + ", Kind=" + gvk.Kind)
		names[string(data)] = true
	}
	return names
}
