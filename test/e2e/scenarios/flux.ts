// Flux's HelmRelease v2 (lib/kinds/helmrelease) through real Karmada: helm-controller's own CRD (KindIdentity.publishedCrd,
// v1.4.3: v2 stored, v2beta2 served) on the control plane and every member, one release Duplicated over a push
// (member1) and a pull (member4) member with propagateDeps. The members run no helm-controller: their status is written
// through the status subresource in the shape helm-controller v1.4.3 writes (api/v2/helmrelease_types.go, metav1
// conditions Ready and Released).
//
// Karmada v1.18.2's third-party catalogue interprets HelmRelease v2beta1 only (the set-up check reads its folder), so
// for v2 the built-in is Karmada's "no hook" default of rule 1: every member Healthy, the member's whole status
// reflected, the control-plane status left alone, member-side fields overwritten, no dependencies. Every check waits for
// a value that default cannot give. The v2beta1 Lua would not pass either, were it asked: it calls a release healthy
// only with reason ReconciliationSucceeded, which helm-controller v1.x never writes (lib/kinds/helmrelease/README.md).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { helmRelease } from '../../../lib/kinds/helmrelease/identity';
import { goModuleDir } from '../../support/upstream';
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
  reflectedStatusOf,
  show,
  spec,
  status,
  stepAnnotation,
  stepOf,
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

const ns = 'e2e-flux';
const name = 'podinfo';
const version = 'v2';
const groupVersion = `${helmRelease.group}/${version}`;
const kindKey = `${groupVersion}/${helmRelease.kind}`;
const crdName = `${helmRelease.plural}.${helmRelease.group}`;
const path = `/apis/${groupVersion}/namespaces/${ns}/${helmRelease.plural}/${name}`;
const bindingPath = `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-helmrelease`;

/** What lib/kinds/helmrelease answers (its README's table); the webhook configuration must claim exactly these. */
const expectedClaims = ['AggregateStatus', 'InterpretDependency', 'InterpretHealth', 'InterpretStatus', 'Retain'];

/**
 * The release's references our InterpretDependency returns: valuesFrom (a ConfigMap and a Secret), kubeConfig.secretRef,
 * serviceAccountName and chart.spec.verify.secretRef (the HelmChart's namespace, the release's here). Not the chart's
 * sourceRef (a HelmRepository): neither Karmada's catalogue nor ours returns it (README "Not returned").
 */
const dependencies: KubeObject[] = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'podinfo-values', namespace: ns }, data: { 'values.yaml': 'replicaCount: 2\n' } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'podinfo-secret-values', namespace: ns }, type: 'Opaque', stringData: { 'values.yaml': 'password: e2e\n' } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'podinfo-kubeconfig', namespace: ns }, type: 'Opaque', stringData: { value: 'apiVersion: v1\nkind: Config\n' } },
  { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'podinfo-deployer', namespace: ns } },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'podinfo-cosign', namespace: ns }, type: 'Opaque', stringData: { 'cosign.pub': 'e2e' } },
] as KubeObject[];
const dependencyPath = (object: KubeObject) =>
  `/api/v1/namespaces/${ns}/${object.kind === 'ServiceAccount' ? 'serviceaccounts' : `${String(object.kind).toLowerCase()}s`}/${object.metadata!.name!}`;

const release = (values: Record<string, unknown>, step: string): KubeObject => ({
  apiVersion: groupVersion, kind: helmRelease.kind,
  metadata: { name, namespace: ns, annotations: { [stepAnnotation]: step } },
  spec: {
    interval: '10m',
    serviceAccountName: 'podinfo-deployer',
    kubeConfig: { secretRef: { name: 'podinfo-kubeconfig' } },
    chart: { spec: { chart: 'podinfo', version: '6.7.1', sourceRef: { kind: 'HelmRepository', name: 'podinfo' }, verify: { provider: 'cosign', secretRef: { name: 'podinfo-cosign' } } } },
    valuesFrom: [{ kind: 'ConfigMap', name: 'podinfo-values' }, { kind: 'Secret', name: 'podinfo-secret-values' }],
    values,
  },
} as KubeObject);

