// LWS's LeaderWorkerSet (lib/kinds/leaderworkerset) through real Karmada: LWS's own CRD (KindIdentity.publishedCrd,
// sigs.k8s.io/lws@v0.9.0 config/crd/bases/leaderworkerset.x-k8s.io_leaderworkersets.yaml; v1) on the control plane and
// every member. No LWS controller runs: the members' statuses are written through the status subresource in the shape
// pkg/controllers/leaderworkerset_controller.go writes (group counts, hpaPodSelector, Available / Progressing).
//
// Two halves, because Karmada v1.18.2 (gate MultiplePodTemplatesScheduling on in every component, cluster.ts) takes
// InterpretComponent instead of InterpretReplica once a webhook claims it (pkg/detector applyReplicaInterpretation),
// and never divides a binding with two components (pkg/scheduler/core/common.go AssignReplicas):
//  - default configuration (no InterpretComponent): InterpretReplica gives groups and a whole group's requirements,
//    Divided by static weights 2:1 over a push and a pull member, each member's share revised into spec.replicas
//    (groups), the members' statuses reflected, aggregated on the control plane, and their health;
//  - `--include-operations InterpretComponent`: the binding has our two components, leader and worker.
// Every operation the default configuration claims for the kind has a check a wrong answer fails: InterpretReplica,
// ReviseReplica, InterpretDependency (the workers' ConfigMap on both members), InterpretStatus (each member's
// reflected status exactly), InterpretHealth (Unhealthy, then Healthy), AggregateStatus and Retain (a member's
// HPA-set group count kept under Karmada's retain-replicas label).
import { stringify } from 'yaml';
import { leaderWorkerSet } from '../../../lib/kinds/leaderworkerset/identity';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  deepEqual,
  expectCollected,
  reflectedStatusOf,
  stepAnnotation,
  stepOf,
  ensureNamespace,
  memberKube,
  policyPath,
  show,
  spec,
  status,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type CheckFn,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-lws';
