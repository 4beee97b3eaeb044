// Conversion properties over generated Workloads: lossless round trips both ways, in order, metadata untouched.
// `npm test` converts a few thousand objects each way; `npm run fuzz` (FUZZ_RUNS) converts more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonMap } from '../helpers/karmada';
import { callConvert, conversionReview } from '../helpers/reviews';
import { v1alpha1Arb, v1alpha2Arb } from './workloads';

const reviews = Math.max(1_000, Math.floor(Number(process.env.FUZZ_RUNS ?? 0) / 20));
const batchArb = (arb: fc.Arbitrary<JsonMap>) => fc.array(arb, { minLength: 1, maxLength: 5 });
const v1 = 'workload.example.io/v1alpha1';
const v2 = 'workload.example.io/v1alpha2';

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

describe('Workload conversion round trips', () => {
  it.each([
    ['v1alpha1 -> v1alpha2 -> v1alpha1', v1alpha1Arb, v1, v2],
    ['v1alpha2 -> v1alpha1 -> v1alpha2', v1alpha2Arb, v2, v1],
  ] as const)('%s gives back the input exactly', async (_name, arb, from, to) => {
    let converted = 0;
    await fc.assert(fc.asyncProperty(batchArb(arb), async (objects) => {
      converted += await roundTrip(objects, from, to);
    }), { numRuns: reviews });
    expect(converted).toBeGreaterThanOrEqual(2 * reviews);
    console.log(`conversion property ${_name}: ${converted} objects in ${reviews} reviews`);
  }, 120_000);

  it('converts a mixed list in order, each object to desiredAPIVersion, and back', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(v1alpha1Arb, v1alpha2Arb), { minLength: 1, maxLength: 6 }), fc.constantFrom(v1, v2), async (objects, desired) => {
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
