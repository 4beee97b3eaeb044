// Typed reads of unstructured object fields: a wrong type is a FieldFailure naming the field's path, which each
// review answers in its own way (a 400 for the interpreter, a Failure for a ConversionReview).
import { describeJson as describe, int32Max } from '../review/json';
import { FieldFailure } from '../review/core';
import type { JsonObject, JsonValue } from '../review/json';


/** A field's path below `path`, as messages name it; the root path '' (a converter's view) gives the bare name. */
export function fieldPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** The value at `parent[name]` (own properties only), undefined when absent or null: the one way every reader looks a field up. */
export function fieldValue(parent: JsonObject | undefined, name: string): JsonValue | undefined {
  if (parent === undefined || !Object.hasOwn(parent, name)) return undefined;
  const value = parent[name];
  return value === null ? undefined : value;
}

/** The object at `parent[name]`, undefined when absent or null. */
export function objectField(parent: JsonObject | undefined, name: string, path: string): JsonObject | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FieldFailure(path, `must be an object, got ${describe(value)}`);
  return value;
}

export function arrayField(parent: JsonObject | undefined, name: string, path: string): JsonValue[] {
  const value = fieldValue(parent, name);
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new FieldFailure(path, `must be an array, got ${describe(value)}`);
  return value;
}

/** Refuses a list longer than `maxItems` before any work per item (the check is O(1)). */
export function checkListLength(length: number, maxItems: number, path: string): void {
  if (length > maxItems) {
    throw new FieldFailure(path, `has ${length} items; at most ${maxItems} are accepted (far more than any real pod template needs)`);
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
      throw new FieldFailure(itemPath, `must be an object, got ${describe(item)}`);
    }
    return { item, path: itemPath };
  });
}

export function stringField(parent: JsonObject | undefined, name: string, path: string): string | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FieldFailure(path, `must be a string, got ${describe(value)}`);
  return value;
}

export function booleanField(parent: JsonObject | undefined, name: string, path: string): boolean | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new FieldFailure(path, `must be a boolean, got ${describe(value)}`);
  return value;
}

/** A replica-like count: a non-negative integer that fits Kubernetes' int32. */
export function countField(parent: JsonObject | undefined, name: string, path: string): number | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new FieldFailure(path, `must be an integer, got ${typeof value === 'number' ? value : describe(value)}`);
  }
  if (value < 0) throw new FieldFailure(path, `must not be negative, got ${value}`);
  if (value > int32Max) throw new FieldFailure(path, `must fit in an int32, got ${value}`);
  return value;
}

/** A map of string to string, such as labels or a nodeSelector. */
export function stringMapField(parent: JsonObject | undefined, name: string, path: string): Record<string, string> | undefined {
  const map = objectField(parent, name, path);
  if (map === undefined) return undefined;
  for (const [key, value] of Object.entries(map)) {
    if (typeof value !== 'string') throw new FieldFailure(`${path}[${JSON.stringify(key)}]`, `must be a string, got ${describe(value)}`);
  }
  return map as Record<string, string>;
}
