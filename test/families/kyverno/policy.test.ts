// The Kyverno policy shape's pieces the cases cannot show one by one: empty lists and maps left out as Karmada's Lua
// path leaves them out, and health read from the deprecated flag before the Ready condition.
import { describe, expect, it } from 'vitest';
import { withoutEmptyContainers } from '../../../lib/shapes/empty-values';
import { kyvernoPolicyHealth, readKyvernoPolicyStatus } from '../../../lib/families/kyverno/policy';
import { Cursor } from '../../../lib/kube/cursor';

describe('withoutEmptyContainers', () => {
  it('drops empty lists and maps at any depth and keeps a map emptied by it', () => {
    // Prepare
    const autogen = { rules: [{ name: 'r', exclude: { resources: {} }, generate: [], mutate: {}, match: { any: [{ kinds: ['Pod'] }] } }] };

    // Act
    const result = withoutEmptyContainers(autogen);

    // Assess
    expect(result).toEqual({ rules: [{ name: 'r', exclude: {}, match: { any: [{ kinds: ['Pod'] }] } }] });
  });

  it('leaves scalars, false, 0 and empty strings alone', () => {
    // Prepare
    const value = { a: 0, b: false, c: '', d: null };

    // Act
    const result = withoutEmptyContainers(value);

    // Assess
    expect(result).toEqual(value);
  });
});

describe('kyvernoPolicyHealth', () => {
  it.each([
    [{ ready: true, conditions: [{ type: 'Ready', status: 'False', reason: 'Failed' }] }, true, 'status.ready true'],
    [{ conditions: [{ type: 'Ready', status: 'True', reason: 'Succeeded' }] }, true, 'Ready=True reason=Succeeded'],
    [{ conditions: [{ type: 'Ready', status: 'True', reason: 'Progressing' }] }, false, 'Ready=True reason=Progressing, healthy only with reason Succeeded'],
    [{ conditions: [{ type: 'Ready', status: 'False', reason: 'Failed' }] }, false, 'Ready=False reason=Failed'],
    [{}, false, 'no Ready condition'],
  ])('%j is healthy: %s, because %s', (status, healthy, reason) => {
    // Prepare
    const read = readKyvernoPolicyStatus(Cursor.root(status, 'object.status'));

    // Act
    const answer = kyvernoPolicyHealth(read);

    // Assess
    expect(answer).toEqual({ healthy, reason });
  });
});
