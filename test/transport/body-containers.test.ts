// A body of more objects and lists than any Kubernetes object holds is refused before it is parsed (parsing ~2M
// `{}` would take ~200 MB), with the uid Karmada matches; a real large body is not.
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/dispatcher';
import { holdsTooManyContainers, maxBodyContainers } from '../../lib/transport/body-containers';
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

describe('the bound on a body\'s objects and lists', () => {
  it('counts outside strings only, and not in a body too short to pass it', () => {
    expect(holdsTooManyContainers('{}'.repeat(maxBodyContainers))).toBe(false);
    expect(holdsTooManyContainers('[]'.repeat(maxBodyContainers + 1))).toBe(true);
    expect(holdsTooManyContainers(`"${'{}'.repeat(maxBodyContainers + 1)}"`)).toBe(false);
    expect(holdsTooManyContainers(`"\\"${'[]'.repeat(maxBodyContainers + 1)}"`)).toBe(false);
    expect(holdsTooManyContainers('{'.repeat(maxBodyContainers + 1))).toBe(false);
  });

  it('refuses a body of 300,000 empty objects with 413 and the uid, before parsing it', async () => {
    const body = aggregateOf(Array.from({ length: 300_000 }, () => ({})));
    const result = await handler(httpApiEvent({ rawBody: body }));
    expect(result.statusCode).toBe(200);
    const { response } = JSON.parse(result.body!);
    expect(response).toMatchObject({ uid: 'containers-uid', successful: false, status: { code: 413 } });
    expect(response.status.message).toContain(`more than ${maxBodyContainers} objects and lists`);
  });

  it('serves a real large body: AggregateStatus of 2,000 clusters', async () => {
    const body = JSON.stringify(aggregateStatusBody(2000));
    expect(holdsTooManyContainers(body)).toBe(false);
    const result = await handler(httpApiEvent({ rawBody: body }));
    expect(JSON.parse(result.body!).response.successful).toBe(true);
  });
});
