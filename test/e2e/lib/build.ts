// Builds the pinned Kubernetes, etcd and Karmada binaries once into a cache folder outside the repository.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { mustRun } from './kube';

const buildRoot = new URL('../build/', import.meta.url).pathname;

/** Karmada releases the e2e can run against, each pinned by a module folder test/e2e/build/karmada/<release>. */
export const karmadaVersions = ['v1.18.2', 'v1.17.1'] as const;
export type KarmadaVersion = (typeof karmadaVersions)[number];

/** The release under test: E2E_KARMADA_VERSION picks one of `karmadaVersions`, the first by default. */
export function selectedKarmadaVersion(value = process.env.E2E_KARMADA_VERSION): KarmadaVersion {
  if (value === undefined || value === '') return karmadaVersions[0];
  const found = karmadaVersions.find((version) => version === value || version === `v${value}`);
  if (found === undefined) throw new Error(`E2E_KARMADA_VERSION=${JSON.stringify(value)}: not one of ${karmadaVersions.join(', ')} (test/e2e/build/karmada/<release>)`);
  return found;
}

/** One `go build` (or `go test -c`) per module, several packages at once so they share work. */
const buildsFor = (karmadaVersion: KarmadaVersion) => [
  {
    module: 'kubernetes',
    command: ['build', '-trimpath', '-ldflags=-s -w'],
    packages: ['k8s.io/kubernetes/cmd/kube-apiserver', 'k8s.io/kubernetes/cmd/kubectl', './etcd'],
    outputs: ['kube-apiserver', 'kubectl', 'etcd'],
  },
  {
    module: `karmada/${karmadaVersion}`,
    command: ['build', '-trimpath', '-ldflags=-s -w'],
    packages: ['controller-manager', 'scheduler', 'webhook', 'agent', 'aggregated-apiserver'].map((cmd) => `github.com/karmada-io/karmada/cmd/${cmd}`),
    outputs: ['controller-manager', 'scheduler', 'webhook', 'agent', 'aggregated-apiserver'],
  },
  {
    module: `karmada/${karmadaVersion}`,
    command: ['test', '-c', '-trimpath', '-ldflags=-s -w', '-o', 'karmada-e2e.test'],
    packages: ['github.com/karmada-io/karmada/test/e2e/suites/base'],
    outputs: ['karmada-e2e.test'],
  },
] as const;

export interface Binaries {
  /** The cache folders the binaries are in (one per module: Kubernetes, the Karmada release). */
  dirs: string[];
  karmadaVersion: KarmadaVersion;
  kubeApiserver: string;
  kubectl: string;
  etcd: string;
  controllerManager: string;
  scheduler: string;
  webhook: string;
  agent: string;
  aggregatedApiserver: string;
  karmadaE2e: string;
  /** Karmada's module source (CRDs, webhook configuration) in the Go module cache. */
  karmadaSource: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

const goEnv: Record<string, string> = { GOFLAGS: '-mod=readonly -buildvcs=false', GOTOOLCHAIN: 'local' };

/**
 * A module's cache key: the Go version and every file of the module's folder, so a version bump builds afresh. One
 * key per module: choosing another Karmada release (E2E_KARMADA_VERSION) does not rebuild Kubernetes.
 */
export async function cacheKey(module: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await mustRun('go', ['env', 'GOVERSION', 'GOOS', 'GOARCH'], { env: goEnv }));
  const root = join(buildRoot, module);
  for (const file of filesUnder(root)) {
    hash.update(relative(buildRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return `${module.replace(/\//g, '-')}-${hash.digest('hex').slice(0, 16)}`;
}

export function cacheRoot(): string {
  return process.env.E2E_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'karmada-serverless-e2e');
}

async function ensureModule(module: string, karmadaVersion: KarmadaVersion, log: (line: string) => void): Promise<string> {
  const dir = join(cacheRoot(), await cacheKey(module), 'bin');
  const mine = buildsFor(karmadaVersion).filter((build) => build.module === module);
  const missing = mine.filter((build) => build.outputs.some((output) => !existsSync(join(dir, output))));
  if (missing.length > 0) {
    const staging = `${dir}.partial`;
    mkdirSync(staging, { recursive: true });
    for (const output of mine.flatMap((build) => build.outputs)) {
      if (existsSync(join(dir, output))) renameSync(join(dir, output), join(staging, output));
    }
    for (const build of missing) {
      const started = Date.now();
      log(`building ${build.outputs.join(', ')} (go ${build.command[0]}, module test/e2e/build/${build.module}); a cold build takes minutes`);
      const args: string[] = [...build.command];
      if (build.command[0] === 'test') args[args.indexOf('-o') + 1] = join(staging, 'karmada-e2e.test');
      else args.push('-o', `${staging}/`);
      await mustRun('nice', ['go', ...args, ...build.packages], { cwd: join(buildRoot, build.module), env: goEnv, timeoutMs: 40 * 60_000 });
      log(`built ${build.outputs.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return dir;
}

/** The pinned kube-apiserver, kubectl and etcd alone (the admission oracle needs no Karmada). */
export async function ensureKubernetesBinaries(log: (line: string) => void): Promise<Pick<Binaries, 'kubeApiserver' | 'kubectl' | 'etcd'>> {
  const kube = await ensureModule('kubernetes', selectedKarmadaVersion(), log);
  return { kubeApiserver: join(kube, 'kube-apiserver'), kubectl: join(kube, 'kubectl'), etcd: join(kube, 'etcd') };
}

export async function ensureBinaries(log: (line: string) => void): Promise<Binaries> {
  const karmadaVersion = selectedKarmadaVersion();
  const kube = await ensureModule('kubernetes', karmadaVersion, log);
  const dir = await ensureModule(`karmada/${karmadaVersion}`, karmadaVersion, log);
  const modCache = (await mustRun('go', ['env', 'GOMODCACHE'], { env: goEnv })).trim();
  const karmadaSource = join(modCache, 'github.com', 'karmada-io', `karmada@${karmadaVersion}`);
  if (!existsSync(karmadaSource)) {
    await mustRun('go', ['mod', 'download', `github.com/karmada-io/karmada@${karmadaVersion}`], { cwd: join(buildRoot, 'karmada', karmadaVersion), env: goEnv });
  }
  return {
    dirs: [kube, dir],
    karmadaVersion,
    kubeApiserver: join(kube, 'kube-apiserver'),
    kubectl: join(kube, 'kubectl'),
    etcd: join(kube, 'etcd'),
    controllerManager: join(dir, 'controller-manager'),
    scheduler: join(dir, 'scheduler'),
    webhook: join(dir, 'webhook'),
    agent: join(dir, 'agent'),
    aggregatedApiserver: join(dir, 'aggregated-apiserver'),
    karmadaE2e: join(dir, 'karmada-e2e.test'),
    karmadaSource,
  };
}
