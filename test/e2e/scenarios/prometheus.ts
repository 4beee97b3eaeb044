// Prometheus Operator's Prometheus (lib/kinds/prometheus) through real Karmada: the operator's own CRD
// (KindIdentity.publishedCrd, prometheus-operator v0.85.0: v1) on the control plane and every member. A Prometheus of
// 2 replicas × 2 shards asking for resources, Divided 3:1 over a push and a pull member with propagateDeps, the two
// Secrets it names (`secrets[]`, `additionalScrapeConfigs`) following it; a second one Duplicated to both. The members
// run no operator: one member's status is written through the status subresource in the operator's shape
// (pkg/prometheus/operator.go StatusReporter.Process).
//
// Karmada v1.18.2 has no built-in for monitoring.coreos.com: without our hook the binding has no replicas and no
// requirements, the members keep spec.replicas 2, no Secret follows, every member is Healthy and nothing is summed.
// The last check removes our configuration and shows each expectation of the others rejecting what Karmada then does.
//
// Retain is claimed but changes nothing for these objects: it keeps a member's spec.shards and spec.replicas only under
// Karmada's retain-replicas label, which they do not carry, and the operator writes nothing else in the spec.
import { stringify } from 'yaml';
import { prometheus } from '../../../lib/kinds/prometheus/identity';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  holdsFor,
  markKarmadaLogs,
  memberKube,
  policyPath,
  show,
  spec,
  status,
  targetClusters,
  waitKarmada,
  waitMember,
  weightedPolicy,
  workloadPath,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, claimedOperations, interpreterConfigPath } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';
import { rejected, untilNoWebhook } from './control';
import { cleanup } from './guide';

