// The Workload's readers: the interpreter's decoder turns an object of any served version into the typed Workload
// through the cursor, by part, or a FieldFailure naming the field. The conversion and the admission read the same
// fields with kube/fields.ts and a `Reading` (a collecting one gives kube's field errors for every wrong field):
// `checkWorkload` is admission's walk of what the decoder reads, with the same types and bounds (admission.test.ts
// checks the two agree).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { booleanField, countField, fieldValue, objectField, objectItems, stringField, type Reading } from '../../kube/fields';
import { readMetadata } from '../../kube/metadata';
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

/** A status as a member reports it (also what InterpretStatus returned, read back by AggregateStatus). */
function readStatus(status: Cursor): WorkloadStatus {
  const conditions = status.has('conditions') ? status.items('conditions').map((item) => item.value!) : undefined;
  return { readyReplicas: status.count('readyReplicas'), conditions };
}

/** Only `readyReplicas` of a member's status: AggregateStatus sums it and reads nothing else (cheaper at 1,000 clusters). */
export function readyReplicasOf(status: Cursor): number {
  return status.count('readyReplicas') ?? 0;
}

/** The member-owned paused flag of this version, for the converter (v1alpha2's `spec.rollout` must be an object on the way). */
export function pausedOf(object: JsonObject, version: string, reading?: Reading): boolean | undefined {
  const segments = pausedPathOf(version);
  let parent: JsonObject | undefined = object;
  for (let end = 1; end < segments.length; end += 1) parent = objectField(parent, segments[end - 1]!, segments.slice(0, end).join('.'), reading);
  return booleanField(parent, 'paused', segments.join('.'), reading);
}

/**
 * The alias, a string, wherever this version keeps it, for the converter and admission. For v1alpha1 it is read from
 * the annotation alone, at kube's path (`metadata.annotations[workload.example.io/alias]`).
 */
export function aliasField(object: JsonObject, version: string, reading?: Reading): string | undefined {
  if (aliasInSpec(version)) return stringField(objectField(object, 'spec', 'spec', reading), 'alias', 'spec.alias', reading);
  const annotations = objectField(objectField(object, 'metadata', 'metadata', reading), 'annotations', 'metadata.annotations', reading);
  return stringField(annotations, aliasAnnotation, `metadata.annotations[${aliasAnnotation}]`, reading);
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
 * The interpreter's decoder: reads, by part, every field the interpreter uses, checking types and bounds as it goes.
 * It never defaults or alters a value: patches are built against the object as Karmada sent it.
 */
export function readWorkload(object: Cursor, kind: GroupVersionKind): Workload {
  const pausedPath = pausedPathOf(kind.version);
  return readByPart<Workload>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) =>
        defined({
          replicas: spec.count('replicas'),
          paused: object.at(pausedPath.slice(0, -1)).boolean('paused'),
          template: spec.podTemplate('template'),
          // v1alpha1's alias annotation is checked with the other annotations (readMetadata).
          alias: aliasInSpec(kind.version) ? spec.string('alias') : undefined,
        }),
      ),
    status: () => object.part('status', readStatus),
  });
}

/**
 * Admission's reading of what `readWorkload` reads, at kube's paths (root ''), every wrong field collected in
 * `reading` as kube's field error rather than the first thrown.
 */
export function checkWorkload(object: JsonObject, version: string, reading: Reading): void {
  metadataOf(object, '', reading);
  const spec = objectField(object, 'spec', 'spec', reading);
  if (spec !== undefined) {
    countField(spec, 'replicas', 'spec.replicas', reading);
    pausedOf(object, version, reading);
    podTemplateField(spec, 'template', 'spec.template', reading);
    if (aliasInSpec(version)) aliasField(object, version, reading);
  }
  const status = objectField(object, 'status', 'status', reading);
  if (fieldValue(status, 'conditions') !== undefined) objectItems(status, 'conditions', 'status.conditions', undefined, reading);
  countField(status, 'readyReplicas', 'status.readyReplicas', reading);
}
