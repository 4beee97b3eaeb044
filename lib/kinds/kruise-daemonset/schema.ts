// The Advanced DaemonSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/daemonset_types.go at v1.8.2 (json
// tags), for the fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { rollingUpdateStrategyOf } from '../../families/openkruise/partition';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';

/** The DaemonSetStatus counts Karmada's customization reflects and sums, and the revision hash (a string). */
export const daemonSetCounters = [
  'currentNumberScheduled',
  'numberMisscheduled',
  'desiredNumberScheduled',
  'numberReady',
  'updatedNumberScheduled',
  'numberAvailable',
  'numberUnavailable',
] as const;

export const daemonSetStatus = workloadStatus({ counters: daemonSetCounters, agreed: ['daemonSetHash'] });

export type DaemonSetStatus = WorkloadStatus<(typeof daemonSetCounters)[number], never, 'daemonSetHash'>;

export interface DaemonSet {
  metadata: ObjectMetaView;
  spec?: DaemonSetSpec;
  status?: DaemonSetStatus;
}

export interface DaemonSetSpec {
  template?: PodTemplateSpec;
  /** `updateStrategy.type: OnDelete`: pods are updated only when someone deletes them. */
  onDelete?: boolean;
  /** `updateStrategy.rollingUpdate.partition`: pods kept on the old revision (an int32 count, at most every pod). */
  partition?: number;
  /** `updateStrategy.rollingUpdate.paused`: the controller updates no pod. */
  paused?: boolean;
  /** Whether `updateStrategy.rollingUpdate.selector` narrows the update to the nodes it matches (an empty one matches all). */
  nodesSelected?: boolean;
}

/** Whether a label selector says anything: OpenKruise reads an empty one as every node (`labels.Everything()`). */
function selectsSome(selector: Cursor): boolean {
  if (!selector.present) return false;
  const labels = selector.object('matchLabels');
  const expressions = selector.list('matchExpressions');
  return (labels.present && Object.keys(labels.value!).length > 0) || expressions.length > 0;
}

function specOf(spec: Cursor): DaemonSetSpec {
  const template = spec.podTemplate('template');
  const { onDelete, partition, paused, rolling } = rollingUpdateStrategyOf(spec);
  return { template, onDelete, partition, paused, nodesSelected: selectsSome(rolling.object('selector')) };
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readDaemonSet(object: Cursor): DaemonSet {
  return readByPart<DaemonSet>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', daemonSetStatus.read),
  });
}
