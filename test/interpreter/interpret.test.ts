// Faults: interpreters that throw, bodies past the payload limit, and malformed HTTP. The answer stays well-formed,
// no detail of an exception reaches the caller, and the local server keeps serving afterwards.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as dispatcher } from '../../functions/dispatcher';
import { workloadInterpreter as workload } from '../../lib/kinds/workload/interpreter';
import { handlersByFunction } from '../../lib/local/functions';
import { createLocalServer } from '../../lib/local/server';
import { logger } from '../../lib/observability/call-record';
import { interpreterOperations, routeSegmentOf, type InterpreterOperation } from '../../lib/interpreter/wire/operations';
import { errored } from '../../lib/interpreter/wire/responses';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { maxBodyBytes, reviewHandler, type CallerGuard, type ReviewEndpoint } from '../../lib/transport/http-api';
import { captureLogs } from '../support/logs';
import { httpApiEvent } from '../support/events';
import { interpreterContext, type JsonMap, readyWorkload } from '../support/karmada';

const object = readyWorkload(2);

function bodyFor(operation: InterpreterOperation, uid: string): JsonMap {
  return interpreterContext({ operation, object, uid, ...(operation === 'Retain' ? { observedObject: object } : {}), ...(operation === 'ReviseReplica' ? { replicas: 3 } : {}) });
}

const secret = 'db password hunter2 at /var/task/functions/secret.mjs:41:7';
const stackLike = /\n\s+at |\.m?[jt]s:\d+|\/var\/task|node_modules|hunter2/;

captureLogs();

describe('an interpreter that throws unexpectedly', () => {
  it.each(interpreterOperations)('%s: code 500 with a generic message on its route and the dispatcher; the details go to the log', async (operation) => {
    // Prepare
    vi.spyOn(workload.operations, operation).mockImplementation(() => {
      throw new Error(secret);
    });
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const segment = routeSegmentOf[operation];

    for (const [handler, routePath] of [[handlersByFunction[segment]!, `/interpreter/${segment}`], [dispatcher, '/interpreter']] as const) {
      // Act
      const result = await handler(httpApiEvent({ routePath, body: bodyFor(operation, `uid-${segment}`) }));

      // Assess
      expect(result.statusCode).toBe(200);
      expect(result.body).not.toMatch(stackLike);
      const { response } = JSON.parse(result.body!) as ResourceInterpreterContext;
      expect(response).toEqual({ uid: `uid-${segment}`, successful: false, status: { code: 500, message: expect.stringContaining('internal error') } });
    }
    expect(error).toHaveBeenCalledTimes(2);
    const [, line] = error.mock.calls[0] as [string, { code: number; error?: { message: string; stack?: string } }];
    expect(line).toMatchObject({ code: 500, error: { message: secret } });
    expect(line.error?.stack).toContain('Error: ' + secret);
  });

  it.each<[string, unknown]>([
    ['a string', 'plain string'],
    ['undefined', undefined],
    ['null', null],
    ['a symbol', Symbol('thrown')],
    ['a number', 42],
    ['an object', { message: secret }],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'spec')")],
    ['a RangeError (stack overflow)', new RangeError('Maximum call stack size exceeded')],
  ])('throwing %s still answers code 500, generically', async (_what, thrown) => {
    vi.spyOn(workload.operations, 'InterpretHealth').mockImplementation(() => {
      throw thrown;
    });
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);

    const result = await dispatcher(httpApiEvent({ body: bodyFor('InterpretHealth', 'uid-thrown') }));

    expect(result.body).not.toMatch(stackLike);
    expect(JSON.parse(result.body!)).toMatchObject({ response: { uid: 'uid-thrown', successful: false, status: { code: 500 } } });
  });

  // KF-2 (reported): a thrown value that cannot be turned into a string (a null-prototype object, or one whose
  // toString throws) makes recordCall's String(error) throw *after* the handler's try/catch: the exception escapes
  // the Lambda handler (API Gateway answers 500 with its own body). Flip to `it` once fixed.
  it('KF-2: throwing a null-prototype object still answers code 500', async () => {
    vi.spyOn(workload.operations, 'InterpretHealth').mockImplementation(() => {
      throw Object.create(null);
    });
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);

    const result = await dispatcher(httpApiEvent({ body: bodyFor('InterpretHealth', 'uid-null-proto') }));

    expect(JSON.parse(result.body!)).toMatchObject({ response: { uid: 'uid-null-proto', successful: false, status: { code: 500 } } });
  });

  it.each<[string, Partial<ReviewEndpoint>, CallerGuard | undefined]>([
    ['the caller guard rejects', {}, () => Promise.reject(new Error(secret))],
    ['reading the uid throws', { uidOf: () => { throw new Error(secret); } }, undefined],
    ['the answer cannot be serialised (a BigInt)', { serve: () => ({ reply: { body: { n: 1n } }, outcome: { successful: true, code: 200 } }) }, undefined],
    ['serve rejects', { serve: () => Promise.reject(new Error(secret)) }, undefined],
  ])('a transport-level fault (%s) answers code 500 without details', async (_what, override, guard) => {
    const endpoint: ReviewEndpoint = {
      uidOf: () => 'uid-transport',
      failure: errored,
      serve: () => ({ reply: { body: {} }, outcome: { successful: true, code: 200 } }),
      ...override,
    };
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);

    const result = await reviewHandler(endpoint, guard ? { guard } : {})(httpApiEvent({ body: bodyFor('InterpretHealth', 'uid-transport') }));

    expect(result.statusCode).toBe(200);
    expect(result.body).not.toMatch(stackLike);
    expect(JSON.parse(result.body!)).toMatchObject({ apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', response: { successful: false, status: { code: 500 } } });
  });
});

