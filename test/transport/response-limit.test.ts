// Answers over Lambda's 6 MB response limit are refused with the uid, in every review, through the handler and the
// local server; an answer at the limit goes out as it is.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmissionRegistry } from '../../lib/admission/registry';
import { createConversionRegistry } from '../../lib/conversion/registry';
import { admissionEndpoint } from '../../lib/handlers/admission';
import { conversionEndpoint } from '../../lib/handlers/conversion';
import { interpreterEndpoint } from '../../lib/handlers/interpreter';
import { createInterpreterRegistry } from '../../lib/interpreter/registry';
import { createLocalServer } from '../../lib/local/server';
import { logger } from '../../lib/observability/call-record';
import { reviewHandler, type HttpApiHandler } from '../../lib/transport/http-api';
import { describeBytes, maxResponseBytes } from '../../lib/review/answer-size';
import { responseBytesOf } from '../../lib/transport/response-limit';
import { httpApiEvent } from '../support/events';
import { interpreterContext, type JsonMap } from '../support/karmada';
import { captureLogs } from '../support/logs';
import { admissionReview, conversionReview } from '../support/reviews';

captureLogs();

const identity = { group: 'g.io', versions: ['v1'], kind: 'Thing', plural: 'things', storageVersion: 'v1', home: 'test', ownCrd: true } as const;

/** A kind whose InterpretStatus answers a status padded with `pad`: the answer grows as a kind's can. */
let pad = '';
const interpreter = reviewHandler(
  interpreterEndpoint(createInterpreterRegistry([{ ...identity, operations: { InterpretStatus: () => ({ rawStatus: { pad } }) } }])),
);
const thing = { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 'big', namespace: 'ns' } };
const statusRequest = interpreterContext({ operation: 'InterpretStatus', object: thing, uid: 'uid-big' });

async function interpretStatus(padding: string): Promise<APIGatewayProxyStructuredResultV2> {
  pad = padding;
  return interpreter(httpApiEvent({ body: statusRequest }));
}

/** The bytes Lambda returns for a result: the result as JSON, body escapes included. */
const lambdaBytes = (result: APIGatewayProxyStructuredResultV2) => Buffer.byteLength(JSON.stringify(result));

const responseOf = (result: APIGatewayProxyStructuredResultV2) => (JSON.parse(result.body!) as { response: JsonMap }).response;

function loggedLine(): Record<string, unknown> {
  const calls = vi.mocked(logger.warn).mock.calls;
  expect(calls).toHaveLength(1);
  return calls[0]![1] as Record<string, unknown>;
}

describe('responseBytesOf', () => {
  it('skips measuring an answer that certainly fits, and measures one that may not as Lambda does', () => {
    // Prepare: a body of JSON text whose escapes and UTF-8 make it larger in the payload than its length
    const small = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'é"\\' }) };
    const large = { ...small, body: JSON.stringify({ a: 'é"\\\u2028😀'.repeat(300_000) }) };

    // Act + Assess
    expect(responseBytesOf(small)).toBeUndefined();
    expect(responseBytesOf(large)).toBe(lambdaBytes(large));
    expect(describeBytes(7_759_104)).toBe('7.4 MB (7,759,104 bytes)');
  });
});

