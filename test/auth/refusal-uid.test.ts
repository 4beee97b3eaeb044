// Every refusal whose body can be read echoes request.uid: Karmada compares the uid before it reads the status, so
// without it the operator sees "uid mismatch" instead of our message (issue 7, defect 4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerGuard } from '../../lib/auth/caller-protection';
import { readConfig } from '../../lib/config';
import { uidOf } from '../../lib/review/core';
import { errored } from '../../lib/interpreter/wire/responses';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { maxBodyBytes, refusedUid, reviewHandler, uidScanLimitChars, type ReviewEndpoint } from '../../lib/transport/http-api';
import { httpApiEvent, type EventOptions } from '../support/events';

const uid = '0b6e8c7a-3f0e-4f3b-9d8e-2a1c5e7f9b10';
const context = (extra: Record<string, unknown> = {}) => ({
  apiVersion: 'config.karmada.io/v1alpha1',
  kind: 'ResourceInterpreterContext',
  request: { uid, operation: 'InterpretHealth', ...extra },
});

function guarded(env: Record<string, string>, read = vi.fn(async () => ({ current: 'current-token' }))) {
  const serve = vi.fn(() => ({ reply: { body: {} }, outcome: { successful: true, code: 200 } }));
  const endpoint: ReviewEndpoint = { uidOf, failure: errored, serve };
  return { handler: reviewHandler(endpoint, { guard: callerGuard(readConfig(env), read) }), serve, read };
}

async function call(handler: ReturnType<typeof guarded>['handler'], options: EventOptions) {
  const result = await handler(httpApiEvent(options));
  return { result, response: (JSON.parse(result.body!) as ResourceInterpreterContext).response! };
}

const tokenRoute = (token: string): EventOptions => ({
  routePath: '/{token}/interpreter',
  rawPath: `/${token}/interpreter`,
  pathParameters: { token },
});

describe('refusals echo the uid (transport)', () => {
  it('401: a missing or wrong caller token', async () => {
    const { handler, serve } = guarded({ AUTH_SECRET_ID: 's' });
    for (const options of [{ body: context() }, { body: context(), ...tokenRoute('guessed') }]) {
      const { result, response } = await call(handler, options);
      expect(result.statusCode).toBe(200);
      expect(response).toMatchObject({ uid, successful: false, status: { code: 401 } });
    }
    expect(serve).not.toHaveBeenCalled();
  });

  it('403: a source outside AUTH_ALLOWED_CIDRS', async () => {
    const { handler } = guarded({ AUTH_ALLOWED_CIDRS: '203.0.113.0/24' });
    const { response } = await call(handler, { body: context(), sourceIp: '198.51.100.1' });
    expect(response).toMatchObject({ uid, successful: false, status: { code: 403 } });
  });

  it('500: a misconfigured environment', async () => {
    const { handler } = guarded({ AUTH_ALLOWED_CIDRS: '10.0.0.0/99' });
    const { response } = await call(handler, { body: context() });
    expect(response).toMatchObject({ uid, successful: false, status: { code: 500 } });
    expect(response.status?.message).toContain('AUTH_ALLOWED_CIDRS');
  });

  it('503: the token cannot be verified (HTTP 503, body still readable)', async () => {
    const { handler } = guarded({ AUTH_SECRET_ID: 's' }, vi.fn(async () => Promise.reject(new Error('down'))));
    const { result, response } = await call(handler, { body: context(), ...tokenRoute('current-token') });
    expect(result.statusCode).toBe(503);
    expect(response).toMatchObject({ uid, successful: false, status: { code: 503 } });
  });

  it('400: a body that is not valid JSON but starts like a context', async () => {
    const { handler } = guarded({ AUTH_ALLOWED_CIDRS: '0.0.0.0/0' });
    const { response } = await call(handler, { rawBody: `${JSON.stringify(context()).slice(0, -2)},}` });
    expect(response).toMatchObject({ uid, successful: false, status: { code: 400 } });
    expect(response.status?.message).toContain('not valid JSON');
  });

  it('400: a wrong content type', async () => {
    const { handler } = guarded({ AUTH_ALLOWED_CIDRS: '0.0.0.0/0' });
    const { response } = await call(handler, { body: context(), headers: { 'content-type': 'text/plain' } });
    expect(response).toMatchObject({ uid, successful: false, status: { code: 400 } });
  });

  it('a large refused body that is JSON is read in full: the uid is found wherever it stands', async () => {
    const { handler } = guarded({ AUTH_SECRET_ID: 's' });
    const padding = 'x'.repeat(1024 * 1024);
    const late = await call(handler, {
      rawBody: `{"request":{"object":{"data":"${padding}"},"uid":"${uid}"}}`,
    });
    expect(late.response).toMatchObject({ uid, status: { code: 401 } });
  });
});

