// CloudNativePG's Cluster interpreter: one PostgreSQL database of `spec.instances` instances (a primary and
// standbys), with per-instance requirements from `spec.resources`, health from the operator's phase, and the secrets,
// config maps and CloudNativePG objects it names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { containerResourceRequestOf } from '../../interpreter/pod-template';
import { oneComponent } from '../../interpreter/replicated';
import type { NodeClaim, ReplicaRequirements, Toleration } from '../../interpreter/wire/types';
import type { JsonPatchOperation } from '../../review/patch';
import { agreedValue, membersOf, setOrRemove, sumCounters, worstMember } from '../../shapes/aggregation';
import { conditionOf, mergedConditions } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { reflectFields } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, valueReason } from '../../shapes/health';
import { keepMemberValue, retainsReplicas } from '../../shapes/retention';
import {
  cnpgApiVersion,
  cnpgCluster as cnpgClusterIdentity,
  hibernationCondition,
  objectStoreApiVersion,
  reconciliationLoopAnnotation,
} from './identity';
import { readCnpgCluster, readReflectedStatus, type ClusterStatus, type CnpgCluster } from './schema';

type Request = TypedRequest<CnpgCluster>;

/** The CRD's default for `spec.instances` (`+kubebuilder:default:=1`). */
const defaultInstances = 1;
const instancesOf = (cluster: CnpgCluster) => cluster.spec?.instances ?? defaultInstances;

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

/**
 * Each instance is a pod whose postgres container asks for `spec.resources`, placed by `spec.affinity`'s node selector,
 * tolerations and required node affinity: what Karmada's scheduler and estimator need to check a member's capacity.
 */
function requirementsOf(cluster: CnpgCluster): ReplicaRequirements | undefined {
  const spec = cluster.spec;
  if (spec === undefined) return undefined;
  const resourceRequest = containerResourceRequestOf(spec.raw, 'object.spec');
  const nodeClaim: NodeClaim = {};
  if (spec.nodeSelector !== undefined && Object.keys(spec.nodeSelector).length > 0) nodeClaim.nodeSelector = spec.nodeSelector;
  if (spec.tolerations !== undefined) nodeClaim.tolerations = spec.tolerations as Toleration[];
  if (spec.requiredNodeAffinity !== undefined) nodeClaim.hardNodeAffinity = spec.requiredNodeAffinity;
  const requirements: ReplicaRequirements = {};
  if (Object.keys(nodeClaim).length > 0) requirements.nodeClaim = nodeClaim;
  if (resourceRequest !== undefined) requirements.resourceRequest = resourceRequest;
  return Object.keys(requirements).length > 0 ? requirements : undefined;
}

