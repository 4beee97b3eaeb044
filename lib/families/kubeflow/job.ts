// The Kubeflow job shape (training-operator's PyTorchJob and TFJob, mpi-operator's MPIJob): replica specs in a map
// keyed by replica type, and the JobStatus both operators write (conditions, replicaStatuses, start, completion and
// reconcile times). Types from github.com/kubeflow/training-operator@v1.9.3 pkg/apis/kubeflow.org/v1/common_types.go
// and github.com/kubeflow/mpi-operator@v0.6.0 pkg/apis/kubeflow/v2beta1/types.go (the same JobStatus).
import type { Decoder, TypedOperationFunction } from '../../interpreter/define';
import { invalidInput } from '../../interpreter/wire/errors';
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { checkListLength } from '../../kube/fields';
import { conditionList, podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { int32Max, quoted, type JsonObject, type JsonValue } from '../../review/json';
import { latestTime, membersOf, type Member } from '../../shapes/aggregation';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { multiTemplateWorkload, type ReplicaSpec } from '../../shapes/multi-template-workload';

/** JobCondition: `type` and `status` are required by the CRD; the rest is kept as written. */
export interface JobCondition {
  type: string;
  status?: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

/** ReplicaStatus: pods per state (int32, `omitempty`), and the selector the operator publishes for them. */
export interface ReplicaStatus {
  active?: number;
  succeeded?: number;
  failed?: number;
  selector?: string;
}

export const replicaCounters = ['active', 'succeeded', 'failed'] as const;

export interface KubeflowJobStatus {
  conditions?: JobCondition[];
  replicaStatuses?: Record<string, ReplicaStatus>;
  startTime?: string;
  completionTime?: string;
  lastReconcileTime?: string;
}

export const jobTimes = ['startTime', 'completionTime', 'lastReconcileTime'] as const;

export interface KubeflowJob {
  metadata: ObjectMetaView;
  /** The replica specs as Karmada's components, in the order the kind lists its replica types. */
  specs: ReplicaSpec[];
  status?: KubeflowJobStatus;
}

/** One replica type a kind schedules: its key in the `*ReplicaSpecs` map and the component name Karmada gives it. */
export interface ReplicaType {
  key: string;
  name: string;
  /** The count when the spec has none (the operator's defaulting: 1, an MPIJob's Worker 0). */
  defaultReplicas: number;
}

export interface ReplicaSpecsLayout {
  /** `pytorchReplicaSpecs`, `tfReplicaSpecs`, `mpiReplicaSpecs`. */
  field: string;
  /** The types read, in order; undefined reads every key (`typeOf` names it). */
  types?: readonly ReplicaType[];
  /** For a kind without a fixed list: the component for a key. */
  typeOf?: (key: string) => ReplicaType;
  /** Whether a spec without a template is left out (Karmada's MPIJob skips it; a pod needs a template). */
  skipWithoutTemplate?: boolean;
}

/**
 * A replica count as Karmada's catalogue reads it (`tonumber`): an integer, or a string holding one; absent, null
 * or `""` is the default. Anything else is a 400 naming the field (the CRD says int32; Lua would quietly default).
 */
function replicasOf(spec: Cursor, fallback: number): number {
  const value = spec.raw('replicas');
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return spec.count('replicas') ?? fallback;
  const trimmed = value.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) spec.fail('replicas', `must be an integer, got ${quoted(value, 40)}`);
  const count = Number(trimmed);
  if (count < 0) spec.fail('replicas', `must not be negative, got ${value}`);
  if (count > int32Max) spec.fail('replicas', `must fit in an int32, got ${value}`);
  return count;
}

/** The keys of a `*ReplicaSpecs` map matched to a kind's types; the operators default a lower-case key to its type. */
function typeKeyOf(map: JsonObject, type: ReplicaType): string | undefined {
  if (Object.hasOwn(map, type.key)) return type.key;
  return Object.keys(map).find((key) => key.toLowerCase() === type.key.toLowerCase());
}

/** The keys of a map, bounded like pod template lists (checked before any work per key). */
function keysOf(map: Cursor): string[] {
  const keys = Object.keys(map.value!);
  if (keys.length > podTemplateLimits.listItems) checkListLength(keys.length, podTemplateLimits.listItems, map.path);
  return keys;
}

/** The replica specs of `spec.<layout.field>` as components (see ReplicaSpecsLayout). */
export function replicaSpecsOf(spec: Cursor, layout: ReplicaSpecsLayout): ReplicaSpec[] {
  const map = spec.object(layout.field);
  if (!map.present) return [];
  const keys = keysOf(map);
  const chosen: { key: string; type: ReplicaType }[] = [];
  for (const type of layout.types ?? []) {
    const key = typeKeyOf(map.value!, type);
    if (key !== undefined) chosen.push({ key, type });
  }
  if (layout.types === undefined) for (const key of keys) chosen.push({ key, type: layout.typeOf!(key) });
  const specs: ReplicaSpec[] = [];
  for (const { key, type } of chosen) {
    const item = map.object(key);
    if (!item.present) continue;
    const template = item.podTemplate('template');
    if (template === undefined && layout.skipWithoutTemplate === true) continue;
    // The paths are getters: messages need them, a valid object never does.
    specs.push({
      name: type.name,
      get namePath() {
        return item.path;
      },
      replicas: replicasOf(item, type.defaultReplicas),
      get templatePath() {
        return item.pathOf('template');
      },
      ...(template === undefined ? {} : { template }),
    });
  }
  return specs;
}

/**
 * `status.conditions`, one per type (the first of each: both operators replace a type's condition, never add a
 * second), with only the fields written: a condition without a `type` is a 400, as the CRD requires one, and an
 * absent field stays absent rather than becoming `""`.
 */
function conditionsOf(status: Cursor): JobCondition[] | undefined {
  if (!status.has('conditions')) return undefined;
  const byType = new Map<string, JobCondition>();
  for (const item of status.items('conditions', conditionList)) {
    const condition: JobCondition = { type: item.string('type') ?? item.fail('type', 'is required') };
    for (const name of ['status', 'reason', 'message', 'lastUpdateTime', 'lastTransitionTime'] as const) condition[name] = item.string(name);
    if (!byType.has(condition.type)) byType.set(condition.type, defined(condition));
  }
  return [...byType.values()];
}

function replicaStatusesOf(status: Cursor): Record<string, ReplicaStatus> | undefined {
  const map = status.object('replicaStatuses');
  if (!map.present) return undefined;
  const read: Record<string, ReplicaStatus> = {};
  for (const key of keysOf(map)) {
    const item = map.object(key);
    if (!item.present) continue;
    read[key] = defined({ active: item.count('active'), succeeded: item.count('succeeded'), failed: item.count('failed'), selector: item.string('selector') });
  }
  return read;
}

/** A job's status, or a member's as reflected: every field read is checked, nothing is defaulted. */
export function readKubeflowJobStatus(status: Cursor): KubeflowJobStatus {
  // An empty time is no time.
  const time = (name: (typeof jobTimes)[number]) => status.string(name) || undefined;
  return defined({
    conditions: conditionsOf(status),
    replicaStatuses: replicaStatusesOf(status),
    startTime: time('startTime'),
    completionTime: time('completionTime'),
    lastReconcileTime: time('lastReconcileTime'),
  });
}

/** The reader of a Kubeflow job, by part: metadata, the replica specs as the layout says, the status. */
export function kubeflowJobReader(layout: ReplicaSpecsLayout): Decoder<KubeflowJob> {
  return (object) =>
    readByPart<KubeflowJob>({
      metadata: () => readMetadata(object),
      specs: () => replicaSpecsOf(object.object('spec'), layout),
      status: () => object.part('status', readKubeflowJobStatus),
    });
}

/** Whether a condition of that type is `True`. */
export function hasCondition(status: KubeflowJobStatus | undefined, type: string): boolean {
  return status?.conditions?.some((condition) => condition.type === type && condition.status === 'True') ?? false;
}

/**
 * Health from the job's conditions (both operators' `isFailed`): unhealthy once `Failed` is True, and while the
 * operator has written no condition yet (nothing to judge the job by, as Karmada's catalogue says). Created,
 * Running, Restarting, Suspended and Succeeded are all a job where its owner put it: healthy.
 */
export function kubeflowJobHealth({ status }: KubeflowJob): Health {
  const conditions = status?.conditions ?? [];
  if (conditions.length === 0) return unhealthy('no status.conditions');
  const failed = conditions.find((condition) => condition.type === 'Failed' && condition.status === 'True');
  if (failed !== undefined) return unhealthy(conditionReason(failed, 'Failed'));
  // The latest condition that holds says where the job stands (Running, Succeeded, Suspended…).
  const current = [...conditions].reverse().find((condition) => condition.status === 'True');
  return healthy(current === undefined ? 'no Failed=True condition' : conditionReason(current, current.type));
}

/** Pods per replica type and state summed over members (`types`: only those; undefined: every type reported). */
export function summedReplicaStatuses(statuses: readonly KubeflowJobStatus[], types?: readonly string[]): Record<string, Record<(typeof replicaCounters)[number], number>> {
  const totals: Record<string, Record<(typeof replicaCounters)[number], number>> = {};
  for (const type of types ?? []) totals[type] = { active: 0, succeeded: 0, failed: 0 };
  for (const { replicaStatuses } of statuses) {
    for (const [type, counts] of Object.entries(replicaStatuses ?? {})) {
      if (types !== undefined && !types.includes(type)) continue;
      const total = (totals[type] ??= { active: 0, succeeded: 0, failed: 0 });
      for (const name of replicaCounters) {
        total[name] += counts[name] ?? 0;
        if (total[name] > int32Max) throw invalidInput(`the aggregated status.replicaStatuses.${type}.${name} (${total[name]}) does not fit in an int32`);
      }
    }
  }
  return totals;
}

/** A JSON status with Go's `omitempty`: zeros, empty strings and empty maps and lists left out, recursively. */
export function omitEmpty(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null || item === 0 || item === '') continue;
    if (Array.isArray(item)) {
      const items = item.map((each) => (typeof each === 'object' && each !== null && !Array.isArray(each) ? omitEmpty(each) : each));
      if (items.length > 0) out[key] = items;
    } else if (typeof item === 'object') {
      const inner = omitEmpty(item);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else out[key] = item;
  }
  return out;
}

