// The TrainJob's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the field
// (a 400). Types are hand-written from github.com/kubeflow/trainer/v2@v2.3.0 pkg/apis/trainer/v1alpha1/trainjob_types.go
// (json tags), for the fields read only (see README.md).
import {
  booleanField,
  countField,
  fieldPath,
  fieldValue,
  objectField,
  objectItems,
  stringField,
  stringMapField,
} from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import { isNegative, parseQuantity, QuantityError } from '../../kube/quantity';
import { FieldFailure } from '../../review/core';
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
  path: string;
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

function runtimeRefOf(spec: JsonObject | undefined, specPath: string): RuntimeRef | undefined {
  const path = fieldPath(specPath, 'runtimeRef');
  const ref = objectField(spec, 'runtimeRef', path);
  if (ref === undefined) return undefined;
  const read: RuntimeRef = {
    raw: ref,
    apiGroup: stringField(ref, 'apiGroup', fieldPath(path, 'apiGroup')) ?? 'trainer.kubeflow.org',
    kind: stringField(ref, 'kind', fieldPath(path, 'kind')) ?? 'ClusterTrainingRuntime',
  };
  const name = stringField(ref, 'name', fieldPath(path, 'name'));
  if (name !== undefined) read.name = name;
  return read;
}

/** Every quantity of a ResourceRequirements list, checked where it is written (the requirements read them later). */
function checkResourceList(resources: JsonObject | undefined, name: string, path: string): void {
  const listPath = fieldPath(path, name);
  const list = objectField(resources, name, listPath);
  if (list === undefined) return;
  for (const [resource, value] of Object.entries(list)) {
    const valuePath = `${listPath}.${resource}`;
    if (typeof value !== 'string' && typeof value !== 'number') throw new FieldFailure(valuePath, `must be a quantity such as "100m" or "128Mi", got ${quoted(value, 40)}`);
    let quantity;
    try {
      quantity = parseQuantity(typeof value === 'string' ? value.trim() : value);
    } catch (error) {
      if (error instanceof QuantityError) throw new FieldFailure(valuePath, error.message);
      throw error;
    }
    if (isNegative(quantity)) throw new FieldFailure(valuePath, `must not be negative, got ${quoted(value, 40)}`);
    if (quantity.capped === true) throw new FieldFailure(valuePath, `is too large a quantity, got ${quoted(value, 40)}`);
  }
}

/** The scheduling fields of a pod spec patch, checked where they are written. */
function checkScheduling(podSpec: JsonObject, path: string): void {
  stringMapField(podSpec, 'nodeSelector', fieldPath(path, 'nodeSelector'));
  objectItems(podSpec, 'tolerations', fieldPath(path, 'tolerations'), maxItems);
  const affinity = objectField(podSpec, 'affinity', fieldPath(path, 'affinity'));
  const nodeAffinity = objectField(affinity, 'nodeAffinity', fieldPath(path, 'affinity.nodeAffinity'));
  objectField(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution', fieldPath(path, 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution'));
}

interface Patches {
  parts: PodSpecPart[];
  /** The scheduling of the `node` job's pods, merged in the patches' order (a later patch overrides, as SMP does). */
  nodeScheduling: JsonObject;
  items?: JsonObject[];
}

/** Merges a patch's scheduling fields into the node's: maps by key, tolerations appended, affinity replaced. */
function mergeScheduling(into: JsonObject, podSpec: JsonObject): void {
  const nodeSelector = fieldValue(podSpec, 'nodeSelector') as JsonObject | undefined;
  if (nodeSelector !== undefined) into.nodeSelector = { ...((into.nodeSelector as JsonObject | undefined) ?? {}), ...nodeSelector };
  const tolerations = fieldValue(podSpec, 'tolerations') as JsonValue[] | undefined;
  if (tolerations !== undefined) into.tolerations = [...((into.tolerations as JsonValue[] | undefined) ?? []), ...tolerations];
  const affinity = fieldValue(podSpec, 'affinity');
  if (affinity !== undefined) into.affinity = affinity;
}

/**
 * `spec.runtimePatches[].trainingRuntimeSpec.template.spec.replicatedJobs[].template.spec.template.spec` (v2.2 on),
 * and v2.1's `spec.podTemplateOverrides[]` (`targetJobs[].name`, `spec`): the same pod spec patch in two places.
 */
