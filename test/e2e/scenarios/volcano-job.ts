// Volcano's Job (lib/kinds/volcano-job), a kind with several pod templates, through real Karmada with its alpha gate
// MultiplePodTemplatesScheduling on (cluster.ts: AllAlpha=true in karmada-controller-manager, -scheduler, -webhook,
// -agent) and InterpretComponent claimed (`webhook-config --include-operations InterpretComponent`). Volcano's own CRD
// (KindIdentity.publishedCrd: volcano.sh/volcano@v1.10.0, config/crd/volcano/bases; preferred over the copy in
// Karmada's module, test/e2e/suites/base/manifest/batch.volcano.sh_jobs.yaml) on the control plane and every member.
//
// Karmada v1.18.2 has a built-in componentResource for this kind (its third-party Lua catalogue): a task is counted
// by minAvailable, else 1. The job's `ps` task has no minAvailable and 2 replicas, and Volcano's admission webhook
// defaults minAvailable to replicas: our answer counts it 2, the Lua 1. That count and our log's InterpretComponent
// calls for the job rule out the built-in answer. The members have no nodes of their own: the scenario adds one Node
// object to each (its allocatable is what Karmada's general estimator reads from the Cluster's resourceSummary), so
// that a policy asking for exactly one cluster is scheduled by the components (scheduler/core/estimation.go).
//
// Every operation the configuration claims for the Job has a check that a wrong answer fails: InterpretComponent (the
// components), InterpretDependency (the `ps` task's ConfigMap on the member), InterpretStatus and InterpretHealth (the
// member's status exactly, Unhealthy without a phase and when Failed, Healthy when Running) and AggregateStatus (the
// control plane's status exactly). Karmada's Lua gives the same status, health and aggregate for these inputs and
// would give no dependency; our log's calls naming the Job show ours answered (rule 11). Volcano's CRD prunes every
// status field Volcano does not write, and we reflect each one: the whole status (Karmada's default) would pass the
// status checks, the default's Healthy would not.
import { stringify } from 'yaml';
import { volcanoJob } from '../../../lib/kinds/volcano-job/identity';
import { kubectl } from '../lib/cluster';
import { aggregated, assertNoKarmadaWebhookFailures, deepEqual, ensureNamespace, expectCollected, holdsFor, manifestStatusOf, reactionTimeoutMs, markKarmadaLogs, memberKube, policyPath, show, spec, status, targetClusters, waitKarmada, waitMember, workloadPath, type CheckFn, type Collected, type Context, type LogMark, type Scenario } from '../lib/checks';
import { applyWebhookConfig, callLines, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { addNodes, removeNodes } from '../lib/nodes';
import { installProjectCrd } from '../lib/published-crds';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-volcano';
const name = 'train';
const version = 'v1alpha1';
const kindKey = `${volcanoJob.group}/${version}/${volcanoJob.kind}`;
const pathOf = (jobName: string) => `/apis/${volcanoJob.group}/${version}/namespaces/${ns}/${volcanoJob.plural}/${jobName}`;
const bindingOf = (jobName: string) => `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${jobName}-job`;
const jobPath = pathOf(name);
const bindingPath = bindingOf(name);
/** A job whose one set needs 2 x 1 + 40 x 2 = 82 CPUs: no member holds it. */
const oversized = 'oversized';
const nodeName = 'e2e-volcano-node';

const psRequest = { cpu: '1', memory: '2Gi' };
const workerRequest = { cpu: '2', memory: '4Gi' };
/** The ConfigMap the `ps` task reads its environment from: a dependency (InterpretDependency). */
const configMapName = 'train-env';
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: configMapName, namespace: ns }, data: { MODEL: 'resnet' } };
const configMapPath = `/api/v1/namespaces/${ns}/configmaps/${configMapName}`;
const task = (taskName: string, replicas: number, request: Record<string, string>, minAvailable?: number, envFrom?: string) => ({
  name: taskName, replicas, ...(minAvailable === undefined ? {} : { minAvailable }),
  template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: taskName, image: 'ghcr.io/example/trainer:1.0', resources: { requests: request }, ...(envFrom === undefined ? {} : { envFrom: [{ configMapRef: { name: envFrom } }] }) }] } },
});

