// The one reading grammar of the interpreter: a cursor over a decoded object. Each read checks one field and
// returns its value (absent or null: undefined; an absent object: an empty cursor); a wrong field is a FieldFailure
// naming its path (a 400). The path is built only then, from the chain of cursors: a valid object pays for no path
// string. The checks and their messages are those of ./fields.ts, which admission reads with.
import { FieldFailure } from '../review/core';
import { describeJson, int32Max, isJsonObject, quoted, type JsonObject, type JsonValue } from '../review/json';
import {
  booleanField,
  checkListLength,
  checkedObjectName,
  countField,
  fieldPath,
  fieldValue,
  integerFormats,
  integerField,
  intOrStringField,
  numberField,
  objectField,
  objectItems,
  signedField,
  stringField,
  stringMapField,
  type IntegerFormat,
} from './fields';
import { anyList, type ListBound } from './limits';
import { generationField, type PodTemplateSpec } from './objects';
import { parseQuantity, type Quantity } from './quantity';

/** Quantities are kept to 10^24 and up (past any cluster), so that a sum costs their digits only. */
const maxQuantityExponent = 24;

export class Cursor {
  private constructor(
    /** The object read here; undefined when it is absent (every read then gives undefined or an empty cursor). */
    readonly value: JsonObject | undefined,
    private readonly parent: Cursor | undefined,
    /** The name in the parent (or the index in its list); for a root, its whole path (`object`, `observedObject`). */
    private readonly name: string | number | (() => string),
    /** A map keyed by user names: its fields are named `path["key"]`, not `path.key` (a key may hold dots). */
    private readonly byKey = false,
  ) {}

  /** A cursor over `object`, whose fields are named below `path` (`object`; '' for a converter's bare names). */
  static root(object: JsonObject | undefined, path: string | (() => string)): Cursor {
    return new Cursor(object, undefined, path);
  }

  /** Whether the object is there (an absent field gives an empty cursor). */
  get present(): boolean {
    return this.value !== undefined;
  }

  /** This object's path, as messages name it (`object.spec.workerGroupSpecs[1]`): built on demand only. */
  get path(): string {
    const { name } = this;
    if (this.parent === undefined) return typeof name === 'function' ? name() : (name as string);
    if (typeof name === 'number') return `${this.parent.path}[${name}]`;
    return this.parent.pathOf(name as string);
  }

  /** The path of the field `name` here. */
  pathOf(name: string): string {
    return this.byKey ? `${this.path}[${JSON.stringify(name)}]` : fieldPath(this.path, name);
  }

  /** This object read as a map keyed by user names (RayService's applications, Volcano's tasks): `path["key"]`. */
  keyed(): Cursor {
    return new Cursor(this.value, this.parent, this.name, true);
  }

  /** A 400 naming the field `name` here (or this object, without a name). */
  fail(name: string | undefined, detail: string): never {
    throw new FieldFailure(name === undefined ? this.path : this.pathOf(name), detail);
  }

