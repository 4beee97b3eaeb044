// KubeRay's RayCluster (lib/kinds/raycluster) through real Karmada with its alpha gate MultiplePodTemplatesScheduling on
// (cluster.ts: AllAlpha=true in every Karmada component) and InterpretComponent claimed (`webhook-config
// --include-operations InterpretComponent`). KubeRay's own CRD (KindIdentity.publishedCrd: ray-operator@v1.5.0,
// config/crd/bases/ray.io_rayclusters.yaml; v1 stored, v1alpha1 served) on the control plane and every member. No
// KubeRay operator runs: the members' statuses are written through the status subresource in the shape ray-operator
// v1.5.0's raycluster_controller.go writes (state, worker counts, desired resources, metav1 conditions HeadPodReady,
// RayClusterProvisioned, RayClusterSuspending, RayClusterSuspended).
//
// What Karmada v1.18.2 supports, read from pkg/scheduler: a binding with components is scheduled as one gang and never
// divided. core/common.go AssignReplicas leaves a binding with more than one component out of replica assignment ("they
// don't support replica division") and gives it, whole, to every selected cluster; SelectClusters estimates whole
// component sets (core/estimation.go, MaxAvailableComponentSets) only when a cluster spread constraint asks for exactly
// one cluster (isMultiTemplateSchedulingApplicable), and then needs 1 set. With Duplicated the scheduler ignores
// available resources (spreadconstraint shouldIgnoreAvailableResource). So one RayCluster cannot be split over two
// members; the scenario's choice:
//  - `ray`: one RayCluster Duplicated, whole, to member1 (push) and member4 (pull), with propagateDeps: each member
//    runs a full Ray cluster, and the control plane aggregates the two statuses;
//  - `ray-sized` and `ray-small`: the same spec with one cluster asked for (spread 1..1), placed by the components'
//    sets against each Cluster's resourceSummary (the scenario adds one Node object to member2 and member4, as
//    volcano-job.ts does).
//
// Karmada's built-in (its third-party Lua, ray.io/v1 RayCluster) answers InterpretComponent, InterpretHealth and
// AggregateStatus too; ours takes precedence once claimed (the webhook comes before the catalogue). The input is built
// so that the built-in would fail:
//  - the worker group `cpu` has replicas 1 within minReplicas 2..maxReplicas 4, and `tpu` replicas 1 of numOfHosts 2:
//    KubeRay (GetWorkerGroupDesiredReplicas) runs 2 and 2 pods, the Lua counts replicas as written, 1 and 1. The
//    components check sees 2 and 2; one set of ours needs 7 CPUs, one of the Lua's 4, so member2's 5.5 CPUs would
//    hold the Lua's set and `ray-small` (member2 only) would be scheduled there: with ours it is refused;
//  - the templates' ConfigMap, ServiceAccount and Secret follow the cluster only through our InterpretDependency (the
//    Lua has none);
//  - a suspended member (RayClusterSuspended True, HeadPodReady False) is Healthy by ours, Unhealthy by the Lua.
// The first health check (ready Healthy, provisioning Unhealthy) came out alike from the Lua, and so did the first
// aggregate before our conditions were merged one per type (below): for statuses KubeRay writes the two aggregations
// of the counts and resources agree (the Lua sums desiredGPU and desiredTPU with tonumber and writes them back with
// tostring, which differs from quantity sums only for values like "500m", which KubeRay never writes for GPUs or TPUs:
// extended resources are whole). Our log's calls show who answered. Measured with RayCluster taken out of our
// configuration (a throw-away edit, so the Lua answers), before that merge: 7 of 9 checks failed, those two passed;
// the scheduler placed `ray-small` on member2 ("Result: {member2:0}"). The Lua's aggregate now differs from ours in
// every status check: its conditions' messages name no member, and with conditions on both members it is refused.
//
// Status: KubeRay's CRD declares status.conditions a list map keyed by `type`, so a status holding a type twice is
// refused by the API server ("Duplicate value"), which is what Karmada's Lua (and its catalogue case) gives once two
// members report conditions. Our AggregateStatus gives one condition per type (lib/kinds/raycluster/README.md,
// "Conditions, one per type"). The pull member first runs KubeRay with its RayClusterStatusConditions gate off (no
// conditions, as KubeRay before v1.2), so that a member without conditions is aggregated too; the last status check
// turns the gate on there: both members report the same four types, and the control plane stores one of each.
import { readFileSync, statSync } from 'node:fs';
import { stringify } from 'yaml';
import { rayCluster } from '../../../lib/kinds/raycluster/identity';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  holdsFor,
  manifestStatusOf,
  markKarmadaLogs,
  memberKube,
  policyPath,
  reactionTimeoutMs,
  show,
  spec,
  status,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type CheckFn,
  type Collected,
  type Context,
  type LogMark,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, claimedOperations, type CallLine, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { addNodes, removeNodes } from '../lib/nodes';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-ray';
