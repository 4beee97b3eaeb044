// Conversion properties for every kind the conversion registry serves: lossless round trips between every pair of
// served versions, in order, metadata untouched. Objects come from the kind's folder: its `arbitraries.ts`
// (`objectArbitraries`, one generator per version) when it has one, else the objects of its successful
// conversion cases with generated labels and annotations. `npm test` converts a few thousand objects each way;
// `npm run fuzz` (FUZZ_RUNS) converts more.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kindFolders, type KindFolder } from '../../lib/kit/kinds';
import { apiVersionOf, splitApiVersion } from '../../lib/review/core';
import type { JsonMap } from '../support/karmada';
import { callConvert, conversionReview } from '../support/reviews';

const reviews = Math.max(1_000, Math.floor(Number(process.env.FUZZ_RUNS ?? 0) / 20));
const batchArb = (arb: fc.Arbitrary<JsonMap>) => fc.array(arb, { minLength: 1, maxLength: 5 });

function withoutLabelsAndAnnotations(object: JsonMap): JsonMap {
  const { labels: _l, annotations: _a, ...rest } = object.metadata as JsonMap;
  return rest;
}

async function roundTrip(objects: JsonMap[], from: string, to: string): Promise<number> {
  const there = await callConvert(conversionReview(to, objects));
  expect(there.result).toEqual({ status: 'Success' });
  expect(there.convertedObjects).toHaveLength(objects.length);
  there.convertedObjects.forEach((converted, index) => {
    expect(converted.apiVersion).toBe(to);
    expect(converted.kind).toBe(objects[index]!.kind);
    // kube-apiserver rejects a conversion that changes any metadata but labels and annotations.
    expect(withoutLabelsAndAnnotations(converted)).toEqual(withoutLabelsAndAnnotations(objects[index]!));
  });
  const back = await callConvert(conversionReview(from, there.convertedObjects));
  expect(back.result).toEqual({ status: 'Success' });
  expect(back.convertedObjects).toEqual(objects);
  return objects.length;
}

/** The objects of a kind's successful conversion cases, by version, each given generated labels. */
function caseArbitraries(kind: KindFolder): Record<string, fc.Arbitrary<JsonMap>> {
  const cases = parseAllDocuments(readFileSync(kind.conversionCases!, 'utf8')).map((d) => d.toJS() as { objects?: JsonMap[]; output?: unknown });
  const byVersion: Record<string, JsonMap[]> = {};
  for (const object of cases.filter((c) => c.output !== undefined).flatMap((c) => c.objects ?? [])) {
    (byVersion[splitApiVersion(String(object.apiVersion)).version] ??= []).push(object);
  }
  const labels = fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), fc.string({ maxLength: 10 }), { minKeys: 1, maxKeys: 3 }), { nil: undefined });
  return Object.fromEntries(Object.entries(byVersion).map(([version, objects]) => [
    version,
    fc.tuple(fc.constantFrom(...objects), labels).map(([object, extra]) => {
      const metadata = (object.metadata ?? {}) as JsonMap;
      return extra === undefined ? object : { ...object, metadata: { ...metadata, labels: { ...((metadata.labels ?? {}) as JsonMap), ...extra } } };
    }),
  ]));
}

async function arbitrariesOf(kind: KindFolder): Promise<Record<string, fc.Arbitrary<JsonMap>>> {
  const module = join(kind.folder, 'arbitraries.ts');
  if (existsSync(module)) return ((await import(pathToFileURL(module).href)) as { objectArbitraries: Record<string, fc.Arbitrary<JsonMap>> }).objectArbitraries;
  return caseArbitraries(kind);
}

const converted = kindFolders().filter((kind) => kind.converted);

it('the conversion registry serves at least one kind, each with conversion cases', () => {
  expect(converted.length).toBeGreaterThan(0);
  expect(converted.filter((kind) => kind.conversionCases === undefined).map((kind) => kind.identity.home)).toEqual([]);
});

describe.each(converted.map((kind) => [`${kind.identity.kind}.${kind.identity.group}`, kind] as const))('%s conversion round trips', (_name, kind) => {
  const { group, versions } = kind.identity;
  const pairs = versions.flatMap((from) => versions.filter((to) => to !== from).map((to) => [from, to] as const));

  it('has objects to convert for every served version', async () => {
    expect(Object.keys(await arbitrariesOf(kind)).sort()).toEqual([...versions].sort());
  });

  it.each(pairs)('%s -> %s -> back gives the input exactly', async (from, to) => {
    const arb = (await arbitrariesOf(kind))[from]!;
    let count = 0;
    await fc.assert(fc.asyncProperty(batchArb(arb), async (objects) => {
      count += await roundTrip(objects, apiVersionOf(group, from), apiVersionOf(group, to));
    }), { numRuns: reviews });
    expect(count).toBeGreaterThanOrEqual(reviews);
    console.log(`conversion property ${kind.identity.kind} ${from} -> ${to}: ${count} objects in ${reviews} reviews`);
  }, 120_000);

  it('converts a mixed list in order, each object to desiredAPIVersion, and back', async () => {
    const arbs = Object.values(await arbitrariesOf(kind));
    const desiredArb = fc.constantFrom(...versions.map((version) => apiVersionOf(group, version)));
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(...arbs), { minLength: 1, maxLength: 6 }), desiredArb, async (objects, desired) => {
      const there = await callConvert(conversionReview(desired, objects));
      expect(there.result.status).toBe('Success');
      expect(there.convertedObjects.map((o) => [o.apiVersion, (o.metadata as JsonMap).name])).toEqual(objects.map((o) => [desired, (o.metadata as JsonMap).name]));
      for (const [index, original] of objects.entries()) {
        const back = await callConvert(conversionReview(String(original.apiVersion), [there.convertedObjects[index]!]));
        expect(back.convertedObjects[0]).toEqual(original);
      }
    }), { numRuns: Math.floor(reviews / 4) });
  }, 120_000);
});