describe('an interpreter answer over 6 MB', () => {
  it('is refused with code 413 and the uid, naming the operation, the object and the size, and logged with its reason', async () => {
    // Act
    const result = await interpretStatus('x'.repeat(7 * 1024 * 1024));

    // Assess
    expect(result.statusCode).toBe(200);
    expect(lambdaBytes(result)).toBeLessThan(4096);
    const response = responseOf(result);
    expect(response).toMatchObject({ uid: 'uid-big', successful: false, status: { code: 413 } });
    const message = (response.status as { message: string }).message;
    expect(message).toMatch(/^the InterpretStatus answer for g\.io\/v1\/Thing ns\/big is 7\.0 MB \(7,340,\d{3} bytes\), over the 6 MB \(6,291,456 bytes\) a Lambda response may carry; /);
    expect(message).toContain('--exclude-operations');
    expect(loggedLine()).toMatchObject({
      uid: 'uid-big',
      operation: 'InterpretStatus',
      kind: 'g.io/v1/Thing',
      successful: false,
      code: 413,
      statusMessage: message,
      reason: expect.stringMatching(/^the answer is 7340\d{3} bytes as Lambda returns it, over its 6291456-byte response limit$/),
    });
  });

  it('is refused with the uid and a short message when the object name is megabytes long', async () => {
    // Prepare: a name echoed whole would make the refusal itself too large for Lambda
    const named = { ...thing, metadata: { name: 'n'.repeat(1024 * 1024), namespace: 's'.repeat(512 * 1024) } };
    pad = 'x'.repeat(7 * 1024 * 1024);

    // Act
    const result = await interpreter(httpApiEvent({ body: interpreterContext({ operation: 'InterpretStatus', object: named, uid: 'uid-long-name' }) }));

    // Assess
    expect(lambdaBytes(result)).toBeLessThan(4096);
    const response = responseOf(result);
    expect(response).toMatchObject({ uid: 'uid-long-name', successful: false, status: { code: 413 } });
    expect((response.status as { message: string }).message).toMatch(/^the InterpretStatus answer for g\.io\/v1\/Thing s{62}…\/n{252}… is /);
  });

  it('goes out as it is at exactly 6 MB, and is refused one byte over', async () => {
    // Prepare: the answer's size without padding; each `x` adds one byte to it
    const base = lambdaBytes(await interpretStatus(''));
    const atLimit = 'x'.repeat(maxResponseBytes - base);

    // Act
    const at = await interpretStatus(atLimit);
    const over = await interpretStatus(`${atLimit}x`);

    // Assess
    expect(lambdaBytes(at)).toBe(maxResponseBytes);
    expect(responseOf(at)).toMatchObject({ uid: 'uid-big', successful: true, rawStatus: { pad: atLimit } });
    expect(responseOf(over)).toMatchObject({ uid: 'uid-big', successful: false, status: { code: 413 } });
  });

  it('counts the escapes Lambda adds: a 4 MB body of quotes is an 8 MB payload', async () => {
    // Act: each `"` is `\"` in the body and `\\\"` in the payload
    const result = await interpretStatus('"'.repeat(2 * 1024 * 1024));

    // Assess
    expect(responseOf(result)).toMatchObject({ uid: 'uid-big', successful: false, status: { code: 413, message: expect.stringContaining('is 8.0 MB') } });
  });
});

describe('an answer to a large request', () => {
  it('is counted before it is written: refused with its exact size, and JSON.stringify never builds it', async () => {
    // Prepare: a request over 393 KB (a sixteenth of the limit), whose answer is counted first
    const large = interpreterContext({ operation: 'InterpretStatus', object: { ...thing, spec: { filler: 'f'.repeat(400 * 1024) } }, uid: 'uid-big' });
    pad = 'x'.repeat(7 * 1024 * 1024);
    const stringify = vi.spyOn(JSON, 'stringify');

    // Act
    const result = await interpreter(httpApiEvent({ body: large }));

    // Assess: no text over a megabyte was written, and the size is the one the final check measures
    const written = stringify.mock.results.map((each) => (typeof each.value === 'string' ? each.value.length : 0));
    stringify.mockRestore();
    expect(Math.max(...written)).toBeLessThan(1024 * 1024);
    const message = (responseOf(result).status as { message: string }).message;
    expect(message).toMatch(/^the InterpretStatus answer for g\.io\/v1\/Thing ns\/big is 7\.0 MB \(7,340,\d{3} bytes\), over the 6 MB/);
    pad = 'x'.repeat(7 * 1024 * 1024);
    const measured = /\(([\d,]+) bytes\)/.exec(message)![1];
    const final = (responseOf(await interpretStatus(pad)).status as { message: string }).message;
    expect(final).toContain(`(${measured} bytes)`);
  });

  it('a patch is counted before it is encoded: refused as at least its base64', async () => {
    // Prepare: a kind whose Retain patch echoes a 5 MB field (7 MB in base64)
    const echoing = reviewHandler(
      interpreterEndpoint(createInterpreterRegistry([{ ...identity, operations: { Retain: ({ observedObject }) => [{ op: 'add', path: '/spec', value: (observedObject as JsonMap).spec as JsonMap }] } }])),
    );
    const observed = { ...thing, spec: { kept: 'k'.repeat(5 * 1024 * 1024) } };

    // Act
    const result = await echoing(httpApiEvent({ body: interpreterContext({ operation: 'Retain', object: thing, observedObject: observed, uid: 'uid-patch' }) }));

    // Assess
    expect(responseOf(result)).toMatchObject({ uid: 'uid-patch', successful: false, status: { code: 413, message: expect.stringMatching(/^the Retain answer for g\.io\/v1\/Thing ns\/big is at least 6\.7 MB/) } });
  });
});

