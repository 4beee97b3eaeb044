// Kafka InterpretDependency at size and depth: the spec is walked once without recursion, each object is listed once
// however often the spec names it, and the free-form `config` maps are not read as references.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { kafkaInterpreter } from '../../../lib/kinds/kafka/interpreter';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([kafkaInterpreter]);

function kafka(spec: Record<string, unknown>) {
  return { apiVersion: 'kafka.strimzi.io/v1', kind: 'Kafka', metadata: { name: 'events', namespace: 'kafka' }, spec } as never;
}

describe('Kafka InterpretDependency', () => {
  it('lists each Secret once however many listeners name it, and the node pools by label', () => {
    // Prepare: 5,000 listeners sharing one certificate Secret, each with a trusted-certificate Secret of its own
    const listeners = Array.from({ length: 5000 }, (_, index) => ({
      name: `l${index}`,
      port: 9092,
      type: 'internal',
      tls: true,
      configuration: { brokerCertChainAndKey: { secretName: 'shared-cert', certificate: 'tls.crt', key: 'tls.key' } },
      authentication: { type: 'oauth', tlsTrustedCertificates: [{ secretName: `trusted-${index}`, certificate: 'ca.crt' }] },
    }));

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: kafka({ kafka: { listeners } }) });

    // Assess
    const dependencies = response.dependencies ?? [];
    expect(response.successful).toBe(true);
    expect(dependencies.filter((d) => d.name === 'shared-cert')).toHaveLength(1);
    expect(dependencies.filter((d) => d.kind === 'Secret')).toHaveLength(5001);
    expect(dependencies.at(-1)).toEqual({
      apiVersion: 'kafka.strimzi.io/v1',
      kind: 'KafkaNodePool',
      namespace: 'kafka',
      labelSelector: { matchLabels: { 'strimzi.io/cluster': 'events' } },
    });
  });

  it('does not read the broker config map as references', () => {
    // Prepare: a config key that looks like a reference
    const spec = { kafka: { config: { secretName: 'not-a-secret', nested: { configMapKeyRef: { name: 'nope' } } } } };

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: kafka(spec) });

    // Assess
    expect(response.successful).toBe(true);
    expect(response.dependencies?.map((d) => d.kind)).toEqual(['KafkaNodePool']);
  });

  it('walks a spec nested thousands of levels deep without a stack overflow', () => {
    // Prepare: 20,000 nested template levels with a Secret at the bottom
    let deep: Record<string, unknown> = { secretName: 'bottom' };
    for (let level = 0; level < 20_000; level += 1) deep = { inner: deep };

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: kafka({ kafka: { template: deep } }) });

    // Assess
    expect(response.successful).toBe(true);
    expect(response.dependencies?.filter((d) => d.kind === 'Secret')).toEqual([{ apiVersion: 'v1', kind: 'Secret', namespace: 'kafka', name: 'bottom' }]);
  });
});
