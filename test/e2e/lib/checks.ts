// What scenarios share: the environment, the running interpreters, named checks and paths into the API servers.
//
// RULES FOR A CHECK (issue 17; a new scenario, e.g. Argo Rollouts, follows them):
// 1. Every check observes something Karmada (v1.18.2; v1.17.1) cannot produce WITHOUT our webhook, nor with a wrong answer from
//    it, and says in a comment which Karmada default it rules out. Without a hook Karmada: reports every member
//    Healthy (work_status_controller.go interpretHealth), reflects the member's whole .status (reflectstatus.go
//    reflectWholeStatus, nothing when .status is absent), leaves the control-plane .status alone (no AggregateStatus),
//    makes a binding with no spec.replicas and no replicaRequirements (InterpretReplica), sends the template's own
//    spec.replicas to every member (no ReviseReplica), overwrites member-side fields on update (no Retain), and
//    propagates no dependencies. So: wait for values that only a correct answer gives (Unhealthy before Healthy, a
//    readyReplicas 0 that only InterpretStatus fills in, a sum that is not the member count, 1/1/1 not 3/3/3, exact
//    replicaRequirements and components, a retained field).
// 2. Compare whole values (deep equality), not "non-empty" or "contains".
// 3. Never gate on a sleep or on a global call count: change the field under test in the SAME patch as a marker
//    annotation (`stepAnnotation`) and wait for the marker on the member; then the apply that carried it went through
//    the webhook.
// 4. The expectation is a predicate in this file (expect…), shared with the "no webhook" control scenario
//    (scenarios/control.ts), which shows each predicate REJECTS what Karmada does without us.
// 5. Pull mode: attribute calls to karmada-agent by construction (the controller-manager is SIGSTOPped, `pausedController`).
// 6. A scenario that logs calls also asserts that Karmada's own logs hold no failed call (`karmadaLogProblems`):
//    our `successful` field does not show that Karmada accepted the answer.
// 7. Every scenario declares how many checks it runs (`Scenario.checks`); run.ts fails when the count differs.
// 8. Before relying on a new webhook configuration, wait until Karmada uses it (lib/wiring.ts); never sleep.
// 9. A check about set-up rather than an interpreter answer (registration, wiring) says so in its comment.
// 10. Every operation the scenario's configuration claims for its kind has a check that a wrong answer fails (health
//     both ways where the scenario can make the kind unhealthy, status compared whole); an operation Karmada does not
//     call for the scenario's objects, or whose answer changes nothing for them, is named in the scenario's header.
//     Before landing a scenario, run it with each claimed operation answered wrongly (`E2E_MUTATE=<mutation>`,
//     lib/mutate.ts; docs/results/e2e-mutations.md) and see it fail at the check that observes that operation.
// 11. A kind Karmada interprets itself (its third-party Lua catalogue: CloneSet, Volcano's Job) answers every operation
//     our configuration does not claim, and would answer the claimed ones if our hook were gone: a check also rules
//     out that built-in answer, by a value only our kind gives (a departure in the kind's README) or, where the Lua
//     gives the same number, by our log's calls naming the object (a claimed operation never reaches the Lua).
import { readFileSync, statSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'yaml';
import type { Environment } from './cluster';
import { kubectl } from './cluster';
import type { Interpreter } from './interpreter';
import type { KubeObject } from './kube';
import { sleep, waitFor } from './processes';

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
  /** How many checks a complete run of the scenario makes (run.ts fails the run when another number ran). */
  checks: number;
  run(context: Context, check: CheckFn): Promise<void>;
}

/** Runs one check: `observe` returns what it saw in a real API server (printed), or throws. */
export type CheckFn = (description: string, observe: () => Promise<string>) => Promise<void>;

