// Kubeflow's Notebook interpreter (every served version): one pod from a pod template, a StatefulSet of one (none
// while stopped), with the notebook container's state as its health (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { JsonObject, JsonValue } from '../../review/json';
import { membersOf, sumOf } from '../../shapes/aggregation';
import { aggregateAsCatalogue } from '../../shapes/catalogue-aggregation';
import { isEmptyOrAbsent } from '../../shapes/empty-values';
import { healthy, unhealthy, valueReason, type Health } from '../../shapes/health';
import { podTemplateWorkload } from '../../shapes/pod-template-workload';
import { notebook, stoppedAnnotation } from './identity';
import { readNotebook, readStatus, type ContainerState, type Notebook, type NotebookStatus } from './schema';

const isStopped = (object: Notebook) => object.metadata.annotations?.[stoppedAnnotation] !== undefined;

/** One pod (generateStatefulSet's `replicas := 1`), none while the stop annotation is set. */
const shape = podTemplateWorkload<Notebook>({
  layout: {
    replicasOf: (object) => (isStopped(object) ? 0 : 1),
    templateOf: (object) => object.spec?.template,
    replicasPath: ['spec', 'replicas'],
    templatePath: ['spec', 'template'],
  },
});

/** Waiting reasons of a container on its way up (the kubelet's own), not a failure. */
const startingReasons = new Set(['ContainerCreating', 'PodInitializing']);
/** Terminated reasons that are failures whatever the exit code. */
const failedReasons = new Set(['Error', 'OOMKilled', 'ContainerCannotRun']);

function stateHealth(state: ContainerState | undefined): Health {
  if (state === undefined) return unhealthy('no status.containerState');
  if (state.running) return healthy('containerState.running');
  if (state.waiting) {
    const waiting = `containerState.waiting ${valueReason('reason', state.waitingReason)}`;
    return (startingReasons.has(state.waitingReason ?? '') ? healthy : unhealthy)(waiting);
  }
  if (state.terminated !== undefined) {
    const { reason = '', exitCode = 0 } = state.terminated;
    const terminated = `containerState.terminated ${valueReason('reason', state.terminated.reason)} exitCode=${exitCode}`;
    return (!failedReasons.has(reason) && exitCode === 0 ? healthy : unhealthy)(terminated);
  }
  return unhealthy('containerState neither running, waiting nor terminated');
}

/**
 * Karmada's rule (running, or being created, is healthy; a container waiting for another reason or terminated with
 * an error is not; no state is not), with the pod's init containers (`PodInitializing`) counted as starting, and a
 * stopped notebook healthy: it has no pod on purpose, and moving it elsewhere would not start it.
 */
function interpretHealth({ object }: TypedRequest<Notebook>) {
  if (isStopped(object)) return healthy(`${stoppedAnnotation} annotation`);
  return stateHealth(object.status?.containerState);
}

/** Karmada's reflection: the ready count (0 when absent), the container state and the conditions where not empty. */
function interpretStatus({ object }: TypedRequest<Notebook>) {
  const status = object.status;
  if (status === undefined) return { rawStatus: {} };
  const rawStatus: JsonObject = { readyReplicas: status.readyReplicas ?? 0 };
  if (!isEmptyOrAbsent(status.containerState?.raw)) rawStatus.containerState = status.containerState!.raw;
  if (!isEmptyOrAbsent(status.conditions)) rawStatus.conditions = status.conditions!;
  return { rawStatus };
}

/** Now, as Karmada's catalogue stamps its aggregated conditions (seconds, UTC). */
const now = () => `${new Date().toISOString().slice(0, 19)}Z`;

/**
 * Several members' notebooks as one, as Karmada's catalogue writes it: the ready pods summed; a member without a
 * running container failed (its state shown, `waiting: Unschedulable` when it has none) and named in a `Failed`
 * condition; otherwise the latest start of the running ones, and `Ready` when every listed member runs.
 */
function aggregated(members: { clusterName: string; status: NotebookStatus }[], listed: number): JsonObject {
  const readyReplicas = sumOf(members, ({ status }) => status.readyReplicas, 'readyReplicas');
  const failed: string[] = [];
  let running = 0;
  let state: JsonObject | undefined;
  let latestStart: JsonValue | undefined;
  for (const { clusterName, status } of members) {
    const containerState = status.containerState;
    if (containerState === undefined || isEmptyOrAbsent(containerState.raw) || containerState.terminated !== undefined || containerState.waiting) {
      failed.push(clusterName);
      state = containerState === undefined || isEmptyOrAbsent(containerState.raw) ? { waiting: { reason: 'Unschedulable' } } : containerState.raw;
    } else if (containerState.running && failed.length === 0) {
      running += 1;
      const startedAt = (containerState.raw.running as JsonObject).startedAt;
      if (state === undefined) {
        state = { running: startedAt === undefined ? {} : { startedAt } };
        latestStart = startedAt;
      } else if (startedAt !== undefined && (latestStart === undefined || String(startedAt) > String(latestStart))) {
        latestStart = startedAt;
        state = { ...state, running: { startedAt } };
      }
    }
  }
  const conditions: JsonObject[] = [];
  const time = now();
  if (failed.length > 0) {
    conditions.push({
      type: 'Failed', status: 'True', lastProbeTime: time, lastTransitionTime: time, reason: 'NotebookFailed',
      message: `Notebook executed failed in member clusters: ${failed.join(', ')}`,
    });
  }
  if (running > 0 && running === listed) {
    conditions.push({ type: 'Ready', status: 'True', lastProbeTime: time, lastTransitionTime: time, reason: 'Ready', message: 'All notebooks are ready' });
  }
  const status: JsonObject = { readyReplicas };
  if (conditions.length > 0) status.conditions = conditions;
  if (state !== undefined && !isEmptyOrAbsent(state)) status.containerState = state;
  return status;
}

/** No member listed: the status stays. One: that member's status, whole. Several: aggregated as above. */
function aggregateStatus(request: TypedRequest<Notebook>) {
  const members = membersOf(request.aggregatedStatus, readStatus);
  return aggregateAsCatalogue(request.patch(), members, (reporting) => aggregated(reporting, members.listed));
}

export const notebookInterpreter = defineInterpreter<Notebook>({
  ...notebook,
  decode: readNotebook,
  operations: {
    InterpretReplica: shape.operations.InterpretReplica,
    InterpretComponent: shape.operations.InterpretComponent,
    InterpretDependency: shape.operations.InterpretDependency,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
