// deploy/karmada/: the CRD reaches every member cluster, so the sample can propagate at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from './packaging';

const manifest = (name: string) => parse(readFileSync(join(projectRoot, 'deploy/karmada', name), 'utf8')) as Record<string, any>;
const workloadCrd = () => parse(readFileSync(join(projectRoot, 'lib/kinds/workload/crd.yaml'), 'utf8')) as Record<string, any>;

describe('deploy/karmada', () => {
  it('propagates the Workload CRD to every member cluster with a ClusterPropagationPolicy', () => {
    const crd = workloadCrd();
    const policy = manifest('workload-crd-propagation.yaml');
    expect(policy).toMatchObject({ apiVersion: 'policy.karmada.io/v1alpha1', kind: 'ClusterPropagationPolicy' });
    expect(policy.spec.resourceSelectors).toEqual([
      { apiVersion: crd.apiVersion, kind: crd.kind, name: crd.metadata.name },
    ]);
    // No cluster restriction: Karmada then selects every cluster, including those that join later.
    expect(policy.spec.placement?.clusterAffinity).toBeUndefined();
    expect(policy.spec.placement?.clusterAffinities).toBeUndefined();
  });

  it("selects the sample at the CRD's preferred version (v1alpha2), the only one Karmada's detector matches", () => {
    const crd = workloadCrd();
    const versions = (crd.spec.versions as { name: string; served: boolean; storage: boolean }[]).filter((version) => version.served);
    // Kubernetes prefers the highest served version (v1alpha2 > v1alpha1); here it is also the storage version.
    expect(versions.map((version) => version.name)).toEqual(['v1alpha1', 'v1alpha2']);
    const sample = manifest('workload-sample.yaml');
    expect(manifest('propagationpolicy.yaml').spec.resourceSelectors).toEqual([
      { apiVersion: `${crd.spec.group}/v1alpha2`, kind: crd.spec.names.kind, name: sample.metadata.name },
    ]);
  });
});
