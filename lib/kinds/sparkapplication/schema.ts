// The SparkApplication's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from the operator's api/v1beta2/sparkapplication_types.go (v2.3.0:
// SparkApplicationSpec, DriverSpec, ExecutorSpec, SparkPodSpec, GPUSpec, DynamicAllocation, SparkApplicationStatus),
// for the fields read only (see README.md).
import { booleanField, countField, fieldPath, fieldValue, objectField, objectItems, stringField, stringMapField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
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
  path: string;
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
  path: string;
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
  /** `spec`, read (or a FieldFailure naming the wrong field); undefined when absent. */
  spec(): SparkApplicationSpec | undefined;
  /** `status`, read; undefined when absent. */
  status(): SparkApplicationStatus | undefined;
  /** `status` as written, checked to be an object only. */
  rawStatus(): JsonObject | undefined;
}

/** A number the operator reads with `strconv.ParseFloat` from a string (the CRD's type); a number is taken as is. */
function factorField(parent: JsonObject, name: string, path: string): number | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  if (text !== undefined && /^[+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(text)) {
    const factor = Number(text);
    if (Number.isFinite(factor)) return factor;
  }
  throw new FieldFailure(path, `must be a non-negative number such as "0.2" (the operator and Spark read it as a double), got ${describeJson(value)}`);
}

function memoryField(parent: JsonObject | undefined, name: string, path: string): SparkMemory | undefined {
  const text = stringField(parent, name, path);
  return text === undefined ? undefined : sparkMemoryOf(text, path);
}

/** Names of a list of objects each naming one (`configMaps[].name`, `secrets[].name`). */
function namesOf(parent: JsonObject | undefined, name: string, path: string): string[] {
  return objectItems(parent, name, fieldPath(path, name), podTemplateLimits.listItems)
    .map(({ item, path: itemPath }) => stringField(item, 'name', fieldPath(itemPath, 'name')))
    .filter((item): item is string => item !== undefined && item !== '');
}

function podOf(spec: JsonObject, name: 'driver' | 'executor', path: string): SparkPod {
  const podPath = fieldPath(path, name);
  const pod = objectField(spec, name, podPath);
  const at = (field: string) => fieldPath(podPath, field);
  const result: SparkPod = {
    configMaps: namesOf(pod, 'configMaps', podPath),
    secrets: namesOf(pod, 'secrets', podPath),
    path: podPath,
  };
  const cores = countField(pod, 'cores', at('cores'));
  if (cores !== undefined) result.cores = cores;
  const coreRequest = stringField(pod, 'coreRequest', at('coreRequest'));
  if (coreRequest !== undefined) result.coreRequest = coreRequest;
  const memory = memoryField(pod, 'memory', at('memory'));
  if (memory !== undefined) result.memory = memory;
  const overhead = memoryField(pod, 'memoryOverhead', at('memoryOverhead'));
  if (overhead !== undefined) result.memoryOverhead = overhead;
  const gpu = objectField(pod, 'gpu', at('gpu'));
  if (gpu !== undefined) {
    const gpuName = stringField(gpu, 'name', at('gpu.name')) ?? '';
    const quantity = fieldValue(gpu, 'quantity') ?? 0;
    if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity)) {
      throw new FieldFailure(at('gpu.quantity'), `must be a whole number of GPUs (an int64), got ${describeJson(quantity)}`);
    }
    result.gpu = { name: gpuName, quantity };
  }
  const nodeSelector = stringMapField(pod, 'nodeSelector', at('nodeSelector'));
  if (nodeSelector !== undefined) result.nodeSelector = nodeSelector;
  if (fieldValue(pod, 'tolerations') !== undefined) {
    result.tolerations = objectItems(pod, 'tolerations', at('tolerations'), podTemplateLimits.listItems).map(({ item }) => item);
  }
  const affinity = objectField(pod, 'affinity', at('affinity'));
  const nodeAffinity = objectField(affinity, 'nodeAffinity', at('affinity.nodeAffinity'));
  const required = objectField(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution', at('affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution'));
  if (required !== undefined) result.hardNodeAffinity = required;
  const priorityClassName = stringField(pod, 'priorityClassName', at('priorityClassName'));
  if (priorityClassName !== undefined) result.priorityClassName = priorityClassName;
  const serviceAccount = stringField(pod, 'serviceAccount', at('serviceAccount'));
  if (serviceAccount !== undefined) result.serviceAccount = serviceAccount;
  const template = podTemplateField(pod, 'template', at('template'));
  if (template !== undefined) result.template = template;
  return result;
}