describe('refusedUid', () => {
  const endpoint: ReviewEndpoint = { uidOf, failure: errored, serve: () => ({ reply: { body: {} }, outcome: { successful: true, code: 200 } }) };
  const big = (head: string) => `${head}${' '.repeat(uidScanLimitChars)}`;

  it('reads the uid of small bodies by parsing them, whatever the key order', () => {
    expect(refusedUid(endpoint, JSON.stringify({ request: { object: { metadata: { uid: 'other' } }, uid } }))).toBe(uid);
  });

  it('scans large or broken bodies for the first "uid" after "request", decoding escapes', () => {
    expect(refusedUid(endpoint, big(`{"kind":"x","request" : { "uid" :  "a\\"b\\u0041" , "operation":`))).toBe('a"bA');
    expect(refusedUid(endpoint, big('{"request":{"uid":42,'))).toBe('');
    expect(refusedUid(endpoint, big('{"uid":"top-level","request":{}}'))).toBe('');
    expect(refusedUid(endpoint, `{"request":{"uid":"${'u'.repeat(2000)}"}, ${' '.repeat(uidScanLimitChars)}`)).toBe('');
    expect(refusedUid(endpoint, '')).toBe('');
  });

  it('a body over the payload limit is only scanned: a uid past the prefix is not read', () => {
    const huge = `{"request":{"object":"${'a'.repeat(maxBodyBytes)}","uid":"${uid}"}}`;
    expect(refusedUid(endpoint, huge)).toBe('');
    expect(refusedUid(endpoint, `{"request":{"uid":"${uid}","object":"${'a'.repeat(maxBodyBytes)}"}}`)).toBe(uid);
  });
});

describe('refusals echo the uid (Lambda handlers, configured by the environment)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function handlerWith(env: Record<string, string>) {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    return (await import('../../functions/interpret-health')).handler;
  }

  it('403 and the configuration 500 from the real function', async () => {
    const forbidden = await handlerWith({ AUTH_ALLOWED_CIDRS: '192.0.2.0/24' });
    const refused = await forbidden(httpApiEvent({ routePath: '/interpreter/interpret-health', body: context() }));
    expect(JSON.parse(refused.body!).response).toMatchObject({ uid, successful: false, status: { code: 403 } });

    const misconfigured = await handlerWith({ AUTH_TOKEN_CACHE_SECONDS: 'soon' });
    const failed = await misconfigured(httpApiEvent({ routePath: '/interpreter/interpret-health', body: context() }));
    expect(JSON.parse(failed.body!).response).toMatchObject({ uid, successful: false, status: { code: 500 } });
  });

  it('counts the configuration 500 in the ServerErrors metric the stack alarms on (EMF)', async () => {
    const handler = await handlerWith({ AUTH_TOKEN_CACHE_SECONDS: 'soon', POWERTOOLS_METRICS_DISABLED: 'false' });
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await handler(httpApiEvent({ routePath: '/interpreter/interpret-health', body: context() }));
    } finally {
      spy.mockRestore();
    }
    const emf = written.flatMap((text) => text.split('\n')).filter((line) => line.includes('"_aws"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({ ServerErrors: 1, Errors: 1, Calls: 1, service: 'karmada-interpreter' });
  });
});
