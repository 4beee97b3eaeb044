// Empty lists and maps left out of a value, as Karmada's Lua path leaves them out: kinds whose catalogue cases expect
// Karmada's reflection of a status written from Go structs without omitempty (Kyverno's autogen rules, FlinkDeployment's
// `savepointHistory: []`, the Flux sources' empty `artifact`).
import { isJsonObject, type JsonObject, type JsonValue } from '../review/json';

/** Whether a value is `[]` or `{}`. */
export function isEmptyContainer(value: JsonValue): boolean {
  return (Array.isArray(value) && value.length === 0) || (isJsonObject(value) && Object.keys(value).length === 0);
}

/**
 * A value without the empty lists and maps in its objects, at any depth. Karmada turns an empty Lua table into
 * nothing (`convertEmptySliceToEmptyStructPartly`); a map that only held empty values stays, as an empty map, as it
 * does there. Linear in the value's size.
 */
export function withoutEmptyContainers(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutEmptyContainers);
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isEmptyContainer(item)) result[key] = withoutEmptyContainers(item);
  }
  return result;
}
