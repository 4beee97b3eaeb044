// The CloneSet's one reader: an object of either served version becomes the typed view the operations use, or a
// FieldFailure naming the field (a 400). Types are hand-written from OpenKruise's apis/apps/{v1alpha1,v1beta1}/
// cloneset_types.go (json tags), for the fields read only (see README.md).
import { booleanField, countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { partitionField } from '../../shapes/partition';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';
import { rollingUpdatePathOf } from './identity';

/** CloneSetStatus: counts summed across members, revisions and the selector kept where members agree. */
export const cloneSetStatus = workloadStatus({
  counters: ['replicas', 'readyReplicas', 'availableReplicas', 'updatedReplicas', 'updatedReadyReplicas', 'expectedUpdatedReplicas'],
  // OpenKruise ≥ 1.5 only: written where some member reports it, so an older controller's status does not gain a 0.
  reportedCounters: ['updatedAvailableReplicas'],
  agreed: ['updateRevision', 'currentRevision', 'labelSelector'],
});

export type CloneSetStatus = WorkloadStatus<
  'replicas' | 'readyReplicas' | 'availableReplicas' | 'updatedReplicas' | 'updatedReadyReplicas' | 'expectedUpdatedReplicas',
  'updatedAvailableReplicas',
  'updateRevision' | 'currentRevision' | 'labelSelector'
>;

export interface CloneSet {
  metadata: ObjectMetaView;
  spec?: CloneSetSpec;
  status?: CloneSetStatus;
}

export interface CloneSetSpec {
  /** Defaults to 1 (OpenKruise's defaulting webhook). */
  replicas?: number;
  template?: PodTemplateSpec;
  /** `updateStrategy.type`: OnDelete leaves pods to be updated when someone deletes them (both versions). */
  onDelete?: boolean;
  /** v1alpha1 `updateStrategy.partition`, v1beta1 `updateStrategy.rollingUpdate.partition`: pods kept on old revisions. */
  partition?: number | string;
  /** v1alpha1 `updateStrategy.paused`, v1beta1 `updateStrategy.rollingUpdate.paused`. */
  paused?: boolean;
}

function specOf(spec: JsonObject, path: string, version: string): CloneSetSpec {
  const strategyPath = fieldPath(path, 'updateStrategy');
  const strategy = objectField(spec, 'updateStrategy', strategyPath);
  const [, ...below] = rollingUpdatePathOf(version);
  let rolling = strategy;
  let rollingPath = strategyPath;
  for (const segment of below) {
    rollingPath = fieldPath(rollingPath, segment);
    rolling = objectField(rolling, segment, rollingPath);
  }
  return {
    replicas: countField(spec, 'replicas', fieldPath(path, 'replicas')),
    template: podTemplateField(spec, 'template', fieldPath(path, 'template')),
    onDelete: stringField(strategy, 'type', fieldPath(strategyPath, 'type')) === 'OnDelete',
    partition: partitionField(rolling, fieldPath(rollingPath, 'partition')),
    paused: booleanField(rolling, 'paused', fieldPath(rollingPath, 'paused')),
  };
}

/** Reads every field the interpreter uses, where the request's version keeps it; it never defaults or alters a value. */
export function readCloneSet(object: JsonObject, path: string, kind: GroupVersionKind): CloneSet {
  const cloneSet: CloneSet = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) cloneSet.spec = specOf(spec, fieldPath(path, 'spec'), kind.version);
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) cloneSet.status = cloneSetStatus.read(status, fieldPath(path, 'status'));
  return cloneSet;
}