/** Duplicated to `clusters`, dependencies propagated with the release. */
const policy = (clusters: string[]) => ({
  apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
  spec: {
    propagateDeps: true,
    resourceSelectors: [{ apiVersion: groupVersion, kind: helmRelease.kind, name }],
    placement: { clusterAffinity: { clusterNames: clusters }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
  },
});

// ---- member status in helm-controller's shape ----

const transition = '2026-01-01T00:00:00Z';
type Action = 'InstallFailed' | 'InstallSucceeded' | 'UpgradeSucceeded';
const condition = (type: 'Ready' | 'Released', reason: Action, observedGeneration: number) => ({
  type, status: reason.endsWith('Succeeded') ? 'True' : 'False', reason, observedGeneration, lastTransitionTime: transition,
  message: reason === 'InstallFailed' ? `Helm install failed for release ${ns}/${name} with chart podinfo@6.7.1: context deadline exceeded`
    : `Helm ${reason === 'InstallSucceeded' ? 'install' : 'upgrade'} succeeded for release ${ns}/${name}.v${reason === 'InstallSucceeded' ? 1 : 2} with chart podinfo@6.7.1`,
});

/**
 * helm-controller's HelmReleaseStatus after `reason`, every field written each time (a merge patch keeps what it does
 * not name). storageNamespace, lastAttemptedReleaseAction and lastAttemptedGeneration are v2 fields our InterpretStatus
 * does not reflect: Karmada's whole-status default would.
 */
function controllerStatus(reason: Action, observedGeneration: number): Record<string, unknown> {
  const failed = reason === 'InstallFailed';
  return {
    observedGeneration,
    conditions: [condition('Ready', reason, observedGeneration), condition('Released', reason, observedGeneration)],
    helmChart: `${ns}/${ns}-${name}`,
    lastAttemptedRevision: '6.7.1',
    lastAttemptedValuesChecksum: 'sha256:2f5d1b7e',
    lastReleaseRevision: failed ? null : reason === 'InstallSucceeded' ? 1 : 2,
    failures: failed ? 1 : 0, installFailures: failed ? 1 : 0, upgradeFailures: 0,
    storageNamespace: ns, lastAttemptedReleaseAction: reason === 'UpgradeSucceeded' ? 'upgrade' : 'install', lastAttemptedGeneration: observedGeneration,
  };
}

/** The fields our InterpretStatus reflects (README: Operations), besides the generations `reflectedStatusOf` adds. */
const reflectedFields = ['conditions', 'observedGeneration', 'lastAttemptedRevision', 'lastAttemptedValuesChecksum', 'helmChart',
  'lastReleaseRevision', 'failures', 'upgradeFailures', 'installFailures'];

/** Writes the member's status as helm-controller would after `reason`, having seen the member's current generation. */
async function writeStatus(context: Context, member: string, reason: Action): Promise<number> {
  const object = await memberKube(context, member).get(path);
  const generation = object.metadata!.generation!;
  await memberKube(context, member).mergePatch(`${path}/status`, { status: controllerStatus(reason, generation) });
  return generation;
}

/** Whole-value comparison of a collected item against what our InterpretStatus gives for the member as it stands now. */
async function collectedAsExpected(context: Context, member: string, item: Collected | undefined, health: string): Promise<string | undefined> {
  if (item === undefined) return undefined;
  const expected = reflectedStatusOf(await memberKube(context, member).get(path), reflectedFields);
  return item.health === health && deepEqual(item.status, expected) ? `${member} ${health} ${show(item.status)}` : undefined;
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
      collectedAsExpected(context, member, await manifestStatusOf(context, member, { kind: helmRelease.kind, namespace: ns, name }), health[member]!)));
    return seen.every((item) => item !== undefined) ? members.map((member) => `${member} ${health[member]!}`).join(', ') : undefined;
  });
  return `binding: ${fromBinding}; Works: ${fromWorks}`;
}

/**
 * What AggregateStatus must write on the control plane, from the members' statuses in the binding's order (README:
 * Operations): conditions alike in type, status and reason merged into the first member's with `cluster=message`
 * joined by ", "; the strings and lastReleaseRevision from the last member reporting one; the counters summed;
 * observedGeneration the template's generation when every member carries it and saw its spec, else `previous`.
 */
