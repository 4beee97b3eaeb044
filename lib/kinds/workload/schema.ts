// The Workload's one reader: turns an object of any served version into the typed Workload, or a FieldFailure
// naming the field. The interpreter, the conversion and the admission read the kind's own fields through it.
import { booleanField, countField, fieldPath, fieldValue, objectField, objectItems, stringField } from '../../kube/fields';
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
export function readStatus(status: JsonObject, path: string): WorkloadStatus {
  const conditions = fieldValue(status, 'conditions') === undefined
    ? undefined
    : objectItems(status, 'conditions', at(path, 'conditions')).map(({ item }) => item);
  return { readyReplicas: countField(status, 'readyReplicas', at(path, 'readyReplicas')), conditions };
}

/** Only `readyReplicas` of a member's status: AggregateStatus sums it and reads nothing else (cheaper at 1,000 clusters). */
export function readyReplicasOf(status: JsonObject, path: string): number {
  return countField(status, 'readyReplicas', at(path, 'readyReplicas')) ?? 0;
}

/** The boolean at `segments` below the object; each parent on the way must be an object when present. */
function booleanAt(object: JsonObject, segments: readonly string[], path: string): boolean | undefined {
  let parent: JsonObject | undefined = object;
  let parentPath = path;
  for (const segment of segments.slice(0, -1)) {
    parentPath = at(parentPath, segment);
    parent = objectField(parent, segment, parentPath);
  }
  const last = segments[segments.length - 1]!;
  return booleanField(parent, last, at(parentPath, last));
}

/** The member-owned paused flag of this version. */
export function pausedOf(object: JsonObject, version: string, path = ''): boolean | undefined {
  return booleanAt(object, pausedPathOf(version), path);
}

/** `metadata.annotations` when it is an object (the reader's view of a map it need not check entry by entry). */
export function annotationsOf(object: JsonObject): JsonObject | undefined {
  const metadata = fieldValue(object, 'metadata');
  const annotations = isJsonObject(metadata) ? fieldValue(metadata, 'annotations') : undefined;
  return isJsonObject(annotations) ? annotations : undefined;
}

/** Where this version keeps the alias (kube's path), and its raw value: admission checks its type and format. */
export function aliasOf(object: JsonObject, version: string): { field: string; value: JsonValue | undefined } {
  if (!aliasInSpec(version)) return { field: `metadata.annotations[${aliasAnnotation}]`, value: fieldValue(annotationsOf(object), aliasAnnotation) };
  const spec = fieldValue(object, 'spec');
  return { field: 'spec.alias', value: isJsonObject(spec) ? fieldValue(spec, 'alias') : undefined };
}

/**
 * Reads every field the interpreter uses, checking types as it goes. It never defaults or alters a value:
 * patches are built against the object as Karmada sent it.
 */
export function readWorkload(object: JsonObject, path: string, kind?: GroupVersionKind): Workload {
  const version = kind?.version ?? 'v1alpha1';
  const workload: Workload = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', at(path, 'spec'));
  if (spec !== undefined) {
    workload.spec = {
      replicas: countField(spec, 'replicas', at(path, 'spec.replicas')),
      paused: pausedOf(object, version, path),
      template: podTemplateField(spec, 'template', at(path, 'spec.template')),
    };
    if (aliasInSpec(version)) workload.spec.alias = stringField(spec, 'alias', at(path, 'spec.alias'));
  }
  const status = objectField(object, 'status', at(path, 'status'));
  if (status !== undefined) workload.status = readStatus(status, at(path, 'status'));
  return workload;
}
