// The deploy-only health route Route 53 probes in an active/active set (deploy/serverless/region-health.ts): 200 only
// when this region can answer a protected call, never the token in the answer, 503 while draining.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { regionHealthHandler } from '../../deploy/serverless/region-health';
import type { TokenSource } from '../../lib/auth/token-store';

const token = 'A'.repeat(48);
const protectedEnv = { AUTH_SECRET_ID: 'karmada-interpreter-prod-caller-token', AUTH_TOKEN_CACHE_SECONDS: '300', AWS_REGION: 'eu-west-1', REGION_DRAIN: 'off' };
const probe = { requestContext: { http: { method: 'GET', sourceIp: '54.243.31.192' } }, rawPath: '/healthz/region' } as unknown as APIGatewayProxyEventV2;

function countingSource(source: TokenSource): TokenSource & { reads: number } {
  const counted = Object.assign(async () => {
    counted.reads++;
    return source();
  }, { reads: 0 });
  return counted;
}

const answer = async (env: Record<string, string>, source?: TokenSource) => {
  const result = await regionHealthHandler(env, source)(probe);
  return { status: result.statusCode, body: JSON.parse(result.body!) as Record<string, unknown>, text: result.body! };
};

describe('region health (GET /healthz/region)', () => {
  it('answers 200 when the local secret reads and the caller guard accepts its token; the token is not in the answer', async () => {
    const source = countingSource(async () => ({ current: token }));
    const handler = regionHealthHandler(protectedEnv, source);
    const first = await handler(probe);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body!)).toEqual({ status: 'ok', region: 'eu-west-1', protection: 'token' });
    expect(first.body).not.toContain(token);
    expect(first.headers).toMatchObject({ 'cache-control': 'no-store' });
    // Route 53 probes every few seconds: the guard and the probe share one cached read.
    for (let probes = 0; probes < 20; probes++) expect((await handler(probe)).statusCode).toBe(200);
    expect(source.reads).toBe(1);
  });

  it('answers 503 when the secret cannot be read in this region (a missing replica, no permission)', async () => {
    const missing = Object.assign(new Error('Secrets Manager can’t find the specified secret.'), { name: 'ResourceNotFoundException' });
    const { status, body } = await answer(protectedEnv, async () => Promise.reject(missing));
    expect(status).toBe(503);
    expect(body).toEqual({ status: 'unhealthy', region: 'eu-west-1', reason: 'the caller token cannot be read from Secrets Manager in eu-west-1: ResourceNotFoundException' });
  });

  it('answers 503 when the secret holds no usable token, or the environment is misconfigured', async () => {
    const malformed = await answer(protectedEnv, async () => ({ current: '' }));
    expect(malformed.status).toBe(503);
    const misconfigured = await answer({ ...protectedEnv, AUTH_TOKEN_CACHE_SECONDS: 'soon' }, async () => ({ current: token }));
    expect(misconfigured.status).toBe(503);
    expect(misconfigured.body.reason).toContain('AUTH_TOKEN_CACHE_SECONDS');
  });

  it("is healthy when allowedCidrs refuses the checker's own address (Route 53's checkers are not callers)", async () => {
    const { status } = await answer({ ...protectedEnv, AUTH_ALLOWED_CIDRS: '10.0.0.0/8' }, async () => ({ current: token }));
    expect(status).toBe(200);
  });

  it('answers 503 draining with REGION_DRAIN=on, without reading anything', async () => {
    const source = countingSource(async () => ({ current: token }));
    const result = await regionHealthHandler({ ...protectedEnv, REGION_DRAIN: 'on' }, source)(probe);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body!)).toEqual({ status: 'draining', region: 'eu-west-1' });
  });

  it('with protection off, is healthy when the function runs', async () => {
    const { status, body } = await answer({ AWS_REGION: 'us-east-1' });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', region: 'us-east-1', protection: 'off' });
  });
});