function specOf(spec: JsonObject, path: string): SparkApplicationSpec {
  const at = (field: string) => fieldPath(path, field);
  const executor: SparkApplicationSpec['executor'] = podOf(spec, 'executor', path);
  const instances = countField(objectField(spec, 'executor', at('executor')), 'instances', at('executor.instances'));
  if (instances !== undefined) executor.instances = instances;
  const result: SparkApplicationSpec = {
    driver: podOf(spec, 'driver', path),
    executor,
    imagePullSecrets: [],
    path,
  };
  const type = stringField(spec, 'type', at('type'));
  if (type !== undefined) result.type = type;
  const factor = factorField(spec, 'memoryOverheadFactor', at('memoryOverheadFactor'));
  if (factor !== undefined) result.memoryOverheadFactor = factor;
  const nodeSelector = stringMapField(spec, 'nodeSelector', at('nodeSelector'));
  if (nodeSelector !== undefined) result.nodeSelector = nodeSelector;
  const dynamic = objectField(spec, 'dynamicAllocation', at('dynamicAllocation'));
  if (dynamic !== undefined) {
    const allocation: NonNullable<SparkApplicationSpec['dynamicAllocation']> = {
      enabled: booleanField(dynamic, 'enabled', at('dynamicAllocation.enabled')) ?? false,
    };
    const initial = countField(dynamic, 'initialExecutors', at('dynamicAllocation.initialExecutors'));
    if (initial !== undefined) allocation.initialExecutors = initial;
    const min = countField(dynamic, 'minExecutors', at('dynamicAllocation.minExecutors'));
    if (min !== undefined) allocation.minExecutors = min;
    result.dynamicAllocation = allocation;
  }
  const pullSecrets = fieldValue(spec, 'imagePullSecrets');
  if (pullSecrets !== undefined) {
    if (!Array.isArray(pullSecrets)) throw new FieldFailure(at('imagePullSecrets'), `must be a list of Secret names, got ${describeJson(pullSecrets)}`);
    pullSecrets.forEach((name, index) => {
      if (typeof name !== 'string') throw new FieldFailure(`${at('imagePullSecrets')}[${index}]`, `must be a Secret name, got ${describeJson(name)}`);
      result.imagePullSecrets.push(name);
    });
  }
  const sparkConfigMap = stringField(spec, 'sparkConfigMap', at('sparkConfigMap'));
  if (sparkConfigMap !== undefined) result.sparkConfigMap = sparkConfigMap;
  const hadoopConfigMap = stringField(spec, 'hadoopConfigMap', at('hadoopConfigMap'));
  if (hadoopConfigMap !== undefined) result.hadoopConfigMap = hadoopConfigMap;
  const volumes = fieldValue(spec, 'volumes');
  if (volumes !== undefined) result.volumes = volumes;
  return result;
}

/** A time the operator writes (metav1.Time); null is absent. */
function timeField(status: JsonObject, name: string, path: string): string | undefined {
  return stringField(status, name, fieldPath(path, name));
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: JsonObject, path: string): SparkApplicationStatus {
  const at = (field: string) => fieldPath(path, field);
  const fields: Partial<Record<StatusField, JsonValue>> = {};
  for (const field of statusFields) {
    const value = fieldValue(status, field);
    if (value !== undefined) fields[field] = value;
  }
  const applicationState = objectField(status, 'applicationState', at('applicationState'));
  const result: SparkApplicationStatus = { fields, hasApplicationState: applicationState !== undefined };
  const state = stringField(applicationState, 'state', at('applicationState.state'));
  if (state !== undefined) result.state = state;
  const executions = countField(status, 'executionAttempts', at('executionAttempts'));
  if (executions !== undefined) result.executionAttempts = executions;
  const submissions = countField(status, 'submissionAttempts', at('submissionAttempts'));
  if (submissions !== undefined) result.submissionAttempts = submissions;
  const submitted = timeField(status, 'lastSubmissionAttemptTime', path);
  if (submitted !== undefined) result.lastSubmissionAttemptTime = submitted;
  const terminated = timeField(status, 'terminationTime', path);
  if (terminated !== undefined) result.terminationTime = terminated;
  const executorState = objectField(status, 'executorState', at('executorState'));
  if (executorState !== undefined) result.executorState = executorState;
  return result;
}

/** The reader: metadata now, spec and status when an operation asks for them; it never defaults or alters a value. */
export function readSparkApplication(object: JsonObject, path: string): SparkApplication {
  return {
    metadata: metadataOf(object, path),
    spec: () => {
      const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
      return spec === undefined ? undefined : specOf(spec, fieldPath(path, 'spec'));
    },
    rawStatus: () => objectField(object, 'status', fieldPath(path, 'status')),
    status: () => {
      const status = objectField(object, 'status', fieldPath(path, 'status'));
      return status === undefined ? undefined : readStatus(status, fieldPath(path, 'status'));
    },
  };
}
