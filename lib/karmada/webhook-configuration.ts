// Builds Karmada's ResourceInterpreterWebhookConfiguration for this service from the interpreter registry.
import { Document, isScalar, isSeq, visit } from 'yaml';
import type { FamilyInterpreter, ResourceInterpreter } from '../interpreter/registry';
import { familyServes } from '../review/kind';
import { interpreterOperations, routeSegmentOf, type InterpreterOperation } from '../interpreter/wire/operations';
import { bounded, maxRefusalLength, nearestNames, quotedName, suggesting } from '../review/nearest-names';

export type WebhookMode = 'per-operation' | 'single';

export const webhookModes: readonly WebhookMode[] = ['per-operation', 'single'];
export const defaultConfigurationName = 'karmada-serverless-interpreter';
export const defaultTimeoutSeconds = 10;
/** Karmada's admission limits for `timeoutSeconds`. */
export const minTimeoutSeconds = 1;
export const maxTimeoutSeconds = 30;

/** A family folder's claim of some of its groups: every kind of each, at every version (Karmada's `*`). */
export interface FamilyClaim {
  family: FamilyInterpreter;
  groups: readonly string[];
}

export interface WebhookConfigurationOptions {
  interpreters: readonly ResourceInterpreter[];
  /** Family folders' claims: one rule per family, its groups with versions and kinds `*`. */
  families?: readonly FamilyClaim[];
  /** The API's base URL, e.g. `https://interpreter.example.com`; a base path (API mapping) is kept. */
  url: string;
  /** The caller token, sent as the first path segment after the base URL; none when the stack is unprotected. */
  token?: string;
  mode?: WebhookMode;
  timeoutSeconds?: number;
  /** Base64 of a PEM bundle; only set for endpoints whose certificate is not publicly trusted. */
  caBundle?: string;
  name?: string;
  /** Operations left out of every rule. */
  excludeOperations?: readonly InterpreterOperation[];
  /** Opt-in operations (see `optInOperations`) to claim anyway. */
  includeOperations?: readonly InterpreterOperation[];
}

/**
 * Operations claimed only when asked for. Karmada v1.17.1 with the alpha gate MultiplePodTemplatesScheduling and a
 * Duplicated policy sets binding components but no spec.replicas once a webhook answers InterpretComponent, and
 * members then get spec.replicas 0 (seen in `npm run e2e`).
 */
export const optInOperations: readonly InterpreterOperation[] = ['InterpretComponent'];

/**
 * Whether webhook-config leaves the operation out unless asked for: an opt-in operation of a kind that also revises
 * replicas (ReviseReplica revises members to the binding's spec.replicas, 0 in that case). A kind that revises nothing
 * (a multi-template job: Volcano's Job, Flink's FlinkDeployment) has its components claimed by default: left out,
 * Karmada would ask its own Lua for them, per operation.
 */
export function isOptIn(operations: Readonly<Partial<Record<InterpreterOperation, unknown>>>, operation: InterpreterOperation): boolean {
  return optInOperations.includes(operation) && operations.ReviseReplica !== undefined;
}

export interface RuleWithOperations {
  operations: InterpreterOperation[];
  apiGroups: string[];
  apiVersions: string[];
  kinds: string[];
}

export interface ResourceInterpreterWebhook {
  name: string;
  rules: RuleWithOperations[];
  clientConfig: { url: string; caBundle?: string };
  interpreterContextVersions: string[];
  timeoutSeconds: number;
}

export interface ResourceInterpreterWebhookConfiguration {
  apiVersion: 'config.karmada.io/v1alpha1';
  kind: 'ResourceInterpreterWebhookConfiguration';
  metadata: { name: string };
  webhooks: ResourceInterpreterWebhook[];
}

/** A rejected option; its message never contains the token. */
export class WebhookConfigurationError extends Error {
  override readonly name = 'WebhookConfigurationError';
}

const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** RFC 3986 unreserved characters, as the stack accepts them (lib/auth/secrets-manager.ts): a path segment as is. */
const tokenPattern = /^[A-Za-z0-9._~-]+$/;
/** `.` and `..` are dot-segments: URL normalisation would remove them from the path. */
const dotSegment = /^\.+$/;
const maxTokenLength = 512;

/**
 * The kinds named by `--kinds` (`group/Kind`, comma-separated), in the registry's order: a team claims only the kinds it
 * wants from this service and leaves the others to Karmada's built-in interpreters. Undefined selects every kind.
 */
