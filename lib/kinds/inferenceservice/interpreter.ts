// KServe's InferenceService interpreter: the predictor, its workers and canaries, the transformer and the explainer as
// Karmada components, health from KServe's conditions and model status (a stopped service is healthy), the objects the
// pods and storage name, and the members' statuses shown as one (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf, podSpecRequirementsOf } from '../../interpreter/pod-template';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { podTemplateLimits } from '../../kube/limits';
import type { JsonObject } from '../../review/json';
import { rankFrom, setOrRemove, sumOf, worstMember } from '../../shapes/aggregation';
import { aggregateConditions, conditionOf, reflectConditionStatus } from '../../shapes/conditions';
import { mergedReferences, namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { conditionReason, healthy, unhealthy, valueReason } from '../../shapes/health';
import { componentsOf } from '../../shapes/multi-template-workload';
import { defaultStorageSecret, inferenceService, stopAnnotation, storageSecretAnnotation } from './identity';
import { readInferenceService, readInferenceServiceStatus, type InferenceComponent, type InferenceService, type InferenceServiceStatus } from './schema';

type Request = TypedRequest<InferenceService>;

/**
 * One component per pod KServe runs for the service, with the pods it keeps at least and what each asks for. None run
 * while the service is stopped (KServe deletes them) or in ModelMesh mode (a shared runtime's pods serve the model).
 */
function interpretComponent({ object }: Request) {
  const idle = object.stopped || object.modelMesh;
  return componentsOf(
    object.spec.components.map(({ name, path, spec, replicas, containers }) => {
      const requirements = podSpecRequirementsOf(spec, path, containers);
      const replicaSpec = { name, namePath: path, replicas: idle ? 0 : replicas, templatePath: path };
      return requirements === undefined ? replicaSpec : { ...replicaSpec, requirements };
    }),
  );
}

const maxItems = podTemplateLimits.listItems;

/** KServe's storage initializer mounts `pvc://<claim>/<path>` from the claim in the service's namespace. */
function claimOf(uri: string | undefined): string | undefined {
  if (uri === undefined || !uri.startsWith('pvc://')) return undefined;
  const claim = uri.slice('pvc://'.length).split('/', 1)[0];
  return claim === '' ? undefined : claim;
}

/** The model server container's env and envFrom references, checked at its own path (its pod spec is built here). */
function implementationReferences(component: InferenceComponent, namespace: string | undefined): DependentObjectReference[] {
  const implementation = component.implementation;
  if (implementation === undefined) return [];
  const { item, path, at } = implementation;
  for (const env of at.items('env', maxItems)) {
    const valueFrom = env.object('valueFrom');
    for (const ref of ['configMapKeyRef', 'secretKeyRef']) valueFrom.object(ref).string('name');
  }
  for (const envFrom of at.items('envFrom', maxItems)) {
    for (const ref of ['configMapRef', 'secretRef']) envFrom.object(ref).string('name');
  }
  return podSpecDependenciesOf({ containers: [item] }, path, namespace);
}

/**
 * What each component's pods reference (ConfigMaps, Secrets, ServiceAccount, PVCs, as for any pod template), the
 * model server's env, the PVCs of `pvc://` storage URIs, the storage secret a `storage` spec reads, a logger's
 * ServiceAccount and KEDA's TriggerAuthentications.
 */
function interpretDependency({ object, namespace: requestNamespace }: Request) {
  const namespace = namespaceOf(object.metadata, requestNamespace);
  const { components, loggerServiceAccounts, triggerAuthentications } = object.spec;
  const named = new NamedReferences(namespace);
  const lists: DependentObjectReference[][] = [];
  for (const component of components) {
    lists.push(podSpecDependenciesOf(component.spec, component.path, namespace), implementationReferences(component, namespace));
    named.add('v1', 'PersistentVolumeClaim', claimOf(component.implementation?.storageUri));
    named.addAll('v1', 'PersistentVolumeClaim', component.storageUris.map(claimOf));
    if (component.implementation?.storage === true) named.add('v1', 'Secret', object.metadata.annotations?.[storageSecretAnnotation] ?? defaultStorageSecret);
  }
  named.addAll('v1', 'ServiceAccount', loggerServiceAccounts);
  named.addAll('keda.sh/v1alpha1', 'TriggerAuthentication', triggerAuthentications);
  lists.push(named.list());
  return { dependencies: mergedReferences(lists) };
}

/** Transition states of a model that failed: the last load failed, or the spec cannot be served. */
const failedTransitions = new Set(['BlockedByFailedLoad', 'InvalidSpec']);

/**
 * Healthy while stopped (the stop annotation or the Stopped condition: no pods on purpose, and failover would not start
 * any elsewhere). Unhealthy when the model failed (`BlockedByFailedLoad`, `InvalidSpec`, an active model
 * `FailedToLoad`). Healthy while a model loads (`InProgress`), whatever the conditions say meanwhile. Otherwise
 * unhealthy without conditions (no KServe controller reported) or with any condition False; Unknown is on its way.
 */
function interpretHealth({ object }: Request) {
  if (object.stopped) return healthy(`${stopAnnotation}: true`);
  const status = object.status;
  const conditions = status?.conditions;
  const stopped = conditionOf(conditions, 'Stopped');
  if (stopped?.status === 'True') return healthy(conditionReason(stopped, 'Stopped'));
  const model = status?.modelStatus;
  const transition = valueReason('modelStatus.transitionStatus', model?.transitionStatus);
  if (failedTransitions.has(model?.transitionStatus ?? '')) return unhealthy(transition);
  if (model?.activeModelState === 'FailedToLoad') return unhealthy(valueReason('modelStatus.states.activeModelState', model.activeModelState));
  if (model?.transitionStatus === 'InProgress') return healthy(transition);
  if (conditions === undefined || conditions.length === 0) return unhealthy('no status.conditions');
  const failed = conditions.find((condition) => condition.type !== 'Stopped' && condition.status === 'False');
  if (failed !== undefined) return unhealthy(conditionReason(failed, failed.type));
  const ready = conditionOf(conditions, 'Ready');
  return healthy(ready === undefined ? 'no condition False' : `no condition False, ${conditionReason(ready, 'Ready')}`);
}

/** What the control plane shows of a member: conditions, observedGeneration, url, address, components, modelStatus. */
function interpretStatus({ object }: Request) {
  const status = object.status;
  const extra: JsonObject = {};
  if (status?.url !== undefined) extra.url = status.url;
  if (status?.address !== undefined) extra.address = status.address;
  if (status?.components !== undefined) extra.components = status.components;
  if (status?.modelStatus !== undefined) extra.modelStatus = status.modelStatus.raw;
  return reflectConditionStatus({ metadata: object.metadata, status: status ?? {} }, extra);
}

/** Model transitions, best first; one KServe adds later ranks as a failure until read. */
const transitionRank = rankFrom(['UpToDate', 'InProgress', 'BlockedByFailedLoad', 'InvalidSpec'], 'BlockedByFailedLoad');

/** Each component's status from the first member that reports it (members serve the same components). */
function firstComponents(statuses: readonly InferenceServiceStatus[]): JsonObject | undefined {
  const components: JsonObject = {};
  for (const status of statuses) {
    for (const [name, value] of Object.entries(status.components ?? {})) if (!Object.hasOwn(components, name)) components[name] = value;
  }
  return Object.keys(components).length > 0 ? components : undefined;
}

/**
 * The members as one service: their conditions merged (Karmada's `cluster=message` form), observedGeneration when
 * every member saw the template's generation, the first member's url and address, each component's first status, and
 * the model status of the member whose model is worst off, with the copies summed over the members.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions<InferenceService, InferenceServiceStatus>(request, {
    observedWithNoMembers: false,
    read: readInferenceServiceStatus,
  });
  const statuses = members.reporting.map(({ status }) => status);
  const addressed = statuses.find((status) => status.url !== undefined || status.address !== undefined);
  setOrRemove(patch, 'url', addressed?.url);
  setOrRemove(patch, 'address', addressed?.address);
  setOrRemove(patch, 'components', firstComponents(statuses));
  const worst = worstMember(members.reporting, (status) => transitionRank(status.modelStatus?.transitionStatus ?? (status.modelStatus === undefined ? undefined : 'UpToDate')));
  let modelStatus: JsonObject | undefined;
  if (worst?.status.modelStatus !== undefined) {
    modelStatus = { ...worst.status.modelStatus.raw };
    const counted = statuses.filter((status) => status.modelStatus?.failedCopies !== undefined || status.modelStatus?.totalCopies !== undefined);
    if (counted.length > 0) {
      const copies: JsonObject = { failedCopies: sumOf(counted, (status) => status.modelStatus?.failedCopies, 'modelStatus.copies.failedCopies') };
      const total = sumOf(counted, (status) => status.modelStatus?.totalCopies, 'modelStatus.copies.totalCopies');
      if (total > 0) copies.totalCopies = total;
      modelStatus.copies = copies;
    }
  }
  setOrRemove(patch, 'modelStatus', modelStatus);
  return patch.operations;
}

export const inferenceServiceInterpreter = defineInterpreter<InferenceService>({
  ...inferenceService,
  decode: readInferenceService,
  operations: {
    InterpretComponent: interpretComponent,
    InterpretDependency: interpretDependency,
    InterpretHealth: interpretHealth,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
  },
});
