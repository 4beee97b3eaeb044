// The registry of admitted kinds: each kind's module declares its versions and plain defaulting and validation functions.
import type { FieldError } from '../kube/field-errors';
import type { JsonPatchOperation } from '../review/patch';
import type { JsonObject } from '../review/json';
import type { GroupVersionKind } from '../review/core';
import { byGroupVersionKind, gvkKey, servedList, type KindIdentity } from '../review/kind';

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

export interface AdmittedKind extends KindIdentity {
  /** JSON Patch operations that default `object`; none when it is defaulted already (idempotent). */
  defaults(attributes: AdmissionAttributes): JsonPatchOperation[];
  validate(attributes: AdmissionAttributes): Validation;
}

export interface AdmissionRegistry {
  readonly kinds: readonly AdmittedKind[];
  /** `group/version, Kind=kind` of everything admitted, for messages. */
  readonly served: string;
  kindFor(gvk: GroupVersionKind): AdmittedKind | undefined;
}

export function createAdmissionRegistry(kinds: readonly AdmittedKind[]): AdmissionRegistry {
  const byKey = byGroupVersionKind(kinds, 'admission modules');
  return { kinds, served: servedList(kinds), kindFor: ({ group, version, kind }) => byKey.get(gvkKey(group, version, kind)) };
}