const name = 'ray';
const sized = 'ray-sized';
const smallOnly = 'ray-small';
const version = 'v1';
const groupVersion = `${rayCluster.group}/${version}`;
const kindKey = `${groupVersion}/${rayCluster.kind}`;
const crdName = `${rayCluster.plural}.${rayCluster.group}`;
const pathOf = (clusterName: string) => `/apis/${groupVersion}/namespaces/${ns}/${rayCluster.plural}/${clusterName}`;
const bindingOf = (clusterName: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${clusterName}-raycluster`;
const path = pathOf(name);
const bindingPath = bindingOf(name);
const nodeName = 'e2e-ray-node';

/** What lib/kinds/raycluster answers (its README's table), InterpretComponent included by `--include-operations`. */
const expectedClaims = ['AggregateStatus', 'InterpretComponent', 'InterpretDependency', 'InterpretHealth'];

const headRequest = { cpu: '1', memory: '2Gi' };
const cpuRequest = { cpu: '1', memory: '2Gi' };
const tpuRequest = { cpu: '2', memory: '4Gi' };
const image = 'rayproject/ray:2.41.0';

/** The head mounts a ConfigMap and runs as a ServiceAccount, the `tpu` workers mount a Secret: our dependencies. */
const dependencies: KubeObject[] = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ray-env', namespace: ns }, data: { RAY_LOG_TO_STDERR: '1' } },
  { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'ray-head', namespace: ns } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ray-tpu-credentials', namespace: ns }, type: 'Opaque', stringData: { token: 'e2e' } },
] as KubeObject[];
const dependencyPath = (object: KubeObject) =>
  `/api/v1/namespaces/${ns}/${object.kind === 'ServiceAccount' ? 'serviceaccounts' : `${String(object.kind).toLowerCase()}s`}/${object.metadata!.name!}`;

const workerGroups = [
  {
    groupName: 'cpu', replicas: 1, minReplicas: 2, maxReplicas: 4, rayStartParams: {},
    template: { spec: { containers: [{ name: 'ray-worker', image, resources: { requests: cpuRequest } }] } },
  },
  {
    groupName: 'tpu', replicas: 1, minReplicas: 0, maxReplicas: 2, numOfHosts: 2, rayStartParams: {},
    template: { spec: { containers: [{ name: 'ray-worker', image, resources: { requests: tpuRequest }, volumeMounts: [{ name: 'credentials', mountPath: '/var/run/tpu' }] }], volumes: [{ name: 'credentials', secret: { secretName: 'ray-tpu-credentials' } }] } },
  },
];

const clusterObject = (clusterName: string): KubeObject => ({
  apiVersion: groupVersion, kind: rayCluster.kind, metadata: { name: clusterName, namespace: ns },
  spec: {
    rayVersion: '2.41.0',
    headGroupSpec: {
      rayStartParams: {},
      template: { spec: { serviceAccountName: 'ray-head', containers: [{ name: 'ray-head', image, resources: { requests: headRequest }, envFrom: [{ configMapRef: { name: 'ray-env' } }] }] } },
    },
    workerGroupSpecs: workerGroups,
  },
} as KubeObject);

/** Our InterpretComponent's answer: KubeRay's pods per group (cpu: 1 raised to minReplicas 2; tpu: 1 x numOfHosts 2). The Lua: 1 and 1. */
const expectedComponents = [
  { name: 'ray-head', replicas: 1, resourceRequest: headRequest },
  { name: 'cpu', replicas: 2, resourceRequest: cpuRequest },
  { name: 'tpu', replicas: 2, resourceRequest: tpuRequest },
];

/** `ray`: Duplicated, whole, to `clusters`, dependencies with it. */
const duplicated = (clusters: string[]): KubeObject => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
  spec: {
    propagateDeps: true,
    resourceSelectors: [{ apiVersion: groupVersion, kind: rayCluster.kind, name }],
    placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
  },
} as KubeObject);

/** Exactly one cluster of `clusters` (spread by cluster 1..1): the scheduler estimates whole component sets. */
const oneCluster = (clusterName: string, clusters: string[]): KubeObject => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: clusterName, namespace: ns },
  spec: {
    resourceSelectors: [{ apiVersion: groupVersion, kind: rayCluster.kind, name: clusterName }],
    placement: {
      clusterAffinity: { clusterNames: clusters },
      spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1, maxGroups: 1 }],
      replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' },
    },
  },
} as KubeObject);

/**
 * One set of our components: 1 + 2 x 1 + 2 x 2 = 7 CPUs, 14Gi (the Lua's: 4 CPUs, 8Gi). `small` holds the Lua's set,
 * not ours; `large` holds ours with room to spare (the scheduler also deducts what it assigned before, for 5 minutes:
 * SchedulingOvercommitProtection).
 */
const capacity = { small: { cpu: '5500m', memory: '256Gi', pods: '1000' }, large: { cpu: '64', memory: '256Gi', pods: '1000' } };

// ---- member statuses in KubeRay's shape ----

const transition = '2026-01-01T00:00:00Z';
type Phase = 'ready' | 'provisioning' | 'suspended';
const condition = (type: string, value: boolean, reason: string, message = '') => ({ type, status: value ? 'True' : 'False', reason, message, lastTransitionTime: transition });

/**
 * ray-operator v1.5.0's RayClusterStatus for our spec (calculateStatus): 4 desired worker pods (cpu 2 + tpu 2), min 2
 * (2 + 0 x 2), max 8 (4 + 2 x 2), 7 CPUs and 14Gi over the 5 pods, no GPU or TPU; `ready` pods as given. Every field
 * is written each time (a merge patch keeps what it does not name); `at` is the member's lastUpdateTime.
 */
function kubeRayStatus(member: string, phase: Phase, at: string, generation: number, withConditions: boolean): Record<string, unknown> {
  const ready = phase === 'ready' ? 4 : phase === 'provisioning' ? 1 : 0;
  const conditions = phase === 'suspended'
    ? [condition('HeadPodReady', false, 'HeadPodNotFound', 'Head Pod not found'),
      condition('RayClusterProvisioned', false, 'RayClusterPodsProvisioning', 'RayCluster has been suspended'),
      condition('RayClusterSuspending', false, 'RayClusterSuspending'),
      condition('RayClusterSuspended', true, 'RayClusterSuspended')]
    : [condition('HeadPodReady', true, 'HeadPodRunningAndReady'),
      phase === 'ready' ? condition('RayClusterProvisioned', true, 'AllPodRunningAndReadyFirstTime', 'All Ray Pods are ready for the first time')
        : condition('RayClusterProvisioned', false, 'RayClusterPodsProvisioning', 'RayCluster Pods are being provisioned for first time'),
      condition('RayClusterSuspended', false, 'RayClusterSuspended'),
      condition('RayClusterSuspending', false, 'RayClusterSuspending')];
  return {
    ...(phase === 'provisioning' ? { state: null, stateTransitionTimes: null } : { state: phase, stateTransitionTimes: { [phase]: at } }),
    readyWorkerReplicas: ready, availableWorkerReplicas: ready, desiredWorkerReplicas: 4, minWorkerReplicas: 2, maxWorkerReplicas: 8,
    desiredCPU: '7', desiredMemory: '14Gi', desiredGPU: '0', desiredTPU: '0',
    lastUpdateTime: at,
    endpoints: { client: '10001', dashboard: '8265', 'gcs-server': '6379', metrics: '8080' },
    head: { podIP: member === 'member1' ? '10.1.0.5' : '10.4.0.5', serviceIP: member === 'member1' ? '10.96.1.5' : '10.96.4.5', podName: `${name}-head-abcde`, serviceName: `${name}-head-svc` },
    observedGeneration: generation,
    // KubeRay writes conditions only with its RayClusterStatusConditions feature gate (beta, on by default since v1.2).
    conditions: withConditions ? conditions : null,
  };
}

/** Writes the member's status as KubeRay would in `phase`, at `at`; without conditions as KubeRay with its gate off. */
async function writeStatus(context: Context, member: string, phase: Phase, at: string, withConditions = true): Promise<void> {
  const object = await memberKube(context, member).get(path);
  await memberKube(context, member).mergePatch(`${path}/status`, { status: kubeRayStatus(member, phase, at, object.metadata!.generation!, withConditions) });
}

/** The collected item is the member's whole status as it stands (Karmada reflects it: no InterpretStatus) with `health`. */
async function collectedAsExpected(context: Context, member: string, item: Collected | undefined, health: string): Promise<string | undefined> {
  if (item === undefined) return undefined;
  const expected = status(await memberKube(context, member).get(path));
  return item.health === health && deepEqual(item.status, expected) ? `${member} ${health} (state ${show(expected.state ?? null)}, ready ${show(expected.readyWorkerReplicas)})` : undefined;
}

/** The binding's aggregatedStatus and each member's Work manifest status, both as expected (`health` per member). */
async function collectedEverywhere(context: Context, health: Record<string, 'Healthy' | 'Unhealthy'>): Promise<string> {
  const members = Object.keys(health);
  const fromBinding = await waitKarmada(context, `the binding's aggregatedStatus with ${show(health)}`, bindingPath, async (binding) => {
    const seen = await Promise.all(members.map((member) => collectedAsExpected(context, member, aggregated(binding).find((item) => item.clusterName === member), health[member]!)));
    return seen.every((item) => item !== undefined) ? seen.join('; ') : undefined;
  });
  const fromWorks = await waitKarmada(context, `the Works' manifest statuses with ${show(health)}`, bindingPath, async () => {
    const seen = await Promise.all(members.map(async (member) =>
      collectedAsExpected(context, member, await manifestStatusOf(context, member, { kind: rayCluster.kind, namespace: ns, name }), health[member]!)));
    return seen.every((item) => item !== undefined) ? members.map((member) => `${member} ${health[member]!}`).join(', ') : undefined;
  });
  return `binding: ${fromBinding}; Works: ${fromWorks}`;
}