function expectedAggregate(binding: KubeObject, template: KubeObject, previous: number): Record<string, unknown> {
  const items = aggregated(binding);
  const merged = new Map<string, Record<string, unknown>>();
  const result: Record<string, unknown> = {};
  let current = true;
  for (const { clusterName, status: reported = {} } of items) {
    for (const item of (reported.conditions ?? []) as Record<string, unknown>[]) {
      const key = `${String(item.type)}/${String(item.status)}/${String(item.reason)}`;
      const known = merged.get(key);
      if (known === undefined) merged.set(key, { ...item, message: `${clusterName}=${String(item.message)}` });
      else known.message = `${String(known.message)}, ${clusterName}=${String(item.message)}`;
    }
    for (const field of ['helmChart', 'lastAttemptedRevision', 'lastAttemptedValuesChecksum', 'lastReleaseRevision']) {
      if (reported[field] !== undefined && reported[field] !== '') result[field] = reported[field];
    }
    for (const field of ['failures', 'installFailures', 'upgradeFailures']) {
      if (typeof reported[field] === 'number') result[field] = ((result[field] as number | undefined) ?? 0) + reported[field];
    }
    current &&= reported.resourceTemplateGeneration === template.metadata?.generation && reported.generation === reported.observedGeneration;
  }
  if (merged.size > 0) result.conditions = [...merged.values()];
  result.observedGeneration = current ? template.metadata?.generation : previous;
  return result;
}

/** The control-plane HelmRelease's whole status equals what the members' current statuses aggregate to. */
function aggregatedOnControlPlane(context: Context, previous: number, accept: (expected: Record<string, unknown>) => boolean): Promise<string> {
  return waitKarmada(context, 'the control-plane HelmRelease status aggregated', path, async (template) => {
    const expected = expectedAggregate(await context.env.kube.get(bindingPath), template, previous);
    return accept(expected) && deepEqual(status(template), expected) ? show(status(template)) : undefined;
  });
}

/** Our log's calls for the release, per operation. */
function callsFor(lines: CallLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== kindKey || line.namespace !== ns || line.name !== name || line.operation === undefined) continue;
    counts.set(line.operation, (counts.get(line.operation) ?? 0) + 1);
  }
  return counts;
}

