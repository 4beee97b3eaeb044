// The registry of admitted kinds: each kind's module declares its versions and plain defaulting and validation functions.
import type { FieldError } from '../kube/field-errors';
import type { JsonPatchOperation } from '../protocol/patch';
import type { JsonObject } from '../protocol/types';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** What a kind's admission functions see of a CREATE or UPDATE. */
export interface AdmissionAttributes {
  operation: 'CREATE' | 'UPDATE';
  version: string;
  object: JsonObject;
  /** The stored object, on UPDATE. */
  oldObject?: JsonObject;
}

export interface Validation {
  errors: FieldError[];
  /** Shown by kubectl on an allowed request. */
  warnings: string[];
}

export interface AdmittedKind {
  readonly group: string;
  readonly kind: string;
  /** The resource's plural name, as in the CRD (used in webhook rules). */
  readonly plural: string;
  readonly versions: readonly string[];
  /** JSON Patch operations that default `object`; none when it is defaulted already (idempotent). */
  defaults(attributes: AdmissionAttributes): JsonPatchOperation[];
  validate(attributes: AdmissionAttributes): Validation;
}

export interface AdmissionRegistry {
  readonly kinds: readonly AdmittedKind[];
  /** `group/version, Kind=kind` of everything admitted, for messages. */
  readonly served: string;
  kindFor(group: string, version: string, kind: string): AdmittedKind | undefined;
}

export function createAdmissionRegistry(kinds: readonly AdmittedKind[]): AdmissionRegistry {
  const byKey = new Map<string, AdmittedKind>();
  for (const kind of kinds) {
    for (const version of kind.versions) {
      const key = `${kind.group}/${version}/${kind.kind}`;
      if (byKey.has(key)) throw new Error(`two admission modules registered for ${key}`);
      byKey.set(key, kind);
    }
  }
  const served = kinds.flatMap((k) => k.versions.map((v) => `${k.group === '' ? '' : `${k.group}/`}${v}, Kind=${k.kind}`)).join('; ');
  return { kinds, served, kindFor: (group, version, kind) => byKey.get(`${group}/${version}/${kind}`) };
}
