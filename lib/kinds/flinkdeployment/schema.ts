// The FlinkDeployment's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from the operator's API (flink-kubernetes-operator-api 1.10.0: spec/
// FlinkDeploymentSpec, JobManagerSpec, TaskManagerSpec, Resource, JobSpec; status/FlinkDeploymentStatus, JobStatus),
// for the fields read only (see README.md).
import { countField, fieldPath, fieldValue, objectField, objectItems, stringField, stringMapField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../../review/json';
import { roleResourcesOf, type RoleResources } from './resources';

/** `spec.jobManager` or `spec.taskManager`. */
export interface Role {
  /** `replicas`: the operator defaults a JobManager to 1; a TaskManager without one is sized from the parallelism. */
  replicas?: number;
  resources: RoleResources;
  /** `podTemplate.spec` of the role, merged over the common one by the operator. */
  podSpec?: JsonObject;
  /** Where the role is, for messages. */
  path: string;
}

export interface FlinkDeploymentSpec {
  jobManager: Role;
  taskManager: Role;
  /** `spec.job.parallelism` (a Java int; absent for a session cluster). */
  parallelism?: number;
  /** `spec.flinkConfiguration["taskmanager.numberOfTaskSlots"]`, read as an integer. */
  taskSlots?: number;
  /** `spec.podTemplate.spec`: the pod template both roles start from. */
  podSpec?: JsonObject;
  path: string;
}

/**
 * The status fields Karmada's catalogue reflects and aggregates, in its order, each kept as the member wrote it;
 * and `conditions`, which the operator writes since 1.15.0 (Karmada's catalogue predates them).
 */
export const statusFields = [
  'clusterInfo',
  'conditions',
  'error',
  'jobManagerDeploymentStatus',
  'jobStatus',
  'lifecycleState',
  'observedGeneration',
  'reconciliationStatus',
  'taskManager',
] as const;
export type StatusField = (typeof statusFields)[number];

const isObject = (value: JsonValue) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: JsonValue) => typeof value === 'string';

/**
 * Each copied field's JSON type, as the CRD types it (flinkdeployments.flink.apache.org-v1.yml of the 1.10.0 API jar;
 * `conditions`, a list of metav1.Condition, since the operator's 1.15.0): a member's status of another type is no
 * FlinkDeployment's, and copied on it would be refused where Karmada writes it (`status.observedGeneration: Invalid
 * value: "string": observedGeneration in body must be of type integer`).
 */
const statusFieldTypes: Record<StatusField, { is: (value: JsonValue) => boolean; what: string }> = {
  clusterInfo: { is: isObject, what: 'an object' },
  conditions: { is: Array.isArray, what: 'a list' },
  error: { is: isString, what: 'a string' },
  jobManagerDeploymentStatus: { is: isString, what: 'a string' },
  jobStatus: { is: isObject, what: 'an object' },
  lifecycleState: { is: isString, what: 'a string' },
  observedGeneration: { is: (value) => typeof value === 'number' && Number.isInteger(value), what: 'an integer' },
  reconciliationStatus: { is: isObject, what: 'an object' },
  taskManager: { is: isObject, what: 'an object' },
};

/** FlinkDeploymentStatus: the fields as written, plus the ones health reads. */
export interface FlinkDeploymentStatus {
  fields: Partial<Record<StatusField, JsonValue>>;
  /** `jobStatus.state`: Flink's JobStatus (RUNNING, FAILED…), absent for a session cluster or before the first observation. */
  jobState?: string;
  error?: string;
  /** JobManagerDeploymentStatus: READY, DEPLOYED_NOT_READY, DEPLOYING, MISSING, ERROR. */
  jobManagerDeploymentStatus?: string;
  /** ResourceLifecycleState: CREATED, SUSPENDED, UPGRADING, DEPLOYED, STABLE, ROLLING_BACK, ROLLED_BACK, FAILED. */
  lifecycleState?: string;
}

/**
 * The object, its parts read when an operation asks for them: health and status never refuse an object for a
 * spec they do not read, nor the replica operations for a status (Karmada's Lua reads no more than it uses either).
 */
export interface FlinkDeployment {
  metadata: Pick<ObjectMetaView, 'namespace'>;
  /** `spec`, read (or a FieldFailure naming the wrong field); undefined when absent. */
  spec(): FlinkDeploymentSpec | undefined;
  /** `status`, read (or a FieldFailure naming the wrong field); undefined when absent. */
  status(): FlinkDeploymentStatus | undefined;
  /** `status` as written, checked to be an object only; undefined when absent. */
  rawStatus(): JsonObject | undefined;
}