export const workloadApi = '/apis/workload.example.io/v1alpha1';
export const workloadPath = (namespace: string, name: string) => `${workloadApi}/namespaces/${namespace}/workloads/${name}`;
export const bindingPath = (namespace: string, name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${namespace}/resourcebindings/${name}-workload`;
export const policyPath = (namespace: string, name: string) => `/apis/policy.karmada.io/v1alpha1/namespaces/${namespace}/propagationpolicies/${name}`;

/**
 * Default bound for a Karmada reaction (scheduling, propagation, status collection). E2E_REACTION_TIMEOUT_S shortens
 * it for a mutation run (lib/mutate.ts), where each failing check waits this long before it names itself.
 */
export const reactionTimeoutMs = (() => {
  const seconds = Number(process.env.E2E_REACTION_TIMEOUT_S ?? '120');
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`E2E_REACTION_TIMEOUT_S must be a positive number of seconds, not ${JSON.stringify(process.env.E2E_REACTION_TIMEOUT_S)}`);
  return seconds * 1000;
})();

/** Polls the Karmada API server until `accept` returns an observation for the object at `path`. */
export function waitKarmada<T = string>(context: Context, what: string, path: string, accept: (object: KubeObject) => T | undefined | Promise<T | undefined>, timeoutMs = reactionTimeoutMs): Promise<T> {
  return waitFor(what, async () => {
    const object = await context.env.kube.find(path);
    return object === undefined ? undefined : accept(object);
  }, { timeoutMs, component: context.env.supervisor.get('karmada-controller-manager') });
}

/** Polls a member API server until `accept` returns an observation for the object at `path`. */
export function waitMember<T = string>(context: Context, member: string, what: string, path: string, accept: (object: KubeObject) => T | undefined, timeoutMs = reactionTimeoutMs): Promise<T> {
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

/** A PropagationPolicy dividing `selector`'s replicas by static weights, e.g. `{member1: 3, member4: 2}`. */
export function weightedPolicy(namespace: string, name: string, selector: { apiVersion: string; kind: string }, weights: Record<string, number>, options: { propagateDeps?: boolean } = {}): KubeObject {
  const clusters = Object.keys(weights);
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: { name, namespace },
    spec: {
      ...(options.propagateDeps ? { propagateDeps: true } : {}),
      resourceSelectors: [{ ...selector, name }],
      placement: {
        clusterAffinity: { clusterNames: clusters },
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: { staticWeightList: clusters.map((cluster) => ({ targetCluster: { clusterNames: [cluster] }, weight: weights[cluster]! })) },
        },
      },
    },
  } as KubeObject;
}

/** Annotation a check changes in the same patch as the field under test, then waits for on the member (rule 3). */
export const stepAnnotation = 'e2e.karmada-serverless.test/step';
export const stepOf = (object: KubeObject) => object.metadata?.annotations?.[stepAnnotation];

export const show = (value: unknown) => JSON.stringify(value);
export const deepEqual = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** The sample's container requests: what InterpretReplica must report as replicaRequirements.resourceRequest. */
export const sampleRequest = { cpu: '100m', memory: '128Mi' };

/**
 * InterpretReplica: the binding's spec.replicas and resourceRequest, exactly. Rules out Karmada's default (no hook: no
 * spec.replicas, no replicaRequirements) and a wrong answer (other count or requests).
 */
export function expectBindingReplicas(binding: KubeObject, replicas: number): string | undefined {
  const request = (spec(binding).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
  return spec(binding).replicas === replicas && deepEqual(request, sampleRequest) ? `binding spec.replicas ${replicas}, resourceRequest ${show(request)}` : undefined;
}

/** ReviseReplica: the member's spec.replicas. Without a hook every member gets the template's own count. */
export function expectMemberReplicas(workload: KubeObject, replicas: number): string | undefined {
  return spec(workload).replicas === replicas ? `spec.replicas ${replicas}` : undefined;
}

/** One member's collected status and health, from a binding's aggregatedStatus or a Work's manifestStatuses. */
export interface Collected {
  status?: unknown;
  health?: string;
}

/**
 * InterpretStatus + InterpretHealth: the collected status deep-equals `status` and the health is `health`. Without a
 * hook Karmada reflects the member's whole status (absent when the member has none; never a readyReplicas the member
 * did not write) and reports Healthy; our InterpretStatus reports readyReplicas 0 when the member has none, and our
 * InterpretHealth says Unhealthy until readyReplicas reaches spec.replicas.
 */
export function expectCollected(item: Collected | undefined, expectedStatus: Record<string, unknown>, health: 'Healthy' | 'Unhealthy'): string | undefined {
  if (item === undefined) return undefined;
  return item.health === health && deepEqual(item.status, expectedStatus) ? `${show(item.status)} ${health}` : undefined;
}

/** AggregateStatus: the control-plane status.readyReplicas. Without a hook Karmada leaves the template's status alone. */
export function expectSummed(workload: KubeObject, readyReplicas: number): string | undefined {
  return status(workload).readyReplicas === readyReplicas ? `control-plane status.readyReplicas ${readyReplicas}` : undefined;
}

/** The Work that carries ns/name to `member`, and the manifest status the member's status controller wrote in it. */
export async function workFor(context: Context, member: string, ns: string, name: string): Promise<{ work: KubeObject; manifest?: KubeObject; collected?: Collected } | undefined> {
  const list = await context.env.kube.get(`/apis/work.karmada.io/v1alpha1/namespaces/karmada-es-${member}/works`);
  for (const work of (list.items ?? []) as KubeObject[]) {
    const manifest = ((work.spec as { workload?: { manifests?: KubeObject[] } } | undefined)?.workload?.manifests ?? []).find(
      (candidate) => candidate.metadata?.name === name && candidate.metadata?.namespace === ns && candidate.kind === 'Workload');
    if (manifest === undefined) continue;
    const statuses = ((work.status as { manifestStatuses?: (Collected & { identifier?: { name?: string; namespace?: string } })[] } | undefined)?.manifestStatuses ?? []);
    const collected = statuses.find((item) => item.identifier?.name === name && item.identifier?.namespace === ns);
    return { work, manifest, ...(collected ? { collected } : {}) };
  }
  return undefined;
}

/** The annotation Karmada puts on each member object: the resource template's generation it carries. */
export const templateGenerationAnnotation = 'resourcetemplate.karmada.io/generation';

/**
 * What our InterpretStatus reflects of a member object: the `fields` of its status it has, its generation and its
 * template generation annotation (a catalogue kind's InterpretStatus, as lib/shapes/workload-status.ts reflects it).
 */
export function reflectedStatusOf(object: KubeObject, fields: readonly string[]): Record<string, unknown> {
  const written = status(object);
  const result: Record<string, unknown> = {};
  for (const field of fields) if (written[field] !== undefined) result[field] = written[field];
  result.generation = object.metadata?.generation;
  result.resourceTemplateGeneration = Number(object.metadata?.annotations?.[templateGenerationAnnotation]);
  return result;
}

/** The manifest status of the object `kind` ns/name in the Work for `member` (written by that member's status controller). */
export async function manifestStatusOf(context: Context, member: string, object: { kind: string; namespace: string; name: string }): Promise<Collected | undefined> {
  const list = await context.env.kube.get(`/apis/work.karmada.io/v1alpha1/namespaces/karmada-es-${member}/works`);
  for (const work of (list.items ?? []) as KubeObject[]) {
    const statuses = ((work.status as { manifestStatuses?: (Collected & { identifier?: { kind?: string; name?: string; namespace?: string } })[] } | undefined)?.manifestStatuses ?? []);
    const found = statuses.find((item) => item.identifier?.kind === object.kind && item.identifier.name === object.name && item.identifier.namespace === object.namespace);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Where each Karmada component's log stood: `karmadaLogProblems` reads only what came after. */
export type LogMark = Map<string, number>;

function karmadaComponents(context: Context): string[] {
  return ['karmada-controller-manager', ...context.pullMembers.map((member) => `karmada-agent-${member}`)];
}

export function markKarmadaLogs(context: Context): LogMark {
  const mark: LogMark = new Map();
  for (const name of karmadaComponents(context)) {
    const log = context.env.supervisor.get(name).log;
    mark.set(log, statSync(log).size);
  }
  return mark;
}

/**
 * Lines after `mark` in the controller-manager's and agents' logs that show Karmada refused or could not make a
 * webhook call (customized.go "Failed calling webhook", the response uid check of resourceinterpretercontext.go).
 */
export function karmadaLogProblems(mark: LogMark): string[] {
  const problems: string[] = [];
  for (const [log, offset] of mark) {
    const text = readFileSync(log).subarray(offset).toString('utf8');
    for (const line of text.split('\n')) {
      if (/Failed calling webhook|expected response\.uid|webhook response/i.test(line)) problems.push(`${log.split('/').pop()}: ${line.slice(0, 300)}`);
    }
  }
  return problems;
}

/** Throws when Karmada's logs since `mark` hold a failed webhook call (rule 6). */
export function assertNoKarmadaWebhookFailures(mark: LogMark): string {
  const problems = karmadaLogProblems(mark);
  if (problems.length > 0) throw new Error(`Karmada logged ${problems.length} failed webhook call(s), e.g. ${problems.slice(0, 3).join(' | ')}`);
  return `no "Failed calling webhook"/uid mismatch in ${[...mark.keys()].map((log) => log.split('/').pop()).join(', ')}`;
}

/**
 * Runs `during` with karmada-controller-manager stopped (SIGSTOP to its process group), then resumes it: whatever
 * changes in that time was done by another component (karmada-agent in pull mode). Always resumed, also on failure.
 */
export async function pausedController<T>(context: Context, during: () => Promise<T>): Promise<T> {
  const pid = context.env.supervisor.get('karmada-controller-manager').child.pid;
  if (pid === undefined) throw new Error('karmada-controller-manager has no pid');
  process.kill(-pid, 'SIGSTOP');
  try {
    return await during();
  } finally {
    process.kill(-pid, 'SIGCONT');
  }
}

/** Holds for `ms`: `probe` must keep returning a string (the thing that must not happen has not happened). */
export async function holdsFor(what: string, ms: number, probe: () => Promise<string | undefined>): Promise<string> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    const seen = await probe();
    if (seen === undefined) throw new Error(`${what} stopped holding`);
    last = seen;
    await sleep(1_000);
  }
  return `${last} (held for ${Math.round(ms / 1000)} s)`;
}
