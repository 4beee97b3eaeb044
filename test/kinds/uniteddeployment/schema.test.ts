// The UnitedDeployment reader: which pod template it reads, and the total OpenKruise's controller runs.
import { describe, expect, it } from 'vitest';
import { Cursor } from '../../../lib/kube/cursor';
import { FieldFailure } from '../../../lib/review/core';
import type { JsonObject } from '../../../lib/review/json';
import { desiredReplicasOf, readUnitedDeployment as readAt } from '../../../lib/kinds/uniteddeployment/schema';

const readUnitedDeployment = (object: JsonObject) => readAt(Cursor.root(object, 'object'));

const withSpec = (spec: JsonObject): JsonObject => ({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment', metadata: { name: 'shop' }, spec });
const podTemplate = (image: string): JsonObject => ({ spec: { containers: [{ name: 'main', image }] } });

describe('readUnitedDeployment: the pod template', () => {
  it.each([
    ['statefulSetTemplate', 'object.spec.template.statefulSetTemplate.spec.template'],
    ['advancedStatefulSetTemplate', 'object.spec.template.advancedStatefulSetTemplate.spec.template'],
    ['cloneSetTemplate', 'object.spec.template.cloneSetTemplate.spec.template'],
    ['deploymentTemplate', 'object.spec.template.deploymentTemplate.spec.template'],
  ])('reads it from %s', (field, path) => {
    // Prepare
    const object = withSpec({ template: { [field]: { spec: { template: podTemplate(field) } } } });

    // Act
    const { spec } = readUnitedDeployment(object);

    // Assess
    expect(spec?.templatePath).toBe(path);
    expect(spec?.template).toEqual(podTemplate(field));
  });

  it('takes the first in the controller order when several are given', () => {
    // Prepare
    const object = withSpec({
      template: { deploymentTemplate: { spec: { template: podTemplate('deploy') } }, cloneSetTemplate: { spec: { template: podTemplate('clone') } } },
    });

    // Act + Assess
    expect(readUnitedDeployment(object).spec?.template).toEqual(podTemplate('clone'));
  });

  it("reads spec.template itself where Karmada's catalogue puts a pod template, only when no workload template is there", () => {
    // Act
    const karmadas = readUnitedDeployment(withSpec({ template: podTemplate('flat') })).spec;
    const none = readUnitedDeployment(withSpec({ replicas: 2 })).spec;

    // Assess
    expect(karmadas?.template).toEqual(podTemplate('flat'));
    expect(karmadas?.templatePath).toBe('object.spec.template');
    expect(none?.template).toBeUndefined();
  });
});

describe('desiredReplicasOf', () => {
  const specOf = (spec: JsonObject) => readUnitedDeployment(withSpec(spec)).spec;

  it.each<[string, JsonObject, number]>([
    ['spec.replicas', { replicas: 4, topology: { subsets: [{ name: 'a', replicas: 9 }] } }, 4],
    ['the subsets fixed counts without spec.replicas', { topology: { subsets: [{ name: 'a', replicas: 2 }, { name: 'b', replicas: 3 }] } }, 5],
    ['a percentage of no total counts nothing', { topology: { subsets: [{ name: 'a', replicas: 2 }, { name: 'b', replicas: '50%' }] } }, 2],
    ['1 for elastic subsets', { topology: { subsets: [{ name: 'a', replicas: 2 }, { name: 'b', minReplicas: 1 }] } }, 1],
    ['0 with no subsets', {}, 0],
  ])('%s', (_name, spec, expected) => {
    // Act + Assess
    expect(desiredReplicasOf(specOf(spec))).toBe(expected);
  });

  it('refuses fixed counts whose sum passes int32, naming the subsets', () => {
    // Prepare
    const spec = specOf({ topology: { subsets: [{ name: 'a', replicas: 2147483647 }, { name: 'b', replicas: 1 }] } });

    // Act
    const total = () => desiredReplicasOf(spec);

    // Assess
    expect(total).toThrow(FieldFailure);
    expect(total).toThrow('object.spec.topology.subsets give 2147483648 replicas in all');
  });
});
