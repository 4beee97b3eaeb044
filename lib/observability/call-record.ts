// One structured log line per call, what happened and never the object, carrying the call's CloudWatch embedded
// metrics (EMF) too: one write per call. Written directly (json-line-logger.ts, call-metrics.ts): Powertools' logger
// and metrics cost more per call than the interpretation itself (docs/adr/0009-log-lines-and-metrics-written-directly.md).
import { callMetrics } from './call-metrics';
import { JsonLineLogger, LogLevelThreshold } from './json-line-logger';

export const serviceName = 'karmada-interpreter';

export const logger = new JsonLineLogger({ serviceName });
const metrics = callMetrics({ namespace: 'KarmadaInterpreter', serviceName });

export interface CallRecord {
  /** The API route, e.g. `POST /interpreter/retain` (never the raw path: it may carry the caller token). */
  route: string;
  /** API Gateway's request id (or the local server's), to correlate with access logs. */
  requestId?: string;
  uid: string;
  /** The review when it is not Karmada's ResourceInterpreterContext (`ConversionReview`, `AdmissionReview`). */
  review?: string;
  /** The interpreter operation (`InterpretReplica`…), `Convert`, or the admission step (`mutate`, `validate`). */
  operation?: string;
  /** The object's `group/version/Kind`, in every review (docs/vocabulary.md#the-log-line). */
  kind?: string;
  /** ConversionReview: the version the objects are converted to. */
  desiredAPIVersion?: string;
  /** AdmissionReview: what the API server is admitting (`CREATE`, `UPDATE`…). */
  admissionOperation?: string;
  namespace?: string;
  name?: string;
  /** InterpretHealth: the answer Karmada got (it decides eviction); the `Unhealthy` metric counts the false ones. */
  healthy?: boolean;
  /**
   * What decided the answer, never sent to the caller: a health answer's (`Ready=False reason=UpgradeFailed`,
   * `status.readyReplicas 2 != spec.replicas 3`) or a refusal's (the refused field and its cause); ≤ 200 characters.
   */
  reason?: string;
  successful: boolean;
  /** `response.status.code` of a failure, 200 for a success. */
  code: number;
  httpStatus: number;
  durationMs: number;
  /** `response.status.message` of a failure (the key `message` is the log line's own). */
  statusMessage?: string;
  error?: unknown;
}

function errorSummary(error: unknown): { name: string; message: string; stack?: string } | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return { name: error.name, message: String(error.message), stack: String(error.stack) };
  let message: string;
  try {
    message = String(error);
  } catch {
    message = 'a thrown value that cannot be turned into a string';
  }
  return { name: typeof error, message };
}

/** A reason is one short field: an operator reads it in a query's result table. */
const maxReasonLength = 200;

/** Strings in a log line come from the caller (uid, name...): bounded, so a line never grows with the request. */
function clipped(value: string | undefined, maxLength = 256): string | undefined {
  return value === undefined || value.length <= maxLength ? value : `${value.slice(0, maxLength)}…`;
}

/** The line's message names the review it records. */
const callMessages: Readonly<Record<string, string>> = { '': 'interpreter call', ConversionReview: 'conversion call', AdmissionReview: 'admission call' };

export function recordCall(record: CallRecord): void {
  // The metrics' operation dimension names the review kind too (`AdmissionReview/CREATE`), so kinds never mix.
  const operation = `${record.review === undefined ? '' : `${record.review}/`}${record.operation ?? 'unknown'}`;
  // An unhealthy answer is a warning: Karmada may evict the workload on it, so its reason stays with logLevel=WARN.
  const warning = !record.successful || record.healthy === false;
  const threshold = record.code >= 500 ? LogLevelThreshold.ERROR : warning ? LogLevelThreshold.WARN : LogLevelThreshold.INFO;
  // A suppressed line is not even built (hot path); its metrics still go out, on a line of their own. So do a
  // review's: its line keeps the plain operation, and the dimension must be a top-level key of the EMF line.
  const ownMetricsLine = threshold < logger.level || record.review !== undefined;
  if (ownMetricsLine) metrics?.publish(operation, record, record.durationMs);
  if (threshold < logger.level) return;
  // One pass over the record's own fields, in its order: a field added to CallRecord reaches the line by itself.
  // (Rest/spread destructuring here cost more than the whole line: ~7 µs a call.)
  const line: Record<string, unknown> = {};
  for (const key in record) {
    const value = record[key as keyof CallRecord];
    if (value === undefined) continue;
    switch (key) {
      case 'error':
        line.error = errorSummary(value);
        break;
      case 'durationMs':
        line.durationMs = Math.round((value as number) * 1000) / 1000;
        break;
      case 'statusMessage':
        line.statusMessage = clipped(value as string, 1_000);
        break;
      case 'reason':
        line.reason = clipped(value as string, maxReasonLength - 1);
        break;
      default:
        line[key] = typeof value === 'string' ? clipped(value) : value;
    }
  }
  // The metrics' dimensions (service, operation) are the line's own top-level keys.
  let metricMembers: string | undefined;
  if (metrics !== undefined && !ownMetricsLine) {
    line.operation = operation;
    metricMembers = metrics.members(operation, record, record.durationMs);
  }
  const message = callMessages[record.review ?? ''] ?? 'review call';
  if (record.code >= 500) logger.error(message, line, metricMembers);
  else if (warning) logger.warn(message, line, metricMembers);
  else logger.info(message, line, metricMembers);
}
