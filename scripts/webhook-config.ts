// `npm run -s webhook-config -- --url https://<domain> …`: prints the ResourceInterpreterWebhookConfiguration for this service
// and, with --objects, the CRDs (conversion webhook), the kinds' ValidatingAdmissionPolicies and the opt-in admission
// webhook configurations.
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { admissionWebhookConfiguration, crdWithConversion, ownCrdKinds, renderDocument, type Step } from '../lib/karmada/review-webhooks';
import type { JsonObject } from '../lib/review/json';
import type { KindIdentity } from '../lib/review/kind';
import { didYouMean, nameAsGiven } from '../lib/review/nearest-names';
import { isEntryPoint, parsedArguments, runCommand, stopped, UsageError, type Tool, type ToolIo } from './entry';
import { whyUnreadable } from '../lib/kit/files';
import { KitError } from '../lib/kit/cases';
import { loaded } from '../lib/kit/modules';
import { interpreterOperations, isInterpreterOperation, type InterpreterOperation } from '../lib/interpreter/wire/operations';
import {
  buildWebhookConfiguration,
  defaultConfigurationName,
  normalizeBaseUrl,
  defaultTimeoutSeconds,
  renderWebhookConfiguration,
  selectClaims,
  validateToken,
  WebhookConfigurationError,
  webhookModes,
  type WebhookMode,
} from '../lib/karmada/webhook-configuration';

export const usage = `Usage: npm run -s webhook-config -- --url https://<domain> [options]

Prints a Karmada ResourceInterpreterWebhookConfiguration (YAML) for every kind and operation
in the interpreter registry (or the kinds named by --kinds). A kind claimed here overrides
Karmada's built-in and third-party interpreters for that kind. Apply it to the Karmada control plane, e.g.:
  npm run -s webhook-config -- --url https://interpreter.example.com --secret-id <arn> \\
    | kubectl --kubeconfig karmada-apiserver.config apply -f -

Options:
  --url URL               The API's https base URL (custom domain or execute-api URL). Required.
  --token TOKEN           The caller token; becomes the first path segment of every URL.
  --secret-id ID          Read the caller token from AWS Secrets Manager (name or ARN; SecretString
                          is the raw token: the stack's CallerTokenSecretArn output). Honours AWS_REGION,
                          AWS_PROFILE and AWS_ENDPOINT_URL_SECRETS_MANAGER like the AWS CLI.
                          Without --token or --secret-id, URLs carry no token (stack deployed unprotected).
  --mode MODE             per-operation (default): one webhook per operation, at its operation's route,
                          with a rule per kind; single: one webhook at the /interpreter dispatcher.
  --timeout-seconds N     Webhook timeout, 1..30 (default ${defaultTimeoutSeconds}).
  --ca-bundle FILE        PEM file to trust instead of the system CAs (only for private certificates).
  --name NAME             metadata.name of the configuration (default ${defaultConfigurationName}).
  --kinds KINDS           Comma-separated group/Kind names to claim (default: every kind served), e.g.
                          apps.kruise.io/CloneSet,argoproj.io/Rollout; the rest stay with Karmada.
                          group/* claims every kind of a group a family folder serves, at every version
                          (e.g. pkg.crossplane.io/*,s3.aws.upbound.io/*); by default a family's exact
                          groups are claimed, a pattern's (*.upbound.io) only when named.
  --include-operations OPS  Comma-separated opt-in operations to claim too: InterpretComponent is left out
                          unless named here (with Karmada's MultiplePodTemplatesScheduling gate and a
                          Duplicated policy, Karmada v1.17 then sends members spec.replicas 0; see README).
  --exclude-operations OPS  Comma-separated operations to leave out.
  --objects LIST          Comma-separated objects to print (default interpreter):
                            interpreter  the ResourceInterpreterWebhookConfiguration (karmada-apiserver only)
                            crd          each convertible kind's CRD, conversion webhook at <url>/convert; its
                                         schema defaults and CEL rules admit objects without a network hop
                            policy       each admitted kind's ValidatingAdmissionPolicies and bindings: what a
                                         CRD's rules cannot do (annotations, warnings); Kubernetes 1.30+
                            admission    opt-in: Mutating- and ValidatingWebhookConfiguration (<url>/mutate,
                                         /validate), with matchConditions; a remote hop (failurePolicy Fail)
                          crd, policy and admission cover only kinds whose CRD this service owns (ownCrd): a
                          kind whose CRD its project ships (Argo's Rollout) gets interpreter webhooks only
                          karmada-apiserver: --objects interpreter,crd,policy
                          every member cluster (push and pull mode): --objects crd,policy
  -h, --help              Show this help.
`;

