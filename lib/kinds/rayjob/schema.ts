// The RayJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the field
// (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/rayjob_types.go (json tags), read only where an
// operation uses them (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import { fieldsUnder, rayClusterStatusOnlyInV1, readRayClusterSpec, type RayClusterShape } from '../../families/ray/cluster';

export interface RayJobStatus {
  /** The Ray job's own status (PENDING, RUNNING, STOPPED, SUCCEEDED, FAILED). */
  jobStatus?: string;
  /** Where KubeRay is with the job (Initializing, Running, Complete, Failed, Suspended…). */
  jobDeploymentStatus?: string;
  reason?: string;
  message?: string;
}

export interface RayJobSpec {
  /** `spec.rayClusterSpec`: the cluster KubeRay creates for the job (absent when the job runs on a selected one). */
  cluster: RayClusterShape;
  submitterPodTemplate?: PodTemplateSpec;
  /** `spec.clusterSelector`: KubeRay runs the job on the RayCluster its `ray.io/cluster` label names. */
  clusterSelector?: Record<string, string>;
}

/** Read by part: health reads no spec, components no status. */
export interface RayJob {
  metadata: ObjectMetaView;
  spec: RayJobSpec;
  status?: RayJobStatus;
}

export const statusStrings = ['jobStatus', 'jobDeploymentStatus', 'reason', 'message'] as const;

export function readRayJobStatus(status: Cursor): RayJobStatus {
  const read: RayJobStatus = {};
  for (const name of statusStrings) read[name] = status.string(name);
  return defined(read);
}

function readRayJobSpec(spec: Cursor, version: string): RayJobSpec {
  return defined({
    cluster: readRayClusterSpec(spec.object('rayClusterSpec'), version),
    submitterPodTemplate: spec.podTemplate('submitterPodTemplate'),
    clusterSelector: spec.stringMap('clusterSelector'),
  });
}

export function readRayJob(object: Cursor, kind: GroupVersionKind): RayJob {
  return readByPart<RayJob>({
    metadata: () => readMetadata(object),
    spec: () => readRayJobSpec(object.object('spec'), kind.version),
    status: () => object.part('status', readRayJobStatus),
  });
}

/** ray.io/v1 RayJob status fields v1alpha1 has not (ray-operator v1.5.0 `config/crd/bases/ray.io_rayjobs.yaml`). */
const onlyInV1 = ['failed', 'succeeded', 'reason', 'rayJobInfo', ...fieldsUnder('rayClusterStatus', rayClusterStatusOnlyInV1)];

/** The status fields a `version` object does not have: the API server prunes them from a v1alpha1 RayJob. */
export function statusNotIn(version: string): readonly string[] {
  return version === 'v1alpha1' ? onlyInV1 : [];
}
