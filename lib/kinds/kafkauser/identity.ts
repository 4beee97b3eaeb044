// Strimzi's KafkaUser: who it is and which versions are served. Strimzi owns the CRD (v1, v1beta2, v1beta1 and
// v1alpha1 served, v1beta2 stored, in Strimzi 0.51.0): this service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const kafkaUser = {
  group: 'kafka.strimzi.io',
  kind: 'KafkaUser',
  plural: 'kafkausers',
  versions: ['v1', 'v1beta2', 'v1beta1', 'v1alpha1'],
  storageVersion: 'v1beta2',
  home: 'lib/kinds/kafkauser',
  ownCrd: false,
  // Strimzi's api module attaches the CRDs it installs (packaging/install/cluster-operator/04*-Crd-*.yaml) to its
  // `tests` jar; `crds/v1beta2/` is the set that serves every version with v1beta2 stored, as 0.51.0 installs them.
  publishedCrd: { source: 'maven:io.strimzi:api:0.51.0:tests', file: 'crds/v1beta2/044-Crd-kafkauser.yaml' },
} as const satisfies KindIdentity;