export interface TrainingJobAggregation {
  /** `PyTorchJob`, `TFJob`: the prefix of the reasons and messages. */
  kind: string;
  /** The replica types counted, as Karmada's catalogue counts them. */
  types: readonly string[];
  /** Whether the Created and Running conditions are aggregated too (Karmada's PyTorchJob; its TFJob has only the end). */
  lifecycle: boolean;
  /** The reason and message of an aggregated Succeeded. */
  succeeded: { reason: string; message: string };
}

/** How one member ended: `Failed` or `Succeeded` True; when both are (never written), Failed, or with `lastWins` the later listed. */
function memberEnd(status: KubeflowJobStatus, lastWins: boolean): 'Failed' | 'Succeeded' | undefined {
  let end: 'Failed' | 'Succeeded' | undefined;
  for (const { type, status: value } of status.conditions ?? []) {
    if ((type === 'Failed' || type === 'Succeeded') && value === 'True') {
      if (end === undefined || lastWins) end = type;
      if (!lastWins && type === 'Failed') end = 'Failed';
    }
  }
  return end;
}

/**
 * training-operator's status over members, as Karmada's catalogue builds it: earliest start, latest reconcile,
 * pods summed per replica type, and a condition list the job's own: Created (some member created it), Running
 * (some member reported one; False once the job ended), then Failed (some member failed, naming them) or Succeeded
 * (every listed member succeeded, with the latest completion time). Times are the members' own, never the clock.
 * Undefined when the members report nothing to aggregate: the status is removed, as Karmada's catalogue leaves none.
 */
