// OpenKruise's UnitedDeployment interpreter: one workload template (StatefulSet, Advanced StatefulSet, CloneSet or
// Deployment) whose replicas OpenKruise divides into subsets by topology in each member cluster. Karmada divides the
// total among clusters; each member's UnitedDeployment divides its share among its subsets (see README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent, replicasAndRequirements } from '../../interpreter/replicated';
import { agreedValue, setOrRemove, sumCounters } from '../../shapes/aggregation';
import { aggregateConditions } from '../../shapes/conditions';
import { namespaceOf, templateDependencies } from '../../shapes/dependencies';
import { generationLag } from '../../shapes/generations';
import { unhealthy } from '../../shapes/health';
import { reviseWithinSpec } from '../../shapes/pod-template-workload';
import { reflectingRequired, rolloutHealth } from '../../shapes/workload-status';
import { unitedDeployment } from './identity';
import { desiredReplicasOf, readReflectedStatus, readUnitedDeployment, unitedDeploymentStatus, type UnitedDeployment } from './schema';

type Request = TypedRequest<UnitedDeployment>;

/** The total, and per-replica requirements from the workload template's pod template (every subset runs it). */
function interpretReplica({ object }: Request) {
  const spec = object.spec;
  return replicasAndRequirements(desiredReplicasOf(spec), spec?.template, spec?.templatePath ?? 'object.spec.template');
}

/**
 * InterpretStatus: counts, revisions, selector, `observedGeneration` and conditions the member reports, and its
 * generations. A member without a status also reports the fields OpenKruise's CRD requires in one (`currentRevision`
 * '', `replicas` and `updatedReplicas` 0): the reflected status is written where a status goes.
 */
const reflectStatus = reflectingRequired(unitedDeploymentStatus.reflect<UnitedDeployment>, { currentRevision: '', replicas: 0, updatedReplicas: 0 });

function interpretStatus(request: Request) {
  const { rawStatus } = reflectStatus(request);
  const conditions = request.object.status?.conditions;
  if (conditions !== undefined) rawStatus.conditions = conditions;
  return { rawStatus };
}

/**
 * The counts OpenKruise's CRD has: `availableReplicas` and `unavailableReplicas`, which Karmada's catalogue writes,
 * are not among them (the API server prunes them), so they are reflected where a member has them but never written.
 */
const counters = ['replicas', 'readyReplicas', 'updatedReplicas'] as const;

/**
 * Counts summed and always written (a sum past int32 is a 400); `updatedReadyReplicas` where some member reports it;
 * conditions merged as Karmada merges them; `observedGeneration` by Karmada's rule, the template's when no member is
 * listed. `labelSelector` is kept where every member agrees. `currentRevision` too, and always written, `''` where
 * members do not all report the same one (or no member is listed): OpenKruise's CRD requires the field, and a status
 * without it is refused.
 */
function aggregateStatus(request: Request) {
  const { patch, members } = aggregateConditions(request, { observedWithNoMembers: true, read: readReflectedStatus });
  const statuses = members.reporting.map(({ status }) => status);
  const totals = sumCounters(statuses, [...counters, 'updatedReadyReplicas']);
  for (const name of counters) patch.add(['status', name], totals[name]);
  setOrRemove(patch, 'updatedReadyReplicas', statuses.some((status) => status.updatedReadyReplicas !== undefined) ? totals.updatedReadyReplicas : undefined);
  setOrRemove(patch, 'labelSelector', agreedValue(members, (status) => status.labelSelector));
  patch.add(['status', 'currentRevision'], agreedValue(members, (status) => status.currentRevision) ?? '');
  return patch.operations;
}

/**
 * Karmada's rule for a Deployment, with "enough" and "available" as a UnitedDeployment has them: the member saw the
 * current spec, the updated pods reach the total less the pods the subsets' partitions keep on old revisions (the
 * controller's own `updateStatus.currentPartitions`), and every updated pod is ready (`readyReplicas`; a
 * UnitedDeployment has no `availableReplicas`).
 */
function interpretHealth({ object }: Request) {
  const { metadata, spec, status } = object;
  // Without a spec (no object an API server holds: `selector` is required) nothing says what should run.
  if (spec === undefined) return unhealthy('no spec');
  if (status === undefined) return unhealthy('no status');
  let kept = 0;
  for (const partition of Object.values(status.currentPartitions ?? {})) kept += partition;
  return rolloutHealth({
    generationLag: generationLag(metadata, status.observedGeneration),
    desired: desiredReplicasOf(spec),
    keptBack: { name: 'updateStatus.currentPartitions', count: kept },
    updated: status.updatedReplicas,
    available: status.readyReplicas,
    names: { available: 'readyReplicas' },
  });
}

export const unitedDeploymentInterpreter = defineInterpreter<UnitedDeployment>({
  ...unitedDeployment,
  decode: readUnitedDeployment,
  operations: {
    InterpretReplica: interpretReplica,
    // One component: every subset runs the same pod template (see README.md).
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    // OpenKruise's CRD requires spec.selector: without a spec, the revised object (a spec holding only the count)
    // would be refused.
    ReviseReplica: reviseWithinSpec<UnitedDeployment>(({ replicas, patch }) => patch().add(['spec', 'replicas'], replicas).operations, ['selector']),
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: templateDependencies(object.spec?.template, object.spec?.templatePath ?? 'object.spec.template', namespaceOf(object.metadata, namespace)),
    }),
  },
});
