// Brings up etcd, the Karmada API server (+ aggregated API server, karmada-webhook, controller-manager, scheduler) and
// bare member API servers, all on loopback ports chosen at run time.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Binaries } from './build';
import { Kube, mustRun, writeKubeconfig, type ApiServer, type KubeObject } from './kube';
import type { Pki } from './pki';
import { freePort, sleep, waitFor, type Started, type Supervisor } from './processes';

/** Karmada's feature gates as its own deployment manifests set them (artifacts/deploy). */
export const karmadaFeatureGates = 'AllAlpha=true,AllBeta=true';
const apiServerTimeoutMs = 180_000;
const componentTimeoutMs = 120_000;

export interface Member extends ApiServer {
  mode: 'Push' | 'Pull';
}

export interface Environment {
  dir: string;
  logDir: string;
  supervisor: Supervisor;
  binaries: Binaries;
  pki: Pki;
  karmada: ApiServer;
  members: Member[];
  /** Kubeconfig with every API server as a context (karmada-apiserver, karmada-host, member1…). */
  kubeconfig: string;
  kube: Kube;
  memberKube: Map<string, Kube>;
  /** Stand-ins for the members' token controllers (see tokenController); stopped with the run. */
  tokenControllers: { stop(): void }[];
  /** Set when UpOptions.hostsFile was: what karmada-controller-manager and karmada-agent see as /etc/hosts. */
  hostsFile?: string;
  log: (line: string) => void;
}

async function httpsReady(server: ApiServer, path = '/readyz'): Promise<true | undefined> {
  const kube = new Kube(server);
  try {
    await kube.call('GET', path);
    return true;
  } finally {
    kube.close();
  }
}

/** Waits until `url` answers over TLS (any HTTP status): the component is listening. */
async function listening(component: Started, url: string, caFile: string, timeoutMs = componentTimeoutMs): Promise<void> {
  const probe: ApiServer = { name: component.name, url, token: 'none', caFile, kubeconfig: '' };
  await waitFor(
    `${component.name} to listen on ${url}`,
    async () => {
      const kube = new Kube(probe);
      try {
        await kube.call('GET', '/healthz');
        return true;
      } catch (error) {
        if ((error as { status?: number }).status !== undefined) return true;
        throw error;
      } finally {
        kube.close();
      }
    },
    { timeoutMs, component },
  );
}

export async function startEtcd(supervisor: Supervisor, binaries: Pick<Binaries, 'etcd'>, dir: string): Promise<string> {
  const clientPort = await freePort();
  const peerPort = await freePort();
  const client = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  const etcd = supervisor.start('etcd', binaries.etcd, [
    '--name=e2e', `--data-dir=${join(dir, 'etcd')}`,
    `--listen-client-urls=${client}`, `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`, `--initial-advertise-peer-urls=${peer}`, `--initial-cluster=e2e=${peer}`,
    '--unsafe-no-fsync', '--log-level=warn',
  ]);
  await waitFor('etcd to report healthy', async () => ((await fetch(`${client}/health`)).ok ? true : undefined), { timeoutMs: 60_000, component: etcd });
  return client;
}

export async function startApiServer(
  env: Pick<Environment, 'supervisor' | 'pki' | 'dir'> & { binaries: Pick<Binaries, 'kubeApiserver'> },
  name: string,
  etcd: string,
  extra: string[] = [],
): Promise<ApiServer> {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const tokenFile = join(env.dir, `${name}.tokens.csv`);
  writeFileSync(tokenFile, `${token},admin,admin,"system:masters"\n`, { mode: 0o600 });
  const server: ApiServer = { name, url: `https://127.0.0.1:${port}`, token, caFile: env.pki.caCert, kubeconfig: join(env.dir, `${name}.kubeconfig`) };
  writeKubeconfig(server.kubeconfig, [server], name);
  const started = env.supervisor.start(name, env.binaries.kubeApiserver, [
    `--etcd-servers=${etcd}`, `--etcd-prefix=/${name}`,
    '--bind-address=127.0.0.1', '--advertise-address=127.0.0.1', `--secure-port=${port}`,
    `--cert-dir=${join(env.dir, name)}`,
    `--tls-cert-file=${env.pki.serverCert}`, `--tls-private-key-file=${env.pki.serverKey}`, `--client-ca-file=${env.pki.caCert}`,
    `--token-auth-file=${tokenFile}`, '--authorization-mode=RBAC',
    '--service-account-issuer=https://kubernetes.default.svc', `--service-account-key-file=${env.pki.serviceAccountPub}`,
    `--service-account-signing-key-file=${env.pki.serviceAccountKey}`, '--service-cluster-ip-range=10.96.0.0/16',
    '--disable-admission-plugins=StorageObjectInUseProtection,ServiceAccount',
    '--endpoint-reconciler-type=none', '--enable-priority-and-fairness=false', '--profiling=false',
    ...extra,
  ]);
  await waitFor(`${name} (kube-apiserver) to be ready`, () => httpsReady(server), { timeoutMs: apiServerTimeoutMs, component: started });
  return server;
}

