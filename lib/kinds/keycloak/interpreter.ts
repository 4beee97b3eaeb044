// Keycloak's interpreter: `spec.instances` Keycloak servers of one cluster, each a pod of the operator's StatefulSet
// built from the unsupported pod template, `spec.resources` and `spec.scheduling`; health from the operator's Ready
// and HasErrors conditions; the secrets and config maps the spec names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf, podSpecRequirementsOf, type PlacedContainer } from '../../interpreter/pod-template';
import { oneComponent } from '../../interpreter/replicated';
import type { ReplicaRequirements } from '../../interpreter/wire/types';
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import type { JsonPatchOperation } from '../../review/patch';
import { agreedValue, membersOf, setOrRemove, sumOf } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { conditionReason, countShown, healthy, unhealthy } from '../../shapes/health';
import { retainsReplicas } from '../../shapes/retention';
import { initialAdminSecretOf, keycloak, openshiftDefaultIngressClass } from './identity';
import { readKeycloak, readReflectedStatus, type Keycloak, type KeycloakPod, type KeycloakStatus } from './schema';

type Request = TypedRequest<Keycloak>;

/** The operator writes `spec.instances: 1` when it is absent (KeycloakController.reconcile). */
const instancesOf = (object: Keycloak) => object.spec?.instances ?? 1;

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

const templatePath = 'object.spec.unsupported.podTemplate.spec';

const nonEmptyList = (value: JsonValue | undefined) => Array.isArray(value) && value.length > 0;

/**
 * Each instance's pod as KeycloakDeploymentDependentResource builds it: the pod template is the base; its first
 * container is the keycloak container, whose resources are `spec.resources` whatever the template says (the operator
 * replaces them); other containers and init containers are the template's; `spec.scheduling`'s affinity and
 * tolerations apply where the template sets none. Each field is checked where it is written, so a refusal names it.
 */
function requirementsOf(pod: KeycloakPod | undefined): ReplicaRequirements | undefined {
  if (pod === undefined) return undefined;
  const keycloakContainer: PlacedContainer = { item: pod.resources === undefined ? {} : { resources: pod.resources }, path: 'object.spec' };
  const scheduling = pod.scheduling ?? {};
  podSpecRequirementsOf(scheduling, 'object.spec.scheduling', [keycloakContainer]);
  const template = pod.template ?? {};
  const others: PlacedContainer[] = [];
  const containers = template.containers;
  if (Array.isArray(containers)) {
    containers.forEach((item, index) => {
      if (index > 0 && isJsonObject(item)) others.push({ item, path: `${templatePath}.containers[${index}]` });
    });
  }
  if (pod.template !== undefined) podSpecRequirementsOf(template, templatePath, others);
  const merged: JsonObject = {};
  for (const name of ['nodeSelector', 'initContainers', 'overhead']) if (template[name] !== undefined && template[name] !== null) merged[name] = template[name]!;
  const tolerations = nonEmptyList(template.tolerations) ? template.tolerations : scheduling.tolerations;
  if (tolerations !== undefined && tolerations !== null) merged.tolerations = tolerations;
  const affinity = template.affinity !== undefined && template.affinity !== null ? template.affinity : scheduling.affinity;
  if (affinity !== undefined && affinity !== null) merged.affinity = affinity;
  return podSpecRequirementsOf(merged, 'object.spec', [keycloakContainer, ...others]);
}

