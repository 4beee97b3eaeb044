// Kubeflow Spark operator's SparkApplication interpreter: a multi-template workload of two roles (driver, executor)
// sized as Spark sizes their pods, with the application's state as its health (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf } from '../../interpreter/pod-template';
import type { ComponentRequirements, NodeClaim, Toleration } from '../../interpreter/wire/types';
import { FieldFailure } from '../../review/core';
import { isJsonObject, type JsonObject } from '../../review/json';
import { formatQuantity, isNegative, parseQuantity, QuantityError } from '../../kube/quantity';
import { agreedValue, latestTime, membersOf, sumOf, type Members } from '../../shapes/aggregation';
import { isEmptyOrAbsent, withoutEmptyContainers } from '../../shapes/empty-values';
import { mergedReferences, namespaceOf, NamedReferences, templatesDependencies } from '../../shapes/dependencies';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { componentsOf, type ReplicaSpec } from '../../shapes/multi-template-workload';
import { sparkApplication } from './identity';
import { podMemoryRequest, sparkMemoryOf } from './memory';
import { readSparkApplication, readStatus, statusFields, type SparkApplication, type SparkApplicationSpec, type SparkApplicationStatus, type SparkPod } from './schema';

/** Spark's default overhead factors: JVM applications 0.1, Python and R 0.4 (`spark.kubernetes.memoryOverheadFactor`). */
const jvmFactor = 0.1;
const nonJvmFactor = 0.4;
/** Spark's `spark.driver.memory` and `spark.executor.memory` default. */
const defaultMemory = sparkMemoryOf('1g', 'spark default');

function overheadFactor(spec: SparkApplicationSpec): number {
  if (spec.memoryOverheadFactor !== undefined) return spec.memoryOverheadFactor;
  const type = spec.type?.toLowerCase();
  return type === 'java' || type === 'scala' ? jvmFactor : nonJvmFactor;
}

/** The pod's cpu request: `coreRequest` when given (Spark's `request.cores`), else `cores`, else Spark's 1. */
function cpuOf(pod: SparkPod): string {
  if (pod.coreRequest === undefined) return String(pod.cores ?? 1);
  const path = `${pod.path}.coreRequest`;
  try {
    const quantity = parseQuantity(pod.coreRequest);
    if (isNegative(quantity)) throw new FieldFailure(path, `must not be negative, got ${JSON.stringify(pod.coreRequest)}`);
    return formatQuantity(quantity);
  } catch (error) {
    if (error instanceof QuantityError) throw new FieldFailure(path, `must be a quantity of cores such as "500m" or "1", got ${JSON.stringify(pod.coreRequest.slice(0, 64))}`);
    throw error;
  }
}

function nodeClaimOf(pod: SparkPod, spec: SparkApplicationSpec): NodeClaim | undefined {
  const claim: NodeClaim = {};
  // The application's nodeSelector applies to both roles; the operator refuses it beside a role's own.
  const nodeSelector = pod.nodeSelector ?? spec.nodeSelector;
  if (nodeSelector !== undefined && Object.keys(nodeSelector).length > 0) claim.nodeSelector = nodeSelector;
  if (pod.tolerations !== undefined && pod.tolerations.length > 0) claim.tolerations = pod.tolerations as Toleration[];
  if (pod.hardNodeAffinity !== undefined) claim.hardNodeAffinity = pod.hardNodeAffinity;
  return Object.keys(claim).length > 0 ? claim : undefined;
}

function requirementsOf(pod: SparkPod, spec: SparkApplicationSpec): ComponentRequirements {
  const resourceRequest: Record<string, string> = {
    cpu: cpuOf(pod),
    memory: podMemoryRequest(pod.memory ?? defaultMemory, pod.memoryOverhead, overheadFactor(spec), `${pod.path}.memory`),
  };
  if (pod.gpu !== undefined && pod.gpu.name !== '' && pod.gpu.quantity > 0) resourceRequest[pod.gpu.name] = String(pod.gpu.quantity);
  const requirements: ComponentRequirements = { resourceRequest };
  const nodeClaim = nodeClaimOf(pod, spec);
  if (nodeClaim !== undefined) requirements.nodeClaim = nodeClaim;
  if (pod.priorityClassName !== undefined && pod.priorityClassName !== '') requirements.priorityClassName = pod.priorityClassName;
  return requirements;
}

