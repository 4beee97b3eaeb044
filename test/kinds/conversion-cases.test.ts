// Runs every ConversionReview case (each conversion kind's folder, conversion-cases.yaml) through the convert function.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { kindFolders, repositoryRoot } from '../../lib/kit/kinds';
import type { JsonMap } from '../support/karmada';
import { callConvert, conversionReview } from '../support/reviews';

interface ConversionCase {
  name: string;
  description?: string;
  desiredAPIVersion?: string;
  objects?: JsonMap[];
  body?: JsonMap;
  output?: { convertedObjects: JsonMap[] };
  error?: { uid?: string; messageContains: string[] };
}


function casesOf(file: string): ConversionCase[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as ConversionCase);
}

const kinds = kindFolders().filter((kind) => kind.converted);
const files = kinds.flatMap((kind) => (kind.conversionCases === undefined ? [] : [kind.conversionCases]));

it('every converted kind has conversion cases in its folder', () => {
  expect(kinds.filter((kind) => kind.conversionCases === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

describe.each(files.map((file) => [relative(repositoryRoot, file), casesOf(file)] as const))('%s', (_file, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, input) => {
    // Prepare
    const uid = 'f00dcafe-0000-4000-8000-000000000000';
    const body = input.body ?? conversionReview(input.desiredAPIVersion!, input.objects!, uid);
    const objectsBefore = JSON.stringify(input.objects ?? null);

    // Act
    const response = await callConvert(body);

    // Assess
    expect(response.uid).toBe(input.error?.uid ?? uid);
    expect(JSON.stringify(input.objects ?? null)).toBe(objectsBefore);
    if (input.error !== undefined) {
      expect(response.result.status).toBe('Failure');
      expect(response.convertedObjects).toEqual([]);
      for (const fragment of input.error.messageContains) expect(response.result.message).toContain(fragment);
      return;
    }
    expect(response.result).toEqual({ status: 'Success' });
    expect(response.convertedObjects).toEqual(input.output!.convertedObjects);
    // Round trip: each converted object, sent back to its original version, is the input again.
    for (const [index, original] of input.objects!.entries()) {
      const back = await callConvert(conversionReview(String(original.apiVersion), [response.convertedObjects[index]!]));
      expect(back.result.status).toBe('Success');
      expect(back.convertedObjects[0]).toEqual(original);
    }
  });
});