function karmadaCrdFiles(binaries: Binaries): string[] {
  const crds = join(binaries.karmadaSource, 'charts', 'karmada', '_crds');
  const kustomization = parse(readFileSync(join(crds, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
  return kustomization.resources.map((resource) => join(crds, resource));
}

/** Karmada's own admission webhooks, with its service URLs pointed at the loopback karmada-webhook. */
function karmadaWebhookConfiguration(binaries: Binaries, pki: Pki, port: number): string {
  const source = readFileSync(join(binaries.karmadaSource, 'artifacts', 'deploy', 'webhook-configuration.yaml'), 'utf8');
  return source.replaceAll('https://karmada-webhook.karmada-system.svc:443', `https://127.0.0.1:${port}`).replaceAll('{{caBundle}}', pki.caBundle);
}

export async function kubectl(env: Pick<Environment, 'binaries' | 'kubeconfig'>, context: string, args: string[], input?: string): Promise<string> {
  return mustRun(env.binaries.kubectl, ['--kubeconfig', env.kubeconfig, '--context', context, ...args], input === undefined ? {} : { input });
}

/**
 * `command args` in a private mount namespace whose /etc/hosts is `hostsFile` (bind-mounted; needs root): the process
 * resolves host names through that file, which a scenario rewrites in place (the failover rehearsal). Without
 * `hostsFile`, the command as given. `unshare` and `sh` exec the command: the process group and pid stay the same.
 */
function withHostsFile(hostsFile: string | undefined, command: string, args: string[]): [string, string[]] {
  if (hostsFile === undefined) return [command, args];
  return ['unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hostsFile, command, ...args]];
}

/** `healthPath` null: the component serves no health check (karmada-webhook); the caller waits otherwise. */
async function startKarmadaComponent(env: Environment, name: string, binary: string, args: string[], healthPath: string | null = '/healthz', hostsFile?: string): Promise<Started> {
  const health = await freePort();
  const metrics = await freePort();
  const [command, fullArgs] = withHostsFile(hostsFile, binary, [
    ...args,
    `--metrics-bind-address=127.0.0.1:${metrics}`, `--health-probe-bind-address=127.0.0.1:${health}`, '--v=2',
  ]);
  const started = env.supervisor.start(name, command, fullArgs);
  if (healthPath === null) return started;
  await waitFor(`${name} to report healthy`, async () => {
    const response = await fetch(`http://127.0.0.1:${health}${healthPath}`);
    if (!response.ok) throw new Error(`GET ${healthPath}: HTTP ${response.status}`);
    return true;
  }, {
    timeoutMs: componentTimeoutMs,
    component: started,
  });
  return started;
}

export interface UpOptions {
  dir: string;
  supervisor: Supervisor;
  binaries: Binaries;
  pki: Pki;
  pushMembers: string[];
  pullMembers: string[];
  /**
   * karmada-controller-manager and karmada-agent run with this file as their /etc/hosts (withHostsFile); created from
   * the machine's /etc/hosts when absent. Unset: they see the machine's.
   */
  hostsFile?: string;
  log: (line: string) => void;
}

export async function bringUp(options: UpOptions): Promise<Environment> {
  const { dir, supervisor, binaries, pki, log } = options;
  const base = { supervisor, binaries, pki, dir };
  const etcd = await startEtcd(supervisor, binaries, dir);
  log(`etcd on ${etcd}`);

  const memberNames = [...options.pushMembers, ...options.pullMembers];
  // The API servers start in parallel: each takes a while to bootstrap.
  const [karmada, ...memberServers] = await Promise.all([
    startApiServer(base, 'karmada-apiserver', etcd, [
      `--proxy-client-cert-file=${pki.proxyClientCert}`, `--proxy-client-key-file=${pki.proxyClientKey}`,
      `--requestheader-client-ca-file=${pki.caCert}`, '--requestheader-allowed-names=front-proxy-client',
      '--requestheader-username-headers=X-Remote-User', '--requestheader-group-headers=X-Remote-Group',
      '--requestheader-extra-headers-prefix=X-Remote-Extra-', '--allow-privileged=true',
    ]),
    ...memberNames.map((name) => startApiServer(base, name, etcd)),
  ]);
  const members: Member[] = memberServers.map((server, index) => ({ ...server!, mode: index < options.pushMembers.length ? 'Push' : 'Pull' }));
  log(`karmada-apiserver on ${karmada!.url}; members ${members.map((member) => `${member.name} (${member.mode}) on ${member.url}`).join(', ')}`);

  const kubeconfig = join(dir, 'kubeconfig');
  // karmada-host: Karmada's e2e suite wants a host cluster context; here the control plane has no host cluster.
  const host: ApiServer = { ...karmada!, name: 'karmada-host' };
  writeKubeconfig(kubeconfig, [karmada!, host, ...members], 'karmada-apiserver');
  const env: Environment = {
    dir,
    logDir: supervisor.logDir,
    supervisor,
    binaries,
    pki,
    karmada: karmada!,
    members,
    kubeconfig,
    kube: new Kube(karmada!),
    memberKube: new Map(members.map((member) => [member.name, new Kube(member)])),
    tokenControllers: [],
    ...(options.hostsFile === undefined ? {} : { hostsFile: options.hostsFile }),
    log,
  };
  if (options.hostsFile !== undefined && !existsSync(options.hostsFile)) writeFileSync(options.hostsFile, readFileSync('/etc/hosts'));

  for (const namespace of ['karmada-system', 'karmada-cluster']) {
    await env.kube.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  }

  // Karmada's CRDs, straight from the Karmada module (server-side: some are too large for client-side apply).
  await kubectl(env, 'karmada-apiserver', ['apply', '--server-side', ...karmadaCrdFiles(binaries).flatMap((file) => ['-f', file])]);
  await kubectl(env, 'karmada-apiserver', ['wait', '--for=condition=Established', '--timeout=60s', 'crd', '--all']);
  log("Karmada's CRDs established");

  await startAggregatedApiServer(env, etcd);
  await startKarmadaWebhook(env);
  await startKarmadaComponent(env, 'karmada-controller-manager', binaries.controllerManager, [
    `--kubeconfig=${karmada!.kubeconfig}`, '--cluster-status-update-frequency=10s', '--controllers=*',
    `--feature-gates=${karmadaFeatureGates}`, '--leader-elect=false',
  ], '/healthz', options.hostsFile);
  await startKarmadaComponent(env, 'karmada-scheduler', binaries.scheduler, [
    `--kubeconfig=${karmada!.kubeconfig}`, `--feature-gates=${karmadaFeatureGates}`, '--leader-elect=false',
  ]);
  log('karmada-controller-manager and karmada-scheduler healthy');
  return env;
}

async function startAggregatedApiServer(env: Environment, etcd: string): Promise<void> {
  const port = await freePort();
  const kubeconfig = env.karmada.kubeconfig;
  const started = env.supervisor.start('karmada-aggregated-apiserver', env.binaries.aggregatedApiserver, [
    `--kubeconfig=${kubeconfig}`, `--authentication-kubeconfig=${kubeconfig}`, `--authorization-kubeconfig=${kubeconfig}`,
    `--etcd-servers=${etcd}`, '--etcd-prefix=/karmada-aggregated-apiserver',
    `--tls-cert-file=${env.pki.serverCert}`, `--tls-private-key-file=${env.pki.serverKey}`,
    '--bind-address=127.0.0.1', `--secure-port=${port}`, `--cert-dir=${join(env.dir, 'karmada-aggregated-apiserver')}`,
    `--feature-gates=${karmadaFeatureGates}`,
  ]);
  await listening(started, `https://127.0.0.1:${port}`, env.pki.caCert);
  // The API server reaches it through an ExternalName service: no kube-proxy or endpoints needed on loopback.
  await env.kube.create('/api/v1/namespaces/karmada-system/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'karmada-aggregated-apiserver', namespace: 'karmada-system' },
    spec: { type: 'ExternalName', externalName: 'localhost', ports: [{ port, protocol: 'TCP' }] },
  });
  await env.kube.create('/apis/apiregistration.k8s.io/v1/apiservices', {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: 'v1alpha1.cluster.karmada.io' },
    spec: {
      group: 'cluster.karmada.io', version: 'v1alpha1', groupPriorityMinimum: 2000, versionPriority: 10,
      caBundle: env.pki.caBundle, service: { name: 'karmada-aggregated-apiserver', namespace: 'karmada-system', port },
    },
  });
  await waitFor('the cluster.karmada.io API (karmada-aggregated-apiserver behind the Karmada API server)', async () => {
    await env.kube.get('/apis/cluster.karmada.io/v1alpha1/clusters');
    return true;
  }, { timeoutMs: componentTimeoutMs, component: started });
  env.log('karmada-aggregated-apiserver serves cluster.karmada.io');
}

async function startKarmadaWebhook(env: Environment): Promise<void> {
  const port = await freePort();
  const certDir = join(env.pki.dir, 'webhook');
  mkdirSync(certDir, { recursive: true });
  await startKarmadaComponent(env, 'karmada-webhook', env.binaries.webhook, [
    `--kubeconfig=${env.karmada.kubeconfig}`, '--bind-address=127.0.0.1', `--secure-port=${port}`, `--cert-dir=${certDir}`,
    `--feature-gates=${karmadaFeatureGates}`, '--allow-no-execute-taint-policy=true',
  ], null);
  await listening(env.supervisor.get('karmada-webhook'), `https://127.0.0.1:${port}`, env.pki.caCert);
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], karmadaWebhookConfiguration(env.binaries, env.pki, port));
  env.log("karmada-webhook serves Karmada's admission webhooks");
}