type KubeRayCondition = { type: string; status: string; reason: string; message: string; lastTransitionTime: string };

/**
 * The members' conditions one per type, as AggregateStatus merges them (lib/kinds/raycluster/README.md) where the
 * members agree, which they do in every step of this scenario (a disagreement is the case files' to check): the
 * first member's condition, its message each member's non-empty one as `member=message`, joined by ", ".
 */
function agreeingConditions(members: readonly [string, Record<string, unknown>][]): KubeRayCondition[] {
  const byType = new Map<string, { member: string; condition: KubeRayCondition }[]>();
  for (const [member, memberStatus] of members) {
    for (const condition of (memberStatus.conditions ?? []) as KubeRayCondition[]) byType.set(condition.type, [...(byType.get(condition.type) ?? []), { member, condition }]);
  }
  return [...byType.values()].map((reported) => {
    const { condition } = reported[0]!;
    if (reported.some((each) => each.condition.status !== condition.status || each.condition.lastTransitionTime !== condition.lastTransitionTime)) {
      throw new Error(`the members disagree on ${condition.type}: ${show(reported)}`);
    }
    const message = reported.filter((each) => each.condition.message !== '').map((each) => `${each.member}=${each.condition.message}`).join(', ');
    return { ...condition, message };
  });
}

/**
 * What AggregateStatus must write on the control plane for these two members' statuses (README: Operations), the
 * members given in the binding's order: their conditions one per type, the five worker counts summed, the desired
 * resources summed as quantities, the latest lastUpdateTime, the first member's endpoints, head, state and
 * stateTransitionTimes (its observedGeneration and reason are not aggregated).
 */
