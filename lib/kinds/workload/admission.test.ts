// The Workload's admission keeps out the lists its interpreter would refuse, in Kubernetes' words.
import { describe, expect, it } from 'vitest';
import type { JsonMap } from '../../../test/support/karmada';
import { admissionReview, callAdmission } from '../../../test/support/reviews';

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
