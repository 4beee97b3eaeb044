// The Workload's CRD: both versions served, v1alpha2 stored, the status subresource and printer columns on each.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const crd = parse(readFileSync(new URL('./crd.yaml', import.meta.url), 'utf8')) as { spec: { versions: any[] } };

describe('lib/kinds/workload/crd.yaml', () => {
  it('declares both versions, v1alpha2 stored, status and printer columns on each', () => {
    const versions = crd.spec.versions;
    expect(versions.map((v) => [v.name, v.served, v.storage])).toEqual([['v1alpha1', true, false], ['v1alpha2', true, true]]);
    for (const version of versions) {
      expect(version.subresources).toEqual({ status: {} });
      expect(version.additionalPrinterColumns.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Replicas', 'Ready', 'Paused', 'Age']));
    }
    const v2 = versions[1].schema.openAPIV3Schema.properties.spec.properties;
    expect(v2.rollout.properties.paused.type).toBe('boolean');
    expect(v2.alias).toMatchObject({ type: 'string', maxLength: 63 });
    expect(versions[0].schema.openAPIV3Schema.properties.spec.properties.paused.type).toBe('boolean');
  });
});
