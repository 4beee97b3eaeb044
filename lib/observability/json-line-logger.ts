// Structured log lines written straight to stdout/stderr, one JSON object per line with the keys Powertools' logger
// writes (level, message, timestamp, service, the Lambda context's cold_start/function_* and xray_trace_id), so that
// CloudWatch Logs Insights discovers them the same way. Powertools' logger costs more per line than a whole warm
// interpretation (docs/adr/0009-log-lines-and-metrics-written-directly.md); this writes the same line for a small fraction of that.
import type { Context } from 'aws-lambda';

/** Powertools' thresholds, so that levels compare the same way. */
export const LogLevelThreshold = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
export type LogLevel = keyof typeof LogLevelThreshold;

export type LogFields = Record<string, unknown>;

function levelOf(value: string | undefined): LogLevel | undefined {
  const upper = value?.trim().toUpperCase();
  if (upper === 'FATAL') return 'CRITICAL';
  return upper !== undefined && Object.hasOwn(LogLevelThreshold, upper) ? (upper as LogLevel) : undefined;
}

/**
 * Powertools' order: Lambda's Advanced Logging Controls level (AWS_LAMBDA_LOG_LEVEL) wins, then
 * POWERTOOLS_LOG_LEVEL, then LOG_LEVEL, else INFO.
 */
export function initialLogLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  return levelOf(env.AWS_LAMBDA_LOG_LEVEL) ?? levelOf(env.POWERTOOLS_LOG_LEVEL) ?? levelOf(env.LOG_LEVEL) ?? 'INFO';
}

/** A value JSON.stringify cannot write (a BigInt, a cycle) must not cost the line: its fields are dropped, said so. */
function fieldsText(fields: LogFields | undefined): string {
  if (fields === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(fields);
  } catch {
    return ',"logError":"these fields could not be written as JSON"';
  }
  return text.length <= 2 ? '' : `,${text.slice(1, -1)}`;
}

let isoMillis = Number.NaN;
let isoText = '';

/** `new Date().toISOString()`, formatted once per millisecond: calls in the same millisecond share the text. */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMillis) {
    isoMillis = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

export class JsonLineLogger {
  #threshold: number;
  readonly #head: string;
  /** `,"cold_start":…,"function_request_id":"…"` of the current invocation, built once per invocation. */
  #context = '';
  #invocations = 0;
  /** INFO/DEBUG lines waiting for the end of this event-loop turn (local server only; Lambda writes each at once). */
  #pending: { stdout: string } | undefined;

  constructor({ serviceName, env = process.env }: { serviceName: string; env?: NodeJS.ProcessEnv }) {
    this.#threshold = LogLevelThreshold[initialLogLevel(env)];
    this.#head = `,"service":${JSON.stringify(env.POWERTOOLS_SERVICE_NAME || serviceName)}`;
  }

  /** The current threshold (Powertools' numbers): a line is written when its level's threshold is at least this. */
  get level(): number {
    return this.#threshold;
  }

  setLogLevel(level: LogLevel): void {
    const valid = levelOf(level);
    if (valid !== undefined) this.#threshold = LogLevelThreshold[valid];
  }

  /** Adds the Lambda context (cold start, function, request id) to every line until the next invocation's context. */
  addContext(context: Context): void {
    this.#invocations += 1;
    // Lambda sets the X-Ray trace id before each invocation: read once here, not per line (process.env is slow).
    const trace = process.env._X_AMZN_TRACE_ID;
    const parts = {
      cold_start: this.#invocations === 1,
      function_arn: context.invokedFunctionArn,
      function_memory_size: context.memoryLimitInMB,
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
      xray_trace_id: trace ? trace.split(';')[0]!.replace('Root=', '') : undefined,
    };
    this.#context = fieldsText(parts);
  }

  /**
   * Many calls per event-loop turn (the local server under load): lines are gathered and written once per turn,
   * one write system call instead of one per line. Not for Lambda, where a frozen process would keep them.
   */
  gatherLinesPerTurn(): void {
    if (this.#pending !== undefined) return;
    this.#pending = { stdout: '' };
    process.once('exit', () => this.#flush());
  }

  /** `extra`: JSON members (`,"key":value…`) already written out, appended as they are (the call's metrics). */
  debug(message: string, fields?: LogFields, extra?: string): void {
    this.#write('DEBUG', message, fields, extra);
  }

  info(message: string, fields?: LogFields, extra?: string): void {
    this.#write('INFO', message, fields, extra);
  }

  warn(message: string, fields?: LogFields, extra?: string): void {
    this.#write('WARN', message, fields, extra);
  }

  error(message: string, fields?: LogFields, extra?: string): void {
    this.#write('ERROR', message, fields, extra);
  }

  #write(level: LogLevel, message: string, fields: LogFields | undefined, extra = ''): void {
    if (LogLevelThreshold[level] < this.#threshold) return;
    const line = `{"level":"${level}","message":${JSON.stringify(message)},"timestamp":"${isoNow()}"${this.#head}${this.#context}${fieldsText(fields)}${extra}}\n`;
    // As Powertools (through console.warn/error) does: warnings and errors on stderr, the rest on stdout.
    // Warnings and errors are written at once, in order with what the process does next (gathering is for INFO).
    if (LogLevelThreshold[level] >= LogLevelThreshold.WARN) {
      this.#flush();
      process.stderr.write(line);
      return;
    }
    if (this.#pending === undefined) {
      process.stdout.write(line);
      return;
    }
    if (this.#pending.stdout === '') setImmediate(() => this.#flush());
    this.#pending.stdout += line;
  }

  #flush(): void {
    if (this.#pending === undefined || this.#pending.stdout === '') return;
    process.stdout.write(this.#pending.stdout);
    this.#pending.stdout = '';
  }
}
