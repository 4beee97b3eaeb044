// Workload's served versions and where their fields differ: the one place that knows v1alpha1 from v1alpha2.

export const workloadGroup = 'workload.example.io';
export const workloadKind = 'Workload';

/** Served versions, oldest first; the hub is the storage version every other version converts through. */
export const workloadVersions = ['v1alpha1', 'v1alpha2'] as const;
export type WorkloadVersion = (typeof workloadVersions)[number];
export const workloadHub: WorkloadVersion = 'v1alpha2';

/** Where a v1alpha1 object keeps `spec.alias` (new in v1alpha2), so that no round trip loses it. */
export const aliasAnnotation = 'workload.example.io/alias';
/** Where a v1alpha1 object keeps whatever of v1alpha2's `spec.rollout` its `spec.paused` cannot say (e.g. `{}`). */
export const rolloutAnnotation = 'workload.example.io/rollout';

const pausedPaths: Readonly<Record<WorkloadVersion, readonly string[]>> = {
  v1alpha1: ['spec', 'paused'],
  v1alpha2: ['spec', 'rollout', 'paused'],
};

export function isWorkloadVersion(version: string): version is WorkloadVersion {
  return (workloadVersions as readonly string[]).includes(version);
}

/** The path of the member-owned `paused` flag in this version (Retain keeps it). */
export function pausedPathOf(version: string): readonly string[] {
  return isWorkloadVersion(version) ? pausedPaths[version] : pausedPaths[workloadHub];
}
