// The Kubeflow job shape through its three kinds (PyTorchJob, TFJob, MPIJob): what case files cannot show well, the
// operators' own defaulting and inputs too large to write as cases.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { mpiJobInterpreter } from '../../../lib/kinds/mpijob/interpreter';
import { pytorchJobInterpreter } from '../../../lib/kinds/pytorchjob/interpreter';
import { tfJobInterpreter } from '../../../lib/kinds/tfjob/interpreter';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([pytorchJobInterpreter, tfJobInterpreter, mpiJobInterpreter]);
const template = { spec: { containers: [{ name: 'main', image: 'trainer', resources: { requests: { cpu: '1' } } }] } };
const job = (kind: string, apiVersion: string, spec: JsonObject): JsonObject => ({ apiVersion, kind, metadata: { name: 'train', namespace: 'ml' }, spec });

describe('Kubeflow jobs: InterpretComponent', () => {
  it('reads a lower-case replica type as the operator defaults it (setTypeNamesToCamelCase)', () => {
    // Prepare
    const object = job('PyTorchJob', 'kubeflow.org/v1', { pytorchReplicaSpecs: { master: { template }, worker: { replicas: 4, template } } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.components?.map(({ name, replicas }) => ({ name, replicas }))).toEqual([
      { name: 'master', replicas: 1 },
      { name: 'worker', replicas: 4 },
    ]);
  });

  it('leaves out a replica type the kind does not have', () => {
    // Prepare
    const object = job('TFJob', 'kubeflow.org/v1', { tfReplicaSpecs: { Worker: { replicas: 2, template }, Launcher: { replicas: 1, template } } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.components?.map(({ name }) => name)).toEqual(['worker']);
  });

  it("counts an MPIJob's Worker without replicas as 0 and its Launcher as 1 (mpi-operator's defaults)", () => {
    // Prepare
    const object = job('MPIJob', 'kubeflow.org/v2beta1', { mpiReplicaSpecs: { Launcher: { template }, Worker: { template } } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.components?.map(({ name, replicas }) => ({ name, replicas }))).toEqual([
      { name: 'Launcher', replicas: 1 },
      { name: 'Worker', replicas: 0 },
    ]);
  });

  it('refuses a replica type whose name Karmada could not store (over 32 characters)', () => {
    // Prepare
    const object = job('MPIJob', 'kubeflow.org/v2beta1', { mpiReplicaSpecs: { ['W'.repeat(33)]: { template } } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretComponent', object });

    // Assess
    expect(response.successful).toBe(false);
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('32');
  });
});

describe('Kubeflow jobs: AggregateStatus at the limits', () => {
  it('sums 200,000 members in one pass', () => {
    // Prepare
    const aggregatedStatus = Array.from({ length: 200_000 }, (_, index) => ({
      clusterName: `member${index}`,
      applied: true,
      status: { replicaStatuses: { Worker: { active: 1 } }, conditions: [{ type: 'Running', status: 'True', lastUpdateTime: '2026-01-01T00:00:00Z' }] },
    }));

    // Act
    const pytorch = answer(registry, { operation: 'AggregateStatus', object: job('PyTorchJob', 'kubeflow.org/v1', {}), aggregatedStatus });
    const mpi = answer(registry, { operation: 'AggregateStatus', object: job('MPIJob', 'kubeflow.org/v2beta1', {}), aggregatedStatus });

    // Assess
    expect((pytorch.patched.status as JsonObject).replicaStatuses).toEqual({ Worker: { active: 200_000 } });
    expect((mpi.patched.status as JsonObject).replicaStatuses).toEqual({ Worker: { active: 200_000, succeeded: 0, failed: 0 } });
  });

  it('names the members a PyTorchJob failed in, and marks it no longer running', () => {
    // Prepare
    const running = { conditions: [{ type: 'Running', status: 'True', lastUpdateTime: '2026-01-01T00:01:00Z', lastTransitionTime: '2026-01-01T00:01:00Z' }] };
    const failed = { completionTime: '2026-01-01T00:09:00Z', conditions: [{ type: 'Failed', status: 'True' }] };
    const aggregatedStatus = [
      { clusterName: 'a', applied: true, status: running },
      { clusterName: 'b', applied: true, status: failed },
      { clusterName: 'c', applied: true, status: failed },
    ];

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: job('PyTorchJob', 'kubeflow.org/v1', {}), aggregatedStatus });

    // Assess
    expect((patched.status as JsonObject).conditions).toEqual([
      { type: 'Running', status: 'False', lastUpdateTime: '2026-01-01T00:01:00Z', lastTransitionTime: '2026-01-01T00:01:00Z', reason: 'PyTorchJobRunning', message: 'PyTorchJob is running.' },
      {
        type: 'Failed',
        status: 'True',
        lastUpdateTime: '2026-01-01T00:09:00Z',
        lastTransitionTime: '2026-01-01T00:09:00Z',
        reason: 'PyTorchJobFailed',
        message: 'PyTorchJob executed failed in member clusters: b, c',
      },
    ]);
  });
});
