// The front door reads one request once: the transport parses the body and reads its uid once, and each review
// decodes it once with that uid, the interpreter loading the kind's module from the same decoded request it answers.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { admissionEndpoint } from '../../lib/handlers/admission';
import { conversionEndpoint } from '../../lib/handlers/conversion';
import { interpreterEndpoint } from '../../lib/handlers/interpreter';
import { createInterpreterRegistry, type ResourceInterpreter } from '../../lib/interpreter/registry';
import { admissionRegistry } from '../../lib/kinds/admissions';
import { conversionRegistry } from '../../lib/kinds/conversions';
import { uidOf } from '../../lib/review/core';
import type { KindIdentity } from '../../lib/review/kind';
import { reviewHandler, type ReviewEndpoint } from '../../lib/transport/http-api';
import { httpApiEvent, loadEvent } from '../support/events';
import { interpreterContext, type JsonMap } from '../support/karmada';

const event = {} as APIGatewayProxyEventV2;

/** `body` with `request.uid` and `request.kind` behind getters that count their reads. */
function counted(body: JsonMap): { body: JsonMap; reads: { uid: number; kind: number } } {
  const reads = { uid: 0, kind: 0 };
  const request = { ...(body.request as JsonMap) };
  for (const key of ['uid', 'kind'] as const) {
    const value = request[key];
    Object.defineProperty(request, key, { enumerable: true, get: () => (reads[key]++, value) });
  }
  return { body: { ...body, request }, reads };
}

const health = (uid: string): JsonMap =>
  interpreterContext({ operation: 'InterpretHealth', object: { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 't' } }, uid });

const bodyOf = (fixture: string): JsonMap => JSON.parse(loadEvent(fixture).body!) as JsonMap;

describe('the interpreter endpoint', () => {
  const thing: KindIdentity = { group: 'g.io', versions: ['v1'], kind: 'Thing', plural: 'things', storageVersion: 'v1', home: 'test', ownCrd: true };
  const interpreter: ResourceInterpreter = { ...thing, operations: { InterpretHealth: () => ({ healthy: true, reason: 'always' }) } };

  it("reads the kind once for loading its module and answering, and takes the transport's uid", async () => {
    // Prepare
    const endpoint = interpreterEndpoint(createInterpreterRegistry([{ ...thing, load: async () => interpreter }]));
    const { body, reads } = counted(health('a'));

    // Act
    const served = await endpoint.serve(body, event, 'a');

    // Assess
    expect(served.outcome).toMatchObject({ successful: true, kind: 'g.io/v1/Thing', healthy: true });
    expect((served.reply.body as { response: unknown }).response).toEqual({ uid: 'a', successful: true, healthy: true });
    expect(reads).toEqual({ uid: 0, kind: 1 });
  });

  it('reads a missing uid again only to say what is wrong with it', async () => {
    // Prepare
    const endpoint = interpreterEndpoint(createInterpreterRegistry([interpreter]));
    const { body, reads } = counted(health(''));

    // Act
    const served = await endpoint.serve(body, event, '');

    // Assess
    expect(served.outcome).toMatchObject({ successful: false, code: 400, statusMessage: 'request.uid must not be empty' });
    expect(reads.uid).toBe(1);
  });
});

describe('the conversion and admission endpoints', () => {
  it.each([
    ['convert', conversionEndpoint(conversionRegistry)],
    ['mutate', admissionEndpoint(admissionRegistry, 'mutate')],
    ['validate', admissionEndpoint(admissionRegistry, 'validate')],
  ] as const)("%s takes the transport's uid and reads it no more", async (fixture, endpoint) => {
    // Prepare
    const plain = bodyOf(fixture);
    const uid = uidOf(plain);
    const { body, reads } = counted(plain);

    // Act
    const served = await endpoint.serve(body, event, uid);

    // Assess
    expect(served.outcome.successful).toBe(true);
    expect((served.reply.body as { response: { uid: string } }).response.uid).toBe(uid);
    expect(reads.uid).toBe(0);
  });
});

describe('the transport', () => {
  it('reads the uid once and hands that read to the review', async () => {
    // Prepare
    const seen: { uidReads: number; served: string[] } = { uidReads: 0, served: [] };
    const endpoint: ReviewEndpoint = {
      uidOf: (body) => (seen.uidReads++, uidOf(body)),
      failure: (uid, code, message) => ({ response: { uid, code, message } }),
      serve: (_body, _event, uid) => (seen.served.push(uid), { reply: { body: { response: { uid } } }, outcome: { successful: true, code: 200 } }),
    };
    const call = httpApiEvent({ routePath: '/interpreter', body: health('u') });

    // Act
    const result = await reviewHandler(endpoint)(call);

    // Assess
    expect(JSON.parse(result.body!)).toEqual({ response: { uid: 'u' } });
    expect(seen).toEqual({ uidReads: 1, served: ['u'] });
  });
});

