// Caller protection: the token Karmada carries as the first path segment, and the optional source allow-list.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Config } from '../config';
import { logger } from '../observability/call-record';
import type { CallerGuard, Denial } from '../transport/http-api';
import { secretsManagerTokenSource } from './secrets-manager';
import { sourceAllowList, type SourceAllowList } from './source-address';
import { TokenStore, type TokenSource } from './token-store';

const webhookConfigHint = 'npm run webhook-config prints the current URLs';

function refused(code: number, message: string, httpStatus = 200, headers?: Record<string, string>): Denial {
  return { httpStatus, code, message, ...(headers ? { headers } : {}) };
}

function logRefreshFailure(error: unknown): void {
  // The SDK's and our own errors name the failure, never the secret's value.
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  logger.error('caller token read failed', { error: { name, message } });
}

/**
 * The guard for interpreter routes, or undefined when nothing is configured (local development). `source` replaces
 * Secrets Manager in tests.
 */
export function callerGuard(config: Config, source?: TokenSource): CallerGuard | undefined {
  const problems = [...config.problems];
  let allowList: SourceAllowList | undefined;
  try {
    allowList = sourceAllowList(config.auth.allowedCidrs);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const { secretId } = config.auth;
  if (problems.length === 0 && secretId === undefined && allowList === undefined) return undefined;

  const store = secretId === undefined
    ? undefined
    : new TokenStore(source ?? secretsManagerTokenSource(secretId), { cacheSeconds: config.auth.cacheSeconds, onRefreshFailure: logRefreshFailure });
  store?.prefetch();

  return async (event: APIGatewayProxyEventV2) => {
    if (problems.length > 0) return refused(500, `the interpreter is misconfigured: ${problems.join('; ')}`);
    if (store !== undefined) {
      const token = event.pathParameters?.token;
      const check = await store.check(token);
      if (check === 'unavailable') {
        return refused(503, 'the caller token cannot be verified right now (its secret could not be read); retry shortly', 503, { 'retry-after': '1' });
      }
      if (check === 'rejected') {
        return token === undefined
          ? refused(401, `this URL carries no caller token: call https://<domain>/<token>/interpreter/...; ${webhookConfigHint}`)
          : refused(401, `the caller token in the URL is not valid (rotated since the webhook configuration was made?); ${webhookConfigHint}`);
      }
    }
    const sourceIp = event.requestContext?.http?.sourceIp ?? '';
    if (allowList !== undefined && !allowList.allows(sourceIp)) {
      return refused(403, `source address ${sourceIp || '(unknown)'} is not in AUTH_ALLOWED_CIDRS`);
    }
    return undefined;
  };
}