const name = 'vllm';
const whole = 'vllm-whole';
const version = 'v1';
const groupVersion = `${leaderWorkerSet.group}/${version}`;
const pathOf = (lwsName: string) => `/apis/${groupVersion}/namespaces/${ns}/${leaderWorkerSet.plural}/${lwsName}`;
const bindingOf = (lwsName: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${lwsName}-leaderworkerset`;
const path = pathOf(name);
const bindingPath = bindingOf(name);
const image = 'vllm/vllm-openai:v0.8.5';
/** The workers read their environment from this ConfigMap: a dependency (InterpretDependency). */
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'vllm-env', namespace: ns }, data: { VLLM_LOGGING_LEVEL: 'INFO' } };
const configMapPath = `/api/v1/namespaces/${ns}/configmaps/${configMap.metadata.name}`;
/** What our InterpretStatus reflects of a member's status (lib/kinds/leaderworkerset), beside the generations. */
const reflectedFields = ['replicas', 'readyReplicas', 'updatedReplicas', 'hpaPodSelector', 'observedGeneration', 'conditions'];

/** 3 groups of 4 pods: a leader asking 2 CPUs and 4Gi, 3 workers asking 1 CPU and 2Gi each. */
const lwsObject = (lwsName: string): KubeObject => ({
  apiVersion: groupVersion, kind: leaderWorkerSet.kind, metadata: { name: lwsName, namespace: ns },
  spec: {
    replicas: 3,
    leaderWorkerTemplate: {
      size: 4,
      leaderTemplate: { spec: { containers: [{ name: 'leader', image, resources: { requests: { cpu: '2', memory: '4Gi' } } }] } },
      workerTemplate: { spec: { containers: [{ name: 'worker', image, resources: { requests: { cpu: '1', memory: '2Gi' } }, envFrom: [{ configMapRef: { name: configMap.metadata.name } }] }] } },
    },
  },
} as KubeObject);

/** InterpretReplica: 3 groups, each the leader plus 3 workers: 2 + 3 x 1 = 5 CPUs, 4Gi + 3 x 2Gi = 10Gi. */
const expectedReplica = { replicas: 3, resourceRequest: { cpu: '5', memory: '10Gi' } };
/** InterpretComponent: leader 3 pods, worker 3 x 3 = 9 pods, each with its own template's per-pod request. */
const expectedComponents = [
  { name: 'leader', replicas: 3, resourceRequest: { cpu: '2', memory: '4Gi' } },
  { name: 'worker', replicas: 9, resourceRequest: { cpu: '1', memory: '2Gi' } },
];

const divided = (clusters: [string, string]): KubeObject => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
  spec: {
    propagateDeps: true,
    resourceSelectors: [{ apiVersion: groupVersion, kind: leaderWorkerSet.kind, name }],
    placement: {
      clusterAffinity: { clusterNames: clusters },
      replicaScheduling: {
        replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted',
        weightPreference: { staticWeightList: [{ targetCluster: { clusterNames: [clusters[0]] }, weight: 2 }, { targetCluster: { clusterNames: [clusters[1]] }, weight: 1 }] },
      },
    },
  },
} as KubeObject);

const wholePolicy = (clusters: [string, string]): KubeObject => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: whole, namespace: ns },
  spec: {
    resourceSelectors: [{ apiVersion: groupVersion, kind: leaderWorkerSet.kind, name: whole }],
    placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } },
  },
} as KubeObject);

// ---- member statuses in the LWS controller's shape ----

const selector = `leaderworkerset.sigs.k8s.io/name=${name},leaderworkerset.sigs.k8s.io/worker-index=0`;
const transition = '2026-01-01T00:00:00Z';
const condition = (type: string, value: boolean, reason: string, message: string, generation: number) =>
  ({ type, status: value ? 'True' : 'False', reason, message, lastTransitionTime: transition, observedGeneration: generation });

/** updateStatus + updateConditions for `groups` groups of which `ready` are ready (all updated). */
function lwsStatus(groups: number, ready: number, generation: number): Record<string, unknown> {
  const available = ready === groups;
  return {
    replicas: groups, readyReplicas: ready, updatedReplicas: groups, hpaPodSelector: selector, observedGeneration: generation,
    conditions: available
      ? [condition('Available', true, 'AllGroupsReady', 'All replicas are ready', generation)]
      : [condition('Progressing', true, 'GroupsProgressing', 'Replicas are progressing', generation)],
  };
}

async function writeStatus(context: Context, member: string, groups: number, ready: number): Promise<void> {
  const object = await memberKube(context, member).get(path);
  await memberKube(context, member).mergePatch(`${path}/status`, { status: lwsStatus(groups, ready, object.metadata!.generation!) });
}

export const lwsScenario: Scenario = {
  name: `LWS's LeaderWorkerSet (LWS's CRD, ${leaderWorkerSet.publishedCrd.source}): groups Divided over a push and a pull member and revised per member, status aggregated, health; with InterpretComponent claimed, leader and worker components`,
  checks: 8,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const interpreter = context.protectedInterpreter;
    await installProjectCrd(context, leaderWorkerSet, version, 'LWS');
    await ensureNamespace(context, ns);
    try {
      await dividedGroups(context, check, [push, pull]);
      await claimedComponents(context, check, interpreter, [push, pull]);
    } finally {
      for (const lwsName of [name, whole]) {
        await env.kube.delete(pathOf(lwsName));
        await env.kube.delete(policyPath(ns, lwsName));
      }
      await env.kube.delete(configMapPath);
      // The default configuration back (no InterpretComponent) for the scenarios after this one.
      const before = callLines(env, interpreter.name).length;
      await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
      await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretReplica');
      await env.kube.delete(workloadPath(ns, probeName));
      await env.kube.delete(policyPath(ns, probeName));
    }
  },
};

async function dividedGroups(context: Context, check: CheckFn, members: [string, string]): Promise<void> {
  const { env } = context;
  const [first, second] = members;
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [configMap, lwsObject(name), divided(members)].map((object) => stringify(object)).join('---\n'));

  await check(`InterpretReplica: the LeaderWorkerSet's binding has spec.replicas ${expectedReplica.replicas} (groups) and one whole group's resourceRequest ${show(expectedReplica.resourceRequest)} (a leader and 3 workers)`, () =>
    waitKarmada(context, 'the binding with replicas', bindingPath, (binding) => {
      const replicas = spec(binding).replicas;
      const request = (spec(binding).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
      return replicas === expectedReplica.replicas && deepEqual(request, expectedReplica.resourceRequest) ? `replicas ${show(replicas)}, resourceRequest ${show(request)}` : undefined;
    }));

  await check(`ReviseReplica: Divided 2:1, ${first} gets spec.replicas 2 groups and ${second} 1, each with size 4 unchanged`, async () => {
    const placed = await waitKarmada(context, 'the groups divided', bindingPath, (binding) => {
      const clusters = targetClusters(binding);
      const byName = Object.fromEntries(clusters.map((cluster) => [cluster.name, cluster.replicas]));
      return byName[first] === 2 && byName[second] === 1 ? show(clusters) : undefined;
    });
    const seen: string[] = [];
    for (const [member, groups] of [[first, 2], [second, 1]] as const) {
      seen.push(await waitMember(context, member, `${groups} groups`, path, (object) => {
        const memberSpec = spec(object);
        const size = (memberSpec.leaderWorkerTemplate as { size?: number } | undefined)?.size;
        return memberSpec.replicas === groups && size === 4 ? `${member}: replicas ${groups}, size ${size}` : undefined;
      }));
    }
    return `binding clusters ${placed}; ${seen.join('; ')}`;
  });

  // Karmada has no built-in for LWS: without our hook nothing follows the LeaderWorkerSet.
  await check(`InterpretDependency: the ConfigMap the workers read (envFrom) reaches ${first} and ${second} beside the LeaderWorkerSet (propagateDeps)`, async () => {
    const seen: string[] = [];
    for (const member of members) {
      seen.push(await waitMember(context, member, `ConfigMap ${configMap.metadata.name}`, configMapPath, (object) => (deepEqual(object.data, configMap.data) ? `${member}: present` : undefined)));
    }
    return seen.join(', ');
  });

  // Without a hook Karmada reflects the whole status and says Healthy; a status with fields missing or extra fails.
  await check(`InterpretStatus + InterpretHealth: ${first} (2 of 2 groups ready, Available) is Healthy, ${second} (0 of 1 ready, Progressing) Unhealthy; the binding holds exactly each member's reflected status`, async () => {
    await writeStatus(context, first, 2, 2);
    await writeStatus(context, second, 1, 0);
    return collectedExactly(context, { [first]: 'Healthy', [second]: 'Unhealthy' });
  });

  await check('AggregateStatus: the control-plane LeaderWorkerSet shows replicas 3, readyReplicas 2, updatedReplicas 3, the agreed hpaPodSelector, and one condition per type (Available and Progressing, each naming its member)', () =>
    waitKarmada(context, 'the aggregated status', path, (template) => {
      const aggregate = status(template);
      const types = ((aggregate.conditions ?? []) as { type: string; status: string }[]).map((item) => `${item.type}=${item.status}`).sort();
      const counts = { replicas: aggregate.replicas, readyReplicas: aggregate.readyReplicas, updatedReplicas: aggregate.updatedReplicas };
      return deepEqual(counts, { replicas: 3, readyReplicas: 2, updatedReplicas: 3 }) && aggregate.hpaPodSelector === selector && deepEqual(types, ['Available=True', 'Progressing=True'])
        ? `${show(counts)}, hpaPodSelector ${show(aggregate.hpaPodSelector)}, conditions ${show(types)}` : undefined;
    }));

  await check(`InterpretHealth: ${second} reports its group ready (Available): both Healthy with exactly their reflected status, the control plane shows 3 ready groups`, async () => {
    await writeStatus(context, second, 1, 1);
    const health = await collectedExactly(context, { [first]: 'Healthy', [second]: 'Healthy' });
    const ready = await waitKarmada(context, '3 ready groups', path, (template) => (status(template).readyReplicas === 3 ? 'readyReplicas 3' : undefined));
    return `${health}; ${ready}`;
  });

  // Without Retain (or one that ignores the label) the member's group count goes back to its share, 2. The step
  // annotation travels in the Work update that Retain answered (checks.ts rule 3).
  await check(`Retain: with Karmada's retain-replicas label, ${first}'s own spec.replicas 5 (an HPA in the member) survives an update from the control plane; ${second} keeps its share 1`, async () => {
    await env.kube.mergePatch(path, { metadata: { labels: { [retainLabel]: 'true' }, annotations: { [stepAnnotation]: 'label' } } });
    for (const member of members) await waitMember(context, member, 'the label applied', path, (object) => (stepOf(object) === 'label' ? true : undefined));
    await memberKube(context, first).mergePatch(path, { spec: { replicas: 5 } });
    await env.kube.mergePatch(path, { metadata: { annotations: { [stepAnnotation]: 'retain' } } });
    const seen: string[] = [];
    for (const [member, groups] of [[first, 5], [second, 1]] as const) {
      seen.push(await waitMember(context, member, 'the update applied (step retain)', path, (object) => {
        if (stepOf(object) !== 'retain') return undefined;
        if (spec(object).replicas !== groups) throw new Error(`${member} has spec.replicas ${show(spec(object).replicas)} after the update, expected ${groups}`);
        return `${member}: spec.replicas ${groups}`;
      }));
    }
    return seen.join(', ');
  });
}

