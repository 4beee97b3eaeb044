// The ScaledJob's one reader: turns an object into the typed ScaledJob, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types are hand-written from KEDA v2.21.0's
// apis/keda/v1alpha1/scaledjob_types.go (json tags), for those fields only.
import { countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readKedaStatus, readTriggers, type KedaStatus, type ScaleTrigger } from '../../shapes/keda';

export interface ScaledJob {
  metadata: ObjectMetaView;
  spec?: ScaledJobSpec;
  status?: ScaledJobStatus;
  /** `status` as KEDA wrote it, after `status` was read from it: InterpretStatus passes its fields on unchanged. */
  statusObject?: JsonObject;
}

export interface ScaledJobSpec {
  /** `jobTargetRef` is a batch/v1 JobSpec; its pod template is what every Job KEDA creates runs. */
  jobTargetRef?: { template?: PodTemplateSpec };
  minReplicaCount?: number;
  maxReplicaCount?: number;
  triggers?: ScaleTrigger[];
}

/** `ScaledJobStatus`: the fields the interpreter reflects and adds up (`Paused` is spelt with a capital P in KEDA). */
export interface ScaledJobStatus extends KedaStatus {
  Paused?: string;
}

/** The path of the Jobs' pod template. */
export const templatePath = 'object.spec.jobTargetRef.template';

/** A ScaledJob status as KEDA wrote it (a member's, or what InterpretStatus reflected of it). */
export function readStatus(status: JsonObject, path: string): ScaledJobStatus {
  const result: ScaledJobStatus = readKedaStatus(status, path);
  const paused = stringField(status, 'Paused', fieldPath(path, 'Paused'));
  if (paused !== undefined) result.Paused = paused;
  return result;
}

/** Reads every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readScaledJob(object: JsonObject, path: string): ScaledJob {
  const scaledJob: ScaledJob = { metadata: metadataOf(object, path) };
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  if (spec !== undefined) {
    const jobPath = fieldPath(specPath, 'jobTargetRef');
    const job = objectField(spec, 'jobTargetRef', jobPath);
    scaledJob.spec = {
      jobTargetRef: job === undefined ? undefined : { template: podTemplateField(job, 'template', fieldPath(jobPath, 'template')) },
      minReplicaCount: countField(spec, 'minReplicaCount', fieldPath(specPath, 'minReplicaCount')),
      maxReplicaCount: countField(spec, 'maxReplicaCount', fieldPath(specPath, 'maxReplicaCount')),
      triggers: readTriggers(spec, specPath),
    };
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) {
    scaledJob.status = readStatus(status, fieldPath(path, 'status'));
    scaledJob.statusObject = status;
  }
  return scaledJob;
}
