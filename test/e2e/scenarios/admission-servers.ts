// Bare kube-apiservers for the admission and convert-down scenarios: one etcd of their own and API servers with
// nothing but what a scenario applies (no Karmada), so that a verdict can only come from the objects applied there.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from '../../support/http';
import { join } from 'node:path';
import type { Binaries } from '../lib/build';
import { writeKubeconfig, type ApiServer } from '../lib/kube';
import type { Pki } from '../lib/pki';
import { freePort, waitFor, type Supervisor } from '../lib/processes';

export interface Lab {
  supervisor: Supervisor;
  binaries: Binaries;
  pki: Pki;
  dir: string;
}

/** One API server answer: status, body (JSON when it is), and the Warning headers' texts. */
export interface Answer {
  status: number;
  body: Record<string, any>;
  warnings: string[];
}

/** `299 - "text"` → text (RFC 7234 warn-text as the API server writes it). */
function warningText(header: string): string {
  const match = /^\d{3} \S+ "((?:[^"\\]|\\.)*)"/.exec(header);
  return match === null ? header : match[1]!.replace(/\\(.)/g, '$1');
}

/** A raw call: the answer whatever its status (a denial is an observation here, not an error). */
export async function call(server: ApiServer, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const answer = await request(new URL(path, server.url), {
    method,
    ca: readFileSync(server.caFile),
    timeoutMs: 30_000,
    headers: {
      Authorization: `Bearer ${server.token}`,
      Accept: 'application/json',
      ...(payload === undefined ? {} : { 'Content-Type': contentType }),
    },
    ...(payload === undefined ? {} : { body: payload }),
  }).catch((error: Error) => {
    throw new Error(`${server.name}: ${method} ${path}: ${error.message}`);
  });
  let parsed: Record<string, any>;
  try {
    parsed = answer.text === '' ? {} : (JSON.parse(answer.text) as Record<string, any>);
  } catch {
    parsed = { text: answer.text };
  }
  const header = answer.headers.warning;
  const warnings = (header === undefined ? [] : Array.isArray(header) ? header : [header])
    .flatMap((value) => value.split(/,(?=\s*\d{3} )/)).map((value) => warningText(value.trim()));
  return { status: answer.status, body: parsed, warnings };
}

/** Like call, but anything other than 2xx is an error naming the call. */
export async function mustCall(server: ApiServer, method: string, path: string, body?: unknown, contentType?: string): Promise<Record<string, any>> {
  const answer = await call(server, method, path, body, contentType);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${server.name}: ${method} ${path}: HTTP ${answer.status}: ${answer.body.message ?? JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
}

export async function startEtcd(lab: Lab, name: string): Promise<string> {
  const clientPort = await freePort();
  const peerPort = await freePort();
  const client = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  const etcd = lab.supervisor.start(name, lab.binaries.etcd, [
    `--name=${name}`, `--data-dir=${join(lab.dir, name)}`,
    `--listen-client-urls=${client}`, `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`, `--initial-advertise-peer-urls=${peer}`, `--initial-cluster=${name}=${peer}`,
    '--unsafe-no-fsync', '--log-level=warn',
  ]);
  await waitFor(`${name} to report healthy`, async () => ((await fetch(`${client}/health`)).ok ? true : undefined), { timeoutMs: 60_000, component: etcd });
  return client;
}

/** A bare kube-apiserver as test/e2e/lib/cluster.ts starts a member (admission plugins at their defaults). */
export async function startApiServer(lab: Lab, name: string, etcd: string): Promise<ApiServer> {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const tokenFile = join(lab.dir, `${name}.tokens.csv`);
  writeFileSync(tokenFile, `${token},admin,admin,"system:masters"\n`, { mode: 0o600 });
  const server: ApiServer = { name, url: `https://127.0.0.1:${port}`, token, caFile: lab.pki.caCert, kubeconfig: join(lab.dir, `${name}.kubeconfig`) };
  writeKubeconfig(server.kubeconfig, [server], name);
  const started = lab.supervisor.start(name, lab.binaries.kubeApiserver, [
    `--etcd-servers=${etcd}`, `--etcd-prefix=/${name}`,
    '--bind-address=127.0.0.1', '--advertise-address=127.0.0.1', `--secure-port=${port}`,
    `--cert-dir=${join(lab.dir, name)}`,
    `--tls-cert-file=${lab.pki.serverCert}`, `--tls-private-key-file=${lab.pki.serverKey}`, `--client-ca-file=${lab.pki.caCert}`,
    `--token-auth-file=${tokenFile}`, '--authorization-mode=RBAC',
    '--service-account-issuer=https://kubernetes.default.svc', `--service-account-key-file=${lab.pki.serviceAccountPub}`,
    `--service-account-signing-key-file=${lab.pki.serviceAccountKey}`, '--service-cluster-ip-range=10.96.0.0/16',
    '--disable-admission-plugins=StorageObjectInUseProtection,ServiceAccount',
    '--endpoint-reconciler-type=none', '--enable-priority-and-fairness=false', '--profiling=false',
  ]);
  await waitFor(`${name} (kube-apiserver) to be ready`, async () => {
    const answer = await call(server, 'GET', '/readyz');
    return answer.status === 200 ? true : undefined;
  }, { timeoutMs: 180_000, component: started });
  return server;
}
