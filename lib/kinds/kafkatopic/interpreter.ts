// Strimzi's KafkaTopic interpreter: a Kafka topic the entity operator's topic operator creates and keeps in the Kafka
// cluster named by the `strimzi.io/cluster` label; health and status from the topic operator, and that Kafka as its
// dependency (see README.md). No replicas: `spec.partitions` and `spec.replicas` are Kafka's, not pods.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { agreedValue, setOrRemove } from '../../shapes/aggregation';
import { aggregateConditions, reflectConditionStatus } from '../../shapes/conditions';
import { clusterDependency, operandHealth } from '../../families/strimzi/operand';
import { presentFields } from '../../families/strimzi/strimzi';
import type { JsonObject } from '../../review/json';
import { kafkaTopic as identity } from './identity';
import { readKafkaTopic, readReflectedStatus, type KafkaTopic } from './schema';

type Request = TypedRequest<KafkaTopic>;

/**
 * Conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed the template, and
 * `topicName`, `topicId` and `replicasChange` kept only where every listed member reports the same: each member's
 * Kafka has its own topic (its own ID) and its own Cruise Control session, so one member's would describe the others
 * wrongly. The topic's name is alike wherever the spec is.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflectedStatus });
  setOrRemove(patch, 'topicName', agreedValue(members, (status) => status.topicName));
  setOrRemove(patch, 'topicId', agreedValue(members, (status) => status.topicId));
  setOrRemove(patch, 'replicasChange', agreedValue(members, (status) => status.replicasChange as JsonObject | undefined));
  return patch.operations;
}

export const kafkaTopicInterpreter = defineInterpreter<KafkaTopic>({
  ...identity,
  decode: readKafkaTopic,
  operations: {
    InterpretStatus: ({ object }) =>
      reflectConditionStatus(object, presentFields(object.status as JsonObject | undefined, ['topicName', 'topicId', 'replicasChange'])),
    AggregateStatus: aggregateStatus,
    // `Unmanaged` True: the `strimzi.io/managed: "false"` annotation told the operator to leave the topic alone.
    InterpretHealth: ({ object }) => operandHealth(object.metadata, object.status, ['Unmanaged']),
    InterpretDependency: ({ object, namespace, kind }) => clusterDependency(object.metadata, namespace, kind.version, 'Kafka'),
  },
});
