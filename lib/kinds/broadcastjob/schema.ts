// The BroadcastJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/broadcastjob_types.go (json tags), for
// the fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { describeJson } from '../../review/json';
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
function parallelismField(spec: Cursor): number | string | undefined {
  const value = spec.raw('parallelism');
  if (value === undefined) return undefined;
  if (typeof value === 'number') return spec.count('parallelism');
  if (typeof value === 'string' && /^[0-9]{1,10}%$/.test(value)) return value;
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeJson(value);
  return spec.fail('parallelism', `must be an integer or a percentage such as "50%", got ${shown}`);
}

function specOf(spec: Cursor): BroadcastJobSpec {
  const template = spec.podTemplate('template');
  return {
    parallelism: parallelismField(spec),
    template,
    templateLabels: spec.at(['template', 'metadata']).stringMap('labels'),
    paused: spec.boolean('paused'),
    failurePolicy: spec.object('failurePolicy').string('type'),
  };
}

/** A status as the member's controller wrote it, or as InterpretStatus returned it (the same fields). */
export function readBroadcastJobStatus(status: Cursor): BroadcastJobStatus {
  const view: BroadcastJobStatus = { conditions: readConditions(status) };
  for (const name of statusCounters) view[name] = status.count(name);
  for (const name of [...statusTimes, 'phase'] as const) view[name] = status.string(name);
  return defined(view);
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readBroadcastJob(object: Cursor): BroadcastJob {
  return readByPart<BroadcastJob>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', readBroadcastJobStatus),
  });
}
