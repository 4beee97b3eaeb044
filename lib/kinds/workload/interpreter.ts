// The Workload's interpreter (every served version): a pod-template workload whose health is its ready count, with
// a member-owned paused flag.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { membersOf, sumOf } from '../../shapes/aggregation';
import { podTemplateWorkload } from '../../shapes/pod-template-workload';
import { keepMemberValue, retainsReplicas } from '../../shapes/retention';
import type { JsonObject } from '../../review/json';
import { countReason, healthy, unhealthy } from '../../shapes/health';
import { pausedPathOf, workload } from './identity';
import { readWorkload, readyReplicasOf, type Workload } from './schema';

type Request = TypedRequest<Workload>;

/** `spec.replicas` and `spec.template`, the count defaulting to 1 as the Workload type documents. */
const shape = podTemplateWorkload<Workload>({ defaultReplicas: 1 });

/** Keeps what the member cluster owns: its paused flag, and `spec.replicas` when the template opts in by label. */
function retain({ object, observedObject, kind, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();
  keepMemberValue(patch, pausedPathOf(kind.version), observed.spec?.paused, 'remove');
  if (retainsReplicas(object.metadata) && observed.spec?.replicas !== undefined) patch.add(['spec', 'replicas'], observed.spec.replicas);
  return patch.operations;
}

function aggregateStatus({ aggregatedStatus, patch }: Request) {
  // Only readyReplicas is read of each member (cheaper at 1,000 clusters); a .status that is not an object was
  // rejected by readWorkload: invalid input, not something to overwrite.
  const { reporting } = membersOf(aggregatedStatus, readyReplicasOf);
  const readyReplicas = sumOf(reporting, (member) => member.status, 'readyReplicas');
  return patch().add(['status', 'readyReplicas'], readyReplicas).operations;
}

function interpretStatus({ object }: Request) {
  const status = object.status;
  const rawStatus: JsonObject = { readyReplicas: status?.readyReplicas ?? 0 };
  if (status?.conditions !== undefined) rawStatus.conditions = status.conditions;
  return { rawStatus };
}

/** The Workload has no rollout counters: healthy when as many replicas are ready as it asks for. */
function health(object: Workload) {
  const ready = object.status?.readyReplicas;
  const desired = shape.desiredReplicas(object);
  return (ready ?? 0) === desired
    ? healthy(countReason('status.readyReplicas', ready, '=', 'spec.replicas', desired))
    : unhealthy(countReason('status.readyReplicas', ready, '!=', 'spec.replicas', desired));
}

export const workloadInterpreter = defineInterpreter<Workload>({
  ...workload,
  decode: readWorkload,
  operations: {
    ...shape.operations,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: ({ object }) => health(object),
  },
});
