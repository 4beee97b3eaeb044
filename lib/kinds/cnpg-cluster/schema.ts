// CloudNativePG's Cluster reader: turns an object into the typed Cluster, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types are hand-written from CloudNativePG v1.30.1's
// api/v1/cluster_types.go (json tags), for those fields only (see README.md).
import { fieldPath, fieldValue, objectField, objectItems, stringField, stringMapField, countField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { barmanCloudPlugin, defaultMonitoringConfigMap } from './identity';

/** Bound for lists (roles, external clusters, pull secrets, conditions): generous, as for pod templates. */
const maxItems = podTemplateLimits.listItems;
const at = fieldPath;

export interface CnpgCluster {
  metadata: ObjectMetaView;
  spec?: ClusterSpec;
  status?: ClusterStatus;
}

/** The objects a Cluster names, by kind (names as written; empty ones are dropped later). */
export interface ClusterReferences {
  secrets: (string | undefined)[];
  configMaps: (string | undefined)[];
  serviceAccount?: string;
  /** `imageCatalogRef`: an ImageCatalog (namespaced) or a ClusterImageCatalog (cluster-scoped). */
  imageCatalog?: { kind?: string; name?: string };
  /** `bootstrap.recovery.backup`: a Backup of this namespace to restore from. */
  backups: (string | undefined)[];
  /** Barman Cloud plugin object stores (`parameters.barmanObjectName`). */
  objectStores: (string | undefined)[];
}

export interface ClusterSpec {
  /** `instances`: the PostgreSQL instances of this one database (a primary and standbys). CRD default 1, minimum 1. */
  instances?: number;
  /** The raw spec, where `resources` (each instance's postgres container) is read with the quantity rules. */
  raw: JsonObject;
  nodeSelector?: Record<string, string>;
  tolerations?: JsonObject[];
  /** `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`. */
  requiredNodeAffinity?: JsonObject;
  /** Written on a member by `kubectl cnpg maintenance set|unset`. */
  nodeMaintenanceWindow?: JsonObject;
  references: ClusterReferences;
}

/** The fields of `ClusterStatus` the interpreter reads (a member's, or the control plane's aggregate). */
export interface ClusterStatus {
  instances?: number;
  readyInstances?: number;
  phase?: string;
  phaseReason?: string;
  currentPrimary?: string;
  targetPrimary?: string;
  image?: string;
  writeService?: string;
  readService?: string;
  conditions?: Condition[];
}

/** What InterpretStatus reflects, read back by AggregateStatus. */
export type ReflectedStatus = ClusterStatus & Omit<ReportedGenerations, 'observedGeneration'>;

/** The `name` of a LocalObjectReference or a SecretKeySelector / ConfigMapKeySelector at `parent[field]`. */
function refName(parent: JsonObject | undefined, field: string, path: string): string | undefined {
  const ref = objectField(parent, field, at(path, field));
  return stringField(ref, 'name', at(path, `${field}.name`));
}

/** The names of a list of references (`imagePullSecrets`, `customQueriesConfigMap`…). */
function refNames(parent: JsonObject | undefined, field: string, path: string): (string | undefined)[] {
  if (fieldValue(parent, field) === undefined) return [];
  return objectItems(parent, field, at(path, field), maxItems).map(({ item, path: itemPath }) => stringField(item, 'name', at(itemPath, 'name')));
}

/** The credentials' secrets of a `barmanObjectStore` (api: BarmanObjectStoreConfiguration, from barman-cloud). */
function barmanSecrets(parent: JsonObject | undefined, field: string, path: string, into: (string | undefined)[]): void {
  const store = objectField(parent, field, at(path, field));
  if (store === undefined) return;
  const storePath = at(path, field);
  const credentials: [string, string[]][] = [
    ['s3Credentials', ['accessKeyId', 'secretAccessKey', 'region', 'sessionToken']],
    ['azureCredentials', ['connectionString', 'storageAccount', 'storageKey', 'storageSasToken']],
    ['googleCredentials', ['applicationCredentials']],
  ];
  for (const [provider, keys] of credentials) {
    const holder = objectField(store, provider, at(storePath, provider));
    for (const key of keys) into.push(refName(holder, key, at(storePath, provider)));
  }
  into.push(refName(store, 'endpointCA', storePath));
}

/** A plugin configuration's object store, when it is Barman Cloud's (`parameters.barmanObjectName`). */
function pluginObjectStore(plugin: JsonObject | undefined, path: string): string | undefined {
  const name = stringField(plugin, 'name', at(path, 'name'));
  const parameters = stringMapField(plugin, 'parameters', at(path, 'parameters'));
  return name === barmanCloudPlugin ? parameters?.barmanObjectName : undefined;
}

/** Secrets and config maps of `env`, `envFrom` (corev1 types, as in a container). */
function environmentReferences(spec: JsonObject, path: string, references: ClusterReferences): void {
  for (const { item, path: itemPath } of objectItems(spec, 'env', at(path, 'env'), maxItems)) {
    const valueFrom = objectField(item, 'valueFrom', at(itemPath, 'valueFrom'));
    references.secrets.push(refName(valueFrom, 'secretKeyRef', at(itemPath, 'valueFrom')));
    references.configMaps.push(refName(valueFrom, 'configMapKeyRef', at(itemPath, 'valueFrom')));
  }
  for (const { item, path: itemPath } of objectItems(spec, 'envFrom', at(path, 'envFrom'), maxItems)) {
    references.secrets.push(refName(item, 'secretRef', itemPath));
    references.configMaps.push(refName(item, 'configMapRef', itemPath));
  }
  const projected = objectField(spec, 'projectedVolumeTemplate', at(path, 'projectedVolumeTemplate'));
  const projectedPath = at(path, 'projectedVolumeTemplate');
  for (const { item, path: itemPath } of objectItems(projected, 'sources', at(projectedPath, 'sources'), maxItems)) {
    references.secrets.push(refName(item, 'secret', itemPath));
    references.configMaps.push(refName(item, 'configMap', itemPath));
  }
}

function referencesOf(spec: JsonObject, path: string): ClusterReferences {
  const references: ClusterReferences = { secrets: [], configMaps: [], backups: [], objectStores: [] };
  const { secrets, configMaps } = references;
  secrets.push(refName(spec, 'superuserSecret', path));
  secrets.push(...refNames(spec, 'imagePullSecrets', path));

  const bootstrap = objectField(spec, 'bootstrap', at(path, 'bootstrap'));
  const bootstrapPath = at(path, 'bootstrap');
  for (const method of ['initdb', 'recovery', 'pg_basebackup']) {
    secrets.push(refName(objectField(bootstrap, method, at(bootstrapPath, method)), 'secret', at(bootstrapPath, method)));
  }
  const recovery = objectField(bootstrap, 'recovery', at(bootstrapPath, 'recovery'));
  const recoveryBackup = objectField(recovery, 'backup', at(bootstrapPath, 'recovery.backup'));
  references.backups.push(stringField(recoveryBackup, 'name', at(bootstrapPath, 'recovery.backup.name')));
  secrets.push(refName(recoveryBackup, 'endpointCA', at(bootstrapPath, 'recovery.backup')));

  const certificates = objectField(spec, 'certificates', at(path, 'certificates'));
  for (const name of ['serverCASecret', 'serverTLSSecret', 'replicationTLSSecret', 'clientCASecret']) {
    secrets.push(stringField(certificates, name, at(path, `certificates.${name}`)));
  }

  const postgresql = objectField(spec, 'postgresql', at(path, 'postgresql'));
  const ldap = objectField(postgresql, 'ldap', at(path, 'postgresql.ldap'));
  const bindSearchAuth = objectField(ldap, 'bindSearchAuth', at(path, 'postgresql.ldap.bindSearchAuth'));
  secrets.push(refName(bindSearchAuth, 'bindPassword', at(path, 'postgresql.ldap.bindSearchAuth')));

  const managed = objectField(spec, 'managed', at(path, 'managed'));
  for (const { item, path: rolePath } of objectItems(managed, 'roles', at(path, 'managed.roles'), maxItems)) {
    secrets.push(refName(item, 'passwordSecret', rolePath));
  }

  const monitoring = objectField(spec, 'monitoring', at(path, 'monitoring'));
  // The operator's own default queries (its defaulting webhook writes this name into every Cluster): each member's
  // operator creates and owns it, so it is not one to propagate.
  configMaps.push(...refNames(monitoring, 'customQueriesConfigMap', at(path, 'monitoring')).filter((name) => name !== defaultMonitoringConfigMap));
  secrets.push(...refNames(monitoring, 'customQueriesSecret', at(path, 'monitoring')));

  const backup = objectField(spec, 'backup', at(path, 'backup'));
  barmanSecrets(backup, 'barmanObjectStore', at(path, 'backup'), secrets);

  for (const { item, path: clusterPath } of objectItems(spec, 'externalClusters', at(path, 'externalClusters'), maxItems)) {
    for (const name of ['password', 'sslKey', 'sslCert', 'sslRootCert']) secrets.push(refName(item, name, clusterPath));
    barmanSecrets(item, 'barmanObjectStore', clusterPath, secrets);
    references.objectStores.push(pluginObjectStore(objectField(item, 'plugin', at(clusterPath, 'plugin')), at(clusterPath, 'plugin')));
  }
  for (const { item, path: pluginPath } of objectItems(spec, 'plugins', at(path, 'plugins'), maxItems)) {
    references.objectStores.push(pluginObjectStore(item, pluginPath));
  }

  environmentReferences(spec, path, references);

  const serviceAccount = stringField(spec, 'serviceAccountName', at(path, 'serviceAccountName'));
  if (serviceAccount !== undefined) references.serviceAccount = serviceAccount;
  const catalog = objectField(spec, 'imageCatalogRef', at(path, 'imageCatalogRef'));
  if (catalog !== undefined) {
    references.imageCatalog = {
      kind: stringField(catalog, 'kind', at(path, 'imageCatalogRef.kind')),
      name: stringField(catalog, 'name', at(path, 'imageCatalogRef.name')),
    };
  }
  return references;
}

function specOf(object: JsonObject, path: string): ClusterSpec | undefined {
  const spec = objectField(object, 'spec', at(path, 'spec'));
  if (spec === undefined) return undefined;
  const specPath = at(path, 'spec');
  const affinity = objectField(spec, 'affinity', at(specPath, 'affinity'));
  const affinityPath = at(specPath, 'affinity');
  const nodeAffinity = objectField(affinity, 'nodeAffinity', at(affinityPath, 'nodeAffinity'));
  const required = objectField(
    nodeAffinity,
    'requiredDuringSchedulingIgnoredDuringExecution',
    at(affinityPath, 'nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution'),
  );
  const result: ClusterSpec = { raw: spec, references: referencesOf(spec, specPath) };
  const instances = countField(spec, 'instances', at(specPath, 'instances'));
  if (instances !== undefined) result.instances = instances;
  const nodeSelector = stringMapField(affinity, 'nodeSelector', at(affinityPath, 'nodeSelector'));
  if (nodeSelector !== undefined) result.nodeSelector = nodeSelector;
  const tolerations = objectItems(affinity, 'tolerations', at(affinityPath, 'tolerations'), maxItems).map(({ item }) => item);
  if (tolerations.length > 0) result.tolerations = tolerations;
  if (required !== undefined) result.requiredNodeAffinity = required;
  const window = objectField(spec, 'nodeMaintenanceWindow', at(specPath, 'nodeMaintenanceWindow'));
  if (window !== undefined) result.nodeMaintenanceWindow = window;
  return result;
}

/** A Cluster status as the operator wrote it (a member's, or the control plane's aggregate). Absent fields stay absent. */
export function readStatus(status: JsonObject, path: string): ClusterStatus {
  const result: ClusterStatus = {};
  for (const name of ['instances', 'readyInstances'] as const) {
    const value = countField(status, name, at(path, name));
    if (value !== undefined) result[name] = value;
  }
  const strings = ['phase', 'phaseReason', 'currentPrimary', 'targetPrimary', 'image', 'writeService', 'readService'] as const;
  for (const name of strings) {
    const value = stringField(status, name, at(path, name));
    if (value !== undefined) result[name] = value;
  }
  const conditions = readConditions(status, path);
  if (conditions !== undefined) result.conditions = conditions;
  return result;
}

/** What InterpretStatus returned for a member, read back at `request.aggregatedStatus[i].status`. */
export function readReflectedStatus(status: JsonObject, path: string): ReflectedStatus {
  return Object.assign(readStatus(status, path), readReportedGenerations(status, path));
}

/** Reads every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readCnpgCluster(object: JsonObject, path: string): CnpgCluster {
  const cluster: CnpgCluster = { metadata: metadataOf(object, path) };
  const spec = specOf(object, path);
  if (spec !== undefined) cluster.spec = spec;
  const status = objectField(object, 'status', at(path, 'status'));
  if (status !== undefined) cluster.status = readStatus(status, at(path, 'status'));
  return cluster;
}