const taskSlotsKey = 'taskmanager.numberOfTaskSlots';

/**
 * The slots per TaskManager. In the 1.10.0 CRD flinkConfiguration maps keys to strings; since the operator's 1.13.0
 * (FLINK-37406, ConfigObjectNode) it may also be structured YAML that the operator flattens, so
 * `taskmanager: {numberOfTaskSlots: 2}` says the same. Flink reads the option as an int (`Integer.parseInt` of the
 * trimmed text). Anything else is a FieldFailure: the operator refuses such a configuration.
 */
function taskSlotsOf(configuration: JsonObject | undefined, path: string): number | undefined {
  let value = fieldValue(configuration, taskSlotsKey);
  let slotsPath = `${path}[${JSON.stringify(taskSlotsKey)}]`;
  if (value === undefined) {
    const taskManagerPath = fieldPath(path, 'taskmanager');
    const taskManager = fieldValue(configuration, 'taskmanager');
    if (taskManager === undefined || taskManager === null || typeof taskManager !== 'object' || Array.isArray(taskManager)) return undefined;
    value = fieldValue(taskManager, 'numberOfTaskSlots');
    slotsPath = fieldPath(taskManagerPath, 'numberOfTaskSlots');
  }
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  if (text !== undefined && /^[+-]?[0-9]{1,10}$/.test(text)) {
    const slots = Number(text);
    if (slots >= 0 && slots <= 2147483647) return slots;
    if (slots < 0) throw new FieldFailure(slotsPath, `must not be negative, got ${describeJson(value)}`);
  }
  throw new FieldFailure(slotsPath, `must be a whole number of task slots that fits in an int32, got ${describeJson(value)}`);
}

/** Deeper than this, a value this kind copies into its answer is refused: no Kubernetes object nests so deep. */
export const maxDepth = 512;

/**
 * `value`, checked to nest at most `maxDepth` levels (without recursion, so any input is measured): the answer is
 * written by JSON.stringify, which recurses and would fail on a value thousands of levels deep.
 */
export function shallowEnough<V extends JsonValue>(value: V, path: string): V {
  const pending: [JsonValue, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > maxDepth) throw new FieldFailure(path, `nests JSON more than ${maxDepth} levels deep; no Kubernetes object does`);
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return value;
}

/** A Java int (JobSpec.parallelism): any sign, within int32; the operator cannot read a larger one. */
function int32Field(parent: JsonObject | undefined, name: string, path: string): number | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new FieldFailure(path, `must be an integer, got ${describeJson(value)}`);
  if (value < -2147483648 || value > 2147483647) throw new FieldFailure(path, `must fit in an int32 (a Java int to the operator), got ${value}`);
  return value;
}

