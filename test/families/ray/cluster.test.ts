// The Ray cluster shape beyond the kinds' case files: KubeRay's worker counting, ReviseReplica's shares over many
// group layouts, the quantity sums of KubeRay's status, and its conditions merged one per type.
import { describe, expect, it } from 'vitest';
import { Cursor } from '../../../lib/kube/cursor';
import { addQuantity, formatQuantity, parseQuantity } from '../../../lib/kube/quantity';
import type { JsonObject } from '../../../lib/review/json';
import type { Condition } from '../../../lib/shapes/conditions';
import { PatchBuilder } from '../../../lib/review/patch';
import { mergedRayConditions, quantitySum, rayClusterReplica, readRayClusterSpec, reviseWorkers } from '../../../lib/families/ray/cluster';

const template = { spec: { containers: [{ name: 'ray', image: 'ray', resources: { requests: { cpu: '1', memory: '1Gi' } } }] } };
const spec = (groups: JsonObject[]): JsonObject => ({ headGroupSpec: { template }, workerGroupSpecs: groups.map((group, index) => ({ groupName: `g${index}`, template, ...group })) });

describe('readRayClusterSpec: worker pods as KubeRay counts them', () => {
  it('keeps replicas within the bounds, multiplies by numOfHosts and counts a suspended group as none (v1)', () => {
    // Prepare
    const groups: JsonObject[] = [{ replicas: 1, minReplicas: 3 }, { replicas: 9, maxReplicas: 4 }, { replicas: 2, minReplicas: 5, maxReplicas: 3 }, { replicas: 2, numOfHosts: 4 }, { replicas: 2, suspend: true }, {}];

    // Act
    const shape = readRayClusterSpec(Cursor.root(spec(groups), 'object.spec'), 'v1');

    // Assess
    expect(shape.workers.map(({ replicas }) => replicas)).toEqual([3, 4, 3, 8, 0, 0]);
  });

  it('reads neither numOfHosts nor suspend in v1alpha1, whose CRD has neither', () => {
    // Prepare
    const groups: JsonObject[] = [{ replicas: 2, numOfHosts: 4 }, { replicas: 2, suspend: true }];

    // Act
    const shape = readRayClusterSpec(Cursor.root(spec(groups), 'object.spec'), 'v1alpha1');

    // Assess
    expect(shape.workers.map(({ replicas }) => replicas)).toEqual([2, 2]);
  });

  it('refuses replicas times numOfHosts past int32, naming the group', () => {
    // Prepare
    const groups = [{ replicas: 2_000_000_000, numOfHosts: 2 }];

    // Act
    const read = () => readRayClusterSpec(Cursor.root(spec(groups), 'object.spec'), 'v1');

    // Assess
    expect(read).toThrow(/object\.spec\.workerGroupSpecs\[0\]/);
  });
});

describe('rayClusterReplica: one count, the largest request of each resource', () => {
  it('takes a GPU only a worker asks for', () => {
    // Prepare
    const gpu = { spec: { containers: [{ name: 'w', image: 'ray', resources: { requests: { cpu: '500m', 'nvidia.com/gpu': '2' } } }] } };
    const shape = readRayClusterSpec(Cursor.root(spec([{ replicas: 3, template: gpu }]), 'object.spec'), 'v1');

    // Act
    const replica = rayClusterReplica(shape);

    // Assess
    expect(replica).toEqual({ replicas: 4, requirements: { resourceRequest: { cpu: '1', memory: '1Gi', 'nvidia.com/gpu': '2' } } });
  });
});

describe('reviseWorkers: Karmada\'s share over the groups', () => {
  function revised(groups: JsonObject[], replicas: number): number[] {
    const object = { spec: spec(groups) };
    const patch = new PatchBuilder(object);
    reviseWorkers(readRayClusterSpec(Cursor.root(object.spec, 'object.spec'), 'v1'), replicas, patch, ['spec']);
    // Each changed group's count is its own operation (`/spec/workerGroupSpecs/<index>/replicas`).
    const shares = groups.map((group) => group.replicas as number);
    for (const operation of patch.operations) {
      const [, , , index, field] = operation.path.split('/');
      expect(operation.op === 'add' && field === 'replicas').toBe(true);
      if (operation.op === 'add') shares[Number(index)] = operation.value as number;
    }
    return shares;
  }

  it('gives every worker out, never a negative share, for every layout of up to four groups of up to three', () => {
    // Prepare
    const layouts: number[][] = [];
    for (let size = 1; size <= 4; size++) {
      for (let code = 0; code < 4 ** size; code++) layouts.push(Array.from({ length: size }, (_, i) => Math.floor(code / 4 ** i) % 4));
    }

    // Act
    const answers = layouts.flatMap((layout) => [1, 2, 5, 13].map((replicas) => ({ replicas, shares: revised(layout.map((count) => ({ replicas: count })), replicas) })));

    // Assess
    const wrong = answers.filter(({ replicas, shares }) => shares.some((share) => share < 0) || shares.reduce((a, b) => a + b, 0) !== replicas - 1);
    expect(wrong).toEqual([]);
  });

  it('keeps Karmada\'s proportions where its answer is a valid one', () => {
    // Prepare: 1:2:3 from 6 workers to 12 (Karmada's own case: 2, 4, 6)
    const groups = [{ replicas: 1 }, { replicas: 2 }, { replicas: 3 }];

    // Act
    const shares = revised(groups, 13);

    // Assess
    expect(shares).toEqual([2, 4, 6]);
  });
});

