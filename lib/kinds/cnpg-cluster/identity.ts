// CloudNativePG's Cluster (postgresql.cnpg.io): who it is and which version is served. CloudNativePG owns the CRD
// (one served version, v1, also the storage version, in v1.30.1): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const cnpgClusterVersions = ['v1'] as const;

export const cnpgCluster = {
  group: 'postgresql.cnpg.io',
  kind: 'Cluster',
  plural: 'clusters',
  versions: cnpgClusterVersions,
  storageVersion: 'v1',
  home: 'lib/kinds/cnpg-cluster',
  ownCrd: false,
  // The newest CloudNativePG release the Go module proxy serves here (v1.30.2 and v1.31.0 are refused; README.md).
  publishedCrd: { source: 'go:github.com/cloudnative-pg/cloudnative-pg@v1.30.1', file: 'config/crd/bases/postgresql.cnpg.io_clusters.yaml' },
} as const satisfies KindIdentity;

/** The API version of the CloudNativePG objects a Cluster names (ImageCatalog, ClusterImageCatalog, Backup). */
export const cnpgApiVersion = 'postgresql.cnpg.io/v1';
/** The Barman Cloud plugin's object store (barmancloud.cnpg.io/v1 ObjectStore), named by `parameters.barmanObjectName`. */
export const barmanCloudPlugin = 'barman-cloud.cloudnative-pg.io';
export const objectStoreApiVersion = 'barmancloud.cnpg.io/v1';

/** pkg/utils/labels_annotations.go: `ReconciliationLoopAnnotationName`; "disabled" stops the operator's reconciliation. */
export const reconciliationLoopAnnotation = 'cnpg.io/reconciliationLoop';
/** pkg/reconciler/hibernation/status.go: `HibernationConditionType`. */
export const hibernationCondition = 'cnpg.io/hibernation';
/** The operator's default monitoring queries ConfigMap (api/v1/cluster_defaults.go: `DefaultMonitoringConfigMapName`). */
export const defaultMonitoringConfigMap = 'cnpg-default-monitoring';
