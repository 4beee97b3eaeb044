// The TrainJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the field
// (a 400). Types are hand-written from github.com/kubeflow/trainer/v2@v2.3.0 pkg/apis/trainer/v1alpha1/trainjob_types.go
// (json tags), for the fields read only (see README.md).
import { defined, once, readByPart, type Cursor } from '../../kube/cursor';
import { checkFieldCount } from '../../kube/fields';
import { podTemplateLimits, podTemplateList, resourceNameList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { isNegative, parseQuantity, QuantityError } from '../../kube/quantity';
import { quoted, type JsonObject, type JsonValue } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';

const maxItems = podTemplateLimits.listItems;

/** RuntimeRef with the CRD's defaults applied (`apiGroup: trainer.kubeflow.org`, `kind: ClusterTrainingRuntime`). */
export interface RuntimeRef {
  name?: string;
  apiGroup: string;
  kind: string;
  /** `spec.runtimeRef` as written (Retain copies a member's). */
  raw: JsonObject;
}

/** A pod spec (or the part of one) whose references are the job's dependencies, and where it is. */
export interface PodSpecPart {
  spec: JsonObject;
  /** A getter: only a message needs it. */
  readonly path: string;
}

/** JobStatus: the child Jobs of one replicated job (JobSet's ReplicatedJobStatus, copied by the controller). */
export interface JobStatus {
  name: string;
  ready?: number;
  succeeded?: number;
  failed?: number;
  active?: number;
  suspended?: number;
}

export const jobCounters = ['ready', 'succeeded', 'failed', 'active', 'suspended'] as const;

export interface TrainJobStatus {
  conditions?: Condition[];
  jobsStatus?: JobStatus[];
  /** The alpha TrainerStatus (feature gate TrainJobStatus), as written; `progressPercentage` checked. */
  trainerStatus?: JsonObject;
  progressPercentage?: number;
}

export interface TrainJob {
  metadata: ObjectMetaView;
  runtimeRef?: RuntimeRef;
  /** `spec.trainer.numNodes`; undefined: the runtime's `mlPolicy.numNodes` decides. */
  numNodes?: number;
  /**
   * The trainer node's pod as far as the TrainJob says it: a `node` container with `resourcesPerNode`, and the
   * scheduling fields of the runtime patches aimed at the `node` job. Every field was checked where it is written.
   */
  nodeTemplate: JsonObject;
  /** The Secrets and ConfigMaps the TrainJob names itself (env, the initializers' `secretRef`), in order. */
  own: OwnReferences;
  /** The pod spec patches (`runtimePatches`, and v2.1's `podTemplateOverrides`), each at its own path. */
  podSpecParts: PodSpecPart[];
  suspend?: boolean;
  /** `spec.runtimePatches` as written, each item an object whose `manager` (if any) was checked. */
  runtimePatches?: JsonObject[];
  status?: TrainJobStatus;
}

export interface OwnReferences {
  secrets: string[];
  configMaps: string[];
}

/** The replicated job the trainer's nodes run in (constants.Node in the Trainer: the Job and container name). */
export const trainerJobName = 'node';

function runtimeRefOf(ref: Cursor): RuntimeRef {
  return defined<RuntimeRef>({
    raw: ref.value!,
    apiGroup: ref.string('apiGroup') ?? 'trainer.kubeflow.org',
    kind: ref.string('kind') ?? 'ClusterTrainingRuntime',
    name: ref.string('name'),
  });
}

/** Every quantity of a ResourceRequirements list, checked where it is written (the requirements read them later). */
function checkResourceList(resources: Cursor, name: string): void {
  const list: Cursor = resources.object(name);
  // Bounded before each quantity is parsed, as the pod reader bounds it after.
  if (list.present) checkFieldCount(list.value!, resourceNameList, list.path);
  for (const [resource, value] of Object.entries(list.value ?? {})) {
    if (typeof value !== 'string' && typeof value !== 'number') list.fail(resource, `must be a quantity such as "100m" or "128Mi", got ${quoted(value, 40)}`);
    let quantity;
    try {
      quantity = parseQuantity(typeof value === 'string' ? value.trim() : value);
    } catch (error) {
      if (error instanceof QuantityError) list.fail(resource, error.message);
      throw error;
    }
    if (isNegative(quantity)) list.fail(resource, `must not be negative, got ${quoted(value, 40)}`);
    if (quantity.capped === true) list.fail(resource, `is too large a quantity, got ${quoted(value, 40)}`);
  }
}

/**
 * The scheduling fields of a pod spec patch, checked where they are written: merged into the node's template, a
 * wrong one would be named under `spec.trainer` by the requirements (which Karmada decodes into core/v1 types).
 */
function checkScheduling(podSpec: Cursor): void {
  podSpec.stringMap('nodeSelector');
  for (const toleration of podSpec.items('tolerations', maxItems)) {
    for (const name of ['key', 'operator', 'value', 'effect']) toleration.string(name);
    toleration.integer('tolerationSeconds');
  }
  const required = podSpec.at(['affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution']);
  for (const term of required.items('nodeSelectorTerms', podTemplateList)) {
    for (const list of ['matchExpressions', 'matchFields']) {
      for (const requirement of term.items(list, podTemplateList)) {
        requirement.string('key');
        requirement.string('operator');
        requirement.strings('values', podTemplateList);
      }
    }
  }
}

interface Patches {
  parts: PodSpecPart[];
  /** The scheduling of the `node` job's pods, merged in the patches' order (a later patch overrides, as SMP does). */
  nodeScheduling: JsonObject;
  items?: JsonObject[];
}

/** Merges a patch's scheduling fields into the node's: maps by key, tolerations appended, affinity replaced. */
function mergeScheduling(into: JsonObject, podSpec: Cursor): void {
  const nodeSelector = podSpec.raw('nodeSelector') as JsonObject | undefined;
  if (nodeSelector !== undefined) into.nodeSelector = { ...((into.nodeSelector as JsonObject | undefined) ?? {}), ...nodeSelector };
  const tolerations = podSpec.raw('tolerations') as JsonValue[] | undefined;
  if (tolerations !== undefined) into.tolerations = [...((into.tolerations as JsonValue[] | undefined) ?? []), ...tolerations];
  const affinity = podSpec.raw('affinity');
  if (affinity !== undefined) into.affinity = affinity;
}

/**
 * `spec.runtimePatches[].trainingRuntimeSpec.template.spec.replicatedJobs[].template.spec.template.spec` (v2.2 on),
 * and v2.1's `spec.podTemplateOverrides[]` (`targetJobs[].name`, `spec`): the same pod spec patch in two places.
 */
function patchesOf(spec: Cursor): Patches {
  const patches: Patches = { parts: [], nodeScheduling: {} };
  const add = (podSpec: Cursor, node: boolean) => {
    checkScheduling(podSpec);
    patches.parts.push({
      spec: podSpec.value!,
      get path() {
        return podSpec.path;
      },
    });
    if (node) mergeScheduling(patches.nodeScheduling, podSpec);
  };
  if (spec.has('runtimePatches')) {
    patches.items = spec.items('runtimePatches', maxItems).map((item) => {
      item.string('manager');
      for (const job of item.at(['trainingRuntimeSpec', 'template', 'spec']).items('replicatedJobs', maxItems)) {
        const name = job.string('name');
        const podSpec = job.at(['template', 'spec', 'template', 'spec']);
        if (podSpec.present) add(podSpec, name === trainerJobName);
      }
      return item.value!;
    });
  }
  for (const item of spec.items('podTemplateOverrides', maxItems)) {
    const podSpec = item.object('spec');
    const targets = item.items('targetJobs', maxItems).map((target) => target.string('name'));
    if (podSpec.present) add(podSpec, targets.includes(trainerJobName));
  }
  return patches;
}

/** The trainer node's pod: a `node` container with `resourcesPerNode`, and the patches' scheduling for the `node` job. */
function nodeTemplateOf(spec: Cursor, patches: () => Patches): JsonObject {
  const resources = spec.object('trainer').object('resourcesPerNode');
  checkResourceList(resources, 'requests');
  checkResourceList(resources, 'limits');
  const container: JsonObject = resources.present ? { name: trainerJobName, resources: resources.value! } : { name: trainerJobName };
  return { spec: { ...patches().nodeScheduling, containers: [container] } };
}

/** The Secrets and ConfigMaps an env list reads (`valueFrom.secretKeyRef`, `valueFrom.configMapKeyRef`). */
function envReferences(parent: Cursor, into: OwnReferences): void {
  for (const item of parent.items('env', maxItems)) {
    const valueFrom = item.object('valueFrom');
    for (const [field, list] of [['secretKeyRef', into.secrets], ['configMapKeyRef', into.configMaps]] as const) {
      const name = valueFrom.object(field).string('name');
      if (name !== undefined && name !== '') list.push(name);
    }
  }
}

/** The objects the TrainJob names itself: the trainer's and initializers' env, and each initializer's `secretRef`. */
function ownReferencesOf(spec: Cursor): OwnReferences {
  const references: OwnReferences = { secrets: [], configMaps: [] };
  envReferences(spec.object('trainer'), references);
  const initializer = spec.object('initializer');
  for (const step of ['dataset', 'model'] as const) {
    const stepSpec = initializer.object(step);
    const secretName = stepSpec.object('secretRef').string('name');
    if (secretName !== undefined && secretName !== '') references.secrets.push(secretName);
    envReferences(stepSpec, references);
  }
  return references;
}

function jobsStatusOf(status: Cursor): JobStatus[] | undefined {
  if (!status.has('jobsStatus')) return undefined;
  return status.items('jobsStatus', maxItems).map((item) => {
    const job: JobStatus = { name: item.string('name') ?? item.fail('name', 'is required') };
    for (const counter of jobCounters) job[counter] = item.count(counter);
    return defined(job);
  });
}

/** A TrainJob's status (also what InterpretStatus reflected, read back by AggregateStatus). */
export function readTrainJobStatus(status: Cursor): TrainJobStatus {
  const conditions = readConditions(status);
  if (conditions !== undefined) for (const item of status.items('conditions')) item.string('lastTransitionTime');
  const trainerStatus = status.object('trainerStatus');
  return defined({
    conditions,
    jobsStatus: jobsStatusOf(status),
    trainerStatus: trainerStatus.value,
    progressPercentage: trainerStatus.count('progressPercentage'),
  });
}

/** Reads, by part, every field the interpreter uses; it never alters a value (RuntimeRef's defaults aside). */
export function readTrainJob(object: Cursor): TrainJob {
  const spec = () => object.object('spec');
  // runtimePatches and podTemplateOverrides hold the pod spec patches, the node's scheduling and Retain's items.
  const patches = once(() => patchesOf(spec()));
  return readByPart<TrainJob>({
    metadata: () => readMetadata(object),
    runtimeRef: () => spec().part('runtimeRef', runtimeRefOf),
    numNodes: () => spec().object('trainer').count('numNodes'),
    nodeTemplate: () => nodeTemplateOf(spec(), patches),
    own: () => ownReferencesOf(spec()),
    podSpecParts: () => patches().parts,
    suspend: () => spec().boolean('suspend'),
    runtimePatches: () => patches().items,
    status: () => object.part('status', readTrainJobStatus),
  });
}