/**
 * The executors Spark starts: `executor.instances` (default 1); with dynamic allocation, at least
 * `initialExecutors` and `minExecutors` (Spark's `getDynamicAllocationInitialExecutors`, each defaulting to 1 here
 * as in Karmada's catalogue).
 */
function executorReplicas(spec: SparkApplicationSpec): number {
  const instances = spec.executor.instances ?? 1;
  const dynamic = spec.dynamicAllocation;
  if (dynamic === undefined || !dynamic.enabled) return instances;
  return Math.max(instances, dynamic.initialExecutors ?? 1, dynamic.minExecutors ?? 1);
}

function roles(object: SparkApplication): ReplicaSpec[] {
  const spec = object.spec ?? { driver: { configMaps: [], secrets: [], path: 'object.spec.driver' }, executor: { configMaps: [], secrets: [], path: 'object.spec.executor' }, imagePullSecrets: [], path: 'object.spec' };
  return [
    { name: 'driver', namePath: spec.driver.path, replicas: 1, templatePath: `${spec.driver.path}.template`, requirements: requirementsOf(spec.driver, spec) },
    { name: 'executor', namePath: spec.executor.path, replicas: executorReplicas(spec), templatePath: `${spec.executor.path}.template`, requirements: requirementsOf(spec.executor, spec) },
  ];
}

/**
 * The objects the driver and executors need in the member: service accounts, the ConfigMaps and Secrets the roles
 * mount, the image pull secrets, the Spark and Hadoop ConfigMaps, what `spec.volumes` and the roles' pod templates name.
 */
function interpretDependency({ object, namespace }: TypedRequest<SparkApplication>) {
  const spec = object.spec;
  const where = namespaceOf(object.metadata, namespace);
  if (spec === undefined) return { dependencies: [] };
  const named = new NamedReferences(where);
  for (const pod of [spec.driver, spec.executor]) {
    named.add('v1', 'ServiceAccount', pod.serviceAccount);
    named.addAll('v1', 'ConfigMap', pod.configMaps);
    named.addAll('v1', 'Secret', pod.secrets);
  }
  named.add('v1', 'ConfigMap', spec.sparkConfigMap).add('v1', 'ConfigMap', spec.hadoopConfigMap).addAll('v1', 'Secret', spec.imagePullSecrets);
  const volumes = spec.volumes === undefined ? [] : podSpecDependenciesOf({ volumes: spec.volumes }, spec.path, where);
  const templates = templatesDependencies(
    [spec.driver, spec.executor].map((pod) => ({ template: pod.template, path: `${pod.path}.template` })),
    where,
  );
  return { dependencies: mergedReferences([named.list(), volumes, templates]) };
}

/**
 * Karmada's rule, with the operator's other failure: an application that failed (`FAILED`) or whose submission
 * failed (`SUBMISSION_FAILED`) is unhealthy; every other state, a new application's `''` included, is running,
 * settled or on its way; no state at all is unhealthy (the operator has not seen the application).
 */
function interpretHealth({ object }: TypedRequest<SparkApplication>) {
  const state = object.status?.state;
  const stated = valueReason('applicationState.state', state);
  return (state !== undefined && state !== 'FAILED' && state !== 'SUBMISSION_FAILED' ? healthy : unhealthy)(stated);
}

/**
 * The fields Karmada's catalogue reflects, as the member wrote them; an empty map is left out, as on Karmada's Lua
 * path, but for `driverInfo`: the CRD requires it in a status (the operator writes `{}` until the driver runs).
 */
function interpretStatus({ object }: TypedRequest<SparkApplication>) {
  const status = object.status;
  const rawStatus: JsonObject = {};
  for (const field of statusFields) {
    const value = status?.fields[field];
    if (!isEmptyOrAbsent(value) || (field === 'driverInfo' && isJsonObject(value ?? null))) rawStatus[field] = value!;
  }
  return { rawStatus };
}

/** Spark's application states, the worse the higher (Karmada's catalogue order); an unknown state ranks as UNKNOWN. */
const stateRank: Record<string, number> = {
  UNKNOWN: 0, '': 0, SUBMITTED: 1, PENDING_RERUN: 1, COMPLETED: 2, SUSPENDING: 3, SUSPENDED: 3, RUNNING: 4, RESUMING: 4,
  SUCCEEDING: 4, INVALIDATING: 5, FAILING: 6, FAILED: 6, SUBMISSION_FAILED: 6,
};

