// docs/operations.md's "Why did Karmada evict my workload?": its Logs Insights query and its local jq command name
// what a real unhealthy answer's log line holds, and pick that line out.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repositoryRoot } from '../../lib/kit/kinds';
import { interpreterContext, readyWorkload, type JsonMap } from '../support/karmada';
import { httpApiEvent } from '../support/events';
import { requireTool } from '../support/tools';

const doc = readFileSync(join(repositoryRoot, 'docs/operations.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Why did Karmada evict my workload?'));
const query = /^```text logs-insights\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? '';
const jqFilter = /^npm start 2>&1 \| jq -cR '([^']+)'$/m.exec(section)?.[1];
const jq = requireTool('jq');

/** The log lines of one unhealthy and one healthy InterpretHealth call through the deployed handler, as deployed (INFO, metrics on). */
async function healthLines(): Promise<JsonMap[]> {
  vi.resetModules();
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const { handler } = await import('../../functions/dispatcher');
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
  for (const ready of [2, 3]) {
    const object = { ...readyWorkload(3), status: { readyReplicas: ready } };
    await handler(httpApiEvent({ body: interpreterContext({ operation: 'InterpretHealth', object }) }));
  }
  vi.restoreAllMocks();
  return written.join('').trimEnd().split('\n').map((line) => JSON.parse(line) as JsonMap);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('docs/operations.md: why did Karmada evict my workload', () => {
  it('has one Logs Insights query whose fields and filter are the log line\'s', async () => {
    // Prepare
    const lines = await healthLines();
    const unhealthy = lines.filter((line) => line.healthy === false);

    // Assess: the filter picks the unhealthy answer alone (Logs Insights reads JSON false as 0).
    expect(query).toMatch(/^\| filter operation = "InterpretHealth" and healthy = 0$/m);
    expect(unhealthy).toHaveLength(1);
    expect(lines.filter((line) => line.operation === 'InterpretHealth')).toHaveLength(2);
    // Every field the query names is a key of that line.
    const named = [
      ...(/^fields (.+)$/m.exec(query)?.[1] ?? '').split(',').map((field) => field.trim()),
      ...(/ by (.+)$/m.exec(query)?.[1] ?? '').split(',').map((field) => field.trim()),
      ...[...query.matchAll(/latest\((\w+)\)/g)].map(([, field]) => field!),
    ].filter((field) => !field.startsWith('@'));
    expect(named).toEqual(expect.arrayContaining(['kind', 'namespace', 'name', 'reason']));
    for (const field of named) expect(unhealthy[0], field).toHaveProperty(field);
    expect(unhealthy[0]).toMatchObject({ reason: 'status.readyReplicas 2 != spec.replicas 3', Unhealthy: 1 });
  });

  it.skipIf(jq.missing)(`has a local jq command that keeps the unhealthy answers' reasons${jq.note}`, async () => {
    // Prepare: npm's banner first, as npm start prints it.
    const lines = await healthLines();
    const input = `\n> karmada-serverless-interpreter start\n\n${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

    // Act
    const picked = spawnSync('jq', ['-cR', jqFilter!], { input, encoding: 'utf8' });

    // Assess
    expect(picked.status, picked.stderr).toBe(0);
    expect(picked.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as JsonMap)).toEqual([
      { timestamp: expect.any(String), kind: 'workload.example.io/v1alpha1/Workload', namespace: 'default', name: 'nginx', reason: 'status.readyReplicas 2 != spec.replicas 3' },
    ]);
  });
});
