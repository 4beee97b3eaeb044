// The pod-template workload shape, through the test-only Widget (count at spec.size, template at spec.podTemplate).
import { describe, expect, it } from 'vitest';
import { answer } from '../support/kinds/answer';
import { widget, widgetRegistry } from '../support/kinds/widget/widget';

const template = {
  spec: {
    nodeSelector: { zone: 'a' },
    serviceAccountName: 'runner',
    containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '250m', memory: '64Mi' } }, envFrom: [{ configMapRef: { name: 'settings' } }] }],
  },
};

describe('podTemplateWorkload', () => {
  it('answers InterpretReplica from the layout the kind gives, with requirements from its template', () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretReplica', object: widget({ size: 5, podTemplate: template }) });

    // Assess
    expect(response).toMatchObject({
      successful: true,
      replicas: 5,
      replicaRequirements: { nodeClaim: { nodeSelector: { zone: 'a' } }, resourceRequest: { cpu: '250m', memory: '64Mi' } },
    });
  });

  it('answers the kind default when the count is absent, and no requirements without a template', () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretReplica', object: widget(undefined) });

    // Assess
    expect(response.replicas).toBe(2);
    expect(response.replicaRequirements).toBeUndefined();
  });

  it('names a wrong field below the template by its own path', () => {
    // Prepare
    const bad = { spec: { containers: [{ name: 'c', resources: { requests: { cpu: 'lots' } } }] } };

    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretReplica', object: widget({ podTemplate: bad }) });

    // Assess
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('object.spec.podTemplate.spec.containers[0].resources.requests.cpu');
  });

  it('answers InterpretComponent as one component, main, with the same replicas and requirements', () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretComponent', object: widget({ size: 3, podTemplate: template }) });

    // Assess
    expect(response.components).toEqual([
      { name: 'main', replicas: 3, replicaRequirements: { nodeClaim: { nodeSelector: { zone: 'a' } }, resourceRequest: { cpu: '250m', memory: '64Mi' } } },
    ]);
  });

  it('revises the count where the layout keeps it, adding the parents that are missing', () => {
    // Act
    const withSpec = answer(widgetRegistry, { operation: 'ReviseReplica', object: widget({ size: 6 }), replicas: 2 });
    const withoutSpec = answer(widgetRegistry, { operation: 'ReviseReplica', object: widget(undefined), replicas: 0 });

    // Assess
    expect(withSpec.patched.spec).toEqual({ size: 2 });
    expect(withoutSpec.patched.spec).toEqual({ size: 0 });
  });

  it("lists the template's dependencies in the object's namespace", () => {
    // Act
    const { response } = answer(widgetRegistry, { operation: 'InterpretDependency', object: widget({ podTemplate: template }) });

    // Assess
    expect(response.dependencies).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'settings' },
      { apiVersion: 'v1', kind: 'ServiceAccount', namespace: 'shop', name: 'runner' },
    ]);
  });
});
