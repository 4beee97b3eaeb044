// Strimzi's KafkaNodePool interpreter: a pool of Kafka nodes (brokers, controllers or both) with its own count,
// resources and scheduling, whose health and status come from the cluster operator (see README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent, reviseSpecReplicas } from '../../interpreter/replicated';
import type { OperationResults } from '../../interpreter/registry';
import { agreedValue, setOrRemove, sumOf } from '../../shapes/aggregation';
import { aggregateConditions, reflectConditionStatus } from '../../shapes/conditions';
import { namespaceOf } from '../../shapes/dependencies';
import { retainsReplicas } from '../../shapes/retention';
import { clusterLabel, presentFields, strimziHealth, strimziNodes } from '../../families/strimzi/strimzi';
import { kafkaNodePool as identity } from './identity';
import { readKafkaNodePool, readReflectedStatus, type KafkaNodePool } from './schema';

type Request = TypedRequest<KafkaNodePool>;

/**
 * `spec.replicas` (required by the CRD; 0 when absent) and each node's requirements: the Kafka container's
 * `spec.resources` and the scheduling fields of `spec.template.pod`, read as a pod template with one container
 * (the pool's pods are Strimzi's StrimziPodSet pods made of exactly these).
 */
function interpretReplica({ object }: Request): OperationResults['InterpretReplica'] {
  const { spec } = object;
  return spec === undefined ? { replicas: 0 } : strimziNodes(spec.replicas ?? 0, spec);
}

/**
 * Keeps the member's `spec.replicas` when the template asks for it (Karmada's retain-replicas label): the CRD's
 * scale subresource lets an autoscaler (KEDA, a custom HPA) or `kubectl scale kafkanodepool` size the pool in the
 * member cluster. Nothing else of the spec is written by the operator, so nothing else is kept.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const observed = observedObject?.spec?.replicas;
  if (retainsReplicas(object.metadata) && observed !== undefined) patch.add(['spec', 'replicas'], observed);
  return patch.operations;
}

/** The fields of KafkaNodePoolStatus besides conditions and observedGeneration, as the operator wrote them. */
const reflectedFields = ['nodeIds', 'clusterId', 'roles', 'replicas', 'labelSelector'] as const;

function interpretStatus({ object }: Request) {
  return reflectConditionStatus(object, presentFields(object.status?.raw, reflectedFields));
}

/**
 * Conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed the template,
 * `replicas` summed (the pool's nodes over all members), and the fields that cannot be merged (node IDs, roles, the
 * cluster ID, the label selector) kept only where every member reports the same: each member runs its own Kafka
 * cluster, so one member's node IDs or cluster ID would describe the others wrongly.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflectedStatus });
  const statuses = members.reporting.map(({ status }) => status);
  const reported = statuses.some((status) => status.replicas !== undefined);
  setOrRemove(patch, 'replicas', reported ? sumOf(statuses, (status) => status.replicas, 'replicas') : undefined);
  setOrRemove(patch, 'nodeIds', agreedValue(members, (status) => status.nodeIds));
  setOrRemove(patch, 'roles', agreedValue(members, (status) => status.roles));
  setOrRemove(patch, 'clusterId', agreedValue(members, (status) => status.clusterId));
  setOrRemove(patch, 'labelSelector', agreedValue(members, (status) => status.labelSelector));
  return patch.operations;
}

function interpretHealth({ object }: Request) {
  return strimziHealth(object.status?.conditions);
}

/**
 * The Kafka the pool belongs to (its `strimzi.io/cluster` label): a pool without its Kafka runs nothing, so the
 * Kafka goes wherever the pool goes. In the pool's own API version (both kinds serve v1 and v1beta2).
 */
function interpretDependency({ object, namespace, kind }: Request) {
  const cluster = object.metadata.labels?.[clusterLabel];
  if (cluster === undefined || cluster === '') return { dependencies: [] };
  const reference: { apiVersion: string; kind: string; name: string; namespace?: string } = { apiVersion: `${identity.group}/${kind.version}`, kind: 'Kafka', name: cluster };
  const where = namespaceOf(object.metadata, namespace);
  if (where !== undefined && where !== '') reference.namespace = where;
  return { dependencies: [reference] };
}

export const kafkaNodePoolInterpreter = defineInterpreter<KafkaNodePool>({
  ...identity,
  decode: readKafkaNodePool,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseSpecReplicas,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