/** Push mode as `karmadactl join` sets it up: a Cluster with the member's endpoint and a secret with its token and CA. */
export async function joinPushMember(env: Environment, member: Member): Promise<void> {
  const data = { token: Buffer.from(member.token).toString('base64'), caBundle: Buffer.from(readFileSync(member.caFile)).toString('base64') };
  for (const name of [member.name, `${member.name}-impersonator`]) {
    await env.kube.create('/api/v1/namespaces/karmada-cluster/secrets', {
      apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'karmada-cluster' }, data,
    });
  }
  await env.kube.create('/apis/cluster.karmada.io/v1alpha1/clusters', {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name: member.name },
    spec: {
      syncMode: 'Push',
      apiEndpoint: member.url,
      secretRef: { namespace: 'karmada-cluster', name: member.name },
      impersonatorSecretRef: { namespace: 'karmada-cluster', name: `${member.name}-impersonator` },
    },
  });
}

/**
 * What kube-controller-manager's token controller does, for one member (which runs no controller manager): fills
 * service-account token secrets with a token the member's API server issues (TokenRequest). karmada-agent registers a
 * pull member by creating such a secret and waiting for its token.
 */
function tokenController(env: Environment, member: Member): { stop(): void } {
  const kube = env.memberKube.get(member.name)!;
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      try {
        const list = await kube.get('/api/v1/secrets?fieldSelector=type%3Dkubernetes.io%2Fservice-account-token');
        for (const secret of (list.items ?? []) as KubeObject[]) {
          const data = (secret.data ?? {}) as Record<string, string>;
          const account = secret.metadata?.annotations?.['kubernetes.io/service-account.name'];
          if (data.token !== undefined || account === undefined) continue;
          const ns = secret.metadata!.namespace!;
          const request = await kube.create(`/api/v1/namespaces/${ns}/serviceaccounts/${account}/token`, {
            apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 86_400 },
          });
          const token = String((request.status as { token?: string } | undefined)?.token ?? '');
          await kube.mergePatch(`/api/v1/namespaces/${ns}/secrets/${secret.metadata!.name!}`, {
            data: { token: Buffer.from(token).toString('base64'), 'ca.crt': Buffer.from(readFileSync(env.pki.caCert)).toString('base64') },
          });
        }
      } catch {
        // Retried on the next round; the agent's own wait reports a lasting problem.
      }
      await sleep(500);
    }
  };
  void loop();
  return { stop: () => (stopped = true) };
}

