// The Advanced StatefulSet's one reader: an object of either served version becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). Types are hand-written from OpenKruise's apis/apps/{v1alpha1,
// v1beta1}/statefulset_types.go at v1.8.2 (json tags), for the fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import { rollingUpdateStrategyOf } from '../../families/openkruise/partition';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';
import { hasUpdatedCounts } from './identity';

const counters = ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const;
const agreed = ['updateRevision', 'currentRevision'] as const;

/** v1alpha1's StatefulSetStatus: the counts summed, the revisions kept where members agree. */
const v1alpha1Status = workloadStatus({ counters, agreed });

/**
 * v1beta1's adds `updatedReadyReplicas` (summed and always written, as Karmada's customization does) and
 * `updatedAvailableReplicas` (written where some member reports it: a controller before OpenKruise 1.5 has none).
 */
const v1beta1Status = workloadStatus({ counters: [...counters, 'updatedReadyReplicas'], reportedCounters: ['updatedAvailableReplicas'], agreed });

/** The status fields of the request's version. */
export function statefulSetStatusOf(version: string) {
  return (hasUpdatedCounts(version) ? v1beta1Status : v1alpha1Status) as typeof v1beta1Status;
}

export type StatefulSetStatus = WorkloadStatus<(typeof counters)[number] | 'updatedReadyReplicas', 'updatedAvailableReplicas', (typeof agreed)[number]>;

export interface StatefulSet {
  metadata: ObjectMetaView;
  spec?: StatefulSetSpec;
  status?: StatefulSetStatus;
}

export interface StatefulSetSpec {
  /** Defaults to 1 (OpenKruise's defaulting webhook). */
  replicas?: number;
  template?: PodTemplateSpec;
  /** `updateStrategy.type: OnDelete`: pods are updated only when someone deletes them. */
  onDelete?: boolean;
  /** `updateStrategy.rollingUpdate.partition`: pods kept on the old revision (an int32 count). */
  partition?: number;
  /** `updateStrategy.rollingUpdate.paused`: the controller updates no pod. */
  paused?: boolean;
}

function specOf(spec: Cursor): StatefulSetSpec {
  const replicas = spec.count('replicas');
  const template = spec.podTemplate('template');
  const { onDelete, partition, paused } = rollingUpdateStrategyOf(spec);
  return { replicas, template, onDelete, partition, paused };
}

/** Reads, by part, every field the interpreter uses, where the request's version keeps it; it never defaults or alters a value. */
export function readStatefulSet(object: Cursor, kind: GroupVersionKind): StatefulSet {
  return readByPart<StatefulSet>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', statefulSetStatusOf(kind.version).read),
  });
}
