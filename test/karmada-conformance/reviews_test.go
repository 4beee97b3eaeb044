package conformance

// Kubernetes' own webhook clients against the local server: the apiextensions-apiserver conversion webhook
// converter (/convert) and the apiserver's mutating and validating admission plugins (/mutate, /validate).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	neturl "net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/conversion"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/mutating"
	"k8s.io/apiserver/pkg/admission/plugin/webhook/validating"
	"k8s.io/apiserver/pkg/authentication/user"
	webhookutil "k8s.io/apiserver/pkg/util/webhook"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/client-go/informers"
	fakeclientset "k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/rest"
)

// anonymousClient is how an apiserver calls a URL webhook that needs no client credentials.
type anonymousClient struct{}

func (anonymousClient) ClientConfigFor(string) (*rest.Config, error) { return &rest.Config{}, nil }
func (anonymousClient) ClientConfigForService(string, string, int) (*rest.Config, error) {
	return &rest.Config{}, nil
}

func anonymous(webhookutil.AuthenticationInfoResolver) webhookutil.AuthenticationInfoResolver {
	return anonymousClient{}
}

// noServices fails: every webhook here is configured by URL.
type noServices struct{}

var errNoServices = errors.New("only URL webhooks are configured")

func (noServices) ResolveEndpoint(string, string, int32) (*neturl.URL, error) {
	return nil, errNoServices
}

func decodeAll[T any](t *testing.T, file string) []T {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	decoder := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	var all []T
	for {
		var item T
		if err := decoder.Decode(&item); err != nil {
			if err == io.EOF {
				return all
			}
			t.Fatalf("%s: %v", file, err)
		}
		all = append(all, item)
	}
}

type conversionCase struct {
	Name              string                      `json:"name"`
	DesiredAPIVersion string                      `json:"desiredAPIVersion"`
	Objects           []unstructured.Unstructured `json:"objects"`
	Body              map[string]any              `json:"body"`
	Output            *struct {
		ConvertedObjects []map[string]any `json:"convertedObjects"`
	} `json:"output"`
	Error *struct {
		MessageContains []string `json:"messageContains"`
	} `json:"error"`
}

// converterFor is the converter kube-apiserver builds for the CRD (the safe one: it copies its input).
func converterFor(t *testing.T, crd *apiextensionsv1.CustomResourceDefinition) runtime.ObjectConvertor {
	t.Helper()
	factory, err := conversion.NewCRConverterFactory(noServices{}, anonymous)
	if err != nil {
		t.Fatal(err)
	}
	safe, _, err := factory.NewConverter(crd)
	if err != nil {
		t.Fatal(err)
	}
	return safe
}

// TestConversionWebhook converts every conversion case of every kind folder with a conversion-cases.yaml through
// apiextensions-apiserver's webhook converter for the kind's CRD as webhook-config prints it (the code kube-apiserver
// runs for a CRD with `strategy: Webhook`), object by object and as one list (of the CRD's listKind), and back.
func TestConversionWebhook(t *testing.T) {
	for _, folder := range kindsWith(t, "a conversion-cases.yaml", func(f kindFolder) bool { return f.conversionCases != "" }) {
		t.Run(folder.name, func(t *testing.T) {
			crd := crdAsApplied(t, folder) // fails when the folder has conversion cases but no CRD with a conversion webhook
			runConversionCases(t, crd, converterFor(t, crd), decodeAll[conversionCase](t, folder.conversionCases))
		})
	}
}