describe('status quantities', () => {
  it('adds as Kubernetes adds, in the first non-zero value\'s format', () => {
    // Prepare
    const members = ['3072Mi', '10752Mi'].map((text) => parseQuantity(text));

    // Act
    const sum = quantitySum(members);

    // Assess
    expect([sum, formatQuantity(addQuantity(parseQuantity('1000m'), parseQuantity('2000m')))]).toEqual(['13824Mi', '3']);
  });

  it('refuses a quantity past 10^24 instead of adding its digits', () => {
    // Prepare
    const status = { desiredCPU: '1e300000000' };

    // Act
    const read = () => Cursor.root(status, 'status').quantity('desiredCPU');

    // Assess
    expect(read).toThrow(/status\.desiredCPU/);
  });
});

describe('mergedRayConditions: one condition per type, as KubeRay\'s CRDs key the list', () => {
  const condition = (type: string, status: string, reason: string, message: string, lastTransitionTime: string): Condition => ({ type, status, reason, message, lastTransitionTime });

  it('gives the status that says something is not yet right, per the type\'s meaning, and the rest as the members agree', () => {
    // Prepare
    const members = [
      {
        clusterName: 'member1',
        status: {
          conditions: [
            condition('HeadPodReady', 'True', 'HeadPodRunningAndReady', 'ready', '2025-01-01T00:00:03Z'),
            condition('ReplicaFailure', 'False', 'NoFailure', '', '2025-01-01T00:00:01Z'),
            condition('RayClusterProvisioned', 'True', 'AllPodRunningAndReadyFirstTime', 'all ready', '2025-01-01T00:00:01Z'),
            condition('SomethingNew', 'True', 'Yes', '', '2025-01-01T00:00:01Z'),
            condition('Ready', 'Unknown', 'Checking', '', '2025-01-01T00:00:05Z'),
          ],
        },
      },
      {
        clusterName: 'member2',
        status: {
          conditions: [
            condition('HeadPodReady', 'False', 'HeadPodNotFound', 'no head pod', '2025-01-01T00:00:02Z'),
            condition('ReplicaFailure', 'True', 'FailedCreateWorkerPod', 'quota', '2025-01-01T00:00:04Z'),
            condition('RayClusterProvisioned', 'True', 'AllPodRunningAndReadyFirstTime', 'all ready', '2025-01-01T00:00:02Z'),
            condition('SomethingNew', 'False', 'No', '', '2025-01-01T00:00:06Z'),
            condition('Ready', 'True', 'RayServiceReady', '', '2025-01-01T00:00:01Z'),
          ],
        },
      },
    ];

    // Act
    const merged = mergedRayConditions(members);

    // Assess
    expect(merged).toEqual([
      condition('HeadPodReady', 'False', 'HeadPodNotFound', 'member1=ready, member2=no head pod', '2025-01-01T00:00:02Z'),
      condition('ReplicaFailure', 'True', 'FailedCreateWorkerPod', 'member2=quota', '2025-01-01T00:00:04Z'),
      condition('RayClusterProvisioned', 'True', 'AllPodRunningAndReadyFirstTime', 'member1=all ready, member2=all ready', '2025-01-01T00:00:02Z'),
      condition('SomethingNew', 'Unknown', 'MembersDisagree', '', '2025-01-01T00:00:06Z'),
      condition('Ready', 'Unknown', 'Checking', '', '2025-01-01T00:00:05Z'),
    ]);
  });

  it('keeps a type only one member reports, naming that member', () => {
    // Prepare
    const members = [
      { clusterName: 'member1', status: {} },
      { clusterName: 'member2', status: { conditions: [condition('RayClusterSuspending', 'True', 'Suspending', 'deleting pods', '2025-01-01T00:00:01Z')] } },
    ];

    // Act
    const merged = mergedRayConditions(members);

    // Assess
    expect(merged).toEqual([condition('RayClusterSuspending', 'True', 'Suspending', 'member2=deleting pods', '2025-01-01T00:00:01Z')]);
  });
});
