// Builds the other objects a user applies for the CRD's own webhooks: the CRD with its conversion URL, and the
// Mutating/ValidatingWebhookConfigurations, from the conversion and admission registries. Only for kinds whose CRD
// this service owns: another project's CRD, conversion and admission stay that project's.
import { Document, isScalar, isSeq, visit } from 'yaml';
import type { AdmittedKind } from '../admission/registry';
import type { ConvertibleKind } from '../conversion/registry';
import type { JsonObject } from '../review/json';
import type { KindIdentity } from '../review/kind';
import { defaultTimeoutSeconds, WebhookConfigurationError } from './webhook-configuration';

export interface ReviewWebhookOptions {
  /** Base URL with the caller token segment when there is one, without a trailing slash (already validated). */
  prefix: string;
  caBundle?: string;
  timeoutSeconds?: number;
  name: string;
  /** A kind's `matchConditions` for each step (its folder's webhook-match-conditions.yaml); none: every call is made. */
  matchConditions?: (kind: AdmittedKind, step: Step) => JsonObject[] | undefined;
}

/**
 * The kinds whose CRD this service owns. A kind whose CRD belongs to its project (ownCrd false) never gets a CRD,
 * conversion or admission object from here, whatever its folder holds or whichever list names it: printing one would
 * take that project's conversion over and lose the fields only it knows.
 */
export function ownCrdKinds<K extends KindIdentity>(kinds: readonly K[]): K[] {
  return kinds.filter((kind) => kind.ownCrd);
}

function clientConfig(url: string, caBundle: string | undefined): JsonObject {
  return caBundle === undefined ? { url } : { url, caBundle };
}

/** The kind's CRD as the repository documents it, with its conversion webhook pointed at this service's /convert. */
export function crdWithConversion(crd: JsonObject, kind: ConvertibleKind, options: ReviewWebhookOptions): JsonObject {
  if (!kind.ownCrd) throw new WebhookConfigurationError(`${kind.kind}.${kind.group}'s CRD belongs to its project: this service never serves its conversion`);
  const spec = crd.spec as JsonObject | undefined;
  const names = spec?.names as JsonObject | undefined;
  if (spec?.group !== kind.group || names?.kind !== kind.kind) {
    throw new WebhookConfigurationError(`the CRD manifest for ${kind.kind}.${kind.group} describes another kind`);
  }
  const served = ((spec.versions ?? []) as JsonObject[]).filter((v) => v.served === true).map((v) => v.name);
  if (served.join() !== [...kind.versions].join()) {
    throw new WebhookConfigurationError(`the CRD serves ${served.join(', ')} but the conversion registry declares ${kind.versions.join(', ')}`);
  }
  const conversion = {
    strategy: 'Webhook',
    webhook: { conversionReviewVersions: ['v1'], clientConfig: clientConfig(`${options.prefix}/convert`, options.caBundle) },
  };
  return { ...crd, spec: { ...spec, conversion } };
}

export type Step = 'mutate' | 'validate';

function webhookOf(kind: AdmittedKind, step: Step, options: ReviewWebhookOptions): JsonObject {
  const webhook: JsonObject = {
    name: `${step === 'mutate' ? 'default' : 'validate'}.${kind.plural}.${kind.group}`,
    admissionReviewVersions: ['v1'],
    sideEffects: 'None',
    failurePolicy: 'Fail',
    // A rule for one version also catches requests made in another, converted first by the apiserver.
    matchPolicy: 'Equivalent',
    timeoutSeconds: options.timeoutSeconds ?? defaultTimeoutSeconds,
    clientConfig: clientConfig(`${options.prefix}/${step}`, options.caBundle),
    rules: [{ apiGroups: [kind.group], apiVersions: [...kind.versions], resources: [kind.plural], operations: ['CREATE', 'UPDATE'], scope: '*' }],
  };
  // Defaulting is idempotent, so it may run again after other mutating webhooks changed the object.
  if (step === 'mutate') webhook.reinvocationPolicy = 'IfNeeded';
  const conditions = options.matchConditions?.(kind, step);
  // CEL conditions (admissionregistration v1, GA in 1.30): the API server skips calls whose answer is known in advance.
  if (conditions !== undefined && conditions.length > 0) webhook.matchConditions = conditions;
  return webhook;
}

export function admissionWebhookConfiguration(kinds: readonly AdmittedKind[], step: Step, options: ReviewWebhookOptions): JsonObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: step === 'mutate' ? 'MutatingWebhookConfiguration' : 'ValidatingWebhookConfiguration',
    metadata: { name: options.name },
    webhooks: ownCrdKinds(kinds).map((kind) => webhookOf(kind, step, options)),
  };
}

/** One YAML document with a comment header; lists of plain values inline, as in the interpreter configuration. */
export function renderDocument(object: JsonObject, header: readonly string[]): string {
  // Written out in full, never as YAML anchors and aliases (the CRD's versions share schema objects).
  const document = new Document(object, { aliasDuplicateObjects: false });
  visit(document, {
    Seq(_, seq) {
      if (isSeq(seq) && seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  return `${header.map((line) => `# ${line}`).join('\n')}\n${document.toString({ lineWidth: 0 })}`;
}
