// The BroadcastJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/broadcastjob_types.go (json tags), for
// the fields read only (see README.md).
import { booleanField, countField, fieldPath, fieldValue, objectField, stringField, stringMapField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, type JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';

/** BroadcastJobStatus: what the member's controller writes (the counters are never omitted by OpenKruise). */
export interface BroadcastJobStatus {
  conditions?: Condition[];
  startTime?: string;
  completionTime?: string;
  active?: number;
  succeeded?: number;
  failed?: number;
  desired?: number;
  /** `running`, `paused`, `completed` or `failed` (BroadcastJobPhase). */
  phase?: string;
}

export const statusCounters = ['active', 'succeeded', 'failed', 'desired'] as const;
export const statusTimes = ['startTime', 'completionTime'] as const;

export interface BroadcastJob {
  metadata: ObjectMetaView;
  spec?: BroadcastJobSpec;
  status?: BroadcastJobStatus;
}

export interface BroadcastJobSpec {
  /** An IntOrString: a count, or a percentage of the member's eligible nodes; absent means no limit. */
  parallelism?: number | string;
  template?: PodTemplateSpec;
  /** `template.metadata.labels`, for Retain. */
  templateLabels?: Record<string, string>;
  paused?: boolean;
  /** `failurePolicy.type`: `FailFast` (the default), `Continue` or `Pause`. */
  failurePolicy?: string;
}

/**
 * `spec.parallelism`, an IntOrString: an int32 count, or a percentage such as "50%" (what the controller's
 * `intstr.GetValueFromIntOrPercent` reads). Anything else stops the member's controller, so it is a 400 here.
 */
function parallelismField(spec: JsonObject, path: string): number | string | undefined {
  const value = fieldValue(spec, 'parallelism');
  if (value === undefined) return undefined;
  if (typeof value === 'number') return countField(spec, 'parallelism', path);
  if (typeof value === 'string' && /^[0-9]{1,10}%$/.test(value)) return value;
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeJson(value);
  throw new FieldFailure(path, `must be an integer or a percentage such as "50%", got ${shown}`);
}

function specOf(spec: JsonObject, path: string): BroadcastJobSpec {
  const templatePath = fieldPath(path, 'template');
  const template = podTemplateField(spec, 'template', templatePath);
  const templateMetadataPath = fieldPath(templatePath, 'metadata');
  const templateMetadata = objectField(template as JsonObject | undefined, 'metadata', templateMetadataPath);
  const failurePolicyPath = fieldPath(path, 'failurePolicy');
  const failurePolicy = objectField(spec, 'failurePolicy', failurePolicyPath);
  return {
    parallelism: parallelismField(spec, fieldPath(path, 'parallelism')),
    template,
    templateLabels: stringMapField(templateMetadata, 'labels', fieldPath(templateMetadataPath, 'labels')),
    paused: booleanField(spec, 'paused', fieldPath(path, 'paused')),
    failurePolicy: stringField(failurePolicy, 'type', fieldPath(failurePolicyPath, 'type')),
  };
}

/** A status as the member's controller wrote it, or as InterpretStatus returned it (the same fields). */
export function readBroadcastJobStatus(status: JsonObject, path: string): BroadcastJobStatus {
  const view: BroadcastJobStatus = {};
  const conditions = readConditions(status, path);
  if (conditions !== undefined) view.conditions = conditions;
  for (const name of statusCounters) {
    const count = countField(status, name, fieldPath(path, name));
    if (count !== undefined) view[name] = count;
  }
  for (const name of [...statusTimes, 'phase'] as const) {
    const value = stringField(status, name, fieldPath(path, name));
    if (value !== undefined) view[name] = value;
  }
  return view;
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readBroadcastJob(object: JsonObject, path: string): BroadcastJob {
  const view: BroadcastJob = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) view.spec = specOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) view.status = readBroadcastJobStatus(status, fieldPath(path, 'status'));
  return view;
}
