// How --check judges results: Karmada's {{EXCLUDE}} placeholder, typed comparison (quantities by value, order-free
// components and dependencies), and every case of Karmada's own third-party testdata replayed through our reader.
import { describe, expect, it } from 'vitest';
import { caseFiles, readCases, type InterpreterCase } from '../../lib/kit/cases';
import { checkCase } from '../../lib/kit/check';
import { comparable, describeDifference, differencesOf, withCanonicalQuantities, withoutExcluded } from '../../lib/kit/compare';
import type { Webhook } from '../../lib/kit/webhook';
import type { JsonObject, JsonValue } from '../../lib/review/json';
import { karmadaModuleCatalogue } from '../../lib/kit/karmada-catalogue';
import { requireTool } from '../support/tools';

function same(name: string, expected: JsonValue, actual: JsonValue): boolean {
  const [want, got] = comparable(name, expected, actual);
  return differencesOf(want, got).length === 0;
}

describe('{{EXCLUDE}} as Karmada applies it', () => {
  it('drops the excluded paths from both sides, inside lists too, and nothing else', () => {
    // Prepare
    const expected = { status: { phase: 'Ready', conditions: [{ type: 'Ready', lastTransitionTime: '{{EXCLUDE}}' }] }, generation: '{{EXCLUDE}}' };
    const actual = { status: { phase: 'Ready', conditions: [{ type: 'Ready', lastTransitionTime: '2025-01-01T00:00:00Z' }] }, generation: 4 };

    // Act
    const [want, got] = withoutExcluded(expected, actual);

    // Assess
    expect(want).toEqual({ status: { phase: 'Ready', conditions: [{ type: 'Ready' }] } });
    expect(got).toEqual(want);
    expect(same('aggregatedStatus', expected, { ...actual, status: { ...actual.status, phase: 'Failed' } })).toBe(false);
    // A field the actual object lacks may be excluded; a field only the actual object has is a difference.
    expect(same('retained', expected, { status: actual.status })).toBe(true);
    expect(same('retained', expected, { ...actual, extra: 1 })).toBe(false);
  });

  it('applies only to object results, as in Karmada (elsewhere the placeholder is a plain string)', () => {
    expect(same('status', { phase: '{{EXCLUDE}}' }, { phase: 'Ready' })).toBe(false);
  });
});

describe('typed results compare as Karmada unmarshals them', () => {
  it('compares quantities by value and ignores zero values and unknown fields', () => {
    expect(same('requires', { resourceRequest: { cpu: '1', memory: '1Gi' } }, { resourceRequest: { cpu: '1000m', memory: '1073741824' } })).toBe(true);
    expect(same('requires', { resourceRequest: { cpu: '1' } }, { resourceRequest: { cpu: '1001m' } })).toBe(false);
    expect(same('requires', { namespace: '', nodeClaim: { nodeSelector: {} }, unknown: 1 }, { nodeClaim: {} })).toBe(true);
    expect(same('requires', { nodeClaim: { tolerations: [{ key: 'k', tolerationSeconds: 0 }] } }, { nodeClaim: { tolerations: [{ key: 'k' }] } })).toBe(false);
  });

  it('prints differing quantities as Kubernetes prints them, each in its own format', () => {
    // Prepare: cpu 100m against 0.2, memory 1Gi against 2Gi, 1e3 (DecimalExponent) against 1500m (1.5); the pods are one
    // value in two formats.
    const expected = { resourceRequest: { cpu: '100m', memory: '1Gi', 'example.com/gpu': '1e3', pods: '1k' } };
    const actual = { resourceRequest: { cpu: '0.2', memory: '2147483648', 'example.com/gpu': '1500m', pods: 1000 } };

    // Act
    const [want, got] = comparable('requires', expected, actual);
    const lines = differencesOf(want, got).map((difference) => describeDifference(difference, 'requires'));

    // Assess
    expect(lines).toEqual([
      'requires.resourceRequest.cpu: expected "100m", got "200m"',
      'requires.resourceRequest["example.com/gpu"]: expected "1e3", got "1500m"',
      'requires.resourceRequest.memory: expected "1Gi", got "2147483648"',
    ]);
  });

  it("prints a component's quantities canonically too, and compares them by value", () => {
    const requirements = (cpu: JsonValue) => ({ replicaRequirements: { resourceRequest: { cpu } } });
    const [want, got] = comparable('components', [{ name: 'b', replicas: 1, ...requirements('1.5') }, { name: 'a', replicas: 1, ...requirements('1') }], [{ name: 'a', replicas: 1, ...requirements('1000m') }, { name: 'b', replicas: 1, ...requirements('2') }]);

    expect(differencesOf(want, got).map((difference) => describeDifference(difference, 'components'))).toEqual([
      'components[1].replicaRequirements.resourceRequest.cpu: expected "1500m", got "2"',
    ]);
  });

  it('gives results as Karmada keeps them: quantities canonical, what is no quantity and other results untouched', () => {
    expect(withCanonicalQuantities('requires', { resourceRequest: { cpu: '0.5', memory: '1.5Gi', odd: 'lots' }, priorityClassName: 'high' }))
      .toEqual({ resourceRequest: { cpu: '500m', memory: '1536Mi', odd: 'lots' }, priorityClassName: 'high' });
    expect(withCanonicalQuantities('components', [{ name: 'a', replicas: 1, replicaRequirements: { resourceRequest: { cpu: 1.5 } } }, { name: 'b', replicas: 2 }]))
      .toEqual([{ name: 'a', replicas: 1, replicaRequirements: { resourceRequest: { cpu: '1500m' } } }, { name: 'b', replicas: 2 }]);
    expect(withCanonicalQuantities('requires', null)).toBeNull();
    expect(withCanonicalQuantities('status', { cpu: '0.5' })).toEqual({ cpu: '0.5' });
  });

  it('sorts components by name and dependencies by apiVersion, kind, namespace, name', () => {
    expect(same('components', [{ name: 'b', replicas: 1 }, { name: 'a', replicas: 2 }], [{ name: 'a', replicas: 2 }, { name: 'b', replicas: 1 }])).toBe(true);
    expect(same('components', [{ name: 'a', replicas: 2 }], [{ name: 'a', replicas: 3 }])).toBe(false);
    const secret = { apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: 's' };
    const config = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'ns', name: 'c' };
    expect(same('dependencies', [secret, config], [config, secret])).toBe(true);
    expect(same('dependencies', [secret, config], [config])).toBe(false);
  });

  it('names the differing paths', () => {
    // Act
    const differences = differencesOf({ spec: { replicas: 3, list: [1, 2] } }, { spec: { list: [1] }, extra: true });

    // Assess
    expect(differences).toEqual([
      { path: 'extra', expected: undefined, actual: true },
      { path: 'spec.list[1]', expected: 2, actual: undefined },
      { path: 'spec.replicas', expected: 3, actual: undefined },
    ]);
  });
});

