// A body of more values than any Kubernetes object holds is refused before it is parsed (parsing ~2M
// `{}` would take ~200 MB), with the uid Karmada matches; a real large body is not.
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/dispatcher';
import { holdsTooManyValues, maxBodyValues } from '../../lib/transport/body-values';
import { aggregateStatusBody } from '../property/seeds';
import { httpApiEvent } from '../support/events';
import { captureLogs } from '../support/logs';

captureLogs();

const aggregateOf = (items: unknown[]) =>
  JSON.stringify({
    apiVersion: 'config.karmada.io/v1alpha1',
    kind: 'ResourceInterpreterContext',
    request: {
      uid: 'containers-uid',
      kind: { group: 'apps.kruise.io', version: 'v1alpha1', kind: 'CloneSet' },
      name: 'c',
      namespace: 'default',
      operation: 'AggregateStatus',
      object: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'c', namespace: 'default' }, spec: {} },
      aggregatedStatus: items,
    },
  });

describe('the bound on a body\'s values', () => {
  it('counts outside strings only, and not in a body too short to pass it', () => {
    expect(holdsTooManyValues('{}'.repeat(maxBodyValues))).toBe(false);
    expect(holdsTooManyValues('[]'.repeat(maxBodyValues + 1))).toBe(true);
    // One object of many keys holds as many values as a list of as many objects.
    expect(holdsTooManyValues(`{${Array.from({ length: maxBodyValues + 2 }, (_, i) => `"k${i}":0`).join(',')}}`)).toBe(true);
    expect(holdsTooManyValues(`"${'{}'.repeat(maxBodyValues + 1)}"`)).toBe(false);
    expect(holdsTooManyValues(`"\\"${'[]'.repeat(maxBodyValues + 1)}"`)).toBe(false);
    expect(holdsTooManyValues('{'.repeat(maxBodyValues + 1))).toBe(false);
  });

  it('refuses a body of 1,500,000 empty objects with 413 and the uid, before parsing it', async () => {
    const body = aggregateOf(Array.from({ length: 1_500_000 }, () => ({})));
    const result = await handler(httpApiEvent({ rawBody: body }));
    expect(result.statusCode).toBe(200);
    const { response } = JSON.parse(result.body!);
    expect(response).toMatchObject({ uid: 'containers-uid', successful: false, status: { code: 413 } });
    expect(response.status.message).toContain(`more than ${maxBodyValues} values`);
  });

  it('serves a real large body: AggregateStatus of 2,000 clusters', async () => {
    const body = JSON.stringify(aggregateStatusBody(2000));
    expect(holdsTooManyValues(body)).toBe(false);
    const result = await handler(httpApiEvent({ rawBody: body }));
    expect(JSON.parse(result.body!).response.successful).toBe(true);
  });
});
