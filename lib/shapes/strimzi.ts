// Strimzi's custom resources (kafka.strimzi.io): health from the Ready / NotReady conditions its operators write,
// and the status fields reflected and aggregated as the operator wrote them. Shared by Kafka and KafkaNodePool.
import { fieldPath, fieldValue, stringField } from '../kube/fields';
import { FieldFailure } from '../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../review/json';
import type { Condition } from './conditions';

/**
 * Strimzi's health of a resource from its conditions (the operator's `StatusUtils`: `Ready` True after a
 * successful reconciliation, `NotReady` True with the failure as reason and message; `NotReady` with reason
 * `Creating` while a first deployment is under way; `Warning` conditions for deprecated or risky settings;
 * `ReconciliationPaused` while the `strimzi.io/pause-reconciliation` annotation holds it). Unhealthy only on a
 * failure: `NotReady` True (not `Creating`) or `Ready` False. Warnings, a pause, a first deployment and no status
 * (no operator has reconciled yet) are healthy: Karmada evicts on Unhealthy, and moving a Kafka cluster that is
 * still starting would only start it again elsewhere.
 */
export function strimziHealthy(conditions: readonly Condition[] | undefined): boolean {
  for (const condition of conditions ?? []) {
    if (condition.type === 'NotReady' && condition.status === 'True' && condition.reason !== 'Creating') return false;
    if (condition.type === 'Ready' && condition.status === 'False') return false;
  }
  return true;
}

/** A string field of a status, checked (a 400 naming it when it is another type). */
export function statusString(status: JsonObject, name: string, path: string): string | undefined {
  return stringField(status, name, fieldPath(path, name));
}

/** A list of int32 node IDs (`nodeIds`, `registeredNodeIds`), checked; kept as written. */
export function nodeIdsField(status: JsonObject, name: string, path: string): number[] | undefined {
  const value = fieldValue(status, name);
  if (value === undefined) return undefined;
  const at = fieldPath(path, name);
  if (!Array.isArray(value)) throw new FieldFailure(at, `must be a list of node IDs, got ${describeJson(value)}`);
  return value.map((id, index) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 2147483647) {
      throw new FieldFailure(`${at}[${index}]`, `must be a node ID (an integer from 0 to 2147483647), got ${typeof id === 'number' ? id : describeJson(id)}`);
    }
    return id;
  });
}

/** A list of strings (`roles`), checked. */
export function stringListField(parent: JsonObject | undefined, name: string, path: string): string[] | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  const at = fieldPath(path, name);
  if (!Array.isArray(value)) throw new FieldFailure(at, `must be a list of strings, got ${describeJson(value)}`);
  return value.map((item, index) => {
    if (typeof item !== 'string') throw new FieldFailure(`${at}[${index}]`, `must be a string, got ${describeJson(item)}`);
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