/** A role's `podTemplate.spec`, checked to be objects down to it. */
function podSpecOf(parent: JsonObject | undefined, path: string): JsonObject | undefined {
  const templatePath = fieldPath(path, 'podTemplate');
  const template = objectField(parent, 'podTemplate', templatePath);
  const specPath = fieldPath(templatePath, 'spec');
  const podSpec = objectField(template, 'spec', specPath);
  if (podSpec === undefined) return undefined;
  // The fields Karmada's requirements read, checked where they are written (a merged value has no single path).
  stringMapField(podSpec, 'nodeSelector', fieldPath(specPath, 'nodeSelector'));
  for (const { item, path: itemPath } of objectItems(podSpec, 'tolerations', fieldPath(specPath, 'tolerations'), podTemplateLimits.listItems)) {
    shallowEnough(item, itemPath);
  }
  stringField(podSpec, 'priorityClassName', fieldPath(specPath, 'priorityClassName'));
  const affinity = objectField(podSpec, 'affinity', fieldPath(specPath, 'affinity'));
  const nodeAffinity = objectField(affinity, 'nodeAffinity', fieldPath(specPath, 'affinity.nodeAffinity'));
  const required = objectField(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution', fieldPath(specPath, 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution'));
  if (required !== undefined) shallowEnough(required, fieldPath(specPath, 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution'));
  return podSpec;
}

function roleOf(spec: JsonObject, name: 'jobManager' | 'taskManager', path: string): Role {
  const rolePath = fieldPath(path, name);
  const role = objectField(spec, name, rolePath);
  const result: Role = { resources: roleResourcesOf(role, rolePath), path: rolePath };
  const replicas = countField(role, 'replicas', fieldPath(rolePath, 'replicas'));
  if (replicas !== undefined) result.replicas = replicas;
  const podSpec = podSpecOf(role, rolePath);
  if (podSpec !== undefined) result.podSpec = podSpec;
  return result;
}

function specOf(spec: JsonObject, path: string): FlinkDeploymentSpec {
  const job = objectField(spec, 'job', fieldPath(path, 'job'));
  const configurationPath = fieldPath(path, 'flinkConfiguration');
  const result: FlinkDeploymentSpec = {
    jobManager: roleOf(spec, 'jobManager', path),
    taskManager: roleOf(spec, 'taskManager', path),
    path,
  };
  const parallelism = int32Field(job, 'parallelism', fieldPath(path, 'job.parallelism'));
  if (parallelism !== undefined) result.parallelism = parallelism;
  const taskSlots = taskSlotsOf(objectField(spec, 'flinkConfiguration', configurationPath), configurationPath);
  if (taskSlots !== undefined) result.taskSlots = taskSlots;
  const podSpec = podSpecOf(spec, path);
  if (podSpec !== undefined) result.podSpec = podSpec;
  return result;
}

/**
 * A member's status (or what InterpretStatus returned for it): the fields Karmada reflects, kept as written (they are
 * copied, never computed with), and the four health reads, each checked to be a string.
 */
export function readStatus(status: JsonObject, path: string): FlinkDeploymentStatus {
  const at = (name: string) => fieldPath(path, name);
  const result: FlinkDeploymentStatus = { fields: statusFieldsOf(status, path) };
  const jobStatus = objectField(status, 'jobStatus', at('jobStatus'));
  const jobState = stringField(jobStatus, 'state', at('jobStatus.state'));
  if (jobState !== undefined) result.jobState = jobState;
  const error = stringField(status, 'error', at('error'));
  if (error !== undefined) result.error = error;
  const jobManager = stringField(status, 'jobManagerDeploymentStatus', at('jobManagerDeploymentStatus'));
  if (jobManager !== undefined) result.jobManagerDeploymentStatus = jobManager;
  const lifecycle = stringField(status, 'lifecycleState', at('lifecycleState'));
  if (lifecycle !== undefined) result.lifecycleState = lifecycle;
  return result;
}

/** The fields Karmada reflects and aggregates, as written (null is absent), each checked not to nest too deep. */
export function statusFieldsOf(status: JsonObject, path: string): Partial<Record<StatusField, JsonValue>> {
  const fields: Partial<Record<StatusField, JsonValue>> = {};
  for (const field of statusFields) {
    const value = fieldValue(status, field);
    if (value === undefined) continue;
    const at = fieldPath(path, field);
    if (!statusFieldTypes[field].is(value)) throw new FieldFailure(at, `must be ${statusFieldTypes[field].what}, got ${describeJson(value)}`);
    if (field === 'taskManager') {
      // The scale subresource's paths: the API server refuses a status whose `.status.taskManager.replicas` is no
      // int32 ≥ 0 (`should be a non-negative integer`, `should be less than or equal to 2147483647`).
      countField(value as JsonObject, 'replicas', fieldPath(at, 'replicas'));
      stringField(value as JsonObject, 'labelSelector', fieldPath(at, 'labelSelector'));
    }
    fields[field] = shallowEnough(value, at);
  }
  return fields;
}

/** The reader: the namespace now, spec and status when asked for; it never defaults or alters a value. */
export function readFlinkDeployment(object: JsonObject, path: string): FlinkDeployment {
  const metadataPath = fieldPath(path, 'metadata');
  const metadata = objectField(object, 'metadata', metadataPath);
  const namespace = stringField(metadata, 'namespace', fieldPath(metadataPath, 'namespace'));
  return {
    metadata: namespace === undefined ? {} : { namespace },
    spec: () => {
      const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
      return spec === undefined ? undefined : specOf(spec, fieldPath(path, 'spec'));
    },
    rawStatus: () => objectField(object, 'status', fieldPath(path, 'status')),
    status: () => {
      const status = objectField(object, 'status', fieldPath(path, 'status'));
      return status === undefined ? undefined : readStatus(status, fieldPath(path, 'status'));
    },
  };
}
