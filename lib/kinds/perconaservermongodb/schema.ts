// PerconaServerMongoDB's one reader: turns an object into the typed view, or a FieldFailure naming the field. It reads
// by part (the components, the fields Retain keeps, the references, the status), each only when an operation uses
// it, and never defaults or changes a value. The types are hand-written from Percona Operator for MongoDB v1.23.0's
// pkg/apis/psmdb/v1/psmdb_types.go (json tags), for the fields read only (README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { checkListLength } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { podSpecRequirementsOf } from '../../interpreter/pod-template';
import type { ComponentRequirements, NodeClaim } from '../../interpreter/wire/types';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import type { ReplicaSpec } from '../../shapes/multi-template-workload';
import { configReplSetName, defaultReplsetName, defaultReplsetSize, memberSets, mongosName } from './identity';

/** Lists and maps of a spec or status (replica sets, volumes, env, users, storages): bounded as a pod template's are. */
const maxItems = podTemplateLimits.listItems;

export interface PerconaServerMongoDB {
  metadata: ObjectMetaView;
  /** One per StatefulSet of pods the operator makes: replica sets, their arbiters, non-voting and hidden members, cfg, mongos. */
  components?: ReplicaSpec[];
  /** The spec fields the member's operator writes (Retain). */
  owned?: OwnedFields;
  references?: References;
  status?: PsmdbStatus;
}

export interface OwnedFields {
  crVersion?: string;
  image?: string;
  backupImage?: string;
  pmmImage?: string;
  /** `upgradeOptions.apply`: whether the operator's version service rewrites the images. */
  apply?: string;
}

export interface References {
  secrets: (string | undefined)[];
  configMaps: (string | undefined)[];
  serviceAccounts: (string | undefined)[];
  claims: (string | undefined)[];
  /** `tls.issuerConf`: a cert-manager Issuer or ClusterIssuer. */
  issuer?: { name?: string; kind?: string; group?: string };
}

export interface ReplsetStatus {
  size?: number;
  ready?: number;
  status?: string;
  message?: string;
  clusterRole?: string;
  initialized?: boolean;
}

export interface MongosStatus {
  size?: number;
  ready?: number;
  status?: string;
  message?: string;
}

export interface PsmdbStatus {
  state?: string;
  message?: string;
  conditions?: Condition[];
  replsets?: Record<string, ReplsetStatus>;
  mongos?: MongosStatus;
  observedGeneration?: number;
  host?: string;
  size?: number;
  ready?: number;
  mongoVersion?: string;
  mongoImage?: string;
}

export type ReflectedStatus = PsmdbStatus & Omit<ReportedGenerations, 'observedGeneration'>;

// ---- components ----

/**
 * A required node affinity at `affinity.advanced` (PSMDB's PodAffinity: `antiAffinityTopologyKey` and a core/v1
 * Affinity under `advanced`), checked as core/v1 decodes a NodeSelector, each field named where it is.
 */
function hardNodeAffinityOf(holder: Cursor): JsonObject | undefined {
  const required = holder.at(['affinity', 'advanced', 'nodeAffinity']).object('requiredDuringSchedulingIgnoredDuringExecution');
  if (!required.present) return undefined;
  for (const term of required.items('nodeSelectorTerms', maxItems)) {
    for (const list of ['matchExpressions', 'matchFields']) {
      for (const requirement of term.items(list, maxItems)) {
        requirement.string('key');
        requirement.string('operator');
        requirement.strings('values', maxItems);
      }
    }
  }
  return required.value;
}

/**
 * What each pod of a MultiAZ holder (a replica set, its arbiter, non-voting or hidden members, mongos) asks for: the
 * mongod (or mongos) container's `resources` and the `sidecars`, placed by `nodeSelector`, `tolerations`, the
 * required node affinity under `affinity.advanced`, with its `priorityClassName`.
 */
function requirementsOf(holder: Cursor): ComponentRequirements | undefined {
  const raw = holder.value!;
  const podSpec: JsonObject = {};
  for (const name of ['nodeSelector', 'tolerations']) if (raw[name] !== undefined) podSpec[name] = raw[name]!;
  const containers = [
    { item: raw.resources === undefined ? {} : { resources: raw.resources }, path: holder.path },
    ...holder.items('sidecars', maxItems).map((item) => ({ item: item.value!, path: item.path })),
  ];
  const requirements: ComponentRequirements = { ...podSpecRequirementsOf(podSpec, holder.path, containers) };
  const hard = hardNodeAffinityOf(holder);
  if (hard !== undefined) requirements.nodeClaim = { ...requirements.nodeClaim, hardNodeAffinity: hard } as NodeClaim;
  const priorityClassName = holder.string('priorityClassName');
  if (priorityClassName !== undefined && priorityClassName !== '') requirements.priorityClassName = priorityClassName;
  return Object.keys(requirements).length > 0 ? requirements : undefined;
}

