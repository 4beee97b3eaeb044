// One structured log line and one set of CloudWatch embedded metrics per call: what happened, never the object.
import { LogLevelThreshold, Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const serviceName = 'karmada-interpreter';

export const logger = new Logger({ serviceName });
/** Exposes whether metrics are off (POWERTOOLS_METRICS_DISABLED), so a call does not build what is not published. */
class CallMetrics extends Metrics {
  get off(): boolean {
    return this.isDisabled();
  }
}
const metrics = new CallMetrics({ namespace: 'KarmadaInterpreter', serviceName });

export interface CallRecord {
  /** The API route, e.g. `POST /interpreter/retain` (never the raw path: it may carry the caller token). */
  route: string;
  /** API Gateway's request id (or the local server's), to correlate with access logs. */
  requestId?: string;
  uid: string;
  operation?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  successful: boolean;
  /** `response.status.code` of a failure, 200 for a success. */
  code: number;
  httpStatus: number;
  durationMs: number;
  /** `response.status.message` of a failure (Powertools reserves the key `message`). */
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

/** Strings in a log line come from the caller (uid, name...): bounded, so a line never grows with the request. */
function clipped(value: string | undefined, maxLength = 256): string | undefined {
  return value === undefined || value.length <= maxLength ? value : `${value.slice(0, maxLength)}…`;
}

/** Whether a line at this level would be written: a suppressed line is not even built (hot path). */
function logs(threshold: number): boolean {
  return logger.level <= threshold;
}

export function recordCall(record: CallRecord): void {
  if (!metrics.off) {
    metrics.addDimension('operation', record.operation ?? 'unknown');
    metrics.addMetric('Calls', MetricUnit.Count, 1);
    metrics.addMetric('Errors', MetricUnit.Count, record.successful ? 0 : 1);
    metrics.addMetric('Duration', MetricUnit.Milliseconds, record.durationMs);
    metrics.publishStoredMetrics();
  }
  const threshold = record.code >= 500 ? LogLevelThreshold.ERROR : record.successful ? LogLevelThreshold.INFO : LogLevelThreshold.WARN;
  if (!logs(threshold)) return;
  const { error, durationMs, uid, namespace, name, kind, statusMessage, ...fields } = record;
  const line: Record<string, unknown> = { ...fields, uid: clipped(uid), durationMs: Math.round(durationMs * 1000) / 1000 };
  // Only the fields a call has: every key costs the logger's serializer a replacer call.
  if (kind !== undefined) line.kind = clipped(kind);
  if (namespace !== undefined) line.namespace = clipped(namespace);
  if (name !== undefined) line.name = clipped(name);
  if (statusMessage !== undefined) line.statusMessage = clipped(statusMessage, 1_000);
  if (error !== undefined) line.error = errorSummary(error);
  if (record.code >= 500) logger.error('interpreter call', line);
  else if (!record.successful) logger.warn('interpreter call', line);
  else logger.info('interpreter call', line);
}
