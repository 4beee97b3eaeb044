// Workload v1alpha1 + v1alpha2 on real API servers: the CRD's conversion webhook and our admission rules (the CRD's
// schema and CEL, the policies and webhooks webhook-config prints; issue 16), seen through kubectl on the Karmada API
// server and on a member, then Karmada propagating a v1alpha2 Workload. The admission scenario compares every case
// exactly; these checks assert what every way of admitting gives (refusal, field paths, reasons, warning text).
import { stringify } from 'yaml';
import { aggregated, assertNoKarmadaWebhookFailures, bindingPath, ensureNamespace, expectBindingReplicas, expectCollected, expectSummed, markKarmadaLogs, memberKube, policyPath, readDeploy, spec, stepAnnotation, stepOf, targetClusters, waitKarmada, waitMember, type CheckFn, type Context, type Scenario } from '../lib/checks';
import { kubectl } from '../lib/cluster';
import { applyWebhookConfig, callLines } from '../lib/interpreter';
import { KubeError, type KubeObject } from '../lib/kube';
import { crdName, kubectlResult } from '../lib/reviews';

const group = 'workload.example.io';
const aliasAnnotation = `${group}/alias`;
const v2Path = (namespace: string, name: string) => `/apis/${group}/v1alpha2/namespaces/${namespace}/workloads/${name}`;

const container = (name: string, image?: string, requests = true) => ({
  name,
  ...(image === undefined ? {} : { image }),
  ...(requests ? { resources: { requests: { cpu: '50m', memory: '32Mi' } } } : {}),
});
const template = (...containers: object[]) => ({ metadata: { labels: { app: 'versions' } }, spec: { containers } });

function workload(version: 'v1alpha1' | 'v1alpha2', namespace: string, name: string, body: Record<string, unknown>, annotations?: Record<string, string>): KubeObject {
  return {
    apiVersion: `${group}/${version}`,
    kind: 'Workload',
    metadata: { name, namespace, ...(annotations ? { annotations } : {}) },
    spec: body,
  };
}

/** The API server's refusal message (HTTP 422), or an error when the call succeeded or failed otherwise. */
async function refusal(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof KubeError && error.status === 422) return (JSON.parse(error.body) as { message?: string }).message ?? '';
    throw error;
  }
  throw new Error('the API server accepted it');
}

const annotationsOf = (object: KubeObject) => object.metadata?.annotations ?? {};
const show = (value: unknown) => JSON.stringify(value);

/**
 * The conversion and admission checks in one API server (`where`: a kubectl context). Without our webhooks: the
 * CRD's conversion (strategy Webhook) fails, so no object reads at the other version; nothing defaults spec.replicas
 * or moves spec.paused/alias; an invalid Workload is stored; no warning is printed; spec.alias can change. Each check
 * compares the exact values and messages our webhooks give.
 */
