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
	"sort"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
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

// firstExisting is the first of the candidate paths (relative to the repository root, globs allowed) that exists:
// the Workload's files live in lib/kinds/workload/ or, in the older layout, under test/cases/ and deploy/karmada/.
func firstExisting(candidates ...string) string {
	for _, candidate := range candidates {
		if matched, _ := filepath.Glob(filepath.Join(root, candidate)); len(matched) > 0 {
			sort.Strings(matched)
			return matched[0]
		}
	}
	return filepath.Join(root, candidates[0])
}

func reviewCasesFile(name string) string {
	return firstExisting(filepath.Join("lib", "kinds", "workload", name), filepath.Join("lib", "kinds", "workload", "*", name),
		filepath.Join("test", "cases", "workload.example.io", "Workload", name))
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

// workloadCRD is lib/kinds/workload/crd.yaml with its conversion webhook at the local server, as
// `npm run webhook-config -- --objects crd --ca-bundle …` prints it.
func workloadCRD(t *testing.T) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	crds := decodeAll[apiextensionsv1.CustomResourceDefinition](t, firstExisting(filepath.Join("lib", "kinds", "workload", "crd.yaml"), filepath.Join("deploy", "karmada", "workload-crd.yaml")))
	if len(crds) != 1 {
		t.Fatalf("expected one CRD, got %d", len(crds))
	}
	crd := crds[0]
	url := server.baseURL + "/convert"
	crd.Spec.Conversion.Webhook.ClientConfig = &apiextensionsv1.WebhookClientConfig{URL: &url, CABundle: tlsFiles.caPEM}
	return &crd
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

// workloadConverter is the converter kube-apiserver builds for the Workload CRD (the safe one: it copies its input).
func workloadConverter(t *testing.T) runtime.ObjectConvertor {
	t.Helper()
	factory, err := conversion.NewCRConverterFactory(noServices{}, anonymous)
	if err != nil {
		t.Fatal(err)
	}
	safe, _, err := factory.NewConverter(workloadCRD(t))
	if err != nil {
		t.Fatal(err)
	}
	return safe
}

// TestConversionWebhook converts every conversion case through apiextensions-apiserver's webhook converter (the code
// kube-apiserver runs for a CRD with `strategy: Webhook`), object by object and as one list, and back.
func TestConversionWebhook(t *testing.T) {
	safe := workloadConverter(t)
	cases := decodeAll[conversionCase](t, reviewCasesFile("conversion-cases.yaml"))
	if len(cases) == 0 {
		t.Fatal("no conversion cases")
	}
	for _, c := range cases {
		if c.Body != nil || len(c.Objects) == 0 {
			continue // malformed reviews and empty lists are not something the apiserver sends
		}
		t.Run(c.Name, func(t *testing.T) {
			target, err := schema.ParseGroupVersion(c.DesiredAPIVersion)
			if err != nil {
				t.Fatal(err)
			}
			list := &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": c.Objects[0].GetAPIVersion(), "kind": "WorkloadList"}}
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
	failClosed  = admissionregistrationv1.Fail
	equivalent  = admissionregistrationv1.Equivalent
	sideEffects = admissionregistrationv1.SideEffectClassNone
	timeout     = int32(10)
	reinvoke    = admissionregistrationv1.IfNeededReinvocationPolicy
	// The apiserver defaults absent selectors to {} (match everything); the fake API does not default.
	everything = &metav1.LabelSelector{}
)

// admissionRules are what webhook-config prints; the unserved-kind case adds apps/v1 deployments to see our 404.
var admissionRules = []admissionregistrationv1.RuleWithOperations{{
	Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.OperationAll},
	Rule: admissionregistrationv1.Rule{
		APIGroups:   []string{"workload.example.io", "apps"},
		APIVersions: []string{"v1alpha1", "v1alpha2", "v1"},
		Resources:   []string{"workloads", "deployments"},
	},
}}

func clientConfigFor(path string) admissionregistrationv1.WebhookClientConfig {
	url := server.baseURL + path
	return admissionregistrationv1.WebhookClientConfig{URL: &url, CABundle: tlsFiles.caPEM}
}

// admissionPlugins builds the apiserver's two webhook admission plugins on a fake API holding our configurations.
func admissionPlugins(t *testing.T) (*mutating.Plugin, *validating.Plugin) {
	t.Helper()
	namespace := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "default"}}
	mutatingConfig := &admissionregistrationv1.MutatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: "karmada-serverless-interpreter"},
		Webhooks: []admissionregistrationv1.MutatingWebhook{{
			Name: "default.workloads.workload.example.io", ClientConfig: clientConfigFor("/mutate"), Rules: admissionRules,
			FailurePolicy: &failClosed, MatchPolicy: &equivalent, SideEffects: &sideEffects, TimeoutSeconds: &timeout,
			AdmissionReviewVersions: []string{"v1"}, ReinvocationPolicy: &reinvoke,
			NamespaceSelector: everything, ObjectSelector: everything,
		}},
	}
	validatingConfig := &admissionregistrationv1.ValidatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: "karmada-serverless-interpreter"},
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name: "validate.workloads.workload.example.io", ClientConfig: clientConfigFor("/validate"), Rules: admissionRules,
			FailurePolicy: &failClosed, MatchPolicy: &equivalent, SideEffects: &sideEffects, TimeoutSeconds: &timeout,
			AdmissionReviewVersions: []string{"v1"},
			NamespaceSelector:       everything, ObjectSelector: everything,
		}},
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

// TestAdmissionWebhooks runs every admission case through the apiserver's mutating and validating webhook plugins.
func TestAdmissionWebhooks(t *testing.T) {
	mutator, validator := admissionPlugins(t)
	interfaces := admission.NewObjectInterfacesFromScheme(runtime.NewScheme())
	cases := decodeAll[admissionCase](t, reviewCasesFile("admission-cases.yaml"))
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
			resource := schema.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: strings.ToLower(gvk.Kind) + "s"}
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
// apiserver could send them) through the same Kubernetes clients.
func TestReviewFixtureEvents(t *testing.T) {
	safe := workloadConverter(t)
	var err error
	for _, fixture := range []struct {
		name  string
		fails string
	}{{"convert", ""}, {"convert-invalid", "spec.rollout: must be an object"}} {
		t.Run(fixture.name, func(t *testing.T) {
			var review apiextensionsv1.ConversionReview
			reviewFixture(t, fixture.name, &review)
			list := &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": "workload.example.io/v1alpha1", "kind": "WorkloadList"}}
			for _, raw := range review.Request.Objects {
				list.Items = append(list.Items, *unstructuredOf(t, raw))
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
	mutator, validator := admissionPlugins(t)
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

// TestWorkloadCRDValid runs the apiserver's own CRD validation (structural schema, versions, conversion webhook) on
// lib/kinds/workload/crd.yaml with its conversion URL set, as webhook-config prints it.
func TestWorkloadCRDValid(t *testing.T) {
	crd := workloadCRD(t)
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(crd)
	var internal apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(crd, &internal, nil); err != nil {
		t.Fatal(err)
	}
	if errs := apiextensionsvalidation.ValidateCustomResourceDefinition(context.Background(), &internal); len(errs) > 0 {
		t.Fatalf("the apiserver would refuse the CRD: %v", errs.ToAggregate())
	}
}
