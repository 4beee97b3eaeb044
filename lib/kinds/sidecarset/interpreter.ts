// OpenKruise's SidecarSet interpreter: a SidecarSet runs no pods of its own, it injects sidecar containers into the
// pods it matches in each member cluster. Status is counts of those pods; health is whether its update reached them
// as OpenKruise's controller intends (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { dependenciesOf } from '../../interpreter/pod-template';
import type { JsonObject } from '../../review/json';
import { namespaceOf } from '../../shapes/dependencies';
import { countReason, countShown, generationReason, healthy, unhealthy } from '../../shapes/health';
import { partitionKeptBack } from '../../families/openkruise/partition';
import { lessKeptBack } from '../../shapes/workload-status';
import { sidecarSet } from './identity';
import { readSidecarSet, sidecarSetStatus, type SidecarSet } from './schema';

type Request = TypedRequest<SidecarSet>;

/** No replicas: the pods belong to other workloads, which Karmada schedules and counts themselves. */
function interpretReplica() {
  return { replicas: 0 };
}

/**
 * The member's counts. The three counts OpenKruise always writes (int32 without omitempty, and required by its CRD)
 * are reported as 0 when absent, also for a member without a status (Karmada's catalogue reports `{}` there, which
 * the CRD refuses where a status is written); `updatedReadyPods` and `latestRevision` (omitempty) when the member
 * has them.
 */
function interpretStatus({ object }: Request) {
  const status = object.status ?? {};
  const rawStatus: JsonObject = {
    matchedPods: status.matchedPods ?? 0,
    updatedPods: status.updatedPods ?? 0,
    readyPods: status.readyPods ?? 0,
  };
  if (status.updatedReadyPods !== undefined) rawStatus.updatedReadyPods = status.updatedReadyPods;
  if (status.latestRevision !== undefined) rawStatus.latestRevision = status.latestRevision;
  return { rawStatus };
}

/** What leaves pods not updated on purpose, as a reason names it; undefined when nothing does. */
function heldBackBy(spec: SidecarSet['spec']): string | undefined {
  if (spec?.paused === true) return 'updateStrategy paused';
  if (spec?.notUpdate === true) return 'updateStrategy NotUpdate';
  return spec?.selectsUpdated === true ? 'updateStrategy.selector' : undefined;
}

/**
 * Healthy when the SidecarSet's update reached the pods it should: every matched pod runs the latest sidecars, less
 * the partition (OpenKruise's `calculateUpgradeCount` leaves that many on old revisions). While the update is paused,
 * left to pod re-creation (NotUpdate) or narrowed to the pods of `updateStrategy.selector`, pods not updated are so
 * on purpose and the count is not judged. A status from before the current spec (`observedGeneration` behind) counts
 * pods updated to an older revision, so it is not healthy. Pod readiness is the pods' own workloads' health.
 */
function interpretHealth({ object }: Request) {
  const { metadata, spec, status } = object;
  if (status === undefined) return unhealthy('no status');
  if (status.observedGeneration !== undefined && status.observedGeneration !== (metadata.generation ?? 0)) {
    return unhealthy(generationReason(status.observedGeneration, metadata.generation));
  }
  const matched = status.matchedPods ?? 0;
  const updated = status.updatedPods ?? 0;
  // No pod matched: nothing to update (as Karmada's catalogue says, whatever else the status holds).
  if (matched === 0) return healthy(`${countShown('matchedPods', status.matchedPods)}: no pod to update`);
  // More updated pods than matched ones is no count the controller writes (it counts updated pods among the
  // matched): counts that contradict each other say nothing healthy, as Karmada's `updatedPods == matchedPods`.
  if (updated > matched) return unhealthy(countReason('updatedPods', status.updatedPods, '>', 'matchedPods', status.matchedPods));
  const heldBack = heldBackBy(spec);
  if (heldBack !== undefined) return healthy(`${heldBack}, ${countReason('updatedPods', status.updatedPods, '<=', 'matchedPods', matched)}`);
  const kept = partitionKeptBack(spec?.partition, matched);
  const toUpdate = matched - kept.count;
  const relation = updated < toUpdate ? '<' : updated === toUpdate ? '=' : '>';
  return (relation === '<' ? unhealthy : healthy)(`${countReason('updatedPods', status.updatedPods, relation, 'matchedPods', matched)}${lessKeptBack(kept)}`);
}

/**
 * ConfigMaps, Secrets and PVCs the sidecar containers, init containers and volumes reference, and the image pull
 * Secrets: they must exist where the pods are. That is `spec.namespace` when the SidecarSet is confined to one;
 * otherwise the object's namespace (or the request's). A SidecarSet of every namespace (it is cluster-scoped) names
 * no namespace to put them in, and references without one would name nothing: none are given then.
 */
function interpretDependency({ object, namespace: requestNamespace }: Request) {
  const spec = object.spec;
  if (spec === undefined) return { dependencies: [] };
  const namespace = spec.namespace !== undefined && spec.namespace !== '' ? spec.namespace : namespaceOf(object.metadata, requestNamespace);
  if (namespace === undefined || namespace === '') return { dependencies: [] };
  return { dependencies: dependenciesOf({ spec: spec.podSpec }, 'object', namespace) };
}

/** What Karmada's catalogue answers with: the object's identity and its status, nothing else. */
const aggregatedKeys = new Set(['apiVersion', 'kind', 'metadata', 'status']);

/**
 * Counts summed (a sum past int32 is a 400), `latestRevision` kept where every member agrees. No
 * `observedGeneration`: members do not report their generations (Karmada's catalogue reflects counts only). As
 * Karmada's catalogue, the answer holds only `apiVersion`, `kind`, `metadata` and `status`: Karmada writes it through
 * the status subresource, which keeps the stored spec whatever the answer holds.
 */
function aggregateStatus(request: Request) {
  const operations = sidecarSetStatus.aggregate(request, { unagreed: 'remove', observedWithNoMembers: false });
  const others = request.patch();
  for (const key of request.object.topLevelKeys) if (!aggregatedKeys.has(key)) others.remove([key]);
  return [...others.operations, ...operations];
}

export const sidecarSetInterpreter = defineInterpreter<SidecarSet>({
  ...sidecarSet,
  decode: readSidecarSet,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    // Karmada's catalogue keeps nothing of the member's object either: OpenKruise's controller does not write the
    // SidecarSet's spec, and its status is not in the Work.
    Retain: ({ patch }) => patch().operations,
    InterpretDependency: interpretDependency,
  },
});
