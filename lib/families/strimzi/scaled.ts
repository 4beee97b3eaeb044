// Strimzi's scaled resources, KafkaConnect and KafkaBridge: `spec.replicas` identical pods (a StrimziPodSet of
// Connect workers, a Deployment of bridges) that the cluster operator builds from `spec.resources` and
// `spec.template.pod`, a scale subresource, and a status of conditions, `url`, `replicas` and `labelSelector`
// (KafkaConnectCluster / KafkaBridgeCluster and KafkaConnectAssemblyOperator / KafkaBridgeAssemblyOperator of
// Strimzi 0.51.0). The readers and operations both kinds share; each kind says its default count and status fields.
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { readByPart, type Cursor, type Parts } from '../../kube/cursor';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import type { JsonPatchOperation } from '../../review/patch';
import { agreedValue, setOrRemove, sumOf } from '../../shapes/aggregation';
import { aggregateConditions, readConditionStatus, reflectConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import type { Health } from '../../shapes/health';
import { retainsReplicas } from '../../shapes/retention';
import { collectSpecReferences } from './references';
import { strimziHealth, strimziNodes } from './strimzi';

/** What the operations read of the spec, by part: ReviseReplica and Retain read `replicas` only. */
export interface ScaledSpec {
  replicas?: number;
  /** `spec.resources`: the one container's corev1.ResourceRequirements (an empty cursor when absent). */
  resources: Cursor;
  /** `spec.template.pod` (Strimzi's PodTemplate: affinity, tolerations, priorityClassName…), empty when absent. */
  pod: Cursor;
  /** The whole spec, for the walk over the Secrets and ConfigMaps it names. */
  raw: Cursor;
}

/** One entry of KafkaConnect's `status.connectorPlugins` (ConnectorPlugin.java), its three schema fields only. */
export type ConnectorPlugin = { class?: string; type?: string; version?: string };

/** KafkaConnectStatus / KafkaBridgeStatus (the Bridge has no `connectorPlugins`). */
export interface ScaledStatus extends ConditionStatus {
  url?: string;
  replicas?: number;
  labelSelector?: string;
  connectorPlugins?: ConnectorPlugin[];
}

export interface ScaledResource {
  metadata: ObjectMetaView;
  spec?: ScaledSpec;
  status?: ScaledStatus;
}

/** The spec, read by part; `more`: the kind's own parts, read as lazily. */
export function readScaledSpec<E extends object = object>(spec: Cursor, more?: Parts<E>): ScaledSpec & E {
  return readByPart<ScaledSpec & E>({
    replicas: () => spec.count('replicas'),
    resources: () => spec.object('resources'),
    pod: () => spec.at(['template', 'pod']),
    raw: () => spec,
    ...more,
  } as Parts<ScaledSpec & E>);
}

/** Each plugin's `class`, `type` and `version` as strings (the CRD prunes anything else); the list bounded. */
function readConnectorPlugins(status: Cursor): ConnectorPlugin[] | undefined {
  if (!status.has('connectorPlugins')) return undefined;
  return status.items('connectorPlugins').map((plugin) => {
    const read: ConnectorPlugin = {};
    for (const name of ['class', 'type', 'version'] as const) {
      const value = plugin.string(name);
      if (value !== undefined) read[name] = value;
    }
    return read;
  });
}

/** A member's status; `plugins`: whether the kind's status has `connectorPlugins` (KafkaConnect's only). */
export function scaledStatusReader(plugins: boolean): (status: Cursor) => ScaledStatus {
  return (status) => {
    const read: ScaledStatus = { ...readConditionStatus(status) };
    const url = status.string('url');
    const replicas = status.count('replicas');
    const labelSelector = status.string('labelSelector');
    if (url !== undefined) read.url = url;
    if (replicas !== undefined) read.replicas = replicas;
    if (labelSelector !== undefined) read.labelSelector = labelSelector;
    const connectorPlugins = plugins ? readConnectorPlugins(status) : undefined;
    if (connectorPlugins !== undefined) read.connectorPlugins = connectorPlugins;
    return read;
  };
}

/**
 * InterpretReplica: `spec.replicas`, or the operator's default when absent (v1beta2 only: v1 requires it), and each
 * pod's requirements from `spec.resources` and the scheduling fields of `spec.template.pod`. The operator's init
 * container (rack awareness) takes the same `resources`, so one container says it all.
 */
export function scaledReplica(object: ScaledResource, defaultReplicas: number): OperationResults['InterpretReplica'] {
  const { spec } = object;
  return spec === undefined ? { replicas: defaultReplicas } : strimziNodes(spec.replicas ?? defaultReplicas, spec);
}

/**
 * Retain: the member's `spec.replicas` when the template carries Karmada's retain-replicas label: the scale
 * subresource lets an HPA (or KEDA, or `kubectl scale`) in the member own the count. The operator writes nothing of
 * the spec, so nothing else is kept.
 */
export function retainScaledReplicas({ object, observedObject, patch: newPatch }: TypedRequest<ScaledResource>): JsonPatchOperation[] {
  const patch = newPatch();
  const observed = observedObject?.spec?.replicas;
  if (retainsReplicas(object.metadata) && observed !== undefined) patch.add(['spec', 'replicas'], observed);
  return patch.operations;
}

/** InterpretStatus: conditions, `observedGeneration`, `url`, `replicas`, `labelSelector` (and plugins) as written. */
export function reflectScaledStatus(object: ScaledResource): OperationResults['InterpretStatus'] {
  const status = object.status;
  const extra: JsonObject = {};
  if (status?.url !== undefined) extra.url = status.url;
  if (status?.connectorPlugins !== undefined) extra.connectorPlugins = status.connectorPlugins;
  if (status?.replicas !== undefined) extra.replicas = status.replicas;
  if (status?.labelSelector !== undefined) extra.labelSelector = status.labelSelector;
  return reflectConditionStatus(object, extra);
}

/**
 * AggregateStatus: conditions merged (Karmada's catalogue rule), `observedGeneration` once every member observed
 * the template, `replicas` summed (every member's pods), and `url`, `labelSelector` and `connectorPlugins` kept only
 * where every listed member reports the same (the URL names the member's own Service, alike wherever the name and
 * namespace are; plugins come from the image, and a list one member has would be wrong for another).
 */
export function aggregateScaledStatus(request: TypedRequest<ScaledResource>, read: (status: Cursor) => ScaledStatus): JsonPatchOperation[] {
  const readReflected = (status: Cursor): ScaledStatus & ReportedGenerations => ({ ...read(status), ...readReportedGenerations(status) });
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: false, read: readReflected });
  const statuses = members.reporting.map(({ status }) => status);
  const reported = statuses.some((status) => status.replicas !== undefined);
  setOrRemove(patch, 'url', agreedValue(members, (status) => status.url));
  setOrRemove(patch, 'connectorPlugins', agreedValue(members, (status) => status.connectorPlugins));
  setOrRemove(patch, 'replicas', reported ? sumOf(statuses, (status) => status.replicas, 'replicas') : undefined);
  setOrRemove(patch, 'labelSelector', agreedValue(members, (status) => status.labelSelector));
  return patch.operations;
}

/**
 * InterpretHealth: Strimzi's rule (strimziHealth). No status is healthy: these operators write none until their
 * first reconciliation ends (after the pods are ready, or it fails), so a new KafkaConnect (building its image) or
 * KafkaBridge has none for minutes.
 */
export function scaledHealth(object: ScaledResource): Health {
  return strimziHealth(object.status?.conditions);
}

/** InterpretDependency: the Secrets, ConfigMaps and PVCs the spec names (references.ts), plus the kind's own. */
export function scaledDependencies(object: ScaledResource, namespace: string | undefined, more?: (named: NamedReferences) => void): OperationResults['InterpretDependency'] {
  const named = new NamedReferences(namespaceOf(object.metadata, namespace));
  const { spec } = object;
  if (spec !== undefined) collectSpecReferences(spec.raw, named);
  more?.(named);
  return { dependencies: named.list() };
}
