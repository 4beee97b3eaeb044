// OpenKruise's CloneSet (lib/kinds/cloneset) through real Karmada: OpenKruise's own CRD (KindIdentity.publishedCrd,
// v1.8.2: v1alpha1) on the control plane and every member, a CloneSet with a partition divided 3 + 2 over a push
// (member1) and a pull (member4) member. The members run no OpenKruise controller: their status is written through
// the status subresource in the shape OpenKruise's calculateStatus writes (apis/apps/v1alpha1/cloneset_types.go).
//
// Karmada ships a built-in interpreter for CloneSet v1alpha1 (its third-party Lua catalogue), which answers whenever
// our webhook does not claim an operation. So beside rule 1's "no hook" defaults, every check here rules out the Lua's
// answer too, through a departure listed in lib/kinds/cloneset/README.md (health with a partition or while paused,
// updatedAvailableReplicas, revisions the members disagree on, spec.replicas absent, the generations reflected without
// a status), or, where the Lua would give the same number, through our log's calls naming the CloneSet.
import { stringify } from 'yaml';
import { cloneSet } from '../../../lib/kinds/cloneset/identity';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  markKarmadaLogs,
  memberKube,
  pausedController,
  reactionTimeoutMs,
  policyPath,
  show,
  spec,
  status,
  stepAnnotation,
  stepOf,
  targetClusters,
  manifestStatusOf,
  reflectedStatusOf,
  waitKarmada,
  waitMember,
  weightedPolicy,
  workloadPath,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, type CallLine } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-cloneset';
