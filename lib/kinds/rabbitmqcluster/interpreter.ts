// RabbitmqCluster's interpreter: one RabbitMQ cluster of `spec.replicas` nodes, each a pod of the operator's
// StatefulSet asking for `spec.resources`, health from the operator's conditions, and the secrets the spec names.
// Semantics from RabbitMQ Cluster Operator v2.20.0 (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf, podSpecRequirementsOf, type PlacedContainer } from '../../interpreter/pod-template';
import { oneComponent } from '../../interpreter/replicated';
import type { ReplicaRequirements } from '../../interpreter/wire/types';
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import type { JsonPatchOperation } from '../../review/patch';
import { agreedValue, membersOf, setOrRemove } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy } from '../../shapes/health';
import { retainsReplicas } from '../../shapes/retention';
import { operatorChildNames, pauseReconciliationLabel, rabbitmqCluster } from './identity';
import { readRabbitmqCluster, readReflectedStatus, type RabbitmqCluster, type RabbitmqPod, type RabbitmqStatus } from './schema';

type Request = TypedRequest<RabbitmqCluster>;

/** The CRD's default for `spec.replicas` (`+kubebuilder:default:=1`). */
const replicasOf = (cluster: RabbitmqCluster) => cluster.spec?.replicas ?? 1;

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

const overridePath = 'object.spec.override.statefulSet.spec.template.spec';

/** internal/resource/statefulset.go: the setup-container init container, 20m CPU and 64Mi memory, requests = limits. */
const setupResources: JsonObject = { requests: { cpu: '20m', memory: '64Mi' }, limits: { cpu: '20m', memory: '64Mi' } };

const objectOr = (value: JsonValue | undefined): JsonObject | undefined => (isJsonObject(value) ? value : undefined);
const listOf = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);

/** A container's `resources` after a strategic merge patch: `requests` and `limits` are maps merged key by key. */
function mergedResources(base: JsonValue | undefined, patch: JsonValue | undefined): JsonObject {
  const merged: JsonObject = {};
  for (const name of ['requests', 'limits']) {
    const list = { ...objectOr(objectOr(base)?.[name]), ...objectOr(objectOr(patch)?.[name]) };
    if (Object.keys(list).length > 0) merged[name] = list;
  }
  return merged;
}

/** The override's containers split into the one named `name` (merged into the operator's) and the ones it adds. */
function byName(list: JsonValue[], name: string, path: string): { named?: JsonObject; added: PlacedContainer[] } {
  const added: PlacedContainer[] = [];
  let named: JsonObject | undefined;
  list.forEach((item, index) => {
    if (!isJsonObject(item)) return;
    if (item.name === name) named = item;
    else added.push({ item, path: `${path}[${index}]` });
  });
  return { named, added };
}

/**
 * Each node's pod as internal/resource/statefulset.go builds it: the rabbitmq container asks for `spec.resources`,
 * the setup-container init container for 20m/64Mi, placed by `spec.tolerations` and `spec.affinity`; then
 * `override.statefulSet.spec.template.spec` is strategic-merge-patched over it (containers merged by name, the node
 * selector, tolerations and required node affinity it sets replacing the spec's).
 */
