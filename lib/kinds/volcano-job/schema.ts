// The Volcano Job's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from volcano.sh/apis pkg/apis/batch/v1alpha1/job.go (json tags), for the
// fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { conditionList, podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { quoted } from '../../review/json';
import { replicaSpecsFromList, type ReplicaSpec } from '../../shapes/multi-template-workload';
import { durationSeconds } from './duration';

export interface VolcanoJob {
  metadata: ObjectMetaView;
  /** `spec.tasks[]`, one component each (see `tasksOf`). */
  tasks: ReplicaSpec[];
  /** `spec.volumes[].volumeClaimName`: existing PVCs the controller mounts into every pod of the job. */
  claimNames: string[];
  status?: JobStatus;
}

/** JobState: the job's phase, and why and since when it is in it. */
export interface JobState {
  phase?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** JobCondition: one phase the job entered, and when (one entry per transition). */
export interface JobCondition {
  status: string;
  lastTransitionTime?: string;
}

/** The counters Volcano's controller writes (int32, `omitempty`: absent means 0). */
export const jobCounters = ['minAvailable', 'pending', 'running', 'succeeded', 'failed', 'terminating', 'unknown', 'version', 'retryCount'] as const;
export type JobCounter = (typeof jobCounters)[number];

export interface JobStatus extends Partial<Record<JobCounter, number>> {
  state?: JobState;
  /** metav1.Duration as Go writes it ("35.6s", "2m30s"). */
  runningDuration?: string;
  /** `runningDuration` in seconds, to compare. */
  runningSeconds?: number;
  /** Per task, pods per pod phase. */
  taskStatusCount?: Record<string, Record<string, number>>;
  controlledResources?: Record<string, string>;
  conditions?: JobCondition[];
}

/**
 * `spec.tasks[]` as components. A task is counted by `minAvailable`, the pods its gang needs before any runs (as
 * Karmada's catalogue counts it); without one, by `replicas`, as Volcano's admission webhook defaults `minAvailable`
 * (`mutateSpec`: `minAvailable = replicas`); without either, 1 (Karmada's catalogue). A task without a name is
 * `task-<index>`, as Karmada's catalogue names it (Volcano's webhook would call it `default<index>` in a member).
 */
function tasksOf(spec: Cursor): ReplicaSpec[] {
  const tasks = replicaSpecsFromList(spec, 'tasks', { replicasField: 'minAvailable', defaultName: (index) => `task-${index}` });
  if (tasks.length === 0) return tasks;
  // The shape has read and checked every item as an object; only the fallback count is left to read.
  spec.items('tasks').forEach((item, index) => {
    if (!item.has('minAvailable')) tasks[index]!.replicas = item.count('replicas') ?? tasks[index]!.replicas;
  });
  return tasks;
}

function claimNamesOf(spec: Cursor): string[] {
  return spec
    .items('volumes', podTemplateLimits.listItems)
    .map((volume) => volume.string('volumeClaimName'))
    .filter((name): name is string => name !== undefined && name !== '');
}

/** A date-time string (the CRD's `format: date-time`); one no clock can read is a 400 naming it. */
function timeOf(parent: Cursor, name: string): string | undefined {
  const value = parent.string(name);
  if (value !== undefined && Number.isNaN(Date.parse(value))) parent.fail(name, `must be a date-time such as "2025-09-29T10:57:38Z", got ${quoted(value, 40)}`);
  return value;
}

function stateOf(state: Cursor): JobState {
  return defined({ phase: state.string('phase'), reason: state.string('reason'), message: state.string('message'), lastTransitionTime: timeOf(state, 'lastTransitionTime') });
}

function taskStatusCountOf(map: Cursor): Record<string, Record<string, number>> {
  const read: Record<string, Record<string, number>> = {};
  // Task and phase names may hold dots: messages name them `map["key"]`.
  const tasks = map.keyed();
  for (const task of Object.keys(map.value!)) {
    const phases = tasks.object(task).object('phase').keyed();
    const counts: Record<string, number> = {};
    for (const phase of Object.keys(phases.value ?? {})) {
      const count = phases.count(phase);
      if (count !== undefined) counts[phase] = count;
    }
    read[task] = counts;
  }
  return read;
}

/**
 * The longest phase accepted: Volcano's own are at most 11 characters (`Terminating`); the bound keeps a list the
 * aggregation passes on whole (a stopped member's) within a few hundred bytes per transition.
 */
const phaseMaxLength = 63;

function conditionsOf(status: Cursor): JobCondition[] | undefined {
  if (!status.has('conditions')) return undefined;
  return status.items('conditions', conditionList).map((item) => {
    // The CRD requires it: a condition says which phase the job entered.
    const phase = item.string('status') ?? item.fail('status', 'is required (the phase the job entered)');
    if (phase.length > phaseMaxLength) {
      item.fail('status', `has ${phase.length} characters; at most ${phaseMaxLength} are accepted (Volcano's phases have at most 11)`);
    }
    return defined<JobCondition>({ status: phase, lastTransitionTime: timeOf(item, 'lastTransitionTime') });
  });
}

/** A Job's status, or a member's as InterpretStatus reflected it: every field checked, nothing defaulted. */
export function readJobStatus(status: Cursor): JobStatus {
  const read: JobStatus = { state: status.part('state', stateOf) };
  for (const name of jobCounters) read[name] = status.count(name);
  const duration = status.string('runningDuration');
  if (duration !== undefined) {
    read.runningDuration = duration;
    read.runningSeconds = durationSeconds(duration) ?? status.fail('runningDuration', `must be a duration such as "35.6s" or "2m30s", got ${quoted(duration, 40)}`);
  }
  read.taskStatusCount = status.part('taskStatusCount', taskStatusCountOf);
  read.controlledResources = status.stringMap('controlledResources');
  read.conditions = conditionsOf(status);
  return defined(read);
}

/** Reads, by part, every field the interpreter uses; it never alters a value. */
export function readVolcanoJob(object: Cursor): VolcanoJob {
  return readByPart<VolcanoJob>({
    metadata: () => readMetadata(object),
    tasks: () => tasksOf(object.object('spec')),
    claimNames: () => claimNamesOf(object.object('spec')),
    status: () => object.part('status', readJobStatus),
  });
}