export interface CliIo extends ToolIo {
  /** Reads the caller token from Secrets Manager; injectable for tests. */
  readSecret?: (secretId: string) => Promise<string>;
}

/** Fetched lazily so the SDK is loaded only when --secret-id is used. */
async function readSecretToken(secretId: string): Promise<string> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({});
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (SecretString === undefined) throw new WebhookConfigurationError(`secret ${secretId} has no SecretString (binary secrets are not supported)`);
    // Trimmed as the stack trims it (a secret written from a file often ends in a newline).
    return SecretString.trim();
  } catch (error) {
    if (error instanceof WebhookConfigurationError) throw error;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new WebhookConfigurationError(`could not read secret ${secretId} from AWS Secrets Manager: ${reason}`);
  } finally {
    client.destroy();
  }
}

function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new WebhookConfigurationError('--timeout-seconds must be an integer from 1 to 30 (Karmada\'s limits)');
  return Number(value);
}

function parseOperations(option: string, lists: readonly string[]): InterpreterOperation[] {
  const names = lists.flatMap((list) => list.split(',')).map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !isInterpreterOperation(name));
  if (unknown.length > 0) {
    const near = didYouMean(unknown[0]!, interpreterOperations);
    const named = `${unknown.slice(0, 3).map((name) => nameAsGiven(name)).join(', ')}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''}`;
    throw new WebhookConfigurationError(`--${option}: unknown operation(s) ${named}${near || `; known: ${interpreterOperations.join(', ')}`}`);
  }
  return names as InterpreterOperation[];
}

function readCaBundle(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new WebhookConfigurationError(whyUnreadable(`--ca-bundle ${file}`, error));
  }
  if (!bytes.toString('utf8').includes('-----BEGIN CERTIFICATE-----')) {
    throw new WebhookConfigurationError(`--ca-bundle ${file} contains no PEM certificate; give the CA's certificate (-----BEGIN CERTIFICATE-----)`);
  }
  return bytes.toString('base64');
}

const objectNames = ['interpreter', 'crd', 'policy', 'admission'] as const;
type ObjectName = (typeof objectNames)[number];

function parseObjects(list: string | undefined): Set<ObjectName> {
  const names = (list ?? 'interpreter').split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(objectNames as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new WebhookConfigurationError(`--objects takes a comma-separated list of ${objectNames.join(', ')}${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`);
  }
  return new Set(names as ObjectName[]);
}

function crdPathOf(kind: KindIdentity): string {
  return `${kind.home}/crd.yaml`;
}

/** The kind's CRD manifest in its folder, the one source of its schema. */
function readCrd(kind: KindIdentity): JsonObject {
  return parseYaml(readFileSync(new URL(`../${crdPathOf(kind)}`, import.meta.url), 'utf8')) as JsonObject;
}

/** A file of the kind's folder, parsed (every YAML document), or undefined when the folder has none. */
function kindFile(kind: KindIdentity, name: string): JsonObject[] | undefined {
  const url = new URL(`../${kind.home}/${name}`, import.meta.url);
  if (!existsSync(url)) return undefined;
  return parseAllDocuments(readFileSync(url, 'utf8')).map((document) => document.toJS() as JsonObject);
}

/** The kind's webhook-match-conditions.yaml: `mutate` and `validate` lists of matchConditions. */
function matchConditionsOf(kind: KindIdentity, step: Step): JsonObject[] | undefined {
  const [conditions] = kindFile(kind, 'webhook-match-conditions.yaml') ?? [];
  return conditions?.[step] as JsonObject[] | undefined;
}

// Its messages never carry the token; node's parseArgs errors are said again naming the option only (entry.ts).
export const tool: Tool = { name: 'webhook-config', inputErrors: [WebhookConfigurationError, KitError] };

