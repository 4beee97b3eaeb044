// The RayJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the field
// (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/rayjob_types.go (json tags), read only where an
// operation uses them (see README.md).
import { fieldPath, objectField, stringField, stringMapField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { fieldsUnder, rayClusterStatusOnlyInV1, readOnce, readRayClusterSpec, type RayClusterShape } from '../../families/ray/cluster';

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

/** Spec and status are read when an operation first asks for them (see `readOnce`). */
export interface RayJob {
  metadata: ObjectMetaView;
  spec: () => RayJobSpec;
  status: () => RayJobStatus | undefined;
}

export const statusStrings = ['jobStatus', 'jobDeploymentStatus', 'reason', 'message'] as const;

export function readRayJobStatus(status: JsonObject, path: string): RayJobStatus {
  const read: RayJobStatus = {};
  for (const name of statusStrings) {
    const value = stringField(status, name, fieldPath(path, name));
    if (value !== undefined) read[name] = value;
  }
  return read;
}

function readRayJobSpec(spec: JsonObject | undefined, specPath: string, version: string): RayJobSpec {
  const clusterPath = fieldPath(specPath, 'rayClusterSpec');
  const read: RayJobSpec = { cluster: readRayClusterSpec(objectField(spec, 'rayClusterSpec', clusterPath), clusterPath, version) };
  const submitter = podTemplateField(spec, 'submitterPodTemplate', fieldPath(specPath, 'submitterPodTemplate'));
  if (submitter !== undefined) read.submitterPodTemplate = submitter;
  const selector = stringMapField(spec, 'clusterSelector', fieldPath(specPath, 'clusterSelector'));
  if (selector !== undefined) read.clusterSelector = selector;
  return read;
}

export function readRayJob(object: JsonObject, path: string, kind: GroupVersionKind): RayJob {
  const specPath = fieldPath(path, 'spec');
  const statusPath = fieldPath(path, 'status');
  return {
    metadata: metadataOf(object, path),
    spec: readOnce(() => readRayJobSpec(objectField(object, 'spec', specPath), specPath, kind.version)),
    status: readOnce(() => {
      const status = objectField(object, 'status', statusPath);
      return status === undefined ? undefined : readRayJobStatus(status, statusPath);
    }),
  };
}

/** ray.io/v1 RayJob status fields v1alpha1 has not (ray-operator v1.5.0 `config/crd/bases/ray.io_rayjobs.yaml`). */
const onlyInV1 = ['failed', 'succeeded', 'reason', 'rayJobInfo', ...fieldsUnder('rayClusterStatus', rayClusterStatusOnlyInV1)];

/** The status fields a `version` object does not have: the API server prunes them from a v1alpha1 RayJob. */
export function statusNotIn(version: string): readonly string[] {
  return version === 'v1alpha1' ? onlyInV1 : [];
}
