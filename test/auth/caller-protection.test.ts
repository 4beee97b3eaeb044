// The guard in front of interpreter routes: 401 before any interpreter work, 403 by source, 503 only on a cold outage.
import { describe, expect, it, vi } from 'vitest';
import { callerGuard } from '../../lib/auth/caller-protection';
import { readConfig } from '../../lib/config';
import { errored } from '../../lib/interpreter/wire/responses';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { reviewHandler } from '../../lib/transport/http-api';
import { httpApiEvent } from '../support/events';

const versions = { current: 'current-token', previous: 'previous-token' };

function protectedHandler(env: Record<string, string>, read = vi.fn(async () => versions)) {
  const serve = vi.fn(() => ({ reply: { body: { response: { uid: 'u', successful: true } } }, outcome: { successful: true, code: 200 } }));
  const guard = callerGuard(readConfig(env), read);
  const handler = reviewHandler({ uidOf: () => 'u', failure: errored, serve }, { guard });
  return { handler, serve, read };
}

async function callWith(handler: ReturnType<typeof protectedHandler>['handler'], token: string | undefined, sourceIp?: string) {
  const event = httpApiEvent({
    body: { request: { uid: 'u' } },
    routePath: token === undefined ? '/interpreter' : '/{token}/interpreter',
    rawPath: token === undefined ? '/interpreter' : `/${token}/interpreter`,
    ...(token === undefined ? {} : { pathParameters: { token } }),
    ...(sourceIp ? { sourceIp } : {}),
  });
  const result = await handler(event);
  return { result, response: (JSON.parse(result.body!) as ResourceInterpreterContext).response! };
}

describe('callerGuard', () => {
  it('is off when nothing is configured', () => {
    expect(callerGuard(readConfig({}))).toBeUndefined();
  });

  it('refuses a missing token with 401 and does no interpreter work', async () => {
    const { handler, serve } = protectedHandler({ AUTH_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:t' });
    const { result, response } = await callWith(handler, undefined);
    expect(result.statusCode).toBe(200);
    expect(response).toMatchObject({ uid: 'u', successful: false, status: { code: 401 } });
    expect(response.status?.message).toContain('no caller token');
    expect(serve).not.toHaveBeenCalled();
  });

  it('refuses a wrong token with 401 without echoing it', async () => {
    const { handler, serve } = protectedHandler({ AUTH_SECRET_ID: 's' });
    const { response } = await callWith(handler, 'guessed-token');
    expect(response.status?.code).toBe(401);
    expect(JSON.stringify(response)).not.toContain('guessed-token');
    expect(JSON.stringify(response)).not.toContain('current-token');
    expect(serve).not.toHaveBeenCalled();
  });

  it('serves the current and the previous token', async () => {
    const { handler, serve } = protectedHandler({ AUTH_SECRET_ID: 's' });
    expect((await callWith(handler, 'current-token')).response.successful).toBe(true);
    expect((await callWith(handler, 'previous-token')).response.successful).toBe(true);
    expect(serve).toHaveBeenCalledTimes(2);
  });

  it('answers HTTP 503 with Retry-After: 1 when the secret cannot be read and nothing is cached', async () => {
    const { handler } = protectedHandler({ AUTH_SECRET_ID: 's' }, vi.fn(async () => Promise.reject(new Error('timeout'))));
    const { result, response } = await callWith(handler, 'current-token');
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe('1');
    expect(response).toMatchObject({ successful: false, status: { code: 503 } });
  });

  it('refuses a source outside AUTH_ALLOWED_CIDRS with 403, with or without token protection', async () => {
    const { handler, serve } = protectedHandler({ AUTH_ALLOWED_CIDRS: '203.0.113.0/24, 2001:db8::/32' });
    expect((await callWith(handler, undefined, '203.0.113.9')).response.successful).toBe(true);
    expect((await callWith(handler, undefined, '2001:db8::1')).response.successful).toBe(true);
    expect((await callWith(handler, undefined, '2001:db9::1')).response.status?.code).toBe(403);
    const { response } = await callWith(handler, undefined, '198.51.100.1');
    expect(response.status).toEqual({ code: 403, message: expect.stringContaining('198.51.100.1') });
    expect(serve).toHaveBeenCalledTimes(2);
  });

  it('checks the token before the source address', async () => {
    const { handler } = protectedHandler({ AUTH_SECRET_ID: 's', AUTH_ALLOWED_CIDRS: '203.0.113.0/24' });
    expect((await callWith(handler, 'wrong', '198.51.100.1')).response.status?.code).toBe(401);
    expect((await callWith(handler, 'current-token', '198.51.100.1')).response.status?.code).toBe(403);
  });

  it('refuses every call with 500 naming the problem when the configuration is invalid', async () => {
    const { handler, serve } = protectedHandler({ AUTH_ALLOWED_CIDRS: '10.0.0.0/99', AUTH_TOKEN_CACHE_SECONDS: 'soon' });
    const { response } = await callWith(handler, undefined);
    expect(response.status?.code).toBe(500);
    expect(response.status?.message).toContain('AUTH_TOKEN_CACHE_SECONDS');
    expect(response.status?.message).toContain('"10.0.0.0/99"');
    expect(serve).not.toHaveBeenCalled();
  });
});
