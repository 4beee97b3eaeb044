// What scenarios share: the environment, the running interpreters, named checks and paths into the API servers.
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import type { Environment } from './cluster';
import { kubectl } from './cluster';
import type { Interpreter } from './interpreter';
import type { KubeObject } from './kube';
import { waitFor } from './processes';

export interface Context {
  env: Environment;
  /** Token-protected through the local Secrets Manager (the README's wiring). */
  protectedInterpreter: Interpreter;
  /** Unprotected (a stack deployed with protection=off). */
  openInterpreter: Interpreter;
  pushMembers: string[];
  pullMembers: string[];
}

export interface Scenario {
  name: string;
  run(context: Context, check: CheckFn): Promise<void>;
}

/** Runs one check: `observe` returns what it saw in a real API server (printed), or throws. */
export type CheckFn = (description: string, observe: () => Promise<string>) => Promise<void>;

export const workloadApi = '/apis/workload.example.io/v1alpha1';
export const workloadPath = (namespace: string, name: string) => `${workloadApi}/namespaces/${namespace}/workloads/${name}`;
export const bindingPath = (namespace: string, name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${namespace}/resourcebindings/${name}-workload`;
export const policyPath = (namespace: string, name: string) => `/apis/policy.karmada.io/v1alpha1/namespaces/${namespace}/propagationpolicies/${name}`;

/** Default bound for a Karmada reaction (scheduling, propagation, status collection). */
export const reactionTimeoutMs = 120_000;

/** Polls the Karmada API server until `accept` returns an observation for the object at `path`. */
export function waitKarmada(context: Context, what: string, path: string, accept: (object: KubeObject) => string | undefined, timeoutMs = reactionTimeoutMs): Promise<string> {
  return waitFor(what, async () => {
    const object = await context.env.kube.find(path);
    return object === undefined ? undefined : accept(object);
  }, { timeoutMs, component: context.env.supervisor.get('karmada-controller-manager') });
}

/** Polls a member API server until `accept` returns an observation for the object at `path`. */
export function waitMember(context: Context, member: string, what: string, path: string, accept: (object: KubeObject) => string | undefined, timeoutMs = reactionTimeoutMs): Promise<string> {
  const kube = context.env.memberKube.get(member);
  if (kube === undefined) throw new Error(`no member ${member}`);
  const component = context.pullMembers.includes(member) ? context.env.supervisor.get(`karmada-agent-${member}`) : context.env.supervisor.get('karmada-controller-manager');
  return waitFor(`${what} on ${member}`, async () => {
    const object = await kube.find(path);
    return object === undefined ? undefined : accept(object);
  }, { timeoutMs, component });
}

export function memberKube(context: Context, member: string) {
  const kube = context.env.memberKube.get(member);
  if (kube === undefined) throw new Error(`no member ${member}`);
  return kube;
}

export async function ensureNamespace(context: Context, namespace: string): Promise<void> {
  if ((await context.env.kube.find(`/api/v1/namespaces/${namespace}`)) === undefined) {
    await context.env.kube.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  }
}

export const spec = (object: KubeObject) => (object.spec ?? {}) as Record<string, unknown>;
export const status = (object: KubeObject) => (object.status ?? {}) as Record<string, unknown>;

export interface AggregatedItem {
  clusterName: string;
  status?: Record<string, unknown>;
  health?: string;
  applied?: boolean;
}
export const aggregated = (binding: KubeObject) => (status(binding).aggregatedStatus ?? []) as AggregatedItem[];
export const targetClusters = (binding: KubeObject) => (spec(binding).clusters ?? []) as { name: string; replicas?: number }[];

const deployDir = new URL('../../../deploy/karmada/', import.meta.url).pathname;
export const deployFile = (file: string) => `${deployDir}${file}`;
export const readDeploy = (file: string) => parse(readFileSync(deployFile(file), 'utf8')) as KubeObject;

/** The README's sample Workload renamed, with a Duplicated PropagationPolicy of the same name, applied with kubectl. */
export async function applyDuplicated(context: Context, namespace: string, name: string, clusters: string[], replicas?: number): Promise<void> {
  const workload = readDeploy('workload-sample.yaml');
  workload.metadata = { name, namespace };
  if (replicas !== undefined) (workload.spec as Record<string, unknown>).replicas = replicas;
  const policy = {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: { name, namespace },
    spec: {
      resourceSelectors: [{ apiVersion: 'workload.example.io/v1alpha2', kind: 'Workload', name }],
      placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
    },
  };
  await kubectl(context.env, 'karmada-apiserver', ['apply', '-f', '-'], `${stringify(workload)}---\n${stringify(policy)}`);
}
