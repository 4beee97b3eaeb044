// The InferenceService's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of KServe v0.20.0 pkg/apis/serving/v1beta1 (json tags), read only where an operation
// uses them; the spec and the status are read when an operation first asks for them, so health refuses no spec field.
import type { PlacedContainer } from '../../interpreter/pod-template';
import { Cursor, defined, readByPart } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { int32Max, isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
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
  /** The container, to read its fields. */
  at: Cursor;
}

/** One Karmada component: a predictor, transformer, explainer, the predictor's workers, or a canary predictor. */
export interface InferenceComponent {
  name: string;
  /** Where the component is, for messages (`object.spec.predictor`): built when asked. */
  readonly path: string;
  /** The component's object: its PodSpec fields are inline (`containers`, `volumes`, `serviceAccountName`...). */
  spec: JsonObject;
  /** The same, to read its fields. */
  at: Cursor;
  /** Pods KServe keeps at least (see README.md). */
  replicas: number;
  /** The pod's containers as KServe builds them from what the object says. */
  containers: PlacedContainer[];
  implementation?: ImplementationContainer;
  /** `storageUris[].uri`. */
  storageUris: string[];
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
  /** Read by part: health reads no spec, components no status. */
  spec: InferenceServiceSpecView;
  status?: InferenceServiceStatus;
}

/** A container where the object has it, its path built only for a message. */
function placed(item: Cursor): PlacedContainer {
  return {
    item: item.value!,
    get path() {
      return item.path;
    },
  };
}

function implementationOf(item: Cursor): ImplementationContainer {
  return Object.assign(placed(item), { storage: item.object('storage').present, storageUri: item.string('storageUri'), at: item });
}

/**
 * The pod's containers: a `model` container comes first and every listed container after it (the predictor's
 * `buildPodSpec`); a framework's (`sklearn`, ART...) takes the first listed container's place (`Containers[0] =`);
 * without one, the containers as listed.
 */
function containersOf(component: Cursor, implementation: ImplementationContainer | undefined, model: boolean): PlacedContainer[] {
  const listed = component.items('containers', maxItems).map(placed);
  if (implementation === undefined) return listed;
  return [implementation, ...(model ? listed : listed.slice(1))];
}

/** A component; `implementations` are the model server fields it may have, the first present being the one run. */
function componentOf(spec: Cursor, name: string, implementations: readonly string[]): InferenceComponent {
  const field = implementations.find((each) => spec.has(each));
  const implementation = field === undefined ? undefined : implementationOf(spec.object(field));
  return {
    name,
    get path() {
      return spec.path;
    },
    spec: spec.value!,
    at: spec,
    replicas: spec.count('minReplicas') ?? 1,
    containers: containersOf(spec, implementation, field === 'model'),
    storageUris: spec.items('storageUris', maxItems).flatMap((item) => item.string('uri') ?? []),
    implementation,
  };
}

function readComponent(parent: Cursor, field: string, name: string, implementations: readonly string[]): InferenceComponent | undefined {
  return parent.part(field, (spec) => componentOf(spec, name, implementations));
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
    if (isJsonObject(value) && isJsonObject(under)) merged[name] = mergedOver(under, value);
    else if (!isEmpty(value)) merged[name] = value;
  }
  return merged;
}

/**
 * Canaries (`spec.canary[]`, raw deployment): each `canary-<index>` runs the canary's `minReplicas`, else its share
 * of the stable predictor's (`canaryReplicaCount`: ceil(stable × trafficPercent / 100)); a stable predictor with
 * `minReplicas` keeps what the canaries leave, at least 1.
 */
function canaryComponents(spec: Cursor, predictor: InferenceComponent | undefined): InferenceComponent[] {
  const canaries: InferenceComponent[] = [];
  const stableMin = predictor?.at.count('minReplicas');
  let canaryReplicas = 0;
  const listed = spec.raw('canary');
  if (Array.isArray(listed) && listed.length > maxCanaries) {
    spec.fail(
      'canary',
      `has ${listed.length} canaries; at most ${maxCanaries} are accepted (KServe splits at most 100 percent of the traffic between them, ` +
        'and each canary is a pod built over the whole stable predictor, so more would cost more than linear work)',
    );
  }
  for (const item of spec.items('canary', maxItems)) {
    const own = item.object('predictor');
    if (!own.present) item.fail('predictor', 'is required');
    const percent = item.count('trafficPercent') ?? 0;
    const ownMin = own.count('minReplicas');
    // Values that come from the stable predictor were read (and any wrong one refused) at its own path first.
    const merged = predictor === undefined ? own : Cursor.root(mergedOver(predictor.spec, own.value!), () => own.path);
    const canary = componentOf(merged, `canary-${canaries.length}`, predictorImplementations);
    canary.replicas = ownMin ?? Math.ceil(((stableMin ?? 1) * percent) / 100);
    if (canary.replicas > int32Max) item.fail('trafficPercent', `gives ${canary.replicas} canary pods (ceil(minReplicas × trafficPercent / 100)), more than an int32 holds`);
    canaryReplicas += canary.replicas;
    canaries.push(canary);
  }
  if (predictor !== undefined && stableMin !== undefined && canaries.length > 0) predictor.replicas = Math.max(stableMin - canaryReplicas, 1);
  return canaries;
}