function patchesOf(spec: JsonObject | undefined, specPath: string): Patches {
  const patches: Patches = { parts: [], nodeScheduling: {} };
  if (fieldValue(spec, 'runtimePatches') !== undefined) {
    const listPath = fieldPath(specPath, 'runtimePatches');
    patches.items = objectItems(spec, 'runtimePatches', listPath, maxItems).map(({ item, path }) => {
      stringField(item, 'manager', fieldPath(path, 'manager'));
      const runtimeSpecPath = fieldPath(path, 'trainingRuntimeSpec');
      const templatePath = fieldPath(runtimeSpecPath, 'template');
      const template = objectField(objectField(item, 'trainingRuntimeSpec', runtimeSpecPath), 'template', templatePath);
      const jobSetSpecPath = fieldPath(templatePath, 'spec');
      const jobSetSpec = objectField(template, 'spec', jobSetSpecPath);
      for (const { item: job, path: jobPath } of objectItems(jobSetSpec, 'replicatedJobs', fieldPath(jobSetSpecPath, 'replicatedJobs'), maxItems)) {
        const name = stringField(job, 'name', fieldPath(jobPath, 'name'));
        const jobTemplatePath = fieldPath(jobPath, 'template');
        const jobSpecPath = fieldPath(jobTemplatePath, 'spec');
        const jobSpec = objectField(objectField(job, 'template', jobTemplatePath), 'spec', jobSpecPath);
        const podTemplatePath = fieldPath(jobSpecPath, 'template');
        const podSpecPath = fieldPath(podTemplatePath, 'spec');
        const podSpec = objectField(objectField(jobSpec, 'template', podTemplatePath), 'spec', podSpecPath);
        if (podSpec === undefined) continue;
        checkScheduling(podSpec, podSpecPath);
        patches.parts.push({ spec: podSpec, path: podSpecPath });
        if (name === trainerJobName) mergeScheduling(patches.nodeScheduling, podSpec);
      }
      return item;
    });
  }
  for (const { item, path } of objectItems(spec, 'podTemplateOverrides', fieldPath(specPath, 'podTemplateOverrides'), maxItems)) {
    const podSpecPath = fieldPath(path, 'spec');
    const podSpec = objectField(item, 'spec', podSpecPath);
    const targets = objectItems(item, 'targetJobs', fieldPath(path, 'targetJobs'), maxItems).map(({ item: target, path: targetPath }) =>
      stringField(target, 'name', fieldPath(targetPath, 'name')),
    );
    if (podSpec === undefined) continue;
    checkScheduling(podSpec, podSpecPath);
    patches.parts.push({ spec: podSpec, path: podSpecPath });
    if (targets.includes(trainerJobName)) mergeScheduling(patches.nodeScheduling, podSpec);
  }
  return patches;
}

/** The Secrets and ConfigMaps an env list reads (`valueFrom.secretKeyRef`, `valueFrom.configMapKeyRef`). */
function envReferences(parent: JsonObject | undefined, path: string, into: OwnReferences): void {
  for (const { item, path: itemPath } of objectItems(parent, 'env', fieldPath(path, 'env'), maxItems)) {
    const valueFromPath = fieldPath(itemPath, 'valueFrom');
    const valueFrom = objectField(item, 'valueFrom', valueFromPath);
    for (const [field, list] of [['secretKeyRef', into.secrets], ['configMapKeyRef', into.configMaps]] as const) {
      const refPath = fieldPath(valueFromPath, field);
      const name = stringField(objectField(valueFrom, field, refPath), 'name', fieldPath(refPath, 'name'));
      if (name !== undefined && name !== '') list.push(name);
    }
  }
}

