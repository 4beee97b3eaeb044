// Strimzi's operand resources (KafkaTopic, KafkaUser, KafkaConnector): health from Ready for the current generation,
// and the cluster their label names.
import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../lib/shapes/conditions';
import { clusterDependency, operandHealth } from '../../../lib/families/strimzi/operand';

const condition = (type: string, status: string, reason?: string): Condition => ({ type, status, ...(reason === undefined ? {} : { reason }) });

describe('operandHealth', () => {
  it.each([
    ['Ready for the current generation', [condition('Ready', 'True')], 4, true, 'Ready=True'],
    ['Ready for an older generation', [condition('Ready', 'True')], 3, false, 'Ready=True, status.observedGeneration 3 != metadata.generation 4'],
    ['Ready without an observedGeneration', [condition('Ready', 'True')], undefined, true, 'Ready=True'],
    ['Ready False', [condition('Ready', 'False', 'ResourceConflict')], 4, false, 'Ready=False reason=ResourceConflict'],
    ['NotReady True', [condition('NotReady', 'True', 'InvalidResourceException')], 4, false, 'NotReady=True reason=InvalidResourceException'],
    ['paused with an older generation', [condition('ReconciliationPaused', 'True')], 2, true, 'ReconciliationPaused=True'],
    ['unmanaged', [condition('Unmanaged', 'True')], 4, true, 'Unmanaged=True'],
    ['no conditions', undefined, undefined, true, 'no status.conditions'],
  ])('%s', (_name, conditions, observedGeneration, healthy, reason) => {
    // Act + Assess
    expect(operandHealth({ name: 't', generation: 4 }, { conditions, observedGeneration }, ['Unmanaged'])).toEqual({ healthy, reason });
  });

  it('a standing state the kind does not name is not healthy by itself', () => {
    // Act + Assess: KafkaUser names none, so Unmanaged alone falls back to strimziHealth's verdict
    expect(operandHealth({ name: 'u', generation: 1 }, { conditions: [condition('Unmanaged', 'True')] })).toEqual({ healthy: true, reason: 'no NotReady=True nor Ready=False' });
  });
});

describe('clusterDependency', () => {
  it.each([
    ['v1', 'Kafka', 'kafka.strimzi.io/v1'],
    ['v1beta2', 'KafkaConnect', 'kafka.strimzi.io/v1beta2'],
    ['v1beta1', 'Kafka', 'kafka.strimzi.io/v1beta2'],
    ['v1alpha1', 'Kafka', 'kafka.strimzi.io/v1beta2'],
  ] as const)('a %s operand names its %s in %s', (version, kind, apiVersion) => {
    // Act
    const { dependencies } = clusterDependency({ name: 'o', namespace: 'kafka', labels: { 'strimzi.io/cluster': 'my-cluster' } }, undefined, version, kind);

    // Assess
    expect(dependencies).toEqual([{ apiVersion, kind, namespace: 'kafka', name: 'my-cluster' }]);
  });

  it('no label: nothing named', () => {
    expect(clusterDependency({ name: 'o', namespace: 'kafka' }, undefined, 'v1', 'Kafka')).toEqual({ dependencies: [] });
  });
});
