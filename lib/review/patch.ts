// RFC 6902 JSON Patch operations as Karmada applies them (strictly), and their wire encoding.
//
// Patches are built directly, not by diffing a modified copy against the original: an interpreter knows which
// fields it sets, so direct construction costs no deep clone and no whole-tree walk per call, and it emits only
// `add` (plus `remove` of a field that exists). A diff library emits `replace`/`remove` against whatever it saw,
// which Karmada's strict application rejects when its copy differs, and it allocates in proportion to the object.
import { jsonBytes } from './answer-size';
import { FieldFailure } from './core';
import { describeJson, isJsonObject, type JsonObject, type JsonValue } from './json';

export type JsonPatchOperation = { op: 'add'; path: string; value: JsonValue } | { op: 'remove'; path: string };

/** RFC 6901 pointer for a path given as segments. */
export function pointerOf(segments: readonly string[]): string {
  let pointer = '';
  for (const segment of segments) pointer += '/' + segment.replaceAll('~', '~0').replaceAll('/', '~1');
  return pointer;
}


function nested(segments: readonly string[], value: JsonValue): JsonValue {
  let result = value;
  for (let i = segments.length - 1; i >= 0; i--) result = { [segments[i]!]: result };
  return result;
}

/** The item of `node` a segment names: a member of an object, or an existing index of an array. */
function childAt(node: JsonValue | undefined, segment: string): JsonValue | undefined {
  if (isJsonObject(node)) return Object.hasOwn(node, segment) ? node[segment] : undefined;
  if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(segment)) return node[Number(segment)];
  return undefined;
}

/** Where `segments` are in the request's object, as messages name it: `object.spec.groups[1]`. */
function objectPath(segments: readonly string[]): string {
  return segments.reduce((path, segment) => (/^(0|[1-9]\d*)$/.test(segment) ? `${path}[${segment}]` : `${path}.${segment}`), 'object');
}

/**
 * An `add` that always applies to `object`: where a parent on the path is missing or null, the operation adds that
 * parent with the value nested inside it, so strict application never fails. An existing list item is a parent like
 * any other, so one field of it can change alone. A parent that is there but is not an object (a `spec: 7`) is a 400
 * naming it: writing into it reads it, and replacing it would silently drop what the object holds there.
 */
export function addOperation(object: JsonObject, segments: readonly string[], value: JsonValue): JsonPatchOperation {
  if (segments.length === 0) throw new RangeError('addOperation needs a path below the root');
  let node: JsonValue = object;
  for (let depth = 0; depth < segments.length - 1; depth++) {
    const child = childAt(node, segments[depth]!);
    // An `add` at an index inserts rather than replaces: a list is a parent only of an existing object item below it.
    const listParent = Array.isArray(child) && depth + 2 < segments.length && isJsonObject(childAt(child, segments[depth + 1]!));
    if (!isJsonObject(child) && !listParent) {
      if (child !== undefined && child !== null) {
        throw new FieldFailure(objectPath(segments.slice(0, depth + 1)), `must be an object to hold ${segments.slice(depth + 1).join('.')}, got ${describeJson(child)}`);
      }
      return { op: 'add', path: pointerOf(segments.slice(0, depth + 1)), value: nested(segments.slice(depth + 1), value) };
    }
    node = child;
  }
  return { op: 'add', path: pointerOf(segments), value };
}

/**
 * A `remove` of the field at `segments`, or nothing when the field is not there (strict remove would fail); a parent
 * there of another type than an object is a 400 naming it.
 */
export function removeOperation(object: JsonObject, segments: readonly string[]): JsonPatchOperation | undefined {
  let node: JsonValue | undefined = object;
  for (let depth = 0; depth < segments.length; depth++) {
    if (!isJsonObject(node)) {
      if (node === null) return undefined;
      // Looking into a parent reads it, as addOperation does: one of the wrong type is refused, not passed over.
      throw new FieldFailure(objectPath(segments.slice(0, depth)), `must be an object to hold ${segments.slice(depth).join('.')}, got ${describeJson(node)}`);
    }
    if (!Object.hasOwn(node, segments[depth]!)) return undefined;
    node = node[segments[depth]!];
  }
  return { op: 'remove', path: pointerOf(segments) };
}

/** `patch` as Karmada reads it: standard, padded base64 of the JSON array. */
export function encodePatch(operations: readonly JsonPatchOperation[]): string {
  return Buffer.from(JSON.stringify(operations)).toString('base64');
}

/** The length of `encodePatch(operations)`, counted without writing it. */
export function encodedPatchLength(operations: readonly JsonPatchOperation[]): number {
  return 4 * Math.ceil(jsonBytes(operations) / 3);
}

/**
 * `node` with the change at `segments`: the containers along the path are copied the first time (the request's
 * object is never mutated) and changed in place after, since `owned` holds the copies made: a patch of many fields
 * under one wide object costs one copy of it, not one per field.
 */
function withChange<T extends JsonObject | JsonValue[]>(node: T, segments: readonly string[], value: JsonValue | undefined, owned: WeakSet<object>): T {
  const [head, ...rest] = segments as [string, ...string[]];
  const copy = (owned.has(node) ? node : Array.isArray(node) ? [...node] : { ...node }) as T;
  owned.add(copy);
  if (Array.isArray(copy)) {
    // Only an existing index is ever a parent here (see addOperation); the item is replaced in the list.
    const index = Number(head);
    const child = copy[index];
    copy[index] = withChange(isJsonObject(child) ? child : {}, rest, value, owned);
    return copy;
  }
  const object = copy as JsonObject;
  if (rest.length === 0) {
    if (value === undefined) delete object[head];
    else Object.defineProperty(object, head, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  }
  const child = Object.hasOwn(object, head) ? object[head] : undefined;
  object[head] = withChange(isJsonObject(child) || Array.isArray(child) ? child : {}, rest, value, owned);
  return copy;
}

function segmentsOf(pointer: string): string[] {
  return pointer.slice(1).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Collects operations against an object as they would apply in sequence, so that a later operation sees the
 * parents an earlier one created (two fields under a missing `/spec` give one `add /spec` and one `add /spec/x`).
 * Only the containers along each changed path are copied; the request object is never mutated.
 */
export class PatchBuilder {
  readonly operations: JsonPatchOperation[] = [];
  private current: JsonObject;
  /**
   * The last operation's change, applied to `current` only when another operation needs to see it: most patches
   * have one operation, and copying the containers along its path for nothing cost a small call ~1 µs.
   */
  private pending: { at: readonly string[] | string; value: JsonValue | undefined } | undefined;

  /** The containers this builder copied, which it may change in place (made when a second operation needs them). */
  private owned: WeakSet<object> | undefined;

  constructor(object: JsonObject) {
    this.current = object;
  }

  private settled(): JsonObject {
    if (this.pending !== undefined) {
      const { at, value } = this.pending;
      this.current = withChange(this.current, typeof at === 'string' ? segmentsOf(at) : at, value, (this.owned ??= new WeakSet()));
      this.pending = undefined;
    }
    return this.current;
  }

  add(segments: readonly string[], value: JsonValue): this {
    const operation = addOperation(this.settled(), segments, value);
    this.operations.push(operation);
    this.pending = { at: operation.path, value: operation.op === 'add' ? operation.value : undefined };
    return this;
  }

  remove(segments: readonly string[]): this {
    const operation = removeOperation(this.settled(), segments);
    if (operation !== undefined) {
      this.operations.push(operation);
      this.pending = { at: segments, value: undefined };
    }
    return this;
  }
}