/** The objects the TrainJob names itself: the trainer's and initializers' env, and each initializer's `secretRef`. */
function ownReferencesOf(spec: JsonObject | undefined, specPath: string): OwnReferences {
  const references: OwnReferences = { secrets: [], configMaps: [] };
  const trainerPath = fieldPath(specPath, 'trainer');
  envReferences(objectField(spec, 'trainer', trainerPath), trainerPath, references);
  const initializerPath = fieldPath(specPath, 'initializer');
  const initializer = objectField(spec, 'initializer', initializerPath);
  for (const step of ['dataset', 'model'] as const) {
    const stepPath = fieldPath(initializerPath, step);
    const stepSpec = objectField(initializer, step, stepPath);
    const secretRefPath = fieldPath(stepPath, 'secretRef');
    const secretName = stringField(objectField(stepSpec, 'secretRef', secretRefPath), 'name', fieldPath(secretRefPath, 'name'));
    if (secretName !== undefined && secretName !== '') references.secrets.push(secretName);
    envReferences(stepSpec, stepPath, references);
  }
  return references;
}

function jobsStatusOf(status: JsonObject, path: string): JobStatus[] | undefined {
  if (fieldValue(status, 'jobsStatus') === undefined) return undefined;
  return objectItems(status, 'jobsStatus', fieldPath(path, 'jobsStatus'), maxItems).map(({ item, path: itemPath }) => {
    const name = stringField(item, 'name', fieldPath(itemPath, 'name'));
    if (name === undefined) throw new FieldFailure(fieldPath(itemPath, 'name'), 'is required');
    const job: JobStatus = { name };
    for (const counter of jobCounters) {
      const count = countField(item, counter, fieldPath(itemPath, counter));
      if (count !== undefined) job[counter] = count;
    }
    return job;
  });
}

/** A TrainJob's status (also what InterpretStatus reflected, read back by AggregateStatus). */
export function readTrainJobStatus(status: JsonObject, path: string): TrainJobStatus {
  const read: TrainJobStatus = {};
  const conditions = readConditions(status, path);
  if (conditions !== undefined) {
    for (const [index, condition] of conditions.entries()) {
      stringField(condition, 'lastTransitionTime', fieldPath(`${fieldPath(path, 'conditions')}[${index}]`, 'lastTransitionTime'));
    }
    read.conditions = conditions;
  }
  const jobsStatus = jobsStatusOf(status, path);
  if (jobsStatus !== undefined) read.jobsStatus = jobsStatus;
  const trainerStatusPath = fieldPath(path, 'trainerStatus');
  const trainerStatus = objectField(status, 'trainerStatus', trainerStatusPath);
  if (trainerStatus !== undefined) {
    read.trainerStatus = trainerStatus;
    const progress = countField(trainerStatus, 'progressPercentage', fieldPath(trainerStatusPath, 'progressPercentage'));
    if (progress !== undefined) read.progressPercentage = progress;
  }
  return read;
}

export function readTrainJob(object: JsonObject, path: string): TrainJob {
  const metadata = metadataOf(object, fieldPath(path, 'metadata'));
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  const trainerPath = fieldPath(specPath, 'trainer');
  const trainer = objectField(spec, 'trainer', trainerPath);
  const resourcesPath = fieldPath(trainerPath, 'resourcesPerNode');
  const resources = objectField(trainer, 'resourcesPerNode', resourcesPath);
  checkResourceList(resources, 'requests', resourcesPath);
  checkResourceList(resources, 'limits', resourcesPath);
  const patches = patchesOf(spec, specPath);
  const container: JsonObject = { name: trainerJobName };
  if (resources !== undefined) container.resources = resources;
  const job: TrainJob = {
    metadata,
    nodeTemplate: { spec: { ...patches.nodeScheduling, containers: [container] } },
    own: ownReferencesOf(spec, specPath),
    podSpecParts: patches.parts,
  };
  const runtimeRef = runtimeRefOf(spec, specPath);
  if (runtimeRef !== undefined) job.runtimeRef = runtimeRef;
  const numNodes = countField(trainer, 'numNodes', fieldPath(trainerPath, 'numNodes'));
  if (numNodes !== undefined) job.numNodes = numNodes;
  const suspend = booleanField(spec, 'suspend', fieldPath(specPath, 'suspend'));
  if (suspend !== undefined) job.suspend = suspend;
  if (patches.items !== undefined) job.runtimePatches = patches.items;
  const statusPath = fieldPath(path, 'status');
  const status = objectField(object, 'status', statusPath);
  if (status !== undefined) job.status = readTrainJobStatus(status, statusPath);
  return job;
}
