// The Workload's admission keeps out what its interpreter would refuse, in Kubernetes' words: the lists past their
// bounds, and every field its decoder refuses (admission reads them collecting, through schema.ts's checkWorkload).
import { describe, expect, it } from 'vitest';
import { invalid, typeInvalid } from '../../kube/field-errors';
import { Cursor } from '../../kube/cursor';
import { FieldFailure } from '../../review/core';
import type { JsonObject } from '../../review/json';
import type { JsonMap } from '../../../test/support/karmada';
import { admissionReview, callAdmission } from '../../../test/support/reviews';
import { workloadAdmission } from './admission';
import { readWorkload } from './schema';

/** The decoder's view with every part read: what refuses any field the interpreter reads. */
function readAll(object: JsonObject, version: string) {
  const { metadata, spec, status } = readWorkload(Cursor.root(object, 'object'), { group: 'workload.example.io', version, kind: 'Workload' });
  return { metadata, spec, status };
}

describe('lists the interpreter would refuse are kept out at admission', () => {
  const workload = (podSpec: JsonMap): JsonMap => ({
    apiVersion: 'workload.example.io/v1alpha2',
    kind: 'Workload',
    metadata: { name: 'w', namespace: 'd' },
    spec: { replicas: 1, template: { spec: podSpec } },
  });
  const review = (podSpec: JsonMap) =>
    admissionReview({ uid: 'u-limits', operation: 'CREATE', group: 'workload.example.io', version: 'v1alpha2', kind: 'Workload', name: 'w', namespace: 'd', object: workload(podSpec) });
  const containers = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `c${i}`, image: 'x', resources: { requests: { cpu: '1m' } } }));

  it.each([
    ['containers', { containers: containers(10_001) }, 'spec.template.spec.containers: Too many: 10001: must have at most 10000 items'],
    ['tolerations', { containers: containers(1), tolerations: Array.from({ length: 20_000 }, () => ({})) }, 'spec.template.spec.tolerations: Too many: 20000: must have at most 10000 items'],
    ['env', { containers: [{ name: 'a', image: 'x', env: Array.from({ length: 10_001 }, (_, i) => ({ name: `E${i}` })) }] }, 'spec.template.spec.containers[0].env: Too many: 10001: must have at most 10000 items'],
  ])('denies %s past 10,000 items with Too many, naming the list', async (_list, podSpec, message) => {
    const response = await callAdmission('validate', review(podSpec as JsonMap));
    expect(response).toMatchObject({ uid: 'u-limits', allowed: false, status: { code: 422, reason: 'Invalid' } });
    expect(response.status!.message).toBe(`Workload.workload.example.io "w" is invalid: ${message}`);
  });

  it('allows exactly 10,000 containers', async () => {
    const response = await callAdmission('validate', review({ containers: containers(10_000) }));
    expect(response).toMatchObject({ uid: 'u-limits', allowed: true });
  });
});

describe('what the reader refuses is denied at admission, each field in kube\'s words', () => {
  const valid = (version: string): JsonObject => ({
    apiVersion: `workload.example.io/${version}`,
    kind: 'Workload',
    metadata: { name: 'w' },
    spec: { template: { spec: { containers: [{ name: 'a', image: 'a', resources: { requests: { cpu: '1m' } } }] } } },
  });

  it.each([
    ['a label that is not a string', 'v1alpha1', { metadata: { name: 'w', labels: { app: 'web', tier: 1 } } }, [typeInvalid('metadata.labels[tier]', 1, 'string')]],
    ['a generation below zero', 'v1alpha2', { metadata: { name: 'w', generation: -1 } }, [invalid('metadata.generation', -1, 'must be greater than or equal to 0')]],
    ['a status count below zero, a condition that is not an object', 'v1alpha2', { status: { readyReplicas: -1, conditions: ['Ready'] } }, [
      typeInvalid('status.conditions[0]', 'Ready', 'object'),
      invalid('status.readyReplicas', -1, 'must be greater than or equal to 0'),
    ]],
  ])('%s (%s)', (_name, version, change, causes) => {
    // Prepare
    const object = { ...valid(version), ...change } as JsonObject;

    // Act
    const { errors } = workloadAdmission.validate({ operation: 'CREATE', version, object });
    let refused: unknown;
    try {
      readAll(object, version);
    } catch (error) {
      refused = error;
    }

    // Assess
    expect(errors).toEqual(causes);
    expect(refused).toBeInstanceOf(FieldFailure);
  });

  it('a valid object: the reader reads it and admission finds nothing', () => {
    // Act
    const { errors } = workloadAdmission.validate({ operation: 'CREATE', version: 'v1alpha2', object: valid('v1alpha2') });

    // Assess
    expect(errors).toEqual([]);
    expect(() => readAll(valid('v1alpha2'), 'v1alpha2')).not.toThrow();
  });
});
