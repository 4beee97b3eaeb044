// The Workload's one reader: turns an object of any served version into the typed Workload, or a FieldFailure
// naming the field, or (a collecting `Reading`) kube's field errors for every wrong field. The interpreter, the
// conversion and the admission read the kind's own fields through it: each type and bound is written here once.
import { booleanField, countField, fieldPath, fieldValue, objectField, objectItems, stringField, type Reading } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { isJsonObject } from '../../review/json';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject, JsonValue } from '../../review/json';
import { aliasAnnotation, aliasInSpec, pausedPathOf } from './identity';

/** A Workload as every version reads (lib/kinds/workload/crd.yaml). */
export interface Workload {
  metadata: ObjectMetaView;
  spec?: WorkloadSpec;
  status?: WorkloadStatus;
}

export interface WorkloadSpec {
  /** Defaults to 1, as the Workload type documents. */
  replicas?: number;
  /** The member-owned flag, wherever the version keeps it (v1alpha1 `spec.paused`, v1alpha2 `spec.rollout.paused`). */
  paused?: boolean;
  /** v1alpha2 only (v1alpha1 keeps it in an annotation). */
  alias?: string;
  template?: PodTemplateSpec;
}

export interface WorkloadStatus {
  readyReplicas?: number;
  /** Passed through as the member reported them (the CRD keeps unknown fields). */
  conditions?: JsonObject[];
}

const at = fieldPath;

/** A status as a member reports it (also what InterpretStatus returned, read back by AggregateStatus). */
export function readStatus(status: JsonObject, path: string, reading?: Reading): WorkloadStatus {
  const conditions = fieldValue(status, 'conditions') === undefined
    ? undefined
    : objectItems(status, 'conditions', at(path, 'conditions'), undefined, reading).map(({ item }) => item);
  return { readyReplicas: countField(status, 'readyReplicas', at(path, 'readyReplicas'), reading), conditions };
}

/** Only `readyReplicas` of a member's status: AggregateStatus sums it and reads nothing else (cheaper at 1,000 clusters). */
export function readyReplicasOf(status: JsonObject, path: string): number {
  return countField(status, 'readyReplicas', at(path, 'readyReplicas')) ?? 0;
}

/** The boolean at `segments` below the object; each parent on the way must be an object when present. */
function booleanAt(object: JsonObject, segments: readonly string[], path: string, reading?: Reading): boolean | undefined {
  let parent: JsonObject | undefined = object;
  let parentPath = path;
  for (const segment of segments.slice(0, -1)) {
    parentPath = at(parentPath, segment);
    parent = objectField(parent, segment, parentPath, reading);
  }
  const last = segments[segments.length - 1]!;
  return booleanField(parent, last, at(parentPath, last), reading);
}

/** The member-owned paused flag of this version (v1alpha2's `spec.rollout` must be an object on the way). */
export function pausedOf(object: JsonObject, version: string, path = '', reading?: Reading): boolean | undefined {
  return booleanAt(object, pausedPathOf(version), path, reading);
}

/**
 * The alias, a string, wherever this version keeps it. For v1alpha1 it is read from the annotation alone, at kube's
 * path (`metadata.annotations[workload.example.io/alias]`): `readWorkload` checks it among all the annotations.
 */
export function aliasField(object: JsonObject, version: string, path = '', reading?: Reading): string | undefined {
  if (aliasInSpec(version)) return stringField(objectField(object, 'spec', at(path, 'spec'), reading), 'alias', at(path, 'spec.alias'), reading);
  const metadata = objectField(object, 'metadata', at(path, 'metadata'), reading);
  const annotations = objectField(metadata, 'annotations', at(path, 'metadata.annotations'), reading);
  return stringField(annotations, aliasAnnotation, at(path, `metadata.annotations[${aliasAnnotation}]`), reading);
}

/** `metadata.annotations` when it is an object (the reader's view of a map it need not check entry by entry). */
export function annotationsOf(object: JsonObject): JsonObject | undefined {
  const metadata = fieldValue(object, 'metadata');
  const annotations = isJsonObject(metadata) ? fieldValue(metadata, 'annotations') : undefined;
  return isJsonObject(annotations) ? annotations : undefined;
}

/** Where this version keeps the alias (kube's path), and its raw value: admission checks its format and immutability. */
export function aliasOf(object: JsonObject, version: string): { field: string; value: JsonValue | undefined } {
  if (!aliasInSpec(version)) return { field: `metadata.annotations[${aliasAnnotation}]`, value: fieldValue(annotationsOf(object), aliasAnnotation) };
  const spec = fieldValue(object, 'spec');
  return { field: 'spec.alias', value: isJsonObject(spec) ? fieldValue(spec, 'alias') : undefined };
}

/**
 * Reads every field the interpreter uses, checking types and bounds as it goes. It never defaults or alters a
 * value: patches are built against the object as Karmada sent it. Admission reads with a collecting `Reading`
 * (root path '') and gets every wrong field as kube's field error instead of the first as a FieldFailure.
 */
export function readWorkload(object: JsonObject, path: string, kind?: GroupVersionKind, reading?: Reading): Workload {
  const version = kind?.version ?? 'v1alpha1';
  const workload: Workload = { metadata: metadataOf(object, path, reading) };
  const spec = objectField(object, 'spec', at(path, 'spec'), reading);
  if (spec !== undefined) {
    workload.spec = {
      replicas: countField(spec, 'replicas', at(path, 'spec.replicas'), reading),
      paused: pausedOf(object, version, path, reading),
      template: podTemplateField(spec, 'template', at(path, 'spec.template'), reading),
    };
    // v1alpha1's alias annotation is checked with the other annotations (metadataOf).
    if (aliasInSpec(version)) workload.spec.alias = aliasField(object, version, path, reading);
  }
  const status = objectField(object, 'status', at(path, 'status'), reading);
  if (status !== undefined) workload.status = readStatus(status, at(path, 'status'), reading);
  return workload;
}
