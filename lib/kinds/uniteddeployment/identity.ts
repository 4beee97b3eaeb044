// OpenKruise's UnitedDeployment: who it is and which versions are served. OpenKruise owns the CRD (v1alpha1 only):
// interpreted only.
import type { KindIdentity } from '../../review/kind';

export const unitedDeployment = {
  group: 'apps.kruise.io',
  kind: 'UnitedDeployment',
  plural: 'uniteddeployments',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/uniteddeployment',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here: v1alpha1 only (as on OpenKruise's master).
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_uniteddeployments.yaml' },
} as const satisfies KindIdentity;

/**
 * The workload templates a UnitedDeployment's `spec.template` may hold (one of them: OpenKruise's validating
 * webhook refuses none and several), in the order OpenKruise's controller looks for them (`getSubsetControls`).
 * Each keeps its pod template at `<field>.spec.template`.
 */
export const workloadTemplateFields = ['statefulSetTemplate', 'advancedStatefulSetTemplate', 'cloneSetTemplate', 'deploymentTemplate'] as const;
export type WorkloadTemplateField = (typeof workloadTemplateFields)[number];
