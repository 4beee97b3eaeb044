package conformance

// Kinds are found as the TypeScript side finds them, never named here: `npm run -s kinds -- --json` lists every kind
// folder (lib/kit/kind-contract.ts defines what one holds); every kind with a crd.yaml, a conversion-cases.yaml or an
// admission-cases.yaml is checked, and the objects a user applies for the CRD's own
// webhooks (the CRD with its conversion webhook, the Mutating/ValidatingWebhookConfigurations) are taken from what
// `npm run -s webhook-config -- --objects crd,admission` prints for the local server. A new kind is checked with no
// edit in Go.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/yaml"
)

// kindFolder is one lib/kinds/<kind>/ folder and the files of it the harness reads.
type kindFolder struct {
	name string // the folder's name, e.g. "workload"
	dir  string
	// crd is the folder's crd.yaml as written (no conversion webhook); nil when the folder has none (a kind whose
	// CRD its own project ships, such as Argo's Rollout).
	crd             *apiextensionsv1.CustomResourceDefinition
	conversionCases string // path of conversion-cases.yaml, "" when none
	admissionCases  string // path of admission-cases.yaml, "" when none
}

// servedVersions are the CRD's served versions, in the CRD's order.
func servedVersions(crd *apiextensionsv1.CustomResourceDefinition) []string {
	var served []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	return served
}

// contractKind is one kind folder as `npm run -s kinds -- --json` prints it: the TypeScript side's one definition
// of what a kind folder holds (lib/kit/kind-contract.ts), so Go finds kinds exactly as the tools and tests do.
type contractKind struct {
	Group          string   `json:"group"`
	Kind           string   `json:"kind"`
	Plural         string   `json:"plural"`
	Versions       []string `json:"versions"`
	StorageVersion string   `json:"storageVersion"`
	OwnCrd         bool     `json:"ownCrd"`
	Folder         string   `json:"folder"` // relative to the repository root, e.g. lib/kinds/workload
	// Family is set for a family folder (lib/kinds/crossplane): one interpreter for every kind of its groups, its
	// cases of several kinds (its examples), claimed by a rule of versions and kinds "*".
	Family          string `json:"family"`
	Dir             string `json:"dir"`
	Interpreted     bool   `json:"interpreted"`
	Converted       bool   `json:"converted"`
	Admitted        bool   `json:"admitted"`
	Crd             string `json:"crd"`
	Testdata        string `json:"testdata"`
	ConversionCases string `json:"conversionCases"`
	AdmissionCases  string `json:"admissionCases"`
}

var (
	contractOnce  sync.Once
	contractKinds []contractKind
	contractErr   error
)

// kindsOfContract runs `npm run -s kinds -- --json` once in the repository under test.
func kindsOfContract() ([]contractKind, error) {
	contractOnce.Do(func() {
		cmd := exec.Command("npm", "run", "-s", "kinds", "--", "--json") // before rootCtx exists (TestMain reads the cases first)
		cmd.Dir = root
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			contractErr = fmt.Errorf("npm run -s kinds -- --json: %v: %s", err, stderr.String())
			return
		}
		if err := json.Unmarshal(stdout.Bytes(), &contractKinds); err != nil {
			contractErr = fmt.Errorf("npm run -s kinds -- --json printed something that is not the kind list: %w", err)
			return
		}
		sort.Slice(contractKinds, func(i, j int) bool { return contractKinds[i].Folder < contractKinds[j].Folder })
		if len(contractKinds) == 0 {
			contractErr = fmt.Errorf("npm run -s kinds -- --json lists no kind")
		}
	})
	return contractKinds, contractErr
}

// kindFolders are the kinds the contract lists, sorted by folder, with the files the harness reads.
func kindFolders(t *testing.T) []kindFolder {
	t.Helper()
	kinds, err := kindsOfContract()
	if err != nil {
		t.Fatal(err)
	}
	var folders []kindFolder
	for _, k := range kinds {
		folder := kindFolder{name: filepath.Base(k.Dir), dir: k.Dir, conversionCases: k.ConversionCases, admissionCases: k.AdmissionCases}
		if k.Crd != "" {
			crds := decodeAll[apiextensionsv1.CustomResourceDefinition](t, k.Crd)
			if len(crds) != 1 {
				t.Fatalf("%s: expected one CRD, got %d", k.Crd, len(crds))
			}
			folder.crd = &crds[0]
		}
		folders = append(folders, folder)
	}
	return folders
}