/** Two tasks: `ps` without minAvailable (2 replicas), `worker` with minAvailable `workers` of `workers + 1`. */
const jobObject = (jobName: string, workers: number) => ({
  apiVersion: `${volcanoJob.group}/${version}`, kind: volcanoJob.kind, metadata: { name: jobName, namespace: ns },
  spec: { schedulerName: 'volcano', minAvailable: workers + 2, queue: 'default', tasks: [task('ps', 2, psRequest, undefined, configMapName), task('worker', workers + 1, workerRequest, workers)] },
});
const job = jobObject(name, 3);
/** Our InterpretComponent's answer (name, replicas, resourceRequest). Karmada's Lua would count `ps` 1. */
const expectedComponents = [{ name: 'ps', replicas: 2, resourceRequest: psRequest }, { name: 'worker', replicas: 3, resourceRequest: workerRequest }];

/**
 * Exactly one cluster (spreadConstraints by cluster, 1..1): the case where Karmada's scheduler estimates whole
 * component sets (isMultiTemplateSchedulingApplicable) instead of dividing replicas. Divided, Aggregated: with
 * Duplicated the scheduler ignores available resources (spreadconstraint shouldIgnoreAvailableResource), and a
 * multi-component binding is not divided anyway (core/common.go AssignReplicas).
 */
function policy(jobName: string, clusters: string[]): KubeObject {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: jobName, namespace: ns },
    spec: {
      propagateDeps: true,
      resourceSelectors: [{ apiVersion: `${volcanoJob.group}/${version}`, kind: volcanoJob.kind, name: jobName }],
      placement: {
        clusterAffinity: { clusterNames: clusters },
        spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1, maxGroups: 1 }],
        replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' },
      },
    },
  } as KubeObject;
}

/**
 * One set of our components needs 2 x 1 + 3 x 2 = 8 CPUs and 16Gi (by the Lua's count: 7 CPUs, 14Gi). `small` has
 * 7500m CPUs, enough for the Lua's set and not for ours; `large` holds ours with room to spare: Karmada's scheduler
 * also deducts, for 5 minutes, what it assigned to a cluster before (SchedulingOvercommitProtection, an alpha gate).
 */
const capacity = { small: { cpu: '7500m', memory: '256Gi', pods: '1000' }, large: { cpu: '64', memory: '256Gi', pods: '1000' } };

export const volcanoJobScenario: Scenario = {
  name: `Volcano's Job (Volcano's CRD, ${volcanoJob.publishedCrd.source}) scheduled by its components with MultiplePodTemplatesScheduling on, against Karmada's built-in Lua`,
  checks: 8,
  async run(context, check) {
    const { env } = context;
    const small = context.pushMembers[0]!;
    const large = context.pullMembers[0]!;
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    // Set-up, not a check: Volcano's CRD everywhere, a Node in each of the two members, InterpretComponent claimed.
    await installProjectCrd(context, volcanoJob, version, 'Volcano');
    await addNodes(context, nodeName, [[small, capacity.small], [large, capacity.large]]);
    await ensureNamespace(context, ns);
    try {
      await claimComponents(context, check, interpreter, small, large, logBefore, logMark);
    } finally {
      // The default configuration back (no InterpretComponent) for the scenarios after this one, also after a failure.
      for (const jobName of [name, oversized]) {
        await env.kube.delete(pathOf(jobName));
        await env.kube.delete(policyPath(ns, jobName));
      }
      await env.kube.delete(configMapPath);
      const before = callLines(env, interpreter.name).length;
      await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
      await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretReplica');
      await env.kube.delete(workloadPath(ns, probeName));
      await env.kube.delete(policyPath(ns, probeName));
      await removeNodes(context, nodeName, [small, large]);
    }
  },
};

