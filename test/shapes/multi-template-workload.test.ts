// The multi-template workload shape, through the test-only Trainer: a head of its own, roles in a map, groups in a list.
import { describe, expect, it } from 'vitest';
import { answer } from '../support/kinds/answer';
import { componentsOf } from '../../lib/shapes/multi-template-workload';
import { trainer, trainerRegistry } from '../support/kinds/trainer/trainer';

const pod = (cpu: string, configMap: string) => ({
  spec: { containers: [{ name: 'c', resources: { requests: { cpu } }, envFrom: [{ configMapRef: { name: configMap } }] }] },
});

describe('multiTemplateWorkload: InterpretComponent', () => {
  it('answers one component per spec, each with its own count and requirements', () => {
    // Prepare
    const object = trainer({
      head: { template: pod('1', 'shared') },
      roles: { Chief: { replicas: 1, template: pod('2', 'shared') }, Worker: { template: pod('500m', 'workers') }, Idle: null },
      groups: [{ groupName: 'small', minAvailable: 4, template: pod('100m', 'small') }, { minAvailable: 0 }],
    });

    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.components).toEqual([
      { name: 'head', replicas: 1, replicaRequirements: { resourceRequest: { cpu: '1' } } },
      { name: 'chief', replicas: 1, replicaRequirements: { resourceRequest: { cpu: '2' } } },
      { name: 'worker', replicas: 1, replicaRequirements: { resourceRequest: { cpu: '500m' } } },
      { name: 'small', replicas: 4, replicaRequirements: { resourceRequest: { cpu: '100m' } } },
      { name: 'group-1', replicas: 0 },
    ]);
  });

  it('answers no components for an object without specs', () => {
    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretComponent', object: trainer(undefined) });

    // Assess
    expect(response).toMatchObject({ successful: true });
    expect(response.components ?? []).toEqual([]);
  });

  it('refuses a name longer than Karmada keeps (32 characters), naming where it comes from', () => {
    // Prepare
    const long = 'a-group-name-that-is-33-chars-xyz';

    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretComponent', object: trainer({ groups: [{ groupName: long }] }) });

    // Assess
    expect(long).toHaveLength(33);
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toBe(
      `object.spec.groups[0].groupName gives the component name "${long}" of 33 characters; Karmada keeps component names to 32 ` +
        '(ResourceBinding spec.components[].name), so it could not store this answer',
    );
  });

  it('accepts a name of exactly 32 characters', () => {
    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretComponent', object: trainer({ groups: [{ groupName: 'x'.repeat(32) }] }) });

    // Assess
    expect(response.components).toEqual([{ name: 'x'.repeat(32), replicas: 1 }]);
  });

  it('refuses a name two specs give', () => {
    // Act
    const { response } = answer(trainerRegistry, {
      operation: 'InterpretComponent',
      object: trainer({ roles: { Worker: {} }, groups: [{ groupName: 'worker' }] }),
    });

    // Assess
    expect(response.status).toEqual({
      code: 400,
      message: 'object.spec.groups[0].groupName gives the component name "worker" that object.spec.roles.Worker gives too; Karmada needs unique names',
    });
  });

  it('names a wrong count by its path in the spec', () => {
    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretComponent', object: trainer({ groups: [{ minAvailable: -2 }] }) });

    // Assess
    expect(response.status).toEqual({ code: 400, message: 'object.spec.groups[0].minAvailable must not be negative, got -2' });
  });
});

describe('multiTemplateWorkload: InterpretDependency', () => {
  it("lists every template's references once, in the object's namespace", () => {
    // Prepare
    const object = trainer({ roles: { Chief: { template: pod('1', 'shared') }, Worker: { template: pod('1', 'shared') } }, groups: [{ template: pod('1', 'extra') }] });

    // Act
    const { response } = answer(trainerRegistry, { operation: 'InterpretDependency', object });

    // Assess
    expect(response.dependencies).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ml', name: 'shared' },
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ml', name: 'extra' },
    ]);
  });
});

describe('componentsOf: requirements a kind computes itself', () => {
  it('answers a spec with its own requirements as given, and still checks its name', () => {
    // Prepare
    const requirements = { resourceRequest: { cpu: '2' }, priorityClassName: 'high' };
    const specs = [{ name: 'jobmanager', namePath: 'object.spec.jobManager', replicas: 1, templatePath: 'object.spec.jobManager.podTemplate', requirements }];

    // Act
    const answered = componentsOf(specs);
    const refused = () => componentsOf([...specs, { ...specs[0]!, namePath: 'object.spec.taskManager' }]);

    // Assess
    expect(answered).toEqual({ components: [{ name: 'jobmanager', replicas: 1, replicaRequirements: requirements }] });
    expect(refused).toThrow('object.spec.taskManager gives the component name "jobmanager" that object.spec.jobManager gives too');
  });
});