function requirementsOf(pod: RabbitmqPod | undefined): ReplicaRequirements | undefined {
  if (pod === undefined) return undefined;
  const spec = pod.spec;
  const own: JsonObject = {};
  for (const name of ['tolerations', 'affinity']) if (spec[name] !== undefined && spec[name] !== null) own[name] = spec[name]!;
  const rabbitmq: JsonObject = spec.resources === undefined || spec.resources === null ? {} : { resources: spec.resources };
  // Each field is checked where it is written first, so a refusal names it; the merge below reads checked values.
  podSpecRequirementsOf(own, 'object.spec', [{ item: rabbitmq, path: 'object.spec' }]);
  const override = pod.override ?? {};
  if (pod.override !== undefined) podSpecRequirementsOf(override, overridePath);
  const containers = byName(listOf(override.containers), 'rabbitmq', `${overridePath}.containers`);
  const initContainers = byName(listOf(override.initContainers), 'setup-container', `${overridePath}.initContainers`);
  const affinityOf = (holder: JsonObject) => objectOr(objectOr(objectOr(holder.affinity)?.nodeAffinity)?.requiredDuringSchedulingIgnoredDuringExecution);
  const required = affinityOf(override) ?? affinityOf(own);
  const merged: JsonObject = {
    initContainers: [
      { name: 'setup-container', resources: mergedResources(setupResources, initContainers.named?.resources) },
      ...initContainers.added.map(({ item }) => item),
    ],
  };
  if (override.nodeSelector !== undefined && override.nodeSelector !== null) merged.nodeSelector = override.nodeSelector;
  const tolerations = override.tolerations ?? own.tolerations;
  if (tolerations !== undefined && tolerations !== null) merged.tolerations = tolerations;
  if (required !== undefined) merged.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } };
  if (override.overhead !== undefined && override.overhead !== null) merged.overhead = override.overhead;
  const main = { item: { resources: mergedResources(spec.resources, containers.named?.resources) }, path: 'object.spec' };
  return podSpecRequirementsOf(merged, 'object.spec', [main, ...containers.added]);
}