/** Pull mode: karmada-agent beside the member registers it and runs its works, calling the webhook itself. */
export async function startAgent(env: Environment, member: Member): Promise<Started> {
  env.tokenControllers.push(tokenController(env, member));
  return startKarmadaComponent(env, `karmada-agent-${member.name}`, env.binaries.agent, [
    `--karmada-kubeconfig=${env.karmada.kubeconfig}`, '--karmada-context=karmada-apiserver',
    `--kubeconfig=${member.kubeconfig}`, `--cluster-name=${member.name}`, `--cluster-api-endpoint=${member.url}`,
    '--cluster-status-update-frequency=10s', '--leader-elect=false',
  ], '/healthz', env.hostsFile);
}

export async function waitClustersReady(env: Environment, names: string[]): Promise<void> {
  for (const name of names) {
    const member = env.members.find((candidate) => candidate.name === name)!;
    const component = member.mode === 'Pull' ? env.supervisor.get(`karmada-agent-${name}`) : env.supervisor.get('karmada-controller-manager');
    await waitFor(`Cluster ${name} to be Ready in Karmada`, async () => {
      const cluster = await env.kube.find(`/apis/cluster.karmada.io/v1alpha1/clusters/${name}`);
      const conditions = (cluster?.status?.conditions ?? []) as { type: string; status: string }[];
      return conditions.some((condition) => condition.type === 'Ready' && condition.status === 'True') ? true : undefined;
    }, { timeoutMs: componentTimeoutMs, component });
  }
}