func runConversionCases(t *testing.T, crd *apiextensionsv1.CustomResourceDefinition, safe runtime.ObjectConvertor, cases []conversionCase) {
	t.Helper()
	if len(cases) == 0 {
		t.Fatal("no conversion cases")
	}
	ran := 0
	for _, c := range cases {
		if c.Body != nil || len(c.Objects) == 0 {
			continue // malformed reviews and empty lists are not something the apiserver sends
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			target, err := schema.ParseGroupVersion(c.DesiredAPIVersion)
			if err != nil {
				t.Fatal(err)
			}
			list := &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": c.Objects[0].GetAPIVersion(), "kind": crd.Spec.Names.ListKind}}
			for _, object := range c.Objects {
				list.Items = append(list.Items, *object.DeepCopy())
			}
			converted, err := safe.ConvertToVersion(list, target)
			if c.Error != nil {
				if err == nil {
					t.Fatalf("expected a failed conversion, got %v", converted)
				}
				// The apiserver refuses unserved versions itself before calling the webhook; every other failure is ours.
				if strings.Contains(err.Error(), "invalid group/version") || strings.Contains(err.Error(), "not suitable for converting") {
					return
				}
				for _, fragment := range c.Error.MessageContains {
					if !strings.Contains(err.Error(), fragment) {
						t.Errorf("error %q does not contain %q", err.Error(), fragment)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("conversion refused: %v", err)
			}
			if c.Output == nil {
				t.Fatal("the case has neither output nor error")
			}
			items := converted.(*unstructured.UnstructuredList).Items
			if len(items) != len(c.Output.ConvertedObjects) {
				t.Fatalf("got %d objects, want %d", len(items), len(c.Output.ConvertedObjects))
			}
			for i, item := range items {
				if diff := jsonDiff(c.Output.ConvertedObjects[i], item.Object); diff != "" {
					t.Errorf("object %d: %s", i, diff)
				}
				back, err := safe.ConvertToVersion(item.DeepCopy(), c.Objects[i].GroupVersionKind().GroupVersion())
				if err != nil {
					t.Fatalf("object %d back to %s: %v", i, c.Objects[i].GetAPIVersion(), err)
				}
				if diff := jsonDiff(c.Objects[i].Object, back.(*unstructured.Unstructured).Object); diff != "" {
					t.Errorf("object %d round trip: %s", i, diff)
				}
			}
		})
	}
	if ran == 0 {
		t.Fatal("no conversion case the apiserver can send")
	}
}

func jsonDiff(want, got map[string]any) string {
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	var wv, gv any
	_ = json.Unmarshal(w, &wv)
	_ = json.Unmarshal(g, &gv)
	wn, _ := json.Marshal(wv)
	gn, _ := json.Marshal(gv)
	if bytes.Equal(wn, gn) {
		return ""
	}
	return "want " + string(wn) + "\n got " + string(gn)
}

// admissionCase is one document of an admission-cases.yaml. Fields the harness does not read (`apiserver`, with
// `skip`, `crd`, `differsBecause`…, for the e2e) are ignored: decodeAll decodes leniently.
type admissionCase struct {
	Name      string         `json:"name"`
	Step      string         `json:"step"`
	Operation string         `json:"operation"`
	Version   string         `json:"version"`
	Object    map[string]any `json:"object"`
	OldObject map[string]any `json:"oldObject"`
	Body      map[string]any `json:"body"`
	Output    struct {
		Allowed  bool           `json:"allowed"`
		Patched  map[string]any `json:"patched"`
		Warnings []string       `json:"warnings"`
		Status   *struct {
			Code            int32    `json:"code"`
			Message         string   `json:"message"`
			MessageContains []string `json:"messageContains"`
		} `json:"status"`
	} `json:"output"`
}

var (
	// The apiserver's defaults for fields a printed webhook leaves out (the fake API does not default).
	failClosed = admissionregistrationv1.Fail
	equivalent = admissionregistrationv1.Equivalent
	timeout    = int32(10)
	never      = admissionregistrationv1.NeverReinvocationPolicy
	// The apiserver defaults absent selectors to {} (match everything).
	everything = &metav1.LabelSelector{}
)

// matchesKind says whether a webhook rule covers the kind's group and plural.
func matchesKind(rules []admissionregistrationv1.RuleWithOperations, group, plural string) bool {
	for _, rule := range rules {
		if (slices.Contains(rule.APIGroups, group) || slices.Contains(rule.APIGroups, "*")) &&
			(slices.Contains(rule.Resources, plural) || slices.Contains(rule.Resources, "*")) {
			return true
		}
	}
	return false
}

// kindAdmission is what the harness needs to send a kind's admission cases: the kind, its plural, and the webhooks
// webhook-config prints for it.
type kindAdmission struct {
	groupKind  schema.GroupKind
	plural     string
	mutating   []admissionregistrationv1.MutatingWebhook
	validating []admissionregistrationv1.ValidatingWebhook
}

// resourceOf is the resource of a case's object: the kind's plural for the kind, Kubernetes' convention otherwise.
func (k kindAdmission) resourceOf(gvk schema.GroupVersionKind) schema.GroupVersionResource {
	resource := strings.ToLower(gvk.Kind) + "s"
	if gvk.GroupKind() == k.groupKind {
		resource = k.plural
	}
	return schema.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: resource}
}

