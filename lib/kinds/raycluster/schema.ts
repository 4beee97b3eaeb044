// The RayCluster's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/raycluster_types.go (json tags), read only
// where an operation uses them (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { rayClusterStatusOnlyInV1, readRayClusterSpec, type RayClusterShape } from '../../families/ray/cluster';
import type { Quantity } from '../../kube/quantity';

/** The worker counts KubeRay reports (int32, `omitempty`: absent means 0), in the order Karmada's catalogue writes them. */
export const workerCounters = ['readyWorkerReplicas', 'availableWorkerReplicas', 'maxWorkerReplicas', 'minWorkerReplicas', 'desiredWorkerReplicas'] as const;
export type WorkerCounter = (typeof workerCounters)[number];

/** The resources KubeRay sums over the cluster's pods (resource.Quantity). */
export const desiredResources = ['desiredCPU', 'desiredMemory', 'desiredGPU', 'desiredTPU'] as const;
export type DesiredResource = (typeof desiredResources)[number];

export interface RayClusterStatus extends Partial<Record<WorkerCounter, number>> {
  conditions?: Condition[];
  resources: Partial<Record<DesiredResource, Quantity>>;
  lastUpdateTime?: string;
  endpoints?: JsonObject;
  head?: JsonObject;
  /** Deprecated by KubeRay for the conditions, still written. */
  state?: string;
  stateTransitionTimes?: JsonObject;
}

/** Read by part: health reads no spec and only the status field it uses, components no status. */
export interface RayCluster {
  metadata: ObjectMetaView;
  cluster: RayClusterShape;
  /** `status.conditions` alone. */
  conditions?: Condition[];
  /** `status.state` alone: what a v1alpha1 status says of readiness, having no conditions (see `conditionsIn`). */
  state?: string;
}

/** A RayCluster's status as a member reports it: every field read checked, nothing defaulted. */
export function readRayClusterStatus(status: Cursor): RayClusterStatus {
  const read: RayClusterStatus = { conditions: readConditions(status), resources: {} };
  for (const name of workerCounters) read[name] = status.count(name);
  for (const name of desiredResources) read.resources[name] = status.quantity(name);
  defined(read.resources);
  read.lastUpdateTime = status.string('lastUpdateTime');
  read.state = status.string('state');
  for (const name of ['endpoints', 'head', 'stateTransitionTimes'] as const) read[name] = status.object(name).value;
  return defined(read);
}

export function readRayCluster(object: Cursor, kind: GroupVersionKind): RayCluster {
  const status = () => object.object('status');
  return readByPart<RayCluster>({
    metadata: () => readMetadata(object),
    cluster: () => readRayClusterSpec(object.object('spec'), kind.version),
    conditions: () => readConditions(status()),
    state: () => status().string('state'),
  });
}

/** Whether a `version` object can carry `status.conditions` (v1alpha1's CRD prunes them; see `statusNotIn`). */
export function conditionsIn(version: string): boolean {
  return !statusNotIn(version).includes('conditions');
}

/**
 * The status fields a `version` object does not have (ray-operator v1.5.0 `config/crd/bases/ray.io_rayclusters.yaml`):
 * v1alpha1 has no `conditions`, no `stateTransitionTimes` and of `head` only `podIP` and `serviceIP`.
 */
export function statusNotIn(version: string): readonly string[] {
  return version === 'v1alpha1' ? rayClusterStatusOnlyInV1 : [];
}
