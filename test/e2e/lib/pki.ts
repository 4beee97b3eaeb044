// Throw-away PKI for one run: a CA, one loopback serving certificate, the aggregator's proxy client, a service-account key.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Pki {
  dir: string;
  caCert: string;
  caKey: string;
  /** Serves every loopback server (API servers, webhooks, the interpreter); SANs cover the names they are called by. */
  serverCert: string;
  serverKey: string;
  proxyClientCert: string;
  proxyClientKey: string;
  serviceAccountKey: string;
  serviceAccountPub: string;
  /** base64 of the CA's PEM, as caBundle fields want it. */
  caBundle: string;
}

/** Service names the Karmada API server resolves to loopback (through ExternalName services). */
export const serviceNames = ['karmada-aggregated-apiserver.karmada-system.svc', 'karmada-webhook.karmada-system.svc'];

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function makePki(dir: string): Pki {
  mkdirSync(dir, { recursive: true });
  const days = '2';
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt',
    '-days', days, '-subj', '/CN=karmada-serverless-e2e-ca', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);

  const sign = (name: string, subject: string, extensions: string) => {
    writeFileSync(join(dir, `${name}.ext`), extensions);
    openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
    openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', days, '-extfile', `${name}.ext`], dir);
  };
  const sans = ['IP:127.0.0.1', 'DNS:localhost', ...serviceNames.map((name) => `DNS:${name}`)].join(',');
  sign('server', '/CN=127.0.0.1', `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${sans}\n`);
  sign('front-proxy-client', '/CN=front-proxy-client', 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n');
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'sa.key'], dir);
  openssl(['pkey', '-in', 'sa.key', '-pubout', '-out', 'sa.pub'], dir);
  // karmada-webhook reads tls.crt/tls.key from a directory.
  mkdirSync(join(dir, 'webhook'), { recursive: true });
  writeFileSync(join(dir, 'webhook', 'tls.crt'), readFileSync(join(dir, 'server.crt')));
  writeFileSync(join(dir, 'webhook', 'tls.key'), readFileSync(join(dir, 'server.key')));

  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
    proxyClientCert: join(dir, 'front-proxy-client.crt'),
    proxyClientKey: join(dir, 'front-proxy-client.key'),
    serviceAccountKey: join(dir, 'sa.key'),
    serviceAccountPub: join(dir, 'sa.pub'),
    caBundle: readFileSync(join(dir, 'ca.crt')).toString('base64'),
  };
}