export function selectKinds<K extends { group: string; kind: string }>(kinds: readonly K[], lists: readonly string[] | undefined): K[] {
  if (lists === undefined) return [...kinds];
  const names = lists.flatMap((list) => list.split(',')).map((name) => name.trim()).filter((name) => name !== '');
  const known = kinds.map((kind) => `${kind.group}/${kind.kind}`);
  const where = `write group/Kind (the README's table of kinds lists the ${known.length} served)`;
  if (names.length === 0) throw new WebhookConfigurationError(`--kinds is empty; ${where}, comma-separated`);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    // One name and its nearest: the whole list of forty kinds made a line no one reads.
    const [first] = unknown as [string];
    const more = unknown.length > 1 ? ` and ${unknown.length - 1} more` : '';
    const near = nearestKinds(first, kinds);
    throw new WebhookConfigurationError(bounded(`--kinds: this service does not serve ${quotedName(first)}${near}${more}${near === '' ? `; ${where}` : ''}`, maxRefusalLength - 'webhook-config: '.length));
  }
  return kinds.filter((kind) => names.includes(`${kind.group}/${kind.kind}`));
}

/**
 * What `--kinds` claims among kind folders and family folders: `group/Kind` names a kind folder's kind; `group/*`
 * claims every kind of a group a family serves (a family's example kind is claimed that way, never alone). Without
 * `--kinds`: every kind folder's kind, and each family's exact groups (a `*.` pattern's groups are claimed by name,
 * since Karmada matches a group exactly or by `*`).
 */