/** Runs the CLI; returns the exit code (2 and one line on stderr when it cannot run). Only YAML goes to stdout; the token never goes to stderr. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parsedArguments({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        'secret-id': { type: 'string' },
        mode: { type: 'string' },
        'timeout-seconds': { type: 'string' },
        'ca-bundle': { type: 'string' },
        name: { type: 'string' },
        'exclude-operations': { type: 'string', multiple: true },
        'include-operations': { type: 'string', multiple: true },
        objects: { type: 'string' },
        kinds: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(usage);
      return 0;
    }
    if (positionals.length > 0) // Not echoed: a stray argument may be a token typed without --token.
      throw new UsageError(`unexpected positional argument(s) (${positionals.length}); every option takes the form --name value`);
    if (values.url === undefined) throw new UsageError('--url is required: the API\'s https base URL');
    if (values.token !== undefined && values['secret-id'] !== undefined) {
      throw new WebhookConfigurationError('--token and --secret-id are mutually exclusive');
    }
    const mode = values.mode ?? 'per-operation';
    if (!(webhookModes as readonly string[]).includes(mode)) {
      throw new WebhookConfigurationError(`--mode must be one of ${webhookModes.join(', ')} (got ${JSON.stringify(mode)})`);
    }
    if (values['secret-id'] === '') throw new WebhookConfigurationError('--secret-id is empty');
    const timeoutSeconds = parseTimeout(values['timeout-seconds']);
    const caBundle = readCaBundle(values['ca-bundle']);
    const excludeOperations = parseOperations('exclude-operations', values['exclude-operations'] ?? []);
    const includeOperations = parseOperations('include-operations', values['include-operations'] ?? []);

    let token = values.token;
    if (values['secret-id'] !== undefined) {
      token = await (io.readSecret ?? readSecretToken)(values['secret-id']);
      try {
        validateToken(token);
      } catch (error) {
        throw new WebhookConfigurationError(`secret ${values['secret-id']}: ${(error as Error).message}`);
      }
    }
    // The kind lists, loaded here: a kind that does not load is the tool's one line, not a stack trace at start.
    const [{ interpreterRegistry }, { conversionRegistry }, { admissionRegistry }] = await loaded('the kinds (lib/kinds/)', () =>
      Promise.all([import('../lib/kinds/interpreters'), import('../lib/kinds/conversions'), import('../lib/kinds/admissions')]));

    const claims = selectClaims(interpreterRegistry.kinds, interpreterRegistry.families, values.kinds);
    const chosen = claims.kinds;
    const isChosen = (kind: KindIdentity) => chosen.some((one) => one.group === kind.group && one.kind === kind.kind);
    const families = await interpreterRegistry.loadFamilies();
    const config = buildWebhookConfiguration({
      interpreters: (await interpreterRegistry.loadAll()).filter(isChosen),
      families: claims.families.map(({ family, groups }) => ({ family: families.find((loaded) => loaded.home === family.home)!, groups })),
      url: values.url,
      ...(token === undefined ? {} : { token }),
      mode: mode as WebhookMode,
      ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
      ...(caBundle === undefined ? {} : { caBundle }),
      ...(values.name === undefined ? {} : { name: values.name }),
      excludeOperations,
      includeOperations,
    });
    const objects = parseObjects(values.objects);
    const prefix = token === undefined ? normalizeBaseUrl(values.url) : `${normalizeBaseUrl(values.url)}/${token}`;
    const reviewOptions = {
      prefix,
      name: values.name ?? defaultConfigurationName,
      ...(caBundle === undefined ? {} : { caBundle }),
      ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
      matchConditions: matchConditionsOf,
    };
    // Only kinds whose CRD we own: a kind its project owns is interpreted only, even if a list or its folder says more.
    const convertedKinds = ownCrdKinds(conversionRegistry.kinds).filter(isChosen);
    const admittedKinds = ownCrdKinds(admissionRegistry.kinds).filter(isChosen);
    const documents: string[] = [];
    if (objects.has('interpreter')) documents.push(renderWebhookConfiguration(config, mode as WebhookMode));
    if (objects.has('crd')) {
      for (const kind of convertedKinds) {
        const crd = crdWithConversion(readCrd(kind), kind, reviewOptions);
        documents.push(renderDocument(crd, [
          `Generated by \`npm run webhook-config\` from ${crdPathOf(kind)} and the conversion registry.`,
          'Apply it to the karmada-apiserver AND to every member cluster: each converts stored objects through this URL.',
        ]));
      }
    }
    if (objects.has('policy')) {
      for (const kind of admittedKinds) {
        for (const policy of kindFile(kind, 'validating-admission-policy.yaml') ?? []) {
          documents.push(renderDocument(policy, [
            `Generated by \`npm run webhook-config\` from ${kind.home}/validating-admission-policy.yaml (no URL: the API server evaluates it).`,
            'Apply it to the karmada-apiserver AND to every member cluster (Kubernetes 1.30+).',
          ]));
        }
      }
    }
    if (objects.has('admission') && admittedKinds.length > 0) {
      for (const step of ['mutate', 'validate'] as const) {
        documents.push(renderDocument(admissionWebhookConfiguration(admittedKinds, step, reviewOptions), [
          `Generated by \`npm run webhook-config\` from the admission registry (${step === 'mutate' ? 'defaulting' : 'validation'}). Opt-in: the CRD and its`,
          'policies already default and validate without a network hop; with failurePolicy Fail, writes fail while this URL does not answer.',
          'Apply it to the karmada-apiserver AND to every member cluster (the same public URL serves all of them).',
        ]));
      }
    }
    io.stdout(documents.join('---\n'));
    return 0;
  } catch (error) {
    return stopped(tool, error, io);
  }
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main);
