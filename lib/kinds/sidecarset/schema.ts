// The SidecarSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/sidecarset_types.go (json tags), for the
// fields read only (see README.md).
import { booleanField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { partitionField } from '../../shapes/partition';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';

/**
 * SidecarSetStatus: counts of the pods the SidecarSet matches in its cluster (OpenKruise's `calculateStatus`),
 * summed across members; the latest revision kept where members agree.
 */
export const sidecarSetStatus = workloadStatus({
  // Plain int32 fields without omitempty: the controller always writes them.
  counters: ['matchedPods', 'updatedPods', 'readyPods'],
  // omitempty: written where some member reports it.
  reportedCounters: ['updatedReadyPods'],
  agreed: ['latestRevision'],
});

export type SidecarSetStatus = WorkloadStatus<'matchedPods' | 'updatedPods' | 'readyPods', 'updatedReadyPods', 'latestRevision'>;

export interface SidecarSet {
  /** The object's own keys (`apiVersion`, `spec`…): AggregateStatus answers with the identity and status only. */
  topLevelKeys: readonly string[];
  metadata: ObjectMetaView;
  spec?: SidecarSetSpec;
  status?: SidecarSetStatus;
}

export interface SidecarSetSpec {
  /** `spec.namespace`: the one namespace whose pods the SidecarSet matches (deprecated for `namespaceSelector`). */
  namespace?: string;
  /**
   * The spec as Karmada sent it, read as a pod spec for dependencies: `containers`, `initContainers`, `volumes` and
   * `imagePullSecrets` have the pod spec's names and types (the dependency walk checks them).
   */
  podSpec: JsonObject;
  /** `updateStrategy.type: NotUpdate`: sidecars are injected into new pods only, running pods are never updated. */
  notUpdate: boolean;
  /** `updateStrategy.paused`: the update of matched pods is stopped. */
  paused?: boolean;
  /** `updateStrategy.partition`: pods kept on old revisions. */
  partition?: number | string;
  /** Whether `updateStrategy.selector` is set: only the pods it selects are updated. */
  selectsUpdated: boolean;
}

function specOf(spec: JsonObject, path: string): SidecarSetSpec {
  const strategyPath = fieldPath(path, 'updateStrategy');
  const strategy = objectField(spec, 'updateStrategy', strategyPath);
  return {
    namespace: stringField(spec, 'namespace', fieldPath(path, 'namespace')),
    podSpec: spec,
    notUpdate: stringField(strategy, 'type', fieldPath(strategyPath, 'type')) === 'NotUpdate',
    paused: booleanField(strategy, 'paused', fieldPath(strategyPath, 'paused')),
    partition: partitionField(strategy, fieldPath(strategyPath, 'partition')),
    selectsUpdated: objectField(strategy, 'selector', fieldPath(strategyPath, 'selector')) !== undefined,
  };
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readSidecarSet(object: JsonObject, path: string): SidecarSet {
  const sidecarSet: SidecarSet = { topLevelKeys: Object.keys(object), metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) sidecarSet.spec = specOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) sidecarSet.status = sidecarSetStatus.read(status, fieldPath(path, 'status'));
  return sidecarSet;
}