const retainLabel = 'resourcetemplate.karmada.io/retain-replicas';

/** Each member's reflected status exactly (its fields the kind reflects, its generations) and its health, in the binding. */
async function collectedExactly(context: Context, health: Record<string, 'Healthy' | 'Unhealthy'>): Promise<string> {
  const members = Object.keys(health);
  let last = '';
  try {
    return await waitKarmada(context, `the binding's aggregatedStatus with ${show(health)}`, bindingPath, async (binding) => {
      const items = aggregated(binding);
      const seen: string[] = [];
      for (const member of members) {
        const expected = reflectedStatusOf(await memberKube(context, member).get(path), reflectedFields);
        const item = items.find((candidate) => candidate.clusterName === member);
        last = `${member}: expected ${show(expected)} ${health[member]!}, binding ${show(item ?? null)}`;
        const found = expectCollected(item, expected, health[member]!);
        if (found === undefined) return undefined;
        seen.push(`${member} ${found}`);
      }
      return seen.join('; ');
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; last seen ${last}`);
  }
}

async function claimedComponents(context: Context, check: CheckFn, interpreter: Interpreter, members: [string, string]): Promise<void> {
  const { env } = context;
  const before = callLines(env, interpreter.name).length;
  await applyWebhookConfig(env, interpreter, { mode: 'per-operation', includeOperations: ['InterpretComponent'] });
  await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretComponent');
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [lwsObject(whole), wholePolicy(members)].map((object) => stringify(object)).join('---\n'));

  await check(`InterpretComponent (claimed): ${whole}'s binding has exactly our components, leader 3 and worker 9, each with its own template's resourceRequest, and no spec.replicas (Karmada schedules it whole)`, () =>
    waitKarmada(context, 'the binding with components', bindingOf(whole), (binding) => {
      const list = (spec(binding).components ?? []) as { name: string; replicas: number; replicaRequirements?: { resourceRequest?: unknown } }[];
      const compared = list.map(({ name: componentName, replicas, replicaRequirements }) => ({ name: componentName, replicas, resourceRequest: replicaRequirements?.resourceRequest }));
      return deepEqual(compared, expectedComponents) ? `components ${show(compared)}, spec.replicas ${show(spec(binding).replicas ?? null)}` : undefined;
    }));
}