function expectedAggregate([[firstName, first], [secondName, second]]: [[string, Record<string, unknown>], [string, Record<string, unknown>]], resources: Record<string, string>): Record<string, unknown> {
  const sum = (field: string) => (first[field] as number) + (second[field] as number);
  const result: Record<string, unknown> = {
    conditions: agreeingConditions([[firstName, first], [secondName, second]]),
    lastUpdateTime: String(first.lastUpdateTime) > String(second.lastUpdateTime) ? first.lastUpdateTime : second.lastUpdateTime,
  };
  for (const field of ['readyWorkerReplicas', 'availableWorkerReplicas', 'maxWorkerReplicas', 'minWorkerReplicas', 'desiredWorkerReplicas']) result[field] = sum(field);
  if ((result.conditions as unknown[]).length === 0) delete result.conditions;
  Object.assign(result, resources, { endpoints: first.endpoints, head: first.head });
  const stated = [first, second].find((item) => item.state !== undefined);
  if (stated !== undefined) {
    result.state = stated.state;
    if (stated.stateTransitionTimes !== undefined) result.stateTransitionTimes = stated.stateTransitionTimes;
  }
  return result;
}

/** The control-plane RayCluster's whole status equals what the members' current statuses aggregate to. */
async function aggregatedOnControlPlane(context: Context, members: [string, string], resources: Record<string, string>, accept: (expected: Record<string, unknown>) => boolean): Promise<string> {
  let last = '';
  try {
    return await waitKarmada(context, 'the control-plane RayCluster status aggregated', path, async (template) => {
      // The binding's aggregatedStatus order is the order AggregateStatus receives the members in.
      const order = aggregated(await context.env.kube.get(bindingPath)).map((item) => item.clusterName);
      if (!deepEqual([...order].sort(), [...members].sort())) return undefined;
      const [first, second] = await Promise.all(order.map(async (member) => status(await memberKube(context, member).get(path))));
      const expected = expectedAggregate([[order[0]!, first!], [order[1]!, second!]], resources);
      last = `members in the order ${show(order)}, expected ${show(expected)}, control plane ${show(status(template))}`;
      return accept(expected) && deepEqual(status(template), expected) ? show(status(template)) : undefined;
    });
  } catch (error) {
    // What was last compared says which field differs.
    throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; last seen: ${last}`);
  }
}

/** Our log's calls for `clusterName`, per operation. */
function callsFor(lines: CallLine[], clusterName: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== kindKey || line.namespace !== ns || line.name !== clusterName || line.operation === undefined) continue;
    counts.set(line.operation, (counts.get(line.operation) ?? 0) + 1);
  }
  return counts;
}

/** The worker groups' counts as written, with the CRD's default numOfHosts 1 (what every apiserver stores). */
const writtenCounts = [
  { groupName: 'cpu', replicas: 1, minReplicas: 2, maxReplicas: 4, numOfHosts: 1 },
  { groupName: 'tpu', replicas: 1, minReplicas: 0, maxReplicas: 2, numOfHosts: 2 },
];

/** A stored object's worker group counts. */
const groupCounts = (object: KubeObject) => ((spec(object).workerGroupSpecs ?? []) as Record<string, unknown>[])
  .map(({ groupName, replicas, minReplicas, maxReplicas, numOfHosts }) => ({ groupName, replicas, minReplicas, maxReplicas, numOfHosts }));

export const rayScenario: Scenario = {
  name: `KubeRay's RayCluster (KubeRay's CRD, ${rayCluster.publishedCrd.source}) with MultiplePodTemplatesScheduling on: components, placement by component sets, Duplicated over a push and a pull member, against Karmada's built-in Lua`,
  checks: 9,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const small = context.pushMembers[1]!;
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    // Set-up: KubeRay's CRD everywhere, a Node in the two members the placement uses.
    await installProjectCrd(context, rayCluster, version, 'KubeRay');
    await addNodes(context, nodeName, [[small, capacity.small], [pull, capacity.large]]);
    await ensureNamespace(context, ns);
    try {
      await claimComponents(context, check, interpreter, { push, pull, small }, logBefore, logMark);
    } finally {
      // The default configuration back (no InterpretComponent) for the scenarios after this one, also after a failure.
      for (const clusterName of [name, sized, smallOnly]) {
        await env.kube.delete(pathOf(clusterName));
        await env.kube.delete(policyPath(ns, clusterName));
      }
      for (const dependency of dependencies) await env.kube.delete(dependencyPath(dependency));
      const before = callLines(env, interpreter.name).length;
      await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
      await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretReplica');
      await env.kube.delete(workloadPath(ns, probeName));
      await env.kube.delete(policyPath(ns, probeName));
      await removeNodes(context, nodeName, [small, pull]);
    }
  },
};

