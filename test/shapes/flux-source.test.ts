// The Flux source shape (lib/shapes/flux-source.ts) through HelmChart, whose reflected status has no observedGeneration:
// AggregateStatus reads each member's from its Ready condition; health and the LocalObjectReference reader.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../lib/interpreter/registry';
import { helmChartInterpreter } from '../../lib/kinds/helmchart/interpreter';
import type { JsonObject } from '../../lib/review/json';
import { referenceNameOf } from '../../lib/shapes/flux-source';
import { answer } from '../support/kinds/answer';

const registry = createInterpreterRegistry([helmChartInterpreter]);

function helmChart(status?: JsonObject, spec: JsonObject = { chart: 'podinfo' }): JsonObject {
  const object: JsonObject = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmChart',
    metadata: { name: 'podinfo', namespace: 'apps', generation: 3 },
    spec,
  };
  if (status !== undefined) object.status = status;
  return object;
}

/** What a member's InterpretStatus gives for a HelmChart its controller reconciled at `observed`. */
function member(clusterName: string, observed: number, templateGeneration = 3): JsonObject {
  return {
    clusterName,
    status: {
      conditions: [{ type: 'Ready', status: 'True', reason: 'ChartPullSucceeded', message: 'pulled', observedGeneration: observed }],
      generation: observed,
      resourceTemplateGeneration: templateGeneration,
    },
  };
}

describe('Flux source AggregateStatus', () => {
  it("counts a member observed by its Ready condition's observedGeneration", () => {
    // Act
    const { patched } = answer(registry, {
      operation: 'AggregateStatus',
      object: helmChart({ observedGeneration: 2 }),
      aggregatedStatus: [member('member1', 3), member('member2', 3)],
    });

    // Assess
    expect((patched.status as JsonObject).observedGeneration).toBe(3);
  });

  it('keeps the template’s observedGeneration while a member has not reconciled the current template', () => {
    // Act
    const { patched } = answer(registry, {
      operation: 'AggregateStatus',
      object: helmChart({ observedGeneration: 2 }),
      aggregatedStatus: [member('member1', 3), member('member2', 2, 2)],
    });

    // Assess
    expect((patched.status as JsonObject).observedGeneration).toBe(2);
  });

  it('merges 100,000 members into one condition, each cluster named once', () => {
    // Prepare
    const members = Array.from({ length: 100_000 }, (_, index) => member(`m${index}`, 3));

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: helmChart(), aggregatedStatus: members });

    // Assess
    const conditions = (patched.status as JsonObject).conditions as JsonObject[];
    expect(conditions).toHaveLength(1);
    expect((conditions[0]!.message as string).split(', ')).toHaveLength(100_000);
    expect((patched.status as JsonObject).observedGeneration).toBe(3);
  });
});

describe('Flux source InterpretHealth', () => {
  it('is unhealthy while Ready is True for an older generation, healthy once suspended', () => {
    // Prepare
    const status = { conditions: [{ type: 'Ready', status: 'True', reason: 'ChartPackageSucceeded', observedGeneration: 2 }] };

    // Act
    const stale = answer(registry, { operation: 'InterpretHealth', object: helmChart(status) }).response;
    const suspended = answer(registry, { operation: 'InterpretHealth', object: helmChart(status, { chart: 'podinfo', suspend: true }) }).response;

    // Assess
    expect({ stale: stale.healthy, suspended: suspended.healthy }).toEqual({ stale: false, suspended: true });
  });
});

describe('referenceNameOf', () => {
  it('reads a LocalObjectReference name, and names the field of a wrong type', () => {
    // Act + Assess
    expect(referenceNameOf({ secretRef: { name: 'creds' } }, 'secretRef', 'object.spec')).toBe('creds');
    expect(referenceNameOf({}, 'secretRef', 'object.spec')).toBeUndefined();
    expect(() => referenceNameOf({ secretRef: { name: 1 } }, 'secretRef', 'object.spec')).toThrow(/object\.spec\.secretRef\.name/);
  });
});
