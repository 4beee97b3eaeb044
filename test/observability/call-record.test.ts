// The call's log line and EMF metrics as CloudWatch reads them: one JSON object per line, Powertools' keys and
// level rules, the metrics' directive naming values that are in the same line.
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callMetrics, metricsDisabled } from '../../lib/observability/call-metrics';
import { initialLogLevel, JsonLineLogger } from '../../lib/observability/json-line-logger';

const context = { invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:retain', memoryLimitInMB: '256', functionName: 'retain', awsRequestId: 'req-1' } as Context;

/** Captures what goes to stdout and stderr, as text. */
function captureStreams(): { stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => err.push(String(chunk)) > 0);
  return { stdout: () => out.join(''), stderr: () => err.join('') };
}

function linesOf(text: string): Record<string, unknown>[] {
  expect(text.endsWith('\n')).toBe(true);
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JsonLineLogger', () => {
  it('writes one JSON line with Powertools\' keys, the Lambda context and the fields', () => {
    const streams = captureStreams();
    const logger = new JsonLineLogger({ serviceName: 'svc', env: { LOG_LEVEL: 'INFO' } });
    logger.addContext(context);
    logger.info('interpreter call', { uid: 'u1', note: 'line\nbreak "quoted"' });
    logger.addContext({ ...context, awsRequestId: 'req-2' });
    logger.info('second');

    const [first, second] = linesOf(streams.stdout());
    expect(first).toEqual({
      level: 'INFO',
      message: 'interpreter call',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'svc',
      cold_start: true,
      function_arn: context.invokedFunctionArn,
      function_memory_size: '256',
      function_name: 'retain',
      function_request_id: 'req-1',
      uid: 'u1',
      note: 'line\nbreak "quoted"',
    });
    expect(second).toMatchObject({ message: 'second', cold_start: false, function_request_id: 'req-2' });
    expect(streams.stderr()).toBe('');
  });

  it('sends warnings and errors to stderr and honours the level', () => {
    const streams = captureStreams();
    const logger = new JsonLineLogger({ serviceName: 'svc', env: { POWERTOOLS_LOG_LEVEL: 'warn' } });
    logger.info('dropped');
    logger.warn('kept', { code: 400 });
    logger.error('also kept');
    expect(streams.stdout()).toBe('');
    expect(linesOf(streams.stderr()).map((line) => [line.level, line.message])).toEqual([
      ['WARN', 'kept'],
      ['ERROR', 'also kept'],
    ]);
    logger.setLogLevel('SILENT');
    logger.error('silenced');
    expect(linesOf(streams.stderr())).toHaveLength(2);
  });

  it('keeps the line when a field cannot be written as JSON', () => {
    const streams = captureStreams();
    const logger = new JsonLineLogger({ serviceName: 'svc', env: {} });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    logger.info('odd fields', { cycle, big: 1n });
    expect(linesOf(streams.stdout())[0]).toMatchObject({ message: 'odd fields', logError: expect.any(String) });
  });

  it('takes the level as Powertools does: Lambda\'s log level, then POWERTOOLS_LOG_LEVEL, then LOG_LEVEL, else INFO', () => {
    expect(initialLogLevel({})).toBe('INFO');
    expect(initialLogLevel({ LOG_LEVEL: 'debug' })).toBe('DEBUG');
    expect(initialLogLevel({ LOG_LEVEL: 'debug', POWERTOOLS_LOG_LEVEL: 'ERROR' })).toBe('ERROR');
    expect(initialLogLevel({ AWS_LAMBDA_LOG_LEVEL: 'FATAL', POWERTOOLS_LOG_LEVEL: 'DEBUG' })).toBe('CRITICAL');
    expect(initialLogLevel({ LOG_LEVEL: 'loud' })).toBe('INFO');
  });
});

