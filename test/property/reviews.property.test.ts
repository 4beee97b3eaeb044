// Attackers' inputs to /convert, /mutate and /validate: mutated valid reviews and arbitrary JSON. Every answer is a
// well-formed review of the route's kind, HTTP 200 (413 past 6 MB), the uid echoed when readable, never a 500.
// `npm test` runs a bounded number of inputs; `npm run fuzz` (FUZZ_RUNS) runs more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handler as convert } from '../../functions/convert';
import { handler as mutate } from '../../functions/mutate';
import { handler as validate } from '../../functions/validate';
import { maxBodyBytes } from '../../lib/transport/http-api';
import { httpApiEvent, loadEvent } from '../support/events';
import type { JsonMap } from '../support/karmada';
import { jsonArb, mutatedText, mutationArb } from './arbitraries';

const runs = Math.max(600, Math.floor(Number(process.env.FUZZ_RUNS ?? 0) / 20));
const routes = {
  convert: { handler: convert, seeds: ['convert', 'convert-invalid'] },
  mutate: { handler: mutate, seeds: ['mutate', 'validate', 'validate-invalid'] },
  validate: { handler: validate, seeds: ['validate', 'validate-invalid', 'mutate'] },
} as const;
type Route = keyof typeof routes;

const seedBodies = Object.fromEntries(
  (['convert', 'convert-invalid', 'mutate', 'validate', 'validate-invalid'] as const).map((name) => [name, JSON.parse(loadEvent(name).body!) as JsonMap]),
);

function readableUid(text: string): string {
  try {
    const body = JSON.parse(text) as { request?: { uid?: unknown } } | null;
    const uid = body !== null && typeof body === 'object' && !Array.isArray(body) && body.request !== null && typeof body.request === 'object' ? body.request.uid : undefined;
    return typeof uid === 'string' ? uid : '';
  } catch {
    return '';
  }
}

async function assertWellFormed(route: Route, text: string): Promise<void> {
  const result = await routes[route].handler(httpApiEvent({ routePath: `/${route}`, rawBody: text }));
  const tooLarge = Buffer.byteLength(text) > maxBodyBytes;
  expect(result.statusCode).toBe(tooLarge ? 413 : 200);
  const review = JSON.parse(result.body as string) as { apiVersion: string; kind: string; response: Record<string, unknown> };
  const { response } = review;
  if (route === 'convert') {
    expect([review.apiVersion, review.kind]).toEqual(['apiextensions.k8s.io/v1', 'ConversionReview']);
    const status = (response.result as { status: string; message?: string }).status;
    expect(['Success', 'Failure']).toContain(status);
    if (status === 'Failure') {
      expect(response.convertedObjects).toEqual([]);
      expect((response.result as { message: string }).message).not.toMatch(/internal error/);
    }
  } else {
    expect([review.apiVersion, review.kind]).toEqual(['admission.k8s.io/v1', 'AdmissionReview']);
    expect(typeof response.allowed).toBe('boolean');
    if (response.allowed === false) expect(tooLarge ? [413] : [400, 404, 422]).toContain((response.status as { code: number }).code);
    if (response.patch !== undefined) expect(response.patchType).toBe('JSONPatch');
  }
  const uid = tooLarge ? '' : readableUid(text);
  if (uid !== '') expect(response.uid).toBe(uid);
}

describe.each(Object.keys(routes) as Route[])('/%s under attackers\' inputs', (route) => {
  it('answers every mutated valid review with a well-formed review of its kind', async () => {
    const seedArb = fc.constantFrom(...routes[route].seeds);
    await fc.assert(
      fc.asyncProperty(seedArb, fc.array(mutationArb, { minLength: 1, maxLength: 6 }), async (seed, mutations) => {
        await assertWellFormed(route, mutatedText(seedBodies[seed]!, mutations));
      }),
      { numRuns: runs },
    );
  }, 120_000);

  it('answers arbitrary JSON with a well-formed review of its kind', async () => {
    await fc.assert(fc.asyncProperty(jsonArb, async (value) => assertWellFormed(route, JSON.stringify(value))), { numRuns: Math.floor(runs / 3) });
  }, 120_000);
});
