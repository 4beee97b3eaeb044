// Typed reads of unstructured object fields: a wrong type is a FieldFailure naming the field's path, which each
// review answers in its own way (a 400 for the interpreter, a Failure for a ConversionReview); or, read with a
// `Reading` that collects, a list of kube's field errors (apimachinery's field.ErrorList), which admission answers.
import { describeJson as describe, int32Max, isJsonObject } from '../review/json';
import { FieldFailure } from '../review/core';
import type { JsonObject, JsonValue } from '../review/json';
import { invalid, tooManyItems, typeInvalid, type FieldError } from './field-errors';
import type { ListBound } from './limits';
import { dns1123LabelMaxLength, dns1123SubdomainMaxLength } from './names';

/**
 * How a reader treats a wrong field. Without one (the interpreter), it throws the first as a FieldFailure; admission
 * reads the whole object once and answers every wrong field, as kube's validation does.
 */
export interface Reading {
  /**
   * Given, a wrong field is recorded here in kube's words (`FieldValueTypeInvalid` with the expected type, `Invalid`
   * with the bound, `TooMany`) at kube's path (`metadata.labels[app]`), read as absent, and reading goes on.
   */
  readonly errors?: FieldError[];
  /**
   * A `null` is a value of the wrong type, not an absent field. A converter reads so: it must give back what it was
   * given, and would drop a `null` it read as absent.
   */
  readonly nullIsWrong?: boolean;
}

/**
 * A wrong field: thrown as `FieldFailure(path, detail)`, or, when `reading` collects, recorded as `error` (kube's
 * words) and read as absent. A kind's own readers call it too, so that they collect as these do. Called only for a
 * wrong field: a valid object pays nothing for the two wordings.
 */
export function wrongField(reading: Reading | undefined, path: string, detail: string, error: FieldError): undefined {
  if (reading?.errors === undefined) throw new FieldFailure(path, detail);
  reading.errors.push(error);
  return undefined;
}

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

/** `fieldValue`, except that a reading with `nullIsWrong` gets a `null` back, for the type check to refuse. */
function valueOf(parent: JsonObject | undefined, name: string, reading: Reading | undefined): JsonValue | undefined {
  if (parent === undefined || !Object.hasOwn(parent, name)) return undefined;
  const value = parent[name];
  return value === null && reading?.nullIsWrong !== true ? undefined : value;
}


const articles = { object: 'an', array: 'an', string: 'a', boolean: 'a' } as const;

/** A value of the wrong JSON type, in both wordings: `must be an object, got a string`; kube's `must be of type object`. */
function wrongType(reading: Reading | undefined, path: string, value: JsonValue, expected: keyof typeof articles, kubePath = path): undefined {
  return wrongField(reading, path, `must be ${articles[expected]} ${expected}, got ${describe(value)}`, typeInvalid(kubePath, value, expected));
}

/** The object at `parent[name]`, undefined when absent or null. */
export function objectField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): JsonObject | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return wrongType(reading, path, value, 'object');
  return value;
}

export function arrayField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): JsonValue[] {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return [];
  if (!Array.isArray(value)) return wrongType(reading, path, value, 'array') ?? [];
  return value;
}

/**
 * Refuses a list longer than its bound before any work per item (the check is O(1)); false when it is longer. A
 * bound with its reason (lib/kube/limits.ts) gives the operator that reason too; a bare number, the figures only.
 */
/** `checkListLength` of the fields of a map (a resource list, a selector), counted without listing its keys. */
export function checkFieldCount(object: JsonObject, bound: number | ListBound, path: string, reading?: Reading): boolean {
  let count = 0;
  for (const _key in object) count++;
  return checkListLength(count, bound, path, reading);
}

export function checkListLength(length: number, bound: number | ListBound, path: string, reading?: Reading): boolean {
  const maxItems = typeof bound === 'number' ? bound : bound.maxItems;
  if (length <= maxItems) return true;
  const why = typeof bound === 'number' ? '' : ` (${bound.why})`;
  wrongField(reading, path, `has ${length} items; at most ${maxItems} are accepted${why}`, tooManyItems(path, length, maxItems));
  return false;
}

/**
 * The objects of an array field, each checked, with its index in the path; optionally at most `maxItems` of them.
 * A collecting reading records every item that is not an object and leaves it out; a list too long, before any item.
 */
export function objectItems(
  parent: JsonObject | undefined,
  name: string,
  path: string,
  maxItems: number | ListBound = Number.POSITIVE_INFINITY,
  reading?: Reading,
): { item: JsonObject; path: string }[] {
  const list = arrayField(parent, name, path, reading);
  if (!checkListLength(list.length, maxItems, path, reading)) return [];
  const items: { item: JsonObject; path: string }[] = [];
  list.forEach((item, index) => {
    const itemPath = `${path}[${index}]`;
    if (isJsonObject(item)) items.push({ item, path: itemPath });
    else wrongType(reading, itemPath, item, 'object');
  });
  return items;
}

export function stringField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): string | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return wrongType(reading, path, value, 'string');
  return value;
}

export function booleanField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): boolean | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') return wrongType(reading, path, value, 'boolean');
  return value;
}

