// Kubeflow Trainer's TrainJob interpreter: the trainer's nodes as a Karmada component, health from the job's
// conditions, the status summed across members, and the runtime and objects it names as dependencies (README.md says
// why each answer is what the TrainJob alone can honestly give).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf, replicaRequirementsOf } from '../../interpreter/pod-template';
import type { ComponentRequirements } from '../../interpreter/wire/types';
import { bounded } from '../../review/core';
import type { JsonObject, JsonValue } from '../../review/json';
import { latestTime, membersOf, sumOf, type Member } from '../../shapes/aggregation';
import { conditionOf, type Condition } from '../../shapes/conditions';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { conditionReason, healthy, unhealthy } from '../../shapes/health';
import { keepMemberValue } from '../../shapes/retention';
import { trainerApiVersion, trainJob } from './identity';
import { jobCounters, readTrainJob, readTrainJobStatus, trainerJobName, type JobStatus, type TrainJob, type TrainJobStatus } from './schema';

type Request = TypedRequest<TrainJob>;

// ---- InterpretComponent ----

/**
 * One component, `node`: the trainer's nodes (`numNodes`, else 1, the runtime MLPolicy's default), each asking for
 * `resourcesPerNode` (requests, limits where a request is missing, as the API server defaults the pod) and placed by
 * the runtime patches aimed at the `node` job. The runtime's template holds the rest, which the request does not carry.
 */
function interpretComponent({ object }: Request) {
  const requirements = replicaRequirementsOf(object.nodeTemplate, 'object.spec.trainer');
  const component: { name: string; replicas: number; replicaRequirements?: ComponentRequirements } = { name: trainerJobName, replicas: object.numNodes ?? 1 };
  if (requirements !== undefined) {
    const { nodeClaim, resourceRequest } = requirements;
    component.replicaRequirements = {};
    if (nodeClaim !== undefined) component.replicaRequirements.nodeClaim = nodeClaim;
    if (resourceRequest !== undefined) component.replicaRequirements.resourceRequest = resourceRequest;
  }
  return { components: [component] };
}

// ---- InterpretHealth ----

/**
 * Unhealthy when the job failed (`Failed`: its JobSet failed, its deadline passed, its runtime is not supported), or
 * when no controller has written a status yet; healthy otherwise (running, suspended, complete).
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  const failed = conditionOf(status?.conditions, 'Failed');
  if (failed?.status === 'True') return unhealthy(conditionReason(failed, 'Failed'));
  const observed = (status?.conditions?.length ?? 0) > 0 || (status?.jobsStatus?.length ?? 0) > 0 || status?.trainerStatus !== undefined;
  return observed ? healthy(`not failed (${conditionReason(failed, 'Failed')})`) : unhealthy('no status.conditions, jobsStatus or trainerStatus');
}

// ---- InterpretStatus ----

function statusJson(status: TrainJobStatus): JsonObject {
  const json: JsonObject = {};
  if ((status.conditions ?? []).length > 0) json.conditions = status.conditions!;
  if ((status.jobsStatus ?? []).length > 0) json.jobsStatus = status.jobsStatus! as unknown as JsonValue[];
  if (status.trainerStatus !== undefined) json.trainerStatus = status.trainerStatus;
  return json;
}

/**
 * The member's status as written; with nothing to reflect, an empty `conditions` list: the CRD's status has
 * MinProperties=1, so `{}` is no TrainJob's status (`status: Invalid value: 0: in body should have at least 1
 * properties`), and none reported is what an empty list says.
 */
function interpretStatus({ object }: Request) {
  const rawStatus = object.status === undefined ? {} : statusJson(object.status);
  return { rawStatus: Object.keys(rawStatus).length === 0 ? { conditions: [] } : rawStatus };
}

// ---- AggregateStatus ----

/** metav1.Condition's `message` is at most 32768 characters (the CRD says so). */
const maxConditionMessage = 32_768;

/**
 * One condition for the members in `which`: the first one's reason, every one's message as `cluster=message`, the
 * latest transition time. The CRD keys conditions by type (`listType=map`): one condition per type, never two.
 */
function conditionFor(type: string, status: 'True' | 'False', which: readonly Member<TrainJobStatus>[]): Condition {
  const found = which.map(({ clusterName, status: member }) => ({ clusterName, condition: conditionOf(member.conditions, type)! }));
  const condition: Condition = { type, status, reason: found.find(({ condition: each }) => (each.reason ?? '') !== '')?.condition.reason ?? type };
  condition.message = bounded(found.map(({ clusterName, condition: each }) => `${clusterName}=${each.message ?? ''}`).join(', '), maxConditionMessage - 1);
  const time = latestTime(found.map(({ condition: each }) => each.lastTransitionTime as string | undefined));
  if (time !== undefined) condition.lastTransitionTime = time;
  return condition;
}

/**
 * The job's conditions across members, in the order `kubectl get` reads the last as its State: `Suspended` (True
 * when a member is suspended, False when members only report a resume), `Complete` (every listed member completed),
 * `Failed` (some member failed).
 */
function aggregateConditions(members: readonly Member<TrainJobStatus>[], listed: number): Condition[] {
  const conditions: Condition[] = [];
  const withCondition = (type: string, status: string) => members.filter(({ status: member }) => conditionOf(member.conditions, type)?.status === status);
  const suspended = withCondition('Suspended', 'True');
  const resumed = withCondition('Suspended', 'False');
  if (suspended.length > 0) conditions.push(conditionFor('Suspended', 'True', suspended));
  else if (resumed.length > 0) conditions.push(conditionFor('Suspended', 'False', resumed));
  const complete = withCondition('Complete', 'True');
  if (complete.length > 0 && complete.length === listed) conditions.push(conditionFor('Complete', 'True', complete));
  const failed = withCondition('Failed', 'True');
  if (failed.length > 0) conditions.push(conditionFor('Failed', 'True', failed));
  return conditions;
}

