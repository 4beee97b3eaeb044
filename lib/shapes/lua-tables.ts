// Values as Karmada's Lua path hands them back: an empty Lua table (an empty map or list) becomes nothing when
// Karmada turns a Lua answer into JSON, so a catalogue kind that copies a member's status drops such fields too.
import type { JsonObject, JsonValue } from '../review/json';

/** Whether a value is what Karmada's Lua path drops: absent, null, an empty map or an empty list. */
export function isEmptyTable(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/** `object` without its fields that are empty maps, empty lists or null (one level, linear in the field count). */
export function withoutEmptyFields(object: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) if (!isEmptyTable(value)) result[key] = value;
  return result;
}