async function reviewChecks(context: Context, check: CheckFn, where: string, namespace: string): Promise<void> {
  const { env } = context;
  const get = async (version: string, name: string) =>
    JSON.parse(await kubectl(env, where, ['-n', namespace, 'get', `workloads.${version}.${group}`, name, '-o', 'json'])) as KubeObject;
  const create = (object: KubeObject) => kubectlResult(env, where, ['create', '-f', '-'], stringify(object));
  const apiServer = where === 'karmada-apiserver' ? env.kube : memberKube(context, where);

  await check(`${where}: a v1alpha1 Workload (spec.paused, alias annotation, no replicas) reads as v1alpha2 with spec.rollout.paused, spec.alias and spec.replicas 1 defaulted, and back as v1alpha1`, async () => {
    const made = await create(workload('v1alpha1', namespace, 'from-v1', { paused: true, template: template(container('app', 'nginx')) }, { [aliasAnnotation]: 'web' }));
    if (made.code !== 0) throw new Error(`kubectl create exited ${made.code}: ${made.stderr.trim()}`);
    const v2 = await get('v1alpha2', 'from-v1');
    const s2 = spec(v2);
    const rollout = s2.rollout as { paused?: unknown } | undefined;
    if (v2.apiVersion !== `${group}/v1alpha2` || rollout?.paused !== true || s2.alias !== 'web' || s2.replicas !== 1 || 'paused' in s2 || aliasAnnotation in annotationsOf(v2)) {
      throw new Error(`as v1alpha2: spec ${show(s2)}, annotations ${show(annotationsOf(v2))}`);
    }
    const v1 = await get('v1alpha1', 'from-v1');
    const s1 = spec(v1);
    if (v1.apiVersion !== `${group}/v1alpha1` || s1.paused !== true || annotationsOf(v1)[aliasAnnotation] !== 'web' || 'rollout' in s1 || 'alias' in s1 || s1.replicas !== 1) {
      throw new Error(`back as v1alpha1: spec ${show(s1)}, annotations ${show(annotationsOf(v1))}`);
    }
    return `as v1alpha2: spec.rollout ${show(rollout)}, spec.alias ${show(s2.alias)}, spec.replicas ${show(s2.replicas)}, annotations ${show(annotationsOf(v2))}; as v1alpha1: spec.paused ${show(s1.paused)}, annotation ${aliasAnnotation}=${annotationsOf(v1)[aliasAnnotation]}`;
  });

  await check(`${where}: a v1alpha2 Workload (spec.alias) reads as v1alpha1 with the alias annotation`, async () => {
    const made = await create(workload('v1alpha2', namespace, 'from-v2', { replicas: 2, alias: 'api', rollout: { paused: false }, template: template(container('app', 'nginx')) }));
    if (made.code !== 0) throw new Error(`kubectl create exited ${made.code}: ${made.stderr.trim()}`);
    const v1 = await get('v1alpha1', 'from-v2');
    const s1 = spec(v1);
    if (annotationsOf(v1)[aliasAnnotation] !== 'api' || 'alias' in s1 || 'rollout' in s1 || s1.paused !== false || s1.replicas !== 2) {
      throw new Error(`as v1alpha1: spec ${show(s1)}, annotations ${show(annotationsOf(v1))}`);
    }
    return `as v1alpha1: annotation ${aliasAnnotation}=${annotationsOf(v1)[aliasAnnotation]}, spec.paused ${show(s1.paused)}, spec.replicas ${show(s1.replicas)}, no spec.alias/rollout`;
  });

  await check(`${where}: kubectl lists both Workloads under each version`, async () => {
    const seen: string[] = [];
    for (const version of ['v1alpha1', 'v1alpha2']) {
      const list = JSON.parse(await kubectl(env, where, ['-n', namespace, 'get', `workloads.${version}.${group}`, '-o', 'json'])) as { items: KubeObject[] };
      const items = list.items.map((item) => `${item.metadata?.name} (${String(item.apiVersion)})`).sort();
      const expected = [`from-v1 (${group}/${version})`, `from-v2 (${group}/${version})`];
      if (show(items) !== show(expected)) throw new Error(`get workloads.${version}: ${items.join(', ')}`);
      seen.push(`${version}: ${items.join(', ')}`);
    }
    return seen.join('; ');
  });

  // Since issue 16 the refusal may come from the CRD's own rules (schema + CEL) or from our /validate webhook, with
  // different wording; what both give is the refusal, the field paths and the reasons. Without our CRD rules or
  // webhooks (a types-only CRD) the object is stored.
  await check(`${where}: an invalid Workload (container without image, duplicate container names) is refused with both field errors, by kubectl and by the API server, and not stored`, async () => {
    const invalid = workload('v1alpha2', namespace, 'invalid', { template: template(container('app'), container('app', 'nginx')) });
    const reasons = [/spec\.template\.spec\.containers\[0\]\.image: Required value/, /spec\.template\.spec\.containers\[1\](\.name)?: Duplicate value/];
    const refused = await create(invalid);
    if (refused.code === 0) throw new Error('kubectl create succeeded');
    if (!refused.stderr.includes('The Workload "invalid" is invalid') || !reasons.every((reason) => reason.test(refused.stderr))) throw new Error(`kubectl said: ${refused.stderr.trim()}`);
    const message = await refusal(() => apiServer.create(`/apis/${group}/v1alpha2/namespaces/${namespace}/workloads`, invalid));
    if (!reasons.every((reason) => reason.test(message))) throw new Error(`the API server said: ${message}`);
    const stored = await kubectlResult(env, where, ['-n', namespace, 'get', `workloads.${group}`, 'invalid']);
    if (stored.code === 0) throw new Error('the invalid Workload was stored');
    return `kubectl exit ${refused.code}: ${refused.stderr.trim().replaceAll('\n', ' ')}; API server (HTTP 422): ${message}`;
  });

  await check(`${where}: a container without requests gets our warning from kubectl create`, async () => {
    const made = await create(workload('v1alpha1', namespace, 'no-requests', { replicas: 1, template: template(container('sidecar', 'busybox', false)) }));
    if (made.code !== 0) throw new Error(`kubectl create exited ${made.code}: ${made.stderr.trim()}`);
    // From our /validate webhook or the ValidatingAdmissionPolicy webhook-config prints (issue 16): the same text.
    const expected = 'Karmada cannot divide replicas by resources for container sidecar: it has no requests';
    if (!made.stderr.includes(expected)) throw new Error(`kubectl stderr: ${made.stderr.trim()}`);
    return `created, kubectl printed: ${made.stderr.trim()}`;
  });

  await check(`${where}: changing spec.alias on update is refused (field is immutable), by kubectl and by the API server`, async () => {
    const patched = await kubectlResult(env, where, ['-n', namespace, 'patch', `workloads.v1alpha2.${group}`, 'from-v2', '--type=merge', '-p', '{"spec":{"alias":"other"}}']);
    // The CRD's CEL transition rule or our /validate webhook (issue 16): either says the field and "field is immutable".
    const error = /spec\.alias: Invalid value: .*field is immutable/;
    if (patched.code === 0) throw new Error('kubectl patch succeeded');
    if (!patched.stderr.includes('The Workload "from-v2" is invalid') || !error.test(patched.stderr)) throw new Error(`kubectl said: ${patched.stderr.trim()}`);
    const message = await refusal(() => apiServer.mergePatch(v2Path(namespace, 'from-v2'), { spec: { alias: 'other' } }));
    if (!error.test(message)) throw new Error(`the API server said: ${message}`);
    const alias = spec(await get('v1alpha2', 'from-v2')).alias;
    if (alias !== 'api') throw new Error(`spec.alias is now ${show(alias)}`);
    return `kubectl exit ${patched.code}: ${patched.stderr.trim()}; API server (HTTP 422): ${message}; spec.alias still "api"`;
  });

  await kubectl(env, where, ['-n', namespace, 'delete', `workloads.${group}`, 'from-v1', 'from-v2', 'no-requests', '--ignore-not-found', '--wait=false']);
}

