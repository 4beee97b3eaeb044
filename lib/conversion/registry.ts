// The registry of convertible kinds: each kind's folder declares its versions, its hub and its spokes' converters.
import type { JsonObject } from '../review/json';
import { apiVersionOf } from '../review/core';
import type { KindIdentity } from '../review/kind';

/**
 * Converts one spoke version to and from the hub; both directions get an object already checked for group and kind,
 * and refuse what they cannot convert with a FieldFailure naming the field.
 */
export interface SpokeConverter {
  toHub(object: JsonObject): JsonObject;
  fromHub(hub: JsonObject): JsonObject;
}

/**
 * A kind whose served versions convert through one hub version, its storage version (controller-runtime's hub
 * and spoke design).
 */
export interface ConvertibleKind extends KindIdentity {
  /** One converter per served version other than the storage version. */
  readonly spokes: Readonly<Record<string, SpokeConverter>>;
}

export interface ConversionRegistry {
  readonly kinds: readonly ConvertibleKind[];
  /** The served `group/version` strings, for messages. */
  readonly served: string;
  /** The kind, whatever the version (a conversion is between versions). */
  kindFor(gvk: { group: string; kind: string }): ConvertibleKind | undefined;
  /** Whether some kind is served at this apiVersion. */
  servesApiVersion(apiVersion: string): boolean;
}

export function createConversionRegistry(kinds: readonly ConvertibleKind[]): ConversionRegistry {
  const byKey = new Map<string, ConvertibleKind>();
  const apiVersions = new Set<string>();
  for (const kind of kinds) {
    const key = `${kind.group}/${kind.kind}`;
    if (byKey.has(key)) throw new Error(`two conversions registered for ${key}`);
    if (!kind.versions.includes(kind.storageVersion)) throw new Error(`${key}: hub ${kind.storageVersion} is not one of its versions`);
    for (const version of kind.versions) {
      if (version !== kind.storageVersion && kind.spokes[version] === undefined) throw new Error(`${key}: no converter for ${version}`);
      apiVersions.add(apiVersionOf(kind.group, version));
    }
    byKey.set(key, kind);
  }
  const served = kinds.map((kind) => `${kind.kind} (${kind.versions.map((v) => apiVersionOf(kind.group, v)).join(', ')})`).join('; ');
  return {
    kinds,
    served,
    kindFor: ({ group, kind }) => byKey.get(`${group}/${kind}`),
    servesApiVersion: (apiVersion) => apiVersions.has(apiVersion),
  };
}

/** `object` at `version`: unchanged when it is there already, else spoke → hub → spoke. */
export function convertTo(kind: ConvertibleKind, object: JsonObject, from: string, to: string): JsonObject {
  if (from === to) return object;
  const hub = from === kind.storageVersion ? object : kind.spokes[from]!.toHub(object);
  const converted = to === kind.storageVersion ? hub : kind.spokes[to]!.fromHub(hub);
  return { ...converted, apiVersion: apiVersionOf(kind.group, to) };
}

