// Karmada's example Workload: who it is, which versions it serves, and where those versions differ. The one
// place that knows v1alpha1 from v1alpha2; the reader, interpreter, conversion and admission ask it.
import type { KindIdentity } from '../../review/kind';

/** Served versions, oldest first. */
export const workloadVersions = ['v1alpha1', 'v1alpha2'] as const;
export type WorkloadVersion = (typeof workloadVersions)[number];

export const workload = {
  group: 'workload.example.io',
  kind: 'Workload',
  plural: 'workloads',
  versions: workloadVersions,
  storageVersion: 'v1alpha2',
  home: 'lib/kinds/workload',
  ownCrd: true,
} as const satisfies KindIdentity;

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
  return pausedPaths[isWorkloadVersion(version) ? version : workload.storageVersion];
}

/** Whether this version keeps the alias in `spec.alias` (v1alpha2) rather than in an annotation (v1alpha1). */
export function aliasInSpec(version: string): boolean {
  return version !== 'v1alpha1';
}