export const fluxScenario: Scenario = {
  name: `Flux's HelmRelease v2 (helm-controller's CRD, ${helmRelease.publishedCrd.source}) with its dependencies, Duplicated over a push and a pull member; Karmada has no built-in for v2`,
  checks: 7,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const members = [push, pull];
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    await installProjectCrd(context, helmRelease, version, 'helm-controller');
    await ensureNamespace(context, ns);
    const linesBefore = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');

    // Set-up, not an interpreter answer (rule 9): Flux's real CRD served where Karmada and the members read it, our
    // configuration claiming the kind at v2, and Karmada's catalogue holding no customization for v2 (so every later
    // value that differs from rule 1's defaults is ours).
    await check(`set-up: ${crdName} (helm-controller's CRD) Established on karmada-apiserver, ${members.join(', ')}; our webhook configuration claims ${groupVersion} ${helmRelease.kind}; Karmada's catalogue has no ${version}`, async () => {
      const seen: string[] = [];
      for (const { where, kube } of [{ where: 'karmada-apiserver', kube: env.kube }, ...members.map((member) => ({ where: member, kube: memberKube(context, member) }))]) {
        const object = await kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`);
        const established = ((object.status?.conditions ?? []) as { type: string; status: string }[]).find((item) => item.type === 'Established')?.status;
        const served = ((spec(object).versions ?? []) as { name: string; served: boolean; storage: boolean }[]).map((item) => `${item.name}${item.storage ? '*' : ''}`);
        if (established !== 'True' || !served.includes(`${version}*`)) throw new Error(`${where}: Established ${String(established)}, versions ${show(served)}`);
        seen.push(`${where} Established ${show(served)}`);
      }
      const claimed = await claimedOperations(env, helmRelease, version);
      if (!deepEqual(claimed, expectedClaims)) throw new Error(`the configuration claims ${show(claimed)} for ${kindKey}, expected ${show(expectedClaims)}`);
      const catalogue = join(goModuleDir('github.com/karmada-io/karmada', env.binaries.karmadaVersion), 'pkg/resourceinterpreter/default/thirdparty/resourcecustomizations', helmRelease.group);
      const luaVersions = readdirSync(catalogue).sort();
      if (luaVersions.includes(version)) throw new Error(`Karmada ${env.binaries.karmadaVersion}'s catalogue has ${helmRelease.group}/${version}: the checks below would not rule out its Lua`);
      return `${seen.join('; ')} (* storage); claimed for ${kindKey}: ${show(claimed)}; Karmada ${env.binaries.karmadaVersion} catalogue ${helmRelease.group}: ${show(luaVersions)}`;
    });

    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [...dependencies, release({ replicaCount: 1 }, 'create'), policy(members)].map((object) => stringify(object)).join('---\n'));

    // Karmada without a hook (and the v2beta1 Lua is not asked for v2): no dependency propagates. Each object reaches
    // both members with its data, through an attached binding that names the release's binding in requiredBy.
    await check(`InterpretDependency with propagateDeps: the release's valuesFrom ConfigMap and Secret, kubeConfig Secret, ServiceAccount and cosign verify Secret reach ${members.join(' and ')} beside it, each attached to the release's binding`, async () => {
      const placed = await waitKarmada(context, 'the release scheduled to both members', bindingPath, (binding) => {
        const clusters = targetClusters(binding).map((item) => item.name).sort();
        return deepEqual(clusters, [...members].sort()) ? clusters : undefined;
      });
      await waitMember(context, push, 'the HelmRelease', path, (object) => object);
      await waitMember(context, pull, 'the HelmRelease', path, (object) => object);
      const seen: string[] = [];
      for (const dependency of dependencies) {
        const dependencyName = dependency.metadata!.name!;
        const attached = await waitKarmada(context, `the attached binding of ${dependency.kind} ${dependencyName}`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${dependencyName}-${String(dependency.kind).toLowerCase()}`, (binding) => {
          const requiredBy = ((spec(binding).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
          return deepEqual(requiredBy, [`${ns}/${name}-helmrelease`]) ? requiredBy : undefined;
        });
        for (const member of members) {
          await waitMember(context, member, `${dependency.kind} ${dependencyName}`, dependencyPath(dependency), (object) => {
            if (dependency.kind === 'ConfigMap') return deepEqual(object.data, (dependency as { data?: unknown }).data) ? true : undefined;
            if (dependency.kind === 'Secret') {
              const expected = Object.fromEntries(Object.entries((dependency as { stringData: Record<string, string> }).stringData).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
              return deepEqual(object.data, expected) ? true : undefined;
            }
            return true;
          });
        }
        seen.push(`${dependency.kind}/${dependencyName} requiredBy ${show(attached)}`);
      }
      return `release on ${show(placed)}; on both: ${seen.join(', ')}`;
    });

    // Karmada without a hook: Healthy, and the member's status whole ({observedGeneration: -1}, the CRD's default
    // before any reconcile). Ours: Unhealthy (no Ready condition) with the generations added.
    await check('InterpretStatus + InterpretHealth before any reconcile: both members Unhealthy, status exactly {observedGeneration: -1 (the CRD\'s default), generation, resourceTemplateGeneration}, in the binding and in the Works', () =>
      collectedEverywhere(context, { [push]: 'Unhealthy', [pull]: 'Unhealthy' }));

    // Karmada without a hook: both Healthy, each member's whole status (storageNamespace, lastAttemptedReleaseAction,
    // lastAttemptedGeneration included). The v2beta1 Lua would say Unhealthy for InstallSucceeded (not ReconciliationSucceeded).
    await check(`InterpretStatus + InterpretHealth: ${push} InstallFailed is Unhealthy, ${pull} InstallSucceeded is Healthy, each with exactly the reflected fields (not storageNamespace, lastAttemptedReleaseAction, lastAttemptedGeneration)`, async () => {
      await writeStatus(context, push, 'InstallFailed');
      await writeStatus(context, pull, 'InstallSucceeded');
      return collectedEverywhere(context, { [push]: 'Unhealthy', [pull]: 'Healthy' });
    });

    // Karmada without a hook leaves the control-plane status at the CRD's {observedGeneration: -1}.
    await check('AggregateStatus: the control-plane HelmRelease status is exactly the members\' conditions (False and True kept apart, each message prefixed by its cluster), lastReleaseRevision 1, failures and installFailures summed to 1, observedGeneration 1', () =>
      aggregatedOnControlPlane(context, -1, (expected) => expected.observedGeneration === 1 && expected.failures === 1 && expected.lastReleaseRevision === 1 && (expected.conditions as unknown[]).length === 4));

    // Karmada without a hook: the template update overwrites the member's spec, suspend is gone, and both members stay
    // Healthy whatever the generations. The values change and the step annotation travel in one Work update with the
    // Retain call, so seeing the annotation means Retain answered. Then pull's Ready True is for generation 1 and its
    // HelmRelease is at 2: Flux's own dependsOn test (and ours) says not ready; push is suspended and not Ready.
    await check(`Retain: a member-side spec.suspend on ${push} (flux suspend) survives a values update from the control plane, ${pull} gets none; ${pull}'s Ready True for the older generation is then Unhealthy`, async () => {
      await memberKube(context, push).mergePatch(path, { spec: { suspend: true } });
      await env.kube.mergePatch(path, { metadata: { annotations: { [stepAnnotation]: 'values-2' } }, spec: { values: { replicaCount: 2 } } });
      const seen: string[] = [];
      for (const member of members) {
        seen.push(await waitMember(context, member, 'the HelmRelease with replicaCount 2 (step values-2)', path, (object) =>
          stepOf(object) === 'values-2' && deepEqual(spec(object).values, { replicaCount: 2 })
            ? `${member}: generation ${String(object.metadata?.generation)}, suspend ${show(spec(object).suspend ?? null)}` : undefined));
      }
      const suspended = await memberKube(context, push).get(path);
      if (spec(suspended).suspend !== true) throw new Error(`${push} lost spec.suspend: ${show(spec(suspended))}`);
      const other = await memberKube(context, pull).get(path);
      if (spec(other).suspend !== undefined) throw new Error(`${pull} got spec.suspend ${show(spec(other).suspend)} though only ${push} set it`);
      const health = await collectedEverywhere(context, { [push]: 'Unhealthy', [pull]: 'Unhealthy' });
      return `${seen.join(', ')}; ${health}`;
    });

    // Karmada without a hook: no control-plane status change at all. Both now UpgradeSucceeded for their current
    // generation: the conditions alike merge into one each, messages listing both clusters; the counters sum to 0 and
    // observedGeneration follows the template's 2.
    await check(`InterpretHealth + AggregateStatus: both members UpgradeSucceeded for their current generation are Healthy (${push} suspended), and the control plane has one Ready and one Released condition whose messages list both clusters, counters 0, observedGeneration 2`, async () => {
      await writeStatus(context, push, 'UpgradeSucceeded');
      await writeStatus(context, pull, 'UpgradeSucceeded');
      const health = await collectedEverywhere(context, { [push]: 'Healthy', [pull]: 'Healthy' });
      const summary = await aggregatedOnControlPlane(context, 1, (expected) => expected.observedGeneration === 2 && expected.failures === 0 && (expected.conditions as unknown[]).length === 2);
      const calls = callsFor(callLines(env, interpreter.name).slice(logBefore));
      const missing = expectedClaims.filter((operation) => !calls.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns}/${name} in our log (${show(Object.fromEntries(calls))})`);
      const failed = callLines(env, interpreter.name).slice(logBefore).filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
      return `${health}; control plane ${summary}; our calls for ${name} ${show(Object.fromEntries(calls))}, none failed; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    await env.kube.delete(path);
    await env.kube.delete(policyPath(ns, name));
    for (const dependency of dependencies) await env.kube.delete(dependencyPath(dependency));
    await env.kube.delete(workloadPath(ns, probeName));
    await env.kube.delete(policyPath(ns, probeName));
  },
};