function component(holder: Cursor, name: string, namePath: () => string, replicas: number): ReplicaSpec {
  const spec: ReplicaSpec = {
    name,
    get namePath() {
      return namePath();
    },
    replicas,
    templatePath: holder.path,
  };
  const requirements = requirementsOf(holder);
  if (requirements !== undefined) spec.requirements = requirements;
  return spec;
}

/** A replica set's own pods (`size` voting data-bearing members), then its arbiters, non-voting and hidden members when enabled. */
function replsetComponents(replset: Cursor, name: string, namePath: () => string): ReplicaSpec[] {
  const components = [component(replset, name, namePath, replset.count('size') ?? 0)];
  for (const [field, suffix] of memberSets) {
    const members = replset.object(field);
    if (members.boolean('enabled') !== true) continue;
    components.push(component(members, `${name}-${suffix}`, () => `${members.path} (named after ${namePath()})`, members.count('size') ?? 0));
  }
  return components;
}

function componentsOf(spec: Cursor): ReplicaSpec[] {
  const components: ReplicaSpec[] = [];
  const replsets = spec.items('replsets', maxItems);
  // No replica set: the operator makes `rs0` of 3 members (psmdb_defaults.go `CheckNSetDefaults`).
  if (replsets.length === 0) components.push({ name: defaultReplsetName(0), namePath: spec.pathOf('replsets'), replicas: defaultReplsetSize, templatePath: spec.pathOf('replsets') });
  replsets.forEach((replset, index) => {
    const name = replset.string('name');
    const named = name !== undefined && name !== '';
    components.push(...replsetComponents(replset, named ? name : defaultReplsetName(index), () => (named ? replset.pathOf('name') : replset.path)));
  });
  const sharding = spec.object('sharding');
  if (sharding.boolean('enabled') === true) {
    // The operator names the config server replica set `cfg` whatever its spec says (psmdb_defaults.go).
    const configsvr = sharding.object('configsvrReplSet');
    if (configsvr.present) components.push(...replsetComponents(configsvr, configReplSetName, () => configsvr.path));
    const mongos = sharding.object('mongos');
    if (mongos.present) components.push(component(mongos, mongosName, () => mongos.path, mongos.count('size') ?? 0));
  }
  return components;
}

// ---- Retain ----

function ownedOf(spec: Cursor): OwnedFields {
  return defined({
    crVersion: spec.string('crVersion'),
    image: spec.string('image'),
    backupImage: spec.object('backup').string('image'),
    pmmImage: spec.object('pmm').string('image'),
    apply: spec.object('upgradeOptions').string('apply'),
  });
}

// ---- references ----

/** Secrets and ConfigMaps a container's `env` and `envFrom` name (core/v1 EnvVar, EnvFromSource). */
function environment(container: Cursor, { secrets, configMaps }: References): void {
  for (const item of container.items('env', maxItems)) {
    const valueFrom = item.object('valueFrom');
    secrets.push(valueFrom.object('secretKeyRef').string('name'));
    configMaps.push(valueFrom.object('configMapKeyRef').string('name'));
  }
  for (const item of container.items('envFrom', maxItems)) {
    secrets.push(item.object('secretRef').string('name'));
    configMaps.push(item.object('configMapRef').string('name'));
  }
}

/** A MultiAZ holder's ServiceAccount, `sidecarVolumes` (secret, configMap, projected, PVC) and sidecars' env. */
function podReferences(holder: Cursor, references: References): void {
  references.serviceAccounts.push(holder.string('serviceAccountName'));
  environment(holder, references);
  for (const sidecar of holder.items('sidecars', maxItems)) environment(sidecar, references);
  for (const volume of holder.items('sidecarVolumes', maxItems)) {
    references.secrets.push(volume.object('secret').string('secretName'));
    references.configMaps.push(volume.object('configMap').string('name'));
    references.claims.push(volume.object('persistentVolumeClaim').string('claimName'));
    for (const source of volume.object('projected').items('sources', maxItems)) {
      references.secrets.push(source.object('secret').string('name'));
      references.configMaps.push(source.object('configMap').string('name'));
    }
  }
}