async function propagationChecks(context: Context, check: CheckFn, namespace: string): Promise<void> {
  const { env } = context;
  const logMark = markKarmadaLogs(context);
  const members = context.pushMembers;
  const [first, second] = members as [string, string, ...string[]];
  const name = 'web-v2';
  const sample = readDeploy('workload-sample.yaml');
  const object = workload('v1alpha2', namespace, name, { ...spec(sample), rollout: { paused: false }, alias: 'web' });
  // The pods mount a ConfigMap: a dependency (InterpretDependency), propagated with propagateDeps.
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-conf`, namespace }, data: { 'nginx.conf': 'worker_processes 1;' } };
  (spec(object).template as { spec: Record<string, unknown> }).spec.volumes = [{ name: 'conf', configMap: { name: configMap.metadata.name } }];
  const policy = readDeploy('propagationpolicy.yaml');
  policy.metadata = { name, namespace };
  (spec(policy).resourceSelectors as Record<string, unknown>[])[0] = { apiVersion: `${group}/v1alpha2`, kind: 'Workload', name };
  spec(policy).propagateDeps = true;
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [configMap, object, policy].map((item) => stringify(item)).join('---\n'));

  // Karmada without a hook: a binding without spec.replicas/resourceRequest, and the template's 3 on every member.
  await check('Karmada propagates a v1alpha2 Workload: the ResourceBinding has replicas 3 and the resourceRequest, and each member gets 1 (read as v1alpha2)', async () => {
    const binding = await waitKarmada(context, 'the binding with replicas 3', bindingPath(namespace, name), (found) => {
      const seen = expectBindingReplicas(found, 3);
      return seen === undefined ? undefined : `${seen}, resource ${show((spec(found).resource as { apiVersion?: string } | undefined)?.apiVersion)}`;
    });
    const seen: string[] = [];
    for (const member of members) {
      seen.push(await waitMember(context, member, 'the v1alpha2 Workload with replicas 1 and spec.alias web', v2Path(namespace, name), (found) =>
        spec(found).replicas === 1 && spec(found).alias === 'web' ? `${member}: replicas 1 alias web` : undefined));
    }
    const clusters = targetClusters(await env.kube.get(bindingPath(namespace, name)));
    return `${binding}, clusters ${show(clusters)}; ${seen.join(', ')}`;
  });

  // Karmada without a hook propagates no dependency.
  await check('InterpretDependency (v1alpha2): the ConfigMap the pods mount reaches every member (propagateDeps)', async () => {
    const seen: string[] = [];
    for (const member of members) {
      seen.push(await waitMember(context, member, `ConfigMap ${configMap.metadata.name}`, `/api/v1/namespaces/${namespace}/configmaps/${configMap.metadata.name}`, (found) =>
        show(found.data) === show(configMap.data) ? `${member}: present` : undefined));
    }
    return seen.join(', ');
  });

  // Karmada without hooks: Healthy, no status (the members have none), then the whole status and no control-plane sum.
  await check('InterpretStatus + InterpretHealth + AggregateStatus (v1alpha2): members without status are Unhealthy with exactly {readyReplicas: 0}; with readyReplicas 1 each they are Healthy with exactly {readyReplicas: 1}, and the control plane sums 3', async () => {
    const collected = (readyReplicas: number, health: 'Healthy' | 'Unhealthy') => waitKarmada(context, `every member ${health} with {readyReplicas: ${readyReplicas}}`, bindingPath(namespace, name), (binding) => {
      const seen = members.map((member) => expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas }, health));
      return seen.every((item) => item !== undefined) ? members.map((member, index) => `${member}: ${seen[index]!}`).join(', ') : undefined;
    });
    const before = await collected(0, 'Unhealthy');
    for (const member of members) await memberKube(context, member).mergePatch(`${v2Path(namespace, name)}/status`, { status: { readyReplicas: 1 } });
    const after = await collected(1, 'Healthy');
    const summed = await waitKarmada(context, 'the control-plane Workload with status.readyReplicas 3', v2Path(namespace, name), (found) => expectSummed(found, 3));
    return `${before}; then ${after}; ${summed}`;
  });

  // Karmada without Retain: the update drops the member's spec.rollout.paused. The rescale and the step annotation
  // arrive in the same Work update, so the annotation on the member shows Retain's answer was applied.
  await check(`Retain (v1alpha2): ${first}'s spec.rollout.paused survives a rescale to 6 from the control plane`, async () => {
    const retainCalls = () => callLines(env, context.protectedInterpreter.name).filter((line) => line.operation === 'Retain').length;
    await memberKube(context, first).mergePatch(v2Path(namespace, name), { spec: { rollout: { paused: true } } });
    const retainBefore = retainCalls();
    await env.kube.mergePatch(v2Path(namespace, name), { metadata: { annotations: { [stepAnnotation]: 'v2-rescale-6' } }, spec: { replicas: 6 } });
    const seen: string[] = [];
    for (const member of members) {
      seen.push(await waitMember(context, member, 'the rescaled v1alpha2 Workload (2 replicas, step v2-rescale-6)', v2Path(namespace, name), (found) => {
        if (stepOf(found) !== 'v2-rescale-6') return undefined;
        if (spec(found).replicas !== 2) throw new Error(`${member}: spec.replicas ${show(spec(found).replicas)} after the rescale was applied`);
        return `${member}: replicas 2 rollout ${show(spec(found).rollout ?? null)}`;
      }));
    }
    const paused = spec(await memberKube(context, first).get(v2Path(namespace, name))).rollout as { paused?: unknown } | undefined;
    if (paused?.paused !== true) throw new Error(`${first} lost spec.rollout.paused: ${show(paused)}`);
    const other = spec(await memberKube(context, second).get(v2Path(namespace, name))).rollout as { paused?: unknown } | undefined;
    if (other?.paused === true) throw new Error(`${second} got spec.rollout.paused though only ${first} set it`);
    // The Retain call count comes from our log: Karmada's own logs must show no call it refused.
    return `${seen.join(', ')}; ${retainCalls() - retainBefore} Retain calls to ${context.protectedInterpreter.name}; ${assertNoKarmadaWebhookFailures(logMark)}`;
  });

  await env.kube.delete(v2Path(namespace, name));
  await env.kube.delete(policyPath(namespace, name));
  await env.kube.delete(`/api/v1/namespaces/${namespace}/configmaps/${configMap.metadata.name}`);
}

