package conformance

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
	"time"
)

// localServer is `node scripts/start.cjs` run from the repository root, in its own process group.
type localServer struct {
	cmd     *exec.Cmd
	baseURL string // e.g. https://127.0.0.1:43117

	mu     sync.Mutex
	output bytes.Buffer // stdout and stderr, for failure reports

	exited   chan struct{}
	exitErr  error
	stopOnce sync.Once
}

var listeningLine = regexp.MustCompile(`karmada-interpreter listening on (https?://127\.0\.0\.1:\d+) `)

// repoRoot walks up from the test's working directory to the directory holding scripts/start.cjs.
func repoRoot() (string, error) {
	if root := os.Getenv("KARMADA_CONFORMANCE_REPO_ROOT"); root != "" {
		return filepath.Abs(root)
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "start.cjs")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("scripts/start.cjs not found above the working directory")
		}
		dir = parent
	}
}

// tlsMaterial is a throw-away CA and a serving certificate for 127.0.0.1 signed by it.
type tlsMaterial struct {
	caPEM    []byte // what goes into clientConfig.caBundle
	certFile string // TLS_CERT for the server
	keyFile  string // TLS_KEY for the server
}

func writeTLSMaterial(dir string) (*tlsMaterial, error) {
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	caTemplate := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "karmada-conformance test CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}

	serverKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serverTemplate := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
	}
	serverDER, err := x509.CreateCertificate(rand.Reader, serverTemplate, caCert, &serverKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	serverKeyDER, err := x509.MarshalPKCS8PrivateKey(serverKey)
	if err != nil {
		return nil, err
	}

	m := &tlsMaterial{
		caPEM:    pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		certFile: filepath.Join(dir, "server.crt"),
		keyFile:  filepath.Join(dir, "server.key"),
	}
	if err := os.WriteFile(m.certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: serverDER}), 0o600); err != nil {
		return nil, err
	}
	if err := os.WriteFile(m.keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: serverKeyDER}), 0o600); err != nil {
		return nil, err
	}
	return m, nil
}

// startLocalServer starts the server with PORT=0 on 127.0.0.1 over HTTPS and waits for its listening line.
func startLocalServer(root string, tlsFiles *tlsMaterial, wait time.Duration) (*localServer, error) {
	node := os.Getenv("NODE")
	if node == "" {
		node = "node"
	}
	cmd := exec.Command(node, "scripts/start.cjs")
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"HOST=127.0.0.1",
		"PORT=0",
		"TLS_CERT="+tlsFiles.certFile,
		"TLS_KEY="+tlsFiles.keyFile,
	)
	// Own process group, so that stop() ends node and anything it started (esbuild's service);
	// Pdeathsig ends node should this test binary die without running its cleanup (e.g. -timeout panic).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &localServer{cmd: cmd, exited: make(chan struct{})}
	cmd.Stderr = lockedWriter{s}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s scripts/start.cjs: %w", node, err)
	}

	found := make(chan string, 1)
	scanDone := make(chan struct{})
	go func() {
		defer close(scanDone)
		scanner := bufio.NewScanner(stdout)
		scanner.Buffer(make([]byte, 64*1024), 1024*1024)
		for scanner.Scan() {
			line := scanner.Text()
			s.mu.Lock()
			s.output.WriteString(line + "\n")
			s.mu.Unlock()
			if m := listeningLine.FindStringSubmatch(line); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() {
		<-scanDone // Wait must not run before the pipe has been read to the end
		s.exitErr = cmd.Wait()
		close(s.exited)
	}()

	select {
	case url := <-found:
		s.baseURL = url
		return s, nil
	case <-s.exited:
		return nil, fmt.Errorf("server exited before listening (%v); output:\n%s", s.exitErr, s.Output())
	case <-time.After(wait):
		s.Stop()
		return nil, fmt.Errorf("no listening line after %s; output:\n%s", wait, s.Output())
	}
}

type lockedWriter struct{ s *localServer }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.output.Write(p)
}

// Output is everything the server printed so far.
func (s *localServer) Output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.output.String()
}

// Stop sends SIGTERM to the server's process group, then SIGKILL if it is still there after 5 s.
func (s *localServer) Stop() {
	s.stopOnce.Do(func() {
		pgid := s.cmd.Process.Pid
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-s.exited
		}
		// Whatever else is left in the group (normally nothing).
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	})
}
