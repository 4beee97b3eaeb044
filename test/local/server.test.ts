// The local server answers over real HTTP on loopback, with the deployed routes, and `npm start` runs and stops cleanly.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlersByFunction } from '../../lib/local/functions';
import { createLocalServer } from '../../lib/local/server';
import { maxBodyBytes } from '../../lib/transport/http-api';
import { interpreterContext, readyWorkload } from '../support/karmada';
import { request } from '../support/http';
import { makeServerPki } from '../support/pki';
import { startLocalServer } from '../support/server';
import { requireTool } from '../support/tools';

const workload = readyWorkload(2);

let server: Server;
let base: string;

beforeAll(async () => {
  server = createLocalServer({ handlers: handlersByFunction });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('local server', () => {
  it('serves an operation route with the ?timeout query Karmada appends', async () => {
    const response = await post('/interpreter/interpret-health?timeout=10s', interpreterContext({ operation: 'InterpretHealth', object: workload, uid: 'u1' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterContext',
      response: { uid: 'u1', successful: true, healthy: true },
    });
  });

  it('serves the dispatcher with and without a token segment', async () => {
    for (const path of ['/interpreter', '/any-token/interpreter', '/any-token/interpreter/interpret-status']) {
      const response = await post(`${path}?timeout=3s`, interpreterContext({ operation: 'InterpretStatus', object: workload, uid: 'u2' }));
      expect(((await response.json()) as { response: unknown }).response).toEqual({ uid: 'u2', successful: true, rawStatus: { readyReplicas: 2 } });
    }
  });

  it('answers GET /healthz', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['GET', '/interpreter'],
    ['GET', '/interpreter/retain'],
    ['POST', '/interpreter/retain/extra'],
    ['POST', '/interpreter/InterpretReplica'],
    ['POST', '/interpreter/interpretreplica'],
    ['DELETE', '/healthz'],
    ['POST', '/'],
  ])('answers %s %s with HTTP 404 and a JSON body', async (method, path) => {
    const response = await fetch(`${base}${path}`, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers a body over 6 MB with HTTP 413 and a JSON body, and keeps serving', async () => {
    const response = await post('/interpreter', `{"pad":"${'x'.repeat(maxBodyBytes)}"}`).catch((error: unknown) => error);
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
    }
    const after = await fetch(`${base}/healthz`);
    expect(after.status).toBe(200);
  });

  it('answers a body of exactly 6 MB normally', async () => {
    const body = JSON.stringify(interpreterContext({ operation: 'InterpretHealth', object: workload, uid: 'big' }));
    const padded = body.slice(0, -1) + `,"pad":"${'x'.repeat(maxBodyBytes - body.length - 10)}"}`;
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(maxBodyBytes);
    const response = await post('/interpreter', padded);
    expect(((await response.json()) as { response: unknown }).response).toEqual({ uid: 'big', successful: true, healthy: true });
  });

  it('answers 24 bodies at once, 18 of them over 64 KB, each with its own uid: none lost or mixed', async () => {
    // Bodies that come in several chunks share the one kept buffer (one request at a time) or gather in their own;
    // 64 KB is also the idle collector's large body. Every call carries its own uid and its own readyReplicas.
    const calls = Array.from({ length: 24 }, (_, i) => {
      const body = JSON.stringify(interpreterContext({ operation: 'InterpretStatus', object: readyWorkload(i), uid: `turn-${i}` }));
      return i % 4 === 3 ? body : `${body.slice(0, -1)},"pad":"${'x'.repeat(80 * 1024)}"}`;
    });
    expect(calls.filter((body) => Buffer.byteLength(body) >= 64 * 1024)).toHaveLength(18);
    const answers = await Promise.all(calls.map((body) => post('/interpreter', body).then((response) => response.json() as Promise<{ response: unknown }>)));
    answers.forEach((answer, i) => expect(answer.response).toEqual({ uid: `turn-${i}`, successful: true, rawStatus: { readyReplicas: i } }));
  });

  it('passes non-UTF-8 bytes through as a base64 body and answers 400', async () => {
    const response = await fetch(`${base}/interpreter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0xff, 0xfe, 0x7b]) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { response: unknown }).response).toMatchObject({ successful: false, status: { code: 400 } });
  });
});

describe('local server, collecting when its clients leave', () => {
  it('runs one collection once the last connection closes after a request, none while one stays open', async () => {
    let collections = 0;
    const own = createLocalServer({ handlers: handlersByFunction, collect: () => collections++ });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/healthz`;
    try {
      const { Agent } = await import('node:http');
      const agent = new Agent({ keepAlive: true });
      const get = () => request(url, { agent });
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(collections).toBe(0);
      agent.destroy();
      await expect.poll(() => collections, { timeout: 2_000 }).toBe(1);
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe('npm start', () => {
  it('listens on the printed address, logs one line per request and stops on SIGTERM', async () => {
    // No HOST: the default address is loopback.
    const started = await startLocalServer({ env: { POWERTOOLS_LOG_LEVEL: 'INFO', HOST: undefined } });
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const logged = started.waitForOutput(/\{[^\n]*"message":"interpreter call"[^\n]*"uid":"u3"[^\n]*\n/);
    const response = await fetch(`${started.url}/interpreter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(interpreterContext({ operation: 'InterpretReplica', object: workload, uid: 'u3' })),
    });
    expect(((await response.json()) as { response: unknown }).response).toMatchObject({ uid: 'u3', successful: true, replicas: 2 });
    expect((await logged)[0]).toContain('"operation":"InterpretReplica"');
    expect(await started.stop('SIGTERM')).toBe(0);
  });

  const openssl = requireTool('openssl');
  it.skipIf(openssl.missing)(`serves HTTPS with TLS_CERT and TLS_KEY${openssl.note}`, async () => {
    const pki = makeServerPki();
    const started = await startLocalServer({ env: { TLS_CERT: pki.cert, TLS_KEY: pki.key } });
    expect(started.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { text } = await request(`${started.url}/healthz`, { ca: pki.ca.pem });
    expect(JSON.parse(text)).toEqual({ status: 'ok' });
    expect(await started.stop('SIGINT')).toBe(0);
  });
});