function interpretReplica({ object }: Request) {
  const replicaRequirements = requirementsOf(object);
  const replicas = instancesOf(object);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * `spec.instances` set to this member's share, as Karmada's binding controller asks whatever the policy: under
 * Duplicated the share is `spec.instances` itself (no change); under Divided it is what the scheduler and quotas
 * accounted for that member (README.md, "Placement").
 */
function reviseReplica({ replicas, patch }: Request): JsonPatchOperation[] {
  return patch().add(['spec', 'instances'], replicas).operations;
}

// ---- Retain ----

/**
 * The operator writes no spec field of its own (it restores `spec.instances` only when a scale-down goes below
 * `maxSyncReplicas + 1`, which the control plane's value then corrects). Kept from the member: the maintenance window
 * `kubectl cnpg maintenance` sets there, and `spec.instances` under Karmada's retain-replicas label (an HPA or KEDA
 * scales a Cluster through its scale subresource).
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();
  keepMemberValue(patch, ['spec', 'nodeMaintenanceWindow'], observed.spec?.nodeMaintenanceWindow, 'template');
  if (retainsReplicas(object.metadata) && observed.spec?.instances !== undefined) patch.add(['spec', 'instances'], observed.spec.instances);
  return patch.operations;
}

// ---- InterpretStatus ----

/** The fields the control plane shows (`kubectl get cluster`'s columns read instances, readyInstances, phase, currentPrimary). */
const reflectedFields = [
  'instances',
  'readyInstances',
  'phase',
  'phaseReason',
  'currentPrimary',
  'targetPrimary',
  'image',
  'writeService',
  'readService',
  'conditions',
] as const satisfies readonly (keyof ClusterStatus)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

// ---- InterpretHealth ----

/** api/v1/cluster_types.go's phases (v1.30.1). */
const healthyPhase = 'Cluster in healthy state';

/** Phases of work the operator is doing or holding on purpose: the database serves, or is on its way to. */
const workingPhases = new Set([
  'Setting up primary',
  'Creating a new replica',
  'Upgrading cluster',
  'Upgrading Postgres major version',
  'Cluster upgrade delayed',
  // primaryUpdateStrategy: supervised: standbys are updated; a human is to switch over (internal/controller/cluster_upgrade.go).
  'Waiting for user action',
  'Primary instance is being restarted in-place',
  'Primary instance is being restarted without a switchover',
  'Waiting for the instances to become active',
  'Online upgrade in progress',
  'Applying configuration',
  'Promoting to primary cluster',
  // A planned change of primary: the old primary serves until it is demoted.
  'Switchover in progress',
]);

/** Phases in which this member's database does not serve, or cannot be run without a human. */
const brokenPhases = new Set([
  // The primary is gone; the operator is promoting a standby (seconds when a standby is ready).
  'Failing over',
  'Cluster is unrecoverable and needs manual intervention',
  'Cluster cannot proceed to reconciliation due to an unknown plugin being required',
  'Cluster cannot proceed to reconciliation due to an error while interacting with plugins',
  'Cluster has incomplete or invalid image catalog',
  'Cluster cannot execute instance online upgrade due to missing architecture binary',
  'Unable to create required cluster objects',
  'Invalid cluster definition',
]);

/** How this interpreter reads one of the operator's phases; undefined for a phase it does not know. */
export function phaseClass(phase: string): 'healthy' | 'working' | 'broken' | undefined {
  if (phase === healthyPhase) return 'healthy';
  if (workingPhases.has(phase)) return 'working';
  return brokenPhases.has(phase) ? 'broken' : undefined;
}

/** Aggregation's order, best first: healthy, working (or a phase this code does not know), broken. */
function phaseRank(phase: string | undefined): number | undefined {
  if (phase === undefined) return undefined;
  const known = phaseClass(phase);
  return known === 'healthy' ? 0 : known === 'broken' ? 2 : 1;
}

function interpretHealth({ object }: Request) {
  // Reconciliation switched off by a human: the database runs as it was; nothing will change it until switched on.
  if (object.metadata.annotations?.[reconciliationLoopAnnotation] === 'disabled') return healthy(`${reconciliationLoopAnnotation}: disabled`);
  const status = object.status;
  // Hibernated on purpose (`cnpg.io/hibernation: on`, every pod deleted, PVCs kept): a deliberate stop.
  const hibernation = conditionOf(status?.conditions, hibernationCondition);
  if (hibernation?.status === 'True') return healthy(conditionReason(hibernation, hibernationCondition));
  // No phase: no CloudNativePG operator has picked the Cluster up there (none installed, or not yet).
  if (status === undefined) return unhealthy('no status');
  const phase = status.phase;
  if (phase === undefined || phase === '') return unhealthy(valueReason('phase', phase));
  // A phase this code does not know (a newer operator's step) is not treated as broken: the broken ones are named.
  if (brokenPhases.has(phase)) return unhealthy(valueReason('phase', phase));
  return healthy(phaseClass(phase) === undefined ? `${valueReason('phase', phase)} (not one known to be broken)` : valueReason('phase', phase));
}

// ---- AggregateStatus ----

const summedFields = ['instances', 'readyInstances'] as const;
/** The same in every member when the template is (image, service names); left out when members differ. */
const agreedFields = ['image', 'writeService', 'readService'] as const;
/** Pod names of one member's database: a value for the control plane only when exactly one member runs it. */
const memberSpecificFields = ['currentPrimary', 'targetPrimary'] as const;

function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();

  const totals = sumCounters(statuses, summedFields);
  for (const name of summedFields) setOrRemove(patch, name, statuses.length > 0 ? totals[name] : undefined);

  // Phase and its reason from one member, the worst (the first in Karmada's order among equals), named in the reason.
  const lead = worstMember(members.reporting, (status) => phaseRank(status.phase));
  setOrRemove(patch, 'phase', lead?.status.phase);
  const reason = lead?.status.phaseReason;
  const prefix = lead === undefined || lead.clusterName === '' || members.listed < 2 ? '' : `${lead.clusterName}: `;
  setOrRemove(patch, 'phaseReason', reason === undefined || reason === '' ? undefined : `${prefix}${reason}`);

  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);

  for (const name of agreedFields) setOrRemove(patch, name, agreedValue(members, (status) => status[name]));
  const single = members.listed === 1 && members.reporting.length === 1 ? members.reporting[0]!.status : undefined;
  for (const name of memberSpecificFields) setOrRemove(patch, name, single?.[name]);
  return patch.operations;
}

// ---- InterpretDependency ----

function interpretDependency({ object, namespace }: Request) {
  const references = object.references;
  const named = new NamedReferences(namespaceOf(object.metadata, namespace));
  if (references === undefined) return { dependencies: [] };
  named.addAll('v1', 'Secret', references.secrets);
  named.addAll('v1', 'ConfigMap', references.configMaps);
  named.add('v1', 'ServiceAccount', references.serviceAccount);
  const catalog = references.imageCatalog;
  if (catalog?.kind === 'ImageCatalog' || catalog?.kind === 'ClusterImageCatalog') {
    named.add(cnpgApiVersion, catalog.kind, catalog.name, { clusterScoped: catalog.kind === 'ClusterImageCatalog' });
  }
  named.addAll(cnpgApiVersion, 'Backup', references.backups);
  named.addAll(objectStoreApiVersion, 'ObjectStore', references.objectStores);
  return { dependencies: named.list() };
}

export const cnpgClusterInterpreter = defineInterpreter<CnpgCluster>({
  ...cnpgClusterIdentity,
  decode: readCnpgCluster,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