/** A replica-like count: a non-negative integer that fits Kubernetes' int32 (kube's `minimum: 0`, `maximum: 2147483647`). */
export function countField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): number | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return wrongField(reading, path, `must be an integer, got ${typeof value === 'number' ? value : describe(value)}`, typeInvalid(path, value, 'integer'));
  }
  if (value < 0) return wrongField(reading, path, `must not be negative, got ${value}`, invalid(path, value, 'must be greater than or equal to 0'));
  if (value > int32Max) return wrongField(reading, path, `must fit in an int32, got ${value}`, invalid(path, value, `must be less than or equal to ${int32Max}`));
  return value;
}

/** The integer formats of OpenAPI (a CRD's `format: int32` or `int64`), with the range each admits. */
export const integerFormats = {
  int32: { min: -(2 ** 31), max: int32Max },
  // An int64 past 2^53 was already rounded when the JSON was parsed: only the exact part of its range is read.
  int64: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type IntegerFormat = keyof typeof integerFormats;

/**
 * A signed integer of the CRD's `format` (`int32` unless it says `int64`): a count that may be negative, such as
 * Flux's `observedGeneration: -1` or an offset. A fraction, another type or a value outside the format is a
 * FieldFailure naming the field (the interpreter's 400).
 */
export function signedField(parent: JsonObject | undefined, name: string, path: string, format: IntegerFormat = 'int32', reading?: Reading): number | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return wrongField(reading, path, `must be an integer, got ${typeof value === 'number' ? value : describe(value)}`, typeInvalid(path, value, 'integer'));
  }
  const { min, max } = integerFormats[format];
  const fits = format === 'int32' ? 'fit in an int32' : 'be an int64 a JSON number holds exactly';
  if (value < min) return wrongField(reading, path, `must ${fits}, got ${value}`, invalid(path, value, `must be greater than or equal to ${min}`));
  if (value > max) return wrongField(reading, path, `must ${fits}, got ${value}`, invalid(path, value, `must be less than or equal to ${max}`));
  return value;
}

/** Any integer a JSON number holds exactly (a status field with no count's bounds, such as an index or an offset). */
export function integerField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): number | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return wrongField(reading, path, `must be an integer, got ${typeof value === 'number' ? value : describe(value)}`, typeInvalid(path, value, 'integer'));
  }
  if (!Number.isSafeInteger(value)) {
    return wrongField(reading, path, `must be an integer a JSON number holds exactly, got ${value}`, invalid(path, value, `must be less than or equal to ${Number.MAX_SAFE_INTEGER}`));
  }
  return value;
}

/** A number (OpenAPI's `type: number`). */
export function numberField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): number | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined) return undefined;
  if (typeof value !== 'number') return wrongField(reading, path, `must be a number, got ${describe(value)}`, typeInvalid(path, value, 'number'));
  return value;
}

/** An IntOrString (`x-kubernetes-int-or-string`): an integer or a string, as the schema admits either. */
export function intOrStringField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): number | string | undefined {
  const value = valueOf(parent, name, reading);
  if (value === undefined || typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) return value as number | string | undefined;
  return wrongField(reading, path, `must be an integer or a string, got ${typeof value === 'number' ? value : describe(value)}`, typeInvalid(path, value, 'integer or string'));
}

/**
 * A map of string to string, such as labels or a nodeSelector. A collecting reading records every entry that is not
 * a string, at kube's path (`metadata.labels[app]`; a FieldFailure quotes the key as JSON), and reads the map as absent.
 */
export function stringMapField(parent: JsonObject | undefined, name: string, path: string, reading?: Reading): Record<string, string> | undefined {
  const map = objectField(parent, name, path, reading);
  if (map === undefined) return undefined;
  let wrongEntries = 0;
  // for…in, not Object.entries: a map of a million entries costs no array of pairs to check.
  for (const key in map) {
    const value = map[key]!;
    if (typeof value === 'string') continue;
    wrongEntries += 1;
    wrongType(reading, `${path}[${JSON.stringify(key)}]`, value, 'string', `${path}[${key}]`);
  }
  return wrongEntries === 0 ? (map as Record<string, string>) : undefined;
}

/**
 * A string that names a Kubernetes object (a Secret, a ConfigMap, a ServiceAccount, a PVC): a DNS-1123 subdomain,
 * so one longer than 253 characters names nothing and is refused before any answer repeats it.
 */
export function objectNameField(parent: JsonObject | undefined, name: string, path: string): string | undefined {
  return checkedObjectName(stringField(parent, name, path), path);
}

/** `objectNameField` for a name already read. */
export function checkedObjectName(value: string | undefined, path: string): string | undefined {
  if (value !== undefined && value.length > dns1123SubdomainMaxLength) {
    throw new FieldFailure(path, `has ${value.length} characters; an object's name has at most ${dns1123SubdomainMaxLength} (a DNS subdomain)`);
  }
  return value;
}

/** A namespace already read: a DNS-1123 label of at most 63 characters; a longer one is refused. */
export function checkedNamespace(value: string | undefined, path: string): string | undefined {
  if (value !== undefined && value.length > dns1123LabelMaxLength) {
    throw new FieldFailure(path, `has ${value.length} characters; a namespace has at most ${dns1123LabelMaxLength} (a DNS label)`);
  }
  return value;
}
