// The InferenceService's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of KServe v0.20.0 pkg/apis/serving/v1beta1 (json tags), read only where an operation
// uses them; the spec and the status are read when an operation first asks for them, so health refuses no spec field.
import type { PlacedContainer } from '../../interpreter/pod-template';
import { countField, fieldPath, fieldValue, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { int32Max, type JsonObject, type JsonValue } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { readOnce } from '../../shapes/ray-cluster';
import { deploymentModeAnnotation, stopAnnotation } from './identity';

const maxItems = podTemplateLimits.listItems;

/**
 * Canaries read: each is built over the whole stable predictor, so their number multiplies the work; KServe's
 * `trafficPercent` values (0 to 100 each) sum to at most 100, so a service has no use for more than 100.
 */
const maxCanaries = 100;

/**
 * The predictor's model servers, in the order `PredictorSpec.GetImplementations` lists them (the first present is
 * the one KServe runs); each is a Container inline with `storageUri`, `storage`, `runtimeVersion`...
 */
const predictorImplementations = ['xgboost', 'pytorch', 'triton', 'sklearn', 'tensorflow', 'onnx', 'pmml', 'lightgbm', 'paddle', 'huggingface', 'model'] as const;

/** The container KServe builds from a model server field (`model`, `sklearn`, ART's `art`), where the object says it. */
export interface ImplementationContainer extends PlacedContainer {
  /** `storageUri`, where the model is. */
  storageUri?: string;
  /** Whether `storage` (a key of the storage secret) is set. */
  storage: boolean;
}

/** One Karmada component: a predictor, transformer, explainer, the predictor's workers, or a canary predictor. */
export interface InferenceComponent {
  name: string;
  /** Where the component is, for messages (`object.spec.predictor`). */
  path: string;
  /** The component's object: its PodSpec fields are inline (`containers`, `volumes`, `serviceAccountName`...). */
  spec: JsonObject;
  /** Pods KServe keeps at least (see README.md). */
  replicas: number;
  /** The pod's containers as KServe builds them from what the object says. */
  containers: PlacedContainer[];
  implementation?: ImplementationContainer;
  /** `storageUris[].uri`, each with its path. */
  storageUris: { uri: string; path: string }[];
}

export interface InferenceServiceSpecView {
  components: InferenceComponent[];
  /** The ServiceAccounts a logger's storage names (`logger.storage.serviceAccountName`). */
  loggerServiceAccounts: string[];
  /** KEDA TriggerAuthentications an external metric names (`autoScaling.metrics[].external.authenticationRef`). */
  triggerAuthentications: string[];
}

/** `status.modelStatus`: the fields health and aggregation read, and the whole as written. */
export interface ModelStatusView {
  transitionStatus?: string;
  activeModelState?: string;
  targetModelState?: string;
  failedCopies?: number;
  totalCopies?: number;
  raw: JsonObject;
}

/** A member's status (or what InterpretStatus returned for it). */
export interface InferenceServiceStatus extends ConditionStatus, ReportedGenerations {
  url?: string;
  address?: JsonObject;
  components?: JsonObject;
  modelStatus?: ModelStatusView;
}

export interface InferenceService {
  metadata: ObjectMetaView;
  /** `serving.kserve.io/stop: "true"` (any case, as KServe's `GetForceStopRuntime`). */
  stopped: boolean;
  /** `serving.kserve.io/deploymentMode: ModelMesh`: the model is served by a shared runtime's pods. */
  modelMesh: boolean;
  spec: () => InferenceServiceSpecView;
  status: () => InferenceServiceStatus | undefined;
}

function implementationOf(component: JsonObject, path: string, fields: readonly string[]): ImplementationContainer | undefined {
  for (const field of fields) {
    const at = fieldPath(path, field);
    const item = objectField(component, field, at);
    if (item === undefined) continue;
    const result: ImplementationContainer = { item, path: at, storage: objectField(item, 'storage', fieldPath(at, 'storage')) !== undefined };
    const storageUri = stringField(item, 'storageUri', fieldPath(at, 'storageUri'));
    if (storageUri !== undefined) result.storageUri = storageUri;
    return result;
  }
  return undefined;
}

function storageUrisOf(component: JsonObject, path: string): { uri: string; path: string }[] {
  return objectItems(component, 'storageUris', fieldPath(path, 'storageUris'), maxItems).flatMap(({ item, path: itemPath }) => {
    const uri = stringField(item, 'uri', fieldPath(itemPath, 'uri'));
    return uri === undefined ? [] : [{ uri, path: fieldPath(itemPath, 'uri') }];
  });
}

/**
 * The pod's containers: a `model` container comes first and every listed container after it (the predictor's
 * `buildPodSpec`); a framework's (`sklearn`, ART...) takes the first listed container's place (`Containers[0] =`);
 * without one, the containers as listed.
 */
function containersOf(component: JsonObject, path: string, implementation: ImplementationContainer | undefined): PlacedContainer[] {
  const listed = objectItems(component, 'containers', fieldPath(path, 'containers'), maxItems);
  if (implementation === undefined) return listed;
  const rest = implementation.path.endsWith('.model') ? listed : listed.slice(1);
  return [implementation, ...rest];
}

function componentOf(spec: JsonObject, path: string, name: string, implementations: readonly string[]): InferenceComponent {
  const implementation = implementationOf(spec, path, implementations);
  const component: InferenceComponent = {
    name,
    path,
    spec,
    replicas: countField(spec, 'minReplicas', fieldPath(path, 'minReplicas')) ?? 1,
    containers: containersOf(spec, path, implementation),
    storageUris: storageUrisOf(spec, path),
  };
  if (implementation !== undefined) component.implementation = implementation;
  return component;
}

function readComponent(parent: JsonObject, field: string, path: string, name: string, implementations: readonly string[]): InferenceComponent | undefined {
  const at = fieldPath(path, field);
  const spec = objectField(parent, field, at);
  return spec === undefined ? undefined : componentOf(spec, at, name, implementations);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's zero values, which mergo's override leaves alone: the stable predictor's value stays. */
function isEmpty(value: JsonValue): boolean {
  if (value === null || value === false || value === 0 || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * A canary predictor as KServe's `buildCanaryPredictor` builds it: the stable predictor with the canary's non-empty
 * fields over it (`mergo.Merge(..., WithOverride)`: objects merged field by field, lists and values replaced).
 * Linear in the two objects' sizes.
 */
function mergedOver(stable: JsonObject, canary: JsonObject): JsonObject {
  const merged: JsonObject = { ...stable };
  for (const [name, value] of Object.entries(canary)) {
    const under = merged[name];
    if (isObject(value) && isObject(under)) merged[name] = mergedOver(under, value);
    else if (!isEmpty(value)) merged[name] = value;
  }
  return merged;
}

/**
 * Canaries (`spec.canary[]`, raw deployment): each `canary-<index>` runs the canary's `minReplicas`, else its share
 * of the stable predictor's (`canaryReplicaCount`: ceil(stable × trafficPercent / 100)); a stable predictor with
 * `minReplicas` keeps what the canaries leave, at least 1.
 */
function canaryComponents(spec: JsonObject, path: string, predictor: InferenceComponent | undefined): InferenceComponent[] {
  const canaries: InferenceComponent[] = [];
  const stableMin = predictor === undefined ? undefined : countField(predictor.spec, 'minReplicas', fieldPath(predictor.path, 'minReplicas'));
  let canaryReplicas = 0;
  const listed = fieldValue(spec, 'canary');
  if (Array.isArray(listed) && listed.length > maxCanaries) {
    throw new FieldFailure(
      fieldPath(path, 'canary'),
      `has ${listed.length} canaries; at most ${maxCanaries} are accepted (KServe splits at most 100 percent of the traffic between them, ` +
        'and each canary is a pod built over the whole stable predictor, so more would cost more than linear work)',
    );
  }
  for (const { item, path: itemPath } of objectItems(spec, 'canary', fieldPath(path, 'canary'), maxItems)) {
    const at = fieldPath(itemPath, 'predictor');
    const own = objectField(item, 'predictor', at);
    if (own === undefined) throw new FieldFailure(at, 'is required');
    const percent = countField(item, 'trafficPercent', fieldPath(itemPath, 'trafficPercent')) ?? 0;
    const ownMin = countField(own, 'minReplicas', fieldPath(at, 'minReplicas'));
    // Values that come from the stable predictor were read (and any wrong one refused) at its own path first.
    const canary = componentOf(predictor === undefined ? own : mergedOver(predictor.spec, own), at, `canary-${canaries.length}`, predictorImplementations);
    canary.replicas = ownMin ?? Math.ceil(((stableMin ?? 1) * percent) / 100);
    if (canary.replicas > int32Max) {
      throw new FieldFailure(fieldPath(itemPath, 'trafficPercent'), `gives ${canary.replicas} canary pods (ceil(minReplicas × trafficPercent / 100)), more than an int32 holds`);
    }
    canaryReplicas += canary.replicas;
    canaries.push(canary);
  }
  if (predictor !== undefined && stableMin !== undefined && canaries.length > 0) predictor.replicas = Math.max(stableMin - canaryReplicas, 1);
  return canaries;
}

/** Multi-node workers (`predictor.workerSpec`): `pipelineParallelSize` nodes, the head being the predictor's pod. */
function workerComponent(predictor: InferenceComponent | undefined): InferenceComponent | undefined {
  if (predictor === undefined) return undefined;
  const worker = readComponent(predictor.spec, 'workerSpec', predictor.path, 'worker', []);
  if (worker === undefined) return undefined;
  const nodes = countField(worker.spec, 'pipelineParallelSize', fieldPath(worker.path, 'pipelineParallelSize')) ?? 1;
  countField(worker.spec, 'tensorParallelSize', fieldPath(worker.path, 'tensorParallelSize'));
  worker.replicas = Math.max(nodes - 1, 0);
  return worker;
}

/** `logger.storage.serviceAccountName` and KEDA's `authenticationRef` names of one component. */
function extrasOf(component: InferenceComponent, view: InferenceServiceSpecView): void {
  const { spec, path } = component;
  const logger = objectField(spec, 'logger', fieldPath(path, 'logger'));
  const storage = objectField(logger, 'storage', fieldPath(path, 'logger.storage'));
  const account = stringField(storage, 'serviceAccountName', fieldPath(path, 'logger.storage.serviceAccountName'));
  if (account !== undefined) view.loggerServiceAccounts.push(account);
  const autoScaling = objectField(spec, 'autoScaling', fieldPath(path, 'autoScaling'));
  for (const { item, path: metricPath } of objectItems(autoScaling, 'metrics', fieldPath(path, 'autoScaling.metrics'), maxItems)) {
    const external = objectField(item, 'external', fieldPath(metricPath, 'external'));
    const authentication = objectField(external, 'authenticationRef', fieldPath(metricPath, 'external.authenticationRef'));
    const reference = objectField(authentication, 'authenticationRef', fieldPath(metricPath, 'external.authenticationRef.authenticationRef'));
    const name = stringField(reference, 'name', fieldPath(metricPath, 'external.authenticationRef.authenticationRef.name'));
    if (name !== undefined) view.triggerAuthentications.push(name);
  }
}

export function readInferenceServiceSpec(spec: JsonObject | undefined, path: string): InferenceServiceSpecView {
  const view: InferenceServiceSpecView = { components: [], loggerServiceAccounts: [], triggerAuthentications: [] };
  if (spec === undefined) return view;
  const predictor = readComponent(spec, 'predictor', path, 'predictor', predictorImplementations);
  const transformer = readComponent(spec, 'transformer', path, 'transformer', []);
  const explainer = readComponent(spec, 'explainer', path, 'explainer', ['art']);
  const worker = workerComponent(predictor);
  const canaries = canaryComponents(spec, path, predictor);
  for (const component of [predictor, worker, ...canaries, transformer, explainer]) {
    if (component === undefined) continue;
    view.components.push(component);
    if (component.name !== 'worker') extrasOf(component, view);
  }
  return view;
}

function readModelStatus(status: JsonObject, path: string): ModelStatusView | undefined {
  const at = fieldPath(path, 'modelStatus');
  const raw = objectField(status, 'modelStatus', at);
  if (raw === undefined) return undefined;
  const view: ModelStatusView = { raw };
  const transitionStatus = stringField(raw, 'transitionStatus', fieldPath(at, 'transitionStatus'));
  if (transitionStatus !== undefined) view.transitionStatus = transitionStatus;
  const states = objectField(raw, 'states', fieldPath(at, 'states'));
  const active = stringField(states, 'activeModelState', fieldPath(at, 'states.activeModelState'));
  if (active !== undefined) view.activeModelState = active;
  const target = stringField(states, 'targetModelState', fieldPath(at, 'states.targetModelState'));
  if (target !== undefined) view.targetModelState = target;
  const failureInfo = objectField(raw, 'lastFailureInfo', fieldPath(at, 'lastFailureInfo'));
  for (const name of ['location', 'reason', 'message', 'modelRevisionName', 'time']) stringField(failureInfo, name, fieldPath(at, `lastFailureInfo.${name}`));
  const copies = objectField(raw, 'copies', fieldPath(at, 'copies'));
  const failedCopies = countField(copies, 'failedCopies', fieldPath(at, 'copies.failedCopies'));
  if (failedCopies !== undefined) view.failedCopies = failedCopies;
  const totalCopies = countField(copies, 'totalCopies', fieldPath(at, 'copies.totalCopies'));
  if (totalCopies !== undefined) view.totalCopies = totalCopies;
  return view;
}

/** A member's status: conditions, observedGeneration, the reported generations, url, address, components, modelStatus. */
export function readInferenceServiceStatus(status: JsonObject, path: string): InferenceServiceStatus {
  const view: InferenceServiceStatus = { ...readConditionStatus(status, path), ...readReportedGenerations(status, path) };
  const url = stringField(status, 'url', fieldPath(path, 'url'));
  if (url !== undefined) view.url = url;
  const address = objectField(status, 'address', fieldPath(path, 'address'));
  if (address !== undefined) view.address = address;
  const components = objectField(status, 'components', fieldPath(path, 'components'));
  if (components !== undefined) {
    for (const key of Object.keys(components)) objectField(components, key, fieldPath(path, `components.${key}`));
    view.components = components;
  }
  const modelStatus = readModelStatus(status, path);
  if (modelStatus !== undefined) view.modelStatus = modelStatus;
  return view;
}

export function readInferenceService(object: JsonObject, path: string): InferenceService {
  const metadata = metadataOf(object, path);
  const specPath = fieldPath(path, 'spec');
  const statusPath = fieldPath(path, 'status');
  return {
    metadata,
    stopped: metadata.annotations?.[stopAnnotation]?.toLowerCase() === 'true',
    modelMesh: metadata.annotations?.[deploymentModeAnnotation] === 'ModelMesh',
    spec: readOnce(() => readInferenceServiceSpec(objectField(object, 'spec', specPath), specPath)),
    status: readOnce(() => {
      const status = objectField(object, 'status', statusPath);
      return status === undefined ? undefined : readInferenceServiceStatus(status, statusPath);
    }),
  };
}
