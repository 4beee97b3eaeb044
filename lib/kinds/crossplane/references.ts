// The objects a Crossplane object needs in the member: its ProviderConfig (`spec.providerConfigRef`) and the Secrets
// its spec names by crossplane-runtime's selectors (`*SecretRef`: a managed resource's inputs such as a database
// password, a ProviderConfig's `credentials.secretRef`). Never `writeConnectionSecretToRef`: that Secret is the
// object's output, written by each member's provider.
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { checkedNamespace, checkedObjectName, stringField } from '../../kube/fields';
import { dependencyList } from '../../kube/limits';
import { tooManyDependencies } from '../../interpreter/dependency-bounds';
import { FieldFailure } from '../../review/core';
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { mergedReferences } from '../../shapes/dependencies';

/** The annotation naming a ProviderConfig's apiVersion for a provider whose groups the table below does not know. */
export const providerConfigApiVersionAnnotation = 'karmada-serverless-interpreter/provider-config-api-version';

/**
 * ProviderConfig versions by provider, read from their published CRDs (provider-kubernetes v1.3.1 serves its
 * ProviderConfig at v1alpha1 in both APIs; Upbound's official providers serve theirs at v1beta1). A reference names
 * no version, and Karmada finds a dependency by apiVersion: for any other provider, the annotation gives it.
 */
const providerConfigVersions: readonly { suffix: string; version: string }[] = [
  { suffix: 'kubernetes.crossplane.io', version: 'v1alpha1' },
  { suffix: 'kubernetes.m.crossplane.io', version: 'v1alpha1' },
  { suffix: '.upbound.io', version: 'v1beta1' },
];

/**
 * The group a managed resource's ProviderConfig is in: its provider's own. A provider names its kinds'
 * groups `<service>.<provider>.<suffix>` (`s3.aws.upbound.io`, `s3.aws.m.upbound.io` in the v2 API) and its
 * ProviderConfig's `<provider>.<suffix>`; a provider of one service keeps both in one group (`kubernetes.crossplane.io`).
 */
export function providerConfigGroupOf(group: string): string {
  const labels = group.split('.');
  // The suffix (`upbound.io`, `crossplane.io`), then the v2 marker `m`, then the provider: what is left is a service.
  let end = labels.length - 2;
  if (labels[end - 1] === 'm') end -= 1;
  return end >= 2 ? labels.slice(1).join('.') : group;
}

/** A group (DNS subdomain) and a version (DNS label), as an apiVersion is written. */
const apiVersionPattern = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?\/[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function providerConfigApiVersion(group: string, annotations: Readonly<Record<string, string>> | undefined): string | undefined {
  const given = annotations?.[providerConfigApiVersionAnnotation];
  if (given !== undefined && given !== '') {
    // Karmada finds the dependency by this apiVersion: one it cannot map would fail the object's dependencies.
    if (!apiVersionPattern.test(given)) {
      throw new FieldFailure(`object.metadata.annotations[${providerConfigApiVersionAnnotation}]`, `must be <group>/<version> (e.g. aws.upbound.io/v1beta1), got ${JSON.stringify(given.slice(0, 80))}`);
    }
    return given;
  }
  const configGroup = providerConfigGroupOf(group);
  const known = providerConfigVersions.find(({ suffix }) => (suffix.startsWith('.') ? configGroup.endsWith(suffix) : configGroup === suffix));
  return known === undefined ? undefined : `${configGroup}/${known.version}`;
}

/** The fields a reference is read from, with its path for a refusal. */
export interface SecretSelector {
  name: string;
  namespace?: string;
}

/** Nesting below which no provider's schema puts a selector; deeper parts are not walked (the walk stays linear). */
const maxDepth = 32;
/** A field that holds a payload for another API (provider-kubernetes' `forProvider.manifest`), not the provider's inputs. */
const payloadFields = new Set(['manifest']);

const isSelectorName = (key: string) => key === 'secretRef' || key.endsWith('SecretRef');

/**
 * Every `secretRef` / `*SecretRef` object below `value` (crossplane-runtime's SecretKeySelector / SecretReference
 * and their local forms), walked once; a selector whose `name` or `namespace` is not a string is refused by path.
 */
export function secretSelectors(value: JsonValue | undefined, path: () => string): SecretSelector[] {
  const found: SecretSelector[] = [];
  const visit = (node: JsonValue, at: () => string, depth: number) => {
    if (depth > maxDepth) return;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) visit(node[index]!, () => `${at()}[${index}]`, depth + 1);
      return;
    }
    if (!isJsonObject(node)) return;
    for (const key in node) {
      const child = node[key]!;
      if (payloadFields.has(key)) continue;
      const childPath = () => `${at()}.${key}`;
      if (isSelectorName(key) && isJsonObject(child)) found.push(selectorOf(child, childPath));
      else visit(child, childPath, depth + 1);
    }
  };
  if (value !== undefined) visit(value, path, 0);
  return found;
}

function selectorOf(selector: JsonObject, path: () => string): SecretSelector {
  const at = path();
  const name = checkedObjectName(stringField(selector, 'name', `${at}.name`), `${at}.name`) ?? '';
  const namespace = checkedNamespace(stringField(selector, 'namespace', `${at}.namespace`), `${at}.namespace`);
  return namespace === undefined || namespace === '' ? { name } : { name, namespace };
}

/** A ProviderConfig reference: legacy `{name}` (cluster-scoped), v2 `{kind, name}` (namespaced ProviderConfig or ClusterProviderConfig). */
export interface ProviderConfigRef {
  name: string;
  kind?: string;
}

/**
 * The dependencies: the ProviderConfig where its apiVersion is known (cluster-scoped for a cluster-scoped object or
 * a ClusterProviderConfig; in the object's namespace otherwise), and each named Secret in the selector's namespace,
 * else the object's (a namespaced object's local selectors); a cluster-scoped object's selector without one names no
 * namespace Karmada could find it in, and is left out.
 */
export function crossplaneDependencies(
  object: { group: string; namespace?: string; annotations?: Readonly<Record<string, string>>; providerConfigRef?: ProviderConfigRef; secrets: readonly SecretSelector[] },
): DependentObjectReference[] {
  const references: DependentObjectReference[] = [];
  const ref = object.providerConfigRef;
  const apiVersion = ref === undefined ? undefined : providerConfigApiVersion(object.group, object.annotations);
  if (ref !== undefined && apiVersion !== undefined && ref.name !== '') {
    const kind = ref.kind || 'ProviderConfig';
    const namespaced = object.namespace !== undefined && kind !== 'ClusterProviderConfig';
    references.push(namespaced ? { apiVersion, kind, namespace: object.namespace!, name: ref.name } : { apiVersion, kind, name: ref.name });
  }
  for (const { name, namespace } of object.secrets) {
    const where = namespace ?? object.namespace;
    if (name === '' || where === undefined) continue;
    references.push({ apiVersion: 'v1', kind: 'Secret', namespace: where, name });
  }
  const merged = mergedReferences([references]);
  if (merged.length > dependencyList.maxItems) throw tooManyDependencies('object.spec');
  return merged;
}
