// Interpreter for Karmada's example Workload CRD (workload.example.io, every served version): replicas, status, health, dependencies.
import { invalidInput } from '../protocol/errors';
import { int32Max } from '../protocol/json';
import type { GroupVersionKind, JsonObject } from '../protocol/types';
import { booleanField, countField, objectField, objectItems, stringField } from '../kube/fields';
import { memberStatusesOf, metadataOf, podTemplateField, templateDependenciesOf, templateRequirementsOf, type ObjectMetaView, type PodTemplateSpec } from '../kube/objects';
import { defineInterpreter, type TypedRequest } from './define';
import { pausedPathOf, workloadGroup, workloadKind, workloadVersions } from './workload-versions';

const retainReplicasLabel = 'resourcetemplate.karmada.io/retain-replicas';

/** A Workload as the interpreter reads it (deploy/karmada/workload-crd.yaml). */
export interface Workload {
  metadata: ObjectMetaView;
  spec?: WorkloadSpec;
  status?: WorkloadStatus;
}

export interface WorkloadSpec {
  /** Defaults to 1, as the Workload type documents. */
  replicas?: number;
  /** The member-owned flag, wherever the version keeps it (v1alpha1 `spec.paused`, v1alpha2 `spec.rollout.paused`). */
  paused?: boolean;
  /** v1alpha2 only (v1alpha1 keeps it in an annotation). */
  alias?: string;
  template?: PodTemplateSpec;
}

export interface WorkloadStatus {
  readyReplicas?: number;
  /** Passed through as the member reported them (the CRD keeps unknown fields). */
  conditions?: JsonObject[];
}

function readyReplicasOf(status: JsonObject | undefined, path: string): number {
  return countField(status, 'readyReplicas', `${path}.readyReplicas`) ?? 0;
}

function statusOf(status: JsonObject, path: string): WorkloadStatus {
  const conditions = status.conditions === undefined || status.conditions === null
    ? undefined
    : objectItems(status, 'conditions', `${path}.conditions`).map(({ item }) => item);
  return { readyReplicas: countField(status, 'readyReplicas', `${path}.readyReplicas`), conditions };
}

/** The boolean at `segments` (below `spec`'s parent); each parent on the way must be an object when present. */
function booleanAt(object: JsonObject, segments: readonly string[], path: string): boolean | undefined {
  let parent: JsonObject | undefined = object;
  let parentPath = path;
  for (const segment of segments.slice(0, -1)) {
    parentPath += `.${segment}`;
    parent = objectField(parent, segment, parentPath);
  }
  const last = segments[segments.length - 1]!;
  return booleanField(parent, last, `${parentPath}.${last}`);
}

export function decodeWorkload(object: JsonObject, path: string, kind?: GroupVersionKind): Workload {
  const workload: Workload = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', `${path}.spec`);
  if (spec !== undefined) {
    workload.spec = {
      replicas: countField(spec, 'replicas', `${path}.spec.replicas`),
      paused: booleanAt(object, pausedPathOf(kind?.version ?? 'v1alpha1'), path),
      template: podTemplateField(spec, 'template', `${path}.spec.template`),
    };
    if (kind?.version === 'v1alpha2') workload.spec.alias = stringField(spec, 'alias', `${path}.spec.alias`);
  }
  const status = objectField(object, 'status', `${path}.status`);
  if (status !== undefined) workload.status = statusOf(status, `${path}.status`);
  return workload;
}

type Request = TypedRequest<Workload>;

/** `spec.replicas`, defaulting to 1 as the Workload type documents. */
function desiredReplicasOf(object: Workload): number {
  return object.spec?.replicas ?? 1;
}

function interpretReplica({ object }: Request) {
  const replicas = desiredReplicasOf(object);
  const replicaRequirements = templateRequirementsOf(object.spec?.template, 'object.spec.template');
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

function interpretComponent(request: Request) {
  const { replicas, replicaRequirements } = interpretReplica(request);
  const component = { name: 'main', replicas };
  if (replicaRequirements === undefined) return { components: [component] };
  const { nodeClaim, resourceRequest } = replicaRequirements;
  return { components: [{ ...component, replicaRequirements: { nodeClaim, resourceRequest } }] };
}

function reviseReplica({ replicas, patch }: Request) {
  return patch().add(['spec', 'replicas'], replicas).operations;
}

/** Keeps what the member cluster owns: its paused flag, and `spec.replicas` when the template opts in by label. */
function retain({ object, observedObject, kind, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();

  const pausedPath = pausedPathOf(kind.version);
  const paused = observed.spec?.paused;
  if (paused === undefined) patch.remove(pausedPath);
  else patch.add(pausedPath, paused);

  if (object.metadata.labels?.[retainReplicasLabel] === 'true') {
    const observedReplicas = observed.spec?.replicas;
    if (observedReplicas !== undefined) patch.add(['spec', 'replicas'], observedReplicas);
  }
  return patch.operations;
}

function aggregateStatus({ aggregatedStatus, patch }: Request) {
  let readyReplicas = 0;
  for (const { status } of memberStatusesOf(aggregatedStatus, readyReplicasOf)) readyReplicas += status;
  if (readyReplicas > int32Max) throw invalidInput(`the aggregated status.readyReplicas (${readyReplicas}) does not fit in an int32`);
  // A .status that is not an object was rejected by decodeWorkload: invalid input, not something to overwrite.
  return patch().add(['status', 'readyReplicas'], readyReplicas).operations;
}

function interpretHealth({ object }: Request) {
  const readyReplicas = object.status?.readyReplicas ?? 0;
  return { healthy: readyReplicas === desiredReplicasOf(object) };
}

function interpretStatus({ object }: Request) {
  const status = object.status;
  const rawStatus: JsonObject = { readyReplicas: status?.readyReplicas ?? 0 };
  if (status?.conditions !== undefined) rawStatus.conditions = status.conditions;
  return { rawStatus };
}

function interpretDependency({ object, namespace }: Request) {
  const objectNamespace = object.metadata.namespace;
  const effectiveNamespace = objectNamespace !== undefined && objectNamespace !== '' ? objectNamespace : namespace;
  return { dependencies: templateDependenciesOf(object.spec?.template, 'object.spec.template', effectiveNamespace) };
}

export const workload = defineInterpreter<Workload>({
  group: workloadGroup,
  versions: workloadVersions,
  kind: workloadKind,
  plural: 'workloads',
  decode: decodeWorkload,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: interpretComponent,
    ReviseReplica: reviseReplica,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
