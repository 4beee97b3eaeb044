// An answer is never larger than its input justifies: hostile inputs of a few MB (lists of thousands of items, names
// and namespaces of a megabyte) get a bounded answer or a 400 naming the field, never one past Lambda's 6 MB.
import { describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { interpreterContextFor, type InterpretInput } from '../lib/kit/request';
import type { ResourceInterpreterContext } from '../lib/interpreter/wire/types';
import type { JsonObject } from '../lib/review/json';
import { httpApiEvent } from './support/events';
import { captureLogs } from './support/logs';

captureLogs();

/** The request's body and the answer's, with the answer's status and response. */
async function answer(input: InterpretInput): Promise<{ statusCode: number; inBytes: number; outBytes: number; context: ResourceInterpreterContext }> {
  const { context } = interpreterContextFor(input);
  const body = JSON.stringify(context);
  const result = await handler(httpApiEvent({ rawBody: body }));
  return { statusCode: result.statusCode!, inBytes: body.length, outBytes: result.body!.length, context: JSON.parse(result.body!) as ResourceInterpreterContext };
}

const mpiJob = (status: JsonObject): JsonObject => ({
  apiVersion: 'kubeflow.org/v2beta1',
  kind: 'MPIJob',
  metadata: { name: 'job', namespace: 'ml' },
  spec: { mpiReplicaSpecs: { Launcher: { replicas: 1, template: { spec: { containers: [{ name: 'l', image: 'mpi' }] } } } } },
  status,
});

const kafka = (spec: JsonObject, namespace = 'kafka'): JsonObject => ({
  apiVersion: 'kafka.strimzi.io/v1beta2',
  kind: 'Kafka',
  metadata: { name: 'cluster', namespace },
  spec,
});

describe('answers bounded by their input', () => {
  it('MPIJob InterpretStatus: empty conditions are refused, not each answered as a made-up condition', async () => {
    // Prepare: 250,000 `{}` conditions (~0.75 MB)
    const object = mpiJob({ conditions: Array.from({ length: 250_000 }, () => ({})) });

    // Act
    const { statusCode, context } = await answer({ operation: 'InterpretStatus', observed: object });

    // Assess
    expect(statusCode).toBe(200);
    expect(context.response?.status?.code).toBe(400);
    expect(context.response?.status?.message).toContain('object.status.conditions');
  });

  it('MPIJob InterpretStatus: conditions repeating their types come back one per type', async () => {
    // Prepare: 9,000 conditions over two types (~1 MB)
    const conditions = Array.from({ length: 9_000 }, (_, index) => ({ type: index % 2 === 0 ? 'Created' : 'Running', status: 'True', message: 'x'.repeat(100) }));
    const object = mpiJob({ conditions });

    // Act
    const { statusCode, outBytes, context } = await answer({ operation: 'InterpretStatus', observed: object });

    // Assess
    expect(statusCode).toBe(200);
    expect((context.response?.rawStatus as { conditions: unknown[] }).conditions).toHaveLength(2);
    expect(outBytes).toBeLessThan(2_000);
  });

  it('Volcano Job AggregateStatus: a stopped member\'s long conditions are refused past their bound', async () => {
    // Prepare: a member that stopped, with 40,000 conditions (~2.5 MB)
    const conditions = Array.from({ length: 40_000 }, (_, index) => ({ status: index === 0 ? 'Failed' : 'Running', lastTransitionTime: '2025-09-29T10:57:07Z' }));
    const desired = { apiVersion: 'batch.volcano.sh/v1alpha1', kind: 'Job', metadata: { name: 'train', namespace: 'ml', generation: 1 } };

    // Act
    const { statusCode, inBytes, outBytes, context } = await answer({
      operation: 'AggregateStatus',
      desired,
      statusItems: [{ clusterName: 'member1', applied: true, status: { conditions } }],
    });

    // Assess
    expect(statusCode).toBe(200);
    expect(context.response?.status?.code).toBe(400);
    expect(context.response?.status?.message).toContain('conditions');
    expect(outBytes).toBeLessThan(inBytes);
  });

  it('RayService ReviseReplica: only each group\'s count is patched, not the groups written back', async () => {
    // Prepare: 5,000 worker groups of ~900 bytes each (~4.5 MB)
    const group = (index: number) => ({
      groupName: `g${index}`,
      replicas: 1,
      rayStartParams: { note: 'x'.repeat(800) },
      template: { spec: { containers: [{ name: 'ray-worker', image: 'rayproject/ray:2.46.0' }] } },
    });
    const desired = {
      apiVersion: 'ray.io/v1',
      kind: 'RayService',
      metadata: { name: 'sample', namespace: 'ml' },
      spec: {
        rayClusterConfig: {
          headGroupSpec: { rayStartParams: {}, template: { spec: { containers: [{ name: 'ray-head', image: 'rayproject/ray:2.46.0' }] } } },
          workerGroupSpecs: Array.from({ length: 5_000 }, (_, index) => group(index)),
        },
      },
    };

    // Act
    const { statusCode, inBytes, outBytes, context } = await answer({ operation: 'ReviseReplica', desired, replicas: 10_001 });

    // Assess: each group gets 2 replicas, one operation of ~80 bytes each, base64-encoded
    expect(statusCode).toBe(200);
    expect(context.response?.successful).toBe(true);
    const operations = JSON.parse(Buffer.from(context.response!.patch!, 'base64').toString()) as { path: string; value: number }[];
    expect(operations).toHaveLength(5_000);
    expect(operations[0]).toEqual({ op: 'add', path: '/spec/rayClusterConfig/workerGroupSpecs/0/replicas', value: 2 });
    expect(outBytes).toBeLessThan(inBytes / 5);
  });

  it('Kafka InterpretDependency: a namespace longer than a DNS label is a 400 naming it', async () => {
    // Prepare: a 1 MB namespace and a spec naming seven Secrets
    const secrets = Array.from({ length: 7 }, (_, index) => ({ name: `pull-${index}` }));
    const object = kafka({ kafka: { template: { pod: { imagePullSecrets: secrets } } } }, 'n'.repeat(1_000_000));

    // Act
    const { statusCode, outBytes, context } = await answer({ operation: 'InterpretDependency', desired: object });

    // Assess
    expect(statusCode).toBe(200);
    expect(context.response?.status?.code).toBe(400);
    expect(context.response?.status?.message).toContain('object.metadata.namespace');
    expect(outBytes).toBeLessThan(2_000);
  });

  it('Kafka InterpretDependency: a name longer than an object\'s is a 400 naming it', async () => {
    // Prepare
    const object = kafka({ kafka: { template: { pod: { imagePullSecrets: [{ name: 's'.repeat(1_000_000) }] } } } });

    // Act
    const { context } = await answer({ operation: 'InterpretDependency', desired: object });

    // Assess
    expect(context.response?.status?.code).toBe(400);
    expect(context.response?.status?.message).toContain('object.spec.kafka.template.pod.imagePullSecrets[0].name');
  });

  it('Kafka InterpretDependency: pull secrets past a pod template\'s bound are refused; repeats are answered once', async () => {
    // Prepare: 80,000 distinct pull secrets (~1 MB); then 9,000 secrets each named twice
    const many = kafka({ kafka: { template: { pod: { imagePullSecrets: Array.from({ length: 80_000 }, (_, index) => ({ name: `s${index}` })) } } } });
    const repeated = Array.from({ length: 9_000 }, (_, index) => ({ name: `s${index}` }));
    const twice = kafka({
      kafka: { template: { pod: { imagePullSecrets: repeated } } },
      zookeeper: { template: { pod: { imagePullSecrets: repeated } } },
    });

    // Act
    const refused = await answer({ operation: 'InterpretDependency', desired: many });
    const once = await answer({ operation: 'InterpretDependency', desired: twice });

    // Assess
    expect(refused.context.response?.status?.code).toBe(400);
    expect(refused.context.response?.status?.message).toContain('object.spec.kafka.template.pod.imagePullSecrets');
    expect(refused.outBytes).toBeLessThan(2_000);
    expect(once.context.response?.dependencies?.filter(({ kind }) => kind === 'Secret')).toHaveLength(9_000);
  });

  it('Kafka InterpretDependency: more objects than an answer holds are refused, naming where', async () => {
    // Prepare: two lists of 6,000 distinct pull secrets each, 12,000 objects in all
    const list = (from: number) => Array.from({ length: 6_000 }, (_, index) => ({ name: `s${from + index}` }));
    const object = kafka({ kafka: { template: { pod: { imagePullSecrets: list(0) } } }, zookeeper: { template: { pod: { imagePullSecrets: list(6_000) } } } });

    // Act
    const { context, outBytes } = await answer({ operation: 'InterpretDependency', desired: object });

    // Assess
    expect(context.response?.status?.code).toBe(400);
    expect(context.response?.status?.message).toContain('imagePullSecrets');
    expect(context.response?.status?.message).toContain('at most 10000');
    expect(outBytes).toBeLessThan(2_000);
  });

  it('a pod template\'s namespace and names are bounded the same way', async () => {
    // Prepare: a CloneSet with a 1 MB namespace; one with a 1 MB ConfigMap name
    const cloneSet = (namespace: string, configMap: string): JsonObject => ({
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'CloneSet',
      metadata: { name: 'web', namespace },
      spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx', envFrom: [{ configMapRef: { name: configMap } }] }] } } },
    });

    // Act
    const longNamespace = await answer({ operation: 'InterpretDependency', desired: cloneSet('n'.repeat(1_000_000), 'settings') });
    const longName = await answer({ operation: 'InterpretDependency', desired: cloneSet('web', 'c'.repeat(1_000_000)) });

    // Assess
    expect(longNamespace.context.response?.status?.message).toContain('object.metadata.namespace');
    expect(longName.context.response?.status?.message).toContain('object.spec.template.spec.containers[0].envFrom[0].configMapRef.name');
  });
});
