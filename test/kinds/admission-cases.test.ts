// Runs every AdmissionReview case (each admission kind's folder, admission-cases.yaml) through the mutate or validate function.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { kindFolders, repositoryRoot } from '../../lib/kit/kinds';
import { splitApiVersion } from '../../lib/review/core';
import type { KindIdentity } from '../../lib/review/kind';
import type { Json, JsonMap } from '../support/karmada';
import { admissionReview, callAdmission, patchedObject } from '../support/reviews';

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
const files = kinds.flatMap((kind) => (kind.admissionCases === undefined ? [] : [[kind.admissionCases, kind.identity] as const]));

it('every admitted kind has admission cases in its folder', () => {
  expect(kinds.filter((kind) => kind.admissionCases === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

function casesOf(file: string): AdmissionCase[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as AdmissionCase);
}

/** The review a case describes; a case without an object (a DELETE) is about its file's kind. */
function reviewOf(input: AdmissionCase, uid: string, kind: KindIdentity): JsonMap {
  if (input.body !== undefined) return input.body;
  const typed = input.object ?? input.oldObject;
  const { group, version } = typed === undefined ? { group: kind.group, version: input.version! } : splitApiVersion(String(typed.apiVersion));
  const metadata = (typed?.metadata ?? {}) as JsonMap;
  return admissionReview({
    uid,
    operation: input.operation!,
    group,
    version: input.version ?? version,
    kind: String(typed?.kind ?? kind.kind),
    name: String(metadata.name ?? 'w'),
    namespace: String(metadata.namespace ?? ''),
    ...(input.object === undefined ? {} : { object: input.object }),
    ...(input.oldObject === undefined ? {} : { oldObject: input.oldObject }),
  });
}

describe.each(files.map(([file, kind]) => [relative(repositoryRoot, file), casesOf(file), kind] as const))('%s', (_file, cases, kind) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, input) => {
    // Prepare
    const uid = 'c0ffee00-0000-4000-8000-000000000000';
    const review = reviewOf(input, uid, kind);

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
    const again = await callAdmission('mutate', reviewOf({ ...input, object: patched as JsonMap }, uid, kind));
    expect(again).toEqual({ uid, allowed: true });
  });
});
