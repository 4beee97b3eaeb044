// OpenKruise's CloneSet interpreter (every served version): a pod-template workload whose health follows its update
// strategy (partition, pause, OnDelete) as OpenKruise's controller does (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { generationLag } from '../../shapes/generations';
import { partitionedRolloutHealth, updateHeldBackBy } from '../../families/openkruise/partition';
import { podTemplateWorkload, reviseWithinSpec } from '../../shapes/pod-template-workload';
import { reflectingRequired } from '../../shapes/workload-status';
import { cloneSet } from './identity';
import { cloneSetStatus, readCloneSet, type CloneSet } from './schema';

/** `spec.replicas` and `spec.template`, the count defaulting to 1 as OpenKruise's defaulting webhook sets it. */
const shape = podTemplateWorkload<CloneSet>({ defaultReplicas: 1 });

/**
 * Karmada's rule for a CloneSet (the member saw the current spec, enough pods run the update revision, every updated
 * pod is available), with "enough" as OpenKruise means it: replicas less the partition, and no count at all while
 * the update is paused or left to deletions (OnDelete), where the pods not yet updated are so on purpose.
 */
function interpretHealth({ object }: { object: CloneSet }) {
  const { spec, status } = object;
  const replicas = shape.desiredReplicas(object);
  return partitionedRolloutHealth({
    generationLag: generationLag(object.metadata, status?.observedGeneration),
    total: replicas,
    partition: spec?.partition,
    heldBackBy: updateHeldBackBy(spec ?? {}),
    updated: status?.updatedReplicas,
    available: status?.availableReplicas,
  });
}

export const cloneSetInterpreter = defineInterpreter<CloneSet>({
  ...cloneSet,
  decode: readCloneSet,
  operations: {
    ...shape.operations,
    // OpenKruise's CRD requires spec.selector and spec.template: without a spec, the revised object would be refused.
    ReviseReplica: reviseWithinSpec(shape.operations.ReviseReplica, ['selector', 'template']),
    // A member without a status reports the counts the CRD requires in one as 0, beside its generations.
    InterpretStatus: reflectingRequired(cloneSetStatus.reflect, { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 }),
    // Karmada's catalogue writes '' for a revision the members do not agree on, and the template's generation as
    // observed when the CloneSet is in no member yet.
    AggregateStatus: (request) => cloneSetStatus.aggregate(request, { unagreed: 'empty', observedWithNoMembers: true }),
    InterpretHealth: interpretHealth,
  },
});
