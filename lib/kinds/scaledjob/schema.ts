// The ScaledJob's one reader: turns an object into the typed ScaledJob, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types are hand-written from KEDA v2.21.0's
// apis/keda/v1alpha1/scaledjob_types.go (json tags), for those fields only.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readKedaStatus, readTriggers, type KedaStatus, type ScaleTrigger } from '../../families/keda/keda';

export interface ScaledJob {
  metadata: ObjectMetaView;
  spec?: ScaledJobSpec;
  status?: ScaledJobStatus;
  /** `status` as KEDA wrote it, once read (checked) as `status`: InterpretStatus passes its fields on unchanged. */
  statusObject?: JsonObject;
}

export interface ScaledJobSpec {
  /** `jobTargetRef.template`: `jobTargetRef` is a batch/v1 JobSpec; its pod template is what every Job KEDA creates runs. */
  template?: PodTemplateSpec;
  /** The template's path, for dependencies' messages (built when asked). */
  readonly templatePath: string;
  triggers?: ScaleTrigger[];
}

/** `ScaledJobStatus`: the fields the interpreter reflects and adds up (`Paused` is spelt with a capital P in KEDA). */
export interface ScaledJobStatus extends KedaStatus {
  Paused?: string;
}

/** A ScaledJob status as KEDA wrote it (a member's, or what InterpretStatus reflected of it). */
export function readStatus(status: Cursor): ScaledJobStatus {
  return defined({ ...readKedaStatus(status), Paused: status.string('Paused') });
}

function specOf(spec: Cursor): ScaledJobSpec {
  const job = spec.object('jobTargetRef');
  return {
    template: job.podTemplate('template'),
    get templatePath() {
      return job.pathOf('template');
    },
    triggers: readTriggers(spec),
  };
}

/** Reads, by part, every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readScaledJob(object: Cursor): ScaledJob {
  const view: ScaledJob = readByPart<ScaledJob>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', readStatus),
    statusObject: () => view.status && object.object('status').value,
  });
  return view;
}
