// checkCase on an interpreter that throws: the case fails on the deployed answer (the generic 500), and, locally, one
// more problem line says what was thrown and where; a remote webhook's 500 says nothing more.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createInterpreterRegistry, type ResourceInterpreter } from '../../lib/interpreter/registry';
import { parseCases } from '../../lib/kit/cases';
import { checkCase } from '../../lib/kit/check';
import { localWebhook, type Webhook } from '../../lib/kit/webhook';
import { workloadInterpreter } from '../../lib/kinds/workload/interpreter';

const throwing: ResourceInterpreter = {
  ...workloadInterpreter,
  operations: {
    ...workloadInterpreter.operations,
    InterpretStatus: () => {
      throw new RangeError('injected for checkCase'); // the line the problem names
    },
  },
};
const throwLine = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').findIndex((text) => text.includes('// the line the problem names')) + 1;

const [statusCase, refusalCase] = parseCases([
  {
    name: 'status', operation: 'InterpretStatus',
    observedObj: { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 1 } },
    output: { status: { readyReplicas: 0 } },
  },
  {
    name: 'refusal expected', operation: 'InterpretStatus',
    observedObj: { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 1 } },
    error: { code: 400, messageContains: 'spec' },
  },
].map((item) => stringify(item)).join('---\n'), 'status-test.yaml');

describe('checkCase on an interpreter that throws', () => {
  it('fails on the generic 500, then names what was thrown and where, with the stack for --verbose', async () => {
    // Act
    const outcome = await checkCase(statusCase!, localWebhook(createInterpreterRegistry([throwing])));

    // Assess
    expect(outcome.passed).toBe(false);
    expect(outcome.problems).toHaveLength(2);
    expect(outcome.problems[0]).toMatch(/^the webhook answered successful: false, code 500: internal error while interpreting InterpretStatus of Workload shop\/web; the interpreter logs have the details \(uid .+\)$/);
    expect(outcome.problems[1]).toMatch(new RegExp(`^the interpreter threw RangeError: injected for checkCase at test/kit/check\\.test\\.ts:${throwLine}:\\d+$`));
    expect(outcome.stack?.[0]).toMatch(new RegExp(`^at .*\\(test/kit/check\\.test\\.ts:${throwLine}:\\d+\\)$`));
  });

  it('adds the line to a case that expected another refusal too', async () => {
    const outcome = await checkCase(refusalCase!, localWebhook(createInterpreterRegistry([throwing])));

    expect(outcome.problems.at(-1)).toMatch(/^the interpreter threw RangeError: injected for checkCase at test\/kit\/check\.test\.ts:/);
  });

  it('says nothing more of a remote 500, nor of a case that passes', async () => {
    // Prepare: the same answer, as a remote webhook gives it (only its JSON).
    const local = localWebhook(createInterpreterRegistry([throwing]));
    const remote: Webhook = async (context) => JSON.parse(JSON.stringify(await local(context)));

    // Act
    const remotely = await checkCase(statusCase!, remote);
    const passing = await checkCase(statusCase!, localWebhook(createInterpreterRegistry([workloadInterpreter])));

    // Assess
    expect(remotely.problems).toHaveLength(1);
    expect(remotely.stack).toBeUndefined();
    expect(passing).toMatchObject({ passed: true, problems: [] });
  });
});