export const versionsScenario: Scenario = {
  name: 'Workload v1alpha1 + v1alpha2: conversion and admission webhooks in real API servers; Karmada propagates v1alpha2',
  checks: 17,
  async run(context, check) {
    const { env } = context;
    const namespace = 'e2e-versions';
    const member = context.pullMembers[0] ?? context.pushMembers[0]!;
    // The interpreter configuration as the README wires it (an earlier scenario may have left another).
    await applyWebhookConfig(env, context.protectedInterpreter);
    await ensureNamespace(context, namespace);
    await reviewChecks(context, check, 'karmada-apiserver', namespace);
    const memberNamespace = `${namespace}-member`;
    await kubectl(env, member, ['apply', '-f', '-'], stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: memberNamespace } }));
    await reviewChecks(context, check, member, memberNamespace);
    await propagationChecks(context, check, namespace);
    // After Workloads of both versions were written: every one is stored as v1alpha2 (the CRD's storage version), on
    // the control plane and on the member (where Karmada propagated the CRD). A v1alpha1 object stored as-is would
    // add v1alpha1 to storedVersions.
    await check(`the Workload CRD's status.storedVersions is exactly ["v1alpha2"] on karmada-apiserver and ${member}`, async () => {
      const seen: string[] = [];
      for (const [where, kube] of [['karmada-apiserver', env.kube], [member, memberKube(context, member)]] as const) {
        const crd = await kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`);
        const stored = (crd.status as { storedVersions?: string[] } | undefined)?.storedVersions;
        const storage = ((spec(crd).versions ?? []) as { name: string; storage?: boolean }[]).filter((version) => version.storage).map((version) => version.name);
        if (show(stored) !== show(['v1alpha2']) || show(storage) !== show(['v1alpha2'])) throw new Error(`${where}: storedVersions ${show(stored)}, storage ${show(storage)}`);
        seen.push(`${where}: storedVersions ${show(stored)}`);
      }
      return seen.join('; ');
    });
  },
};
