// OpenTelemetryCollector's interpreter: replicas in deployment and statefulset mode only, the member's HPA's count
// kept, status.scale added up, health as Argo CD judges a collector, and the objects the spec names (README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecDependenciesOf, podSpecRequirementsOf } from '../../interpreter/pod-template';
import { int32Max, type JsonObject } from '../../review/json';
import { agreedValue, membersOf, setOrRemove, sumOf } from '../../shapes/aggregation';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { reflectFields } from '../../shapes/generations';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { retainsReplicas } from '../../shapes/retention';
import { openTelemetryCollector, targetAllocatorApiVersion, targetAllocatorLabel } from './identity';
import { readOpenTelemetryCollector, readReflectedStatus, type CollectorStatus, type OpenTelemetryCollector } from './schema';

type Request = TypedRequest<OpenTelemetryCollector>;

/**
 * Modes whose pods the collector's `spec.replicas` counts: a Deployment or a StatefulSet of that many pods
 * (internal/manifests/collector/collector.go). The CRD defaults an absent mode to `deployment`. A daemonset runs one
 * pod per eligible node and a sidecar one container in each pod that asks for it: no count of their own.
 */
function countsReplicas(mode: string | undefined): boolean {
  return mode === undefined || mode === 'deployment' || mode === 'statefulset';
}

/** The CRD's default for `spec.replicas`. */
const defaultReplicas = 1;

