// Runs every AdmissionReview case (each admission kind's folder, admission-cases.yaml) through the mutate or validate function.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { kindFolders, repositoryRoot } from '../lib/kit/kinds';
import type { Json, JsonMap } from './helpers/karmada';
import { admissionReview, callAdmission, patchedObject } from './helpers/reviews';

interface AdmissionCase {
  name: string;
  step: 'mutate' | 'validate';
  operation?: string;
  version?: string;
  object?: JsonMap;
  oldObject?: JsonMap;
  body?: JsonMap;
  output: {
    uid?: string;
    allowed: boolean;
    patched?: Json;
    warnings?: string[];
    status?: { code: number; reason: string; message?: string; messageContains?: string[] };
  };
}

const kinds = kindFolders().filter((kind) => kind.admitted);
const files = kinds.flatMap((kind) => (kind.admissionCases === undefined ? [] : [kind.admissionCases]));

it('every admitted kind has admission cases in its folder', () => {
  expect(kinds.filter((kind) => kind.admissionCases === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

function casesOf(file: string): AdmissionCase[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as AdmissionCase);
}

function reviewOf(input: AdmissionCase, uid: string): JsonMap {
  if (input.body !== undefined) return input.body;
  const typed = input.object ?? input.oldObject;
  const [group, version] = typed === undefined ? ['workload.example.io', input.version!] : String(typed.apiVersion).split('/') as [string, string];
  const metadata = (typed?.metadata ?? {}) as JsonMap;
  return admissionReview({
    uid,
    operation: input.operation!,
    group: version === undefined ? '' : group,
    version: input.version ?? version ?? group,
    kind: String(typed?.kind ?? 'Workload'),
    name: String(metadata.name ?? 'w'),
    namespace: String(metadata.namespace ?? ''),
    ...(input.object === undefined ? {} : { object: input.object }),
    ...(input.oldObject === undefined ? {} : { oldObject: input.oldObject }),
  });
}

describe.each(files.map((file) => [relative(repositoryRoot, file), casesOf(file)] as const))('%s', (_file, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, input) => {
    // Prepare
    const uid = 'c0ffee00-0000-4000-8000-000000000000';
    const review = reviewOf(input, uid);

    // Act
    const response = await callAdmission(input.step, review);

    // Assess
    const { output } = input;
    expect(response.uid).toBe(output.uid ?? uid);
    expect(response.allowed).toBe(output.allowed);
    expect(response.warnings).toEqual(output.warnings);
    if (output.status === undefined) expect(response.status).toBeUndefined();
    else {
      expect(response.status).toMatchObject({ code: output.status.code, reason: output.status.reason });
      if (output.status.message !== undefined) expect(response.status!.message).toBe(output.status.message);
      for (const fragment of output.status.messageContains ?? []) expect(response.status!.message).toContain(fragment);
    }
    if (output.patched === undefined) {
      expect(response.patch).toBeUndefined();
      return;
    }
    const patched = patchedObject(input.object!, response);
    expect(patched).toEqual(output.patched);
    // Idempotent: the defaulted object needs nothing more.
    const again = await callAdmission('mutate', reviewOf({ ...input, object: patched as JsonMap }, uid));
    expect(again).toEqual({ uid, allowed: true });
  });
});

describe('lists the interpreter would refuse are kept out at admission', () => {
  const workload = (podSpec: JsonMap): JsonMap => ({
    apiVersion: 'workload.example.io/v1alpha2',
    kind: 'Workload',
    metadata: { name: 'w', namespace: 'd' },
    spec: { replicas: 1, template: { spec: podSpec } },
  });
  const review = (podSpec: JsonMap) =>
    reviewOf({ name: 'limits', step: 'validate', operation: 'CREATE', object: workload(podSpec), output: { allowed: false } }, 'u-limits');
  const containers = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `c${i}`, image: 'x', resources: { requests: { cpu: '1m' } } }));

  it.each([
    ['containers', { containers: containers(10_001) }, 'spec.template.spec.containers: Too many: 10001: must have at most 10000 items'],
    ['tolerations', { containers: containers(1), tolerations: Array.from({ length: 20_000 }, () => ({})) }, 'spec.template.spec.tolerations: Too many: 20000: must have at most 10000 items'],
    ['env', { containers: [{ name: 'a', image: 'x', env: Array.from({ length: 10_001 }, (_, i) => ({ name: `E${i}` })) }] }, 'spec.template.spec.containers[0].env: Too many: 10001: must have at most 10000 items'],
  ])('denies %s past 10,000 items with Too many, naming the list', async (_list, podSpec, message) => {
    const response = await callAdmission('validate', review(podSpec as JsonMap));
    expect(response).toMatchObject({ uid: 'u-limits', allowed: false, status: { code: 422, reason: 'Invalid' } });
    expect(response.status!.message).toBe(`Workload.workload.example.io "w" is invalid: ${message}`);
  });

  it('allows exactly 10,000 containers', async () => {
    const response = await callAdmission('validate', review({ containers: containers(10_000) }));
    expect(response).toMatchObject({ uid: 'u-limits', allowed: true });
  });
});
