// Environment configuration, read and validated once; problems are reported, never thrown at cold start.

export interface AuthConfig {
  /** Secrets Manager secret id or ARN holding the caller token; protection is off when unset. */
  secretId?: string;
  /** How long a read of the secret is trusted before it is read again. */
  cacheSeconds: number;
  /** Source addresses allowed to call (CIDRs, IPv4 and IPv6); empty allows any. */
  allowedCidrs: string[];
}

export interface Config {
  auth: AuthConfig;
  /** What is wrong with the environment, for operators; calls are refused with code 500 while non-empty. */
  problems: string[];
}

export const defaultTokenCacheSeconds = 300;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const secretId = env.AUTH_SECRET_ID?.trim() || undefined;

  let cacheSeconds = defaultTokenCacheSeconds;
  const cacheText = env.AUTH_TOKEN_CACHE_SECONDS?.trim();
  if (cacheText) {
    const parsed = Number(cacheText);
    if (!Number.isFinite(parsed) || parsed < 0) problems.push(`AUTH_TOKEN_CACHE_SECONDS must be a number of seconds >= 0, got ${JSON.stringify(cacheText)}`);
    else cacheSeconds = parsed;
  }

  const allowedCidrs = (env.AUTH_ALLOWED_CIDRS ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter((cidr) => cidr !== '');

  return { auth: { ...(secretId ? { secretId } : {}), cacheSeconds, allowedCidrs }, problems };
}
