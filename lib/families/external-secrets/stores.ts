// External Secrets Operator's stores (external-secrets.io SecretStore and ClusterSecretStore, one spec and one status:
// apis/externalsecrets/v1/secretstore_types.go, v1.3.2): the status as pkg/controllers/secretstore writes it, health
// from its Ready condition, what a member's status tells the control plane, and the Secrets, ConfigMaps and
// ServiceAccounts the provider's configuration names (see README.md).
import type { TypedRequest } from '../../interpreter/define';
import { tooManyDependencies } from '../../interpreter/dependency-bounds';
import type { OperationResults } from '../../interpreter/registry';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { checkedNamespace } from '../../kube/fields';
import { anyList, dependencyList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { agreedValue, membersOf, setOrRemove } from '../../shapes/aggregation';
import { conditionOf, readConditions, type Condition } from '../../shapes/conditions';
import { conditionsOnePerType } from '../../shapes/conditions-by-type';
import { readReportedGenerations, reportGenerations } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { providerReferences, selectorNamespaceIgnoredBy, type ReferenceShape } from './provider-references';

/** A store's status (SecretStoreStatus): the Ready condition and what the provider can do (ReadOnly, WriteOnly, ReadWrite). */
export interface StoreStatus {
  conditions?: Condition[];
  capabilities?: string;
}

export function readStoreStatus(status: Cursor): StoreStatus {
  return defined({ conditions: readConditions(status), capabilities: status.string('capabilities') });
}

/** One object a provider's configuration names, as written (the namespace only where the kind uses it). */
export interface StoreReference {
  shape: ReferenceShape;
  /** The provider (the key under `spec.provider`). */
  provider: string;
  name: string;
  /** The reference's own `namespace`, read only where the controller uses it (see `storeDependencies`). */
  namespace?: string;
  /** A caProvider's `type`: `Secret` or `ConfigMap`. */
  type?: string;
}

export interface Store {
  metadata: ObjectMetaView;
  references: StoreReference[];
  status?: StoreStatus;
}

/** Where a store's references are read: a SecretStore's own namespace, or a ClusterSecretStore's references' own. */
export type StoreScope = 'namespaced' | 'cluster';

/**
 * Whether the controller reads this reference's `namespace`: a ClusterSecretStore's (except where the provider ignores
 * it); a SecretStore's only for a caProvider ConfigMap (runtime/esutils getCertFromConfigMap honours it for any store,
 * while resolvers.SecretKeyRef and every ServiceAccount lookup use the store's namespace).
 */
function namespaceRead(scope: StoreScope, provider: string, shape: ReferenceShape): boolean {
  if (scope === 'cluster') return !selectorNamespaceIgnoredBy.has(provider);
  return shape === 'caProvider';
}

/** The objects at one path below a provider (`secrets[].secretRef` reads every item of `secrets`). */
function objectsAt(parent: Cursor, path: string): Cursor[] {
  let cursors = [parent];
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]');
    const name = list ? segment.slice(0, -2) : segment;
    cursors = cursors.flatMap((cursor) => (list ? cursor.items(name, anyList) : [cursor.object(name)]));
  }
  return cursors.filter((cursor) => cursor.present);
}

/** Every reference the configured providers hold (only InterpretDependency reads them). */
export function readStoreReferences(spec: Cursor, scope: StoreScope): StoreReference[] {
  const provider = spec.object('provider');
  const references: StoreReference[] = [];
  if (!provider.present) return references;
  for (const [name, paths] of Object.entries(providerReferences)) {
    const configuration = provider.object(name);
    if (!configuration.present) continue;
    for (const [shape, path] of paths) {
      for (const ref of objectsAt(configuration, path)) {
        const objectName = ref.objectName('name');
        if (objectName === undefined || objectName === '') continue;
        const reference: StoreReference = { shape, provider: name, name: objectName };
        if (shape === 'caProvider') reference.type = ref.string('type');
        if (namespaceRead(scope, name, shape)) {
          const namespace = checkedNamespace(ref.string('namespace'), ref.pathOf('namespace'));
          if (namespace !== undefined && namespace !== '') reference.namespace = namespace;
        }
        references.push(reference);
      }
    }
  }
  return references;
}

/** Reads, by part, the fields the operations use (only InterpretDependency reads the spec). */
export function readStore(object: Cursor, scope: StoreScope): Store {
  return readByPart<Store>({
    metadata: () => readMetadata(object),
    references: () => readStoreReferences(object.object('spec'), scope),
    status: () => object.part('status', readStoreStatus),
  });
}

