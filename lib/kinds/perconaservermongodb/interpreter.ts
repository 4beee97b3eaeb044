// PerconaServerMongoDB's interpreter: one component per StatefulSet the operator makes (replica sets and their
// arbiters, non-voting and hidden members, the config servers, mongos), the images and crVersion the member's
// operator writes kept, the status added up so the CRD admits it, health from the operator's state (Argo CD's
// mapping), and the objects the spec names. InterpretReplica and ReviseReplica are left out (README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { JsonObject, JsonValue } from '../../review/json';
import { checkListLength } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { agreedValue, membersOf, rankFrom, setOrRemove, sumOf, worstMember, type Member } from '../../shapes/aggregation';
import { mergedConditions } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { componentsOf } from '../../shapes/multi-template-workload';
import { certManagerApiVersion, perconaServerMongoDB, upgradesOff } from './identity';
import {
  readPerconaServerMongoDB,
  readReflectedStatus,
  type MongosStatus,
  type PerconaServerMongoDB,
  type PsmdbStatus,
  type ReflectedStatus,
  type ReplsetStatus,
} from './schema';

type Request = TypedRequest<PerconaServerMongoDB>;

// ---- Retain ----

/**
 * What the member's operator writes into the spec (pkg/controller/perconaservermongodb): `crVersion`, set to its own
 * version when the spec has none (psmdb_controller.go `setCRVersion`), and, when `upgradeOptions.apply` lets the
 * version service upgrade (version.go `versionUpgradeEnabled`), `image`, `backup.image` and `pmm.image`
 * (version.go `ensureVersion`). Each member's operator upgrades on its own schedule, so its values stay.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const desired = object.owned ?? {};
  const observed = observedObject!.owned ?? {};
  const patch = newPatch();
  if ((desired.crVersion ?? '') === '' && observed.crVersion !== undefined && observed.crVersion !== '') patch.add(['spec', 'crVersion'], observed.crVersion);
  if (!upgradesOff.has((desired.apply ?? '').toLowerCase())) {
    if (observed.image !== undefined) patch.add(['spec', 'image'], observed.image);
    if (observed.backupImage !== undefined) patch.add(['spec', 'backup', 'image'], observed.backupImage);
    if (observed.pmmImage !== undefined) patch.add(['spec', 'pmm', 'image'], observed.pmmImage);
  }
  return patch.operations;
}

// ---- InterpretStatus ----

/** What `kubectl get psmdb` shows and the aggregation needs; per-pod member lists and operator bookkeeping stay in the member. */
const reflectedFields = [
  'state',
  'message',
  'conditions',
  'replsets',
  'mongos',
  'observedGeneration',
  'host',
  'size',
  'ready',
  'mongoVersion',
  'mongoImage',
] as const satisfies readonly (keyof PsmdbStatus)[];

function interpretStatus({ object }: Request) {
  if (object.status === undefined) return { rawStatus: reflectFields<PsmdbStatus>(undefined, reflectedFields, object.metadata) };
  // The CRD requires size and ready (the operator always writes them); a status without them reads as 0.
  const status: PsmdbStatus = { ...object.status, size: object.status.size ?? 0, ready: object.status.ready ?? 0 };
  return { rawStatus: reflectFields(status, reflectedFields, object.metadata) };
}

// ---- InterpretHealth ----

/**
 * The operator's states (psmdb_types.go `AppState`), as Argo CD maps them (health.lua): ready Healthy, initializing
 * and stopping Progressing, paused Suspended, error Degraded. Karmada's failover evicts on unhealthy, and for a
 * database an eviction makes a new one elsewhere, so only `error` is unhealthy.
 */
function interpretHealth({ object }: Request) {
  const state = object.status?.state;
  // No state: no operator has picked the cluster up there (none installed, or not yet), so nothing will run it.
  if (state === undefined || state === '') return unhealthy(valueReason('status.state', state));
  if (state === 'error') return unhealthy(valueReason('status.state', state));
  if (state === 'ready' || state === 'initializing' || state === 'stopping' || state === 'paused') return healthy(valueReason('status.state', state));
  // A state this code does not know (a newer operator's) is not taken for broken: only `error` is.
  return healthy(`${valueReason('status.state', state)} (not error)`);
}

// ---- AggregateStatus ----

/** Best first: the worst member's state leads (an unknown state ranks with initializing). */
const stateRank = rankFrom(['ready', 'paused', 'stopping', 'initializing', 'error'], 'initializing');

const maxReplsets = podTemplateLimits.listItems;

/** `<cluster>: message` when several members are listed, so the control plane says whose it is. */
function ownMessage<S extends { message?: string }>(lead: Member<S> | undefined, listed: number): string | undefined {
  const message = lead?.status.message;
  if (message === undefined || message === '') return undefined;
  return lead!.clusterName === '' || listed < 2 ? message : `${lead!.clusterName}: ${message}`;
}

