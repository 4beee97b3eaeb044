// Workflow InterpretDependency at size and on lists past their bounds: every template read once, each object once,
// and a 400 naming the list rather than a walk without end.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { workflowInterpreter } from '../../../lib/kinds/workflow/interpreter';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([workflowInterpreter]);

function workflow(spec: Record<string, unknown>) {
  return { apiVersion: 'argoproj.io/v1alpha1', kind: 'Workflow', metadata: { name: 'etl', namespace: 'data' }, spec } as never;
}

describe('Workflow InterpretDependency', () => {
  it('lists each object once however many templates name it', () => {
    // Prepare: 5,000 templates, each naming the shared Secret and one ConfigMap of its own
    const templates = Array.from({ length: 5000 }, (_, index) => ({
      name: `t${index}`,
      container: {
        image: 'busybox',
        env: [
          { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'shared-token', key: 'token' } } },
          { name: 'MODE', valueFrom: { configMapKeyRef: { name: `config-${index}`, key: 'mode' } } },
        ],
      },
    }));

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: workflow({ templates }) });

    // Assess
    const dependencies = response.dependencies ?? [];
    expect(response.successful).toBe(true);
    expect(dependencies.filter((d) => d.kind === 'Secret')).toEqual([{ apiVersion: 'v1', kind: 'Secret', namespace: 'data', name: 'shared-token' }]);
    expect(dependencies.filter((d) => d.kind === 'ConfigMap')).toHaveLength(5000);
  });

  it('refuses a group of steps past the list bound, naming it', () => {
    // Prepare
    const group = Array.from({ length: 10_001 }, (_, index) => ({ name: `s${index}`, template: 'main' }));

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: workflow({ templates: [{ name: 'main', steps: [group] }] }) });

    // Assess
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('object.spec.templates[0].steps[0] has 10001 items');
  });

  it('reads a templateRef below a group of steps at its own path', () => {
    // Prepare
    const steps = [[{ name: 'a', templateRef: { name: 'shared', clusterScope: 'yes' } }]];

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: workflow({ templates: [{ name: 'main', steps }] }) });

    // Assess
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('object.spec.templates[0].steps[0][0].templateRef.clusterScope must be a boolean');
  });
});
