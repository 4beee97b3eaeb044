// `npm run bench:log-cost`: what one call's log line and metrics cost, per way of writing them, next to the floor
// (JSON.parse + JSON.stringify of the typical 2.3 KB Workload body). Run with stdout to /dev/null (the script does
// that itself by re-running with stdout ignored) and stderr for the table. Interleaved batches, medians.
import { spawnSync } from 'node:child_process';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { callMetrics } from '../lib/observability/call-metrics';
import { JsonLineLogger } from '../lib/observability/json-line-logger';
import { typicalBody } from './bodies';
import { percentile } from './report';

if (process.env.LOG_COST_CHILD !== '1') {
  const child = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1]!], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_COST_CHILD: '1', POWERTOOLS_LOG_LEVEL: 'INFO', LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false', AWS_LAMBDA_LOG_LEVEL: '' },
  });
  process.exit(child.status ?? 1);
}

const context = { invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:interpret-replica', memoryLimitInMB: '256', functionName: 'interpret-replica', awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678', functionVersion: '$LATEST' } as Context;
const fields = () => ({ route: 'POST /interpreter/interpret-replica', requestId: 'Zx1dFjUYIAMEVYw=', httpStatus: 200, successful: true, code: 200, operation: 'InterpretReplica', uid: 'typical-InterpretReplica', durationMs: 0.042, kind: 'workload.example.io/v1alpha1/Workload', namespace: 'shop', name: 'checkout' });

const powertools = new Logger({ serviceName: 'karmada-interpreter' });
powertools.addContext(context);
const powertoolsMetrics = new Metrics({ namespace: 'KarmadaInterpreter', serviceName: 'karmada-interpreter' });
const direct = new JsonLineLogger({ serviceName: 'karmada-interpreter' });
direct.addContext(context);
const emf = callMetrics({ namespace: 'KarmadaInterpreter', serviceName: 'karmada-interpreter', env: { POWERTOOLS_METRICS_DISABLED: 'false' } })!;
const body = JSON.stringify(typicalBody('InterpretReplica'));
let sink = 0;

const tasks: Record<string, () => void> = {
  'floor: JSON.stringify(JSON.parse(2.3 KB body))': () => {
    sink ^= JSON.stringify(JSON.parse(body)).length;
  },
  'Powertools Logger.info (as before)': () => powertools.info('interpreter call', fields()),
  'Powertools Metrics: 1 dimension, 4 metrics, publish (as before)': () => {
    powertoolsMetrics.addDimension('operation', 'InterpretReplica');
    powertoolsMetrics.addMetric('Calls', MetricUnit.Count, 1);
    powertoolsMetrics.addMetric('Errors', MetricUnit.Count, 0);
    powertoolsMetrics.addMetric('ServerErrors', MetricUnit.Count, 0);
    powertoolsMetrics.addMetric('Duration', MetricUnit.Milliseconds, 0.042);
    powertoolsMetrics.publishStoredMetrics();
  },
  'JsonLineLogger.info (now)': () => direct.info('interpreter call', fields()),
  'JsonLineLogger.info with the EMF members in the same line (now, metrics on)': () => direct.info('interpreter call', fields(), emf.members('InterpretReplica', { successful: true, code: 200 }, 0.042)),
  'process.stdout.write of a 450-byte line alone': () => process.stdout.write(`${'x'.repeat(450)}\n`),
};

const names = Object.keys(tasks);
const batch = 200;
const perCall = new Map<string, number[]>(names.map((name) => [name, []]));
const deadline = performance.now() + Number(process.env.LOG_COST_MS ?? 3000);
while (performance.now() < deadline) {
  for (const name of names) {
    const task = tasks[name]!;
    const started = performance.now();
    for (let i = 0; i < batch; i++) task();
    perCall.get(name)!.push(((performance.now() - started) * 1000) / batch);
  }
}
const floor = percentile(perCall.get(names[0]!)!, 50);
process.stderr.write(`per call, median of ${perCall.get(names[0]!)!.length} interleaved batches of ${batch} (stdout to /dev/null):\n`);
for (const name of names) {
  const us = percentile(perCall.get(name)!, 50);
  process.stderr.write(`  ${name.padEnd(76)} ${us.toFixed(2).padStart(7)} µs  ${(us / floor).toFixed(2)}× floor\n`);
}
process.stderr.write(`(sink ${sink & 1})\n`);
