package conformance

// The round trip's floor, for issue 28's per-kind figure: Karmada's webhook client calling a server that does no
// work. replayServer runs in this test process; the first time it sees a request (its uid aside) it forwards it to
// the local server and records the answer, and from then on it answers that request from the record with the new
// uid. What a replayed call costs is what any webhook costs Karmada here before it computes anything: Karmada's
// client (building and encoding the ResourceInterpreterContext, decoding and checking the answer) and an HTTPS
// round trip over loopback, without even a second process to wake. Where that floor alone exceeds the Lua in
// process, no webhook can meet the target for the kind.

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// recordedAnswer is the local server's answer to one request, split around the request's uid.
type recordedAnswer struct {
	status         int
	before, after  []byte
	contentType    string
	uidWasAnswered bool
}

type replayServer struct {
	url    string
	caPEM  []byte
	misses atomic.Int64 // requests forwarded to the local server (not replayed)
}

// requestUID finds the request's uid: Karmada's client encodes ResourceInterpreterRequest with uid as its first
// field, so the first `"request":{"uid":"` holds it; any other body is decoded.
func requestUID(body []byte) []byte {
	const marker = `"request":{"uid":"`
	if i := bytes.Index(body, []byte(marker)); i >= 0 {
		start := i + len(marker)
		if end := bytes.IndexByte(body[start:], '"'); end >= 0 {
			return body[start : start+end]
		}
	}
	var v struct {
		Request struct {
			UID string `json:"uid"`
		} `json:"request"`
	}
	_ = json.Unmarshal(body, &v)
	return []byte(v.Request.UID)
}

func startReplayServer(t *testing.T) *replayServer {
	t.Helper()
	upstream := serverClient()
	rs := &replayServer{}
	var mu sync.RWMutex
	answers := map[string]recordedAnswer{}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		uid := requestUID(body)
		key := r.URL.RequestURI() + "\x00" + string(bytes.Replace(body, uid, nil, 1))
		mu.RLock()
		answer, found := answers[key]
		mu.RUnlock()
		if !found {
			rs.misses.Add(1)
			resp, err := askServer(r, upstream, bytes.NewReader(body))
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			out, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			answer = recordedAnswer{status: resp.StatusCode, before: out, contentType: resp.Header.Get("Content-Type")}
			if len(uid) > 0 {
				if i := bytes.Index(out, uid); i >= 0 {
					answer = recordedAnswer{status: resp.StatusCode, before: out[:i], after: out[i+len(uid):], contentType: answer.contentType, uidWasAnswered: true}
				}
			}
			mu.Lock()
			answers[key] = answer
			mu.Unlock()
		}
		size := len(answer.before)
		if answer.uidWasAnswered {
			size += len(uid) + len(answer.after)
		}
		w.Header().Set("Content-Type", answer.contentType)
		w.Header().Set("Content-Length", strconv.Itoa(size))
		w.WriteHeader(answer.status)
		_, _ = w.Write(answer.before)
		if answer.uidWasAnswered {
			_, _ = w.Write(uid)
			_, _ = w.Write(answer.after)
		}
	})
	proxy := httptest.NewUnstartedServer(handler)
	proxy.StartTLS()
	t.Cleanup(proxy.Close)
	rs.url = proxy.URL
	rs.caPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: proxy.Certificate().Raw})
	return rs
}
