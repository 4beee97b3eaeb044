// Typed reads of unstructured object fields; a wrong type becomes a 400 that names the field's path.
import { invalidInput } from '../protocol/errors';
import { describeJson as describe, int32Max } from '../protocol/json';
import type { JsonObject, JsonValue } from '../protocol/types';


/** The value at `parent[name]` (own properties only), undefined when absent or null. */
export function fieldValue(parent: JsonObject | undefined, name: string): JsonValue | undefined {
  if (parent === undefined || !Object.hasOwn(parent, name)) return undefined;
  const value = parent[name];
  return value === null ? undefined : value;
}

/** The object at `parent[name]`, undefined when absent or null. */
export function objectField(parent: JsonObject | undefined, name: string, path: string): JsonObject | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidInput(`${path} must be an object, got ${describe(value)}`);
  return value;
}

export function arrayField(parent: JsonObject | undefined, name: string, path: string): JsonValue[] {
  const value = fieldValue(parent, name);
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidInput(`${path} must be an array, got ${describe(value)}`);
  return value;
}

/** Refuses a list longer than `maxItems` before any work per item (the check is O(1)). */
export function checkListLength(length: number, maxItems: number, path: string): void {
  if (length > maxItems) {
    throw invalidInput(`${path} has ${length} items; at most ${maxItems} are accepted (far more than any real pod template needs)`);
  }
}

/** The objects of an array field, each checked, with its index in the path; optionally at most `maxItems` of them. */
export function objectItems(
  parent: JsonObject | undefined,
  name: string,
  path: string,
  maxItems = Number.POSITIVE_INFINITY,
): { item: JsonObject; path: string }[] {
  const list = arrayField(parent, name, path);
  checkListLength(list.length, maxItems, path);
  return list.map((item, index) => {
    const itemPath = `${path}[${index}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw invalidInput(`${itemPath} must be an object, got ${describe(item)}`);
    }
    return { item, path: itemPath };
  });
}

export function stringField(parent: JsonObject | undefined, name: string, path: string): string | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidInput(`${path} must be a string, got ${describe(value)}`);
  return value;
}

export function booleanField(parent: JsonObject | undefined, name: string, path: string): boolean | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidInput(`${path} must be a boolean, got ${describe(value)}`);
  return value;
}

/** A replica-like count: a non-negative integer that fits Kubernetes' int32. */
export function countField(parent: JsonObject | undefined, name: string, path: string): number | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidInput(`${path} must be an integer, got ${typeof value === 'number' ? value : describe(value)}`);
  }
  if (value < 0) throw invalidInput(`${path} must not be negative, got ${value}`);
  if (value > int32Max) throw invalidInput(`${path} must fit in an int32, got ${value}`);
  return value;
}

/** A map of string to string, such as labels or a nodeSelector. */
export function stringMapField(parent: JsonObject | undefined, name: string, path: string): Record<string, string> | undefined {
  const map = objectField(parent, name, path);
  if (map === undefined) return undefined;
  for (const [key, value] of Object.entries(map)) {
    if (typeof value !== 'string') throw invalidInput(`${path}[${JSON.stringify(key)}] must be a string, got ${describe(value)}`);
  }
  return map as Record<string, string>;
}