  /** The field as sent, unchecked (undefined when absent or null): for a value passed on whole. */
  raw(name: string): JsonValue | undefined {
    return fieldValue(this.value, name);
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  /** The object at `name`: an empty cursor when absent or null, a 400 when not an object. */
  object(name: string): Cursor {
    const value = fieldValue(this.value, name);
    if (value === undefined) return new Cursor(undefined, this, name);
    if (isJsonObject(value)) return new Cursor(value, this, name);
    return objectField(this.value, name, this.pathOf(name)) as never;
  }

  /** The object at `name` read by `read`, or undefined when absent or null (a 400 when not an object). */
  part<V>(name: string, read: (object: Cursor) => V): V | undefined {
    const object = this.object(name);
    return object.value === undefined ? undefined : read(object);
  }

  /** The object under `key` in a map keyed by user names, named `path["key"]`. */
  entry(key: string): Cursor {
    return this.keyed().object(key);
  }

  /** The object down a path of names (`at(['updateStrategy', 'rollingUpdate'])`), each checked. */
  at(names: readonly string[]): Cursor {
    let cursor: Cursor = this;
    for (const name of names) cursor = cursor.object(name);
    return cursor;
  }

  /**
   * The objects of the list at `name` (none when absent), each its own cursor; a longer list than `bound` (by default
   * `anyList`: no list is read unbounded) is a 400 before any item is read.
   */
  items(name: string, bound: number | ListBound = anyList): Cursor[] {
    const list = this.list(name, bound);
    const items: Cursor[] = new Array(list.length);
    // One cursor for the list, shared by its items (their paths are built from it only when one is wrong).
    const parent = list.length === 0 ? undefined : this.listCursor(name);
    for (let index = 0; index < list.length; index += 1) {
      const item = list[index]!;
      if (!isJsonObject(item)) return objectItems(this.value, name, this.pathOf(name)) as never;
      items[index] = new Cursor(item, parent!, index);
    }
    return items;
  }

  /** The list at `name` as sent (empty when absent), its items unchecked; a longer one than `bound` is a 400. */
  list(name: string, bound: number | ListBound = anyList): JsonValue[] {
    const value = fieldValue(this.value, name);
    if (value === undefined) return [];
    if (!Array.isArray(value)) return objectItems(this.value, name, this.pathOf(name)) as never;
    if (value.length > (typeof bound === 'number' ? bound : bound.maxItems)) checkListLength(value.length, bound, this.pathOf(name));
    return value;
  }

  /** The strings of the list at `name` (empty when absent), each checked: a null item is refused, not skipped. */
  strings(name: string, bound: number | ListBound = anyList): string[] {
    const list = this.list(name, bound);
    for (let index = 0; index < list.length; index += 1) {
      const item = list[index];
      if (typeof item !== 'string') throw new FieldFailure(`${this.pathOf(name)}[${index}]`, `must be a string, got ${describeJson(item)}`);
    }
    return list as string[];
  }

  /** The entries of a map of objects at `name` (KEDA's `status.health`), each a cursor named `name["key"]`. */
  entries(name: string): [string, Cursor][] {
    const map = this.object(name);
    return map.value === undefined ? [] : Object.keys(map.value).map((key) => [key, map.entry(key)]);
  }

  string(name: string): string | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || typeof value === 'string') return value;
    return stringField(this.value, name, this.pathOf(name));
  }

  boolean(name: string): boolean | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || typeof value === 'boolean') return value;
    return booleanField(this.value, name, this.pathOf(name));
  }

  /** A replica-like count: a non-negative integer within int32. */
  count(name: string): number | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= int32Max)) return value;
    return countField(this.value, name, this.pathOf(name));
  }

  /** A signed integer of the CRD's format (int32 unless it says int64). */
  signed(name: string, format: IntegerFormat = 'int32'): number | undefined {
    const value = fieldValue(this.value, name);
    const { min, max } = integerFormats[format];
    if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)) return value;
    return signedField(this.value, name, this.pathOf(name), format);
  }

  /** Any integer a JSON number holds exactly. */
  integer(name: string): number | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value))) return value;
    return integerField(this.value, name, this.pathOf(name));
  }

  number(name: string): number | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || typeof value === 'number') return value;
    return numberField(this.value, name, this.pathOf(name));
  }

  intOrString(name: string): number | string | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) return value;
    return intOrStringField(this.value, name, this.pathOf(name));
  }

  /** A generation-like field: a non-negative integer a JSON number holds exactly. */
  generation(name: string): number | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) return value;
    return generationField(this.value, name, this.pathOf(name));
  }

  /** A map of string to string (labels, a nodeSelector). */
  stringMap(name: string): Record<string, string> | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined) return undefined;
    if (isJsonObject(value)) {
      let strings = true;
      for (const key in value) if (typeof value[key] !== 'string') strings = false;
      if (strings) return value as Record<string, string>;
    }
    return stringMapField(this.value, name, this.pathOf(name));
  }

  /** A string that names an object: at most 253 characters (a DNS subdomain). */
  objectName(name: string): string | undefined {
    const value = this.string(name);
    if (value === undefined || value.length <= 253) return value;
    return checkedObjectName(value, this.pathOf(name));
  }

  /**
   * A resource.Quantity (a string or a number), undefined when absent or empty; one Kubernetes cannot parse, or past
   * 10^24, is a 400 naming the field.
   */
  quantity(name: string): Quantity | undefined {
    const value = fieldValue(this.value, name);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') this.fail(name, `must be a quantity such as "2" or "3Gi", got ${describeJson(value)}`);
    let quantity: Quantity;
    try {
      quantity = parseQuantity(value);
    } catch (error) {
      return this.fail(name, error instanceof Error ? error.message : String(error));
    }
    if (quantity.digits.length + quantity.exponent > maxQuantityExponent) this.fail(name, `is past 10^${maxQuantityExponent}, got ${quoted(String(value), 40)}`);
    return quantity;
  }

  /**
   * A pod template: it and its `spec` are objects; the fields below are checked by the readers that use them
   * (lib/interpreter/pod-template.ts), as they read them.
   */
  podTemplate(name: string): PodTemplateSpec | undefined {
    const template = this.object(name);
    template.object('spec');
    return template.value as PodTemplateSpec | undefined;
  }

  /** A cursor over the list at `name`, whose items' paths are `name[i]`. */
  private listCursor(name: string): Cursor {
    return new Cursor(undefined, this, name);
  }

  /** The path, as messages name it. */
  toString(): string {
    return this.path;
  }
}

