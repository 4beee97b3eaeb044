// Prometheus' interpreter: `replicas × shards` pods with the requirements of the spec's pod fields, ReviseReplica back
// into `spec.replicas`, the counts and shards the operator reports added up, health from its Available condition as
// Argo CD reads it, and the Secrets and ConfigMaps the spec names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent } from '../../interpreter/replicated';
import type { OperationResults } from '../../interpreter/registry';
import { invalidInput } from '../../interpreter/wire/errors';
import { int32Max } from '../../review/json';
import { membersOf, setOrRemove, sumOf } from '../../shapes/aggregation';
import { namespaceOf } from '../../shapes/dependencies';
import { retainsReplicas } from '../../shapes/retention';
import { podDependencies, podRequirements } from '../../families/prometheus-operator/pod';
import { aggregateOperatorStatus, operatorHealth, reflectOperatorStatus } from '../../families/prometheus-operator/status';
import { prometheus } from './identity';
import { readPrometheus, readPrometheusStatus, type Prometheus, type ShardStatus } from './schema';

type Request = TypedRequest<Prometheus>;

/** The containers the operator builds; a `spec.containers` item of one of these names patches it (MergePatchContainers). */
const operatorContainers = ['prometheus', 'config-reloader', 'thanos-sidecar'];

/** pkg/prometheus/common.go `ReplicasNumberPtr`: absent is 1, and so is a negative count; 0 runs no pod. */
export function replicasOf({ replicas }: Prometheus['counts']): number {
  return replicas === undefined || replicas < 0 ? 1 : replicas;
}

/** pkg/prometheus/common.go `shardsNumber`: absent or 0 is 1 shard (one StatefulSet); it reads a negative one alike. */
export function shardsOf({ shards }: Prometheus['counts']): number {
  return shards === undefined || shards <= 1 ? 1 : shards;
}

/**
 * Every shard is a StatefulSet of `replicas` pods alike (pkg/prometheus/server/operator.go, one StatefulSet per
 * `ExpectedStatefulSetShardNames`), so the object runs `replicas × shards` pods, each with the spec's requirements.
 */
function interpretReplica({ object }: Request): OperationResults['InterpretReplica'] {
  const pods = replicasOf(object.counts) * shardsOf(object.counts);
  if (pods > int32Max) throw invalidInput(`object.spec.replicas × object.spec.shards (${pods}) does not fit in an int32`);
  const replicaRequirements = podRequirements(object.spec, operatorContainers, ['thanos']);
  return replicaRequirements === undefined ? { replicas: pods } : { replicas: pods, replicaRequirements };
}

/**
 * `spec.replicas` = the member's share ÷ the shards, rounded down: every shard keeps its own replicas, so a share is
 * whole replica sets; rounding down never runs more pods than the scheduler and quotas counted. Under Duplicated the
 * share is InterpretReplica's own `replicas × shards`, which gives `spec.replicas` back unchanged; then nothing is
 * written, so an absent or negative `spec.replicas` stays as the operator reads it.
 */
function reviseReplica({ object, replicas: share, patch }: Request) {
  const replicas = Math.floor(share / shardsOf(object.counts));
  if (replicas === replicasOf(object.counts)) return [];
  return patch().add(['spec', 'replicas'], replicas).operations;
}

/**
 * Under Karmada's retain-replicas label, the member's `spec.shards` (the scale subresource's field: an HPA or
 * `kubectl scale` there writes it) and `spec.replicas`. The operator itself writes nothing into the spec.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  if (!retainsReplicas(object.metadata)) return patch.operations;
  const { replicas, shards } = observedObject!.counts;
  if (shards !== undefined) patch.add(['spec', 'shards'], shards);
  if (replicas !== undefined) patch.add(['spec', 'replicas'], replicas);
  return patch.operations;
}

function interpretStatus({ object }: Request) {
  const status = object.status;
  const rawStatus = reflectOperatorStatus(status, object.paused);
  if (status?.shards !== undefined) rawStatus.shards = status.shards;
  if (status?.shardStatuses !== undefined) rawStatus.shardStatuses = status.shardStatuses.map((shard) => ({ ...shard }));
  return { rawStatus };
}

const shardCounts = ['replicas', 'updatedReplicas', 'availableReplicas', 'unavailableReplicas'] as const;

/**
 * The operator's status over the members (the family's rule), `shards` summed as `replicas` is (the scale
 * subresource's status), and `shardStatuses` one per shard ID (the CRD keys the list by it) with each count summed
 * over the members that report that shard.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readPrometheusStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  aggregateOperatorStatus(patch, members, object.paused);
  const shards = statuses.some((status) => status.shards !== undefined) ? sumOf(statuses, (status) => status.shards, 'shards') : undefined;
  setOrRemove(patch, 'shards', shards);
  const byId = new Map<string, ShardStatus[]>();
  for (const status of statuses) {
    for (const shard of status.shardStatuses ?? []) {
      const list = byId.get(shard.shardID);
      if (list === undefined) byId.set(shard.shardID, [shard]);
      else list.push(shard);
    }
  }
  const shardStatuses = [...byId].map(([shardID, reported]) => {
    const merged: Record<string, number | string> = { shardID };
    for (const name of shardCounts) merged[name] = sumOf(reported, (shard) => shard[name], `shardStatuses[shardID=${shardID}].${name}`);
    return merged;
  });
  setOrRemove(patch, 'shardStatuses', shardStatuses.length > 0 ? shardStatuses : undefined);
  return patch.operations;
}

function interpretDependency({ object, namespace }: Request) {
  return { dependencies: podDependencies(object.spec, object.named, namespaceOf(object.metadata, namespace)) };
}

export const prometheusInterpreter = defineInterpreter<Prometheus>({
  ...prometheus,
  decode: readPrometheus,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: ({ object }) => operatorHealth(object.paused, object.status),
    InterpretDependency: interpretDependency,
  },
});
