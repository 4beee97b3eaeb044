// The CloneSet's one reader: an object of either served version becomes the typed view the operations use, or a
// FieldFailure naming the field (a 400). Types are hand-written from OpenKruise's apis/apps/{v1alpha1,v1beta1}/
// cloneset_types.go (json tags), for the fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import { partitionField } from '../../families/openkruise/partition';
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

function specOf(spec: Cursor, version: string): CloneSetSpec {
  const strategy = spec.object('updateStrategy');
  // v1alpha1 keeps partition and paused in updateStrategy, v1beta1 in updateStrategy.rollingUpdate.
  const rolling = strategy.at(rollingUpdatePathOf(version).slice(1));
  return {
    replicas: spec.count('replicas'),
    template: spec.podTemplate('template'),
    onDelete: strategy.string('type') === 'OnDelete',
    partition: partitionField(rolling),
    paused: rolling.boolean('paused'),
  };
}

/** Reads, by part, every field the interpreter uses where the request's version keeps it; it never defaults or alters a value. */
export function readCloneSet(object: Cursor, kind: GroupVersionKind): CloneSet {
  return readByPart<CloneSet>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => specOf(spec, kind.version)),
    status: () => object.part('status', cloneSetStatus.read),
  });
}
