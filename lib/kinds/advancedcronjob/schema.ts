// The AdvancedCronJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/advancedcronjob_types.go (json
// tags), for the fields read only (see README.md).
import { fieldPath, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import type { JsonObject } from '../../review/json';

/** AdvancedCronJobStatus: the template kind, the jobs running now, and when the last one was scheduled. */
export interface AdvancedCronJobStatus {
  /** `Job` or `BroadcastJob` (TemplateKind). */
  type?: string;
  /** ObjectReferences of the member's running jobs, as its controller wrote them. */
  active?: JsonObject[];
  lastScheduleTime?: string;
  /** `lastScheduleTime` in milliseconds since the epoch, for comparing members. */
  lastScheduled?: number;
}

export interface AdvancedCronJob {
  metadata: ObjectMetaView;
  /** The pod template of the job the AdvancedCronJob creates, and its path for messages. */
  podTemplate?: { template: PodTemplateSpec | undefined; path: string };
  status?: AdvancedCronJobStatus;
}

/** Far more running jobs than a member keeps (each is one schedule's job). */
const maxActive = podTemplateLimits.listItems;

/**
 * The job template's pod template: `jobTemplate` when it is there, else `broadcastJobTemplate`, in that order, as
 * OpenKruise's `FindTemplateKind` picks the kind to create (its validating webhook refuses both at once).
 */
function podTemplateOf(spec: JsonObject, path: string): AdvancedCronJob['podTemplate'] {
  const templatesPath = fieldPath(path, 'template');
  const templates = objectField(spec, 'template', templatesPath);
  for (const name of ['jobTemplate', 'broadcastJobTemplate']) {
    const jobPath = fieldPath(templatesPath, name);
    const job = objectField(templates, name, jobPath);
    if (job === undefined) continue;
    const jobSpecPath = fieldPath(jobPath, 'spec');
    const podPath = fieldPath(jobSpecPath, 'template');
    return { template: podTemplateField(objectField(job, 'spec', jobSpecPath), 'template', podPath), path: podPath };
  }
  return undefined;
}

/** A metav1.Time: RFC 3339, as the apiserver keeps it; anything else is a 400 (it could not be compared). */
function timeField(status: JsonObject, name: string, path: string): { text: string; time: number } | undefined {
  const text = stringField(status, name, path);
  if (text === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw new FieldFailure(path, `must be an RFC 3339 time such as "2023-04-13T09:30:00Z", got ${JSON.stringify(text.slice(0, 40))}`);
  return { text, time };
}

/** A status as the member's controller wrote it (Karmada reflects it whole). */
export function readAdvancedCronJobStatus(status: JsonObject, path: string): AdvancedCronJobStatus {
  const view: AdvancedCronJobStatus = {};
  const type = stringField(status, 'type', fieldPath(path, 'type'));
  if (type !== undefined) view.type = type;
  if (status.active !== undefined && status.active !== null) {
    view.active = objectItems(status, 'active', fieldPath(path, 'active'), maxActive).map(({ item }) => item);
  }
  const lastScheduleTime = timeField(status, 'lastScheduleTime', fieldPath(path, 'lastScheduleTime'));
  if (lastScheduleTime !== undefined) {
    view.lastScheduleTime = lastScheduleTime.text;
    view.lastScheduled = lastScheduleTime.time;
  }
  return view;
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readAdvancedCronJob(object: JsonObject, path: string): AdvancedCronJob {
  const view: AdvancedCronJob = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) view.podTemplate = podTemplateOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) view.status = readAdvancedCronJobStatus(status, fieldPath(path, 'status'));
  return view;
}
