// Volcano's Job interpreter: a multi-template workload whose tasks are Karmada components, with Volcano's job phase
// as its health and its status summed across members (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { membersOf, sumOf, type Member } from '../../shapes/aggregation';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { int32Max, type JsonObject, type JsonValue } from '../../review/json';
import { invalidInput } from '../../interpreter/wire/errors';
import { volcanoJob } from './identity';
import { jobCounters, readJobStatus, readVolcanoJob, type JobCondition, type JobState, type JobStatus, type VolcanoJob } from './schema';

type Request = TypedRequest<VolcanoJob>;

const shape = multiTemplateWorkload<VolcanoJob>((job) => job.tasks);

// ---- InterpretHealth ----

/**
 * Phases of a job that is where its owner or its policies put it. Only `Failed` (restarted `maxRetry` times and
 * still failing) is a job that cannot go on; an unknown or empty phase is not yet a judgement either way.
 */
const healthyPhases = new Set(['Pending', 'Running', 'Restarting', 'Completing', 'Completed', 'Aborting', 'Aborted', 'Terminating', 'Terminated']);

function interpretHealth({ object }: Request) {
  const phase = object.status?.state?.phase;
  const stated = valueReason('state.phase', phase);
  if (phase !== undefined && healthyPhases.has(phase)) return healthy(stated);
  return unhealthy(phase === undefined || phase === '' || phase === 'Failed' ? stated : `${stated} (not a phase Volcano writes)`);
}

// ---- InterpretStatus ----

/** A member's status in Volcano's own shape: the fields it reports, empty maps and lists left out (`omitempty`). */
function statusJson(status: JobStatus): JsonObject {
  const json: JsonObject = {};
  for (const name of jobCounters) if (status[name] !== undefined) json[name] = status[name];
  if (status.runningDuration !== undefined) json.runningDuration = status.runningDuration;
  const taskStatusCount = status.taskStatusCount ?? {};
  if (Object.keys(taskStatusCount).length > 0) {
    json.taskStatusCount = Object.fromEntries(Object.entries(taskStatusCount).map(([task, phase]) => [task, { phase }]));
  }
  if (Object.keys(status.controlledResources ?? {}).length > 0) json.controlledResources = status.controlledResources!;
  if (status.state !== undefined) json.state = status.state as JsonObject;
  if ((status.conditions ?? []).length > 0) json.conditions = status.conditions as unknown as JsonValue[];
  return json;
}

function interpretStatus({ object }: Request) {
  return { rawStatus: object.status === undefined ? {} : statusJson(object.status) };
}

// ---- AggregateStatus ----

/** Phases a condition can name that mean the job stopped short (Karmada's catalogue takes such a member's conditions). */
const stoppedPhases = new Set(['Failed', 'Aborted', 'Aborting', 'Terminated', 'Terminating']);

/** The later of two optional times; an absent time is older than any. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function latestTransition(states: readonly (JobState | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const state of states) latest = later(latest, state?.lastTransitionTime);
  return latest;
}

/**
 * The job's state across members: `Failed` when a member failed or was aborted, `Completed` when every listed member
 * completed (as Karmada's catalogue says), otherwise the phase every listed member is in, otherwise none. Its time is
 * the latest transition of the members it stands for, never the clock.
 */
function aggregateState(members: readonly Member<JobStatus>[], listed: number): JobState | undefined {
  const failed = members.filter(({ status }) => status.state?.phase === 'Failed' || status.state?.phase === 'Aborted');
  const states = members.map(({ status }) => status.state);
  let state: JobState | undefined;
  if (failed.length > 0) {
    const clusters = failed.map(({ clusterName }) => clusterName).filter((name) => name !== '');
    state = { phase: 'Failed', reason: 'VolcanoJobFailed', message: `Job failed in clusters: ${clusters.join(',')}` };
    const time = latestTransition(failed.map(({ status }) => status.state));
    if (time !== undefined) state.lastTransitionTime = time;
    return state;
  }
  const phase = states[0]?.phase;
  if (members.length !== listed || phase === undefined || phase === '' || !states.every((each) => each?.phase === phase)) return undefined;
  state = phase === 'Completed' ? { phase, reason: 'Completed', message: 'Job completed successfully' } : { phase };
  if (phase !== 'Completed') {
    // Reason and message only where every member gives the same one: a mix describes no cluster.
    for (const name of ['reason', 'message'] as const) {
      const value = states[0]?.[name];
      if (value !== undefined && value !== '' && states.every((each) => each?.[name] === value)) state[name] = value;
    }
  }
  const time = latestTransition(states);
  if (time !== undefined) state.lastTransitionTime = time;
  return state;
}

