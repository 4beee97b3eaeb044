// The auth path's extra cold cost: SDK import + first GetSecretValue against moto_server on loopback, vs the empty bundle.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpApiEvent } from '../test/support/events';
import { workDir, type Bundle } from './artifacts';
import { typicalBody } from './bodies';
import { coldStart } from './cold';
import { startMoto } from '../test/support/moto';
import { toolPresent } from '../test/support/tools';
import { median } from './report';

const authChild = fileURLToPath(new URL('./auth-child.mjs', import.meta.url));
const firstCallChild = fileURLToPath(new URL('./first-call-child.mjs', import.meta.url));

export interface AuthFigures {
  runs: number;
  /** The SDK alone: a process importing @aws-sdk/client-secrets-manager and reading the secret once. */
  wallMedianMs: number;
  emptyWallMedianMs: number;
  extraMs: number;
  importMedianMs: number;
  firstReadMedianMs: number;
  /** The real handler: the dispatcher bundle's cold start + first call, protected (token checked) vs unprotected. */
  dispatcher: { protectedWallMedianMs: number; unprotectedWallMedianMs: number; extraMs: number; protectedFirstCallMedianMs: number; unprotectedFirstCallMedianMs: number };
}

export type AuthResult = { skipped: string } | AuthFigures;

/**
 * Dummy credentials for the local moto endpoint (the SDK signs requests and needs some); no node-version warning
 * (Lambda runs node 22, where the SDK emits none).
 */
const motoCredentials = {
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function firstCallEvent(file: string, token: string | undefined): string {
  const body = typicalBody('InterpretReplica', 'bench-first-call');
  const event = token === undefined
    ? httpApiEvent({ routePath: '/interpreter', body })
    : httpApiEvent({ routePath: '/{token}/interpreter', rawPath: `/${token}/interpreter`, pathParameters: { token }, body });
  writeFileSync(file, JSON.stringify(event));
  return file;
}

function checkAnswered(report: Record<string, unknown>, what: string): void {
  if (report.statusCode !== 200 || report.successful !== true) throw new Error(`${what}: the first call did not succeed: ${JSON.stringify(report)}`);
}

export async function measureAuth(empty: Bundle, dispatcher: Bundle, runs: number, env: NodeJS.ProcessEnv, warmupRounds = 2): Promise<AuthResult> {
  if (!toolPresent('moto_server')) return { skipped: 'moto_server is not installed (pip install "moto[server]")' };
  const moto = await startMoto(60_000);
  const endpoint = moto.endpoint;
  const port = new URL(endpoint).port;
  try {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const { SecretsManagerClient, CreateSecretCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' } });
    const token = randomBytes(36).toString('base64url').replace(/[-_]/g, 'x');
    const created = await client.send(new CreateSecretCommand({ Name: `bench-caller-token-${port}`, SecretString: token }));
    client.destroy();
    const childEnv = { ...env, ...motoCredentials, BENCH_SECRETS_ENDPOINT: endpoint, BENCH_SECRET_ID: created.ARN! };
    // The deployed functions' environment with protection on; the SDK reads the endpoint override from the environment.
    const protectedEnv = { ...env, ...motoCredentials, AUTH_SECRET_ID: created.ARN!, AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint };
    mkdirSync(workDir, { recursive: true });
    const protectedEvent = firstCallEvent(join(workDir, 'first-call-protected.json'), token);
    const unprotectedEvent = firstCallEvent(join(workDir, 'first-call-unprotected.json'), undefined);
    const protectedWall: number[] = [];
    const unprotectedWall: number[] = [];
    const protectedCall: number[] = [];
    const unprotectedCall: number[] = [];
    const wall: number[] = [];
    const emptyWall: number[] = [];
    const imports: number[] = [];
    const reads: number[] = [];
    for (let round = 0; round < warmupRounds + runs; round++) {
      const auth = coldStart('@aws-sdk/client-secrets-manager', childEnv, authChild, []);
      const baseline = coldStart(empty.file, env);
      const secured = coldStart(dispatcher.file, protectedEnv, firstCallChild, [dispatcher.file, protectedEvent]);
      const open = coldStart(dispatcher.file, env, firstCallChild, [dispatcher.file, unprotectedEvent]);
      checkAnswered(secured.report, 'dispatcher with AUTH_SECRET_ID');
      checkAnswered(open.report, 'dispatcher without protection');
      if (round < warmupRounds) continue;
      protectedWall.push(secured.wallMs);
      unprotectedWall.push(open.wallMs);
      protectedCall.push(secured.report.firstCallMs as number);
      unprotectedCall.push(open.report.firstCallMs as number);
      wall.push(auth.wallMs);
      imports.push(auth.importMs);
      reads.push(auth.report.firstReadMs as number);
      emptyWall.push(baseline.wallMs);
    }
    return {
      runs,
      wallMedianMs: median(wall),
      emptyWallMedianMs: median(emptyWall),
      extraMs: median(wall) - median(emptyWall),
      importMedianMs: median(imports),
      firstReadMedianMs: median(reads),
      dispatcher: {
        protectedWallMedianMs: median(protectedWall),
        unprotectedWallMedianMs: median(unprotectedWall),
        extraMs: median(protectedWall) - median(unprotectedWall),
        protectedFirstCallMedianMs: median(protectedCall),
        unprotectedFirstCallMedianMs: median(unprotectedCall),
      },
    };
  } finally {
    await moto.stop();
  }
}