interface Members { push: string; pull: string; small: string }

/** The scenario's checks, with InterpretComponent claimed. */
async function claimComponents(context: Context, check: CheckFn, interpreter: Interpreter, { push, pull, small }: Members, logBefore: number, logMark: LogMark): Promise<void> {
  const { env } = context;
  const members: [string, string] = [push, pull];
  const linesBefore = callLines(env, interpreter.name).length;
  await applyWebhookConfig(env, interpreter, { mode: 'per-operation', includeOperations: ['InterpretComponent'] });
  await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretComponent');

  await check(`set-up: ${crdName} (KubeRay's CRD) Established on karmada-apiserver, ${[push, small, pull].join(', ')}; our webhook configuration claims ${groupVersion} ${rayCluster.kind} for exactly ${expectedClaims.join(', ')}`, async () => {
    const seen: string[] = [];
    for (const { where, kube } of [{ where: 'karmada-apiserver', kube: env.kube }, ...[push, small, pull].map((member) => ({ where: member, kube: memberKube(context, member) }))]) {
      const object = await kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`);
      const established = ((object.status?.conditions ?? []) as { type: string; status: string }[]).find((item) => item.type === 'Established')?.status;
      const served = ((spec(object).versions ?? []) as { name: string; served: boolean; storage: boolean }[]).map((item) => `${item.name}${item.storage ? '*' : ''}`);
      if (established !== 'True' || !served.includes(`${version}*`)) throw new Error(`${where}: Established ${String(established)}, versions ${show(served)}`);
      seen.push(`${where} Established ${show(served)}`);
    }
    const claimed = await claimedOperations(env, rayCluster, version);
    if (!deepEqual(claimed, expectedClaims)) throw new Error(`the configuration claims ${show(claimed)} for ${kindKey}, expected ${show(expectedClaims)}`);
    return `${seen.join('; ')} (* storage); claimed for ${kindKey}: ${show(claimed)}`;
  });

  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'],
    [...dependencies, clusterObject(name), duplicated(members), clusterObject(sized), oneCluster(sized, [small, pull]), clusterObject(smallOnly), oneCluster(smallOnly, [small])]
      .map((object) => stringify(object)).join('---\n'));

  // Karmada's Lua counts each worker group by `replicas` as written: cpu 1, tpu 1. Without a component hook there
  // would be no components at all.
  await check('InterpretComponent: the RayCluster\'s binding has exactly our components, ray-head 1, cpu 2 (replicas 1 raised to minReplicas 2; the Lua: 1) and tpu 2 (1 replica of numOfHosts 2; the Lua: 1), each with its template\'s resourceRequest, and our log holds the calls', async () => {
    const seen = await waitKarmada(context, 'the binding with components', bindingPath, (binding) => {
      const list = (spec(binding).components ?? []) as { name: string; replicas: number; replicaRequirements?: { resourceRequest?: unknown } }[];
      if (list.length === 0) return undefined;
      const compared = list.map(({ name: componentName, replicas, replicaRequirements }) => ({ name: componentName, replicas, resourceRequest: replicaRequirements?.resourceRequest }));
      return deepEqual(compared, expectedComponents) ? `binding components ${show(compared)}, spec.replicas ${show(spec(binding).replicas ?? null)}` : undefined;
    });
    const calls = callsFor(callLines(env, interpreter.name).slice(logBefore), name).get('InterpretComponent') ?? 0;
    if (calls === 0) throw new Error('no InterpretComponent call for the RayCluster in our log');
    return `${seen}; ${calls} InterpretComponent call(s) for ${ns}/${name} in our log`;
  });

  // One set of our components needs 7 CPUs: only `pull` (64) holds it, and `small` (5.5) alone is refused. By the
  // Lua's count a set is 4 CPUs, which `small` holds: `ray-small` would be scheduled there.
  await check(`MultiplePodTemplatesScheduling: one cluster asked for, ${sized} goes to ${pull} (64 CPUs) with its groups as written, and ${smallOnly}, offered only ${small} (5.5 CPUs: the Lua's 4-CPU set fits, our 7-CPU set does not), is not scheduled (Scheduled False)`, async () => {
    const placed = await waitFor(`${sized} scheduled`, async () => {
      const binding = await env.kube.get(bindingOf(sized));
      const clusters = targetClusters(binding);
      if (clusters.length === 0) {
        const scheduled = ((binding.status?.conditions ?? []) as { type: string; message?: string }[]).find((item) => item.type === 'Scheduled');
        throw new Error(`not scheduled (${String(scheduled?.message)})`);
      }
      if (!deepEqual(clusters.map((cluster) => cluster.name), [pull])) throw new Error(`scheduled to ${show(clusters)}`);
      return `${sized} binding clusters ${show(clusters)}`;
    }, { timeoutMs: reactionTimeoutMs, component: env.supervisor.get('karmada-scheduler') });
    const arrived = await waitMember(context, pull, `${sized}`, pathOf(sized), (object) =>
      deepEqual(groupCounts(object), writtenCounts) ? `on ${pull}: groups ${show(groupCounts(object))}` : undefined);
    const refused = await waitKarmada(context, `${smallOnly}'s binding refused`, bindingOf(smallOnly), (binding) => {
      const components = ((spec(binding).components ?? []) as { name: string; replicas: number }[]).map((item) => `${item.name}:${item.replicas}`);
      if (!deepEqual(components, ['ray-head:1', 'cpu:2', 'tpu:2'])) return undefined;
      const clusters = targetClusters(binding);
      if (clusters.length > 0) throw new Error(`${smallOnly} scheduled to ${show(clusters)}`);
      const scheduled = ((binding.status?.conditions ?? []) as { type: string; status: string; reason?: string; message?: string }[]).find((item) => item.type === 'Scheduled');
      return scheduled?.status === 'False' ? `${smallOnly}: components ${show(components)}, no clusters, Scheduled False ${String(scheduled.reason)}: ${String(scheduled.message).slice(0, 160)}` : undefined;
    });
    const absent = await holdsFor(`${sized} absent from ${small}`, 3_000, async () => ((await memberKube(context, small).find(pathOf(sized))) === undefined ? `${sized} absent from ${small}` : undefined));
    return `${placed}; ${arrived}; ${refused}; ${absent}`;
  });

  // The whole RayCluster on each member (a binding with components is never divided, and we serve no ReviseReplica),
  // its ConfigMap, ServiceAccount and Secret beside it: the Lua returns no dependencies.
  await check(`the RayCluster reaches ${push} (push) and ${pull} (pull) whole, worker groups as written (cpu 1 in 2..4, tpu 1 x 2 hosts); its ConfigMap, ServiceAccount and Secret reach both, each attached to the RayCluster's binding`, async () => {
    const placed = await waitKarmada(context, 'the RayCluster scheduled to both members', bindingPath, (binding) => {
      const clusters = targetClusters(binding);
      return deepEqual(clusters.map((item) => item.name).sort(), [...members].sort()) ? show(clusters) : undefined;
    });
    // The head as the control plane stores it (with the CRD's defaults), for the members' copies.
    const head = spec(await env.kube.get(path)).headGroupSpec;
    const seen: string[] = [];
    for (const member of members) {
      seen.push(await waitMember(context, member, 'the RayCluster with its groups as written', path, (object) =>
        deepEqual(groupCounts(object), writtenCounts) && deepEqual(spec(object).headGroupSpec, head)
          ? `${member}: ${show(groupCounts(object))}` : undefined));
    }
    const attached: string[] = [];
    for (const dependency of dependencies) {
      const dependencyName = dependency.metadata!.name!;
      await waitKarmada(context, `the attached binding of ${dependency.kind} ${dependencyName}`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${dependencyName}-${String(dependency.kind).toLowerCase()}`, (binding) => {
        const requiredBy = ((spec(binding).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
        return deepEqual(requiredBy, [`${ns}/${name}-raycluster`]) ? requiredBy : undefined;
      });
      for (const member of members) await waitMember(context, member, `${dependency.kind} ${dependencyName}`, dependencyPath(dependency), () => true);
      attached.push(`${dependency.kind}/${dependencyName}`);
    }
    return `binding clusters ${placed}; ${seen.join('; ')}; on both, requiredBy ${ns}/${name}-raycluster: ${attached.join(', ')}`;
  });

  // Karmada reflects the whole status (no InterpretStatus, ours or the Lua's); health is ours. The Lua agrees here.
  // The pull member runs KubeRay with its RayClusterStatusConditions gate off (as KubeRay before v1.2 did): its status
  // has no conditions, until the last status check.
  await check(`InterpretHealth: ${push} ready (HeadPodReady, RayClusterProvisioned True, 4 of 4 workers) is Healthy, ${pull} provisioning without conditions (KubeRay's RayClusterStatusConditions gate off, 1 of 4) is Unhealthy; each member's whole status in the binding and in the Works`, async () => {
    await writeStatus(context, push, 'ready', '2026-01-01T00:01:00Z');
    await writeStatus(context, pull, 'provisioning', '2026-01-01T00:02:00Z', false);
    return collectedEverywhere(context, { [push]: 'Healthy', [pull]: 'Unhealthy' });
  });

  // The Lua gives the same sums, state and quantities here (see the header); its conditions' messages name no member.
  await check(`AggregateStatus: the control-plane RayCluster status is exactly ${push}'s conditions (each message naming ${push}), the worker counts summed (ready 5, desired 8, min 4, max 16), desiredCPU "14", desiredMemory "28Gi", desiredGPU and desiredTPU "0" (quantities), the latest lastUpdateTime, the first stated member's state, and the first member's head and endpoints`, () =>
    aggregatedOnControlPlane(context, members, { desiredCPU: '14', desiredMemory: '28Gi', desiredGPU: '0', desiredTPU: '0' },
      (expected) => expected.readyWorkerReplicas === 5 && expected.state === 'ready' && (expected.conditions as unknown[]).length === 4));

  // The Lua says Unhealthy for a suspended cluster (its head pod is gone); ours Healthy, the owner's choice. Without
  // conditions ours cannot tell (health reads the conditions alone): Unhealthy, as the Lua.
  await check(`InterpretHealth + AggregateStatus: spec.suspend set on the control plane reaches both members (groups unchanged); ${push} suspended (RayClusterSuspended True, HeadPodReady False) is Healthy, ${pull} suspended without conditions Unhealthy; the control plane shows state suspended, 0 ready workers`, async () => {
    await env.kube.mergePatch(path, { spec: { suspend: true } });
    for (const member of members) {
      await waitMember(context, member, 'the RayCluster suspended', path, (object) =>
        spec(object).suspend === true && deepEqual(groupCounts(object), writtenCounts) ? true : undefined);
    }
    await writeStatus(context, push, 'suspended', '2026-01-01T00:03:00Z');
    await writeStatus(context, pull, 'suspended', '2026-01-01T00:04:00Z', false);
    const health = await collectedEverywhere(context, { [push]: 'Healthy', [pull]: 'Unhealthy' });
    const suspendedAggregate = await aggregatedOnControlPlane(context, members, { desiredCPU: '14', desiredMemory: '28Gi', desiredGPU: '0', desiredTPU: '0' },
      (expected) => expected.readyWorkerReplicas === 0 && expected.state === 'suspended' && expected.lastUpdateTime === '2026-01-01T00:04:00Z');
    return `${health}; control plane ${suspendedAggregate}`;
  });

  // KubeRay's CRD declares status.conditions a list map keyed by type: two members reporting the same condition types
  // (KubeRay's default) made the aggregate Karmada's Lua gives, and ours gave, one the API server refuses ("Duplicate
  // value"). Ours gives one condition per type; the control plane stores it.
  await check(`AggregateStatus with KubeRay's conditions on both members: ${pull} reports them too (its gate on); both suspended members are Healthy, and the control-plane RayCluster status is stored with exactly one condition per type (HeadPodReady, RayClusterProvisioned, RayClusterSuspending, RayClusterSuspended: the members agree, each message naming both), no "Duplicate value" refusal logged`, async () => {
    const log = env.supervisor.get('karmada-controller-manager').log;
    const offset = statSync(log).size;
    const answered = callLines(env, interpreter.name).length;
    await writeStatus(context, pull, 'suspended', '2026-01-01T00:05:00Z');
    const health = await collectedEverywhere(context, { [push]: 'Healthy', [pull]: 'Healthy' });
    const stored = await aggregatedOnControlPlane(context, members, { desiredCPU: '14', desiredMemory: '28Gi', desiredGPU: '0', desiredTPU: '0' },
      (expected) => expected.lastUpdateTime === '2026-01-01T00:05:00Z' && expected.state === 'suspended');
    const types = ((status(await env.kube.get(path)).conditions ?? []) as KubeRayCondition[]).map((item) => item.type);
    if (!deepEqual([...types].sort(), ['HeadPodReady', 'RayClusterProvisioned', 'RayClusterSuspended', 'RayClusterSuspending'])) throw new Error(`the control plane's condition types are ${show(types)}`);
    const calls = callsFor(callLines(env, interpreter.name).slice(answered), name).get('AggregateStatus') ?? 0;
    if (calls === 0) throw new Error('no AggregateStatus call for the RayCluster since the pull member reported conditions');
    const refused = readFileSync(log).subarray(offset).toString('utf8').split('\n').find((item) => item.includes(`rayclusters/${ns}/${name}`) && item.includes('Duplicate value'));
    if (refused !== undefined) throw new Error(`karmada-controller-manager logged a refusal: ${refused.slice(0, 240)}`);
    return `${health}; ${calls} AggregateStatus call(s) answered; control plane ${stored}; condition types ${show(types)}; no "Duplicate value" in karmada-controller-manager's log`;
  });

  await check('our log holds InterpretComponent, InterpretDependency, InterpretHealth and AggregateStatus calls for the RayCluster, every call of the scenario succeeded, and Karmada logged no failed call', async () => {
    const lines = callLines(env, interpreter.name).slice(logBefore);
    const calls = callsFor(lines, name);
    const missing = expectedClaims.filter((operation) => !calls.has(operation));
    if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns}/${name} in our log (${show(Object.fromEntries(calls))})`);
    const failed = lines.filter((line) => line.successful === false);
    if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
    return `our calls for ${name} ${show(Object.fromEntries(calls))}; ${lines.length} calls in the scenario, all successful; ${assertNoKarmadaWebhookFailures(logMark)}`;
  });
}
