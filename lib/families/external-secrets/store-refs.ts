// What External Secrets Operator's sync kinds (ExternalSecret, ClusterExternalSecret, PushSecret) name in their spec
// and the member's controller must find there: stores (`secretStoreRef`, `storeRef`), generators (`generatorRef`)
// and the ConfigMaps and Secrets of `template.templateFrom` (external-secrets v1.3.2: apis/externalsecrets/v1,
// pkg/controllers/secretstore/client_manager.go, runtime/esutils/resolvers/generator.go, pkg/controllers/templating).
import type { Cursor } from '../../kube/cursor';
import { NamedReferences } from '../../shapes/dependencies';

/** The version a store is named at: the one version v1.3.2's SecretStore and ClusterSecretStore CRDs serve. */
export const storeApiVersion = 'external-secrets.io/v1';
/** The group every generator belongs to; the controller refuses a generatorRef of another (resolvers.getGenerator). */
export const generatorGroup = 'generators.external-secrets.io';
/** `generatorRef.apiVersion`'s CRD default. */
export const defaultGeneratorApiVersion = `${generatorGroup}/v1alpha1`;
/** The one cluster-scoped generator kind (the controller gets it without a namespace). */
const clusterGenerator = 'ClusterGenerator';

export type StoreKind = 'SecretStore' | 'ClusterSecretStore';

/** A store named by a spec, its kind defaulted as the controller does (an empty or absent kind is a SecretStore). */
export interface StoreRef {
  name: string;
  kind: StoreKind;
  /** The field it was read from, for a refusal naming it. */
  path: string;
}

/**
 * The store reference at `parent.<field>` (`{name, kind}`), undefined when absent or without a name (the controller
 * then fails to get a store named ""; nothing can be propagated for it). A kind other than the two the CRD's enum
 * admits is a 400: the controller refuses it too ("unsupported secret store kind", shouldSkipUnmanagedStore).
 */
export function readStoreRef(parent: Cursor, field: string): StoreRef | undefined {
  return storeRefOf(parent.object(field));
}

/** A store reference object itself (an item of PushSecret's `secretStoreRefs`), read as `readStoreRef` reads one. */
export function storeRefOf(ref: Cursor): StoreRef | undefined {
  const name = ref.objectName('name');
  const kind = ref.string('kind');
  if (kind !== undefined && kind !== '' && kind !== 'SecretStore' && kind !== 'ClusterSecretStore') {
    ref.fail('kind', `must be SecretStore or ClusterSecretStore, got ${JSON.stringify(kind.slice(0, 80))}`);
  }
  if (name === undefined || name === '') return undefined;
  return { name, kind: kind === 'ClusterSecretStore' ? 'ClusterSecretStore' : 'SecretStore', path: ref.pathOf('name') };
}

/** A generator a spec names (`generatorRef`: apiVersion, kind, name). */
export interface GeneratorRef {
  apiVersion: string;
  kind: string;
  name: string;
  path: string;
}

/**
 * The generatorRef at `parent.<field>`, undefined when absent, without a name or kind, or outside the generators
 * group (an empty apiVersion included): the controller refuses such a reference (a terminal error), and naming it
 * would propagate an object of another group. An absent apiVersion is the CRD's default.
 */
export function readGeneratorRef(parent: Cursor, field: string): GeneratorRef | undefined {
  const ref = parent.object(field);
  const name = ref.objectName('name');
  const kind = ref.string('kind');
  const apiVersion = ref.string('apiVersion') ?? defaultGeneratorApiVersion;
  if (name === undefined || name === '' || kind === undefined || kind === '') return undefined;
  const slash = apiVersion.indexOf('/');
  if (slash < 0 || apiVersion.slice(0, slash) !== generatorGroup) return undefined;
  if (!/^v[0-9]+((alpha|beta)[0-9]+)?$/.test(apiVersion.slice(slash + 1))) {
    ref.fail('apiVersion', `must be ${generatorGroup}/<version>, got ${JSON.stringify(apiVersion.slice(0, 80))}`);
  }
  if (!/^[A-Za-z][A-Za-z0-9]{0,62}$/.test(kind)) ref.fail('kind', `must be a kind name, got ${JSON.stringify(kind.slice(0, 80))}`);
  return { apiVersion, kind, name, path: ref.pathOf('name') };
}

