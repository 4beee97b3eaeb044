// CloudNativePG's Cluster reader: turns an object into the typed Cluster, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types are hand-written from CloudNativePG v1.30.1's
// api/v1/cluster_types.go (json tags), for those fields only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { barmanCloudPlugin, defaultMonitoringConfigMap } from './identity';

/** Bound for lists (roles, external clusters, pull secrets, conditions): generous, as for pod templates. */
const maxItems = podTemplateLimits.listItems;

export interface CnpgCluster {
  metadata: ObjectMetaView;
  spec?: ClusterSpec;
  /** The objects `spec` names: a part of its own, read by InterpretDependency only. */
  references?: ClusterReferences;
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
function refName(parent: Cursor, field: string): string | undefined {
  return parent.object(field).string('name');
}

/** The names of a list of references (`imagePullSecrets`, `customQueriesConfigMap`…). */
function refNames(parent: Cursor, field: string): (string | undefined)[] {
  return parent.items(field, maxItems).map((item) => item.string('name'));
}

/** The credentials' secrets of a `barmanObjectStore` (api: BarmanObjectStoreConfiguration, from barman-cloud). */
function barmanSecrets(store: Cursor, into: (string | undefined)[]): void {
  if (!store.present) return;
  const credentials: [string, string[]][] = [
    ['s3Credentials', ['accessKeyId', 'secretAccessKey', 'region', 'sessionToken']],
    ['azureCredentials', ['connectionString', 'storageAccount', 'storageKey', 'storageSasToken']],
    ['googleCredentials', ['applicationCredentials']],
  ];
  for (const [provider, keys] of credentials) {
    const holder = store.object(provider);
    for (const key of keys) into.push(refName(holder, key));
  }
  into.push(refName(store, 'endpointCA'));
}

/** A plugin configuration's object store, when it is Barman Cloud's (`parameters.barmanObjectName`). */
function pluginObjectStore(plugin: Cursor): string | undefined {
  const name = plugin.string('name');
  const parameters = plugin.stringMap('parameters');
  return name === barmanCloudPlugin ? parameters?.barmanObjectName : undefined;
}

/** Secrets and config maps of `env`, `envFrom` (corev1 types, as in a container). */
function environmentReferences(spec: Cursor, { secrets, configMaps }: ClusterReferences): void {
  for (const item of spec.items('env', maxItems)) {
    const valueFrom = item.object('valueFrom');
    secrets.push(refName(valueFrom, 'secretKeyRef'));
    configMaps.push(refName(valueFrom, 'configMapKeyRef'));
  }
  for (const item of spec.items('envFrom', maxItems)) {
    secrets.push(refName(item, 'secretRef'));
    configMaps.push(refName(item, 'configMapRef'));
  }
  for (const item of spec.object('projectedVolumeTemplate').items('sources', maxItems)) {
    secrets.push(refName(item, 'secret'));
    configMaps.push(refName(item, 'configMap'));
  }
}

function referencesOf(spec: Cursor): ClusterReferences {
  const references: ClusterReferences = { secrets: [], configMaps: [], backups: [], objectStores: [] };
  const { secrets, configMaps } = references;
  secrets.push(refName(spec, 'superuserSecret'));
  secrets.push(...refNames(spec, 'imagePullSecrets'));

  const bootstrap = spec.object('bootstrap');
  for (const method of ['initdb', 'recovery', 'pg_basebackup']) secrets.push(refName(bootstrap.object(method), 'secret'));
  const recoveryBackup = bootstrap.at(['recovery', 'backup']);
  references.backups.push(recoveryBackup.string('name'));
  secrets.push(refName(recoveryBackup, 'endpointCA'));

  const certificates = spec.object('certificates');
  for (const name of ['serverCASecret', 'serverTLSSecret', 'replicationTLSSecret', 'clientCASecret']) secrets.push(certificates.string(name));

  secrets.push(refName(spec.at(['postgresql', 'ldap', 'bindSearchAuth']), 'bindPassword'));
  for (const role of spec.object('managed').items('roles', maxItems)) secrets.push(refName(role, 'passwordSecret'));

  const monitoring = spec.object('monitoring');
  // The operator's own default queries (its defaulting webhook writes this name into every Cluster): each member's
  // operator creates and owns it, so it is not one to propagate.
  configMaps.push(...refNames(monitoring, 'customQueriesConfigMap').filter((name) => name !== defaultMonitoringConfigMap));
  secrets.push(...refNames(monitoring, 'customQueriesSecret'));

  barmanSecrets(spec.object('backup').object('barmanObjectStore'), secrets);

  for (const cluster of spec.items('externalClusters', maxItems)) {
    for (const name of ['password', 'sslKey', 'sslCert', 'sslRootCert']) secrets.push(refName(cluster, name));
    barmanSecrets(cluster.object('barmanObjectStore'), secrets);
    references.objectStores.push(pluginObjectStore(cluster.object('plugin')));
  }
  for (const plugin of spec.items('plugins', maxItems)) references.objectStores.push(pluginObjectStore(plugin));

  environmentReferences(spec, references);

  const serviceAccount = spec.string('serviceAccountName');
  const imageCatalog = spec.part('imageCatalogRef', (catalog) => ({ kind: catalog.string('kind'), name: catalog.string('name') }));
  return defined({ ...references, serviceAccount, imageCatalog });
}

const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined);

function specOf(spec: Cursor): ClusterSpec {
  const affinity = spec.object('affinity');
  const required = affinity.at(['nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution']).value;
  return defined({
    instances: spec.count('instances'),
    raw: spec.value!,
    nodeSelector: affinity.stringMap('nodeSelector'),
    tolerations: nonEmpty(affinity.items('tolerations', maxItems).map((item) => item.value!)),
    requiredNodeAffinity: required,
    nodeMaintenanceWindow: spec.object('nodeMaintenanceWindow').value,
  });
}

/** A Cluster status as the operator wrote it (a member's, or the control plane's aggregate). Absent fields stay absent. */
export function readStatus(status: Cursor): ClusterStatus {
  return defined({
    instances: status.count('instances'),
    readyInstances: status.count('readyInstances'),
    phase: status.string('phase'),
    phaseReason: status.string('phaseReason'),
    currentPrimary: status.string('currentPrimary'),
    targetPrimary: status.string('targetPrimary'),
    image: status.string('image'),
    writeService: status.string('writeService'),
    readService: status.string('readService'),
    conditions: readConditions(status),
  });
}

/** What InterpretStatus returned for a member, read back at `request.aggregatedStatus[i].status`. */
export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

/** Reads, by part, every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readCnpgCluster(object: Cursor): CnpgCluster {
  return readByPart<CnpgCluster>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    references: () => object.part('spec', referencesOf),
    status: () => object.part('status', readStatus),
  });
}
