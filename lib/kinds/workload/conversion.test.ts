// The Workload's conversion reads the moved fields through the reader, with a null refused rather than read as
// absent: a converter that dropped a null would not give back what it was given.
import { describe, expect, it } from 'vitest';
import type { JsonMap } from '../../../test/support/karmada';
import { callConvert, conversionReview } from '../../../test/support/reviews';

const v1alpha1 = 'workload.example.io/v1alpha1';
const v1alpha2 = 'workload.example.io/v1alpha2';

describe('a null on the way of a moved field is refused, naming the field', () => {
  it.each([
    ['spec', v1alpha1, v1alpha2, { spec: null }, 'spec: must be an object, got null'],
    ['metadata', v1alpha1, v1alpha2, { metadata: null, spec: { paused: true } }, 'metadata: must be an object, got null'],
    ['the annotations', v1alpha2, v1alpha1, { metadata: { name: 'w', annotations: null } }, 'metadata.annotations: must be an object, got null'],
    ['spec.paused', v1alpha1, v1alpha2, { spec: { paused: null } }, 'spec.paused: must be a boolean, got null'],
    ['the alias annotation', v1alpha1, v1alpha2, { metadata: { name: 'w', annotations: { 'workload.example.io/alias': null } } }, 'metadata.annotations[workload.example.io/alias]: must be a string, got null'],
    ['spec.rollout', v1alpha2, v1alpha1, { spec: { rollout: null } }, 'spec.rollout: must be an object, got null'],
    ['spec.rollout.paused', v1alpha2, v1alpha1, { spec: { rollout: { paused: null } } }, 'spec.rollout.paused: must be a boolean, got null'],
    ['spec.alias', v1alpha2, v1alpha1, { spec: { alias: null } }, 'spec.alias: must be a string, got null'],
  ])('%s (%s to %s)', async (_field, from, to, fields, message) => {
    // Prepare
    const object: JsonMap = { apiVersion: from, kind: 'Workload', metadata: { name: 'w' }, ...(fields as JsonMap) };

    // Act
    const response = await callConvert(conversionReview(to, [object]));

    // Assess
    expect(response.result.status).toBe('Failure');
    expect(response.result.message).toContain(message);
  });

  it('a null elsewhere passes through untouched', async () => {
    // Prepare
    const object: JsonMap = { apiVersion: v1alpha1, kind: 'Workload', metadata: { name: 'w' }, spec: { replicas: null, paused: true }, status: null };

    // Act
    const response = await callConvert(conversionReview(v1alpha2, [object]));

    // Assess
    expect(response.result).toEqual({ status: 'Success' });
    expect(response.convertedObjects).toEqual([{ ...object, apiVersion: v1alpha2, spec: { replicas: null, rollout: { paused: true } } }]);
  });
});