/** Multi-node workers (`predictor.workerSpec`): `pipelineParallelSize` nodes, the head being the predictor's pod. */
function workerComponent(predictor: InferenceComponent | undefined): InferenceComponent | undefined {
  const worker = predictor === undefined ? undefined : readComponent(predictor.at, 'workerSpec', 'worker', []);
  if (worker === undefined) return undefined;
  const nodes = worker.at.count('pipelineParallelSize') ?? 1;
  worker.at.count('tensorParallelSize');
  worker.replicas = Math.max(nodes - 1, 0);
  return worker;
}

/** `logger.storage.serviceAccountName` and KEDA's `authenticationRef` names of one component. */
function extrasOf({ at }: InferenceComponent, view: InferenceServiceSpecView): void {
  const account = at.at(['logger', 'storage']).string('serviceAccountName');
  if (account !== undefined) view.loggerServiceAccounts.push(account);
  for (const metric of at.object('autoScaling').items('metrics', maxItems)) {
    const name = metric.at(['external', 'authenticationRef', 'authenticationRef']).string('name');
    if (name !== undefined) view.triggerAuthentications.push(name);
  }
}

export function readInferenceServiceSpec(spec: Cursor): InferenceServiceSpecView {
  const view: InferenceServiceSpecView = { components: [], loggerServiceAccounts: [], triggerAuthentications: [] };
  const predictor = readComponent(spec, 'predictor', 'predictor', predictorImplementations);
  const transformer = readComponent(spec, 'transformer', 'transformer', []);
  const explainer = readComponent(spec, 'explainer', 'explainer', ['art']);
  const worker = workerComponent(predictor);
  const canaries = canaryComponents(spec, predictor);
  for (const component of [predictor, worker, ...canaries, transformer, explainer]) {
    if (component === undefined) continue;
    view.components.push(component);
    if (component.name !== 'worker') extrasOf(component, view);
  }
  return view;
}

function readModelStatus(model: Cursor): ModelStatusView {
  const transitionStatus = model.string('transitionStatus');
  const states = model.object('states');
  const activeModelState = states.string('activeModelState');
  const targetModelState = states.string('targetModelState');
  const failureInfo = model.object('lastFailureInfo');
  for (const name of ['location', 'reason', 'message', 'modelRevisionName', 'time']) failureInfo.string(name);
  const copies = model.object('copies');
  return defined({ raw: model.value!, transitionStatus, activeModelState, targetModelState, failedCopies: copies.count('failedCopies'), totalCopies: copies.count('totalCopies') });
}

/** A map whose values must be objects (`status.components`, by component). */
function objectsOf(map: Cursor): JsonObject | undefined {
  for (const key of Object.keys(map.value ?? {})) map.object(key);
  return map.value;
}

/** A member's status: conditions, observedGeneration, the reported generations, url, address, components, modelStatus. */
export function readInferenceServiceStatus(status: Cursor): InferenceServiceStatus {
  return defined({
    ...readConditionStatus(status),
    ...readReportedGenerations(status),
    url: status.string('url'),
    address: status.object('address').value,
    components: objectsOf(status.object('components')),
    modelStatus: status.part('modelStatus', readModelStatus),
  });
}

export function readInferenceService(object: Cursor): InferenceService {
  const view: InferenceService = readByPart<InferenceService>({
    metadata: () => readMetadata(object),
    stopped: () => view.metadata.annotations?.[stopAnnotation]?.toLowerCase() === 'true',
    modelMesh: () => view.metadata.annotations?.[deploymentModeAnnotation] === 'ModelMesh',
    spec: () => readInferenceServiceSpec(object.object('spec')),
    status: () => object.part('status', readInferenceServiceStatus),
  });
  return view;
}