export function aggregateTrainingJob(items: Parameters<typeof membersOf>[0], options: TrainingJobAggregation): JsonObject | undefined {
  const { reporting, listed } = membersOf(items, readKubeflowJobStatus);
  // No member: an empty status (Karmada's catalogue resets it). Members that report nothing: none at all.
  if (listed === 0) return {};
  const statuses = reporting.map(({ status }) => status);
  const startTime = latestTime(statuses.map((status) => status.startTime), true);
  const completionTime = latestTime(statuses.map((status) => status.completionTime));
  const failed: Member<KubeflowJobStatus>[] = [];
  let succeeded = 0;
  let created = false;
  let running: JobCondition | undefined;
  for (const member of reporting) {
    const end = memberEnd(member.status, !options.lifecycle);
    if (end === 'Failed') failed.push(member);
    else if (end === 'Succeeded') succeeded++;
    if (hasCondition(member.status, 'Created')) created = true;
    // The last member's Running condition gives the times (Karmada's catalogue picks one the same way).
    for (const condition of member.status.conditions ?? []) if (condition.type === 'Running') running = condition;
  }
  const conditions: JsonValue[] = [];
  const condition = (type: string, status: string, time: string | undefined, reason: string, message: string): JsonObject => {
    const made: JsonObject = { type, status };
    if (time !== undefined) {
      // Karmada's TFJob writes only a transition time (its clock's; the members' own here).
      if (options.lifecycle) made.lastUpdateTime = time;
      made.lastTransitionTime = time;
    }
    return { ...made, reason, message };
  };
  const allSucceeded = succeeded === listed;
  if (options.lifecycle && created) conditions.push(condition('Created', 'True', startTime, `${options.kind}Created`, `${options.kind} is created.`));
  if (options.lifecycle && running !== undefined) {
    const made: JsonObject = { type: 'Running', status: failed.length > 0 || allSucceeded ? 'False' : 'True' };
    if (running.lastUpdateTime !== undefined) made.lastUpdateTime = running.lastUpdateTime;
    if (running.lastTransitionTime !== undefined) made.lastTransitionTime = running.lastTransitionTime;
    conditions.push({ ...made, reason: `${options.kind}Running`, message: `${options.kind} is running.` });
  }
  const status: JsonObject = {};
  if (failed.length > 0) {
    const clusters = failed.map(({ clusterName }) => clusterName).join(', ');
    conditions.push(condition('Failed', 'True', completionTime, `${options.kind}Failed`, `${options.kind} executed failed in member clusters: ${clusters}`));
  } else if (allSucceeded) {
    conditions.push(condition('Succeeded', 'True', completionTime, options.succeeded.reason, options.succeeded.message));
    if (completionTime !== undefined) status.completionTime = completionTime;
  }
  if (startTime !== undefined) status.startTime = startTime;
  const lastReconcileTime = latestTime(statuses.map((status) => status.lastReconcileTime));
  if (lastReconcileTime !== undefined) status.lastReconcileTime = lastReconcileTime;
  status.replicaStatuses = summedReplicaStatuses(statuses, options.types);
  status.conditions = conditions;
  const result = omitEmpty(status);
  return Object.keys(result).length === 0 ? undefined : result;
}