/** Child Jobs per replicated job, summed over members, in the order names first appear; a sum past int32 is a 400. */
function aggregateJobsStatus(statuses: readonly TrainJobStatus[]): JobStatus[] {
  const byName = new Map<string, JobStatus[]>();
  for (const { jobsStatus } of statuses) {
    for (const job of jobsStatus ?? []) {
      const list = byName.get(job.name);
      if (list === undefined) byName.set(job.name, [job]);
      else list.push(job);
    }
  }
  return [...byName].map(([name, jobs]) => {
    // Every counter is required by the CRD: zeros are written.
    const total: JobStatus = { name };
    for (const counter of jobCounters) total[counter] = sumOf(jobs, (job) => job[counter], `status.jobsStatus[${JSON.stringify(name)}].${counter}`);
    return total;
  });
}

/** The least advanced member's trainerStatus, whole (its metrics belong to its progress); unknown progress ranks lowest. */
function slowestTrainer(statuses: readonly TrainJobStatus[]): JsonObject | undefined {
  let slowest: TrainJobStatus | undefined;
  for (const status of statuses) {
    if (status.trainerStatus === undefined) continue;
    if (slowest === undefined || (status.progressPercentage ?? -1) < (slowest.progressPercentage ?? -1)) slowest = status;
  }
  return slowest?.trainerStatus;
}

function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readTrainJobStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const total: TrainJobStatus = {};
  const conditions = aggregateConditions(members.reporting, members.listed);
  if (conditions.length > 0) total.conditions = conditions;
  const jobsStatus = aggregateJobsStatus(statuses);
  if (jobsStatus.length > 0) total.jobsStatus = jobsStatus;
  const trainerStatus = slowestTrainer(statuses);
  if (trainerStatus !== undefined) total.trainerStatus = trainerStatus;
  const status = statusJson(total);
  const patch = newPatch();
  // The CRD's status has MinProperties=1: an empty one is left out, never written as {}.
  if (Object.keys(status).length === 0) patch.remove(['status']);
  else patch.add(['status'], status);
  return patch.operations;
}

// ---- Retain ----

/** Kueue's label: the member's Kueue queues the job, and suspends and resumes it (spec.suspend) as it admits it. */
const kueueQueueLabel = 'kueue.x-k8s.io/queue-name';

/**
 * Keeps what the member's controllers own. With Kueue queueing the job there, `spec.suspend` is Kueue's (it suspends
 * on creation and resumes on admission); otherwise it is the control plane's. Runtime patches are keyed by manager:
 * the entries of managers the template does not name (Kueue's `kueue.x-k8s.io/manager`) are the member's, and kept.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();
  const queued = object.metadata.labels?.[kueueQueueLabel] !== undefined || observed.metadata.labels?.[kueueQueueLabel] !== undefined;
  if (queued) keepMemberValue(patch, ['spec', 'suspend'], observed.suspend, 'template');
  const named = new Set((object.runtimePatches ?? []).map((item) => item.manager));
  const memberOwn = (observed.runtimePatches ?? []).filter((item) => typeof item.manager === 'string' && !named.has(item.manager));
  if (memberOwn.length > 0) patch.add(['spec', 'runtimePatches'], [...(object.runtimePatches ?? []), ...memberOwn]);
  // A template without spec: the fields kept above create one, and the CRD admits no spec without its runtimeRef
  // (`spec.runtimeRef: Required value`). The member's goes with them: it is immutable, the job the member runs.
  if (object.runtimeRef === undefined && patch.operations.length > 0 && observed.runtimeRef !== undefined) patch.add(['spec', 'runtimeRef'], observed.runtimeRef.raw);
  return patch.operations;
}

// ---- InterpretDependency ----

/** The runtime kinds the Trainer serves, and whether each is cluster-scoped. */
const runtimeKinds = new Map([
  ['ClusterTrainingRuntime', true],
  ['TrainingRuntime', false],
]);

/**
 * The runtime (`spec.runtimeRef`, the CRD's defaults applied: a ClusterTrainingRuntime has no namespace), the Secrets
 * and ConfigMaps the TrainJob names, and what its pod spec patches reference. A runtime of another group or kind is
 * not the Trainer's (its controller marks such a job Failed): no version of it is known, so it is not listed.
 */
function interpretDependency({ object, namespace: requestNamespace }: Request) {
  const namespace = namespaceOf(object.metadata, requestNamespace);
  const runtime = new NamedReferences(namespace);
  const ref = object.runtimeRef;
  const clusterScoped = ref === undefined ? undefined : runtimeKinds.get(ref.kind);
  if (ref !== undefined && ref.apiGroup === trainJob.group && clusterScoped !== undefined) runtime.add(trainerApiVersion, ref.kind, ref.name, { clusterScoped });
  const own = new NamedReferences(namespace).addAll('v1', 'Secret', object.own.secrets).addAll('v1', 'ConfigMap', object.own.configMaps);
  const patched = object.podSpecParts.map(({ spec, path }) => podSpecDependenciesOf(spec, path, namespace));
  return { dependencies: mergedReferences([runtime.list(), own.list(), ...patched]) };
}

export const trainJobInterpreter = defineInterpreter<TrainJob>({
  ...trainJob,
  decode: readTrainJob,
  operations: {
    InterpretComponent: interpretComponent,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