const ns = 'e2e-prometheus';
const version = 'v1';
const groupVersion = `${prometheus.group}/${version}`;
const kindKey = `${groupVersion}/${prometheus.kind}`;
const path = (name: string) => `/apis/${groupVersion}/namespaces/${ns}/${prometheus.plural}/${name}`;
const bindingPath = (name: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-prometheus`;
const secretPath = (name: string) => `/api/v1/namespaces/${ns}/secrets/${name}`;
const request = { cpu: '100m', memory: '128Mi' };

/** What lib/kinds/prometheus answers (its README's table, InterpretComponent being opt-in); the webhook configuration must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretReplica', 'InterpretStatus', 'Retain', 'ReviseReplica'];

/** A Prometheus of 2 replicas × 2 shards (4 pods), naming `secrets` as `spec.secrets[0]` and `additionalScrapeConfigs`. */
function prometheusObject(name: string, secrets?: { mounted: string; scrape: string }): KubeObject {
  return {
    apiVersion: groupVersion, kind: prometheus.kind, metadata: { name, namespace: ns },
    spec: {
      replicas: 2, shards: 2, resources: { requests: request },
      ...(secrets === undefined ? {} : { secrets: [secrets.mounted], additionalScrapeConfigs: { name: secrets.scrape, key: 'extra.yaml' } }),
    },
  } as KubeObject;
}

const secretObject = (name: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: ns }, stringData: { 'extra.yaml': '- job_name: e2e\n' } });

const duplicatedPolicy = (name: string, clusters: string[]) => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
  spec: {
    resourceSelectors: [{ apiVersion: groupVersion, kind: prometheus.kind, name }],
    placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
  },
});

// ---- the expectations (each returns what it accepted, or undefined), shared by the checks and the control ----

/** InterpretReplica: replicas × shards pods, each asking for spec.resources' requests. */
function expectBinding(binding: KubeObject, pods: number): string | undefined {
  const requirements = (spec(binding).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
  return spec(binding).replicas === pods && deepEqual(requirements, request) ? `binding spec.replicas ${pods}, resourceRequest ${show(requirements)}` : undefined;
}

/** ReviseReplica: the member's share ÷ the shards, rounded down; the shards kept. */
function expectMember(object: KubeObject, replicas: number): string | undefined {
  return spec(object).replicas === replicas && spec(object).shards === 2 ? `spec.replicas ${replicas}, spec.shards 2` : undefined;
}

/** InterpretHealth: `push` (Available True) Healthy, `pull` (no operator, no status) Unhealthy. */
function expectHealth(binding: KubeObject, health: Record<string, string>): string | undefined {
  const seen = Object.keys(health).map((member) => aggregated(binding).find((item) => item.clusterName === member)?.health);
  return deepEqual(seen, Object.values(health)) ? `health ${show(health)}` : undefined;
}

/** AggregateStatus: the counts summed (the pull member's are 0), the shards the push member reports, Available True. */
function expectAggregated(template: KubeObject): string | undefined {
  const written = status(template);
  const available = ((written.conditions ?? []) as { type?: string; status?: string; message?: string }[]).find((item) => item.type === 'Available');
  const counts = { replicas: written.replicas, availableReplicas: written.availableReplicas, updatedReplicas: written.updatedReplicas, unavailableReplicas: written.unavailableReplicas, shards: written.shards };
  return deepEqual(counts, { replicas: 2, availableReplicas: 2, updatedReplicas: 2, unavailableReplicas: 0, shards: 2 }) && available?.status === 'True'
    ? `control-plane status ${show(counts)}, Available ${show(available)}`
    : undefined;
}

/** The operator's status for a member running 1 replica of each of 2 shards, all available. */
function operatorStatus(): Record<string, unknown> {
  const shard = (shardID: string) => ({ shardID, replicas: 1, updatedReplicas: 1, availableReplicas: 1, unavailableReplicas: 0 });
  return {
    replicas: 2, updatedReplicas: 2, availableReplicas: 2, unavailableReplicas: 0, paused: false, shards: 2,
    selector: 'app.kubernetes.io/instance=main,app.kubernetes.io/managed-by=prometheus-operator,app.kubernetes.io/name=prometheus,operator.prometheus.io/name=main',
    conditions: [
      { type: 'Available', status: 'True', lastTransitionTime: '2026-01-01T10:00:00Z', observedGeneration: 1 },
      { type: 'Reconciled', status: 'True', lastTransitionTime: '2026-01-01T10:00:00Z', observedGeneration: 1 },
    ],
    shardStatuses: [shard('0'), shard('1')],
  };
}

async function onEveryMember(context: Context, members: string[], what: string, objectPath: string, accept: (object: KubeObject) => string | undefined): Promise<string> {
  const seen: string[] = [];
  for (const member of members) seen.push(`${member}: ${await waitMember(context, member, what, objectPath, accept)}`);
  return seen.join(', ');
}

export const prometheusScenario: Scenario = {
  name: `Prometheus Operator's Prometheus (its CRD, ${prometheus.publishedCrd.source}) of 2 replicas × 2 shards Divided 3:1 and Duplicated over a push and a pull member, its Secrets following it`,
  checks: 6,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const members = [push, pull];
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    await installProjectCrd(context, prometheus, version, 'Prometheus Operator');
    await ensureNamespace(context, ns);
    const linesBefore = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');

    await check(`set-up: our webhook configuration claims ${groupVersion} ${prometheus.kind} for exactly ${expectedClaims.join(', ')}`, async () => {
      const claimed = await claimedOperations(env, prometheus, version);
      if (!deepEqual(claimed, expectedClaims)) throw new Error(`the configuration claims ${show(claimed)} for ${kindKey}, expected ${show(expectedClaims)}`);
      return `claimed for ${kindKey}: ${show(claimed)}`;
    });

    const secrets = { mounted: 'prom-extra', scrape: 'prom-scrape' };
    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [
      secretObject(secrets.mounted), secretObject(secrets.scrape),
      prometheusObject('main', secrets), weightedPolicy(ns, 'main', { apiVersion: groupVersion, kind: prometheus.kind }, { [push]: 3, [pull]: 1 }, { propagateDeps: true }),
      prometheusObject('dup'), duplicatedPolicy('dup', members),
    ].map((object) => stringify(object)).join('---\n'));

    await check(`InterpretReplica: main's and dup's bindings have spec.replicas 4 (2 replicas × 2 shards) and resourceRequest ${show(request)}; Divided 3:1 gives ${push} 3 and ${pull} 1`, async () => {
      const main = await waitKarmada(context, 'main\'s binding with 4 replicas divided 3:1', bindingPath('main'), (binding) => {
        const clusters = Object.fromEntries(targetClusters(binding).map((item) => [item.name, item.replicas]));
        const accepted = expectBinding(binding, 4);
        return accepted !== undefined && deepEqual(clusters, { [push]: 3, [pull]: 1 }) ? `${accepted}, clusters ${show(clusters)}` : undefined;
      });
      const dup = await waitKarmada(context, 'dup\'s binding with 4 replicas', bindingPath('dup'), (binding) => expectBinding(binding, 4));
      return `main: ${main}; dup: ${dup}`;
    });

    await check(`ReviseReplica: main's spec.replicas is the share ÷ 2 shards rounded down (${push} 3 → 1, ${pull} 1 → 0); dup comes back unchanged (2) on both`, async () => {
      const main = [await waitMember(context, push, 'main with spec.replicas 1', path('main'), (object) => expectMember(object, 1)),
        await waitMember(context, pull, 'main with spec.replicas 0', path('main'), (object) => expectMember(object, 0))];
      const dup = await onEveryMember(context, members, 'dup with spec.replicas 2', path('dup'), (object) => expectMember(object, 2));
      return `main: ${push} ${main[0]}, ${pull} ${main[1]}; dup: ${dup}`;
    });

    await check(`InterpretDependency with propagateDeps: the Secrets ${secrets.mounted} (spec.secrets) and ${secrets.scrape} (additionalScrapeConfigs) reach ${members.join(' and ')}, each attached to main's binding`, async () => {
      const seen: string[] = [];
      for (const secret of [secrets.mounted, secrets.scrape]) {
        const requiredBy = await waitKarmada(context, `the attached binding ${secret}-secret`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${secret}-secret`, (binding) => {
          const names = ((spec(binding).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
          return deepEqual(names, [`${ns}/main-prometheus`]) ? names : undefined;
        });
        await onEveryMember(context, members, `Secret ${secret}`, secretPath(secret), () => 'present');
        seen.push(`${secret} requiredBy ${show(requiredBy)}`);
      }
      return `on ${members.join(', ')}: ${seen.join(', ')}`;
    });

    await check(`InterpretHealth + AggregateStatus: with the operator's status written on ${push} (Available True, 2 of 2 pods) and none on ${pull}, ${push} is Healthy, ${pull} Unhealthy, and the control plane sums the counts`, async () => {
      await memberKube(context, push).mergePatch(`${path('main')}/status`, { status: operatorStatus() });
      const health = await waitKarmada(context, 'main\'s binding with both members\' health', bindingPath('main'), (binding) => expectHealth(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }));
      const summed = await waitKarmada(context, 'the control-plane Prometheus status aggregated', path('main'), (template) => expectAggregated(template));
      const lines = callLines(env, interpreter.name).slice(logBefore);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
      const operations = new Set(lines.filter((line) => line.kind === kindKey && line.namespace === ns).map((line) => line.operation));
      const missing = ['InterpretReplica', 'ReviseReplica', 'InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'].filter((operation) => !operations.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns} in our log`);
      return `${health}; ${summed}; ${lines.length} calls, none failed; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    // The same objects under other names, with our configuration removed: every expectation above must reject them.
    await check('no webhook: each expectation above rejects what Karmada v1.18.2 does on its own with the same objects', async () => {
      await env.kube.delete(interpreterConfigPath);
      const probes = await untilNoWebhook(context, ns);
      const control = { mounted: 'ctl-extra', scrape: 'ctl-scrape' };
      await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [
        secretObject(control.mounted), secretObject(control.scrape),
        prometheusObject('ctl', control), weightedPolicy(ns, 'ctl', { apiVersion: groupVersion, kind: prometheus.kind }, { [push]: 3, [pull]: 1 }, { propagateDeps: true }),
        prometheusObject('ctl-dup'), duplicatedPolicy('ctl-dup', members),
      ].map((object) => stringify(object)).join('---\n'));
      const seen = [probes];
      for (const name of ['ctl', 'ctl-dup']) {
        const binding = await waitKarmada(context, `${name}'s binding scheduled`, bindingPath(name), (found) => (targetClusters(found).length > 0 ? found : undefined));
        seen.push(rejected(`${name} expectBinding(4)`, expectBinding(binding, 4), `${name} binding spec.replicas ${show(spec(binding).replicas ?? null)}, replicaRequirements ${show(spec(binding).replicaRequirements ?? null)}`));
      }
      for (const [member, replicas] of [[push, 1], [pull, 0]] as const) {
        const object = await waitMember(context, member, 'ctl', path('ctl'), (found) => found);
        seen.push(rejected(`${member} expectMember(${replicas})`, expectMember(object, replicas), `${member} ctl spec.replicas ${show(spec(object).replicas)}`));
      }
      await memberKube(context, push).mergePatch(`${path('ctl')}/status`, { status: operatorStatus() });
      const binding = await waitKarmada(context, 'ctl\'s health from both members', bindingPath('ctl'), (found) =>
        members.every((member) => aggregated(found).some((item) => item.clusterName === member && item.health !== undefined && item.health !== 'Unknown')) ? found : undefined);
      seen.push(rejected('expectHealth', expectHealth(binding, { [push]: 'Healthy', [pull]: 'Unhealthy' }), `health ${show(aggregated(binding).map((item) => [item.clusterName, item.health]))}`));
      // Karmada reflects the member's status whole; what it never does is sum it on the control plane or carry the Secrets.
      const held = await holdsFor('no Secret on the members and no aggregated control-plane status', 15_000, async () => {
        for (const member of members) {
          for (const secret of [control.mounted, control.scrape]) if ((await memberKube(context, member).find(secretPath(secret))) !== undefined) return undefined;
        }
        return expectAggregated(await env.kube.get(path('ctl'))) === undefined ? `Secrets on neither member, control-plane status ${show(status(await env.kube.get(path('ctl'))))}` : undefined;
      });
      seen.push(`${held} (rejected by the InterpretDependency check and expectAggregated)`);
      return seen.join('; ');
    });

    for (const name of ['main', 'dup', 'ctl', 'ctl-dup']) {
      await env.kube.delete(path(name));
      await env.kube.delete(policyPath(ns, name));
    }
    for (const secret of ['prom-extra', 'prom-scrape', 'ctl-extra', 'ctl-scrape']) await env.kube.delete(secretPath(secret));
    await env.kube.delete(workloadPath(ns, probeName));
    await env.kube.delete(policyPath(ns, probeName));
    await cleanup(context, ns, Array.from({ length: 10 }, (_, index) => `probe-${index}`));
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
  },
};
