// Kubeflow's Spark operator's SparkApplication: who it is and which versions are served. The operator owns the CRD
// (v1beta2, its only served and storage version in v2.3.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const sparkApplicationVersions = ['v1beta2'] as const;

export const sparkApplication = {
  group: 'sparkoperator.k8s.io',
  kind: 'SparkApplication',
  plural: 'sparkapplications',
  versions: sparkApplicationVersions,
  storageVersion: 'v1beta2',
  home: 'lib/kinds/sparkapplication',
  ownCrd: false,
  // The operator's newest module the Go module proxy serves here (its v2 module path).
  publishedCrd: { source: 'go:github.com/kubeflow/spark-operator/v2@v2.3.0', file: 'config/crd/bases/sparkoperator.k8s.io_sparkapplications.yaml' },
} as const satisfies KindIdentity;
