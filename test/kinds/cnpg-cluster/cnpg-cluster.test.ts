// CloudNativePG's Cluster beyond its case files: every phase the published operator defines is one this interpreter
// knows, a spec's resources are read with their own paths, and inputs too large to write as cases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { cnpgCluster } from '../../../lib/kinds/cnpg-cluster/identity';
import { cnpgClusterInterpreter, phaseClass } from '../../../lib/kinds/cnpg-cluster/interpreter';
import { isPublishedCrd } from '../../../lib/review/kind';
import type { JsonObject } from '../../../lib/review/json';
import { answer } from '../../support/kinds/answer';
import { requireTool } from '../../support/tools';
import { goModuleDir } from '../../support/upstream';

const registry = createInterpreterRegistry([cnpgClusterInterpreter]);
const cluster = (spec: JsonObject, status?: JsonObject): JsonObject => ({
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  metadata: { name: 'orders-db', namespace: 'shop' },
  spec,
  ...(status === undefined ? {} : { status }),
});
const go = requireTool('go');

describe(`the operator's phases${go.note}`, () => {
  it.skipIf(go.missing)('every Phase constant of the published api/v1/cluster_types.go is healthy, working or broken here', () => {
    // Prepare
    const published = cnpgCluster.publishedCrd;
    if (!isPublishedCrd(published)) throw new Error('the Cluster names its published CRD');
    const [, module, version] = /^go:(.+)@(v.+)$/.exec(published.source)!;
    const types = readFileSync(join(goModuleDir(module!, version!), 'api/v1/cluster_types.go'), 'utf8');
    const phases = [...types.matchAll(/^\s+Phase\w+\s*=\s*"([^"]+)"/gm)].map((match) => match[1]!);

    // Act
    const unknown = phases.filter((phase) => phaseClass(phase) === undefined);

    // Assess
    expect(phases.length).toBeGreaterThanOrEqual(20);
    expect(unknown).toEqual([]);
  });
});

describe('InterpretReplica', () => {
  it('names spec.resources in a refusal, not a pod template', () => {
    // Prepare
    const object = cluster({ instances: 3, resources: { limits: { memory: '8Gx' } } });

    // Act
    const { response } = answer(registry, { operation: 'InterpretReplica', object });

    // Assess
    expect(response.successful).toBe(false);
    expect(response.status?.code).toBe(400);
    expect(response.status?.message).toContain('object.spec.resources.limits.memory');
  });
});

describe('inputs too large to write as cases', () => {
  it('lists the secrets of 10,000 managed roles (the list bound) and 5,000 external clusters, each once', () => {
    // Prepare
    const roles = Array.from({ length: 10_000 }, (_, index) => ({ name: `role${index}`, passwordSecret: { name: `role-${index % 1_000}` } }));
    const externalClusters = Array.from({ length: 5_000 }, (_, index) => ({ name: `source${index}`, password: { name: `source-${index}` } }));
    const object = cluster({ instances: 3, managed: { roles }, externalClusters });

    // Act
    const { response } = answer(registry, { operation: 'InterpretDependency', object });

    // Assess
    expect(response.successful).toBe(true);
    expect(response.dependencies).toHaveLength(6_000);
    expect(response.dependencies?.every((reference) => reference.kind === 'Secret' && reference.namespace === 'shop')).toBe(true);
  });

  it('sums the instances of 100,000 members', () => {
    // Prepare
    const aggregatedStatus = Array.from({ length: 100_000 }, (_, index) => ({
      clusterName: `member${index}`,
      applied: true,
      status: { instances: 3, readyInstances: index === 0 ? 2 : 3, phase: index === 0 ? 'Failing over' : 'Cluster in healthy state' },
    }));

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: cluster({ instances: 3 }, {}), aggregatedStatus });

    // Assess
    expect(patched.status).toMatchObject({ instances: 300_000, readyInstances: 299_999, phase: 'Failing over' });
    expect(patched.status).not.toHaveProperty('currentPrimary');
  });
});
