// KEDA's ScaledObject (lib/kinds/scaledobject) through real Karmada: KEDA's own CRDs (KindIdentity.publishedCrd,
// kedacore/keda v2.21.0: ScaledObject and TriggerAuthentication, v1alpha1) on the control plane and every member, one
// ScaledObject Duplicated over a push and a pull member with propagateDeps, its scale target (a Deployment) and its
// TriggerAuthentication following it. TriggerAuthentication is not a kind this service interprets: Karmada propagates
// it as a plain dependency. The members run no KEDA operator: their status is written through the status subresource
// in the shape KEDA v2.21.0 writes (controllers/keda/scaledobject_controller.go, pkg/scaling/executor).
//
// Karmada v1.18.2 has no built-in for keda.sh: without our hook every member is Healthy, the status is not collected,
// nothing is aggregated and no dependency follows. Every check waits for a value that default cannot give.
import { stringify } from 'yaml';
import { scaledObject } from '../../../lib/kinds/scaledobject/identity';
import type { KindIdentity } from '../../../lib/review/kind';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  manifestStatusOf,
  markKarmadaLogs,
  memberKube,
  policyPath,
  show,
  spec,
  status,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type Collected,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, claimedOperations, type CallLine } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-keda';
const name = 'orders';
const version = 'v1alpha1';
const groupVersion = `${scaledObject.group}/${version}`;
const kindKey = `${groupVersion}/${scaledObject.kind}`;
const crdName = `${scaledObject.plural}.${scaledObject.group}`;
const path = `/apis/${groupVersion}/namespaces/${ns}/${scaledObject.plural}/${name}`;
const bindingPath = `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-scaledobject`;

/** KEDA's TriggerAuthentication CRD, from the same module: propagated as a plain object (no interpreter of ours). */
const triggerAuthentication = {
  group: 'keda.sh', kind: 'TriggerAuthentication', plural: 'triggerauthentications', versions: ['v1alpha1'], storageVersion: 'v1alpha1',
  home: 'lib/kinds/scaledobject', ownCrd: false,
  publishedCrd: { source: scaledObject.publishedCrd.source, file: 'config/crd/bases/keda.sh_triggerauthentications.yaml' },
} as const satisfies KindIdentity;

/** What lib/kinds/scaledobject answers (its README's table); the webhook configuration must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretStatus'];

/** The ScaledObject's dependencies by our InterpretDependency: its scale target and its TriggerAuthentication. */
const dependencies: { object: KubeObject; path: string; binding: string }[] = [
  {
    object: {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: ns, labels: { app: name, 'resourcetemplate.karmada.io/retain-replicas': 'true' } },
      spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'worker', image: 'registry.k8s.io/pause:3.10' }] } } },
    } as KubeObject,
    path: `/apis/apps/v1/namespaces/${ns}/deployments/${name}`,
    binding: `${name}-deployment`,
  },
  {
    object: {
      apiVersion: groupVersion, kind: 'TriggerAuthentication', metadata: { name: 'rabbitmq-auth', namespace: ns },
      spec: { secretTargetRef: [{ parameter: 'host', name: 'rabbitmq', key: 'url' }] },
    } as KubeObject,
    path: `/apis/${groupVersion}/namespaces/${ns}/triggerauthentications/rabbitmq-auth`,
    binding: 'rabbitmq-auth-triggerauthentication',
  },
];

const scaled: KubeObject = {
  apiVersion: groupVersion, kind: scaledObject.kind, metadata: { name, namespace: ns },
  spec: {
    scaleTargetRef: { name },
    minReplicaCount: 1,
    maxReplicaCount: 10,
    fallback: { failureThreshold: 3, replicas: 4 },
    triggers: [{ type: 'rabbitmq', metadata: { queueName: 'orders', mode: 'QueueLength', value: '20' }, authenticationRef: { name: 'rabbitmq-auth' } }],
  },
} as KubeObject;

const policy = (clusters: string[]) => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
  spec: {
    propagateDeps: true,
    resourceSelectors: [{ apiVersion: groupVersion, kind: scaledObject.kind, name }],
    placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
  },
});

// ---- member status in KEDA's shape ----

const condition = (type: string, value: 'True' | 'False' | 'Unknown', reason?: string, message?: string) => ({
  type, status: value, ...(reason === undefined ? {} : { reason }), ...(message === undefined ? {} : { message }),
});

/** KEDA v2.21.0's ScaledObjectStatus after a reconcile: `fallback` when the metrics failed past failureThreshold. */
function kedaStatus(fallback: boolean, lastActiveTime: string, originalReplicaCount: number): Record<string, unknown> {
  return {
    conditions: [
      condition('Ready', 'True', 'ScaledObjectReady', 'ScaledObject is defined correctly and is ready for scaling'),
      condition('Active', 'True', 'ScalerActive', 'Scaling is performed because triggers are active'),
      fallback ? condition('Fallback', 'True', 'FallbackExists', 'At least one trigger is falling back on this scaled object')
        : condition('Fallback', 'False', 'NoFallbackFound', 'No fallbacks are active on this scaled object'),
      condition('Paused', 'False'),
    ],
    externalMetricNames: ['s0-rabbitmq-orders'],
    health: { 's0-rabbitmq-orders': fallback ? { numberOfFailures: 4, status: 'Failing' } : { numberOfFailures: 0, status: 'Happy' } },
    hpaName: `keda-hpa-${name}`,
    lastActiveTime,
    originalReplicaCount,
    scaleTargetGVKR: { group: 'apps', kind: 'Deployment', resource: 'deployments', version: 'v1' },
    scaleTargetKind: 'apps/v1.Deployment',
    triggersTypes: 'rabbitmq',
    authenticationsTypes: 'rabbitmq-auth',
  };
}

