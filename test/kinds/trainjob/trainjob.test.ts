// TrainJob beyond its case files: aggregation over many members (one condition per type, messages within the CRD's
// bound) and inputs too large to write as cases.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { trainJobInterpreter } from '../../../lib/kinds/trainjob/interpreter';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([trainJobInterpreter]);
const trainJob = (spec: JsonObject): JsonObject => ({ apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainJob', metadata: { name: 'llm', namespace: 'ml' }, spec });

describe('TrainJob: AggregateStatus at the limits', () => {
  it('aggregates 50,000 members into one condition per type, each message within metav1.Condition\'s 32768 characters', () => {
    // Prepare: every member failed on its deadline after being resumed; each reports its node job
    const aggregatedStatus = Array.from({ length: 50_000 }, (_, index) => ({
      clusterName: `member${index}`,
      applied: true,
      status: {
        conditions: [
          { type: 'Suspended', status: 'False', reason: 'Resumed', message: 'TrainJob is resumed', lastTransitionTime: '2026-01-01T10:00:00Z' },
          { type: 'Failed', status: 'True', reason: 'DeadlineExceeded', message: 'TrainJob exceeded its active deadline', lastTransitionTime: `2026-01-01T11:${String(index % 60).padStart(2, '0')}:00Z` },
        ],
        jobsStatus: [{ name: 'node', ready: 0, succeeded: 0, failed: 1, active: 0, suspended: 0 }],
      },
    }));

    // Act
    const { response, patched } = answer(registry, { operation: 'AggregateStatus', object: trainJob({ runtimeRef: { name: 'torch-distributed' } }), aggregatedStatus });

    // Assess
    expect(response.successful).toBe(true);
    const status = patched.status as { conditions: { type: string; reason: string; message: string; lastTransitionTime: string }[]; jobsStatus: JsonObject[] };
    expect(status.conditions.map(({ type, reason, lastTransitionTime }) => ({ type, reason, lastTransitionTime }))).toEqual([
      { type: 'Suspended', reason: 'Resumed', lastTransitionTime: '2026-01-01T10:00:00Z' },
      { type: 'Failed', reason: 'DeadlineExceeded', lastTransitionTime: '2026-01-01T11:59:00Z' },
    ]);
    for (const { message } of status.conditions) expect(message.length).toBeLessThanOrEqual(32_768);
    expect(status.conditions[1]!.message.startsWith('member0=TrainJob exceeded its active deadline, member1=')).toBe(true);
    expect(status.jobsStatus).toEqual([{ name: 'node', ready: 0, succeeded: 0, failed: 50_000, active: 0, suspended: 0 }]);
  });
});

describe('TrainJob: InterpretDependency of many patches', () => {
  it('lists each object once however many patches name it', () => {
    // Prepare: 2,000 runtime patches, each naming the same service account and one of 10 secrets
    const runtimePatches = Array.from({ length: 2_000 }, (_, index) => ({
      manager: `team.example.com/p${index}`,
      trainingRuntimeSpec: {
        template: {
          spec: {
            replicatedJobs: [{ name: 'node', template: { spec: { template: { spec: { serviceAccountName: 'trainer', imagePullSecrets: [{ name: `registry-${index % 10}` }] } } } } }],
          },
        },
      },
    }));

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object: trainJob({ runtimeRef: { name: 'torch' }, runtimePatches }) });

    // Assess
    expect(response.successful).toBe(true);
    expect(response.dependencies?.length).toBe(1 + 10 + 1);
    expect(response.dependencies?.[0]).toEqual({ apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'ClusterTrainingRuntime', name: 'torch' });
  });
});
