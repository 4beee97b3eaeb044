// The SparkApplication's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from the operator's api/v1beta2/sparkapplication_types.go (v2.3.0:
// SparkApplicationSpec, DriverSpec, ExecutorSpec, SparkPodSpec, GPUSpec, DynamicAllocation, SparkApplicationStatus),
// for the fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../../review/json';
import { sparkMemoryOf, type SparkMemory } from './memory';

/** `spec.driver` or `spec.executor`: what sizes and places its pods. */
export interface SparkPod {
  /** `cores` (int32): Spark's cores, the cpu request unless `coreRequest` is given. */
  cores?: number;
  /** `coreRequest`: the pod's cpu request as a Kubernetes quantity (`spark.kubernetes.{driver,executor}.request.cores`). */
  coreRequest?: string;
  memory?: SparkMemory;
  memoryOverhead?: SparkMemory;
  /** `gpu.name` and `gpu.quantity`. */
  gpu?: { name: string; quantity: number };
  nodeSelector?: Record<string, string>;
  tolerations?: JsonObject[];
  /** `affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`. */
  hardNodeAffinity?: JsonObject;
  priorityClassName?: string;
  serviceAccount?: string;
  configMaps: string[];
  secrets: string[];
  /** `template` (operator v2.1+): a pod template Spark starts the pod from. */
  template?: PodTemplateSpec;
  /** Where the pod is, for messages (computed when asked). */
  readonly path: string;
}

export interface SparkApplicationSpec {
  /** `type`: Java, Scala, Python or R. */
  type?: string;
  /** `memoryOverheadFactor` (a string holding a number). */
  memoryOverheadFactor?: number;
  /** `nodeSelector` for both roles, used where a role has none. */
  nodeSelector?: Record<string, string>;
  driver: SparkPod;
  executor: SparkPod & { instances?: number };
  dynamicAllocation?: { enabled: boolean; initialExecutors?: number; minExecutors?: number };
  imagePullSecrets: string[];
  sparkConfigMap?: string;
  hadoopConfigMap?: string;
  /** `volumes`, as written (the pods mount them). */
  volumes?: JsonValue;
  readonly path: string;
}

/** The status fields Karmada's catalogue reflects, in its order. */
export const statusFields = [
  'applicationState',
  'driverInfo',
  'executorState',
  'sparkApplicationId',
  'lastSubmissionAttemptTime',
  'submissionAttempts',
  'executionAttempts',
  'submissionID',
  'terminationTime',
] as const;
export type StatusField = (typeof statusFields)[number];

/** A member's status: the reflected fields as written, and what health and aggregation compute with. */
export interface SparkApplicationStatus {
  fields: Partial<Record<StatusField, JsonValue>>;
  /** `applicationState` was given (as an object). */
  hasApplicationState: boolean;
  /** `applicationState.state`. */
  state?: string;
  executionAttempts?: number;
  submissionAttempts?: number;
  lastSubmissionAttemptTime?: string;
  terminationTime?: string;
  executorState?: JsonObject;
}

export interface SparkApplication {
  metadata: ObjectMetaView;
  spec?: SparkApplicationSpec;
  status?: SparkApplicationStatus;
  /** `status` as written, checked to be an object only. */
  rawStatus?: JsonObject;
}

/** A number the operator reads with `strconv.ParseFloat` from a string (the CRD's type); a number is taken as is. */
function factorOf(parent: Cursor, name: string): number | undefined {
  const value = parent.raw(name);
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  if (text !== undefined && /^[+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(text)) {
    const factor = Number(text);
    if (Number.isFinite(factor)) return factor;
  }
  return parent.fail(name, `must be a non-negative number such as "0.2" (the operator and Spark read it as a double), got ${describeJson(value)}`);
}

function memoryOf(parent: Cursor, name: string): SparkMemory | undefined {
  const text = parent.string(name);
  return text === undefined ? undefined : sparkMemoryOf(text, parent.pathOf(name));
}

/** Names of a list of objects each naming one (`configMaps[].name`, `secrets[].name`). */
function namesOf(parent: Cursor, name: string): string[] {
  return parent
    .items(name, podTemplateLimits.listItems)
    .map((item) => item.string('name'))
    .filter((item): item is string => item !== undefined && item !== '');
}

function gpuOf(gpu: Cursor): SparkPod['gpu'] {
  const quantity = gpu.raw('quantity') ?? 0;
  const name = gpu.string('name') ?? '';
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity)) gpu.fail('quantity', `must be a whole number of GPUs (an int64), got ${describeJson(quantity)}`);
  return { name, quantity };
}

