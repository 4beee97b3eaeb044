// The FlinkDeployment's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from the operator's API (flink-kubernetes-operator-api 1.10.0: spec/
// FlinkDeploymentSpec, JobManagerSpec, TaskManagerSpec, Resource, JobSpec; status/FlinkDeploymentStatus, JobStatus),
// for the fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { roleResourcesOf, type RoleResources } from './resources';

/** `spec.jobManager` or `spec.taskManager`. */
export interface Role {
  /** `replicas`: the operator defaults a JobManager to 1; a TaskManager without one is sized from the parallelism. */
  replicas?: number;
  resources: RoleResources;
  /** `podTemplate.spec` of the role, merged over the common one by the operator. */
  podSpec?: JsonObject;
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
  /** Where the spec is, for messages (computed when asked). */
  readonly path: string;
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

const isString = (value: JsonValue) => typeof value === 'string';

/**
 * Each copied field's JSON type, as the CRD types it (flinkdeployments.flink.apache.org-v1.yml of the 1.10.0 API jar;
 * `conditions`, a list of metav1.Condition, since the operator's 1.15.0): a member's status of another type is no
 * FlinkDeployment's, and copied on it would be refused where Karmada writes it (`status.observedGeneration: Invalid
 * value: "string": observedGeneration in body must be of type integer`).
 */
const statusFieldTypes: Record<StatusField, { is: (value: JsonValue) => boolean; what: string }> = {
  clusterInfo: { is: isJsonObject, what: 'an object' },
  conditions: { is: Array.isArray, what: 'a list' },
  error: { is: isString, what: 'a string' },
  jobManagerDeploymentStatus: { is: isString, what: 'a string' },
  jobStatus: { is: isJsonObject, what: 'an object' },
  lifecycleState: { is: isString, what: 'a string' },
  observedGeneration: { is: (value) => typeof value === 'number' && Number.isInteger(value), what: 'an integer' },
  reconciliationStatus: { is: isJsonObject, what: 'an object' },
  taskManager: { is: isJsonObject, what: 'an object' },
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
  /** The namespace only: no operation reads more of the metadata. */
  metadata: Pick<ObjectMetaView, 'namespace'>;
  spec?: FlinkDeploymentSpec;
  status?: FlinkDeploymentStatus;
  /** The status fields Karmada reflects, as written (InterpretStatus reads these only). */
  reflected?: Partial<Record<StatusField, JsonValue>>;
}

const taskSlotsKey = 'taskmanager.numberOfTaskSlots';

/**
 * The slots per TaskManager. In the 1.10.0 CRD flinkConfiguration maps keys to strings; since the operator's 1.13.0
 * (FLINK-37406, ConfigObjectNode) it may also be structured YAML that the operator flattens, so
 * `taskmanager: {numberOfTaskSlots: 2}` says the same. Flink reads the option as an int (`Integer.parseInt` of the
 * trimmed text). Anything else is a FieldFailure: the operator refuses such a configuration.
 */
function taskSlotsOf(configuration: Cursor): number | undefined {
  let value = configuration.raw(taskSlotsKey);
  let slotsPath = () => `${configuration.path}[${JSON.stringify(taskSlotsKey)}]`;
  if (value === undefined) {
    if (!isJsonObject(configuration.raw('taskmanager'))) return undefined;
    const taskManager = configuration.object('taskmanager');
    value = taskManager.raw('numberOfTaskSlots');
    slotsPath = () => taskManager.pathOf('numberOfTaskSlots');
  }
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  if (text !== undefined && /^[+-]?[0-9]{1,10}$/.test(text)) {
    const slots = Number(text);
    if (slots >= 0 && slots <= 2147483647) return slots;
    if (slots < 0) throw new FieldFailure(slotsPath(), `must not be negative, got ${describeJson(value)}`);
  }
  throw new FieldFailure(slotsPath(), `must be a whole number of task slots that fits in an int32, got ${describeJson(value)}`);
}

/** Deeper than this, a value this kind copies into its answer is refused: no Kubernetes object nests so deep. */
export const maxDepth = 512;

/**
 * `value`, checked to nest at most `maxDepth` levels (without recursion, so any input is measured): the answer is
 * written by JSON.stringify, which recurses and would fail on a value thousands of levels deep. `path` names it in a 400.
 */
export function shallowEnough<V extends JsonValue>(value: V, path: () => string): V {
  // Containers only, with their depths beside them: a wide map of strings adds nothing to walk.
  const pending: (JsonObject | JsonValue[])[] = [];
  const depths: number[] = [];
  if (value !== null && typeof value === 'object') (pending.push(value), depths.push(1));
  while (pending.length > 0) {
    const item = pending.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) throw new FieldFailure(path(), `nests JSON more than ${maxDepth} levels deep; no Kubernetes object does`);
    if (Array.isArray(item)) {
      for (const child of item) if (child !== null && typeof child === 'object') (pending.push(child), depths.push(depth + 1));
    } else {
      for (const key in item) {
        const child = item[key]!;
        if (child !== null && typeof child === 'object') (pending.push(child), depths.push(depth + 1));
      }
    }
  }
  return value;
}

