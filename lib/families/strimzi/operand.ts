// Strimzi's operand resources, KafkaTopic, KafkaUser and KafkaConnector: each names the cluster it belongs to by its
// `strimzi.io/cluster` label (a Kafka for a topic or user, a KafkaConnect for a connector, in its own namespace), and
// the operator that handles it (the entity operator's topic or user operator, the cluster operator for a connector)
// writes a Ready condition and the generation it reconciled (Strimzi 0.51.0: topic-operator's
// BatchingTopicController and KubernetesHandler.updateStatus, user-operator's UserControllerLoop, cluster-operator's
// KafkaConnectAssemblyOperator.maybeUpdateConnectorStatus, operator-common's StatusUtils).
import type { OperationResults } from '../../interpreter/registry';
import type { ObjectMetaView } from '../../kube/objects';
import type { Condition } from '../../shapes/conditions';
import { conditionOf } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { conditionReason, generationReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { clusterLabel, strimziHealth } from './strimzi';

/** The versions the cluster kinds (Kafka, KafkaConnect) serve in Strimzi 0.51.0; an older operand version names v1beta2. */
const clusterVersions = new Set(['v1', 'v1beta2']);

/**
 * The cluster the operand belongs to, named by its `strimzi.io/cluster` label, in the operand's namespace and API
 * version (`v1beta2`, the clusters' storage version, for a `v1beta1` or `v1alpha1` operand: the clusters serve
 * `v1` and `v1beta2` only). Without the label no operator takes the operand up, and nothing is named. `more` adds
 * the kind's own references (a Secret, a ConfigMap).
 */
export function clusterDependency(
  metadata: ObjectMetaView,
  requestNamespace: string | undefined,
  version: string,
  clusterKind: 'Kafka' | 'KafkaConnect',
  more?: (named: NamedReferences) => void,
): OperationResults['InterpretDependency'] {
  const named = new NamedReferences(namespaceOf(metadata, requestNamespace));
  const apiVersion = `kafka.strimzi.io/${clusterVersions.has(version) ? version : 'v1beta2'}`;
  named.add(apiVersion, clusterKind, metadata.labels?.[clusterLabel], { path: `object.metadata.labels[${clusterLabel}]` });
  more?.(named);
  return { dependencies: named.list() };
}

/**
 * Health of an operand from what its operator wrote:
 * - a failure (`Ready` False, as the topic operator writes one, or `NotReady` True, as the user and cluster
 *   operators do through StatusUtils) is unhealthy;
 * - `ReconciliationPaused` True (the `strimzi.io/pause-reconciliation` annotation) is healthy, generations not
 *   compared: a paused resource keeps the generation it last reconciled on purpose;
 * - a condition of `standing` True (the topic operator's `Unmanaged`) is healthy, as asked;
 * - `Ready` True is healthy once the operator reconciled the current spec (`status.observedGeneration` equals
 *   `metadata.generation`; not compared where the operator wrote none): a Ready of an older generation is a verdict
 *   on a spec the member no longer has;
 * - no status (no operator has reconciled it yet) is healthy, as for the other Strimzi kinds (strimziHealth).
 */
export function operandHealth(
  metadata: ObjectMetaView,
  status: { conditions?: Condition[]; observedGeneration?: number } | undefined,
  standing: readonly string[] = [],
): Health {
  const conditions = status?.conditions;
  const verdict = strimziHealth(conditions);
  if (!verdict.healthy) return verdict;
  for (const type of ['ReconciliationPaused', ...standing]) {
    const condition = conditionOf(conditions, type);
    if (condition?.status === 'True') return healthy(conditionReason(condition, type));
  }
  const ready = conditionOf(conditions, 'Ready');
  if (ready?.status !== 'True') return verdict;
  const observed = status?.observedGeneration;
  const generation = metadata.generation;
  if (observed !== undefined && observed !== (generation ?? 0)) return unhealthy(`${conditionReason(ready, 'Ready')}, ${generationReason(observed, generation)}`);
  return healthy(conditionReason(ready, 'Ready'));
}