export function selectClaims<K extends { group: string; kind: string; family?: string }, F extends { family: string; groups: readonly string[] }>(
  kinds: readonly K[],
  families: readonly F[],
  lists: readonly string[] | undefined,
): { kinds: K[]; families: { family: F; groups: string[] }[] } {
  const ownKinds = kinds.filter((kind) => kind.family === undefined);
  if (lists === undefined) {
    return { kinds: [...ownKinds], families: families.map((family) => ({ family, groups: family.groups.filter((group) => !group.startsWith('*.')) })).filter(({ groups }) => groups.length > 0) };
  }
  const names = lists.flatMap((list) => list.split(',')).map((name) => name.trim()).filter((name) => name !== '');
  const wildcards = names.filter((name) => name.endsWith('/*'));
  const claimed = new Map<F, string[]>();
  for (const name of wildcards) {
    const group = name.slice(0, -2);
    const family = families.find((candidate) => familyServes(candidate, group));
    if (family === undefined) {
      const served = families.map((f) => `the ${f.family} family serves ${f.groups.join(', ')}`).join('; ');
      throw new WebhookConfigurationError(bounded(`--kinds: ${quotedName(name)} claims every kind of group ${quotedName(group)}, which no family folder serves${served === '' ? '' : ` (${served})`}; name a kind folder's kind as group/Kind`, maxRefusalLength - 'webhook-config: '.length));
    }
    const groups = claimed.get(family) ?? [];
    if (!groups.includes(group)) groups.push(group);
    claimed.set(family, groups);
  }
  const rest = names.filter((name) => !name.endsWith('/*'));
  for (const name of rest) {
    const group = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
    const family = families.find((candidate) => familyServes(candidate, group));
    // A family's kinds are claimed by group: one rule of kinds `*`, not one per kind that Karmada's list would miss.
    if (family !== undefined && !ownKinds.some((kind) => `${kind.group}/${kind.kind}` === name)) {
      throw new WebhookConfigurationError(bounded(`--kinds: ${quotedName(name)} is a kind of the ${family.family} family, claimed by its group: write ${quotedName(`${group}/*`)}`, maxRefusalLength - 'webhook-config: '.length));
    }
  }
  const chosen = rest.length === 0 ? [] : selectKinds(ownKinds, [rest.join(',')]);
  return { kinds: chosen, families: [...claimed].map(([family, groups]) => ({ family, groups })) };
}

/**
 * ` (did you mean group/Kind?)` for a name asked as group/Kind or as a bare Kind: near as a whole, or near by its
 * Kind alone (`apps/Clonset`, `clonset`), named whole either way.
 */
export function nearestKinds(name: string, kinds: readonly { group: string; kind: string }[]): string {
  const full = kinds.map((kind) => `${kind.group}/${kind.kind}`);
  const byKind = nearestNames(name.slice(name.lastIndexOf('/') + 1), [...new Set(kinds.map((kind) => kind.kind))])
    .flatMap((near) => full.filter((_, index) => kinds[index]!.kind === near));
  const near = name.includes('/') ? nearestNames(name, full) : [];
  return suggesting([...new Set([...near, ...byKind])].slice(0, 3));
}

export function isDns1123Subdomain(value: string): boolean {
  return value.length > 0 && value.length <= 253 && value.split('.').every((label) => label.length <= 63 && dns1123Label.test(label));
}

/** Karmada's webhook name rule: a DNS-1123 subdomain with at least two labels. */
export function isWebhookName(value: string): boolean {
  return isDns1123Subdomain(value) && value.split('.').length >= 2;
}

/** Checks a caller token without ever echoing it. */
export function validateToken(token: string): string {
  if (token === '') throw new WebhookConfigurationError('the token is empty');
  if (token.length > maxTokenLength) {
    throw new WebhookConfigurationError(`the token is longer than ${maxTokenLength} characters`);
  }
  if (!tokenPattern.test(token) || dotSegment.test(token)) {
    throw new WebhookConfigurationError('the token may contain only letters, digits, "-", "_", "." and "~", and not only dots (it becomes a URL path segment)');
  }
  return token;
}

/**
 * The API's base URL as Karmada's admission accepts it: https, a host, no user-info, query or fragment.
 * Returned without a trailing slash; `//` in the path is collapsed as Karmada's client would.
 */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: a mistyped URL may already carry the token.
    throw new WebhookConfigurationError('--url is not an absolute URL (expected https://<domain>)');
  }
  if (url.protocol !== 'https:') throw new WebhookConfigurationError(`--url must use https (got ${url.protocol.slice(0, -1)}); Karmada rejects other schemes`);
  if (url.hostname === '') throw new WebhookConfigurationError('--url has no host');
  if (url.username !== '' || url.password !== '') throw new WebhookConfigurationError('--url must not contain user-info; Karmada rejects it');
  if (url.search !== '' || raw.includes('?')) throw new WebhookConfigurationError('--url must not contain a query; Karmada rejects it');
  if (url.hash !== '' || raw.includes('#')) throw new WebhookConfigurationError('--url must not contain a fragment; Karmada rejects it');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments.includes('interpreter')) {
    throw new WebhookConfigurationError('--url is the API base URL (e.g. https://interpreter.example.com), without the token or /interpreter routes');
  }
  return `${url.protocol}//${url.host}${segments.map((segment) => `/${segment}`).join('')}`;
}

function operationsOf(
  interpreter: Pick<ResourceInterpreter, 'operations'>,
  excluded: readonly InterpreterOperation[],
  included: readonly InterpreterOperation[],
): InterpreterOperation[] {
  // The protocol's list, in its order: never Prune, which Karmada's admission rejects.
  return interpreterOperations.filter(
    (operation) =>
      interpreter.operations[operation] !== undefined &&
      !excluded.includes(operation) &&
      (!isOptIn(interpreter.operations, operation) || included.includes(operation)),
  );
}

export function buildWebhookConfiguration(options: WebhookConfigurationOptions): ResourceInterpreterWebhookConfiguration {
  const mode = options.mode ?? 'per-operation';
  if (!webhookModes.includes(mode)) throw new WebhookConfigurationError(`--mode must be one of ${webhookModes.join(', ')}`);
  const timeoutSeconds = options.timeoutSeconds ?? defaultTimeoutSeconds;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < minTimeoutSeconds || timeoutSeconds > maxTimeoutSeconds) {
    throw new WebhookConfigurationError(`--timeout-seconds must be an integer from ${minTimeoutSeconds} to ${maxTimeoutSeconds} (Karmada's limits)`);
  }
  const name = options.name ?? defaultConfigurationName;
  if (!isDns1123Subdomain(name)) throw new WebhookConfigurationError(`--name must be a DNS-1123 subdomain: ${JSON.stringify(name)}`);
  const base = normalizeBaseUrl(options.url);
  const prefix = options.token === undefined ? base : `${base}/${validateToken(options.token)}`;

  const webhook = (webhookName: string, url: string, rules: RuleWithOperations[]): ResourceInterpreterWebhook => ({
    name: webhookName,
    rules,
    clientConfig: options.caBundle === undefined ? { url } : { url, caBundle: options.caBundle },
    interpreterContextVersions: ['v1alpha1'],
    timeoutSeconds,
  });

  // One rule per kind (its group, every served version, the kind: Karmada matches their cross product) and one
  // webhook per operation (per-operation) or one in all (single), never one per kind: a webhook repeats the client
  // configuration, the caBundle included, and one per kind and operation made the configuration grow with the
  // catalogue past what `kubectl apply` can store (its last-applied annotation holds at most 256 KiB; 204 webhooks
  // with a private CA's caBundle were more).
  const claims = options.interpreters.flatMap((interpreter) => {
    const operations = operationsOf(interpreter, options.excludeOperations ?? [], options.includeOperations ?? []);
    return operations.length === 0 ? [] : [{ interpreter, operations }];
  });
  const rule = (interpreter: ResourceInterpreter, operations: InterpreterOperation[]): RuleWithOperations => ({
    operations,
    apiGroups: [interpreter.group],
    apiVersions: [...interpreter.versions],
    kinds: [interpreter.kind],
  });
  // A family's rule: its claimed groups, every version and kind (Karmada's matcher takes `*` for each).
  const familyClaims = (options.families ?? []).flatMap(({ family, groups }) => {
    const operations = operationsOf(family, options.excludeOperations ?? [], options.includeOperations ?? []);
    return operations.length === 0 || groups.length === 0 ? [] : [{ groups, operations }];
  });
  const familyRule = ({ groups }: { groups: readonly string[] }, operations: InterpreterOperation[]): RuleWithOperations => ({
    operations,
    apiGroups: [...groups],
    apiVersions: ['*'],
    kinds: ['*'],
  });
  const webhooks =
    mode === 'single'
      ? claims.length + familyClaims.length === 0
        ? []
        : [webhook(`interpreter.${name}`, `${prefix}/interpreter`, [
            ...claims.map(({ interpreter, operations }) => rule(interpreter, operations)),
            ...familyClaims.map((claim) => familyRule(claim, claim.operations)),
          ])]
      : interpreterOperations.flatMap((operation) => {
          const rules = [
            ...claims.filter(({ operations }) => operations.includes(operation)).map(({ interpreter }) => rule(interpreter, [operation])),
            ...familyClaims.filter(({ operations }) => operations.includes(operation)).map((claim) => familyRule(claim, [operation])),
          ];
          return rules.length === 0 ? [] : [webhook(`${operation.toLowerCase()}.${name}`, `${prefix}/interpreter/${routeSegmentOf[operation]}`, rules)];
        });

  const seen = new Set<string>();
  for (const { name: webhookName } of webhooks) {
    if (!isWebhookName(webhookName)) {
      throw new WebhookConfigurationError(`webhook name ${JSON.stringify(webhookName)} is not a DNS-1123 subdomain with at least two labels`);
    }
    if (seen.has(webhookName)) throw new WebhookConfigurationError(`webhook name ${JSON.stringify(webhookName)} is not unique`);
    seen.add(webhookName);
  }
  if (webhooks.length === 0) throw new WebhookConfigurationError('the registry declares no interpreter operations');

  return {
    apiVersion: 'config.karmada.io/v1alpha1',
    kind: 'ResourceInterpreterWebhookConfiguration',
    metadata: { name },
    webhooks,
  };
}

const header = (name: string, mode: WebhookMode) =>
  [
    `Generated by \`npm run webhook-config\` from the interpreter registry (mode: ${mode}).`,
    'Apply it to the karmada-apiserver (not to a member cluster).',
    'Karmada calls only ONE webhook per kind and operation: of all matching webhooks in all configurations,',
    `the first in "<configName>/<webhookName>" order (this configuration is "${name}").`,
    'A Lua ResourceInterpreterCustomization for the same kind and operation overrides any webhook;',
    "webhooks override Karmada's built-in interpreters.",
    'Karmada calls anonymously: the token in the URLs (if any) is the only credential; keep this output secret.',
  ]
    .map((line) => `# ${line}`)
    .join('\n');

/** The configuration as YAML, with a comment header on how Karmada picks among webhooks. */
export function renderWebhookConfiguration(config: ResourceInterpreterWebhookConfiguration, mode: WebhookMode): string {
  const document = new Document(config);
  // Lists of plain values (operations, groups, versions) read best inline, as in Karmada's examples.
  visit(document, {
    Seq(_, seq) {
      if (isSeq(seq) && seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  return `${header(config.metadata.name, mode)}\n${document.toString({ lineWidth: 0 })}`;
}
