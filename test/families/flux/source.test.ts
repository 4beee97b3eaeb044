// The Flux source shape (lib/families/flux/source.ts) through HelmChart, whose reflected status has no observedGeneration:
// AggregateStatus reads each member's from its Ready condition; through GitRepository and Bucket, which reflect it: a
// member without one counts 0, as in Karmada's Lua; the CRD's default -1, fields reflected as written, a numeric
// generation annotation; health and the LocalObjectReference reader.
import { describe, expect, it } from 'vitest';
import { createInterpreterRegistry } from '../../../lib/interpreter/registry';
import { bucketInterpreter } from '../../../lib/kinds/bucket/interpreter';
import { gitRepositoryInterpreter } from '../../../lib/kinds/gitrepository/interpreter';
import { helmChartInterpreter } from '../../../lib/kinds/helmchart/interpreter';
import type { JsonObject } from '../../../lib/review/json';
import { referenceNameOf } from '../../../lib/families/flux/source';
import { Cursor } from '../../../lib/kube/cursor';
import { maxConditionMessage } from '../../../lib/families/flux/status';
import { answer } from '../../support/kinds/answer';

const registry = createInterpreterRegistry([helmChartInterpreter]);
const sources = createInterpreterRegistry([gitRepositoryInterpreter, bucketInterpreter]);

function source(kind: 'GitRepository' | 'Bucket', status?: JsonObject, metadata: JsonObject = {}): JsonObject {
  const object: JsonObject = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind,
    metadata: { name: 'src', namespace: 'apps', generation: 3, ...metadata },
    spec: { interval: '5m' },
  };
  if (status !== undefined) object.status = status;
  return object;
}

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
      conditions: [{ type: 'Ready', status: 'True', reason: 'ChartPullSucceeded', message: 'pulled', lastTransitionTime: '2026-01-01T00:00:00Z', observedGeneration: observed }],
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

  it("merges 100,000 members into one condition, its message cut to the CRD's maxLength of 32768 characters", () => {
    // Prepare
    const members = Array.from({ length: 100_000 }, (_, index) => member(`m${index}`, 3));

    // Act
    const { patched } = answer(registry, { operation: 'AggregateStatus', object: helmChart(), aggregatedStatus: members });

    // Assess
    const conditions = (patched.status as JsonObject).conditions as JsonObject[];
    expect(conditions).toHaveLength(1);
    const message = conditions[0]!.message as string;
    expect([...message]).toHaveLength(maxConditionMessage);
    expect(message.startsWith('m0=pulled, m1=pulled, ')).toBe(true);
    expect(message.endsWith('…')).toBe(true);
    expect((patched.status as JsonObject).observedGeneration).toBe(3);
  });

  it('counts a message in characters, as the API server does, and leaves one within the limit whole', () => {
    // Prepare: 2 members × 16383 'é' (2 bytes each) + 'm1=' + 'm2=' + ', ' = 32774 characters, 65540 bytes
    const long = 'é'.repeat(16_383);
    const withMessage = (clusterName: string, message: string) => {
      const item = member(clusterName, 3);
      ((item.status as JsonObject).conditions as JsonObject[])[0]!.message = message;
      return item;
    };

    // Act
    const cut = answer(registry, { operation: 'AggregateStatus', object: helmChart(), aggregatedStatus: [withMessage('m1', long), withMessage('m2', long)] });
    const whole = answer(registry, { operation: 'AggregateStatus', object: helmChart(), aggregatedStatus: [withMessage('m1', long)] });

    // Assess
    const messageOf = ({ patched }: { patched: JsonObject }) => ((patched.status as JsonObject).conditions as JsonObject[])[0]!.message as string;
    expect([...messageOf(cut)]).toHaveLength(maxConditionMessage);
    expect(messageOf(whole)).toBe(`m1=${long}`);
  });
});

describe('Flux source AggregateStatus where InterpretStatus carries observedGeneration', () => {
  it("does not read a member's Ready condition in place of a missing observedGeneration (Karmada's Lua counts 0)", () => {
    // Prepare
    const ready = { type: 'Ready', status: 'True', reason: 'Succeeded', message: 'stored', observedGeneration: 3 };
    const members = ['member1', 'member2'].map((clusterName) => ({
      clusterName,
      status: { conditions: [ready], generation: 3, resourceTemplateGeneration: 3 },
    }));

    // Act
    const { patched } = answer(sources, {
      operation: 'AggregateStatus',
      object: source('GitRepository', { observedGeneration: 2 }),
      aggregatedStatus: members,
    });

    // Assess
    expect((patched.status as JsonObject).observedGeneration).toBe(2);
  });

  it("aggregates Bucket's url from the last member with one, and GitRepository has none", () => {
    // Prepare
    const members = [
      { clusterName: 'member1', status: { url: 'http://a/bucket.tar.gz', generation: 3, observedGeneration: 3, resourceTemplateGeneration: 3 } },
      { clusterName: 'member2', status: { url: '', generation: 3, observedGeneration: 3, resourceTemplateGeneration: 3 } },
    ];

    // Act
    const bucket = answer(sources, { operation: 'AggregateStatus', object: source('Bucket'), aggregatedStatus: members }).patched;
    const git = answer(sources, { operation: 'AggregateStatus', object: source('GitRepository'), aggregatedStatus: members }).patched;

    // Assess
    expect((bucket.status as JsonObject).url).toBe('http://a/bucket.tar.gz');
    expect(git.status as JsonObject).not.toHaveProperty('url');
  });
});

describe('Flux source InterpretStatus', () => {
  it("reflects the CRD's default observedGeneration -1, fields reflected only as written, a numeric generation annotation", () => {
    // Act
    const { response } = answer(sources, {
      operation: 'InterpretStatus',
      object: source('GitRepository', { observedGeneration: -1, observedIgnore: true }, { annotations: { 'resourcetemplate.karmada.io/generation': 3 } }),
    });

    // Assess
    expect(response.rawStatus).toEqual({ observedGeneration: -1, observedIgnore: true, generation: 3, resourceTemplateGeneration: 3 });
  });

  it('refuses an observedGeneration that is no integer, naming the field', () => {
    // Act
    const { response } = answer(sources, { operation: 'InterpretStatus', object: source('Bucket', { observedGeneration: 1.5 }) });

    // Assess
    expect({ successful: response.successful, message: response.status?.message }).toEqual({
      successful: false,
      message: expect.stringContaining('object.status.observedGeneration'),
    });
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
    const spec = (value: JsonObject) => Cursor.root(value, 'object.spec');
    expect(referenceNameOf(spec({ secretRef: { name: 'creds' } }), 'secretRef')).toBe('creds');
    expect(referenceNameOf(spec({}), 'secretRef')).toBeUndefined();
    expect(() => referenceNameOf(spec({ secretRef: { name: 1 } }), 'secretRef')).toThrow(/object\.spec\.secretRef\.name/);
  });
});
