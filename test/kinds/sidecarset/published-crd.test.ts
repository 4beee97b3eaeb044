// What the SidecarSet's README and interpreter rely on of OpenKruise's CRD, checked against the CRD OpenKruise publishes.
import { describe, expect, it } from 'vitest';
import { sidecarSet } from '../../../lib/kinds/sidecarset/identity';
import { publishedCrdIfReachable } from '../../support/published-crd';

const crd = publishedCrdIfReachable(sidecarSet.publishedCrd);

describe.skipIf(crd === undefined)(`SidecarSet: ${sidecarSet.publishedCrd.source}`, () => {
  it('is cluster-scoped, with a status subresource and no scale subresource', () => {
    // Act + Assess
    expect(crd!.spec.scope).toBe('Cluster');
    expect(crd!.spec.versions[0].subresources).toEqual({ status: {} });
  });

  it('keeps the status counts the interpreter reads, as int32 fields', () => {
    // Prepare
    const status = crd!.spec.versions[0].schema.openAPIV3Schema.properties.status.properties;

    // Act + Assess
    for (const count of ['matchedPods', 'updatedPods', 'readyPods', 'updatedReadyPods']) expect(status[count]).toMatchObject({ type: 'integer', format: 'int32' });
    expect(status.latestRevision).toMatchObject({ type: 'string' });
  });
});
