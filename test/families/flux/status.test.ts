// The Flux status shape: Flux's readiness test, and the aggregation rules its cases do not pin one by one (members
// without a status, counters only where reported, a sum past 2^53). Through the HelmRelease where a request is needed.
import { describe, expect, it } from 'vitest';
import { helmReleaseInterpreter } from '../../../lib/kinds/helmrelease/interpreter';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import type { JsonObject } from '../../../lib/review/json';
import { fluxReady } from '../../../lib/families/flux/status';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([helmReleaseInterpreter]);
const ready = (status: string, reason = 'UpgradeSucceeded') => ({ type: 'Ready', status, reason });

function release(status?: JsonObject): JsonObject {
  const object: JsonObject = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'shop', namespace: 'apps', generation: 2 }, spec: {} };
  if (status !== undefined) object.status = status;
  return object;
}

describe('fluxReady', () => {
  it.each([
    ['Ready True at the generation', { conditions: [ready('True')], observedGeneration: 2 }, {}, false, true, 'Ready=True reason=UpgradeSucceeded'],
    ['Ready True for an older generation', { conditions: [ready('True')], observedGeneration: 1 }, {}, false, false, 'Ready=True reason=UpgradeSucceeded, status.observedGeneration 1 != metadata.generation 2'],
    ["the CRD's default -1", { conditions: [ready('True')], observedGeneration: -1 }, {}, false, false, 'Ready=True reason=UpgradeSucceeded, status.observedGeneration -1 != metadata.generation 2'],
    ['no observedGeneration: Go\'s 0', { conditions: [ready('True')] }, {}, false, false, 'Ready=True reason=UpgradeSucceeded, status.observedGeneration 0 (absent) != metadata.generation 2'],
    ['suspended: the last result stands', { conditions: [ready('True')], observedGeneration: 1 }, {}, true, true, 'Ready=True reason=UpgradeSucceeded, spec.suspend: generation not compared'],
    ['suspended does not make Ready False healthy', { conditions: [ready('False', 'UpgradeFailed')], observedGeneration: 2 }, {}, true, false, 'Ready=False reason=UpgradeFailed'],
    ['a reason not accepted', { conditions: [ready('True')], observedGeneration: 2 }, { reasons: ['ReconciliationSucceeded'] }, false, false, 'Ready=True reason=UpgradeSucceeded, healthy only with reason ReconciliationSucceeded'],
    ['no status', undefined, {}, false, false, 'no Ready condition'],
  ])('%s', (_name, status, options, suspended, healthy, reason) => {
    // Act + Assess
    expect(fluxReady({ metadata: { generation: 2 }, ...(status === undefined ? {} : { status }) }, { ...options, suspended })).toEqual({ healthy, reason });
  });
});

describe('Flux AggregateStatus', () => {
  it('keeps the template observedGeneration while a member is listed without a status', () => {
    // Prepare
    const current = { generation: 2, observedGeneration: 2, resourceTemplateGeneration: 2 };
    const aggregatedStatus: JsonObject[] = [
      { clusterName: 'member1', status: current, applied: true },
      { clusterName: 'member2', applied: true },
    ];

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: release({ observedGeneration: 1 }), aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ observedGeneration: 1 });
  });

  it('writes a counter only where some member reports it', () => {
    // Prepare
    const aggregatedStatus = [{ clusterName: 'member1', status: { failures: 2, generation: 2, observedGeneration: 2, resourceTemplateGeneration: 2 }, applied: true }];

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: release(), aggregatedStatus });

    // Assess
    expect(patched.status).toEqual({ failures: 2, observedGeneration: 2 });
  });

  it('answers 400 naming the counter whose sum passes 2^53', () => {
    // Prepare
    const big = { failures: Number.MAX_SAFE_INTEGER, generation: 2, observedGeneration: 2, resourceTemplateGeneration: 2 };
    const aggregatedStatus = [
      { clusterName: 'member1', status: big, applied: true },
      { clusterName: 'member2', status: big, applied: true },
    ];

    // Act
    const { response } = answer(registry, { operation: 'AggregateStatus', object: release(), aggregatedStatus });

    // Assess
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('failures');
  });
});
