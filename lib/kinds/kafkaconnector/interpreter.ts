// Strimzi's KafkaConnector interpreter: one Kafka Connect connector the cluster operator runs, through the Connect REST
// API, on the KafkaConnect named by the `strimzi.io/cluster` label; health and status from the operator, the
// one-shot annotations it consumes not sent again, and its KafkaConnect as its dependency (see README.md). No
// replicas: `spec.tasksMax` bounds the connector's tasks, which run inside the KafkaConnect's pods.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { JsonObject } from '../../review/json';
import { agreedValue, latestTime, setOrRemove, sumOf } from '../../shapes/aggregation';
import { aggregateConditions, reflectConditionStatus } from '../../shapes/conditions';
import { retainsReplicas } from '../../shapes/retention';
import { clusterDependency, operandHealth } from '../../families/strimzi/operand';
import { presentFields } from '../../families/strimzi/strimzi';
import { kafkaConnector as identity } from './identity';
import { readKafkaConnector, readReflectedStatus, type AutoRestart, type KafkaConnector } from './schema';

type Request = TypedRequest<KafkaConnector>;

/**
 * Annotations that ask the operator for one action, which it removes from the KafkaConnector once done
 * (KafkaConnectAssemblyOperator.removeRestartAnnotation, removeRestartTaskAnnotation,
 * removeConnectorOffsetsAnnotations): restart the connector, restart one task, list, alter or reset offsets.
 */
export const oneShotAnnotations = ['strimzi.io/restart', 'strimzi.io/restart-task', 'strimzi.io/connector-offsets'] as const;

/** The annotation keys Karmada applied to the member object last time (workv1alpha2.ManagedAnnotation, v1.18.2). */
const managedAnnotations = 'resourcetemplate.karmada.io/managed-annotations';

/**
 * A one-shot annotation the template still carries, that Karmada applied to the member before (the member's
 * `resourcetemplate.karmada.io/managed-annotations` lists it) and that the member no longer has, was consumed by the
 * member's operator: it is not sent again, or every later sync would restart the connector (or alter its offsets)
 * once more. One not applied before (a request just added to the template) goes through. The member's `tasksMax`
 * stays where the template asks Karmada to retain replicas: the scale subresource lets an autoscaler or
 * `kubectl scale kafkaconnector` own it there.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const desired = object.metadata.annotations ?? {};
  const observed = observedObject!.metadata.annotations ?? {};
  const applied = new Set((observed[managedAnnotations] ?? '').split(','));
  for (const key of oneShotAnnotations) {
    if (desired[key] !== undefined && observed[key] === undefined && applied.has(key)) patch.remove(['metadata', 'annotations', key]);
  }
  const tasksMax = retainsReplicas(object.metadata) ? observedObject!.spec?.tasksMax : undefined;
  if (tasksMax !== undefined) patch.add(['spec', 'tasksMax'], tasksMax);
  return patch.operations;
}

/**
 * The members' auto-restarts as one: restarts counted over every member, the latest restart's time, and the
 * connector's name where they agree (the KafkaConnector's own name). None where no member restarted the connector.
 */
function autoRestartOf(restarts: readonly AutoRestart[]): JsonObject | undefined {
  if (restarts.length === 0) return undefined;
  const merged: JsonObject = { count: sumOf(restarts, (restart) => restart.count, 'autoRestart.count') };
  const names = new Set(restarts.map((restart) => restart.connectorName));
  const [name] = names;
  if (names.size === 1 && name !== undefined) merged.connectorName = name;
  const latest = latestTime(restarts.map((restart) => restart.lastRestartTimestamp));
  if (latest !== undefined) merged.lastRestartTimestamp = latest;
  return merged;
}

/**
 * Conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed the template,
 * `autoRestart` added up (autoRestartOf), and `connectorStatus`, `tasksMax` and `topics` kept only where every listed
 * member reports the same: each member runs the connector on its own Connect cluster (its own workers, in the
 * REST status) against its own Kafka.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflectedStatus });
  setOrRemove(patch, 'connectorStatus', agreedValue(members, (status) => status.connectorStatus));
  setOrRemove(patch, 'tasksMax', agreedValue(members, (status) => status.tasksMax));
  setOrRemove(patch, 'topics', agreedValue(members, (status) => status.topics));
  const restarts = members.reporting.flatMap(({ status }) => (status.autoRestart === undefined ? [] : [status.autoRestart]));
  setOrRemove(patch, 'autoRestart', autoRestartOf(restarts));
  return patch.operations;
}

export const kafkaConnectorInterpreter = defineInterpreter<KafkaConnector>({
  ...identity,
  decode: readKafkaConnector,
  operations: {
    Retain: retain,
    InterpretStatus: ({ object }) =>
      reflectConditionStatus(object, presentFields(object.status as JsonObject | undefined, ['connectorStatus', 'tasksMax', 'topics', 'autoRestart'])),
    AggregateStatus: aggregateStatus,
    // `spec.state` paused or stopped is not read: the operator pauses or stops the connector as asked and reports
    // Ready True; a failed connector or task is NotReady True whatever the state.
    InterpretHealth: ({ object }) => operandHealth(object.metadata, object.status),
    // The ConfigMap `alterOffsets` reads offsets from; `listOffsets.toConfigMap` is one the operator writes, not a
    // dependency. Config values such as `${secrets:ns/name:key}` are strings for a config provider the KafkaConnect
    // configures, not references (see README.md).
    InterpretDependency: ({ object, namespace, kind }) =>
      clusterDependency(object.metadata, namespace, kind.version, 'KafkaConnect', (named) =>
        named.add('v1', 'ConfigMap', object.spec?.alterOffsetsConfigMap, { path: 'object.spec.alterOffsets.fromConfigMap.name' }),
      ),
  },
});
