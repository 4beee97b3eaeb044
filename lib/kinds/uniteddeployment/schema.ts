// The UnitedDeployment's one reader: an object becomes the typed view the operations use, or a FieldFailure naming
// the field (a 400). Types are hand-written from OpenKruise's apis/apps/v1alpha1/uniteddeployment_types.go (json
// tags), for the fields read only (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { checkListLength, countField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { int32Max } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { partitionField } from '../../families/openkruise/partition';
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
  readonly templatePath: string;
  subsets: Subset[];
  /** Where the subsets are, for messages (`object.spec.topology.subsets`). */
  readonly subsetsPath: string;
}

const maxSubsets = podTemplateLimits.listItems;

/**
 * The pod template: that of the first workload template present, in the controller's order. With none of them,
 * `spec.template` itself read as a pod template: Karmada's catalogue (its Lua and its cases) puts it there. An API
 * server prunes that (the CRD knows only the four workload templates), so it never comes from a cluster.
 */
function templateOf(spec: Cursor): { template?: PodTemplateSpec; parent: Cursor } {
  const subsetTemplate = spec.object('template');
  for (const field of workloadTemplateFields) {
    const workload = subsetTemplate.object(field);
    if (!workload.present) continue;
    const workloadSpec = workload.object('spec');
    return { template: workloadSpec.podTemplate('template'), parent: workloadSpec };
  }
  return { template: spec.podTemplate('template'), parent: spec };
}

function subsetsOf(topology: Cursor): Subset[] {
  return topology.items('subsets', maxSubsets).map((item) => {
    const capacity = partitionField(item, 'minReplicas') !== undefined || partitionField(item, 'maxReplicas') !== undefined;
    return defined({ capacity, replicas: partitionField(item, 'replicas') });
  });
}

function specOf(spec: Cursor): UnitedDeploymentSpec {
  const { template, parent } = templateOf(spec);
  const topology = spec.object('topology');
  const subsets = subsetsOf(topology);
  // The paths are getters: messages need them, a valid object never does.
  return {
    ...defined({ replicas: spec.count('replicas'), template }),
    get templatePath() {
      return parent.pathOf('template');
    },
    subsets,
    get subsetsPath() {
      return topology.pathOf('subsets');
    },
  };
}

/** A map of subset name to int32 count (`currentPartitions`), each entry checked. */
function countMap(map: Cursor): Record<string, number> | undefined {
  if (!map.present) return undefined;
  const keys = Object.keys(map.value!);
  if (keys.length > maxSubsets) checkListLength(keys.length, maxSubsets, map.path);
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const value = map.raw(key);
    if (value === undefined) continue;
    // kube names a map entry `map["key"]` (the cursor would say `map.key`): the slow path words it so.
    const valid = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= int32Max;
    counts[key] = valid ? value : countField(map.value, key, `${map.path}[${JSON.stringify(key)}]`)!;
  }
  return counts;
}

function statusOf(status: Cursor): UnitedDeploymentStatus {
  const counts = unitedDeploymentStatus.read(status);
  return defined({ ...counts, conditions: readConditions(status), currentPartitions: countMap(status.at(['updateStatus', 'currentPartitions'])) });
}

/** A member's reflected status, read back in AggregateStatus. */
export function readReflectedStatus(status: Cursor): ReflectedUnitedDeploymentStatus {
  return defined({ ...unitedDeploymentStatus.read(status), ...readReportedGenerations(status), conditions: readConditions(status) });
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readUnitedDeployment(object: Cursor): UnitedDeployment {
  return readByPart<UnitedDeployment>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', statusOf),
  });
}

/**
 * The total OpenKruise's controller runs: `spec.replicas`; without it, 1 when a subset sets `minReplicas` or
 * `maxReplicas` (the elastic allocator's default), otherwise the sum of the subsets' counts (the specific
 * allocator then needs every subset to give one; a percentage of nothing is nothing).
 */
export function desiredReplicasOf(spec: UnitedDeploymentSpec | undefined): number {
  if (spec?.replicas !== undefined) return spec.replicas;
  const subsets = spec?.subsets ?? [];
  if (subsets.some((subset) => subset.capacity)) return 1;
  let sum = 0;
  for (const subset of subsets) if (typeof subset.replicas === 'number') sum += Math.max(subset.replicas, 0);
  if (sum > int32Max) throw new FieldFailure(spec!.subsetsPath, `give ${sum} replicas in all, more than an int32 holds`);
  return sum;
}