func exists(file string) bool {
	_, err := os.Stat(file)
	return err == nil
}

// printedObjects are the objects `webhook-config --objects crd,admission` prints for the local server (its URL, the
// harness's CA as --ca-bundle): what a user applies.
type printedObjects struct {
	crds       map[string]*apiextensionsv1.CustomResourceDefinition // by metadata.name
	mutating   []admissionregistrationv1.MutatingWebhookConfiguration
	validating []admissionregistrationv1.ValidatingWebhookConfiguration
}

var (
	printedOnce sync.Once
	printed     *printedObjects
	printedErr  error
)

// webhookConfigObjects runs `npm run -s webhook-config -- --url <server> --ca-bundle <CA> --objects crd,admission`
// once, in the repository under test, and decodes its output.
func webhookConfigObjects(t *testing.T) *printedObjects {
	t.Helper()
	printedOnce.Do(func() { printed, printedErr = runWebhookConfig() })
	if printedErr != nil {
		t.Fatalf("webhook-config: %v", printedErr)
	}
	return printed
}

func runWebhookConfig() (*printedObjects, error) {
	caFile := filepath.Join(filepath.Dir(tlsFiles.certFile), "ca.crt")
	if err := os.WriteFile(caFile, tlsFiles.caPEM, 0o600); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(rootCtx, "npm", "run", "-s", "webhook-config", "--",
		"--url", server.baseURL, "--ca-bundle", caFile, "--objects", "crd,admission")
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, stderr.String())
	}
	objects := &printedObjects{crds: map[string]*apiextensionsv1.CustomResourceDefinition{}}
	decoder := yaml.NewYAMLOrJSONDecoder(bytes.NewReader(stdout.Bytes()), 4096)
	for {
		var raw map[string]any
		if err := decoder.Decode(&raw); err != nil {
			if err == io.EOF {
				break
			}
			return nil, fmt.Errorf("its output: %w", err)
		}
		if raw == nil {
			continue
		}
		data, _ := json.Marshal(raw)
		switch raw["kind"] {
		case "CustomResourceDefinition":
			var crd apiextensionsv1.CustomResourceDefinition
			if err := strictUnmarshal(data, &crd); err != nil {
				return nil, fmt.Errorf("printed CRD: %w", err)
			}
			objects.crds[crd.Name] = &crd
		case "MutatingWebhookConfiguration":
			var config admissionregistrationv1.MutatingWebhookConfiguration
			if err := strictUnmarshal(data, &config); err != nil {
				return nil, fmt.Errorf("printed MutatingWebhookConfiguration: %w", err)
			}
			objects.mutating = append(objects.mutating, config)
		case "ValidatingWebhookConfiguration":
			var config admissionregistrationv1.ValidatingWebhookConfiguration
			if err := strictUnmarshal(data, &config); err != nil {
				return nil, fmt.Errorf("printed ValidatingWebhookConfiguration: %w", err)
			}
			objects.validating = append(objects.validating, config)
		default:
			return nil, fmt.Errorf("unexpected object of kind %v in its output", raw["kind"])
		}
	}
	return objects, nil
}

// strictUnmarshal refuses fields the Go type does not know: a misspelt field in what users apply is an error.
func strictUnmarshal(data []byte, into any) error {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.DisallowUnknownFields()
	return decoder.Decode(into)
}

