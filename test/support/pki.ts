// Throw-away PKI made with openssl: a CA, and certificates it signs (a loopback server certificate, client
// certificates). Clients trust the CA (test/support/http.ts), never "insecure" TLS.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Two days: enough for any run, and a leaked key is worthless soon after. */
const days = '2';
const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

export interface Ca {
  dir: string;
  cert: string;
  key: string;
  /** The CA's PEM, as a client's `ca` option or a caBundle (base64 of it) wants it. */
  pem: Buffer;
}

export function makeCa(dir: string, commonName = 'karmada-serverless-test-ca'): Ca {
  mkdirSync(dir, { recursive: true });
  openssl(['req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', days, '-subj', `/CN=${commonName}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
  return { dir, cert: join(dir, 'ca.crt'), key: join(dir, 'ca.key'), pem: readFileSync(join(dir, 'ca.crt')) };
}

/** Signs `<name>.crt`/`<name>.key` in the CA's folder with the given X.509 v3 extensions (openssl's -extfile syntax). */
export function sign(ca: Ca, name: string, subject: string, extensions: string): { cert: string; key: string } {
  writeFileSync(join(ca.dir, `${name}.ext`), extensions);
  openssl(['req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], ca.dir);
  openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', days, '-extfile', `${name}.ext`], ca.dir);
  return { cert: join(ca.dir, `${name}.crt`), key: join(ca.dir, `${name}.key`) };
}

export function serverExtensions(dnsNames: readonly string[] = []): string {
  const sans = ['IP:127.0.0.1', 'DNS:localhost', ...dnsNames.map((name) => `DNS:${name}`)].join(',');
  return `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${sans}\n`;
}

export const clientExtensions = 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n';

export interface ServerPki {
  dir: string;
  ca: Ca;
  /** tls.crt / tls.key: the names a --cert-dir (controller-runtime's webhook server) expects. */
  cert: string;
  key: string;
}

/** A CA and a server certificate for 127.0.0.1 and localhost (and `dnsNames`), in `dir` or a new temporary folder. */
export function makeServerPki(dir: string = mkdtempSync(join(tmpdir(), 'test-pki-')), dnsNames: readonly string[] = []): ServerPki {
  const ca = makeCa(dir);
  const { cert, key } = sign(ca, 'tls', '/CN=127.0.0.1', serverExtensions(dnsNames));
  return { dir, ca, cert, key };
}