function interpretReplica({ object }: Request) {
  const replicaRequirements = requirementsOf(object.pod);
  const replicas = instancesOf(object);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/** `spec.instances`, the scale subresource's field and InterpretReplica's, set to this member's share. */
function reviseReplica({ replicas, patch }: Request): JsonPatchOperation[] {
  return patch().add(['spec', 'instances'], replicas).operations;
}

// ---- Retain ----

/**
 * On OpenShift the operator writes `spec.hostname.hostname` itself when the ingress is enabled with the
 * `openshift-default` class and no hostname is set (KeycloakController.generateOpenshiftHostname, from that
 * cluster's apps domain): where the template leaves it so, the member's stays. `spec.instances` stays under
 * Karmada's retain-replicas label (an HPA scales a Keycloak through its scale subresource).
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const desired = object.hostname;
  const observed = observedObject!.hostname;
  const generated =
    desired?.ingressEnabled !== false && desired?.ingressClassName === openshiftDefaultIngressClass && (desired?.hostname ?? '') === '';
  if (generated && observed?.hostname !== undefined && observed.hostname !== '') patch.add(['spec', 'hostname', 'hostname'], observed.hostname);
  const instances = observedObject!.spec?.instances;
  if (retainsReplicas(object.metadata) && instances !== undefined) patch.add(['spec', 'instances'], instances);
  return patch.operations;
}

// ---- InterpretStatus, AggregateStatus ----

const reflectedFields = ['conditions', 'instances', 'selector', 'observedGeneration'] as const satisfies readonly (keyof KeycloakStatus)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/**
 * KeycloakStatusAggregator's conditions: Ready holds for the fleet only where every member's does; HasErrors,
 * RollingUpdate and RecreateUpdateUsed hold where any member's does.
 */
const conditionMerge: ConditionMergeRules = { Ready: 'every', HasErrors: 'any', RollingUpdate: 'any', RecreateUpdateUsed: 'any' };

/**
 * `instances` (ready pods) summed, `selector` where every member agrees (the scale subresource's labelSelectorPath),
 * conditions one per type, `observedGeneration` once every member observed the template's generation.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  setOrRemove(patch, 'instances', statuses.length > 0 ? sumOf(statuses, (status) => status.instances, 'instances') : undefined);
  setOrRemove(patch, 'selector', agreedValue(members, (status) => status.selector));
  const conditions = conditionsOnePerType(members.reporting, conditionMerge);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? (conditions as unknown as JsonValue[]) : undefined);
  const generation = object.metadata.generation;
  setOrRemove(patch, 'observedGeneration', observedByEveryMember(generation, { members: members.listed, reported: statuses }, false) ? generation : undefined);
  return patch.operations;
}

// ---- InterpretHealth ----

/**
 * Unhealthy with no conditions (no operator reconciled it there) or HasErrors=True (a pod in CrashLoopBackOff or an
 * image error, or a reconcile that failed). Healthy when Ready=True. Not ready (waiting for replicas, a rolling or
 * recreate update): healthy while some instance is ready (`status.instances` > 0, the StatefulSet's ready pods), so
 * logins are served; unhealthy when none is.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  const conditions = status?.conditions;
  if (conditions === undefined || conditions.length === 0) return unhealthy('no status.conditions');
  const errors = conditionOf(conditions, 'HasErrors');
  if (errors?.status === 'True') return unhealthy(conditionReason(errors, 'HasErrors'));
  const ready = conditionOf(conditions, 'Ready');
  if (ready?.status === 'True') return healthy(conditionReason(ready, 'Ready'));
  const serving = (status?.instances ?? 0) > 0;
  return (serving ? healthy : unhealthy)(`${conditionReason(ready, 'Ready')}, ${countShown('status.instances', status?.instances)}`);
}

// ---- InterpretDependency ----

/**
 * The secrets and config maps the spec names, what the pod template and `spec.volumes` reference, less the
 * initial-admin Secret the operator creates when `spec.bootstrapAdmin` names none.
 */
function interpretDependency({ object, namespace }: Request) {
  const references = object.references;
  if (references === undefined) return { dependencies: [] };
  const inNamespace = namespaceOf(object.metadata, namespace);
  const named = new NamedReferences(inNamespace);
  named.addAll('v1', 'Secret', references.secrets);
  named.addAll('v1', 'ConfigMap', references.configMaps);
  const operatorOwned = initialAdminSecretOf(object.metadata.name ?? '');
  const fromPods = [
    ...podSpecDependenciesOf(references.template, templatePath, inNamespace),
    ...podSpecDependenciesOf(references.volumes, 'object.spec', inNamespace),
  ].filter(({ kind, name }) => !(kind === 'Secret' && name === operatorOwned));
  return { dependencies: mergedReferences([named.list(), fromPods]) };
}

export const keycloakInterpreter = defineInterpreter<Keycloak>({
  ...keycloak,
  decode: readKeycloak,
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
