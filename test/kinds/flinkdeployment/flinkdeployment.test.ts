// The FlinkDeployment's own rules beside its case files: how a role's memory is read (Kubernetes' quantity first,
// then the operator's Flink reading), how a role's pod template is merged over the common one, and how the
// TaskManagers are counted, each asserted on the answer Karmada reads.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { flinkDeploymentInterpreter } from '../../../lib/kinds/flinkdeployment/interpreter';
import { Cursor } from '../../../lib/kube/cursor';
import { roleResourcesOf } from '../../../lib/kinds/flinkdeployment/resources';
import { FieldFailure } from '../../../lib/review/core';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([flinkDeploymentInterpreter]);

function deployment(spec: JsonObject): JsonObject {
  return { apiVersion: 'flink.apache.org/v1beta1', kind: 'FlinkDeployment', metadata: { name: 'orders', namespace: 'flink' }, spec };
}

function memoryOf(memory: string): string | undefined {
  return roleResourcesOf(Cursor.root({ resource: { memory } }, 'object.spec.taskManager')).memory?.text;
}

describe('FlinkDeployment: a role memory', () => {
  it('reads a Kubernetes quantity as one, exactly (what Karmada reads)', () => {
    // Prepare
    const texts = ['2048m', '2Gi', '1.5Gi', '1000', '9007199254740993'];

    // Act
    const read = texts.map(memoryOf);

    // Assess
    expect(read).toEqual(['2048m', '2Gi', '1536Mi', '1k', '9007199254740993']);
  });

  it("reads what Kubernetes cannot as the operator does: Flink's MemorySize, then the normalized quantity", () => {
    // Prepare
    const texts = ['2g', '1024 mb', '512 MEBIBYTES', '1t', '512 mib', '2 GiB'];

    // Act
    const read = texts.map(memoryOf);

    // Assess
    expect(read).toEqual(['2Gi', '1Gi', '512Mi', '1Ti', '512Mi', '2Gi']);
  });

  it('refuses a text neither reads, a negative quantity and a very long text, naming the field', () => {
    // Prepare
    const texts = ['lots', '-1Gi', `${'9'.repeat(100)}`, '2 gigs'];

    // Act
    const failures = texts.map((text) => {
      try {
        memoryOf(text);
        return undefined;
      } catch (error) {
        return error instanceof FieldFailure ? error.message : String(error);
      }
    });

    // Assess
    expect(failures.map((message) => message?.startsWith('object.spec.taskManager.resource.memory '))).toEqual([true, true, true, true]);
    expect(failures[1]).toContain('must not be negative');
  });
});

describe('FlinkDeployment: InterpretComponent', () => {
  it("merges a role's pod template over the common one as the operator does (maps by key, lists by index)", () => {
    // Prepare
    const object = deployment({
      podTemplate: { spec: { nodeSelector: { pool: 'flink' }, tolerations: [{ key: 'a', operator: 'Exists' }], priorityClassName: 'low' } },
      taskManager: {
        replicas: 2,
        podTemplate: { spec: { nodeSelector: { zone: 'b' }, tolerations: [{ effect: 'NoSchedule' }, { key: 'c', operator: 'Exists' }] } },
      },
    });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.components).toEqual([
      { name: 'jobmanager', replicas: 1, replicaRequirements: { nodeClaim: { nodeSelector: { pool: 'flink' }, tolerations: [{ key: 'a', operator: 'Exists' }] }, priorityClassName: 'low' } },
      {
        name: 'taskmanager',
        replicas: 2,
        replicaRequirements: {
          nodeClaim: { nodeSelector: { pool: 'flink', zone: 'b' }, tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }, { key: 'c', operator: 'Exists' }] },
          priorityClassName: 'low',
        },
      },
    ]);
  });

  it('counts TaskManagers from the parallelism and the slots, Flink defaulting the slots to 1', () => {
    // Prepare
    const specs: JsonObject[] = [
      { job: { parallelism: 10 }, flinkConfiguration: { 'taskmanager.numberOfTaskSlots': ' 3 ' } },
      { job: { parallelism: 10 } },
      { job: { parallelism: 10 }, flinkConfiguration: { 'taskmanager.numberOfTaskSlots': '0' } },
      { job: { parallelism: 0 }, flinkConfiguration: { 'taskmanager.numberOfTaskSlots': '2' } },
      { job: {} },
      { job: { parallelism: -1 }, taskManager: { replicas: 4 } },
    ];

    // Act
    const counts = specs.map((spec) => answer(registry, { operation: 'InterpretComponent', object: deployment(spec) }).response.components?.[1]?.replicas);

    // Assess
    expect(counts).toEqual([4, 10, 1, 0, 1, 4]);
  });

  it('refuses a negative parallelism without a TaskManager count, naming the field', () => {
    // Prepare
    const object = deployment({ job: { parallelism: -1 } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.successful).toBe(false);
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('object.spec.job.parallelism must not be negative');
  });
});

describe('FlinkDeployment: values nested too deep to copy', () => {
  it('refuses a status field or a toleration thousands of levels deep with a 400 naming it, never a 500', () => {
    // Prepare
    let deep: JsonObject = { leaf: true };
    for (let level = 0; level < 100_000; level++) deep = { below: deep };
    const object = { ...deployment({ podTemplate: { spec: { tolerations: [{ key: 'a' }, { key: deep }] } } }), status: { reconciliationStatus: deep } };

    // Act
    const status = answer(registry, { operation: 'InterpretStatus', object }).response;
    const components = answer(registry, { operation: 'InterpretComponent', object }).response;
    const aggregated = answer(registry, { operation: 'AggregateStatus', object, aggregatedStatus: [{ clusterName: 'm1', status: { jobStatus: deep } }] }).response;

    // Assess
    expect([status.status?.code, components.status?.code, aggregated.status?.code]).toEqual([400, 400, 400]);
    expect(status.status?.message).toContain('object.status.reconciliationStatus nests JSON more than 512 levels deep');
    expect(components.status?.message).toContain('object.spec.podTemplate.spec.tolerations[1] nests JSON more than 512 levels deep');
    expect(aggregated.status?.message).toContain('request.aggregatedStatus[0].status.jobStatus nests JSON more than 512 levels deep');
  });
});
