// OpenTelemetryCollector (opentelemetry.io): who it is, which versions it serves and where they differ. The
// OpenTelemetry Operator owns the CRD (v1alpha1, deprecated, and v1beta1, the storage version, in v0.143.0):
// interpreted only.
import type { KindIdentity } from '../../review/kind';

export const openTelemetryCollector = {
  group: 'opentelemetry.io',
  kind: 'OpenTelemetryCollector',
  plural: 'opentelemetrycollectors',
  versions: ['v1alpha1', 'v1beta1'],
  storageVersion: 'v1beta1',
  home: 'lib/kinds/opentelemetrycollector',
  ownCrd: false,
  // The newest release the Go module proxy serves here whole (v0.144.0's checksum is refused; README.md).
  publishedCrd: { source: 'go:github.com/open-telemetry/opentelemetry-operator@v0.143.0', file: 'config/crd/bases/opentelemetry.io_opentelemetrycollectors.yaml' },
} as const satisfies KindIdentity;

/**
 * Where a version keeps the autoscaler's ceiling. v1alpha1 has the deprecated `spec.maxReplicas` beside
 * `spec.autoscaler.maxReplicas` (the operator's conversion moves the first into the second, apis/v1alpha1/convert.go);
 * v1beta1 has only `spec.autoscaler.maxReplicas`.
 */
export function maxReplicasPathsOf(version: string): readonly (readonly string[])[] {
  return version === 'v1alpha1' ? [['maxReplicas'], ['autoscaler', 'maxReplicas']] : [['autoscaler', 'maxReplicas']];
}

/**
 * pkg/constants/env.go `LabelTargetAllocator`: the label on a collector naming the standalone TargetAllocator
 * (opentelemetry.io/v1alpha1) that serves it (internal/controllers/targetallocator_controller.go).
 */
export const targetAllocatorLabel = 'opentelemetry.io/target-allocator';
export const targetAllocatorApiVersion = 'opentelemetry.io/v1alpha1';
