// RabbitmqCluster (rabbitmq.com): who it is and which version is served. The RabbitMQ Cluster Operator owns the CRD
// (one served version, v1beta1, also the storage version, in v2.20.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const rabbitmqCluster = {
  group: 'rabbitmq.com',
  kind: 'RabbitmqCluster',
  plural: 'rabbitmqclusters',
  versions: ['v1beta1'],
  storageVersion: 'v1beta1',
  home: 'lib/kinds/rabbitmqcluster',
  ownCrd: false,
  // The newest release the Go module proxy serves here (v2.20.1 and v2.21.0 are refused; README.md).
  publishedCrd: { source: 'go:github.com/rabbitmq/cluster-operator/v2@v2.20.0', file: 'config/crd/bases/rabbitmq.com_rabbitmqclusters.yaml' },
} as const satisfies KindIdentity;

/** internal/controller/rabbitmqcluster_controller.go: "true" stops the operator reconciling the cluster. */
export const pauseReconciliationLabel = 'rabbitmq.com/pauseReconciliation';

/**
 * The objects each member's operator creates for a cluster `name` (api/v1beta1 ChildResourceName with
 * internal/resource's names): never dependencies, whatever an override references.
 */
export function operatorChildNames(name: string): string[] {
  return ['default-user', 'erlang-cookie', 'server-conf', 'plugins-conf', 'server'].map((suffix) => `${name}-${suffix}`);
}
