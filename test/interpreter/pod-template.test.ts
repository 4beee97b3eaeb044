// InterpretDependency walks the pod template once without paths and, on anything malformed, again with the checked
// walks that name the field: this pins that both give the same answer, or the same first error, on every mutation.
import { describe, expect, it } from 'vitest';
import { checkedDependenciesOf, dependenciesOf, podTemplateLimits, replicaRequirementsOf } from '../../lib/interpreter/pod-template';
import type { JsonObject, JsonValue } from '../../lib/review/json';

function template(): JsonObject {
  const container = (name: string): JsonObject => ({
    name,
    envFrom: [{ configMapRef: { name: `${name}-cm` } }, { secretRef: { name: `${name}-secret` } }, { prefix: 'P_' }],
    env: [
      { name: 'A', valueFrom: { configMapKeyRef: { name: 'shared-cm', key: 'a' } } },
      { name: 'B', valueFrom: { secretKeyRef: { name: 'shared-secret', key: 'b' } } },
      { name: 'C', value: 'c' },
    ],
  });
  return {
    spec: {
      serviceAccountName: 'runner',
      imagePullSecrets: [{ name: 'registry' }, { name: '' }],
      initContainers: [container('init')],
      containers: [container('app'), container('sidecar')],
      ephemeralContainers: [container('debug')],
      volumes: [
        { name: 'v1', configMap: { name: 'vol-cm' } },
        { name: 'v2', secret: { secretName: 'vol-secret' } },
        { name: 'v3', persistentVolumeClaim: { claimName: 'data' } },
        { name: 'v4', projected: { sources: [{ configMap: { name: 'proj-cm' } }, { secret: { name: 'proj-secret' } }] } },
        { name: 'v5', azureFile: { secretName: 'azure' }, cephfs: { secretRef: { name: 'not-first' } } },
        { name: 'v6', csi: { nodePublishSecretRef: { name: 'csi-secret' } } },
        { name: 'v7', cephfs: { secretRef: { name: 'ceph' } }, configMap: { name: 'beside' } },
        { name: 'v8', projected: { sources: [{ configMap: { name: 'p2' } }] }, configMap: { name: 'hidden' } },
      ],
    },
  };
}

/** Every place in the template, as the list of keys that reaches it. */
function places(value: JsonValue, at: (string | number)[] = []): (string | number)[][] {
  const found = [at];
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...places(item, [...at, index])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) found.push(...places(item, [...at, key]));
  return found;
}

function withValue(root: JsonObject, at: (string | number)[], value: JsonValue): JsonObject {
  const copy = structuredClone(root);
  let parent: JsonValue = copy;
  for (const key of at.slice(0, -1)) parent = (parent as Record<string | number, JsonValue>)[key]!;
  (parent as Record<string | number, JsonValue>)[at.at(-1)!] = value;
  return copy;
}

function outcome(run: () => unknown): unknown {
  try {
    return { result: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const wrongValues: JsonValue[] = [null, 7, 'text', '', true, [], [7], {}, [{}], { name: 5 }];
const path = 'object.spec.template';

describe('the single dependency walk', () => {
  it('answers the typical template as the checked walks do, in groups sorted by name', () => {
    const answer = dependenciesOf(template(), path, 'ns');
    expect(answer).toEqual(checkedDependenciesOf(template(), path, 'ns'));
    const names = (kind: string): string[] => answer.filter((r) => r.kind === kind).map((r) => r.name ?? '');
    expect(answer.map((r) => r.kind)).toEqual([...Array(9).fill('ConfigMap'), ...Array(11).fill('Secret'), 'ServiceAccount', 'PersistentVolumeClaim']);
    expect(names('ConfigMap')).toEqual(['app-cm', 'beside', 'debug-cm', 'init-cm', 'p2', 'proj-cm', 'shared-cm', 'sidecar-cm', 'vol-cm']);
    expect(names('Secret')).toEqual([
      'app-secret', 'azure', 'ceph', 'csi-secret', 'debug-secret', 'init-secret', 'proj-secret', 'registry', 'shared-secret', 'sidecar-secret', 'vol-secret',
    ]);
    expect(names('ServiceAccount')).toEqual(['runner']);
    expect(names('PersistentVolumeClaim')).toEqual(['data']);
    expect(answer.every((r) => r.namespace === 'ns' && r.apiVersion === 'v1')).toBe(true);
  });

  it('gives the same answer or the same first error for every field replaced by a wrong value', () => {
    const base = template();
    let compared = 0;
    for (const at of places(base.spec!)) {
      if (at.length === 0) continue;
      for (const value of wrongValues) {
        const mutated = withValue(base, ['spec', ...at], value);
        expect(outcome(() => dependenciesOf(mutated, path, 'ns')), JSON.stringify({ at, value })).toEqual(
          outcome(() => checkedDependenciesOf(mutated, path, 'ns')),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('refuses a list past the limit as the checked walks do', () => {
    const base = template();
    for (const at of [['spec', 'volumes'], ['spec', 'containers', 0, 'env'], ['spec', 'volumes', 3, 'projected', 'sources']]) {
      const mutated = withValue(base, at, Array.from({ length: podTemplateLimits.listItems + 1 }, () => ({})));
      const quick = outcome(() => dependenciesOf(mutated, path, 'ns'));
      expect(quick).toEqual(outcome(() => checkedDependenciesOf(mutated, path, 'ns')));
      expect(quick).toHaveProperty('error');
    }
  });
});

describe('the node claim an answer carries', () => {
  // Karmada decodes tolerations and the hard node affinity into core/v1 types: a wrong type must be our 400, naming it.
  const refusalOf = (podSpec: JsonObject): string => {
    try {
      replicaRequirementsOf({ spec: podSpec }, 'object.spec.template');
    } catch (error) {
      return (error as Error).message;
    }
    return 'answered';
  };

  it('passes well-typed tolerations and node selector terms through', () => {
    const tolerations = [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 30 }];
    const required = { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }] };
    const requirements = replicaRequirementsOf({ spec: { tolerations, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } } } }, 'object.spec.template');
    expect(requirements?.nodeClaim).toEqual({ tolerations, hardNodeAffinity: required });
  });

  it('refuses a toleration field or a node selector requirement of the wrong type, by name', () => {
    expect(refusalOf({ tolerations: [{ key: { absurd: [1] } }] })).toBe('object.spec.template.spec.tolerations[0].key must be a string, got an object');
    expect(refusalOf({ tolerations: [{ tolerationSeconds: '30' }] })).toBe('object.spec.template.spec.tolerations[0].tolerationSeconds must be an integer, got a string');
    const terms = (requirement: JsonObject) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [requirement] }] } } } });
    expect(refusalOf(terms({ key: 7 }))).toBe('object.spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key must be a string, got a number');
    expect(refusalOf(terms({ key: 'k', values: ['a', 1] }))).toBe('object.spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values[1] must be a string, got a number');
  });
});