/**
 * Conditions across members: those of the first member with a condition naming a stopped phase (they tell how it
 * stopped), else, per phase, the latest transition any member reports, phases in the order they first appear.
 */
function aggregateConditions(statuses: readonly JobStatus[]): JobCondition[] {
  const stopped = statuses.find(({ conditions }) => conditions?.some(({ status }) => stoppedPhases.has(status)));
  if (stopped !== undefined) return stopped.conditions!;
  const latest = new Map<string, JobCondition>();
  for (const { conditions } of statuses) {
    for (const condition of conditions ?? []) {
      const known = latest.get(condition.status);
      if (known === undefined || later(known.lastTransitionTime, condition.lastTransitionTime) !== known.lastTransitionTime) latest.set(condition.status, condition);
    }
  }
  return [...latest.values()];
}

/** Pods per task and phase, summed over members; a sum past int32 is a 400 naming it, a zero is left out. */
function aggregateTaskStatusCount(statuses: readonly JobStatus[]): Record<string, Record<string, number>> {
  const totals: Record<string, Record<string, number>> = {};
  for (const { taskStatusCount } of statuses) {
    for (const [task, phases] of Object.entries(taskStatusCount ?? {})) {
      const counts = (totals[task] ??= {});
      for (const [phase, count] of Object.entries(phases)) counts[phase] = (counts[phase] ?? 0) + count;
    }
  }
  for (const [task, counts] of Object.entries(totals)) {
    for (const [phase, count] of Object.entries(counts)) {
      if (count > int32Max) throw invalidInput(`the aggregated status.taskStatusCount[${JSON.stringify(task)}].phase[${JSON.stringify(phase)}] (${count}) does not fit in an int32`);
      if (count === 0) delete counts[phase];
    }
    if (Object.keys(counts).length === 0) delete totals[task];
  }
  return totals;
}

/** Several members' statuses as one (Volcano's `omitempty`: zeros, empty strings and empty maps are left out). */
function aggregateStatuses(members: readonly Member<JobStatus>[], listed: number): JobStatus {
  const statuses = members.map(({ status }) => status);
  const total: JobStatus = {};
  const state = aggregateState(members, listed);
  if (state !== undefined) total.state = state;
  for (const name of jobCounters) {
    // The job's version is the newest any member reached; every other counter adds up.
    const value = name === 'version' ? statuses.reduce((newest, status) => Math.max(newest, status.version ?? 0), 0) : sumOf(statuses, (status) => status[name], name);
    if (value !== 0) total[name] = value;
  }
  // The longest a member has run (the first among equals), as that member wrote it.
  const longest = statuses.reduce<JobStatus | undefined>((best, status) => ((status.runningSeconds ?? 0) > (best?.runningSeconds ?? 0) ? status : best), undefined);
  if (longest !== undefined) total.runningDuration = longest.runningDuration!;
  total.taskStatusCount = aggregateTaskStatusCount(statuses);
  // Each member's pods under their own names; a name two members give keeps the later member's value.
  const resources: Record<string, string> = {};
  for (const { controlledResources } of statuses) Object.assign(resources, controlledResources);
  for (const [name, value] of Object.entries(resources)) if (value === '') delete resources[name];
  total.controlledResources = resources;
  total.conditions = aggregateConditions(statuses);
  return total;
}

/**
 * The control plane's status: with one member listed, that member's (as Karmada's catalogue); with several, the
 * aggregate above; with none, nothing runs, and the status is emptied.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readJobStatus);
  const patch = newPatch();
  let status: JsonObject = {};
  if (members.listed === 1) {
    if (members.reporting.length === 1) status = statusJson(members.reporting[0]!.status);
  } else if (members.listed > 1) {
    status = statusJson(aggregateStatuses(members.reporting, members.listed));
  }
  if (Object.keys(status).length === 0) patch.remove(['status']);
  else patch.add(['status'], status);
  return patch.operations;
}

// ---- InterpretDependency ----

/** The pod templates' ConfigMaps, Secrets, ServiceAccounts and PVCs, and the PVCs `spec.volumes` names for every pod. */
function interpretDependency(request: Request) {
  const { dependencies } = shape.InterpretDependency(request);
  const claims = new NamedReferences(namespaceOf(request.object.metadata, request.namespace));
  for (const name of request.object.claimNames) claims.add('v1', 'PersistentVolumeClaim', name);
  return { dependencies: mergedReferences([dependencies, claims.list()]) };
}

export const volcanoJobInterpreter = defineInterpreter<VolcanoJob>({
  ...volcanoJob,
  decode: readVolcanoJob,
  operations: {
    InterpretComponent: shape.InterpretComponent,
    InterpretDependency: interpretDependency,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