/**
 * Until each Cluster's status in Karmada lists workload.example.io/<version> workloads: the scheduler places a binding
 * only on clusters whose status lists the kind's API ("did not have the API resource" otherwise, and it does not retry
 * until the binding changes).
 */
export async function waitWorkloadApiOnMembers(env: Environment, names: readonly string[], version: string): Promise<void> {
  for (const name of names) {
    const member = env.members.find((candidate) => candidate.name === name)!;
    const component = member.mode === 'Pull' ? env.supervisor.get(`karmada-agent-${name}`) : env.supervisor.get('karmada-controller-manager');
    await waitFor(`Cluster ${name}'s status in Karmada to list workload.example.io/${version} workloads`, async () => {
      const cluster = await env.kube.find(`/apis/cluster.karmada.io/v1alpha1/clusters/${name}`);
      const enablements = (cluster?.status?.apiEnablements ?? []) as { groupVersion: string; resources?: { name: string }[] }[];
      return enablements.some((item) => item.groupVersion === `workload.example.io/${version}` && (item.resources ?? []).some((resource) => resource.name === 'workloads'))
        ? true
        : undefined;
    }, { timeoutMs: componentTimeoutMs, component });
  }
}

/** Karmada's own example Workload CRD (one version, v1alpha1), as Karmada's e2e set-up installs it. */
export const karmadaExampleCrd = (binaries: Binaries) =>
  join(binaries.karmadaSource, 'examples', 'customresourceinterpreter', 'apis', 'workload.example.io_workloads.yaml');

/** Before members join: Karmada's example CRD on the control plane and on each member, as Karmada's own e2e expects. */
export async function installKarmadaExampleCrd(env: Environment, members: readonly string[]): Promise<void> {
  const crd = karmadaExampleCrd(env.binaries);
  for (const context of ['karmada-apiserver', ...members]) {
    await kubectl(env, context, ['apply', '--server-side', '-f', crd]);
    const kube = context === 'karmada-apiserver' ? env.kube : env.memberKube.get(context)!;
    // Polled rather than `kubectl wait`, which fails while the new CRD has no status yet.
    await waitFor(`Karmada's example Workload CRD to be Established on ${context}`, async () => {
      const object = await kube.find('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/workloads.workload.example.io');
      const conditions = (object?.status?.conditions ?? []) as { type: string; status: string }[];
      return conditions.some((condition) => condition.type === 'Established' && condition.status === 'True') ? true : undefined;
    }, { timeoutMs: 60_000 });
  }
  env.log(`Karmada's example Workload CRD (v1alpha1 only) on karmada-apiserver, ${members.join(', ')}`);
}