/** The scenario's checks, with InterpretComponent claimed. */
async function claimComponents(context: Context, check: CheckFn, interpreter: Interpreter, small: string, large: string, logBefore: number, logMark: LogMark): Promise<void> {
  const { env } = context;
  const linesBefore = callLines(env, interpreter.name).length;
  await applyWebhookConfig(env, interpreter, { mode: 'per-operation', includeOperations: ['InterpretComponent'] });
  await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretComponent');
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [configMap, job, policy(name, [small, large]), jobObject(oversized, 40), policy(oversized, [small, large])].map((object) => stringify(object)).join('---\n'));

  // Karmada's Lua counts `ps` 1 (no minAvailable); without any component hook there are no components at all.
  await check('InterpretComponent: the Job\'s binding has exactly our components, ps 2 (its replicas, as Volcano defaults minAvailable; Karmada\'s Lua says 1) and worker 3 (minAvailable), each with its template\'s resourceRequest, and our log holds the calls', async () => {
    const seen = await waitKarmada(context, 'the binding with components', bindingPath, (binding) => {
      const list = (spec(binding).components ?? []) as { name: string; replicas: number; replicaRequirements?: { resourceRequest?: unknown } }[];
      if (list.length === 0) return undefined;
      const compared = list.map(({ name: componentName, replicas, replicaRequirements }) => ({ name: componentName, replicas, resourceRequest: replicaRequirements?.resourceRequest }));
      return deepEqual(compared, expectedComponents) ? `binding components ${show(compared)}` : undefined;
    });
    const calls = callLines(env, interpreter.name).slice(logBefore).filter((line) => line.kind === kindKey && line.namespace === ns && line.name === name && line.operation === 'InterpretComponent');
    if (calls.length === 0) throw new Error('no InterpretComponent call for the Job in our log');
    return `${seen}; ${calls.length} InterpretComponent call(s) for ${ns}/${name} in our log`;
  });

  // With the gate off, or without components, the scheduler would place the job on any of the two (one
  // group). With our components one set needs 8 CPUs: only `large` holds it (the Lua's 7 would fit `small` too).
  await check(`MultiplePodTemplatesScheduling: one cluster asked for, the scheduler places the Job on ${large} (64 CPUs), not ${small} (7.5 CPUs, one CPU short of a set of our components), and the Job reaches ${large} with its tasks as written`, async () => {
    const placed = await waitFor('the binding scheduled', async () => {
      const binding = await env.kube.get(bindingPath);
      const clusters = targetClusters(binding);
      if (clusters.length === 0) {
        // Retried until the timeout; what the scheduler saw is in the message then.
        const scheduled = ((binding.status?.conditions ?? []) as { type: string; message?: string }[]).find((condition) => condition.type === 'Scheduled');
        const summaries = await Promise.all([small, large].map(async (member) => `${member} ${show((await env.kube.get(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`)).status?.resourceSummary)}`));
        throw new Error(`not scheduled (${String(scheduled?.message)}); resourceSummary ${summaries.join('; ')}`);
      }
      if (!deepEqual(clusters.map((cluster) => cluster.name), [large])) throw new Error(`scheduled to ${show(clusters)}`);
      return `binding clusters ${show(clusters)}`;
    }, { timeoutMs: reactionTimeoutMs, component: env.supervisor.get('karmada-scheduler') });
    const arrived = await waitMember(context, large, 'the Job', jobPath, (object) => {
      const tasks = (spec(object).tasks ?? []) as { name?: string; replicas?: number; minAvailable?: number }[];
      return deepEqual(tasks.map(({ name: taskName, replicas, minAvailable }) => ({ name: taskName, replicas, minAvailable })), job.spec.tasks.map(({ name: taskName, replicas, minAvailable }) => ({ name: taskName, replicas, minAvailable })))
        ? `on ${large}: tasks ${show(tasks.map((item) => `${String(item.name)}:${String(item.replicas)}`))}` : undefined;
    });
    const absent = await holdsFor(`the Job absent from ${small}`, 5_000, async () => ((await memberKube(context, small).find(jobPath)) === undefined ? `absent from ${small}` : undefined));
    return `${placed}; ${arrived}; ${absent}`;
  });

  // The control for the check above: the scheduler did estimate whole sets from our components. Without the gate,
  // or without components, nothing stops it placing this job too. Karmada v1.17 estimates the sets but selects with
  // the binding's spec.replicas (0 for components: core/common.go SelectClusters), so it places this job as well; the
  // refusal is v1.18's. The check asserts what the release under test does.
  const refuses = env.binaries.karmadaVersion !== 'v1.17.1';
  await check(refuses
    ? 'MultiplePodTemplatesScheduling: a Job whose one set of components needs 82 CPUs fits neither member and is not scheduled (Scheduled False)'
    : 'MultiplePodTemplatesScheduling on Karmada v1.17.1: a Job whose one set of components needs 82 CPUs fits neither member and is placed all the same (the refusal came in v1.18)', () =>
    waitKarmada(context, 'the oversized binding scheduled or refused', bindingOf(oversized), (binding) => {
      const components = ((spec(binding).components ?? []) as { name: string; replicas: number }[]).map((item) => `${item.name}:${item.replicas}`);
      if (!deepEqual(components, ['ps:2', 'worker:40'])) return undefined;
      const clusters = targetClusters(binding);
      if (!refuses) return clusters.length === 1 ? `components ${show(components)}, placed ${show(clusters)}` : undefined;
      if (clusters.length > 0) throw new Error(`scheduled to ${show(clusters)}`);
      const scheduled = ((binding.status?.conditions ?? []) as { type: string; status: string; reason?: string; message?: string }[]).find((condition) => condition.type === 'Scheduled');
      return scheduled?.status === 'False' ? `components ${show(components)}, no clusters, Scheduled False ${String(scheduled.reason)}: ${String(scheduled.message).slice(0, 200)}` : undefined;
    }));

  // Karmada's Lua for the Job has no dependencies, and without any hook none propagate: the ConfigMap stays behind.
  await check(`InterpretDependency: the ConfigMap the Job's ps task reads (envFrom) reaches ${large} beside the Job, attached to the Job's binding, and not ${small}`, async () => {
    const attached = await waitKarmada(context, `the attached binding of ConfigMap ${configMapName}`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${configMapName}-configmap`, (binding) => {
      const requiredBy = ((spec(binding).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
      return deepEqual(requiredBy, [`${ns}/${name}-job`]) ? `requiredBy ${show(requiredBy)}` : undefined;
    });
    const present = await waitMember(context, large, `ConfigMap ${configMapName}`, configMapPath, (object) => (deepEqual(object.data, configMap.data) ? `on ${large} with its data` : undefined));
    const absent = (await memberKube(context, small).find(configMapPath)) === undefined ? `absent from ${small}` : undefined;
    if (absent === undefined) throw new Error(`ConfigMap ${configMapName} reached ${small}, where the Job is not`);
    return `${attached}; ${present}; ${absent}; ${callsOf(env, interpreter, logBefore, 'InterpretDependency')}`;
  });

  // Without a hook Karmada says Healthy and reflects nothing (the member has no status yet).
  await check(`InterpretStatus + InterpretHealth before Volcano writes a status: ${large} is Unhealthy (no phase) with status exactly {}, in the binding and in the Work`, () =>
    collected(context, large, 'Unhealthy', {}));

  // A running job: Healthy; the control plane shows that one member's status (one member listed). AggregateStatus
  // absent (or answering nothing), the control-plane Job would have no status.
  await check(`InterpretStatus + InterpretHealth + AggregateStatus: ${large} Running (5 pods, both tasks) is Healthy with exactly its status, in the binding and the Work, and the control-plane Job's status is exactly that member's`, async () => {
    await memberKube(context, large).mergePatch(`${jobPath}/status`, { status: volcanoStatus('Running') });
    const seen = await collected(context, large, 'Healthy', await statusOn(context, large));
    const aggregate = await aggregatedOnControlPlane(context, large);
    return `${seen}; ${aggregate}; ${callsOf(env, interpreter, logBefore, 'InterpretStatus', 'InterpretHealth', 'AggregateStatus')}`;
  });

  // The other way: a job Volcano gave up on (maxRetry reached) is Unhealthy, which Karmada's application failover acts on.
  await check(`InterpretHealth + AggregateStatus: ${large} Failed (retried, pods failed) is Unhealthy with exactly its status, and the control-plane Job's status says Failed as the member does`, async () => {
    await memberKube(context, large).mergePatch(`${jobPath}/status`, { status: volcanoStatus('Failed') });
    const seen = await collected(context, large, 'Unhealthy', await statusOn(context, large));
    const aggregate = await aggregatedOnControlPlane(context, large);
    return `${seen}; ${aggregate}`;
  });

  await check('our log holds InterpretComponent, InterpretDependency, InterpretStatus, InterpretHealth and AggregateStatus calls for the Job, every webhook call of the scenario succeeded and Karmada logged no failed call', async () => {
    const lines = callLines(env, interpreter.name).slice(logBefore);
    const failed = lines.filter((line) => line.successful === false);
    if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
    const calls = callsOf(env, interpreter, logBefore, 'InterpretComponent', 'InterpretDependency', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus');
    return `${calls}; ${lines.length} calls, all successful; ${assertNoKarmadaWebhookFailures(logMark)}`;
  });
}

/** Our log's calls for the Job since the scenario began, per operation; throws when one of `operations` has none. */
function callsOf(env: Context['env'], interpreter: Interpreter, logBefore: number, ...operations: string[]): string {
  const counts = new Map<string, number>();
  for (const line of callLines(env, interpreter.name).slice(logBefore)) {
    if (line.kind === kindKey && line.namespace === ns && line.name === name && line.operation !== undefined) counts.set(line.operation, (counts.get(line.operation) ?? 0) + 1);
  }
  const missing = operations.filter((operation) => !counts.has(operation));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns}/${name} in our log (${show(Object.fromEntries(counts))})`);
  return `our log's calls for ${ns}/${name}: ${operations.map((operation) => `${operation} ${counts.get(operation)!}`).join(', ')}`;
}

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`;

/**
 * The status Volcano v1.10.0's controller writes (`syncJob`, the state machine of pkg/controllers/job/state) for the
 * Job's 5 pods: Running (2 ps, 3 workers), or Failed after a retry. Fields the other phase set are nulled, so that one
 * merge patch leaves exactly this status.
 */
function volcanoStatus(phase: 'Running' | 'Failed'): Record<string, unknown> {
  const running = phase === 'Running';
  return {
    state: { phase, reason: running ? null : 'PodFailed', message: running ? null : 'Job failed: maxRetry 3 reached', lastTransitionTime: running ? at(2) : at(9) },
    minAvailable: 5, pending: null, running: running ? 5 : null, failed: running ? null : 5, version: running ? 1 : 4, retryCount: running ? null : 3,
    runningDuration: running ? '1m0s' : '7m0s',
    taskStatusCount: { ps: { phase: { Running: running ? 2 : null, Failed: running ? null : 2 } }, worker: { phase: { Running: running ? 3 : null, Failed: running ? null : 3 } } },
    controlledResources: { 'plugin-svc': 'svc' },
    conditions: [
      { status: 'Pending', lastTransitionTime: at(1) },
      { status: 'Running', lastTransitionTime: at(2) },
      ...(running ? [] : [{ status: 'Restarting', lastTransitionTime: at(5) }, { status: 'Failed', lastTransitionTime: at(9) }]),
    ],
  };
}

/** The member Job's status as its API server stores it (what InterpretStatus must reflect, every field). */
async function statusOn(context: Context, member: string): Promise<Record<string, unknown>> {
  return status(await memberKube(context, member).get(jobPath));
}

/** The member's status exactly and `health`, in the binding's aggregatedStatus and in the member's Work. */
async function collected(context: Context, member: string, health: 'Healthy' | 'Unhealthy', expected: Record<string, unknown>): Promise<string> {
  let last = '';
  const accept = (item: Collected | undefined, where: string) => {
    last = `${where}: ${show(item ?? null)}`;
    return expectCollected(item, expected, health);
  };
  try {
    const fromBinding = await waitKarmada(context, `the binding's aggregatedStatus with ${member} ${health}`, bindingPath, (binding) =>
      accept(aggregated(binding).find((item) => item.clusterName === member), 'binding'));
    const fromWork = await waitKarmada(context, `the Work's manifest status with ${member} ${health}`, bindingPath, async () =>
      accept(await manifestStatusOf(context, member, { kind: volcanoJob.kind, namespace: ns, name }), 'Work'));
    return `${member} in the binding ${fromBinding}; in the Work ${fromWork}`;
  } catch (error) {
    // What was last seen says whether the health or the status differs.
    throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; expected ${show(expected)} ${health}, last seen ${last}`);
  }
}

/** The control-plane Job's status is exactly `member`'s (AggregateStatus with one member listed). */
async function aggregatedOnControlPlane(context: Context, member: string): Promise<string> {
  const expected = await statusOn(context, member);
  let last = '';
  try {
    return await waitKarmada(context, `the control-plane Job's status to be ${member}'s`, jobPath, (template) => {
      last = show(status(template));
      return deepEqual(status(template), expected) ? `control-plane status ${show(status(template).state)} and the rest exactly ${member}'s` : undefined;
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}; expected ${show(expected)}, last seen ${last}`);
  }
}