/** The fields our InterpretStatus reflects (README: Operations); KEDA writes no observedGeneration, so no generations. */
const reflectedFields = ['conditions', 'lastActiveTime', 'scaleTargetKind', 'scaleTargetGVKR', 'originalReplicaCount', 'externalMetricNames',
  'resourceMetricNames', 'compositeScalerName', 'health', 'triggersActivity', 'pausedReplicaCount', 'hpaName', 'triggersTypes', 'authenticationsTypes'];

const reflected = (object: KubeObject) => {
  const written = status(object);
  return Object.fromEntries(reflectedFields.filter((field) => written[field] !== undefined).map((field) => [field, written[field]]));
};

async function collectedAsExpected(context: Context, member: string, item: Collected | undefined, health: string): Promise<string | undefined> {
  if (item === undefined) return undefined;
  const expected = reflected(await memberKube(context, member).get(path));
  return item.health === health && deepEqual(item.status ?? {}, expected) ? `${member} ${health} ${show(item.status ?? {})}` : undefined;
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
      collectedAsExpected(context, member, await manifestStatusOf(context, member, { kind: scaledObject.kind, namespace: ns, name }), health[member]!)));
    return seen.every((item) => item !== undefined) ? members.map((member) => `${member} ${health[member]!}`).join(', ') : undefined;
  });
  return `binding: ${fromBinding}; Works: ${fromWorks}`;
}

/**
 * What AggregateStatus must write (lib/kinds/scaledobject/README.md, "AggregateStatus"), from the members' collected
 * statuses in the binding's order: conditions alike in type, status and reason merged with `cluster=message`, the
 * latest lastActiveTime, originalReplicaCount summed, health per metric (Failing wins, most failures), and the fields
 * every member reports alike.
 */
function expectedAggregate(binding: KubeObject): Record<string, unknown> {
  const items = aggregated(binding);
  const merged = new Map<string, Record<string, unknown>>();
  const result: Record<string, unknown> = {};
  const health: Record<string, { numberOfFailures?: number; status?: string }> = {};
  for (const { clusterName, status: reported = {} } of items) {
    for (const item of (reported.conditions ?? []) as Record<string, unknown>[]) {
      const key = `${String(item.type)}/${String(item.status)}/${String(item.reason ?? '')}`;
      const known = merged.get(key);
      const message = `${clusterName}=${String(item.message ?? '')}`;
      if (known === undefined) merged.set(key, { ...item, message });
      else known.message = `${String(known.message)}, ${message}`;
    }
    if (typeof reported.lastActiveTime === 'string' && (result.lastActiveTime === undefined || reported.lastActiveTime > String(result.lastActiveTime))) result.lastActiveTime = reported.lastActiveTime;
    if (typeof reported.originalReplicaCount === 'number') result.originalReplicaCount = ((result.originalReplicaCount as number | undefined) ?? 0) + reported.originalReplicaCount;
    for (const [metric, value] of Object.entries((reported.health ?? {}) as Record<string, { numberOfFailures?: number; status?: string }>)) {
      const known = health[metric];
      if (known === undefined) health[metric] = { ...value };
      else {
        if (value.status === 'Failing') known.status = 'Failing';
        known.numberOfFailures = Math.max(known.numberOfFailures ?? 0, value.numberOfFailures ?? 0);
      }
    }
  }
  if (merged.size > 0) result.conditions = [...merged.values()];
  if (Object.keys(health).length > 0) result.health = health;
  for (const field of ['triggersTypes', 'authenticationsTypes', 'externalMetricNames', 'scaleTargetKind', 'scaleTargetGVKR', 'hpaName']) {
    const values = items.map((item) => item.status?.[field]);
    if (values.length > 0 && values[0] !== undefined && values.every((value) => deepEqual(value, values[0]))) result[field] = values[0];
  }
  return result;
}

function aggregatedOnControlPlane(context: Context, accept: (expected: Record<string, unknown>) => boolean): Promise<string> {
  return waitKarmada(context, 'the control-plane ScaledObject status aggregated', path, async (template) => {
    const expected = expectedAggregate(await context.env.kube.get(bindingPath));
    return accept(expected) && deepEqual(status(template), expected) ? show(status(template)) : undefined;
  });
}

function callsFor(lines: CallLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== kindKey || line.namespace !== ns || line.name !== name || line.operation === undefined) continue;
    counts.set(line.operation, (counts.get(line.operation) ?? 0) + 1);
  }
  return counts;
}