function interpretReplica({ object }: Request) {
  const spec = object.spec;
  if (!countsReplicas(spec?.mode)) return { replicas: 0 };
  const replicas = spec?.replicas ?? defaultReplicas;
  if (spec === undefined) return { replicas };
  // Each pod: the collector container (spec.resources) and spec.additionalContainers, placed by the spec's
  // nodeSelector, tolerations and required node affinity (the spec carries pod fields without a pod template).
  const containers = [{ item: spec.raw, path: 'object.spec' }, ...spec.additionalContainers];
  const replicaRequirements = podSpecRequirementsOf(spec.raw, 'object.spec', containers);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/** `spec.replicas` set to the member's share in a counting mode; a daemonset or sidecar collector is left as it is. */
function reviseReplica({ object, replicas, patch }: Request) {
  return countsReplicas(object.mode) ? patch().add(['spec', 'replicas'], replicas).operations : [];
}

/**
 * With `autoscaler.maxReplicas` set the operator creates an HPA whose target is the collector itself: it writes
 * `spec.replicas` in the member through the scale subresource, so the member's count stays. Also under Karmada's
 * retain-replicas label.
 */
function retain({ object, observedObject, patch }: Request) {
  const observed = observedObject!.replicas;
  if (observed === undefined || !(object.autoscaled || retainsReplicas(object.metadata))) return [];
  return patch().add(['spec', 'replicas'], observed).operations;
}

const reflectedFields = ['scale', 'version', 'image'] as const satisfies readonly (keyof CollectorStatus)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/**
 * `statusReplicas` as the operator writes it, `ready/total` (internal/status/collector/collector.go), matched as Argo
 * CD's lua matches it (`(%d+)/(%d+)`, anywhere in the text) and read as its `tonumber` reads the digits.
 */
export function parseStatusReplicas(text: string | undefined): { ready: number; total: number } | undefined {
  const match = text === undefined ? null : /(\d+)\/(\d+)/.exec(text);
  return match === null ? undefined : { ready: Number(match[1]), total: Number(match[2]) };
}

/**
 * Argo CD's check (resource_customizations/opentelemetry.io/OpenTelemetryCollector/health.lua, v3.5.1) with its
 * Progressing answered healthy: unhealthy only when replicas are asked for and none is ready (README.md).
 */
function interpretHealth({ object }: Request) {
  const scale = object.status?.scale;
  const statusReplicas = scale?.statusReplicas;
  const field = 'status.scale.statusReplicas';
  if (statusReplicas === undefined) {
    if (object.mode === 'sidecar') return healthy(`no ${field}: mode=sidecar runs in other pods`);
    return healthy(`no ${field} yet (Argo CD: Progressing)`);
  }
  const counts = parseStatusReplicas(statusReplicas);
  if (counts === undefined) return healthy(`${valueReason(field, statusReplicas)} is not ready/total (Argo CD: Progressing)`);
  const { ready, total } = counts;
  if (total === 0) {
    // Argo CD: Healthy for a daemonset with no eligible node. A deployment or statefulset scaled to 0 has nothing
    // missing either; Argo CD calls it Degraded, which here would have failover move a collector asked to run nothing.
    if (object.mode === 'daemonset') return healthy(`${field} 0/0: mode=daemonset has no eligible node`);
    return healthy(`${field} 0/0: no replica asked for`);
  }
  if (ready === 0) return unhealthy(`${field} ${ready}/${total}: no replica ready`);
  if (ready === total) return healthy(`${field} ${ready}/${total}: every replica ready`);
  return healthy(`${field} ${ready}/${total}: replicas starting (Argo CD: Progressing)`);
}

/**
 * `scale.replicas` summed; `scale.statusReplicas` the summed ready and total when every reporting member's parses as int32 counts;
 * `scale.selector`, `version` and `image` kept when every listed member agrees.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  const withScale = statuses.filter((status) => status.scale !== undefined);
  let scale: JsonObject | undefined;
  if (withScale.length > 0) {
    scale = {};
    if (withScale.some((status) => status.scale!.replicas !== undefined)) scale.replicas = sumOf(withScale, (status) => status.scale!.replicas, 'scale.replicas');
    const counts = withScale.map((status) => parseStatusReplicas(status.scale!.statusReplicas));
    // A count past int32 is no workload's: the text is left out rather than summed into nonsense.
    const countable = (count: (typeof counts)[number]): count is { ready: number; total: number } => count !== undefined && count.ready <= int32Max && count.total <= int32Max;
    if (counts.every(countable)) {
      const ready = sumOf(counts, (count) => count.ready, 'scale.statusReplicas');
      const total = sumOf(counts, (count) => count.total, 'scale.statusReplicas');
      scale.statusReplicas = `${ready}/${total}`;
    }
    const selector = agreedValue(members, (status) => status.scale?.selector);
    if (selector !== undefined) scale.selector = selector;
  }
  setOrRemove(patch, 'scale', scale);
  setOrRemove(patch, 'version', agreedValue(members, (status) => status.version));
  setOrRemove(patch, 'image', agreedValue(members, (status) => status.image));
  return patch.operations;
}

/**
 * Secrets and ConfigMaps of `env`/`envFrom` (the collector's and additional containers'), `volumes` and
 * `initContainers`; `configmaps[]`; `ingress.tls[].secretName`; the ServiceAccounts `serviceAccount` and, with the
 * embedded target allocator enabled, `targetAllocator.serviceAccount`; the standalone TargetAllocator the
 * `opentelemetry.io/target-allocator` label names.
 */
function interpretDependency({ object, namespace: requestNamespace }: Request) {
  const namespace = namespaceOf(object.metadata, requestNamespace);
  const named = new NamedReferences(namespace);
  const references = object.references;
  if (references !== undefined) {
    named.addAll('v1', 'ConfigMap', references.configMaps);
    named.addAll('v1', 'Secret', references.secrets);
    named.addAll('v1', 'ServiceAccount', references.serviceAccounts.filter((name) => name !== 'default'));
    // volumes and initContainers read as a pod spec's (PVC claims too), into the same groups, each object once.
    for (const { apiVersion, kind, name } of podSpecDependenciesOf(references.podFields, 'object.spec', namespace)) named.add(apiVersion, kind, name);
  }
  named.add(targetAllocatorApiVersion, 'TargetAllocator', object.metadata.labels?.[targetAllocatorLabel], { path: `object.metadata.labels["${targetAllocatorLabel}"]` });
  return { dependencies: named.list() };
}

export const openTelemetryCollectorInterpreter = defineInterpreter<OpenTelemetryCollector>({
  ...openTelemetryCollector,
  decode: readOpenTelemetryCollector,
  operations: {
    InterpretReplica: interpretReplica,
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
