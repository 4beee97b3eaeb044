// Empty lists and maps left out of a value, as Karmada's Lua path leaves them out: kinds whose catalogue cases expect
// Karmada's reflection of a status written from Go structs without omitempty (Kyverno's autogen rules, FlinkDeployment's
// `savepointHistory: []`, the Flux sources' empty `artifact`), and a member's status copied whole (Spark, Notebook, Ray).
import { hasNoFields, isJsonObject, type JsonObject, type JsonValue } from '../review/json';

/** Whether a value is `[]` or `{}` (without listing an object's keys to count them). */
export function isEmptyContainer(value: JsonValue): boolean {
  return Array.isArray(value) ? value.length === 0 : isJsonObject(value) && hasNoFields(value);
}

/** Whether a field is one Karmada's Lua path hands back as nothing: absent, null (Lua's nil), `[]` or `{}`. */
export function isEmptyOrAbsent(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || isEmptyContainer(value);
}

/**
 * A value without the empty lists and maps in its objects, at any depth. Karmada turns an empty Lua table into
 * nothing (`convertEmptySliceToEmptyStructPartly`); a map that only held empty values stays, as an empty map, as it
 * does there. Linear in the value's size, and copy on write: a value with nothing to leave out is returned as it is,
 * so a wide status echoed whole is not copied to be checked.
 */
export function withoutEmptyContainers(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    let copy: JsonValue[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const kept = withoutEmptyContainers(value[index]!);
      if (kept !== value[index]) (copy ??= value.slice())[index] = kept;
    }
    return copy ?? value;
  }
  if (!isJsonObject(value)) return value;
  let copy: JsonObject | undefined;
  for (const key in value) {
    const item = value[key]!;
    if (isEmptyContainer(item)) {
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const kept = withoutEmptyContainers(item);
    // defineProperty, not assignment: a `__proto__` key JSON.parse made an own field stays one.
    if (kept !== item) Object.defineProperty((copy ??= { ...value }), key, { value: kept, writable: true, enumerable: true, configurable: true });
  }
  return copy ?? value;
}