/** The ConfigMaps and Secrets `template.templateFrom[]` names (`configMap.name`, `secret.name`). */
export interface TemplateSources {
  configMaps: string[];
  secrets: string[];
}

/** `templateFrom` of a template object (ExternalSecret's `target.template`, PushSecret's `template`). */
export function readTemplateSources(template: Cursor): TemplateSources {
  const sources: TemplateSources = { configMaps: [], secrets: [] };
  for (const item of template.items('templateFrom')) {
    const configMap = item.object('configMap').objectName('name');
    const secret = item.object('secret').objectName('name');
    if (configMap !== undefined && configMap !== '') sources.configMaps.push(configMap);
    if (secret !== undefined && secret !== '') sources.secrets.push(secret);
  }
  return sources;
}

/** Everything an ExternalSecretSpec makes its controller get: the stores, the generators, the template sources. */
export interface ExternalSecretReferents {
  stores: StoreRef[];
  generators: GeneratorRef[];
  templates: TemplateSources;
}

/**
 * An ExternalSecretSpec's referents, as pkg/controllers/externalsecret reads them:
 * - `secretStoreRef` when it names a store (shouldSkipUnmanagedStore gets it whenever it has a name);
 * - `data[].sourceRef.storeRef` (it replaces `secretStoreRef` for that entry; `data[].sourceRef.generatorRef` is
 *   never read there: the CRD calls it "not implemented in .data[]");
 * - `dataFrom[].sourceRef.storeRef`, and `dataFrom[].sourceRef.generatorRef` of an entry with neither `find` nor
 *   `extract` (GetProviderSecretData generates only then);
 * - `target.template.templateFrom[]`'s ConfigMaps and Secrets (read in the ExternalSecret's namespace).
 * Never the target Secret (or `target.manifest`): that is what the controller writes.
 */
export function readExternalSecretReferents(spec: Cursor): ExternalSecretReferents {
  const stores: StoreRef[] = [];
  const generators: GeneratorRef[] = [];
  const main = readStoreRef(spec, 'secretStoreRef');
  if (main !== undefined) stores.push(main);
  for (const item of spec.items('data')) {
    const store = readStoreRef(item.object('sourceRef'), 'storeRef');
    if (store !== undefined) stores.push(store);
  }
  for (const item of spec.items('dataFrom')) {
    const sourceRef = item.object('sourceRef');
    const store = readStoreRef(sourceRef, 'storeRef');
    if (store !== undefined) stores.push(store);
    if (!item.has('find') && !item.has('extract')) {
      const generator = readGeneratorRef(sourceRef, 'generatorRef');
      if (generator !== undefined) generators.push(generator);
    }
  }
  return { stores, generators, templates: readTemplateSources(spec.at(['target', 'template'])) };
}

/** A store as a dependency: a SecretStore in `namespace`, a ClusterSecretStore without one. */
export function addStore(references: NamedReferences, store: StoreRef): void {
  references.add(storeApiVersion, store.kind, store.name, { clusterScoped: store.kind === 'ClusterSecretStore', path: store.path });
}

/** A generator as a dependency: a ClusterGenerator is cluster-scoped, every other kind is in the referrer's namespace. */
export function addGenerator(references: NamedReferences, generator: GeneratorRef): void {
  references.add(generator.apiVersion, generator.kind, generator.name, { clusterScoped: generator.kind === clusterGenerator, path: generator.path });
}

/** Whether a referent lives in a namespace (what a cluster-scoped referrer can name only per namespace it knows). */
export function namespacedStore(store: StoreRef): boolean {
  return store.kind === 'SecretStore';
}

export function namespacedGenerator(generator: GeneratorRef): boolean {
  return generator.kind !== clusterGenerator;
}

/** The ConfigMaps and Secrets of a template, in `references`' namespace. */
export function addTemplateSources(references: NamedReferences, templates: TemplateSources): void {
  references.addAll('v1', 'ConfigMap', templates.configMaps).addAll('v1', 'Secret', templates.secrets);
}