type Reported = { raw: JsonObject; read: SparkApplicationStatus };

/**
 * The driver the members agree on: each `driverInfo` field every listed member reports alike (the pod and Service
 * names, the port), none where they differ (each member's driver has its own UI address). `{}` when none agree: the
 * CRD requires `driverInfo` in a status, and no member's driver is the fleet's.
 */
function agreedDriver(members: Members<Reported>): JsonObject {
  const names: string[] = [];
  for (const { status } of members.reporting) {
    const info = status.read.fields.driverInfo;
    if (isJsonObject(info ?? null)) for (const name of Object.keys(info as JsonObject)) if (!names.includes(name)) names.push(name);
  }
  const driver: JsonObject = {};
  for (const name of names) {
    const value = agreedValue(members, ({ read }) => {
      const info = read.fields.driverInfo;
      return isJsonObject(info ?? null) ? (info as JsonObject)[name] : undefined;
    });
    if (value !== undefined && value !== null) driver[name] = value;
  }
  return driver;
}

/**
 * Several members' statuses as one (Karmada's catalogue): the worst application state (the first among equals), the
 * attempts summed (an int32 sum), the latest submission and termination times (removed when no member reports one:
 * the CRD's `date-time` refuses Karmada's `''`), every member's executors, and the driver they agree on. The control
 * plane's other status fields stay.
 */
function merged(current: JsonObject | undefined, statuses: SparkApplicationStatus[], driverInfo: JsonObject): JsonObject {
  let worst: SparkApplicationStatus | undefined;
  for (const status of statuses) {
    if (!status.hasApplicationState) continue;
    const rank = stateRank[status.state ?? ''] ?? 0;
    if (worst === undefined || rank > (stateRank[worst.state ?? ''] ?? 0)) worst = status;
  }
  const executors: JsonObject = {};
  for (const status of statuses) Object.assign(executors, status.executorState);
  const result: JsonObject = { ...current };
  const applicationState = worst?.fields.applicationState;
  if (applicationState !== undefined && !isEmptyOrAbsent(applicationState)) result.applicationState = applicationState;
  else delete result.applicationState;
  result.executionAttempts = sumOf(statuses, (status) => status.executionAttempts, 'executionAttempts');
  if (Object.keys(executors).length > 0) result.executorState = executors;
  else delete result.executorState;
  result.submissionAttempts = sumOf(statuses, (status) => status.submissionAttempts, 'submissionAttempts');
  for (const field of ['lastSubmissionAttemptTime', 'terminationTime'] as const) {
    const latest = latestTime(statuses.map((status) => status[field]));
    if (latest !== undefined) result[field] = latest;
    else delete result[field];
  }
  result.driverInfo = driverInfo;
  return result;
}

/**
 * As Karmada's catalogue frames it: no member listed, the status stays as it is; one, that member's status, whole
 * (without the empty maps and lists Karmada's Lua path drops); several, merged as above. A status that is none or
 * empty is removed. Whatever status is written has a `driverInfo` (`{}` where the member reported none), which the
 * CRD requires.
 */
function aggregateStatus(request: TypedRequest<SparkApplication>) {
  const members = membersOf(request.aggregatedStatus, (status): Reported => ({ raw: status.value!, read: readStatus(status) }));
  const patch = request.patch();
  if (members.listed === 0) return patch.operations;
  let status: JsonObject | undefined;
  if (members.listed === 1) {
    const only = members.reporting[0];
    if (only !== undefined) status = withoutEmptyContainers(only.status.raw) as JsonObject;
  } else {
    status = merged(request.object.rawStatus, members.reporting.map(({ status: reported }) => reported.read), agreedDriver(members));
  }
  if (status === undefined || Object.keys(status).length === 0) return patch.remove(['status']).operations;
  if (status.driverInfo === undefined || status.driverInfo === null) status.driverInfo = {};
  return patch.add(['status'], status).operations;
}

export const sparkApplicationInterpreter = defineInterpreter<SparkApplication>({
  ...sparkApplication,
  decode: readSparkApplication,
  operations: {
    InterpretComponent: ({ object }) => componentsOf(roles(object)),
    InterpretDependency: interpretDependency,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
