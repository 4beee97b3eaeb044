// The SidecarSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/sidecarset_types.go (json tags), for the
// fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { partitionField } from '../../families/openkruise/partition';
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

function specOf(spec: Cursor): SidecarSetSpec {
  const strategy = spec.object('updateStrategy');
  return {
    namespace: spec.string('namespace'),
    podSpec: spec.value!,
    notUpdate: strategy.string('type') === 'NotUpdate',
    paused: strategy.boolean('paused'),
    partition: partitionField(strategy),
    selectsUpdated: strategy.object('selector').present,
  };
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readSidecarSet(object: Cursor): SidecarSet {
  return readByPart<SidecarSet>({
    topLevelKeys: () => Object.keys(object.value ?? {}),
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', sidecarSetStatus.read),
  });
}
