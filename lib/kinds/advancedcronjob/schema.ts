// The AdvancedCronJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/advancedcronjob_types.go (json
// tags), for the fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
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
function podTemplateOf(spec: Cursor): AdvancedCronJob['podTemplate'] {
  const templates = spec.object('template');
  for (const name of ['jobTemplate', 'broadcastJobTemplate']) {
    const job = templates.object(name);
    if (!job.present) continue;
    const jobSpec = job.object('spec');
    return {
      template: jobSpec.podTemplate('template'),
      get path() {
        return jobSpec.pathOf('template');
      },
    };
  }
  return undefined;
}

/** A metav1.Time: RFC 3339, as the apiserver keeps it; anything else is a 400 (it could not be compared). */
function timeField(status: Cursor, name: string): { text: string; time: number } | undefined {
  const text = status.string(name);
  if (text === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) status.fail(name, `must be an RFC 3339 time such as "2023-04-13T09:30:00Z", got ${JSON.stringify(text.slice(0, 40))}`);
  return { text, time };
}

/** A status as the member's controller wrote it (Karmada reflects it whole). */
export function readAdvancedCronJobStatus(status: Cursor): AdvancedCronJobStatus {
  const type = status.string('type');
  const active = status.has('active') ? status.items('active', maxActive).map((item) => item.value!) : undefined;
  const lastScheduleTime = timeField(status, 'lastScheduleTime');
  return defined({ type, active, lastScheduleTime: lastScheduleTime?.text, lastScheduled: lastScheduleTime?.time });
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readAdvancedCronJob(object: Cursor): AdvancedCronJob {
  return readByPart<AdvancedCronJob>({
    metadata: () => readMetadata(object),
    podTemplate: () => object.part('spec', podTemplateOf),
    status: () => object.part('status', readAdvancedCronJobStatus),
  });
}
