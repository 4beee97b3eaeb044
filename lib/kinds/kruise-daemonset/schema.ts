// The Advanced DaemonSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/daemonset_types.go at v1.8.2 (json
// tags), for the fields read only (see README.md).
import { arrayField, fieldPath, objectField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { rollingUpdateStrategyOf } from '../../shapes/partition';
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
function selectsSome(selector: JsonObject | undefined, path: string): boolean {
  if (selector === undefined) return false;
  const labels = objectField(selector, 'matchLabels', fieldPath(path, 'matchLabels'));
  const expressions = arrayField(selector, 'matchExpressions', fieldPath(path, 'matchExpressions'));
  return (labels !== undefined && Object.keys(labels).length > 0) || expressions.length > 0;
}

function specOf(spec: JsonObject, path: string): DaemonSetSpec {
  const template = podTemplateField(spec, 'template', fieldPath(path, 'template'));
  const { onDelete, partition, paused, rolling, rollingPath } = rollingUpdateStrategyOf(spec, path);
  return {
    template,
    onDelete,
    partition,
    paused,
    nodesSelected: selectsSome(objectField(rolling, 'selector', fieldPath(rollingPath, 'selector')), fieldPath(rollingPath, 'selector')),
  };
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readDaemonSet(object: JsonObject, path: string): DaemonSet {
  const daemonSet: DaemonSet = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) daemonSet.spec = specOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) daemonSet.status = daemonSetStatus.read(status, fieldPath(path, 'status'));
  return daemonSet;
}
