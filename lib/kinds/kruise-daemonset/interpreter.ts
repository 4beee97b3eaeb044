// OpenKruise's Advanced DaemonSet interpreter: no replicas (a DaemonSet runs a pod per eligible node, and Karmada's
// customization implements no InterpretReplica), its status reflected and summed, health from its update strategy
// (partition, pause, node selector, OnDelete) as OpenKruise's controller does, and its template's dependencies.
import type { TypedRequest } from '../../interpreter/define';
import { defineInterpreter } from '../../interpreter/define';
import { membersOf, sumCounters } from '../../shapes/aggregation';
import { reflectAsCatalogue } from '../../shapes/catalogue-reflection';
import { namespaceOf, templateDependencies } from '../../shapes/dependencies';
import { generationLag, observedByEveryMember } from '../../shapes/generations';
import { unhealthy } from '../../shapes/health';
import { reflectingRequired } from '../../shapes/workload-status';
import { partitionedRolloutHealth, updateHeldBackBy } from '../../families/openkruise/partition';
import { kruiseDaemonSet } from './identity';
import { daemonSetCounters, daemonSetStatus, readDaemonSet, type DaemonSet, type DaemonSetStatus } from './schema';

/**
 * The fleet's `daemonSetHash`: the one every member that reports a hash reports, else ''. The CRD requires the field
 * and types it a string, so '' (no hash known), never a number and never absent. Members that have not written one
 * yet do not contradict the others; members on different revisions leave no single hash to show.
 */
function fleetHash(statuses: readonly DaemonSetStatus[]): string {
  let hash: string | undefined;
  for (const { daemonSetHash } of statuses) {
    if (daemonSetHash === undefined || daemonSetHash === '') continue;
    if (hash !== undefined && hash !== daemonSetHash) return '';
    hash = daemonSetHash;
  }
  return hash ?? '';
}

/**
 * The counts summed over members (every one written: the CRD requires most, and 0 is what nobody reported), the
 * fleet's hash, and `observedGeneration` set to the template's generation when every listed member observed it
 * (Karmada's Deployment rule, see `observedByEveryMember`) or when no member is listed; otherwise left as it is.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: TypedRequest<DaemonSet>) {
  const members = membersOf(aggregatedStatus, daemonSetStatus.readReflected);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  const totals = sumCounters(statuses, daemonSetCounters);
  for (const name of daemonSetCounters) patch.add(['status', name], totals[name]);
  // Always a string, also with no member at all (Karmada's customization writes the number 0 there, which OpenKruise's
  // CRD refuses: see README.md, "Departures").
  patch.add(['status', 'daemonSetHash'], fleetHash(statuses));
  const generation = object.metadata.generation;
  if (observedByEveryMember(generation, { members: members.listed, reported: statuses }, true)) {
    patch.add(['status', 'observedGeneration'], generation!);
  }
  return patch.operations;
}

/**
 * Karmada's rule (the member saw the current spec, every scheduled node runs the update revision, every updated pod
 * is available) with "every" as OpenKruise's controller means it: the nodes less the partition, and no count at all
 * while the update is paused, limited to the nodes a selector matches, or left to deletions (OnDelete): the pods
 * not yet updated are so on purpose. A member whose controller never wrote a status runs nothing: unhealthy.
 */
function interpretHealth({ object }: TypedRequest<DaemonSet>) {
  const { spec, status } = object;
  if (status === undefined) return unhealthy('no status');
  return partitionedRolloutHealth({
    generationLag: generationLag(object.metadata, status.observedGeneration),
    total: status.desiredNumberScheduled ?? 0,
    partition: spec?.partition,
    heldBackBy: updateHeldBackBy(spec ?? {}) ?? (spec?.nodesSelected === true ? 'updateStrategy.rollingUpdate.selector' : undefined),
    updated: status.updatedNumberScheduled,
    available: status.numberAvailable,
    names: { desired: 'desiredNumberScheduled', updated: 'updatedNumberScheduled', available: 'numberAvailable' },
  });
}

export const kruiseDaemonSetInterpreter = defineInterpreter<DaemonSet>({
  ...kruiseDaemonSet,
  decode: readDaemonSet,
  operations: {
    // As Karmada's catalogue reflects it, except for a member without a status: it reports the fields OpenKruise's CRD
    // requires in one (0, and '' for the hash) rather than `{}`, which the CRD refuses where a status is written.
    InterpretStatus: reflectingRequired(reflectAsCatalogue(daemonSetStatus.reflect), {
      currentNumberScheduled: 0,
      numberMisscheduled: 0,
      desiredNumberScheduled: 0,
      numberReady: 0,
      updatedNumberScheduled: 0,
      daemonSetHash: '',
    }),
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: templateDependencies(object.spec?.template, 'object.spec.template', namespaceOf(object.metadata, namespace)),
    }),
  },
});
