package conformance

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	configv1alpha1 "github.com/karmada-io/karmada/pkg/apis/config/v1alpha1"
)

// wireRecord is what Karmada's webhook client put on the wire for one call.
type wireRecord struct {
	method, path, rawQuery, proto string
	header                        http.Header
	body                          []byte
	tls                           *tls.ConnectionState
}

// TestKarmadaWireRequest puts a recording TLS proxy (127.0.0.1) between Karmada's client and the local server and
// checks the HTTP request Karmada really sends (protocol spec §2 and §3) and that the proxied answer is accepted.
func TestKarmadaWireRequest(t *testing.T) {
	upstream := serverClient()

	var mu sync.Mutex
	var records []wireRecord
	proxy := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		records = append(records, wireRecord{r.Method, r.URL.Path, r.URL.RawQuery, r.Proto, r.Header.Clone(), body, r.TLS})
		mu.Unlock()
		forwardToServer(w, r, upstream, bytes.NewReader(body))
	}))
	proxy.StartTLS()
	defer proxy.Close()
	proxyCA := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: proxy.Certificate().Raw})

	// A Workload on purpose: the test is about the wire, and needs one object of a kind the configurations claim
	// whose InterpretHealth answer it knows (a Workload with readyReplicas >= spec.replicas is healthy).
	object := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "workload.example.io/v1alpha1",
		"kind":       "Workload",
		"metadata":   map[string]any{"name": "nginx", "namespace": "default"},
		"spec":       map[string]any{"replicas": int64(1)},
		"status":     map[string]any{"readyReplicas": int64(1)},
	}}

	for _, tc := range []struct {
		style     urlStyle
		wantPath  string
		wantQuery string
	}{
		{urlStyle{"wire-per-operation", urlStyles[0].config}, "/interpreter/interpret-health", "timeout=30s"},
		{urlStyle{"wire-dispatcher", urlStyles[1].config}, "/interpreter", "timeout=10s"},
	} {
		t.Run(tc.style.name, func(t *testing.T) {
			mu.Lock()
			records = nil
			mu.Unlock()
			ri := interpreterForURL(t, tc.style, proxy.URL, proxyCA)
			healthy, err := ri.InterpretHealth(object.DeepCopy())
			if err != nil {
				t.Fatalf("InterpretHealth through the proxy: %v", err)
			}
			if !healthy {
				t.Errorf("healthy = false, want true")
			}
			mu.Lock()
			defer mu.Unlock()
			if len(records) != 1 {
				t.Fatalf("%d requests on the wire, want 1", len(records))
			}
			r := records[0]
			t.Logf("%s %s?%s %s; headers %v", r.method, r.path, r.rawQuery, r.proto, r.header)
			if r.method != http.MethodPost || r.path != tc.wantPath || r.rawQuery != tc.wantQuery {
				t.Errorf("request line %s %s?%s, want POST %s?%s", r.method, r.path, r.rawQuery, tc.wantPath, tc.wantQuery)
			}
			for name, want := range map[string]string{
				"Content-Type":  "application/json",
				"Accept":        "application/json, */*",
				"User-Agent":    "kube-apiserver-admission",
				"Authorization": "",
			} {
				if got := r.header.Get(name); got != want {
					t.Errorf("header %s = %q, want %q", name, got, want)
				}
			}
			if r.tls == nil || len(r.tls.PeerCertificates) != 0 {
				t.Errorf("want TLS without a client certificate, got %+v", r.tls)
			}
			var sent struct {
				APIVersion string                                      `json:"apiVersion"`
				Kind       string                                      `json:"kind"`
				Request    map[string]json.RawMessage                  `json:"request"`
				Response   *configv1alpha1.ResourceInterpreterResponse `json:"response"`
			}
			if err := json.Unmarshal(r.body, &sent); err != nil {
				t.Fatalf("request body: %v\n%s", err, r.body)
			}
			if sent.APIVersion != "config.karmada.io/v1alpha1" || sent.Kind != "ResourceInterpreterContext" || sent.Response != nil {
				t.Errorf("envelope apiVersion=%q kind=%q response=%v", sent.APIVersion, sent.Kind, sent.Response)
			}
			for _, field := range []string{"uid", "kind", "name", "namespace", "operation", "object", "replicas"} {
				if _, ok := sent.Request[field]; !ok {
					t.Errorf("request.%s missing from %s", field, r.body)
				}
			}
			if string(sent.Request["replicas"]) != "0" || string(sent.Request["operation"]) != `"InterpretHealth"` {
				t.Errorf("request.replicas=%s operation=%s", sent.Request["replicas"], sent.Request["operation"])
			}
		})
	}
}

// serverClient is an HTTPS client that trusts the local server's throw-away CA (and nothing else).
func serverClient() *http.Client {
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(tlsFiles.caPEM)
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
}

// askServer sends r, with body, on to the local server through upstream: same method, path, query and headers.
func askServer(r *http.Request, upstream *http.Client, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, server.baseURL+r.URL.RequestURI(), body)
	if err != nil {
		return nil, err
	}
	req.Header = r.Header.Clone()
	return upstream.Do(req)
}

// forwardToServer sends r (with body) on to the local server through upstream and copies its answer back: the
// proxies of the wire and catalogue tests put themselves between Karmada's client and the server this way.
func forwardToServer(w http.ResponseWriter, r *http.Request, upstream *http.Client, body io.Reader) {
	resp, err := askServer(r, upstream, body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}