// harnessRules are the printed rules for the harness: every operation ("*"), so that the cases of operations the
// printed rules leave out (DELETE) still reach the server; plus a rule for each other kind the cases send (a kind
// the service does not serve, to see its refusal). Groups, versions and resources are as printed.
func harnessRules(printed []admissionregistrationv1.RuleWithOperations, others []schema.GroupVersionResource) []admissionregistrationv1.RuleWithOperations {
	var rules []admissionregistrationv1.RuleWithOperations
	for _, rule := range printed {
		rule = *rule.DeepCopy()
		rule.Operations = []admissionregistrationv1.OperationType{admissionregistrationv1.OperationAll}
		rules = append(rules, rule)
	}
	for _, other := range others {
		rules = append(rules, admissionregistrationv1.RuleWithOperations{
			Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.OperationAll},
			Rule:       admissionregistrationv1.Rule{APIGroups: []string{other.Group}, APIVersions: []string{other.Version}, Resources: []string{other.Resource}},
		})
	}
	return rules
}

// admissionFor takes, from what `webhook-config --objects admission` prints, the Mutating and Validating webhooks
// whose rules cover the folder's kind (group and plural of its CRD), as the harness sends them (harnessRules; the
// apiserver's defaults filled in). matchConditions are dropped: the cases are the specification of our webhooks'
// answers, including to requests the conditions spare them (the e2e applies the conditions on a real apiserver).
func admissionFor(t *testing.T, folder kindFolder, cases []admissionCase) kindAdmission {
	t.Helper()
	var objects []map[string]any
	for _, c := range cases {
		objects = append(objects, c.Object, c.OldObject)
	}
	groupKind, plural := groupKindOf(folder, objects)
	if groupKind.Group == "" && groupKind.Kind == "" {
		t.Fatalf("lib/kinds/%s: no crd.yaml and no case object to tell its kind", folder.name)
	}
	k := kindAdmission{groupKind: groupKind, plural: plural}
	var others []schema.GroupVersionResource
	seen := map[schema.GroupVersionResource]bool{}
	for _, object := range objects {
		if object == nil {
			continue
		}
		gvk := (&unstructured.Unstructured{Object: object}).GroupVersionKind()
		if gvr := k.resourceOf(gvk); gvk.GroupKind() != groupKind && !seen[gvr] {
			seen[gvr] = true
			others = append(others, gvr)
		}
	}
	objectsPrinted := webhookConfigObjects(t)
	for _, config := range objectsPrinted.mutating {
		for _, webhook := range config.Webhooks {
			if matchesKind(webhook.Rules, groupKind.Group, plural) {
				webhook = *webhook.DeepCopy()
				webhook.Rules = harnessRules(webhook.Rules, others)
				webhook.MatchConditions = nil
				if webhook.ReinvocationPolicy == nil {
					webhook.ReinvocationPolicy = &never
				}
				defaults(&webhook.FailurePolicy, &webhook.MatchPolicy, &webhook.TimeoutSeconds, &webhook.NamespaceSelector, &webhook.ObjectSelector)
				k.mutating = append(k.mutating, webhook)
			}
		}
	}
	for _, config := range objectsPrinted.validating {
		for _, webhook := range config.Webhooks {
			if matchesKind(webhook.Rules, groupKind.Group, plural) {
				webhook = *webhook.DeepCopy()
				webhook.Rules = harnessRules(webhook.Rules, others)
				webhook.MatchConditions = nil
				defaults(&webhook.FailurePolicy, &webhook.MatchPolicy, &webhook.TimeoutSeconds, &webhook.NamespaceSelector, &webhook.ObjectSelector)
				k.validating = append(k.validating, webhook)
			}
		}
	}
	for _, c := range cases {
		if c.Step == "mutate" && len(k.mutating) == 0 || c.Step == "validate" && len(k.validating) == 0 {
			t.Fatalf("lib/kinds/%s has %s cases but webhook-config --objects admission prints no %s webhook for %s (%s): is the kind in lib/kinds/admissions.ts?",
				folder.name, c.Step, c.Step, plural, groupKind.Group)
		}
	}
	return k
}

