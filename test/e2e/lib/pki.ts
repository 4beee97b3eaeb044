// Throw-away PKI for one run (test/support/pki.ts): a CA, one loopback serving certificate, the aggregator's proxy
// client, a service-account key.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientExtensions, makeServerPki, openssl, sign } from '../../support/pki';

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

export function makePki(dir: string): Pki {
  // The serving certificate also covers the service names the Karmada API server calls its webhooks by.
  const { ca, cert, key } = makeServerPki(dir, serviceNames);
  const proxyClient = sign(ca, 'front-proxy-client', '/CN=front-proxy-client', clientExtensions);
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'sa.key'], dir);
  openssl(['pkey', '-in', 'sa.key', '-pubout', '-out', 'sa.pub'], dir);
  // karmada-webhook reads tls.crt/tls.key from a directory.
  mkdirSync(join(dir, 'webhook'), { recursive: true });
  writeFileSync(join(dir, 'webhook', 'tls.crt'), readFileSync(cert));
  writeFileSync(join(dir, 'webhook', 'tls.key'), readFileSync(key));

  return {
    dir,
    caCert: ca.cert,
    caKey: ca.key,
    serverCert: cert,
    serverKey: key,
    proxyClientCert: proxyClient.cert,
    proxyClientKey: proxyClient.key,
    serviceAccountKey: join(dir, 'sa.key'),
    serviceAccountPub: join(dir, 'sa.pub'),
    caBundle: ca.pem.toString('base64'),
  };
}
