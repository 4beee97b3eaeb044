// OpenKruise's Advanced StatefulSet interpreter (every served version): a pod-template workload whose health follows
// its update strategy (partition, pause, OnDelete) as OpenKruise's controller does (see README.md for every decision).
import type { TypedRequest } from '../../interpreter/define';
import { defineInterpreter } from '../../interpreter/define';
import { reflectAsCatalogue } from '../../shapes/catalogue-reflection';
import { generationLag } from '../../shapes/generations';
import { unhealthy } from '../../shapes/health';
import { partitionedRolloutHealth, updateHeldBackBy } from '../../families/openkruise/partition';
import { podTemplateWorkload, reviseWithinSpec } from '../../shapes/pod-template-workload';
import { reflectingRequired } from '../../shapes/workload-status';
import { hasUpdatedCounts, kruiseStatefulSet } from './identity';
import { readStatefulSet, statefulSetStatusOf, type StatefulSet } from './schema';

/** `spec.replicas` and `spec.template`, the count defaulting to 1 as OpenKruise's defaulting webhook sets it. */
const shape = podTemplateWorkload<StatefulSet>({ defaultReplicas: 1 });

/** The counts OpenKruise's CRD requires in a status (both versions), as a member without one reports them. */
const requiredCounts = { replicas: 0, readyReplicas: 0, currentReplicas: 0, updatedReplicas: 0, availableReplicas: 0 } as const;

/**
 * InterpretStatus of each version, as Karmada's catalogue reflects it, except for a member without a status: it
 * reports the required counts as 0 rather than `{}`, which the CRD refuses where a status is written.
 */
const reflectV1alpha1 = reflectingRequired(reflectAsCatalogue(statefulSetStatusOf('v1alpha1').reflect<StatefulSet>), requiredCounts);
const reflectV1beta1 = reflectingRequired(reflectAsCatalogue(statefulSetStatusOf('v1beta1').reflect<StatefulSet>), requiredCounts);

/**
 * The counts summed, the revisions kept where every member agrees ('' otherwise, as Karmada's catalogue writes),
 * also '' when no member is listed (Karmada's customization writes them so), and `observedGeneration` by Karmada's
 * Deployment rule (the template's generation when no member is listed).
 */
function aggregateStatus(request: TypedRequest<StatefulSet>) {
  const patch = request.patch();
  statefulSetStatusOf(request.kind.version).aggregate({ ...request, patch: () => patch }, { unagreed: 'empty', observedWithNoMembers: true });
  if ((request.aggregatedStatus?.length ?? 0) === 0) {
    patch.add(['status', 'updateRevision'], '').add(['status', 'currentRevision'], '');
  }
  return patch.operations;
}

/**
 * Karmada's rule (the member saw the current spec, enough pods run the update revision, every updated pod is
 * available) with "enough" as OpenKruise's controller means it: replicas less the partition, and no count at all
 * while the update is paused or left to deletions (OnDelete). A member without a status runs nothing: unhealthy.
 */
function interpretHealth({ object }: TypedRequest<StatefulSet>) {
  const { spec, status } = object;
  if (status === undefined) return unhealthy('no status');
  return partitionedRolloutHealth({
    generationLag: generationLag(object.metadata, status.observedGeneration),
    total: shape.desiredReplicas(object),
    partition: spec?.partition,
    heldBackBy: updateHeldBackBy(spec ?? {}),
    updated: status.updatedReplicas,
    available: status.availableReplicas,
  });
}

export const kruiseStatefulSetInterpreter = defineInterpreter<StatefulSet>({
  ...kruiseStatefulSet,
  decode: readStatefulSet,
  operations: {
    ...shape.operations,
    // OpenKruise's CRD requires spec.selector and spec.template: without a spec, the revised object would be refused.
    ReviseReplica: reviseWithinSpec(shape.operations.ReviseReplica, ['selector', 'template']),
    InterpretStatus: (request) => (hasUpdatedCounts(request.kind.version) ? reflectV1beta1 : reflectV1alpha1)(request),
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