function interpretReplica({ object }: Request) {
  const replicaRequirements = requirementsOf(object.pod);
  const replicas = replicasOf(object);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * `spec.replicas` set to this member's share, as Karmada's binding controller asks under every policy: under
 * Duplicated the share is `spec.replicas` itself (no change). Under Divided each member runs an independent RabbitMQ
 * cluster of its share (README.md, "Placement").
 */
function reviseReplica({ replicas, patch }: Request): JsonPatchOperation[] {
  return patch().add(['spec', 'replicas'], replicas).operations;
}

// ---- Retain ----

/**
 * internal/controller/reconcile_operator_defaults.go writes `spec.image` when it is empty, `spec.imagePullSecrets`
 * when absent, and `spec.secretBackend.vault.defaultUserUpdaterImage` when Vault is used without one: where the
 * template leaves them so, the member's stay (otherwise every sync would clear them and the operator write them
 * again). `spec.replicas` stays under Karmada's retain-replicas label.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const desired = object.defaulted;
  const observed = observedObject!.defaulted;
  const patch = newPatch();
  if (observed === undefined) return patch.operations;
  if ((desired?.image ?? '') === '' && observed.image !== undefined && observed.image !== '') patch.add(['spec', 'image'], observed.image);
  if (desired?.imagePullSecrets === undefined && observed.imagePullSecrets !== undefined) patch.add(['spec', 'imagePullSecrets'], observed.imagePullSecrets);
  if (desired?.vault === true && desired.defaultUserUpdaterImage === undefined && observed.vault && observed.defaultUserUpdaterImage !== undefined) {
    patch.add(['spec', 'secretBackend', 'vault', 'defaultUserUpdaterImage'], observed.defaultUserUpdaterImage);
  }
  if (retainsReplicas(object.metadata) && observed.replicas !== undefined) patch.add(['spec', 'replicas'], observed.replicas);
  return patch.operations;
}

// ---- InterpretStatus, AggregateStatus ----

const reflectedFields = ['conditions', 'defaultUser', 'binding', 'observedGeneration', 'quorumStatus'] as const satisfies readonly (keyof RabbitmqStatus)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/**
 * internal/status: each condition says something holds for this member's cluster; the fleet holds it only where
 * every member does (a member whose cluster has no endpoint makes ClusterAvailable False for the fleet).
 */
const conditionMerge: ConditionMergeRules = { AllReplicasReady: 'every', ClusterAvailable: 'every', NoWarnings: 'every', ReconcileSuccess: 'every' };

/**
 * Conditions one per type (always written: the CRD requires `status.conditions`), `defaultUser`, `binding` and
 * `quorumStatus` where every member agrees (the secret and service names are the same in every member),
 * `observedGeneration` once every member observed the template's generation.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const patch = newPatch();
  patch.add(['status', 'conditions'], conditionsOnePerType(members.reporting, conditionMerge) as unknown as JsonValue[]);
  for (const name of ['defaultUser', 'binding', 'quorumStatus'] as const) setOrRemove(patch, name, agreedValue(members, (status) => status[name]));
  const generation = object.metadata.generation;
  const statuses = members.reporting.map(({ status }) => status);
  setOrRemove(patch, 'observedGeneration', observedByEveryMember(generation, { members: members.listed, reported: statuses }, false) ? generation : undefined);
  return patch.operations;
}

// ---- InterpretHealth ----

/**
 * Healthy when the operator reconciled without error and the client service has an endpoint (ClusterAvailable=True:
 * at least one node serves); nodes not all ready then (a rolling restart) is still healthy. Unhealthy with no
 * conditions (no operator reconciled it), ReconcileSuccess=False (a spec the operator refuses: bad configuration, a
 * scale-down), or ClusterAvailable not True (no node serves clients in that member). Reconciliation paused by the
 * `rabbitmq.com/pauseReconciliation` label: the cluster runs as it was and its conditions are not refreshed: healthy.
 */
function interpretHealth({ object }: Request) {
  if (object.metadata.labels?.[pauseReconciliationLabel] === 'true') return healthy(`label ${pauseReconciliationLabel}=true`);
  const conditions = object.status?.conditions;
  if (conditions === undefined || conditions.length === 0) return unhealthy('no status.conditions');
  const reconciled = conditionOf(conditions, 'ReconcileSuccess');
  if (reconciled?.status === 'False') return unhealthy(conditionReason(reconciled, 'ReconcileSuccess'));
  const available = conditionOf(conditions, 'ClusterAvailable');
  if (available?.status !== 'True') return unhealthy(conditionReason(available, 'ClusterAvailable'));
  return healthy(`${conditionReason(available, 'ClusterAvailable')}, ${conditionReason(conditionOf(conditions, 'AllReplicasReady'), 'AllReplicasReady')}`);
}

// ---- InterpretDependency ----

/**
 * The secrets the spec names (TLS, its CA, the external default-user secret, image pull secrets) and what the pod
 * override references, less the objects each member's operator creates itself (`<name>-default-user`,
 * `<name>-erlang-cookie`, `<name>-server-conf`, `<name>-plugins-conf`, the `<name>-server` ServiceAccount).
 */
function interpretDependency({ object, namespace }: Request) {
  const references = object.references;
  if (references === undefined) return { dependencies: [] };
  const inNamespace = namespaceOf(object.metadata, namespace);
  const named = new NamedReferences(inNamespace);
  named.add('v1', 'Secret', references.tlsSecret, { path: 'object.spec.tls.secretName' });
  named.add('v1', 'Secret', references.tlsCaSecret, { path: 'object.spec.tls.caSecretName' });
  named.add('v1', 'Secret', references.externalSecret, { path: 'object.spec.secretBackend.externalSecret.name' });
  named.addAll('v1', 'Secret', references.imagePullSecrets);
  const operatorOwned = new Set(operatorChildNames(object.metadata.name ?? ''));
  const fromOverride = podSpecDependenciesOf(references.override, overridePath, inNamespace).filter(
    ({ kind, name }) => !(['Secret', 'ConfigMap', 'ServiceAccount'].includes(kind) && operatorOwned.has(name ?? '')),
  );
  return { dependencies: mergedReferences([named.list(), fromOverride]) };
}

export const rabbitmqClusterInterpreter = defineInterpreter<RabbitmqCluster>({
  ...rabbitmqCluster,
  decode: readRabbitmqCluster,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