export const kedaScenario: Scenario = {
  name: `KEDA's ScaledObject (KEDA's CRDs, ${scaledObject.publishedCrd.source}) with its scale target and TriggerAuthentication as dependencies, Duplicated over a push and a pull member`,
  checks: 5,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const members = [push, pull];
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    await installProjectCrd(context, scaledObject, version, 'KEDA');
    await installProjectCrd(context, triggerAuthentication, version, 'KEDA');
    await ensureNamespace(context, ns);
    const linesBefore = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');

    await check(`set-up: ${crdName} and triggerauthentications.keda.sh (KEDA's CRDs) Established on karmada-apiserver, ${members.join(', ')}; our webhook configuration claims ${groupVersion} ${scaledObject.kind} for exactly ${expectedClaims.join(', ')}`, async () => {
      const seen: string[] = [];
      for (const { where, kube } of [{ where: 'karmada-apiserver', kube: env.kube }, ...members.map((member) => ({ where: member, kube: memberKube(context, member) }))]) {
        for (const crd of [crdName, 'triggerauthentications.keda.sh']) {
          const object = await kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd}`);
          const established = ((object.status?.conditions ?? []) as { type: string; status: string }[]).find((item) => item.type === 'Established')?.status;
          if (established !== 'True') throw new Error(`${where}: ${crd} Established ${String(established)}`);
        }
        seen.push(`${where} Established`);
      }
      const claimed = await claimedOperations(env, scaledObject, version);
      if (!deepEqual(claimed, expectedClaims)) throw new Error(`the configuration claims ${show(claimed)} for ${kindKey}, expected ${show(expectedClaims)}`);
      return `${seen.join('; ')}; claimed for ${kindKey}: ${show(claimed)}`;
    });

    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [...dependencies.map(({ object }) => object), scaled, policy(members)].map((object) => stringify(object)).join('---\n'));

    // Karmada without a hook: no dependency follows the ScaledObject (nothing else selects the Deployment).
    await check(`InterpretDependency with propagateDeps: the scale target Deployment and the TriggerAuthentication reach ${members.join(' and ')} beside the ScaledObject, each attached to its binding`, async () => {
      const placed = await waitKarmada(context, 'the ScaledObject scheduled to both members', bindingPath, (binding) => {
        const clusters = targetClusters(binding).map((item) => item.name).sort();
        return deepEqual(clusters, [...members].sort()) ? clusters : undefined;
      });
      const seen: string[] = [];
      for (const dependency of dependencies) {
        const requiredBy = await waitKarmada(context, `the attached binding ${dependency.binding}`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${dependency.binding}`, (binding) => {
          const names = ((spec(binding).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
          return deepEqual(names, [`${ns}/${name}-scaledobject`]) ? names : undefined;
        });
        for (const member of [...members]) await waitMember(context, member, `${String(dependency.object.kind)} ${dependency.object.metadata!.name!}`, dependency.path, () => true);
        seen.push(`${String(dependency.object.kind)}/${dependency.object.metadata!.name!} requiredBy ${show(requiredBy)}`);
      }
      return `ScaledObject on ${show(placed)}; on both: ${seen.join(', ')}`;
    });

    // Karmada without a hook: Healthy with no KEDA there. Ours: Unhealthy (no Ready condition), nothing reflected.
    await check('InterpretStatus + InterpretHealth before any KEDA reconcile: both members Unhealthy, status {}', () =>
      collectedEverywhere(context, { [push]: 'Unhealthy', [pull]: 'Unhealthy' }));

    await check(`InterpretStatus + InterpretHealth: ${push} Ready is Healthy, ${pull} Ready with Fallback True is Unhealthy, each with exactly KEDA's fields`, async () => {
      await memberKube(context, push).mergePatch(`${path}/status`, { status: kedaStatus(false, '2026-01-01T10:00:00Z', 1) });
      await memberKube(context, pull).mergePatch(`${path}/status`, { status: kedaStatus(true, '2026-01-01T10:05:00Z', 2) });
      return collectedEverywhere(context, { [push]: 'Healthy', [pull]: 'Unhealthy' });
    });

    await check('AggregateStatus: the control-plane ScaledObject has both members\' conditions (Fallback False and True apart, messages naming clusters), the latest lastActiveTime, originalReplicaCount 3, the metric Failing with 4 failures, and the shared fields', async () => {
      const summary = await aggregatedOnControlPlane(context, (expected) => expected.originalReplicaCount === 3 && expected.lastActiveTime === '2026-01-01T10:05:00Z');
      const calls = callsFor(callLines(env, interpreter.name).slice(logBefore));
      const missing = expectedClaims.filter((operation) => !calls.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns}/${name} in our log (${show(Object.fromEntries(calls))})`);
      const failed = callLines(env, interpreter.name).slice(logBefore).filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
      return `control plane ${summary}; our calls for ${name} ${show(Object.fromEntries(calls))}, none failed; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    await env.kube.delete(path);
    await env.kube.delete(policyPath(ns, name));
    for (const dependency of dependencies) await env.kube.delete(dependency.path);
    await env.kube.delete(workloadPath(ns, probeName));
    await env.kube.delete(policyPath(ns, probeName));
  },
};
