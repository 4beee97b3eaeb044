// The Volcano Job's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from volcano.sh/apis pkg/apis/batch/v1alpha1/job.go (json tags), for the
// fields read only (see README.md).
import { countField, fieldPath, fieldValue, objectField, objectItems, stringField, stringMapField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import { conditionList, podTemplateLimits } from '../../kube/limits';
import { FieldFailure } from '../../review/core';
import { quoted, type JsonObject } from '../../review/json';
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
function tasksOf(spec: JsonObject | undefined, specPath: string): ReplicaSpec[] {
  const tasks = replicaSpecsFromList(spec, 'tasks', specPath, { replicasField: 'minAvailable', defaultName: (index) => `task-${index}` });
  if (tasks.length === 0) return tasks;
  // The shape has read and checked every item as an object; only the fallback count is left to read.
  const items = fieldValue(spec, 'tasks') as JsonObject[];
  tasks.forEach((task, index) => {
    const item = items[index]!;
    if (fieldValue(item, 'minAvailable') !== undefined) return;
    const replicas = countField(item, 'replicas', `${specPath}.tasks[${index}].replicas`);
    if (replicas !== undefined) task.replicas = replicas;
  });
  return tasks;
}

function claimNamesOf(spec: JsonObject | undefined, specPath: string): string[] {
  const names: string[] = [];
  for (const { item, path } of objectItems(spec, 'volumes', fieldPath(specPath, 'volumes'), podTemplateLimits.listItems)) {
    const name = stringField(item, 'volumeClaimName', fieldPath(path, 'volumeClaimName'));
    if (name !== undefined && name !== '') names.push(name);
  }
  return names;
}

/** A date-time string (the CRD's `format: date-time`); one no clock can read is a 400 naming it. */
function timeField(parent: JsonObject | undefined, name: string, path: string): string | undefined {
  const value = stringField(parent, name, path);
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw new FieldFailure(path, `must be a date-time such as "2025-09-29T10:57:38Z", got ${quoted(value, 40)}`);
  return value;
}

function stateOf(status: JsonObject, path: string): JobState | undefined {
  const statePath = fieldPath(path, 'state');
  const state = objectField(status, 'state', statePath);
  if (state === undefined) return undefined;
  const read: JobState = {};
  for (const name of ['phase', 'reason', 'message'] as const) {
    const value = stringField(state, name, fieldPath(statePath, name));
    if (value !== undefined) read[name] = value;
  }
  const time = timeField(state, 'lastTransitionTime', fieldPath(statePath, 'lastTransitionTime'));
  if (time !== undefined) read.lastTransitionTime = time;
  return read;
}

function taskStatusCountOf(status: JsonObject, path: string): Record<string, Record<string, number>> | undefined {
  const mapPath = fieldPath(path, 'taskStatusCount');
  const map = objectField(status, 'taskStatusCount', mapPath);
  if (map === undefined) return undefined;
  const read: Record<string, Record<string, number>> = {};
  for (const task of Object.keys(map)) {
    const taskPath = `${mapPath}[${JSON.stringify(task)}]`;
    const taskState = objectField(map, task, taskPath);
    const phasePath = fieldPath(taskPath, 'phase');
    const phases = objectField(taskState, 'phase', phasePath);
    const counts: Record<string, number> = {};
    for (const phase of Object.keys(phases ?? {})) {
      const count = countField(phases, phase, `${phasePath}[${JSON.stringify(phase)}]`);
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

function conditionsOf(status: JsonObject, path: string): JobCondition[] | undefined {
  const listPath = fieldPath(path, 'conditions');
  if (fieldValue(status, 'conditions') === undefined) return undefined;
  return objectItems(status, 'conditions', listPath, conditionList).map(({ item, path: itemPath }) => {
    const statusPath = fieldPath(itemPath, 'status');
    const phase = stringField(item, 'status', statusPath);
    // The CRD requires it: a condition says which phase the job entered.
    if (phase === undefined) throw new FieldFailure(statusPath, 'is required (the phase the job entered)');
    if (phase.length > phaseMaxLength) {
      throw new FieldFailure(statusPath, `has ${phase.length} characters; at most ${phaseMaxLength} are accepted (Volcano's phases have at most 11)`);
    }
    const condition: JobCondition = { status: phase };
    const time = timeField(item, 'lastTransitionTime', fieldPath(itemPath, 'lastTransitionTime'));
    if (time !== undefined) condition.lastTransitionTime = time;
    return condition;
  });
}

/** A Job's status, or a member's as InterpretStatus reflected it: every field checked, nothing defaulted. */
export function readJobStatus(status: JsonObject, path: string): JobStatus {
  const read: JobStatus = {};
  const state = stateOf(status, path);
  if (state !== undefined) read.state = state;
  for (const name of jobCounters) {
    const count = countField(status, name, fieldPath(path, name));
    if (count !== undefined) read[name] = count;
  }
  const durationPath = fieldPath(path, 'runningDuration');
  const duration = stringField(status, 'runningDuration', durationPath);
  if (duration !== undefined) {
    const seconds = durationSeconds(duration);
    if (seconds === undefined) throw new FieldFailure(durationPath, `must be a duration such as "35.6s" or "2m30s", got ${quoted(duration, 40)}`);
    read.runningDuration = duration;
    read.runningSeconds = seconds;
  }
  const taskStatusCount = taskStatusCountOf(status, path);
  if (taskStatusCount !== undefined) read.taskStatusCount = taskStatusCount;
  const controlledResources = stringMapField(status, 'controlledResources', fieldPath(path, 'controlledResources'));
  if (controlledResources !== undefined) read.controlledResources = controlledResources;
  const conditions = conditionsOf(status, path);
  if (conditions !== undefined) read.conditions = conditions;
  return read;
}

/** Reads every field the interpreter uses; it never alters a value. */
export function readVolcanoJob(object: JsonObject, path: string): VolcanoJob {
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  const job: VolcanoJob = { metadata: metadataOf(object, path), tasks: tasksOf(spec, specPath), claimNames: claimNamesOf(spec, specPath) };
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) job.status = readJobStatus(status, fieldPath(path, 'status'));
  return job;
}
