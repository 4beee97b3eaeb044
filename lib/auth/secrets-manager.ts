// Reads the caller token's AWSCURRENT and AWSPREVIOUS versions from Secrets Manager. The SDK is imported on first use
// only, so functions running without protection never pay for it at cold start.
import type { TokenSource, TokenVersions } from './token-store';

/** Characters a token may have: it travels as a URL path segment. */
const urlSafeToken = /^[A-Za-z0-9._~-]+$/;

/** A cold call waits at most about twice this for the secret before answering 503 (Karmada's timeout is often 10 s). */
const readTimeoutMs = 1_500;

export class MalformedSecretError extends Error {
  override name = 'MalformedSecretError';
}

function tokenOf(secretString: string | undefined, stage: string): string {
  if (secretString === undefined) throw new MalformedSecretError(`the ${stage} version has no SecretString (binary secrets are not supported)`);
  const token = secretString.trim();
  if (!urlSafeToken.test(token)) {
    throw new MalformedSecretError(`the ${stage} version is not a URL-safe token (letters, digits, '.', '_', '~', '-' only; ${token.length} characters)`);
  }
  return token;
}

export function secretsManagerTokenSource(secretId: string): TokenSource {
  let client: Promise<{ read: (stage: string) => Promise<string | undefined> }> | undefined;

  const connect = async () => {
    const { SecretsManagerClient, GetSecretValueCommand, ResourceNotFoundException } = await import('@aws-sdk/client-secrets-manager');
    const sdk = new SecretsManagerClient({ maxAttempts: 2, requestHandler: { requestTimeout: readTimeoutMs, connectionTimeout: 1_000 } });
    return {
      async read(stage: string) {
        try {
          // The overall bound holds even when a socket stays open and silent (the handler's timeouts alone did not).
          const command = new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage });
          const { SecretString } = await sdk.send(command, { abortSignal: AbortSignal.timeout(readTimeoutMs * 2) });
          return SecretString;
        } catch (error) {
          // A secret that was never rotated has no AWSPREVIOUS version: that is not an outage.
          if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
          throw error;
        }
      },
    };
  };

  return async (): Promise<TokenVersions> => {
    client ??= connect();
    const { read } = await client.catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    const [current, previous] = await Promise.all([read('AWSCURRENT'), read('AWSPREVIOUS')]);
    const versions: TokenVersions = { current: tokenOf(current, 'AWSCURRENT') };
    if (previous !== undefined) versions.previous = tokenOf(previous, 'AWSPREVIOUS');
    return versions;
  };
}