const version = 'v1alpha1';
const api = `/apis/${cloneSet.group}/${version}`;
const kindKey = `${cloneSet.group}/${version}/${cloneSet.kind}`;
const path = (name: string) => `${api}/namespaces/${ns}/${cloneSet.plural}/${name}`;
const bindingPath = (name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-cloneset`;
const request = { cpu: '100m', memory: '128Mi' };
const containers = (tag: string) => [{ name: 'web', image: `nginx:${tag}`, resources: { requests: request } }];
/** web's pods mount this ConfigMap: a dependency (InterpretDependency). */
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-conf', namespace: ns }, data: { 'nginx.conf': 'worker_processes 1;' } };
const configMapPath = `/api/v1/namespaces/${ns}/configmaps/${configMap.metadata.name}`;

/** A CloneSet keeping one pod on the old revision (partition 1); `replicas` undefined leaves spec.replicas out. */
function cloneSetObject(name: string, replicas: number | undefined): KubeObject {
  return {
    apiVersion: `${cloneSet.group}/${version}`, kind: cloneSet.kind, metadata: { name, namespace: ns },
    spec: {
      ...(replicas === undefined ? {} : { replicas }),
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: containers('1.27'), ...(name === 'web' ? { volumes: [{ name: 'conf', configMap: { name: configMap.metadata.name } }] } : {}) } },
      updateStrategy: { type: 'ReCreate', partition: 1 },
    },
  } as KubeObject;
}

// ---- member status in OpenKruise's shape ----

const revision = { old: 'web-5f6b8c9d7', new: 'web-7d9c4f6b8', paused: 'web-8e1a2b3c4', member4Old: 'web-6a7b8c9d0' };

/** OpenKruise's CloneSet status (calculateStatus), without observedGeneration (written by `writeStatus`). */
function controllerStatus(replicas: number, updated: number, currentRevision: string, updateRevision = revision.new): Record<string, unknown> {
  return {
    replicas, readyReplicas: replicas, availableReplicas: replicas,
    updatedReplicas: updated, updatedReadyReplicas: updated, updatedAvailableReplicas: updated,
    expectedUpdatedReplicas: Math.max(replicas - 1, 0),
    updateRevision, currentRevision, labelSelector: 'app=web', collisionCount: 0,
  };
}

/** The fields our InterpretStatus reflects (lib/kinds/cloneset/README.md): not collisionCount, not conditions. */
const reflectedFields = ['replicas', 'readyReplicas', 'availableReplicas', 'updatedReplicas', 'updatedReadyReplicas', 'updatedAvailableReplicas',
  'expectedUpdatedReplicas', 'updateRevision', 'currentRevision', 'labelSelector', 'observedGeneration'];

/** The status fields OpenKruise's CloneSet CRD requires, as our InterpretStatus reflects a member without a status. */
const requiredCountsAtZero = { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 };

/** Writes `body` as the member's status with observedGeneration = its current generation, as OpenKruise would. */
async function writeStatus(context: Context, member: string, name: string, body: Record<string, unknown>): Promise<void> {
  const object = await memberKube(context, member).get(path(name));
  await memberKube(context, member).mergePatch(`${path(name)}/status`, { status: { ...body, observedGeneration: object.metadata?.generation } });
}

/** Whole-value comparison of a collected item against the member object as it stands now (rule 2). */
async function collectedAsExpected(context: Context, member: string, name: string, item: { status?: unknown; health?: string } | undefined, health: string): Promise<string | undefined> {
  if (item === undefined) return undefined;
  const object = await memberKube(context, member).get(path(name));
  // With no controller status yet, the counts OpenKruise's CRD requires of every status, at 0 (the admission oracle).
  const expected = Object.keys(status(object)).length === 0 ? { ...requiredCountsAtZero, ...reflectedStatusOf(object, []) } : reflectedStatusOf(object, reflectedFields);
  return item.health === health && deepEqual(item.status, expected) ? `${member} ${health} ${show(item.status)}` : undefined;
}

/** Our log's calls for the CloneSet `name`, per operation. */
function callsFor(lines: CallLine[], name: string): Map<string, CallLine[]> {
  const byOperation = new Map<string, CallLine[]>();
  for (const line of lines) {
    if (line.kind !== kindKey || line.namespace !== ns || line.name !== name || line.operation === undefined) continue;
    byOperation.set(line.operation, [...(byOperation.get(line.operation) ?? []), line]);
  }
  return byOperation;
}
const counts = (calls: Map<string, CallLine[]>) => show(Object.fromEntries([...calls].map(([operation, lines]) => [operation, lines.length])));

export const cloneSetScenario: Scenario = {
  name: `OpenKruise's CloneSet (OpenKruise's CRD, ${cloneSet.publishedCrd.source}), divided over a push and a pull member, against Karmada's built-in Lua`,
  checks: 8,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const members = [push, pull];
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    // Set-up, not a check: OpenKruise's CRD on the control plane and every member, our configuration in use (rule 8).
    await installProjectCrd(context, cloneSet, version, 'OpenKruise');
    await ensureNamespace(context, ns);
    const linesBefore = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');
    const weights = { [push]: 3, [pull]: 2 };
    const selector = { apiVersion: `${cloneSet.group}/${version}`, kind: cloneSet.kind };
    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'],
      [configMap, cloneSetObject('web', 5), weightedPolicy(ns, 'web', selector, weights, { propagateDeps: true }), cloneSetObject('solo', undefined), weightedPolicy(ns, 'solo', selector, weights)]
        .map((object) => stringify(object)).join('---\n'));

    // Karmada's Lua gives the same numbers here (spec.replicas, kube.accuratePodRequirements, obj.spec.replicas = n);
    // without any hook Karmada makes no replicas and sends 5 to both. That the numbers are ours: our log holds the
    // InterpretReplica and ReviseReplica calls for this CloneSet (a claimed operation never reaches the Lua).
    await check(`InterpretReplica + ReviseReplica: web's binding has replicas 5 and exactly the template's resourceRequest, Divided 3:2 puts spec.replicas 3 on ${push} and 2 on ${pull}, and our log holds the calls for web`, async () => {
      const binding = await waitKarmada(context, 'the binding with replicas 5 and requirements', bindingPath('web'), (found) => {
        const requirements = (spec(found).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
        return spec(found).replicas === 5 && deepEqual(requirements, request) ? `binding replicas 5, resourceRequest ${show(requirements)}` : undefined;
      });
      const seen: string[] = [];
      for (const [member, replicas] of [[push, 3], [pull, 2]] as const) {
        seen.push(await waitMember(context, member, `the CloneSet with spec.replicas ${replicas}`, path('web'), (object) =>
          spec(object).replicas === replicas ? `${member}: spec.replicas ${replicas}` : undefined));
      }
      const clusters = [...targetClusters(await env.kube.get(bindingPath('web')))].sort((a, b) => a.name.localeCompare(b.name));
      if (!deepEqual(clusters, [{ name: push, replicas: 3 }, { name: pull, replicas: 2 }].sort((a, b) => a.name.localeCompare(b.name)))) throw new Error(`binding clusters ${show(clusters)}`);
      const calls = callsFor(callLines(env, interpreter.name).slice(logBefore), 'web');
      if ((calls.get('InterpretReplica') ?? []).length === 0 || (calls.get('ReviseReplica') ?? []).length < 2) throw new Error(`our log's calls for web: ${counts(calls)}`);
      return `${binding}; ${seen.join(', ')}; binding clusters ${show(clusters)}; our calls for web so far ${counts(calls)}`;
    });

    // Departure: spec.replicas absent. OpenKruise's defaulting webhook (not running here) would set 1 and its controller
    // runs one pod; Karmada's Lua returns nil (no replicas to divide), and without a hook there are none either.
    await check('InterpretReplica without spec.replicas: solo\'s binding has replicas 1 (Karmada\'s Lua gives none) and the one member it lands on gets spec.replicas 1', async () => {
      const binding = await waitKarmada(context, 'the binding of solo with replicas 1 placed', bindingPath('solo'), (found) => {
        const requirements = (spec(found).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
        const placed = targetClusters(found).filter((cluster) => (cluster.replicas ?? 0) > 0);
        return spec(found).replicas === 1 && deepEqual(requirements, request) && placed.length === 1 ? { placed: placed[0]!, requirements } : undefined;
      });
      const onMember = await waitMember(context, binding.placed.name, 'solo with spec.replicas 1', path('solo'), (object) => (spec(object).replicas === 1 ? 'spec.replicas 1' : undefined));
      return `binding replicas 1, resourceRequest ${show(binding.requirements)}, placed ${show(binding.placed)}; ${binding.placed.name}: ${onMember}`;
    });

    // Karmada's Lua finds the same ConfigMap (kube.getPodDependencies); without any hook it stays on the control plane.
    // That the answer is ours: our log's InterpretDependency calls for web.
    await check(`InterpretDependency: the ConfigMap web's pods mount reaches ${push} and ${pull} (propagateDeps), and our log holds the calls for web`, async () => {
      const seen: string[] = [];
      for (const member of members) {
        seen.push(await waitMember(context, member, `ConfigMap ${configMap.metadata.name}`, configMapPath, (object) => (deepEqual(object.data, configMap.data) ? `${member}: present` : undefined)));
      }
      const calls = callsFor(callLines(env, interpreter.name).slice(logBefore), 'web');
      if ((calls.get('InterpretDependency') ?? []).length === 0) throw new Error(`no InterpretDependency call for web in our log (${counts(calls)})`);
      return `${seen.join(', ')}; our calls for web so far ${counts(calls)}`;
    });

    // Departure: no status. Karmada's Lua reflects {} and its health script fails on the missing status; without any
    // hook Karmada says Healthy with no status. Ours: Unhealthy (no controller runs it), reflecting the five counts the
    // CRD requires of every status at 0, and the two generations.
    await check('InterpretStatus + InterpretHealth with no controller status: both members Unhealthy with status exactly the five required counts at 0 and {generation, resourceTemplateGeneration}', () =>
      waitKarmada(context, 'both members Unhealthy with the required counts at 0 and the generations', bindingPath('web'), async (binding) => {
        const seen = await Promise.all(members.map((member) => collectedAsExpected(context, member, 'web', aggregated(binding).find((item) => item.clusterName === member), 'Unhealthy')));
        return seen.every((item) => item !== undefined) ? seen.join('; ') : undefined;
      }));

    // Departure: health with a partition. Partition 1 keeps one pod per member on the old revision on purpose; the Lua
    // says Unhealthy until updatedReplicas reaches spec.replicas, and it does not reflect updatedAvailableReplicas;
    // without a hook the whole status comes back (collisionCount too).
    await check(`InterpretStatus + InterpretHealth with partition 1: ${push} (2 of 3 updated) and ${pull} (1 of 2 updated) are Healthy, each with exactly the reflected fields`, async () => {
      await writeStatus(context, push, 'web', controllerStatus(3, 2, revision.old));
      await writeStatus(context, pull, 'web', controllerStatus(2, 1, revision.member4Old));
      return waitKarmada(context, 'both members Healthy with the reflected fields', bindingPath('web'), async (binding) => {
        const seen = await Promise.all(members.map((member) => collectedAsExpected(context, member, 'web', aggregated(binding).find((item) => item.clusterName === member), 'Healthy')));
        return seen.every((item) => item !== undefined) ? seen.join('; ') : undefined;
      });
    });

    // Departures: updatedAvailableReplicas summed (the Lua drops it), currentRevision '' because the members disagree
    // (the Lua keeps the last member's). Without AggregateStatus the control-plane status stays empty.
    await check('AggregateStatus: the control-plane CloneSet status is exactly the sums with updatedAvailableReplicas 3, the agreed updateRevision, currentRevision \'\' (the members disagree) and observedGeneration', async () => {
      const template = await env.kube.get(path('web'));
      const expected = {
        replicas: 5, readyReplicas: 5, availableReplicas: 5, updatedReplicas: 3, updatedReadyReplicas: 3, updatedAvailableReplicas: 3,
        expectedUpdatedReplicas: 3, updateRevision: revision.new, currentRevision: '', labelSelector: 'app=web',
        observedGeneration: template.metadata?.generation,
      };
      return waitKarmada(context, 'the aggregated control-plane status', path('web'), (object) => (deepEqual(status(object), expected) ? show(status(object)) : undefined));
    });

    // Departure: health while paused. Pull mode by construction (rule 5): with the controller-manager stopped, only
    // karmada-agent can fill the Work's status for the pull member. The Lua says Unhealthy (0 of 2 updated); without
    // a hook the whole status (collisionCount) comes back.
    await check(`with karmada-controller-manager stopped, karmada-agent on ${pull} reflects a paused CloneSet holding a new image back (0 of 2 updated) as Healthy, with exactly the reflected fields`, async () => {
      await env.kube.mergePatch(path('web'), {
        metadata: { annotations: { [stepAnnotation]: 'paused-1.28' } },
        spec: { template: { spec: { containers: containers('1.28') } }, updateStrategy: { paused: true } },
      });
      await waitMember(context, pull, 'the paused CloneSet (step paused-1.28)', path('web'), (object) => {
        if (stepOf(object) !== 'paused-1.28') return undefined;
        if ((spec(object).updateStrategy as { paused?: unknown } | undefined)?.paused !== true) throw new Error(`on ${pull} without paused: ${show(spec(object))}`);
        return true;
      });
      return pausedController(context, async () => {
        await writeStatus(context, pull, 'web', controllerStatus(2, 0, revision.member4Old, revision.paused));
        return waitFor(`the Work status for ${pull}`, async () => collectedAsExpected(context, pull, 'web', await manifestStatusOf(context, pull, { kind: cloneSet.kind, namespace: ns, name: 'web' }), 'Healthy'),
          { timeoutMs: reactionTimeoutMs, component: env.supervisor.get(`karmada-agent-${pull}`) });
      });
    });

    await check('our log holds InterpretReplica, ReviseReplica, InterpretDependency, InterpretStatus, InterpretHealth and AggregateStatus calls for web, every call of the scenario succeeded, and Karmada logged no failed call', async () => {
      const lines = callLines(env, interpreter.name).slice(logBefore);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
      const calls = callsFor(lines, 'web');
      const missing = ['InterpretReplica', 'ReviseReplica', 'InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'].filter((operation) => !calls.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for web in our log (${counts(calls)})`);
      return `${lines.length} calls, all successful; for web ${counts(calls)}; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    for (const name of ['web', 'solo']) {
      await env.kube.delete(path(name));
      await env.kube.delete(policyPath(ns, name));
    }
    await env.kube.delete(configMapPath);
    await env.kube.delete(workloadPath(ns, probeName));
    await env.kube.delete(policyPath(ns, probeName));
  },
};
