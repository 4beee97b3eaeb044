// What an interpreter reads of a request's objects, recorded by proxies rather than listed by hand: the read rule's
// property test (test/kinds/read-rule.test.ts) derives from it which fields an operation may refuse and which it
// must never notice.
import type { JsonValue } from '../../lib/review/json';

/** One step of a path: an object's key or an array's index. */
export type Segment = string | number;

/** A path's key in the record's sets (keys may hold dots, as annotations do, so segments stay apart). */
export const pathKey = (path: readonly Segment[]): string => JSON.stringify(path);

export interface ReadRecord {
  /** Paths looked up (`get`, `in`, `Object.hasOwn`), present or not. */
  readonly read: Set<string>;
  /** Paths whose keys were listed (Object.keys, spread, JSON.stringify): every field below is read. */
  readonly whole: Set<string>;
  /** Off once the answer is serialized: a proxy the test itself touches afterwards records nothing. */
  active: boolean;
}

export function newReadRecord(): ReadRecord {
  return { read: new Set(), whole: new Set(), active: true };
}

const arrayIndex = /^(0|[1-9]\d*)$/;

/**
 * `value` behind proxies that record each path read into `record`; the children `get` returns are wrapped too,
 * one proxy per child, so that identity holds (`a.spec === a.spec`).
 */
export function recording<T extends object>(value: T, root: readonly Segment[], record: ReadRecord): T {
  const proxies = new WeakMap<object, object>();
  const wrap = (target: object, path: readonly Segment[]): object => {
    const known = proxies.get(target);
    if (known !== undefined) return known;
    const isArray = Array.isArray(target);
    // The segment a string key names, or undefined for what is no field: symbols, `length`, inherited methods.
    const segmentOf = (key: string | symbol): Segment | undefined => {
      if (typeof key === 'symbol') return undefined;
      if (isArray) return arrayIndex.test(key) ? Number(key) : undefined;
      return Object.hasOwn(target, key) || !(key in Object.prototype) ? key : undefined;
    };
    const note = (key: string | symbol): Segment | undefined => {
      const segment = segmentOf(key);
      if (segment !== undefined && record.active) record.read.add(pathKey([...path, segment]));
      return segment;
    };
    const proxy = new Proxy(target, {
      get(object, key) {
        const segment = note(key);
        const child = Reflect.get(object, key) as unknown;
        if (segment === undefined || typeof child !== 'object' || child === null || !Object.hasOwn(object, key)) return child;
        return wrap(child, [...path, segment]);
      },
      has(object, key) {
        note(key);
        return Reflect.has(object, key);
      },
      getOwnPropertyDescriptor(object, key) {
        note(key);
        return Reflect.getOwnPropertyDescriptor(object, key);
      },
      ownKeys(object) {
        if (record.active) record.whole.add(pathKey(path));
        return Reflect.ownKeys(object);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  };
  return wrap(value, root) as T;
}

/** Read, by the record: looked up itself, or below a path whose keys were listed. */
export function wasRead(record: ReadRecord, path: readonly Segment[]): boolean {
  return record.read.has(pathKey(path)) || readWhole(record, path);
}

/** At or below a path whose keys were listed (so every field there is read). */
export function readWhole(record: ReadRecord, path: readonly Segment[]): boolean {
  for (let length = path.length; length >= 1; length--) if (record.whole.has(pathKey(path.slice(0, length)))) return true;
  return false;
}

/** Every path below `value` (not `value` itself), parents before children, each with its value. */
export function fieldsOf(value: JsonValue, root: readonly Segment[]): { path: Segment[]; value: JsonValue }[] {
  const fields: { path: Segment[]; value: JsonValue }[] = [];
  const visit = (node: JsonValue, path: Segment[]) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        fields.push({ path: [...path, index], value: child });
        visit(child, [...path, index]);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        fields.push({ path: [...path, key], value: child });
        visit(child, [...path, key]);
      }
    }
  };
  visit(value, [...root]);
  return fields;
}

/** A path as messages write it: `object.spec.workerGroupSpecs[1].replicas`, a key with dots as `[key]`. */
export function pathText(path: readonly Segment[]): string {
  return path
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : /^[A-Za-z_$][\w$-]*$/.test(segment) ? `.${segment}` : `[${segment}]`))
    .join('');
}