/** Replica types of a fixed list, each named by its lower-cased key and counted 1 by default (training-operator). */
export function trainingReplicaTypes(keys: readonly string[]): ReplicaType[] {
  return keys.map((key) => ({ key, name: key.toLowerCase(), defaultReplicas: 1 }));
}

/** A training-operator kind (PyTorchJob, TFJob): its replica specs field, its types, and how Karmada aggregates it. */
export interface TrainingJob extends TrainingJobAggregation {
  /** `pytorchReplicaSpecs`, `tfReplicaSpecs`. */
  field: string;
}

/**
 * The reader and operations of a training-operator kind, on the shapes: one component per replica type present,
 * the templates' dependencies, health from the conditions, and the status over members as `aggregateTrainingJob`.
 */
export function trainingJob(options: TrainingJob): {
  decode: Decoder<KubeflowJob>;
  operations: {
    InterpretComponent: TypedOperationFunction<KubeflowJob, 'InterpretComponent'>;
    InterpretDependency: TypedOperationFunction<KubeflowJob, 'InterpretDependency'>;
    AggregateStatus: TypedOperationFunction<KubeflowJob, 'AggregateStatus'>;
    InterpretHealth: TypedOperationFunction<KubeflowJob, 'InterpretHealth'>;
  };
} {
  const shape = multiTemplateWorkload<KubeflowJob>((job) => job.specs);
  return {
    decode: kubeflowJobReader({ field: options.field, types: trainingReplicaTypes(options.types) }),
    operations: {
      InterpretComponent: shape.InterpretComponent,
      InterpretDependency: shape.InterpretDependency,
      AggregateStatus: ({ aggregatedStatus, patch }) => {
        const status = aggregateTrainingJob(aggregatedStatus, options);
        return status === undefined ? patch().remove(['status']).operations : patch().add(['status'], status).operations;
      },
      InterpretHealth: ({ object }) => kubeflowJobHealth(object),
    },
  };
}
