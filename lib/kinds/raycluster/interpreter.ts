// KubeRay's RayCluster interpreter: the head and worker groups as Karmada components (lib/families/ray/cluster.ts),
// health from KubeRay's conditions, and the members' statuses summed (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { sumOf, type Member } from '../../shapes/aggregation';
import { conditionOf, type Condition } from '../../shapes/conditions';
import { conditionReason, healthy, unhealthy } from '../../shapes/health';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { aggregateRayStatus, mergedConditionsAndUpdate, quantitySum, rayClusterComponents } from '../../families/ray/cluster';
import type { JsonObject } from '../../review/json';
import { rayCluster } from './identity';
import { conditionsIn, desiredResources, readRayCluster, readRayClusterStatus, statusNotIn, workerCounters, type RayCluster, type RayClusterStatus } from './schema';

type Request = TypedRequest<RayCluster>;

const shape = multiTemplateWorkload<RayCluster>((cluster) => rayClusterComponents(cluster.cluster));

/** The condition of this type when it is True. */
function trueCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  const condition = conditionOf(conditions, type);
  return condition?.status === 'True' ? condition : undefined;
}

/**
 * Healthy when the head pod is ready and every pod has been ready once (`RayClusterProvisioned`), with no pod KubeRay
 * failed to create or delete (`ReplicaFailure`, and Karmada's `RayClusterReplicaFailure`); and while the cluster is
 * suspended or suspending, which is where its owner put it (failover would only start it elsewhere).
 */
function interpretHealth({ object, kind }: Request) {
  if (!conditionsIn(kind.version)) return stateHealth(object.state);
  const conditions = object.conditions;
  const suspended = trueCondition(conditions, 'RayClusterSuspended') ?? trueCondition(conditions, 'RayClusterSuspending');
  if (suspended !== undefined) return healthy(conditionReason(suspended, suspended.type));
  // KubeRay writes the type `ReplicaFailure` (the Go constant is named RayClusterReplicaFailure); Karmada's Lua and
  // cases test the constant's name, which no cluster carries. Both are read: a real failure is unhealthy.
  const failed = trueCondition(conditions, 'ReplicaFailure') ?? trueCondition(conditions, 'RayClusterReplicaFailure');
  if (failed !== undefined) return unhealthy(conditionReason(failed, failed.type));
  for (const type of ['HeadPodReady', 'RayClusterProvisioned']) {
    const condition = conditionOf(conditions, type);
    if (condition?.status !== 'True') return unhealthy(conditionReason(condition, type));
  }
  return healthy('HeadPodReady=True, RayClusterProvisioned=True');
}

/**
 * Health at v1alpha1: KubeRay writes its status at v1 and the API server prunes the conditions from a v1alpha1 read,
 * leaving `state`: `ready` once every pod of the cluster ran (what KubeRay's RayJob waits for before it submits), or
 * `suspended` (where its owner put it). Anything else (none yet, v1.0's `unhealthy` or `failed`) is unhealthy.
 */
function stateHealth(state: string | undefined) {
  if (state === 'ready' || state === 'suspended') return healthy(`status.state=${state}`);
  return unhealthy(state === undefined ? 'no status.state (v1alpha1 has no conditions)' : `status.state=${state.slice(0, 80)}`);
}

/**
 * Several members as one cluster: their conditions one per type (`mergedRayConditions`, where Karmada's catalogue
 * lists every member's), worker counts and resources summed, the latest `lastUpdateTime`, and the first member's
 * endpoints, head and (deprecated) state, as Karmada's catalogue.
 */
function combine(members: readonly Member<RayClusterStatus>[]): JsonObject {
  const statuses = members.map(({ status }) => status);
  const status: JsonObject = {};
  mergedConditionsAndUpdate(members, status);
  for (const name of workerCounters) status[name] = sumOf(statuses, (each) => each[name], name);
  for (const name of desiredResources) status[name] = quantitySum(statuses.map((each) => each.resources[name]));
  const endpoints = statuses.find((each) => each.endpoints !== undefined)?.endpoints;
  if (endpoints !== undefined) status.endpoints = endpoints;
  const head = statuses.find((each) => each.head !== undefined)?.head;
  if (head !== undefined) status.head = head;
  const stated = statuses.find((each) => each.state !== undefined);
  if (stated !== undefined) {
    status.state = stated.state!;
    if (stated.stateTransitionTimes !== undefined) status.stateTransitionTimes = stated.stateTransitionTimes;
  }
  return status;
}

function aggregateStatus({ aggregatedStatus, patch, kind }: Request) {
  return aggregateRayStatus(aggregatedStatus, patch(), readRayClusterStatus, combine, statusNotIn(kind.version));
}

export const rayClusterInterpreter = defineInterpreter<RayCluster>({
  ...rayCluster,
  decode: readRayCluster,
  operations: {
    InterpretComponent: shape.InterpretComponent,
    InterpretDependency: shape.InterpretDependency,
    InterpretHealth: interpretHealth,
    AggregateStatus: aggregateStatus,
  },
});
