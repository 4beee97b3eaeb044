// The UnitedDeployment's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/uniteddeployment_types.go (json
// tags), for the fields read only (see README.md).
import { checkListLength, countField, fieldPath, objectField, objectItems } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { int32Max, type JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { partitionField } from '../../shapes/partition';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';
import { workloadTemplateFields } from './identity';

/**
 * UnitedDeploymentStatus's counts and strings. `availableReplicas` and `unavailableReplicas` are not OpenKruise's
 * (its CRD prunes them): Karmada's catalogue reflects and writes them, and so does this, where they appear.
 */
export const unitedDeploymentStatus = workloadStatus({
  counters: ['replicas', 'readyReplicas', 'updatedReplicas', 'availableReplicas', 'unavailableReplicas'],
  reportedCounters: ['updatedReadyReplicas'],
  agreed: ['currentRevision', 'labelSelector'],
});

type Counts = WorkloadStatus<
  'replicas' | 'readyReplicas' | 'updatedReplicas' | 'availableReplicas' | 'unavailableReplicas',
  'updatedReadyReplicas',
  'currentRevision' | 'labelSelector'
>;

export type UnitedDeploymentStatus = Counts & {
  conditions?: Condition[];
  /** `updateStatus.currentPartitions`: per subset, the pods the controller keeps on old revisions now. */
  currentPartitions?: Record<string, number>;
};

/** A member's status as its InterpretStatus reported it: the counts, conditions and its generations. */
export type ReflectedUnitedDeploymentStatus = Counts & ReportedGenerations & { conditions?: Condition[] };

export interface UnitedDeployment {
  metadata: ObjectMetaView;
  spec?: UnitedDeploymentSpec;
  status?: UnitedDeploymentStatus;
}

/** One of `spec.topology.subsets`, as far as the total count depends on it. */
export interface Subset {
  /** `replicas`: a count, or a percentage of `spec.replicas`. */
  replicas?: number | string;
  /** Whether `minReplicas` or `maxReplicas` is set (OpenKruise then allocates elastically). */
  capacity: boolean;
}

export interface UnitedDeploymentSpec {
  /** `spec.replicas`: the total over every subset. */
  replicas?: number;
  /** The pod template of the workload template the UnitedDeployment holds (see `templateOf`). */
  template?: PodTemplateSpec;
  /** Where that pod template is, for messages (`object.spec.template.cloneSetTemplate.spec.template`). */
  templatePath: string;
  subsets: Subset[];
}

const maxSubsets = podTemplateLimits.listItems;

/**
 * The pod template: that of the first workload template present, in the controller's order. With none of them,
 * `spec.template` itself read as a pod template: Karmada's catalogue (its Lua and its cases) puts it there. An API
 * server prunes that (the CRD knows only the four workload templates), so it never comes from a cluster.
 */
function templateOf(spec: JsonObject, path: string): { template?: PodTemplateSpec; templatePath: string } {
  const templatePath = fieldPath(path, 'template');
  const subsetTemplate = objectField(spec, 'template', templatePath);
  for (const field of workloadTemplateFields) {
    const workloadPath = fieldPath(templatePath, field);
    const workload = objectField(subsetTemplate, field, workloadPath);
    if (workload === undefined) continue;
    const workloadSpecPath = fieldPath(workloadPath, 'spec');
    const podTemplatePath = fieldPath(workloadSpecPath, 'template');
    const template = podTemplateField(objectField(workload, 'spec', workloadSpecPath), 'template', podTemplatePath);
    return template === undefined ? { templatePath: podTemplatePath } : { template, templatePath: podTemplatePath };
  }
  const template = podTemplateField(spec, 'template', templatePath);
  return template === undefined ? { templatePath } : { template, templatePath };
}

function subsetsOf(spec: JsonObject, path: string): Subset[] {
  const topologyPath = fieldPath(path, 'topology');
  const topology = objectField(spec, 'topology', topologyPath);
  return objectItems(topology, 'subsets', fieldPath(topologyPath, 'subsets'), maxSubsets).map(({ item, path: itemPath }) => {
    const subset: Subset = {
      capacity:
        partitionField(item, fieldPath(itemPath, 'minReplicas'), 'minReplicas') !== undefined ||
        partitionField(item, fieldPath(itemPath, 'maxReplicas'), 'maxReplicas') !== undefined,
    };
    const replicas = partitionField(item, fieldPath(itemPath, 'replicas'), 'replicas');
    if (replicas !== undefined) subset.replicas = replicas;
    return subset;
  });
}

function specOf(spec: JsonObject, path: string): UnitedDeploymentSpec {
  const { template, templatePath } = templateOf(spec, path);
  const result: UnitedDeploymentSpec = { templatePath, subsets: subsetsOf(spec, path) };
  const replicas = countField(spec, 'replicas', fieldPath(path, 'replicas'));
  if (replicas !== undefined) result.replicas = replicas;
  if (template !== undefined) result.template = template;
  return result;
}

/** A map of subset name to int32 count (`currentPartitions`), each entry checked. */
function countMap(parent: JsonObject | undefined, name: string, path: string): Record<string, number> | undefined {
  const mapPath = fieldPath(path, name);
  const map = objectField(parent, name, mapPath);
  if (map === undefined) return undefined;
  const keys = Object.keys(map);
  checkListLength(keys.length, maxSubsets, mapPath);
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const count = countField(map, key, `${mapPath}[${JSON.stringify(key)}]`);
    if (count !== undefined) counts[key] = count;
  }
  return counts;
}

function statusOf(status: JsonObject, path: string): UnitedDeploymentStatus {
  const result: UnitedDeploymentStatus = unitedDeploymentStatus.read(status, path);
  const conditions = readConditions(status, path);
  if (conditions !== undefined) result.conditions = conditions;
  const updateStatusPath = fieldPath(path, 'updateStatus');
  const partitions = countMap(objectField(status, 'updateStatus', updateStatusPath), 'currentPartitions', updateStatusPath);
  if (partitions !== undefined) result.currentPartitions = partitions;
  return result;
}

/** A member's reflected status, read back in AggregateStatus. */
export function readReflectedStatus(status: JsonObject, path: string): ReflectedUnitedDeploymentStatus {
  const result: ReflectedUnitedDeploymentStatus = { ...unitedDeploymentStatus.read(status, path), ...readReportedGenerations(status, path) };
  const conditions = readConditions(status, path);
  if (conditions !== undefined) result.conditions = conditions;
  return result;
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readUnitedDeployment(object: JsonObject, path: string): UnitedDeployment {
  const unitedDeployment: UnitedDeployment = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) unitedDeployment.spec = specOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) unitedDeployment.status = statusOf(status, fieldPath(path, 'status'));
  return unitedDeployment;
}

/**
 * The total OpenKruise's controller runs: `spec.replicas`; without it, 1 when a subset sets `minReplicas` or
 * `maxReplicas` (the elastic allocator's default), otherwise the sum of the subsets' counts (the specific
 * allocator then needs every subset to give one; a percentage of nothing is nothing).
 */
export function desiredReplicasOf(spec: UnitedDeploymentSpec | undefined, path: string): number {
  if (spec?.replicas !== undefined) return spec.replicas;
  const subsets = spec?.subsets ?? [];
  if (subsets.some((subset) => subset.capacity)) return 1;
  let sum = 0;
  for (const subset of subsets) if (typeof subset.replicas === 'number') sum += Math.max(subset.replicas, 0);
  if (sum > int32Max) throw new FieldFailure(`${path}.spec.topology.subsets`, `give ${sum} replicas in all, more than an int32 holds`);
  return sum;
}