// crdAsApplied is the folder's CRD as a user applies it: with several served versions, the CRD webhook-config prints
// (its conversion webhook at the local server's /convert with the harness's CA), checked to be the folder's crd.yaml
// plus that webhook; with one served version, crd.yaml as it is (webhook-config prints no CRD for it: nothing
// converts).
func crdAsApplied(t *testing.T, folder kindFolder) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	if folder.crd == nil {
		t.Fatalf("lib/kinds/%s has no crd.yaml", folder.name)
	}
	served := servedVersions(folder.crd)
	out, ok := webhookConfigObjects(t).crds[folder.crd.Name]
	if len(served) < 2 {
		if ok {
			t.Fatalf("webhook-config prints CRD %s with a conversion webhook, but it serves one version (%v)", folder.crd.Name, served)
		}
		return folder.crd.DeepCopy()
	}
	if !ok {
		t.Fatalf("CRD %s (lib/kinds/%s/crd.yaml) serves %v but webhook-config --objects crd does not print it: is the kind in lib/kinds/conversions.ts?",
			folder.crd.Name, folder.name, served)
	}
	crd := out.DeepCopy()
	conversion := crd.Spec.Conversion
	if conversion == nil || conversion.Strategy != apiextensionsv1.WebhookConverter || conversion.Webhook == nil || conversion.Webhook.ClientConfig == nil {
		t.Fatalf("printed CRD %s has no conversion webhook: %+v", crd.Name, conversion)
	}
	client := conversion.Webhook.ClientConfig
	if client.URL == nil || *client.URL != server.baseURL+"/convert" || !bytes.Equal(client.CABundle, tlsFiles.caPEM) || client.Service != nil {
		t.Fatalf("printed CRD %s: conversion clientConfig is not {url: %s/convert, caBundle: the CA}: %+v", crd.Name, server.baseURL, client)
	}
	// Everything but spec.conversion is the folder's crd.yaml.
	source := folder.crd.DeepCopy()
	source.Spec.Conversion = nil
	withoutConversion := crd.DeepCopy()
	withoutConversion.Spec.Conversion = nil
	if !reflect.DeepEqual(source, withoutConversion) {
		a, _ := json.Marshal(source)
		b, _ := json.Marshal(withoutConversion)
		t.Fatalf("printed CRD %s differs from lib/kinds/%s/crd.yaml beyond spec.conversion:\n crd.yaml %s\n printed  %s", crd.Name, folder.name, a, b)
	}
	return crd
}

// kindsWith are the kind folders for which has is true; fails when there is none (the glob found nothing).
func kindsWith(t *testing.T, what string, has func(kindFolder) bool) []kindFolder {
	t.Helper()
	var found []kindFolder
	for _, folder := range kindFolders(t) {
		if has(folder) {
			found = append(found, folder)
		}
	}
	if len(found) == 0 {
		t.Fatalf("no kind folder under lib/kinds has %s", what)
	}
	return found
}

// TestCRDValid runs the apiserver's own CRD validation (apiextensions/validation.ValidateCustomResourceDefinition:
// structural schemas, CEL rules, one storage version, conversion webhook config) on every lib/kinds/*/crd.yaml as a
// user applies it (crdAsApplied: with its conversion webhook when it serves several versions).
func TestCRDValid(t *testing.T) {
	for _, folder := range kindsWith(t, "a crd.yaml", func(f kindFolder) bool { return f.crd != nil }) {
		t.Run(folder.name, func(t *testing.T) {
			crd := crdAsApplied(t, folder)
			apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(crd)
			var internal apiextensions.CustomResourceDefinition
			if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(crd, &internal, nil); err != nil {
				t.Fatal(err)
			}
			if errs := apiextensionsvalidation.ValidateCustomResourceDefinition(context.Background(), &internal); len(errs) > 0 {
				t.Fatalf("the apiserver would refuse the CRD: %v", errs.ToAggregate())
			}
			t.Logf("%s: served %v, conversion %s", crd.Name, servedVersions(crd), crd.Spec.Conversion.Strategy)
		})
	}
}

// groupKindOf is the kind's group, kind and plural: the CRD's when the folder has one; otherwise the first case
// object's, with the plural by Kubernetes' convention (lower case + "s") for a kind whose CRD its own project ships.
func groupKindOf(folder kindFolder, objects []map[string]any) (schema.GroupKind, string) {
	if folder.crd != nil {
		return schema.GroupKind{Group: folder.crd.Spec.Group, Kind: folder.crd.Spec.Names.Kind}, folder.crd.Spec.Names.Plural
	}
	for _, object := range objects {
		if object == nil {
			continue
		}
		apiVersion, _ := object["apiVersion"].(string)
		kind, _ := object["kind"].(string)
		gv, err := schema.ParseGroupVersion(apiVersion)
		if err == nil && kind != "" {
			return schema.GroupKind{Group: gv.Group, Kind: kind}, strings.ToLower(kind) + "s"
		}
	}
	return schema.GroupKind{}, ""
}
