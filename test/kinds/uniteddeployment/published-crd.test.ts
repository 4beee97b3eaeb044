// What the UnitedDeployment's README and interpreter rely on of OpenKruise's CRD, checked against the CRD OpenKruise publishes.
import { describe, expect, it } from 'vitest';
import { unitedDeployment, workloadTemplateFields } from '../../../lib/kinds/uniteddeployment/identity';
import { publishedCrdIfReachable } from '../../support/published-crd';

const crd = publishedCrdIfReachable(unitedDeployment.publishedCrd);

describe.skipIf(crd === undefined)(`UnitedDeployment: ${unitedDeployment.publishedCrd.source}`, () => {
  const schema = () => crd!.spec.versions[0].schema.openAPIV3Schema;

  it('has the scale subresource at spec.replicas', () => {
    // Act + Assess
    expect(crd!.spec.versions[0].subresources.scale).toEqual({
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.labelSelector',
    });
  });

  it('knows only the four workload templates in spec.template (anything else is pruned)', () => {
    // Prepare
    const template = schema().properties.spec.properties.template;

    // Act + Assess
    expect(Object.keys(template.properties).sort()).toEqual([...workloadTemplateFields].sort());
    expect(template['x-kubernetes-preserve-unknown-fields']).toBeUndefined();
  });

  it('has no available counts, and requires currentRevision in the status', () => {
    // Prepare
    const status = schema().properties.status;

    // Act + Assess
    expect(status.properties.availableReplicas).toBeUndefined();
    expect(status.properties.unavailableReplicas).toBeUndefined();
    expect(status.required).toEqual(expect.arrayContaining(['currentRevision', 'replicas', 'updatedReplicas']));
    expect(status.properties.updateStatus.properties.currentPartitions.additionalProperties).toMatchObject({ type: 'integer', format: 'int32' });
  });
});
