// Strimzi's health from its conditions, with the condition that decided it.
import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../lib/shapes/conditions';
import { strimziHealth } from '../../../lib/families/strimzi/strimzi';

const condition = (type: string, status: string, reason?: string): Condition => ({ type, status, ...(reason === undefined ? {} : { reason }) });

describe('strimziHealth', () => {
  it.each([
    ['Ready', [condition('Warning', 'True', 'DeprecatedFields'), condition('Ready', 'True')], true, 'Ready=True'],
    ['a first deployment under way', [condition('NotReady', 'True', 'Creating')], true, 'NotReady=True reason=Creating'],
    ['paused', [condition('ReconciliationPaused', 'True')], true, 'ReconciliationPaused=True'],
    ['a warning only', [condition('Warning', 'True', 'DeprecatedFields')], true, 'no NotReady=True nor Ready=False'],
    ['no conditions', undefined, true, 'no status.conditions'],
    ['a failed reconciliation', [condition('NotReady', 'True', 'TimeoutException')], false, 'NotReady=True reason=TimeoutException'],
    ['Ready False', [condition('Ready', 'False', 'InvalidResourceException')], false, 'Ready=False reason=InvalidResourceException'],
  ])('%s', (_name, conditions, healthy, reason) => {
    // Act + Assess
    expect(strimziHealth(conditions)).toEqual({ healthy, reason });
  });
});
