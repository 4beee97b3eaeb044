// The registry of convertible kinds: each kind's module declares its versions, its hub and its spokes' converters.
import { isJsonObject } from '../protocol/json';
import type { JsonObject } from '../protocol/types';

/** A conversion refused because of one field of the object; the message says what to fix. */
export class ConversionError extends Error {
  constructor(
    /** The field's path in the object being converted, e.g. `spec.rollout`. */
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = 'ConversionError';
  }
}

/** Converts one spoke version to and from the hub; both directions get an object already checked for group and kind. */
export interface SpokeConverter {
  toHub(object: JsonObject): JsonObject;
  fromHub(hub: JsonObject): JsonObject;
}

/** A kind whose served versions convert through one hub version (controller-runtime's hub and spoke design). */
export interface ConvertibleKind {
  readonly group: string;
  readonly kind: string;
  readonly versions: readonly string[];
  readonly hub: string;
  /** One converter per served version other than the hub. */
  readonly spokes: Readonly<Record<string, SpokeConverter>>;
}

export interface ConversionRegistry {
  readonly kinds: readonly ConvertibleKind[];
  /** The served `group/version` strings, for messages. */
  readonly served: string;
  kindFor(group: string, kind: string): ConvertibleKind | undefined;
  /** Whether some kind is served at this apiVersion. */
  servesApiVersion(apiVersion: string): boolean;
}

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.lastIndexOf('/');
  return slash === -1 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

export function createConversionRegistry(kinds: readonly ConvertibleKind[]): ConversionRegistry {
  const byKey = new Map<string, ConvertibleKind>();
  const apiVersions = new Set<string>();
  for (const kind of kinds) {
    const key = `${kind.group}/${kind.kind}`;
    if (byKey.has(key)) throw new Error(`two conversions registered for ${key}`);
    if (!kind.versions.includes(kind.hub)) throw new Error(`${key}: hub ${kind.hub} is not one of its versions`);
    for (const version of kind.versions) {
      if (version !== kind.hub && kind.spokes[version] === undefined) throw new Error(`${key}: no converter for ${version}`);
      apiVersions.add(apiVersionOf(kind.group, version));
    }
    byKey.set(key, kind);
  }
  const served = kinds.map((kind) => `${kind.kind} (${kind.versions.map((v) => apiVersionOf(kind.group, v)).join(', ')})`).join('; ');
  return {
    kinds,
    served,
    kindFor: (group, kind) => byKey.get(`${group}/${kind}`),
    servesApiVersion: (apiVersion) => apiVersions.has(apiVersion),
  };
}

/** `object` at `version`: unchanged when it is there already, else spoke → hub → spoke. */
export function convertTo(kind: ConvertibleKind, object: JsonObject, from: string, to: string): JsonObject {
  if (from === to) return object;
  const hub = from === kind.hub ? object : kind.spokes[from]!.toHub(object);
  const converted = to === kind.hub ? hub : kind.spokes[to]!.fromHub(hub);
  return { ...converted, apiVersion: apiVersionOf(kind.group, to) };
}

/** The object at `parent[name]` for a converter: absent is undefined, anything but an object a ConversionError. */
export function objectAt(parent: JsonObject, name: string, path: string): JsonObject | undefined {
  if (!Object.hasOwn(parent, name)) return undefined;
  const value = parent[name];
  if (!isJsonObject(value)) throw new ConversionError(path, `must be an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`);
  return value;
}
