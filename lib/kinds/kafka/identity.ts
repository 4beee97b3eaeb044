// Strimzi's Kafka: who it is and which versions are served. Strimzi owns the CRD (v1 and v1beta2 served, v1beta2
// stored, in Strimzi 0.51.0); v1beta1 is served too, as Strimzi 0.22 and older served it (README.md says why).
// This service interprets it and neither converts nor admits it.
import type { KindIdentity } from '../../review/kind';

export const kafkaVersions = ['v1', 'v1beta2', 'v1beta1'] as const;

export const kafka = {
  group: 'kafka.strimzi.io',
  kind: 'Kafka',
  plural: 'kafkas',
  versions: kafkaVersions,
  storageVersion: 'v1beta2',
  home: 'lib/kinds/kafka',
  ownCrd: false,
  // Strimzi's api module attaches the CRDs it installs to its `tests` jar; `crds/v1beta2/` serves v1 and v1beta2
  // with v1beta2 stored, as 0.51.0 installs them.
  publishedCrd: { source: 'maven:io.strimzi:api:0.51.0:tests', file: 'crds/v1beta2/040-Crd-kafka.yaml' },
} as const satisfies KindIdentity;

/**
 * Status fields of `v1beta2` (and the older versions) that Strimzi's `v1` API dropped: the CRD's `v1` schema has
 * neither (`registeredNodeIds` is the operator's bookkeeping, `kafkaMetadataState` is deprecated without a replacement
 * once ZooKeeper is gone), so the API server prunes them from a `v1` status.
 */
const droppedInV1 = new Set(['registeredNodeIds', 'kafkaMetadataState']);
/** Whether `version`'s status schema has the field `name` of KafkaStatus. */
export const statusFieldServed = (version: string, name: string) => version !== 'v1' || !droppedInV1.has(name);

/** The annotation with which a Kafka of Strimzi 0.36-0.45 takes its nodes from KafkaNodePools (`enabled`). */
export const nodePoolsAnnotation = 'strimzi.io/node-pools';
/** The KafkaNodePool's API version for a Kafka's own (node pools exist from v1beta2 on). */
export const nodePoolVersion = (kafkaVersion: string) => (kafkaVersion === 'v1' ? 'v1' : 'v1beta2');
