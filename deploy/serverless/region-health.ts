// Lambda handler for GET /healthz/region, deployed only (not in lib/routes.ts): what Route 53's health check of a
// region probes in an active/active set (docs/adr/0010-multi-region.md). 200 means this region can answer a
// protected call: the function runs, it reads the caller token from this region's secret (the local replica), and
// the caller guard every function builds from the same environment accepts that token. The token never leaves the
// function: the probe carries none, and the answer holds none. The caller's source address is not part of health
// (Route 53's checkers are not callers, so an allowedCidrs refusal counts as healthy). REGION_DRAIN=on answers 503,
// so Route 53 takes the region out of DNS while it keeps running.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { callerGuard } from '../../lib/auth/caller-protection';
import { secretsManagerTokenSource } from '../../lib/auth/secrets-manager';
import type { TokenSource, TokenVersions } from '../../lib/auth/token-store';
import { readConfig } from '../../lib/config';
import { logger } from '../../lib/observability/call-record';
import { jsonResult } from '../../lib/transport/http-api';

type HealthHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** One read shared by the probe and the guard, trusted for `cacheSeconds` like the guard's own cache; failures are not kept. */
function cachedSource(source: TokenSource, cacheSeconds: number, now: () => number): TokenSource {
  let cached: { versions: TokenVersions; at: number } | undefined;
  let inFlight: Promise<TokenVersions> | undefined;
  return async () => {
    if (cached !== undefined && now() - cached.at < cacheSeconds * 1000) return cached.versions;
    inFlight ??= source()
      .then((versions) => {
        cached = { versions, at: now() };
        return versions;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

/** The handler, from an environment; `source` replaces Secrets Manager in tests. */
export function regionHealthHandler(env: NodeJS.ProcessEnv = process.env, source?: TokenSource, now: () => number = Date.now): HealthHandler {
  const config = readConfig(env);
  const region = env.AWS_REGION ?? 'local';
  const draining = env.REGION_DRAIN === 'on';
  const { secretId } = config.auth;
  const tokens = secretId === undefined ? undefined : cachedSource(source ?? secretsManagerTokenSource(secretId), config.auth.cacheSeconds, now);
  const guard = callerGuard(config, tokens);
  const headers = { 'cache-control': 'no-store' };

  const unhealthy = (reason: string) => {
    logger.warn('region unhealthy', { region, reason });
    return jsonResult(503, { status: 'unhealthy', region, reason }, headers);
  };

  return async (event) => {
    if (draining) return jsonResult(503, { status: 'draining', region }, headers);
    let token: string | undefined;
    if (tokens !== undefined) {
      try {
        token = (await tokens()).current;
      } catch (error) {
        return unhealthy(`the caller token cannot be read from Secrets Manager in ${region}: ${error instanceof Error ? error.name : String(error)}`);
      }
    }
    if (guard !== undefined) {
      const denial = await guard({
        ...event,
        pathParameters: token === undefined ? {} : { token },
      });
      // 403 is the source allow-list refusing the checker's own address: not this region's health.
      if (denial !== undefined && denial.code !== 403) return unhealthy(denial.message);
    }
    return jsonResult(200, { status: 'ok', region, protection: secretId === undefined ? 'off' : 'token' }, headers);
  };
}

export const handler = regionHealthHandler();
