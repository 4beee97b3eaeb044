// Strimzi's Kafka interpreter: one Kafka cluster, whose nodes come from its KafkaNodePools (or, before node pools,
// from `spec.kafka.replicas`), with health and status from the cluster operator (see README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import type { JsonObject, JsonValue } from '../../review/json';
import { agreedValue, sameJson, setOrRemove } from '../../shapes/aggregation';
import { aggregateConditions, reflectConditionStatus } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { unhealthy } from '../../shapes/health';
import { clusterLabel, presentFields, strimziHealth, strimziNodes } from '../../families/strimzi/strimzi';
import { kafka as identity, nodePoolsAnnotation, nodePoolVersion, statusFieldServed } from './identity';
import { collectSpecReferences } from '../../families/strimzi/references';
import { readKafka, readReflectedStatus, type Kafka, type KafkaStatus } from './schema';

type Request = TypedRequest<Kafka>;

/**
 * Whether the cluster's nodes are KafkaNodePools: always in v1 (Strimzi 0.46 and later require them), and in the
 * older versions unless `spec.kafka.replicas` is set without the `strimzi.io/node-pools: enabled` annotation (a
 * cluster of Strimzi 0.45 or older that keeps its nodes in the Kafka).
 */
function usesNodePools(object: Kafka): boolean {
  return object.spec?.replicas === undefined || object.metadata.annotations?.[nodePoolsAnnotation] === 'enabled';
}

/**
 * No replicas where node pools hold the nodes (each KafkaNodePool answers its own); otherwise the brokers of
 * `spec.kafka.replicas`, each with the Kafka container's resources and the scheduling fields of the pod template.
 */
function interpretReplica({ object }: Request): OperationResults['InterpretReplica'] {
  const { spec } = object;
  if (spec === undefined || usesNodePools(object)) return { replicas: 0 };
  return strimziNodes(spec.replicas ?? 0, spec);
}

/** KafkaStatus besides conditions and observedGeneration, as the operator wrote it. */
const reflectedFields = [
  'listeners',
  'kafkaNodePools',
  'registeredNodeIds',
  'clusterId',
  'operatorLastSuccessfulVersion',
  'kafkaVersion',
  'kafkaMetadataVersion',
  'kafkaMetadataState',
  'autoRebalance',
] as const;

/** The fields above that the request's version has (`v1` has no `registeredNodeIds` or `kafkaMetadataState`). */
function interpretStatus({ object, kind }: Request) {
  const served = reflectedFields.filter((name) => statusFieldServed(kind.version, name));
  return reflectConditionStatus(object, presentFields(object.status?.raw, served));
}

/**
 * Each listener once, by name in the members' order: every member's addresses (each once), so the control plane
 * shows where every member's cluster answers; `bootstrapServers` and `certificates` only where every member reporting
 * the listener agrees (internal listeners name the same Service everywhere; external ones differ per member, and a
 * bootstrap list mixing members would join clients to different clusters).
 */
function mergedListeners(statuses: readonly KafkaStatus[]): JsonValue[] | undefined {
  const byName = new Map<string, { addresses: JsonValue[]; raws: JsonObject[] }>();
  for (const status of statuses) {
    for (const listener of status.listeners ?? []) {
      const name = listener.name ?? '';
      let entry = byName.get(name);
      if (entry === undefined) byName.set(name, (entry = { addresses: [], raws: [] }));
      entry.raws.push(listener.raw);
      for (const address of listener.addresses ?? []) {
        if (!entry.addresses.some((known) => sameJson(known, address))) entry.addresses.push(address);
      }
    }
  }
  if (byName.size === 0) return undefined;
  return [...byName.entries()].map(([name, { addresses, raws }]) => {
    const merged: JsonObject = {};
    if (name !== '') merged.name = name;
    for (const field of ['type', 'bootstrapServers', 'certificates']) {
      const first = raws[0]![field];
      if (first !== undefined && raws.every((raw) => sameJson(raw[field], first))) merged[field] = first;
    }
    if (addresses.length > 0) merged.addresses = addresses;
    return merged;
  });
}

/**
 * Conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed the template,
 * listeners merged (above), the node pools in use united, and the values of one cluster (cluster ID, versions,
 * metadata state, registered node IDs, auto-rebalance) kept only where every member reports the same: each member
 * runs a Kafka cluster of its own. A field the template's version does not have (v1: registered node IDs, metadata
 * state) is never written: its schema prunes it.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflectedStatus });
  const statuses = members.reporting.map(({ status }) => status);
  setOrRemove(patch, 'listeners', mergedListeners(statuses));
  const pools = [...new Set(statuses.flatMap((status) => status.kafkaNodePools ?? []))];
  setOrRemove(patch, 'kafkaNodePools', pools.length > 0 ? pools.map((name) => ({ name })) : undefined);
  for (const name of ['registeredNodeIds', 'clusterId', 'operatorLastSuccessfulVersion', 'kafkaVersion', 'kafkaMetadataVersion', 'kafkaMetadataState', 'autoRebalance']) {
    setOrRemove(patch, name, statusFieldServed(request.kind.version, name) ? agreedValue(members, (status) => status.raw[name]) : undefined);
  }
  return patch.operations;
}

/**
 * A Kafka with no conditions is unhealthy, unlike a node pool: the Cluster Operator writes `NotReady` (`Creating`) on
 * its first reconcile, so none means no operator has picked the Kafka up in that member and nothing ever will run it
 * (the failover toleration covers the seconds before that first reconcile).
 */
function interpretHealth({ object }: Request) {
  const conditions = object.status?.conditions;
  if (conditions === undefined || conditions.length === 0) return unhealthy('no status.conditions');
  return strimziHealth(conditions);
}

/**
 * The Secrets, ConfigMaps and PVCs the spec names (see references.ts), the custom CA Secrets when the user brings
 * the CA (`generateCertificateAuthority: false`: Strimzi reads `<name>-cluster-ca-cert`, `<name>-cluster-ca`,
 * `<name>-clients-ca-cert` and `<name>-clients-ca`), and the KafkaNodePools labelled `strimzi.io/cluster: <name>`
 * when the cluster runs on node pools (a label selector: Karmada propagates every pool that matches).
 */
function interpretDependency({ object, namespace, kind }: Request) {
  const where = namespaceOf(object.metadata, namespace);
  const named = new NamedReferences(where);
  const name = object.metadata.name ?? '';
  const { spec } = object;
  if (spec !== undefined) {
    // The CA flags are read (and checked) before the walk, as they always were.
    const { ownClusterCa, ownClientsCa } = spec;
    collectSpecReferences(spec.raw, named);
    if (name !== '' && ownClusterCa) named.addAll('v1', 'Secret', [`${name}-cluster-ca-cert`, `${name}-cluster-ca`]);
    if (name !== '' && ownClientsCa) named.addAll('v1', 'Secret', [`${name}-clients-ca-cert`, `${name}-clients-ca`]);
  }
  const dependencies: DependentObjectReference[] = named.list();
  if (name !== '' && usesNodePools(object)) {
    const pools: DependentObjectReference = {
      apiVersion: `${identity.group}/${nodePoolVersion(kind.version)}`,
      kind: 'KafkaNodePool',
      labelSelector: { matchLabels: { [clusterLabel]: name } },
    };
    if (where !== undefined && where !== '') pools.namespace = where;
    dependencies.push(pools);
  }
  return { dependencies };
}

export const kafkaInterpreter = defineInterpreter<Kafka>({
  ...identity,
  decode: readKafka,
  operations: {
    InterpretReplica: interpretReplica,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