// ---- Karmada's third-party testdata, from the Go module cache (the conformance harness downloads it) ----

const resultOfPatch: Partial<Record<string, string>> = { ReviseReplica: 'revised', Retain: 'retained', AggregateStatus: 'aggregatedStatus' };

/** A webhook that answers with the case's own expected output (changed in every result when `wrong`). */
function oracle(input: InterpreterCase, wrong: boolean): Webhook {
  const change = (name: string, value: JsonValue): JsonValue => {
    if (!wrong) return value;
    if (typeof value === 'number') return value + 1;
    if (typeof value === 'boolean') return !value;
    if (name === 'components') return [...(value as JsonValue[]), { name: 'extra', replicas: 1 }];
    if (name === 'dependencies') return [...(value as JsonValue[]), { apiVersion: 'v1', kind: 'Secret', name: 'extra' }];
    if (name === 'requires') return { ...((value ?? {}) as JsonObject), priorityClassName: 'extra' };
    if (resultOfPatch[input.operation] === name) {
      const object = value as JsonObject;
      return { ...object, metadata: { ...((object.metadata ?? {}) as JsonObject), annotations: { extra: 'yes' } } };
    }
    return { ...((value ?? {}) as JsonObject), extra: 'yes' };
  };
  return async (context) => {
    const output = input.output ?? {};
    const response: JsonObject = { uid: context.request!.uid, successful: true };
    const fields: Record<string, string> = { replica: 'replicas', requires: 'replicaRequirements', components: 'components', status: 'rawStatus', healthy: 'healthy', dependencies: 'dependencies' };
    for (const [name, value] of Object.entries(output)) {
      if (resultOfPatch[input.operation] === name) {
        response.patchType = 'JSONPatch';
        response.patch = Buffer.from(JSON.stringify([{ op: 'replace', path: '', value: change(name, value) }])).toString('base64');
      } else if (fields[name] !== undefined) {
        response[fields[name]] = change(name, value);
      }
    }
    return { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', response };
  };
}

// Go finds the module cache; under CI=true a missing go fails here instead of skipping the replay.
const goTool = requireTool('go');
const customizations = goTool.missing ? undefined : karmadaModuleCatalogue();
const skipped = goTool.missing
  ? goTool.note
  : customizations === undefined
    ? " (skipped: Karmada's third-party testdata is not in the Go module cache; npm run conformance downloads it)"
    : '';

describe.skipIf(customizations === undefined)(`Karmada's third-party testdata (Go module cache)${skipped}`, () => {
  const files = customizations === undefined ? [] : caseFiles(customizations);
  const cases = files.flatMap((file) => readCases(file));

  it('reads every case file', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(cases.length).toBeGreaterThan(400);
  });

  it('passes every case against a webhook answering its expected output, and fails each when the answer differs', async () => {
    // Act
    const right = await Promise.all(cases.map((input) => checkCase(input, oracle(input, false))));
    const wrong = await Promise.all(cases.map((input) => checkCase(input, oracle(input, true))));

    // Assess
    expect(right.filter((o) => !o.passed).map((o) => `${o.case.source.file}#${o.case.source.document}: ${o.problems.join('; ')}`)).toEqual([]);
    const withOutput = wrong.filter((o) => o.case.malformed === undefined && Object.keys(o.case.output ?? {}).length > 0);
    expect(withOutput.length).toBeGreaterThan(400);
    expect(withOutput.filter((o) => o.passed).map((o) => `${o.case.source.file}#${o.case.source.document}`)).toEqual([]);
  });
});
