// Strimzi's custom resources (kafka.strimzi.io): health from the Ready / NotReady conditions its operators write,
// and the status fields reflected and aggregated as the operator wrote them. Shared by Kafka and KafkaNodePool.
import { replicaRequirementsOf } from '../../interpreter/pod-template';
import type { OperationResults } from '../../interpreter/registry';
import type { Cursor } from '../../kube/cursor';
import { FieldFailure, ReviewFailure } from '../../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../../review/json';
import { conditionOf, type Condition } from '../../shapes/conditions';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

/** The label that ties a node pool to its Kafka cluster (Strimzi's `Labels.STRIMZI_CLUSTER_LABEL`). */
export const clusterLabel = 'strimzi.io/cluster';

/** The fields of Strimzi's PodTemplate that Karmada's replica requirements read (the rest are not scheduling). */
const schedulingFields = ['affinity', 'tolerations', 'priorityClassName'] as const;

/** Where a Strimzi kind keeps its nodes' resources and pod template (e.g. `object.spec.resources`, `object.spec.template.pod`). */
export interface NodeFields {
  resources: Cursor;
  pod: Cursor;
}

/** The synthetic pod template's path, for error messages mapped back to the kind's own fields. */
const synthetic = 'strimzi';
const container = `${synthetic}.spec.containers[0].resources`;
const podSpecPath = `${synthetic}.spec`;

/**
 * InterpretReplica for Strimzi's Kafka nodes: the count, and each node's requirements from the Kafka container's
 * `resources` and the scheduling fields of Strimzi's `template.pod`, read as a pod template with one container (the
 * operator builds each node's pod from exactly these). A wrong field is a 400 naming the kind's own field.
 */
export function strimziNodes(replicas: number, { resources, pod }: NodeFields): OperationResults['InterpretReplica'] {
  const podSpec: JsonObject = { containers: [{ name: 'kafka', ...(resources.value === undefined ? {} : { resources: resources.value }) }] };
  for (const name of schedulingFields) {
    const value = pod.raw(name);
    if (value !== undefined) podSpec[name] = value;
  }
  let replicaRequirements;
  try {
    replicaRequirements = replicaRequirementsOf({ spec: podSpec }, synthetic);
  } catch (error) {
    // The pod template reader names its own paths (a FieldFailure, or a quantity's message that starts with one).
    if (!(error instanceof ReviewFailure)) throw error;
    const ownPath = (path: string) => (path.startsWith(container) ? resources.path + path.slice(container.length) : path.startsWith(podSpecPath) ? pod.path + path.slice(podSpecPath.length) : path);
    if (error instanceof FieldFailure) throw new FieldFailure(ownPath(error.field), error.detail);
    const [first = '', ...rest] = error.message.split(/(?=[: ])/);
    throw new ReviewFailure(error.code, ownPath(first) + rest.join(''));
  }
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * Strimzi's health of a resource from its conditions (the operator's `StatusUtils`: `Ready` True after a
 * successful reconciliation, `NotReady` True with the failure as reason and message; `NotReady` with reason
 * `Creating` while a first deployment is under way; `Warning` conditions for deprecated or risky settings;
 * `ReconciliationPaused` while the `strimzi.io/pause-reconciliation` annotation holds it). Unhealthy only on a
 * failure: `NotReady` True (not `Creating`) or `Ready` False. Warnings, a pause, a first deployment and no status
 * (no operator has reconciled yet) are healthy: Karmada evicts on Unhealthy, and moving a Kafka cluster that is
 * still starting would only start it again elsewhere.
 */
export function strimziHealth(conditions: readonly Condition[] | undefined): Health {
  for (const condition of conditions ?? []) {
    if (condition.type === 'NotReady' && condition.status === 'True' && condition.reason !== 'Creating') return unhealthy(conditionReason(condition, 'NotReady'));
    if (condition.type === 'Ready' && condition.status === 'False') return unhealthy(conditionReason(condition, 'Ready'));
  }
  // What the healthy answer rests on: the operator's verdict, its pause, or its first deployment under way.
  for (const type of ['Ready', 'ReconciliationPaused', 'NotReady']) {
    const condition = conditionOf(conditions, type);
    if (condition?.status === 'True') return healthy(conditionReason(condition, type));
  }
  return healthy(conditions === undefined || conditions.length === 0 ? 'no status.conditions' : 'no NotReady=True nor Ready=False');
}

/** A list of int32 node IDs (`nodeIds`, `registeredNodeIds`), checked; kept as written. */
export function nodeIdsField(status: Cursor, name: string): number[] | undefined {
  const value = status.raw(name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new FieldFailure(status.pathOf(name), `must be a list of node IDs, got ${describeJson(value)}`);
  return value.map((id, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 2147483647) {
      throw new FieldFailure(`${status.pathOf(name)}[${index}]`, `must be a node ID (an integer from 0 to 2147483647), got ${typeof id === 'number' ? id : describeJson(id)}`);
    }
    return id;
  });
}

/** A list of strings (`roles`), checked: its own wording, `must be a list of strings`. */
export function stringListField(parent: Cursor, name: string): string[] | undefined {
  const value = parent.raw(name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new FieldFailure(parent.pathOf(name), `must be a list of strings, got ${describeJson(value)}`);
  return value.map((item, index) => {
    if (typeof item !== 'string') throw new FieldFailure(`${parent.pathOf(name)}[${index}]`, `must be a string, got ${describeJson(item)}`);
    return item;
  });
}

/** The named fields of a status that are present, as written (InterpretStatus copies them). */
export function presentFields(status: JsonObject | undefined, names: readonly string[]): JsonObject {
  const fields: JsonObject = {};
  for (const name of names) {
    const value: JsonValue | undefined = status?.[name];
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}
