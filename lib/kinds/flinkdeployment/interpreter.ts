// Apache Flink Kubernetes Operator's FlinkDeployment interpreter: a multi-template workload of two roles (jobmanager,
// taskmanager) sized as the operator sizes them, with the job's state as its health (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { invalidInput } from '../../interpreter/wire/errors';
import type { ComponentRequirements, NodeClaim, ReplicaRequirements, Toleration } from '../../interpreter/wire/types';
import { FieldFailure } from '../../review/core';
import { int32Max, isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { setOrRemove } from '../../shapes/aggregation';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { isEmptyContainer, withoutEmptyContainers } from '../../shapes/empty-values';
import { componentsOf, type ReplicaSpec } from '../../shapes/multi-template-workload';
import { memberStatusesOf } from '../../interpreter/member-statuses';
import { flinkDeployment } from './identity';
import { largerAmount, resourceListOf, type RoleResources } from './resources';
import { readFlinkDeployment, statusFields, statusFieldsOf, type FlinkDeployment, type FlinkDeploymentSpec, type FlinkDeploymentStatus, type Role, type StatusField } from './schema';

/**
 * The operator's pod template merge (FlinkUtils.mergePodTemplates, arrays by index as
 * `kubernetes.operator.pod-template.merge-arrays-by-name` defaults to): the role's values over the common ones,
 * objects field by field, arrays item by item, anything else replaced. Linear in the size of both.
 */
function merged(to: JsonValue | undefined, from: JsonValue): JsonValue {
  if (to === undefined) return from;
  if (Array.isArray(to) && Array.isArray(from)) {
    const items = [...to];
    from.forEach((item, index) => {
      const base = items[index];
      if (base === undefined) items.push(item);
      else if (isJsonObject(base) && isJsonObject(item)) items[index] = merged(base, item);
    });
    return items;
  }
  if (isJsonObject(to)) {
    if (!isJsonObject(from)) return to;
    const result: JsonObject = { ...to };
    for (const [key, value] of Object.entries(from)) result[key] = merged(to[key], value);
    return result;
  }
  return from;
}

/** The part of a pod spec Karmada's requirements read. */
function schedulingOf(podSpec: JsonObject | undefined): JsonObject | undefined {
  if (podSpec === undefined) return undefined;
  const part: JsonObject = {};
  for (const key of ['nodeSelector', 'tolerations', 'priorityClassName', 'affinity']) {
    if (podSpec[key] !== undefined && podSpec[key] !== null) part[key] = podSpec[key];
  }
  return part;
}

/** What a role's pods are scheduled by: the common pod template, with the role's own merged over it. */
function roleScheduling(spec: FlinkDeploymentSpec | undefined, role: Role | undefined): JsonObject | undefined {
  const common = schedulingOf(spec?.podSpec);
  const own = schedulingOf(role?.podSpec);
  if (own === undefined) return common;
  return merged(common, own) as JsonObject;
}

function nodeClaimOf(scheduling: JsonObject | undefined): NodeClaim | undefined {
  if (scheduling === undefined) return undefined;
  const claim: NodeClaim = {};
  const nodeSelector = scheduling.nodeSelector;
  if (isJsonObject(nodeSelector) && Object.keys(nodeSelector).length > 0) claim.nodeSelector = nodeSelector as Record<string, string>;
  const tolerations = scheduling.tolerations;
  if (Array.isArray(tolerations) && tolerations.length > 0) claim.tolerations = tolerations as Toleration[];
  const affinity = scheduling.affinity;
  const nodeAffinity = isJsonObject(affinity) ? affinity.nodeAffinity : undefined;
  const required = isJsonObject(nodeAffinity) ? nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution : undefined;
  if (isJsonObject(required)) claim.hardNodeAffinity = required;
  return Object.keys(claim).length > 0 ? claim : undefined;
}

function requirementsOf(resources: RoleResources, scheduling: JsonObject | undefined): ComponentRequirements {
  // Always an object, as Karmada's catalogue answers, even when the role asks for nothing.
  const requirements: ComponentRequirements = {};
  const resourceRequest = resourceListOf(resources);
  if (Object.keys(resourceRequest).length > 0) requirements.resourceRequest = resourceRequest;
  const nodeClaim = nodeClaimOf(scheduling);
  if (nodeClaim !== undefined) requirements.nodeClaim = nodeClaim;
  const priorityClassName = scheduling?.priorityClassName;
  if (typeof priorityClassName === 'string' && priorityClassName !== '') requirements.priorityClassName = priorityClassName;
  return requirements;
}

/** JobManagerSpec.replicas defaults to 1 in the operator's API. */
function jobManagerReplicas(spec: FlinkDeploymentSpec | undefined): number {
  return spec?.jobManager.replicas ?? 1;
}

/**
 * The TaskManagers the operator runs: `taskManager.replicas` when given; otherwise enough slots for the job's
 * parallelism, `ceil(parallelism / taskmanager.numberOfTaskSlots)` (FlinkUtils.getNumTaskManagers), the slots
 * defaulting to Flink's 1. Without a parallelism (a session cluster), or with 0 slots, 1, as Karmada's catalogue
 * answers. A negative parallelism without a TaskManager count is refused, as the operator's validator refuses it.
 */
function taskManagerReplicas(spec: FlinkDeploymentSpec | undefined): number {
  if (spec?.taskManager.replicas !== undefined) return spec.taskManager.replicas;
  const parallelism = spec?.parallelism;
  if (parallelism === undefined) return 1;
  if (parallelism < 0) {
    throw new FieldFailure(`${spec!.path}.job.parallelism`, `must not be negative without spec.taskManager.replicas (the operator refuses it), got ${parallelism}`);
  }
  const slots = spec?.taskSlots ?? 1;
  return slots === 0 ? 1 : Math.ceil(parallelism / slots);
}

function roles(object: FlinkDeployment): ReplicaSpec[] {
  const spec = object.spec;
  const path = spec?.path ?? 'object.spec';
  return [
    {
      name: 'jobmanager',
      namePath: `${path}.jobManager`,
      replicas: jobManagerReplicas(spec),
      templatePath: `${path}.jobManager.podTemplate`,
      requirements: requirementsOf(spec?.jobManager.resources ?? {}, roleScheduling(spec, spec?.jobManager)),
    },
    {
      name: 'taskmanager',
      namePath: `${path}.taskManager`,
      replicas: taskManagerReplicas(spec),
      templatePath: `${path}.taskManager.podTemplate`,
      requirements: requirementsOf(spec?.taskManager.resources ?? {}, roleScheduling(spec, spec?.taskManager)),
    },
  ];
}

/**
 * One count and one set of requirements for the whole cluster (what Karmada asks when it does not schedule by
 * components): every pod, each asking for the larger of the two roles' amounts, placed by the common pod template.
 */
function interpretReplica({ object, namespace }: TypedRequest<FlinkDeployment>) {
  const spec = object.spec;
  const replicas = jobManagerReplicas(spec) + taskManagerReplicas(spec);
  if (replicas > int32Max) throw invalidInput(`${spec?.path ?? 'object.spec'}: the JobManagers and TaskManagers together (${replicas}) do not fit in an int32`);
  const jm = spec?.jobManager.resources ?? {};
  const tm = spec?.taskManager.resources ?? {};
  const larger: RoleResources = {};
  const cpu = largerAmount(jm.cpu, tm.cpu);
  if (cpu !== undefined) larger.cpu = cpu;
  const memory = largerAmount(jm.memory, tm.memory);
  if (memory !== undefined) larger.memory = memory;
  const storage = largerAmount(jm.ephemeralStorage, tm.ephemeralStorage);
  if (storage !== undefined) larger.ephemeralStorage = storage;
  const requirements: ReplicaRequirements = requirementsOf(larger, schedulingOf(spec?.podSpec));
  const where = object.metadata.namespace || namespace;
  if (where) requirements.namespace = where;
  return { replicas, replicaRequirements: requirements };
}

/** Job states that end the job or lead straight to such an end (Flink's JobStatus). */
const settledStates = new Set(['RUNNING', 'FINISHED', 'FAILED', 'CANCELED', 'SUSPENDED', 'CANCELLING', 'FAILING', 'RESTARTING']);
/** States a job passes through while it starts: healthy only when the operator reports a user's error. */
const startingStates = new Set(['CREATED', 'INITIALIZING', 'RECONCILING']);
/** Errors of the user's own making: moving the job to another cluster would not help. */
const userErrors = ['ErrImagePull', 'ImagePullBackOff', 'CrashLoopBackOff'];

/**
 * Karmada's rule: a job that runs or has settled is healthy; one stuck while it starts is unhealthy (application
 * failover may move it), unless the error the operator reports is the user's; a cluster without a job state is
 * healthy when its JobManager is READY and the resource STABLE.
 */
function interpretHealth({ object }: TypedRequest<FlinkDeployment>) {
  const status = object.status;
  const state = status?.jobState;
  if (state === undefined) return sessionHealth(status);
  const stated = valueReason('jobStatus.state', state);
  if (settledStates.has(state)) return healthy(stated);
  if (!startingStates.has(state)) return unhealthy(`${stated} (not one of Flink's JobStatus)`);
  const userError = userErrors.find((text) => (status?.error ?? '').includes(text));
  return userError === undefined ? unhealthy(`${stated}: starting, no user's error`) : healthy(`${stated}: error ${userError} (the user's)`);
}

/** A cluster without a job state (a session cluster, or one not yet observed): its JobManager and its lifecycle. */
function sessionHealth(status: FlinkDeploymentStatus | undefined) {
  if (status === undefined) return unhealthy('no status');
  const jobManager = valueReason('jobManagerDeploymentStatus', status.jobManagerDeploymentStatus);
  if (status.jobManagerDeploymentStatus !== 'READY') return unhealthy(`no jobStatus.state, ${jobManager}`);
  const lifecycle = valueReason('lifecycleState', status.lifecycleState);
  return (status.lifecycleState === 'STABLE' ? healthy : unhealthy)(`no jobStatus.state, ${jobManager}, ${lifecycle}`);
}

/** The fields of a status Karmada's catalogue reflects and aggregates, as the operator wrote them. */
function reportedFields(fields: Partial<Record<StatusField, JsonValue>>): JsonObject {
  const result: JsonObject = {};
  for (const field of statusFields) {
    const value = fields[field];
    // `savepointHistory: []`, `clusterInfo: {}` carry nothing the operator would not default (withoutEmptyContainers).
    if (value !== undefined && !isEmptyContainer(value)) result[field] = withoutEmptyContainers(value);
  }
  return result;
}

/** The member's status fields Karmada's catalogue reflects, as the operator wrote them. */
function interpretStatus({ object }: TypedRequest<FlinkDeployment>) {
  return { rawStatus: reportedFields(object.reflected ?? {}) };
}

/**
 * A FlinkDeployment runs whole in one cluster, so its status cannot be summed: the last listed member that reports
 * one gives every field (a field it lacks is removed, so no two members' fields are mixed). With no member
 * reporting, the fields are removed: nothing observes the deployment.
 */
function aggregateStatus(request: TypedRequest<FlinkDeployment>) {
  const patch = request.patch();
  const reporting = memberStatusesOf(request.aggregatedStatus, statusFieldsOf);
  const last = reportedFields(reporting.at(-1)?.status ?? {});
  for (const field of statusFields) setOrRemove(patch, field, last[field]);
  return patch.operations;
}

export const flinkDeploymentInterpreter = defineInterpreter<FlinkDeployment>({
  ...flinkDeployment,
  decode: readFlinkDeployment,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: ({ object }) => componentsOf(roles(object)),
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