describe('conversion and admission answers over 6 MB', () => {
  const huge = 'x'.repeat(7 * 1024 * 1024);

  it('a ConversionReview is a Failure with the uid and the message', async () => {
    // Prepare: a conversion whose converted object grows (v1 → v2 adds an annotation)
    const registry = createConversionRegistry([
      {
        ...identity,
        versions: ['v1', 'v2'],
        storageVersion: 'v2',
        spokes: { v1: { toHub: (object) => ({ ...object, metadata: { ...(object.metadata as JsonMap), annotations: { huge } } }), fromHub: (hub) => hub } },
      },
    ]);
    const handler = reviewHandler(conversionEndpoint(registry));
    const object = { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 'big', namespace: 'ns', uid: 'object-uid' } };

    // Act
    const result = await handler(httpApiEvent({ routePath: '/convert', body: conversionReview('g.io/v2', [object], 'uid-conv') }));

    // Assess
    const response = responseOf(result);
    expect(response).toMatchObject({ uid: 'uid-conv', convertedObjects: [], result: { status: 'Failure' } });
    expect((response.result as { message: string }).message).toMatch(/^the Convert answer for .* is 7\.0 MB .*; list fewer objects at a time/);
    expect(loggedLine()).toMatchObject({ review: 'ConversionReview', uid: 'uid-conv', successful: false, code: 413, reason: expect.stringContaining('response limit') });
  });

  it('an AdmissionReview is denied with code 413, reason RequestEntityTooLarge, and the uid', async () => {
    // Prepare: a defaulting patch as large as the object can make it
    const registry = createAdmissionRegistry([
      { ...identity, defaults: () => [{ op: 'add', path: '/metadata/annotations', value: { huge } }], validate: () => ({ errors: [], warnings: [] }) },
    ]);
    const handler = reviewHandler(admissionEndpoint(registry, 'mutate'));
    const object = { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 'big', namespace: 'ns' } };
    const body = admissionReview({ operation: 'CREATE', group: 'g.io', version: 'v1', kind: 'Thing', object, name: 'big', namespace: 'ns', uid: 'uid-adm' });

    // Act
    const result = await handler(httpApiEvent({ routePath: '/mutate', body }));

    // Assess
    expect(responseOf(result)).toMatchObject({
      uid: 'uid-adm',
      allowed: false,
      status: { code: 413, reason: 'RequestEntityTooLarge', message: expect.stringMatching(/^the mutate answer for g\.io\/v1\/Thing ns\/big is 9\.3 MB/) },
    });
    expect(loggedLine()).toMatchObject({ review: 'AdmissionReview', uid: 'uid-adm', code: 413 });
  });
});

describe('the local server', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // Prepare: the dispatcher's route served by the same handler code, with the padded kind
    const handlers: Record<string, HttpApiHandler> = { dispatcher: interpreter };
    server = createLocalServer({ handlers });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the refusal with the uid over HTTP, and an answer under the limit as it is', async () => {
    const post = () => fetch(`${base}/interpreter?timeout=10s`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(statusRequest) });

    // Act
    pad = 'x'.repeat(7 * 1024 * 1024);
    const over = await post();
    const refused = (await over.json()) as { response: JsonMap };
    pad = 'x'.repeat(5 * 1024 * 1024);
    const under = await post();
    const served = (await under.json()) as { response: JsonMap };

    // Assess
    expect(over.status).toBe(200);
    expect(refused.response).toMatchObject({ uid: 'uid-big', successful: false, status: { code: 413, message: expect.stringContaining('over the 6 MB') } });
    expect(under.status).toBe(200);
    expect(served.response).toMatchObject({ uid: 'uid-big', successful: true });
    expect((served.response.rawStatus as { pad: string }).pad).toHaveLength(5 * 1024 * 1024);
  });
});
