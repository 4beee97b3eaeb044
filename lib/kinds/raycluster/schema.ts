// The RayCluster's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/raycluster_types.go (json tags), read only
// where an operation uses them (see README.md).
import { countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { rayClusterStatusOnlyInV1, readOnce, readRayClusterSpec, statusQuantity, type RayClusterShape } from '../../families/ray/cluster';
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

/** The spec and the conditions are read when an operation first asks for them (see `readOnce`). */
export interface RayCluster {
  metadata: ObjectMetaView;
  cluster: () => RayClusterShape;
  /** `status.conditions` alone (health reads no other status field, so it refuses no other). */
  conditions: () => Condition[] | undefined;
  /** `status.state` alone: what a v1alpha1 status says of readiness, having no conditions (see `conditionsIn`). */
  state: () => string | undefined;
}

/** A RayCluster's status as a member reports it: every field read checked, nothing defaulted. */
export function readRayClusterStatus(status: JsonObject, path: string): RayClusterStatus {
  const read: RayClusterStatus = { resources: {} };
  const conditions = readConditions(status, path);
  if (conditions !== undefined) read.conditions = conditions;
  for (const name of workerCounters) {
    const count = countField(status, name, fieldPath(path, name));
    if (count !== undefined) read[name] = count;
  }
  for (const name of desiredResources) {
    const quantity = statusQuantity(status, name, path);
    if (quantity !== undefined) read.resources[name] = quantity;
  }
  const lastUpdateTime = stringField(status, 'lastUpdateTime', fieldPath(path, 'lastUpdateTime'));
  if (lastUpdateTime !== undefined) read.lastUpdateTime = lastUpdateTime;
  const state = stringField(status, 'state', fieldPath(path, 'state'));
  if (state !== undefined) read.state = state;
  for (const name of ['endpoints', 'head', 'stateTransitionTimes'] as const) {
    const value = objectField(status, name, fieldPath(path, name));
    if (value !== undefined) read[name] = value;
  }
  return read;
}

export function readRayCluster(object: JsonObject, path: string, kind: GroupVersionKind): RayCluster {
  const specPath = fieldPath(path, 'spec');
  const statusPath = fieldPath(path, 'status');
  return {
    metadata: metadataOf(object, path),
    cluster: readOnce(() => readRayClusterSpec(objectField(object, 'spec', specPath), specPath, kind.version)),
    conditions: readOnce(() => readConditions(objectField(object, 'status', statusPath), statusPath)),
    state: readOnce(() => stringField(objectField(object, 'status', statusPath), 'state', fieldPath(statusPath, 'state'))),
  };
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