/** Sizes and ready pods summed, the worst member's status and message (the CRD requires size and ready). */
function combined<S extends { size?: number; ready?: number; status?: string; message?: string }>(parts: Member<S>[], listed: number, field: string): JsonObject {
  const statuses = parts.map(({ status }) => status);
  const result: JsonObject = { size: sumOf(statuses, (status) => status.size, `${field}.size`), ready: sumOf(statuses, (status) => status.ready, `${field}.ready`) };
  const lead = worstMember(parts, (status) => stateRank(status.status === '' ? undefined : status.status));
  if (lead?.status.status !== undefined) result.status = lead.status.status;
  const message = ownMessage(lead, listed);
  if (message !== undefined) result.message = message;
  return result;
}

function aggregatedReplsets(reporting: Member<ReflectedStatus>[], listed: number): JsonObject | undefined {
  const byName = new Map<string, Member<ReplsetStatus>[]>();
  for (const { clusterName, status } of reporting) {
    for (const [name, replset] of Object.entries(status.replsets ?? {})) {
      let parts = byName.get(name);
      if (parts === undefined) byName.set(name, (parts = []));
      parts.push({ clusterName, status: replset });
    }
  }
  if (byName.size === 0) return undefined;
  checkListLength(byName.size, maxReplsets, 'request.aggregatedStatus[].status.replsets');
  const replsets: JsonObject = {};
  for (const [name, parts] of byName) {
    const replset = combined(parts, listed, `replsets["${name.slice(0, 64)}"]`);
    const roles = new Set(parts.map(({ status }) => status.clusterRole));
    const [role] = roles;
    if (roles.size === 1 && role !== undefined) replset.clusterRole = role;
    // Initialized where every member's replica set is.
    if (parts.every(({ status }) => status.initialized !== undefined)) replset.initialized = parts.every(({ status }) => status.initialized === true);
    replsets[name] = replset;
  }
  return replsets;
}

function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const { reporting, listed } = members;
  const statuses = reporting.map(({ status }) => status);
  const patch = newPatch();
  // Required by the CRD: always written.
  patch.add(['status', 'size'], sumOf(statuses, (status) => status.size, 'size'));
  patch.add(['status', 'ready'], sumOf(statuses, (status) => status.ready, 'ready'));

  const lead = worstMember(reporting, (status) => stateRank(status.state === '' ? undefined : status.state));
  setOrRemove(patch, 'state', lead?.status.state);
  setOrRemove(patch, 'message', ownMessage(lead, listed));

  const conditions = mergedConditions(reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? (conditions as unknown as JsonValue[]) : undefined);
  setOrRemove(patch, 'replsets', aggregatedReplsets(reporting, listed));
  const mongos = reporting.filter(({ status }) => status.mongos !== undefined).map(({ clusterName, status }) => ({ clusterName, status: status.mongos as MongosStatus }));
  setOrRemove(patch, 'mongos', mongos.length > 0 ? combined(mongos, listed, 'mongos') : undefined);

  for (const name of ['host', 'mongoVersion', 'mongoImage'] as const) setOrRemove(patch, name, agreedValue(members, (status) => status[name]));
  const generation = object.metadata.generation;
  if (observedByEveryMember(generation, { members: listed, reported: statuses }, false)) patch.add(['status', 'observedGeneration'], generation!);
  return patch.operations;
}

// ---- InterpretDependency ----

function interpretDependency({ object, namespace }: Request) {
  const references = object.references;
  const named = new NamedReferences(namespaceOf(object.metadata, namespace));
  if (references === undefined) return { dependencies: [] };
  named.addAll('v1', 'Secret', references.secrets);
  named.addAll('v1', 'ConfigMap', references.configMaps);
  named.addAll('v1', 'ServiceAccount', references.serviceAccounts.filter((name) => name !== 'default'));
  named.addAll('v1', 'PersistentVolumeClaim', references.claims);
  const issuer = references.issuer;
  if (issuer !== undefined && (issuer.group === undefined || issuer.group === '' || issuer.group === 'cert-manager.io')) {
    // cert-manager's IssuerReference: an empty kind is an Issuer.
    const kind = issuer.kind === undefined || issuer.kind === '' ? 'Issuer' : issuer.kind;
    if (kind === 'Issuer' || kind === 'ClusterIssuer') named.add(certManagerApiVersion, kind, issuer.name, { clusterScoped: kind === 'ClusterIssuer' });
  }
  return { dependencies: named.list() };
}

export const perconaServerMongoDBInterpreter = defineInterpreter<PerconaServerMongoDB>({
  ...perconaServerMongoDB,
  decode: readPerconaServerMongoDB,
  operations: {
    InterpretComponent: ({ object }) => componentsOf(object.components ?? []),
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