describe('the local server under faults', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createLocalServer({ handlers: handlersByFunction });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  interface Exchange {
    /** Everything the server sent before the connection ended. */
    received: string;
    error?: string;
  }

  /**
   * Writes `parts` on a raw connection, one per tick (stopping once the server has answered), then ends the
   * connection, destroys it, or leaves it open; resolves when the server closes it or after `waitMs`.
   */
  function exchange(parts: (string | Buffer)[], { finish = 'end', waitMs = 2000 }: { finish?: 'end' | 'destroy' | 'keep'; waitMs?: number } = {}): Promise<Exchange> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let error: string | undefined;
      const done = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(error === undefined ? { received } : { received, error });
      };
      const timer = setTimeout(done, waitMs);
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', (e) => (error = e.message));
      socket.on('close', done);
      socket.on('connect', async () => {
        for (const part of parts) {
          if (received !== '' || socket.destroyed) break;
          await new Promise<void>((next) => (socket.write(part) ? setImmediate(next) : socket.once('drain', next)));
        }
        if (finish === 'end') socket.end();
        else if (finish === 'destroy') socket.destroy();
      });
    });
  }

  function statusOf(received: string): number | undefined {
    const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
    return match ? Number(match[1]) : undefined;
  }

  function jsonBodyOf(received: string): unknown {
    return JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
  }

  function head(path: string, headers: Record<string, string | number>): string {
    return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  }

  /** The server still answers a real call correctly, on a new connection. */
  async function expectStillServing(): Promise<void> {
    const response = await fetch(`http://127.0.0.1:${port}/interpreter/interpret-health?timeout=10s`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bodyFor('InterpretHealth', 'uid-after')),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ResourceInterpreterContext).response).toEqual({ uid: 'uid-after', successful: true, healthy: true });
  }

  const mb = Buffer.alloc(1024 * 1024, 'x');

  it('answers 413 JSON as soon as Content-Length declares more than 6 MB, without waiting for the body', async () => {
    const { received } = await exchange([head('/interpreter', { 'content-type': 'application/json', 'content-length': maxBodyBytes + 1 }), '{"pad":"'], { finish: 'keep' });
    expect(statusOf(received)).toBe(413);
    expect(jsonBodyOf(received)).toEqual({ message: 'Request Entity Too Large' });
    await expectStillServing();
  });

  const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

  it('answers 413 JSON to a chunked body once it grows past 6 MB, and keeps serving', async () => {
    // The client stops sending just past the limit and waits for the answer.
    const parts = [head('/interpreter', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }), ...Array(6).fill(chunked(mb)), chunked(Buffer.alloc(65_536, 'y'))];
    const { received } = await exchange(parts, { finish: 'keep' });
    expect(statusOf(received)).toBe(413);
    expect(jsonBodyOf(received)).toEqual({ message: 'Request Entity Too Large' });
    await expectStillServing();
  });

  it('answers 413 on every route, and keeps serving', async () => {
    for (const path of ['/interpreter', '/interpreter/aggregate-status', '/token/interpreter/retain', '/token/interpreter']) {
      const { received } = await exchange([head(path, { 'content-type': 'application/json', 'content-length': 7 * mb.length }), mb], { finish: 'keep' });
      expect([path, statusOf(received)]).toEqual([path, 413]);
    }
    await expectStillServing();
  });

  // KF-3 (reported): the 413 path destroys the socket while the client is still sending, so a client that writes its
  // whole body (fetch/undici, a chunked upload) gets ECONNRESET/EPIPE instead of the 413. Lambda behind API Gateway
  // is not affected (API Gateway answers 413 itself); the local server is. Flip to `it` once fixed.
  it('KF-3: a client that keeps sending its oversized body still reads the 413', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { received } = await exchange([head('/interpreter', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }), ...Array(10).fill(chunked(mb))], { finish: 'keep' });
      expect(statusOf(received)).toBe(413);
    }
  });

  it('keeps serving after a body shorter than its Content-Length (client half-closes)', async () => {
    const body = JSON.stringify(bodyFor('InterpretHealth', 'uid-truncated'));
    const { received } = await exchange([head('/interpreter', { 'content-type': 'application/json', 'content-length': body.length + 100 }), body]);
    // Node cannot complete the request: no answer, or a 400 from its HTTP parser; never a crash.
    expect([undefined, 400]).toContain(statusOf(received));
    await expectStillServing();
  });

  it('keeps serving after clients abort mid-body, many times', async () => {
    const body = JSON.stringify(bodyFor('AggregateStatus', 'uid-aborted'));
    const aborted = Array.from({ length: 50 }, () =>
      exchange([head('/interpreter/aggregate-status', { 'content-type': 'application/json', 'content-length': body.length }), body.slice(0, body.length / 2)], { finish: 'destroy', waitMs: 500 }),
    );
    for (const { received } of await Promise.all(aborted)) expect(received).toBe('');
    await expectStillServing();
  });

  it('keeps serving after a body longer than its Content-Length (the excess is not HTTP)', async () => {
    const body = JSON.stringify(bodyFor('InterpretHealth', 'uid-long'));
    const { received } = await exchange([head('/interpreter', { 'content-type': 'application/json', 'content-length': 20 }) + body]);
    // The first 20 bytes are a request with invalid JSON (code 400 in an HTTP 200 answer); the excess makes Node's
    // parser answer 400 Bad Request and close, which may come first and drop the pending answer.
    expect([200, 400]).toContain(statusOf(received));
    if (statusOf(received) === 200) {
      const json = received.slice(received.indexOf('\r\n\r\n') + 4, received.indexOf('}}}') + 3);
      expect((JSON.parse(json) as ResourceInterpreterContext).response).toMatchObject({ successful: false, status: { code: 400 } });
    }
    await expectStillServing();
  });

  it.each([
    ['invalid JSON', '{"request": {"uid": "x",'],
    ['a lone surrogate and NUL bytes', '{"request":"\ud800\u0000"}'],
    ['non-UTF-8 bytes', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
  ])('answers %s with HTTP 200 and code 400', async (_what, body) => {
    const bytes = Buffer.from(body as string | Buffer);
    const { received } = await exchange([head('/interpreter', { 'content-type': 'application/json', 'content-length': bytes.length, connection: 'close' }), bytes]);
    expect(statusOf(received)).toBe(200);
    expect(jsonBodyOf(received)).toMatchObject({ response: { successful: false, status: { code: 400 } } });
    await expectStillServing();
  });

  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['a bad Content-Length', 'POST /interpreter HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'],
    ['two Content-Lengths that disagree', 'POST /interpreter HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['a bad chunk size', 'POST /interpreter HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
    ['an unknown method', 'BREW /interpreter HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('keeps serving after %s', async (_what, raw) => {
    const { received } = await exchange([raw]);
    expect(statusOf(received)).toBe(400);
    await expectStillServing();
  });
});