function replsetReferences(replset: Cursor, references: References): void {
  podReferences(replset, references);
  for (const [field] of memberSets) {
    const members = replset.object(field);
    if (members.boolean('enabled') === true) podReferences(members, references);
  }
}

/** The storages' credentials (psmdb_types.go BackupStorage*Spec): `credentialsSecret`, OCI's `credentials.secretName`. */
const storageTypes = ['s3', 'minio', 'gcs', 'azure', 'oss'];

function referencesOf(spec: Cursor): References {
  const references: References = { secrets: [], configMaps: [], serviceAccounts: [], claims: [] };
  const { secrets } = references;
  const named = spec.object('secrets');
  for (const name of ['users', 'ssl', 'sslInternal', 'keyFile', 'encryptionKey', 'vault', 'sse', 'ldapSecret']) secrets.push(named.string(name));
  const vault = spec.object('vault');
  secrets.push(vault.string('tlsSecret'), vault.object('syncUsers').string('tokenSecret'));
  for (const user of spec.items('users', maxItems)) secrets.push(user.object('passwordSecretRef').string('name'));
  for (const item of spec.items('imagePullSecrets', maxItems)) secrets.push(item.string('name'));

  const backup = spec.object('backup');
  references.serviceAccounts.push(backup.string('serviceAccountName'));
  const storages = backup.object('storages');
  if (storages.present) {
    const names = Object.keys(storages.value!);
    if (names.length > maxItems) checkListLength(names.length, maxItems, storages.path);
    for (const name of names) {
      const storage = storages.entry(name);
      for (const type of storageTypes) secrets.push(storage.object(type).string('credentialsSecret'));
      secrets.push(storage.at(['oci', 'credentials']).string('secretName'));
      secrets.push(storage.at(['minio', 'caBundle']).string('name'));
    }
  }
  const logcollector = spec.object('logcollector');
  if (logcollector.boolean('enabled') === true) environment(logcollector, references);

  spec.items('replsets', maxItems).forEach((replset) => replsetReferences(replset, references));
  const sharding = spec.object('sharding');
  if (sharding.boolean('enabled') === true) {
    const configsvr = sharding.object('configsvrReplSet');
    if (configsvr.present) replsetReferences(configsvr, references);
    const mongos = sharding.object('mongos');
    if (mongos.present) podReferences(mongos, references);
  }
  const issuer = spec.object('tls').part('issuerConf', (conf) => defined({ name: conf.string('name'), kind: conf.string('kind'), group: conf.string('group') }));
  return issuer === undefined ? references : { ...references, issuer };
}

// ---- status ----

/** A map of objects keyed by user names, bounded. */
function boundedEntries(status: Cursor, field: string): [string, Cursor][] {
  const map = status.object(field);
  if (!map.present) return [];
  const keys = Object.keys(map.value!);
  if (keys.length > maxItems) checkListLength(keys.length, maxItems, map.path);
  return keys.map((key) => [key, map.entry(key)]);
}

function readReplsetStatus(replset: Cursor): ReplsetStatus {
  return defined({
    size: replset.count('size'),
    ready: replset.count('ready'),
    status: replset.string('status'),
    message: replset.string('message'),
    clusterRole: replset.string('clusterRole'),
    initialized: replset.boolean('initialized'),
  });
}

export function readStatus(status: Cursor): PsmdbStatus {
  const replsets = status.object('replsets').present
    ? Object.fromEntries(boundedEntries(status, 'replsets').map(([name, replset]) => [name, readReplsetStatus(replset)]))
    : undefined;
  return defined({
    state: status.string('state'),
    message: status.string('message'),
    conditions: readConditions(status),
    replsets,
    mongos: status.part('mongos', (mongos) =>
      defined({ size: mongos.count('size'), ready: mongos.count('ready'), status: mongos.string('status'), message: mongos.string('message') }),
    ),
    observedGeneration: status.generation('observedGeneration'),
    host: status.string('host'),
    size: status.count('size'),
    ready: status.count('ready'),
    mongoVersion: status.string('mongoVersion'),
    mongoImage: status.string('mongoImage'),
  });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readPerconaServerMongoDB(object: Cursor): PerconaServerMongoDB {
  return readByPart<PerconaServerMongoDB>({
    metadata: () => readMetadata(object),
    components: () => object.part('spec', componentsOf),
    owned: () => object.part('spec', ownedOf),
    references: () => object.part('spec', referencesOf),
    status: () => object.part('status', readStatus),
  });
}