/**
 * Healthy when Ready is True: the controller built the provider's client and validated it (reason Valid), or could
 * not tell (reason ValidationUnknown: a ClusterSecretStore whose credentials are read in each ExternalSecret's
 * namespace; the controller then marks it Ready). Ready False (InvalidProviderConfig, ValidationFailed), no Ready
 * condition or no status: unhealthy.
 */
export function storeHealth(status: StoreStatus | undefined): Health {
  const ready = conditionOf(status?.conditions, 'Ready');
  return ready?.status === 'True' ? healthy(conditionReason(ready, 'Ready')) : unhealthy(conditionReason(ready, 'Ready'));
}

/** InterpretStatus: the conditions and capabilities as the member's controller wrote them, and its generations. */
export function reflectStore({ object }: TypedRequest<Store>): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  const { conditions, capabilities } = object.status ?? {};
  if (conditions !== undefined) rawStatus.conditions = conditions;
  if (capabilities !== undefined) rawStatus.capabilities = capabilities;
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

/**
 * AggregateStatus: one condition per type (Ready False where any member's is, Unknown with reason MembersDisagree
 * where members' differ otherwise), and `capabilities` kept only when every listed member reports the same.
 */
export function aggregateStore({ aggregatedStatus, patch: newPatch }: TypedRequest<Store>): OperationResults['AggregateStatus'] {
  const members = membersOf(aggregatedStatus, (status) => ({ ...readStoreStatus(status), ...readReportedGenerations(status) }));
  const patch = newPatch();
  const conditions = conditionsOnePerType(members.reporting, { Ready: 'every' });
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  setOrRemove(patch, 'capabilities', agreedValue(members, (status) => status.capabilities));
  return patch.operations;
}

const kindOrder = { Secret: 0, ConfigMap: 1, ServiceAccount: 2 } as const;
type DependencyKind = keyof typeof kindOrder;

/** The object a reference names, or undefined when its type is none ESO reads (a caProvider of another type). */
function kindOf({ shape, type }: StoreReference): DependencyKind | undefined {
  if (shape === 'secret') return 'Secret';
  if (shape === 'serviceAccount') return 'ServiceAccount';
  if (shape === 'configMap') return 'ConfigMap';
  return type === 'Secret' || type === 'ConfigMap' ? type : undefined;
}

/**
 * InterpretDependency: the Secrets, ConfigMaps and ServiceAccounts the member's ESO reads to build the provider's
 * client. A SecretStore's are in its own namespace (a caProvider ConfigMap in the namespace it names, if any). A
 * ClusterSecretStore's are in the namespace each reference names; one naming none is read in the namespace of each
 * ExternalSecret using the store (referent authentication) or refused by the provider, so it is not listed.
 * Secrets first, then ConfigMaps, then ServiceAccounts, each by namespace and name, each once.
 */
export function storeDependencies({ references }: Store, scope: StoreScope, ownNamespace: string | undefined): OperationResults['InterpretDependency'] {
  const found = new Map<string, { kind: DependencyKind; namespace: string; name: string }>();
  for (const reference of references) {
    const kind = kindOf(reference);
    if (kind === undefined) continue;
    // `reference.namespace` is read only where the controller uses it (`namespaceRead`): a ClusterSecretStore's, and a
    // SecretStore's caProvider (used for a ConfigMap only: a CA Secret goes through resolvers.SecretKeyRef).
    const named = scope === 'cluster' || kind === 'ConfigMap' ? reference.namespace : undefined;
    const namespace = scope === 'cluster' ? named : (named ?? ownNamespace);
    if (namespace === undefined || namespace === '') continue;
    const key = `${kind}\u0000${namespace}\u0000${reference.name}`;
    if (found.has(key)) continue;
    if (found.size === dependencyList.maxItems) throw tooManyDependencies('object.spec.provider');
    found.set(key, { kind, namespace, name: reference.name });
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const dependencies: DependentObjectReference[] = [...found.values()]
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || compare(a.namespace, b.namespace) || compare(a.name, b.name))
    .map(({ kind, namespace, name }) => ({ apiVersion: 'v1', kind, namespace, name }));
  return { dependencies };
}

/** The operations a SecretStore and a ClusterSecretStore answer alike; each kind says where its dependencies are. */
export function storeOperations(dependencies: (request: TypedRequest<Store>) => OperationResults['InterpretDependency']) {
  return {
    InterpretHealth: ({ object }: TypedRequest<Store>) => storeHealth(object.status),
    InterpretStatus: reflectStore,
    AggregateStatus: aggregateStore,
    InterpretDependency: dependencies,
  };
}