/** A reader run once, when first asked: a part of a view read only by the operations that use it. */
export function once<V>(read: () => V): () => V {
  let done = false;
  let value: V;
  return () => {
    if (!done) {
      value = read();
      done = true;
    }
    return value;
  };
}

/** How each part of a view `T` is read. */
export type Parts<T> = { [K in keyof T]-?: () => T[K] };

/** A part not read yet. */
const unread: unique symbol = Symbol('unread');

/** A view's parts and their values, slot by slot (what the prototype's getters read). */
interface PartSlots {
  readonly parts: Record<string, () => unknown>;
  readonly values: unknown[];
}

/**
 * One prototype per list of part names, its getters reading a part into its slot the first time: most kinds share
 * `metadata, spec, status`. Found by comparing names, not by a joined key: this runs on every request.
 */
const prototypes: { names: readonly string[]; prototype: object }[] = [];

function prototypeFor(names: readonly string[]): object {
  search: for (const entry of prototypes) {
    if (entry.names.length !== names.length) continue;
    for (let index = 0; index < names.length; index += 1) if (entry.names[index] !== names[index]) continue search;
    return entry.prototype;
  }
  const prototype = {};
  names.forEach((name, index) => {
    Object.defineProperty(prototype, name, {
      enumerable: true,
      get(this: PartSlots) {
        let value = this.values[index];
        if (value === unread) {
          value = this.parts[name]!();
          this.values[index] = value;
        }
        return value;
      },
    });
  });
  prototypes.push({ names, prototype });
  return prototype;
}

/**
 * A typed view read by part: each property is read when an operation first reads it, then kept. So an operation
 * refuses only the parts it reads: InterpretReplica reads `spec`, and a wrong `status` field never changes its answer.
 * The getters live on a shared prototype: defining them on each view cost ~2 µs a request.
 */
export function readByPart<T extends object>(parts: Parts<T>): T {
  const names = Object.keys(parts);
  const view = Object.create(prototypeFor(names)) as { -readonly [K in keyof PartSlots]: PartSlots[K] };
  view.parts = parts;
  view.values = [];
  for (let index = 0; index < names.length; index += 1) view.values.push(unread);
  return view as unknown as T;
}

/** The record without its undefined entries: a view whose absent fields are absent, not undefined. */
export function defined<T extends object>(record: T): T {
  for (const key of Object.keys(record) as (keyof T)[]) if (record[key] === undefined) delete record[key];
  return record;
}