func defaults(failure **admissionregistrationv1.FailurePolicyType, match **admissionregistrationv1.MatchPolicyType, seconds **int32, namespaces, objects **metav1.LabelSelector) {
	if *failure == nil {
		*failure = &failClosed
	}
	if *match == nil {
		*match = &equivalent
	}
	if *seconds == nil {
		*seconds = &timeout
	}
	if *namespaces == nil {
		*namespaces = everything
	}
	if *objects == nil {
		*objects = everything
	}
}

// admissionPlugins builds the apiserver's two webhook admission plugins on a fake API holding the kind's webhooks.
func admissionPlugins(t *testing.T, k kindAdmission) (*mutating.Plugin, *validating.Plugin) {
	t.Helper()
	namespace := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "default"}}
	mutatingConfig := &admissionregistrationv1.MutatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: "karmada-serverless-interpreter"},
		Webhooks:   k.mutating,
	}
	validatingConfig := &admissionregistrationv1.ValidatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: "karmada-serverless-interpreter"},
		Webhooks:   k.validating,
	}
	client := fakeclientset.NewSimpleClientset(namespace, mutatingConfig, validatingConfig)
	factory := informers.NewSharedInformerFactory(client, 0)
	mutator, err := mutating.NewMutatingWebhook(nil)
	if err != nil {
		t.Fatal(err)
	}
	validator, err := validating.NewValidatingAdmissionWebhook(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, plugin := range []interface {
		SetAuthenticationInfoResolverWrapper(webhookutil.AuthenticationInfoResolverWrapper)
		SetServiceResolver(webhookutil.ServiceResolver)
	}{mutator, validator} {
		plugin.SetAuthenticationInfoResolverWrapper(anonymous)
		plugin.SetServiceResolver(noServices{})
	}
	mutator.SetExternalKubeClientSet(client)
	validator.SetExternalKubeClientSet(client)
	mutator.SetExternalKubeInformerFactory(factory)
	validator.SetExternalKubeInformerFactory(factory)
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	factory.Start(stop)
	factory.WaitForCacheSync(stop)
	if err := mutator.ValidateInitialization(); err != nil {
		t.Fatal(err)
	}
	if err := validator.ValidateInitialization(); err != nil {
		t.Fatal(err)
	}
	// The plugins load their configurations asynchronously: wait until they are ready.
	deadline := time.Now().Add(10 * time.Second)
	for !(mutator.WaitForReady() && validator.WaitForReady()) {
		if time.Now().After(deadline) {
			t.Fatal("admission plugins not ready")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return mutator, validator
}

type recordedWarnings struct{ messages []string }

func (r *recordedWarnings) AddWarning(_, text string) { r.messages = append(r.messages, text) }

// TestAdmissionWebhooks runs the admission cases of every kind folder with an admission-cases.yaml through the
// apiserver's mutating and validating webhook plugins, configured with the webhooks webhook-config prints for the kind.
func TestAdmissionWebhooks(t *testing.T) {
	for _, folder := range kindsWith(t, "an admission-cases.yaml", func(f kindFolder) bool { return f.admissionCases != "" }) {
		t.Run(folder.name, func(t *testing.T) {
			cases := decodeAll[admissionCase](t, folder.admissionCases)
			runAdmissionCases(t, admissionFor(t, folder, cases), cases)
		})
	}
}

func runAdmissionCases(t *testing.T, k kindAdmission, cases []admissionCase) {
	t.Helper()
	mutator, validator := admissionPlugins(t, k)
	interfaces := admission.NewObjectInterfacesFromScheme(runtime.NewScheme())
	ran := 0
	for _, c := range cases {
		// Malformed reviews and operations the apiserver never sends are not something its client can carry.
		if c.Body != nil || c.Operation == "PATCH" || c.Operation == "CONNECT" {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			typed := c.Object
			if typed == nil {
				typed = c.OldObject
			}
			object := &unstructured.Unstructured{Object: typed}
			gvk := object.GroupVersionKind()
			resource := k.resourceOf(gvk)
			var obj, old runtime.Object
			if c.Object != nil {
				obj = &unstructured.Unstructured{Object: runtime.DeepCopyJSON(c.Object)}
			}
			if c.OldObject != nil {
				old = &unstructured.Unstructured{Object: runtime.DeepCopyJSON(c.OldObject)}
			}
			attributes := admission.NewAttributesRecord(obj, old, gvk, "default", object.GetName(), resource, "",
				admission.Operation(c.Operation), nil, false, &user.DefaultInfo{Name: "kubernetes-admin"})
			warnings := &recordedWarnings{}
			ctx := warning.WithWarningRecorder(context.Background(), warnings)
			var err error
			if c.Step == "mutate" {
				err = mutator.Admit(ctx, attributes, interfaces)
			} else {
				err = validator.Validate(ctx, attributes, interfaces)
			}
			if !c.Output.Allowed && c.Output.Status == nil {
				t.Fatal("the case refuses without output.status")
			}
			if c.Output.Allowed {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if c.Output.Patched != nil {
					if diff := jsonDiff(c.Output.Patched, attributes.GetObject().(*unstructured.Unstructured).Object); diff != "" {
						t.Errorf("patched object: %s", diff)
					}
				}
				if strings.Join(warnings.messages, "\n") != strings.Join(c.Output.Warnings, "\n") {
					t.Errorf("warnings %q, want %q", warnings.messages, c.Output.Warnings)
				}
				return
			}
			status, ok := err.(apierrors.APIStatus)
			if !ok {
				t.Fatalf("expected a denial carrying our status, got %T %v", err, err)
			}
			if got := status.Status().Code; got != c.Output.Status.Code {
				t.Errorf("code %d, want %d (%v)", got, c.Output.Status.Code, err)
			}
			// The apiserver prefixes our message with the webhook's name; the message itself is ours, intact.
			if c.Output.Status.Message != "" && !strings.HasSuffix(err.Error(), c.Output.Status.Message) {
				t.Errorf("message %q does not end with %q", err.Error(), c.Output.Status.Message)
			}
			for _, fragment := range c.Output.Status.MessageContains {
				if !strings.Contains(err.Error(), fragment) {
					t.Errorf("message %q does not contain %q", err.Error(), fragment)
				}
			}
			if strings.Contains(err.Error(), "failed calling webhook") {
				t.Errorf("the apiserver could not use our answer: %v", err)
			}
		})
	}
	if ran == 0 {
		t.Fatal("no admission cases ran")
	}
}

// reviewFixture is the review carried by an API Gateway event fixture of test/fixtures/events.
func reviewFixture(t *testing.T, name string, into any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(root, "test", "fixtures", "events", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var event struct {
		Body string `json:"body"`
	}
	if err := json.Unmarshal(raw, &event); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(event.Body), into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func unstructuredOf(t *testing.T, raw runtime.RawExtension) *unstructured.Unstructured {
	t.Helper()
	if len(raw.Raw) == 0 || string(raw.Raw) == "null" {
		return nil
	}
	object := &unstructured.Unstructured{}
	if err := object.UnmarshalJSON(raw.Raw); err != nil {
		t.Fatal(err)
	}
	return object
}

// TestReviewFixtureEvents replays the convert, mutate and validate event fixtures (valid and invalid, where the
// apiserver could send them) through the same Kubernetes clients. The fixtures are Workload requests (the event
// fixtures of test/fixtures/events were written for the Workload), so the expected failures and the defaulted
// spec.replicas below are the Workload's; the CRD and the webhooks are found from each review's kind, as for any kind.
func TestReviewFixtureEvents(t *testing.T) {
	folders := kindFolders(t)
	var err error
	for _, fixture := range []struct {
		name  string
		fails string
	}{{"convert", ""}, {"convert-invalid", "spec.rollout: must be an object"}} {
		t.Run(fixture.name, func(t *testing.T) {
			var review apiextensionsv1.ConversionReview
			reviewFixture(t, fixture.name, &review)
			var objects []*unstructured.Unstructured
			for _, raw := range review.Request.Objects {
				objects = append(objects, unstructuredOf(t, raw))
			}
			if len(objects) == 0 {
				t.Fatal("the review has no objects")
			}
			gvk := objects[0].GroupVersionKind()
			var crd *apiextensionsv1.CustomResourceDefinition
			for _, folder := range folders {
				if folder.crd != nil && folder.crd.Spec.Group == gvk.Group && folder.crd.Spec.Names.Kind == gvk.Kind {
					crd = crdAsApplied(t, folder)
				}
			}
			if crd == nil {
				t.Fatalf("no lib/kinds/*/crd.yaml for %s", gvk.GroupKind())
			}
			safe := converterFor(t, crd)
			list := &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": objects[0].GetAPIVersion(), "kind": crd.Spec.Names.ListKind}}
			for _, object := range objects {
				list.Items = append(list.Items, *object)
			}
			target, _ := schema.ParseGroupVersion(review.Request.DesiredAPIVersion)
			_, err := safe.ConvertToVersion(list, target)
			if fixture.fails == "" && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if fixture.fails != "" && (err == nil || !strings.Contains(err.Error(), fixture.fails)) {
				t.Fatalf("expected a failure saying %q, got %v", fixture.fails, err)
			}
		})
	}
	interfaces := admission.NewObjectInterfacesFromScheme(runtime.NewScheme())
	for _, fixture := range []struct {
		name string
		code int32 // 0: allowed
	}{{"mutate", 0}, {"validate", 0}, {"validate-invalid", 422}} {
		t.Run(fixture.name, func(t *testing.T) {
			var review admissionv1.AdmissionReview
			reviewFixture(t, fixture.name, &review)
			request := review.Request
			gvk := schema.GroupVersionKind{Group: request.Kind.Group, Version: request.Kind.Version, Kind: request.Kind.Kind}
			gvr := schema.GroupVersionResource{Group: request.Resource.Group, Version: request.Resource.Version, Resource: request.Resource.Resource}
			var kind *kindAdmission
			for _, folder := range folders {
				if folder.crd != nil && folder.crd.Spec.Group == gvk.Group && folder.crd.Spec.Names.Kind == gvk.Kind {
					k := admissionFor(t, folder, nil)
					kind = &k
				}
			}
			if kind == nil {
				t.Fatalf("no lib/kinds/*/crd.yaml for %s", gvk.GroupKind())
			}
			mutator, validator := admissionPlugins(t, *kind)
			var object, old runtime.Object
			if o := unstructuredOf(t, request.Object); o != nil {
				object = o
			}
			if o := unstructuredOf(t, request.OldObject); o != nil {
				old = o
			}
			attributes := admission.NewAttributesRecord(object, old, gvk, request.Namespace, request.Name, gvr, "",
				admission.Operation(request.Operation), nil, false, &user.DefaultInfo{Name: request.UserInfo.Username})
			if fixture.name == "mutate" {
				err = mutator.Admit(context.Background(), attributes, interfaces)
				if err == nil && attributes.GetObject().(*unstructured.Unstructured).Object["spec"].(map[string]any)["replicas"] != int64(1) {
					t.Errorf("spec.replicas not defaulted: %v", attributes.GetObject())
				}
			} else {
				err = validator.Validate(context.Background(), attributes, interfaces)
			}
			if fixture.code == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			status, ok := err.(apierrors.APIStatus)
			if !ok || status.Status().Code != fixture.code {
				t.Fatalf("expected a denial with code %d, got %v", fixture.code, err)
			}
		})
	}
}
