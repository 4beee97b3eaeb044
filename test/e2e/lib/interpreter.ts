// Our webhook as a user runs it: `npm start` over HTTPS, optionally token-protected through a local Secrets Manager
// (moto_server), wired to Karmada with `npm run webhook-config … | kubectl apply -f -` as the README says.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CreateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Environment } from './cluster';
import { kubectl } from './cluster';
import { Kube, mustRun } from './kube';
import { selectedMutation, startMutatingProxy } from './mutate';
import { freePort, waitFor, type Started } from './processes';

const repoRoot = new URL('../../../', import.meta.url).pathname;

export interface Interpreter {
  name: string;
  /** The base URL (what `--url` gets). */
  url: string;
  port: number;
  /** Where `npm start` listens when E2E_MUTATE puts a rewriting proxy on `port` (lib/mutate.ts). */
  backendPort?: number;
  /** Present when the instance is token-protected. */
  secret?: { id: string; token: string; awsEnv: Record<string, string> };
}

/** Starts moto_server (a local Secrets Manager) and stores a caller token in it. */
export async function startSecretsManager(env: Environment): Promise<Interpreter['secret']> {
  const port = await freePort();
  const moto = env.supervisor.start('moto_server', 'moto_server', ['-H', '127.0.0.1', '-p', String(port)]);
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor('moto_server (local Secrets Manager) to answer', async () => ((await fetch(`${endpoint}/moto-api/`)).ok ? true : undefined), {
    timeoutMs: 60_000,
    component: moto,
  });
  const awsEnv = {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'testing',
    AWS_SECRET_ACCESS_KEY: 'testing',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
  };
  const token = randomBytes(24).toString('hex');
  const id = 'karmada-serverless-e2e/caller-token';
  const client = new SecretsManagerClient({ region: awsEnv.AWS_REGION, endpoint, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
  try {
    await client.send(new CreateSecretCommand({ Name: id, SecretString: token }));
  } finally {
    client.destroy();
  }
  return { id, token, awsEnv };
}

/** `npm start` with TLS_CERT/TLS_KEY; AUTH_SECRET_ID when protected. Restartable on the same port. */
export async function startInterpreter(env: Environment, interpreter: Interpreter): Promise<Started> {
  const started = env.supervisor.start(interpreter.name, 'npm', ['start'], {
    cwd: repoRoot,
    env: {
      HOST: '127.0.0.1',
      PORT: String(interpreter.backendPort ?? interpreter.port),
      TLS_CERT: env.pki.serverCert,
      TLS_KEY: env.pki.serverKey,
      POWERTOOLS_LOG_LEVEL: 'INFO',
      ...(interpreter.secret ? { ...interpreter.secret.awsEnv, AUTH_SECRET_ID: interpreter.secret.id } : {}),
    },
  });
  const probe = new Kube({ name: interpreter.name, url: `https://127.0.0.1:${interpreter.backendPort ?? interpreter.port}`, token: 'none', caFile: env.pki.caCert, kubeconfig: '' });
  try {
    await waitFor(`${interpreter.name} (npm start) to answer GET /healthz`, async () => {
      await probe.get('/healthz');
      return true;
    }, { timeoutMs: 90_000, component: started });
  } finally {
    probe.close();
  }
  return started;
}

export async function newInterpreter(env: Environment, name: string, secret?: Interpreter['secret']): Promise<Interpreter> {
  const port = await freePort();
  const mutation = selectedMutation();
  const backend = mutation === undefined ? {} : { backendPort: await freePort() };
  const interpreter: Interpreter = { name, port, url: `https://127.0.0.1:${port}`, ...backend, ...(secret ? { secret } : {}) };
  await startInterpreter(env, interpreter);
  if (mutation !== undefined) {
    const proxy = await startMutatingProxy({
      port, backendPort: backend.backendPort!, cert: env.pki.serverCert, key: env.pki.serverKey, ca: env.pki.caCert, mutation, logFile: `${env.logDir}/${name}-mutated.log`,
    });
    // The run's exit closes it; unref'd so that it never holds the process open.
    proxy.unref();
  }
  return interpreter;
}

export interface WiringOptions {
  mode?: 'per-operation' | 'single';
  /** Use this token instead of the secret's (the wrong-token check). */
  token?: string;
  includeOperations?: string[];
  /** `--objects` (webhook-config's default: interpreter). */
  objects?: string[];
  /** `--kinds` (webhook-config's default: every kind folder's kind and each family's exact groups). */
  kinds?: string[];
}

/** Exactly the README's wiring: `npm run -s webhook-config -- …` piped into `kubectl apply -f -` on the Karmada API server. */
export async function applyWebhookConfig(env: Environment, interpreter: Interpreter, options: WiringOptions = {}): Promise<string> {
  const args = ['run', '-s', 'webhook-config', '--', '--url', interpreter.url, '--ca-bundle', env.pki.caCert];
  if (options.token !== undefined) args.push('--token', options.token);
  else if (interpreter.secret) args.push('--secret-id', interpreter.secret.id);
  if (options.mode) args.push('--mode', options.mode);
  if (options.includeOperations) args.push('--include-operations', options.includeOperations.join(','));
  if (options.objects) args.push('--objects', options.objects.join(','));
  if (options.kinds) args.push('--kinds', options.kinds.join(','));
  const yaml = await mustRun('npm', args, { cwd: repoRoot, env: interpreter.secret?.awsEnv ?? {} });
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], yaml);
  return yaml;
}

/** The configuration `npm run webhook-config` prints (its default name), where the control plane holds it. */
export const interpreterConfigPath = '/apis/config.karmada.io/v1alpha1/resourceinterpreterwebhookconfigurations/karmada-serverless-interpreter';

/**
 * The operations the applied configuration claims for one kind at one version (every webhook's rules that name it),
 * sorted: what Karmada will ask us rather than its built-in.
 */
export async function claimedOperations(env: Environment, kind: { group: string; kind: string }, version?: string): Promise<string[]> {
  const webhooks = ((await env.kube.get(interpreterConfigPath)).webhooks ?? []) as { rules: { operations: string[]; apiGroups: string[]; apiVersions: string[]; kinds: string[] }[] }[];
  return webhooks
    .flatMap((hook) => hook.rules)
    .filter((rule) => rule.apiGroups.includes(kind.group) && rule.kinds.includes(kind.kind) && (version === undefined || rule.apiVersions.includes(version)))
    .flatMap((rule) => rule.operations)
    .sort();
}

export interface CallLine {
  operation?: string;
  /** API Gateway's routeKey, e.g. `POST /{token}/interpreter/interpret-replica` (refusals carry no operation). */
  route?: string;
  successful?: boolean;
  code?: number;
  /** The request's `group/version/kind`, namespace and name (interpreter calls). */
  kind?: string;
  namespace?: string;
  name?: string;
  statusMessage?: string;
  level?: string;
}

/** The interpreter's JSON call log lines (one per request), from its log file. */
export function callLines(env: Environment, name: string): CallLine[] {
  let text = '';
  try {
    text = readFileSync(`${env.logDir}/${name}.log`, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as CallLine];
      } catch {
        return [];
      }
    })
    .filter((line) => line.operation !== undefined || line.successful !== undefined);
}