describe('call metrics (EMF)', () => {
  it('are off with POWERTOOLS_METRICS_DISABLED, or POWERTOOLS_DEV unless told otherwise', () => {
    expect(metricsDisabled({})).toBe(false);
    expect(metricsDisabled({ POWERTOOLS_METRICS_DISABLED: 'true' })).toBe(true);
    expect(metricsDisabled({ POWERTOOLS_DEV: 'true' })).toBe(true);
    expect(metricsDisabled({ POWERTOOLS_DEV: 'true', POWERTOOLS_METRICS_DISABLED: 'false' })).toBe(false);
    expect(callMetrics({ namespace: 'N', serviceName: 's', env: { POWERTOOLS_METRICS_DISABLED: '1' } })).toBeUndefined();
  });

  it('ride in the call\'s log line: a valid EMF document whose dimensions and metrics are members of the line', () => {
    const streams = captureStreams();
    const metrics = callMetrics({ namespace: 'KarmadaInterpreter', serviceName: 'svc', env: {} })!;
    const logger = new JsonLineLogger({ serviceName: 'svc', env: {} });
    logger.info('interpreter call', { operation: 'Retain' }, metrics.members('Retain', { successful: false, code: 500 }, 1.23456));
    metrics.publish('InterpretHealth', { successful: true, code: 200 }, 0.5);

    for (const line of linesOf(streams.stdout())) {
      const aws = line._aws as { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
      expect(Math.abs(aws.Timestamp - Date.now())).toBeLessThan(60_000);
      const [directive] = aws.CloudWatchMetrics;
      expect(directive!.Namespace).toBe('KarmadaInterpreter');
      for (const dimension of directive!.Dimensions.flat()) expect(typeof line[dimension]).toBe('string');
      for (const metric of directive!.Metrics) expect(typeof line[metric.Name]).toBe('number');
    }
    const [call, alone] = linesOf(streams.stdout());
    expect(call).toMatchObject({ message: 'interpreter call', service: 'svc', operation: 'Retain', Calls: 1, Errors: 1, ServerErrors: 1, Duration: 1.235 });
    expect(alone).toMatchObject({ service: 'svc', operation: 'InterpretHealth', Calls: 1, Errors: 0, ServerErrors: 0, Duration: 0.5 });
  });
  it('count an InterpretHealth answer in Unhealthy by kind, in a second directive of the same line', () => {
    const streams = captureStreams();
    const metrics = callMetrics({ namespace: 'KarmadaInterpreter', serviceName: 'svc', env: {} })!;
    const logger = new JsonLineLogger({ serviceName: 'svc', env: {} });
    const kind = 'helm.toolkit.fluxcd.io/v2/HelmRelease';
    logger.info('interpreter call', { operation: 'InterpretHealth', kind }, metrics.members('InterpretHealth', { successful: true, code: 200, healthy: false, kind }, 1));
    metrics.publish('InterpretHealth', { successful: true, code: 200, healthy: true, kind }, 1);
    metrics.publish('Retain', { successful: true, code: 200, kind }, 1);

    const [sick, well, retain] = linesOf(streams.stdout());
    for (const line of [sick!, well!]) {
      const directives = (line._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] }).CloudWatchMetrics;
      expect(directives.map(({ Dimensions, Metrics }) => [Dimensions, Metrics.map(({ Name }) => Name)])).toEqual([
        [[['service', 'operation']], ['Calls', 'Errors', 'ServerErrors', 'Duration']],
        [[['service', 'kind']], ['Unhealthy']],
      ]);
      expect(directives[1]).toMatchObject({ Namespace: 'KarmadaInterpreter', Metrics: [{ Name: 'Unhealthy', Unit: 'Count' }] });
      for (const dimension of directives.flatMap(({ Dimensions }) => Dimensions.flat())) expect(typeof line[dimension]).toBe('string');
    }
    expect(sick).toMatchObject({ kind, Unhealthy: 1 });
    expect(well).toMatchObject({ kind, Unhealthy: 0, operation: 'InterpretHealth', service: 'svc' });
    // Any other answer: no Unhealthy metric, no kind dimension.
    expect((retain!._aws as { CloudWatchMetrics: unknown[] }).CloudWatchMetrics).toHaveLength(1);
    expect(retain).not.toHaveProperty('Unhealthy');
    expect(retain).not.toHaveProperty('kind');
  });
});

describe('recordCall, as deployed (INFO, metrics on)', () => {
  async function freshRecordCall() {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
    return (await import('../../lib/observability/call-record')).recordCall;
  }

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('writes one line per interpreter call, log fields and EMF together; a review call keeps its plain operation and gets its own EMF line', async () => {
    const recordCall = await freshRecordCall();
    const streams = captureStreams();
    const base = { route: 'POST /interpreter', uid: 'u1', successful: true, code: 200, httpStatus: 200, durationMs: 1.5 };
    recordCall({ ...base, operation: 'InterpretReplica', kind: 'workload.example.io/v1alpha1/Workload' });
    recordCall({ ...base, route: 'POST /validate', review: 'AdmissionReview', operation: 'validate', kind: 'workload.example.io/v1alpha2/Workload', admissionOperation: 'CREATE' });

    const [interpreter, review, reviewMetrics] = linesOf(streams.stdout());
    expect(interpreter).toMatchObject({ message: 'interpreter call', uid: 'u1', operation: 'InterpretReplica', Calls: 1, Errors: 0, ServerErrors: 0, Duration: 1.5, _aws: expect.any(Object) });
    const emfLines = [reviewMetrics, review].filter((line) => line!._aws !== undefined);
    expect(emfLines).toHaveLength(1);
    expect(emfLines[0]).toMatchObject({ operation: 'AdmissionReview/validate', Calls: 1, service: 'karmada-interpreter' });
    const reviewLine = [reviewMetrics, review].find((line) => line!._aws === undefined);
    // Each review's line says which review it is; `kind` is the object's group/version/Kind in every review.
    expect(reviewLine).toMatchObject({ message: 'admission call', review: 'AdmissionReview', operation: 'validate', kind: 'workload.example.io/v1alpha2/Workload', admissionOperation: 'CREATE' });
  });

  it('writes an InterpretHealth answer\'s verdict and reason, the reason bounded, with its Unhealthy metric', async () => {
    const recordCall = await freshRecordCall();
    const streams = captureStreams();
    const base = { route: 'POST /interpreter', uid: 'u2', successful: true, code: 200, httpStatus: 200, durationMs: 1, operation: 'InterpretHealth', kind: 'cert-manager.io/v1/Certificate' };
    recordCall({ ...base, healthy: false, reason: 'Ready=False reason=Failed' });
    recordCall({ ...base, healthy: false, reason: 'x'.repeat(1_000) });

    recordCall({ ...base, healthy: true, reason: 'Ready=True reason=Ready' });

    // An unhealthy answer is a warning (stderr), so that logLevel=WARN keeps it; a healthy one is not.
    const [line, long] = linesOf(streams.stderr());
    expect(line).toMatchObject({ level: 'WARN', message: 'interpreter call', operation: 'InterpretHealth', kind: 'cert-manager.io/v1/Certificate', healthy: false, reason: 'Ready=False reason=Failed', Unhealthy: 1 });
    expect((long!.reason as string).length).toBeLessThanOrEqual(200);
    expect(linesOf(streams.stdout())).toEqual([expect.objectContaining({ level: 'INFO', healthy: true, reason: 'Ready=True reason=Ready', Unhealthy: 0 })]);
  });
});
