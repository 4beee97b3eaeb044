// AggregateStatus at Karmada's scale: a 2000-cluster body goes through the real transport.
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/aggregate-status';
import { httpApiEvent } from '../support/events';
import { applyResponsePatch, interpreterContext, responseOf, type Json, type JsonMap } from '../support/karmada';

describe('AggregateStatus with 2000 clusters', () => {
  it('sums readyReplicas over every cluster that reported a status', async () => {
    // Prepare: clusters member0000..member1999, every tenth without status (not applied yet).
    const items = Array.from({ length: 2000 }, (_, i) => {
      const clusterName = `member${String(i).padStart(4, '0')}`;
      if (i % 10 === 0) return { clusterName, appliedMessage: 'not applied yet', health: 'Unknown' };
      return { clusterName, applied: true, health: 'Healthy', status: { readyReplicas: i % 7, conditions: [{ type: 'Available', status: 'True' }] } };
    });
    const expected = items.reduce((sum, item) => sum + (item.status?.readyReplicas ?? 0), 0);
    const object: JsonMap = {
      apiVersion: 'workload.example.io/v1alpha1',
      kind: 'Workload',
      metadata: { name: 'fleet', namespace: 'default' },
      spec: { replicas: 6000 },
      status: { readyReplicas: 1, observedGeneration: 4 },
    };
    const body = interpreterContext({ operation: 'AggregateStatus', object, aggregatedStatus: items as unknown as Json[], uid: 'uid-2000' });
    const event = httpApiEvent({ body, routePath: '/interpreter/aggregate-status' });
    expect(event.body!.length).toBeGreaterThan(200_000);

    // Act
    const result = await handler(event);

    // Assess
    const response = responseOf(result, 'uid-2000');
    expect(response.successful).toBe(true);
    expect(applyResponsePatch(object, response).status).toEqual({ readyReplicas: expected, observedGeneration: 4 });
  });
});