function podOf(spec: Cursor, name: 'driver' | 'executor'): SparkPod {
  const pod = spec.object(name);
  const view = defined({
    configMaps: namesOf(pod, 'configMaps'),
    secrets: namesOf(pod, 'secrets'),
    cores: pod.count('cores'),
    coreRequest: pod.string('coreRequest'),
    memory: memoryOf(pod, 'memory'),
    memoryOverhead: memoryOf(pod, 'memoryOverhead'),
    gpu: pod.part('gpu', gpuOf),
    nodeSelector: pod.stringMap('nodeSelector'),
    tolerations: pod.has('tolerations') ? pod.items('tolerations', podTemplateLimits.listItems).map((item) => item.value!) : undefined,
    hardNodeAffinity: pod.at(['affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution']).value,
    priorityClassName: pod.string('priorityClassName'),
    serviceAccount: pod.string('serviceAccount'),
    template: pod.podTemplate('template'),
  });
  return {
    ...view,
    get path() {
      return pod.path;
    },
  };
}

/** `imagePullSecrets`: a list of Secret names (strings, not LocalObjectReferences). */
function pullSecretsOf(spec: Cursor): string[] {
  const list = spec.raw('imagePullSecrets');
  if (list === undefined) return [];
  if (!Array.isArray(list)) return spec.fail('imagePullSecrets', `must be a list of Secret names, got ${describeJson(list)}`);
  list.forEach((name, index) => {
    if (typeof name !== 'string') throw new FieldFailure(`${spec.pathOf('imagePullSecrets')}[${index}]`, `must be a Secret name, got ${describeJson(name)}`);
  });
  return [...(list as string[])];
}

function specOf(spec: Cursor): SparkApplicationSpec {
  const executor: SparkApplicationSpec['executor'] = podOf(spec, 'executor');
  const instances = spec.object('executor').count('instances');
  if (instances !== undefined) executor.instances = instances;
  const view = defined({
    driver: podOf(spec, 'driver'),
    executor,
    type: spec.string('type'),
    memoryOverheadFactor: factorOf(spec, 'memoryOverheadFactor'),
    nodeSelector: spec.stringMap('nodeSelector'),
    dynamicAllocation: spec.part('dynamicAllocation', (dynamic) =>
      defined({ enabled: dynamic.boolean('enabled') ?? false, initialExecutors: dynamic.count('initialExecutors'), minExecutors: dynamic.count('minExecutors') }),
    ),
    imagePullSecrets: pullSecretsOf(spec),
    sparkConfigMap: spec.string('sparkConfigMap'),
    hadoopConfigMap: spec.string('hadoopConfigMap'),
    volumes: spec.raw('volumes'),
  });
  return {
    ...view,
    get path() {
      return spec.path;
    },
  };
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: Cursor): SparkApplicationStatus {
  const fields: Partial<Record<StatusField, JsonValue>> = {};
  for (const field of statusFields) {
    const value = status.raw(field);
    if (value !== undefined) fields[field] = value;
  }
  const applicationState = status.object('applicationState');
  return defined({
    fields,
    hasApplicationState: applicationState.present,
    state: applicationState.string('state'),
    executionAttempts: status.count('executionAttempts'),
    submissionAttempts: status.count('submissionAttempts'),
    // Times the operator writes (metav1.Time); null is absent.
    lastSubmissionAttemptTime: status.string('lastSubmissionAttemptTime'),
    terminationTime: status.string('terminationTime'),
    executorState: status.object('executorState').value,
  });
}

/** The reader: each part read when an operation first asks for it; it never defaults or alters a value. */
export function readSparkApplication(object: Cursor): SparkApplication {
  return readByPart<SparkApplication>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', readStatus),
    rawStatus: () => object.object('status').value,
  });
}
