// Kubeflow's MPIJob (v2beta1) interpreter: Launcher and Worker as Karmada components, health from the job's
// conditions, the status reflected and aggregated as Karmada's catalogue does (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { latestTime, membersOf } from '../../shapes/aggregation';
import {
  kubeflowJobHealth,
  kubeflowJobReader,
  summedReplicaStatuses,
  type JobCondition,
  type KubeflowJob,
  type KubeflowJobStatus,
  readKubeflowJobStatus,
} from '../../families/kubeflow/job';
import { aggregateAsCatalogue } from '../../shapes/catalogue-aggregation';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import type { JsonObject, JsonValue } from '../../review/json';
import { mpiJob } from './identity';

type Request = TypedRequest<KubeflowJob>;

const shape = multiTemplateWorkload<KubeflowJob>((job) => job.specs);

/**
 * Every `mpiReplicaSpecs` entry with a template, named by its key: mpi-operator defaults a Launcher to 1 replica
 * and a Worker to 0 (v2beta1 default.go); Karmada's catalogue counts any other key as 1.
 */
const decode = kubeflowJobReader({
  field: 'mpiReplicaSpecs',
  typeOf: (key) => ({ key, name: key, defaultReplicas: key.toLowerCase() === 'worker' ? 0 : 1 }),
  skipWithoutTemplate: true,
});

/** A member's status in mpi-operator's shape; empty maps and lists left out, counts as the member wrote them. */
function statusJson(status: KubeflowJobStatus): JsonObject {
  const json: JsonObject = {};
  const replicaStatuses: JsonObject = {};
  for (const [type, counts] of Object.entries(status.replicaStatuses ?? {})) {
    if (Object.keys(counts).length > 0) replicaStatuses[type] = { ...counts };
  }
  if (Object.keys(replicaStatuses).length > 0) json.replicaStatuses = replicaStatuses;
  if ((status.conditions ?? []).length > 0) json.conditions = status.conditions!.map((condition) => ({ ...condition }));
  for (const name of ['startTime', 'completionTime', 'lastReconcileTime'] as const) if (status[name] !== undefined) json[name] = status[name];
  return json;
}

function interpretStatus({ object }: Request) {
  return { rawStatus: object.status === undefined ? {} : statusJson(object.status) };
}

/** Per condition type, the member's condition updated last (ties: the first); types in the order first seen. */
function latestConditions(statuses: readonly KubeflowJobStatus[]): JobCondition[] {
  const latest = new Map<string, JobCondition>();
  const timeOf = (condition: JobCondition) => condition.lastUpdateTime ?? condition.lastTransitionTime;
  for (const { conditions } of statuses) {
    for (const condition of conditions ?? []) {
      const time = timeOf(condition);
      if (time === undefined || time === '') continue;
      const known = latest.get(condition.type);
      if (known === undefined || time > timeOf(known)!) latest.set(condition.type, condition);
    }
  }
  return [...latest.values()];
}

/**
 * Several members' statuses as one: pods summed per replica type, the earliest start, latest completion and
 * reconcile, and per type the latest condition (none when no member reports one).
 */
function merged(statuses: readonly KubeflowJobStatus[]): JsonObject {
  const status: JsonObject = {};
  const replicaStatuses = summedReplicaStatuses(statuses);
  if (Object.keys(replicaStatuses).length > 0) status.replicaStatuses = replicaStatuses;
  const conditions = latestConditions(statuses);
  if (conditions.length > 0) status.conditions = conditions as unknown as JsonValue[];
  for (const [name, earliest] of [['startTime', true], ['completionTime', false], ['lastReconcileTime', false]] as const) {
    const time = latestTime(statuses.map((each) => each[name]), earliest);
    if (time !== undefined) status[name] = time;
  }
  return status;
}

/**
 * Karmada's catalogue frame (`aggregateAsCatalogue`): with no member, the status stays as it is; with one, that
 * member's in mpi-operator's shape; with several, `merged`. Nothing reported is no status, as the catalogue leaves none.
 */
function aggregateStatus({ aggregatedStatus, patch }: Request) {
  const members = membersOf(aggregatedStatus, (raw) => {
    const status = readKubeflowJobStatus(raw);
    return { raw: statusJson(status), status };
  });
  return aggregateAsCatalogue(patch(), members, (reporting) => merged(reporting.map(({ status }) => status.status)));
}

export const mpiJobInterpreter = defineInterpreter<KubeflowJob>({
  ...mpiJob,
  decode,
  operations: {
    InterpretComponent: shape.InterpretComponent,
    InterpretDependency: shape.InterpretDependency,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: ({ object }) => kubeflowJobHealth(object),
  },
});