/** A Java int (JobSpec.parallelism): any sign, within int32; the operator cannot read a larger one. */
function int32Of(parent: Cursor, name: string): number | undefined {
  const value = parent.raw(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return parent.fail(name, `must be an integer, got ${describeJson(value)}`);
  if (value < -2147483648 || value > 2147483647) parent.fail(name, `must fit in an int32 (a Java int to the operator), got ${value}`);
  return value;
}

/** A role's `podTemplate.spec`, checked to be objects down to it. */
function podSpecOf(parent: Cursor): JsonObject | undefined {
  const podSpec = parent.object('podTemplate').object('spec');
  if (!podSpec.present) return undefined;
  // The fields Karmada's requirements read, checked where they are written (a merged value has no single path).
  podSpec.stringMap('nodeSelector');
  for (const item of podSpec.items('tolerations', podTemplateLimits.listItems)) shallowEnough(item.value!, () => item.path);
  podSpec.string('priorityClassName');
  const required = podSpec.at(['affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution']);
  if (required.present) shallowEnough(required.value!, () => required.path);
  return podSpec.value;
}

function roleOf(spec: Cursor, name: 'jobManager' | 'taskManager'): Role {
  const role = spec.object(name);
  return defined({ resources: roleResourcesOf(role), replicas: role.count('replicas'), podSpec: podSpecOf(role) });
}

function specOf(spec: Cursor): FlinkDeploymentSpec {
  const job = spec.object('job');
  const view = defined({
    jobManager: roleOf(spec, 'jobManager'),
    taskManager: roleOf(spec, 'taskManager'),
    parallelism: int32Of(job, 'parallelism'),
    taskSlots: taskSlotsOf(spec.object('flinkConfiguration')),
    podSpec: podSpecOf(spec),
  });
  return {
    ...view,
    get path() {
      return spec.path;
    },
  };
}

/**
 * A member's status (or what InterpretStatus returned for it): the fields Karmada reflects, kept as written (they are
 * copied, never computed with), and the four health reads, each checked to be a string.
 */
export function readStatus(status: Cursor): FlinkDeploymentStatus {
  return defined({
    fields: statusFieldsOf(status),
    jobState: status.object('jobStatus').string('state'),
    error: status.string('error'),
    jobManagerDeploymentStatus: status.string('jobManagerDeploymentStatus'),
    lifecycleState: status.string('lifecycleState'),
  });
}

/** The fields Karmada reflects and aggregates, as written (null is absent), each checked not to nest too deep. */
export function statusFieldsOf(status: Cursor): Partial<Record<StatusField, JsonValue>> {
  const fields: Partial<Record<StatusField, JsonValue>> = {};
  for (const field of statusFields) {
    const value = status.raw(field);
    if (value === undefined) continue;
    if (!statusFieldTypes[field].is(value)) status.fail(field, `must be ${statusFieldTypes[field].what}, got ${describeJson(value)}`);
    if (field === 'taskManager') {
      // The scale subresource's paths: the API server refuses a status whose `.status.taskManager.replicas` is no
      // int32 ≥ 0 (`should be a non-negative integer`, `should be less than or equal to 2147483647`).
      const taskManager = status.object(field);
      taskManager.count('replicas');
      taskManager.string('labelSelector');
    }
    fields[field] = shallowEnough(value, () => status.pathOf(field));
  }
  return fields;
}

/** The reader: each part read when an operation first asks for it; it never defaults or alters a value. */
export function readFlinkDeployment(object: Cursor): FlinkDeployment {
  return readByPart<FlinkDeployment>({
    metadata: () => defined({ namespace: object.object('metadata').string('namespace') }),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', readStatus),
    reflected: () => object.part('status', statusFieldsOf),
  });
}
