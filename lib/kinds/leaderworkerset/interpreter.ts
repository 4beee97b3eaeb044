// The LeaderWorkerSet interpreter: groups as Karmada's replicas, leader and workers as two components, the HPA's
// count retained, the controller's group counts and conditions reflected and aggregated, health from its Available
// condition (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { JsonObject, JsonValue } from '../../review/json';
import { agreedValue, membersOf, setOrRemove, sumCounters } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { generationLag, observedByEveryMember, reportGenerations } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy } from '../../shapes/health';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { retainsReplicas } from '../../shapes/retention';
import { groupComponents, groupReplica } from './group';
import { leaderWorkerSet } from './identity';
import { groupCounters, readLeaderWorkerSet, readReflectedStatus, type LeaderWorkerSet } from './schema';

type Request = TypedRequest<LeaderWorkerSet>;

const shape = multiTemplateWorkload<LeaderWorkerSet>((object) => groupComponents(object.spec));

/**
 * Healthy when the member's controller saw the current spec (`status.observedGeneration == metadata.generation`, as
 * Karmada judges its own workloads) and its `Available` condition is True: every group (below the burst) ready and
 * every group from the partition up updated and ready (pkg/controllers/leaderworkerset_controller.go
 * updateConditions). No status, `Progressing` or `UpdateInProgress` instead: not yet healthy.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  if (status === undefined) return unhealthy('no status');
  if (status.observedGeneration === undefined) return unhealthy('no status.observedGeneration');
  const lag = generationLag(object.metadata, status.observedGeneration);
  if (lag !== undefined) return unhealthy(lag);
  const available = conditionOf(status.conditions, 'Available');
  return (available?.status === 'True' ? healthy : unhealthy)(conditionReason(available, 'Available'));
}

/** An HPA in the member scales the LWS (scale subresource at spec.replicas): kept with Karmada's retain-replicas label. */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const observed = observedObject!.writtenReplicas;
  if (retainsReplicas(object.metadata) && observed !== undefined) patch.add(['spec', 'replicas'], observed);
  return patch.operations;
}

/** The counts, the scale selector, the conditions and observedGeneration, with the member's generations. */
function interpretStatus({ object }: Request) {
  const status = object.status;
  const rawStatus: JsonObject = {};
  if (status !== undefined) {
    for (const name of ['replicas', 'readyReplicas', 'updatedReplicas', 'hpaPodSelector', 'observedGeneration'] as const) {
      const value = status[name];
      if (value !== undefined) rawStatus[name] = value;
    }
    if (status.conditions !== undefined) rawStatus.conditions = status.conditions as unknown as JsonValue[];
  }
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

/**
 * How the controller's condition types combine across members (leaderworkerset_types.go): `Available` (every group
 * ready and updated) holds for the fleet only where it holds everywhere; `Progressing` (a group being created or not
 * yet ready) and `UpdateInProgress` (a rolling update) hold where they hold anywhere.
 */
const lwsConditionMerge: ConditionMergeRules = { Available: 'every', Progressing: 'any', UpdateInProgress: 'any' };

/**
 * Counts summed (a sum past int32 is a 400), `hpaPodSelector` kept where every member agrees, observedGeneration as
 * Karmada's Deployment (nothing observed it with no members), and the conditions one per type: the CRD declares
 * `status.conditions` a list map keyed by `type`, so the API server refuses a type listed twice.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  const totals = sumCounters(statuses, groupCounters);
  for (const name of groupCounters) patch.add(['status', name], totals[name]);
  setOrRemove(patch, 'hpaPodSelector', agreedValue(members, (status) => status.hpaPodSelector));
  const conditions = conditionsOnePerType(members.reporting, lwsConditionMerge);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? (conditions as unknown as JsonValue[]) : undefined);
  const generation = object.metadata.generation;
  if (observedByEveryMember(generation, { members: members.listed, reported: statuses }, false)) patch.add(['status', 'observedGeneration'], generation!);
  return patch.operations;
}

export const leaderWorkerSetInterpreter = defineInterpreter<LeaderWorkerSet>({
  ...leaderWorkerSet,
  decode: readLeaderWorkerSet,
  operations: {
    InterpretReplica: ({ object }) => groupReplica(object.spec),
    InterpretComponent: shape.InterpretComponent,
    ReviseReplica: ({ replicas, patch }) => patch().add(['spec', 'replicas'], replicas).operations,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: shape.InterpretDependency,
  },
});
