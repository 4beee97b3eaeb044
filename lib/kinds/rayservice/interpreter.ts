// KubeRay's RayService interpreter: the Serve cluster as one count of pods with one per-pod requirement, Karmada's
// share written back over the worker groups (lib/families/ray/cluster.ts), health from the Ready condition, the
// members' statuses combined, and the pod templates' dependencies (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { sumOf, type Member } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { conditionReason, healthy, unhealthy } from '../../shapes/health';
import { multiTemplateWorkload } from '../../shapes/multi-template-workload';
import { aggregateRayStatus, mergedConditionsAndUpdate, rayClusterComponents, rayClusterReplica, reviseWorkers } from '../../families/ray/cluster';
import type { JsonObject } from '../../review/json';
import { rayService } from './identity';
import { conditionsIn, readRayService, readRayServiceStatus, statusNotIn, type ApplicationStatus, type RayService, type RayServiceStatus } from './schema';

type Request = TypedRequest<RayService>;

const shape = multiTemplateWorkload<RayService>((service) => rayClusterComponents(service.cluster));

/** The head and every worker pod, each asking for the most any group's pod asks for (none without a head). */
function interpretReplica({ object }: Request) {
  const replica = rayClusterReplica(object.cluster);
  if (replica === undefined) return { replicas: 0 };
  return replica.requirements === undefined ? { replicas: replica.replicas } : { replicas: replica.replicas, replicaRequirements: replica.requirements };
}

function reviseReplica({ object, replicas, patch: newPatch }: Request) {
  const patch = newPatch();
  reviseWorkers(object.cluster, replicas ?? 0, patch, ['spec', 'rayClusterConfig']);
  return patch.operations;
}

/**
 * Healthy when KubeRay says the service is Ready (it serves traffic), as Karmada's catalogue. At v1alpha1, whose CRD
 * prunes the conditions KubeRay writes at v1, `serviceStatus` says it: KubeRay sets it `Running` exactly when Ready
 * is True (rayservice_controller.go, v1.3 on; before, `Running` was its serving state too).
 */
function interpretHealth({ object, kind }: Request) {
  if (!conditionsIn(kind.version)) {
    const serviceStatus = object.serviceStatus;
    if (serviceStatus === 'Running') return healthy('status.serviceStatus=Running');
    return unhealthy(serviceStatus === undefined ? 'no status.serviceStatus (v1alpha1 has no conditions)' : `status.serviceStatus=${serviceStatus.slice(0, 80)}`);
  }
  const conditions = object.conditions;
  const ready = conditions?.find(({ type, status }) => type === 'Ready' && status === 'True');
  return ready === undefined ? unhealthy(conditionReason(conditionOf(conditions, 'Ready'), 'Ready')) : healthy(conditionReason(ready, 'Ready'));
}

/** Serve application states, least to most severe (Karmada's catalogue; an unknown one ranks as RUNNING). */
const applicationRank: Readonly<Record<string, number>> = { RUNNING: 0, NOT_STARTED: 1, DEPLOYING: 2, DELETING: 3, UNHEALTHY: 4, DEPLOY_FAILED: 5 };

/**
 * Several members as one service, as Karmada's catalogue but for the conditions, one per type (`mergedRayConditions`,
 * where the catalogue lists every member's): Serve endpoints summed, the latest update and the highest observed generation, `serviceStatus` Running unless a member reports it empty,
 * the first member's active service status with each application at its most severe state in any member (the first
 * member among equals), and the first member's pending service status.
 */
function combine(members: readonly Member<RayServiceStatus>[]): JsonObject {
  const statuses = members.map(({ status }) => status);
  const status: JsonObject = {};
  mergedConditionsAndUpdate(members, status);
  status.numServeEndpoints = sumOf(statuses, (each) => each.numServeEndpoints, 'numServeEndpoints');
  status.observedGeneration = statuses.reduce((highest, each) => Math.max(highest, each.observedGeneration ?? 0), 0);
  status.serviceStatus = statuses.some((each) => each.serviceStatus === '') ? '' : 'Running';
  const active = statuses.find((each) => each.activeServiceStatus !== undefined);
  if (active !== undefined) {
    const applications = new Map<string, ApplicationStatus>();
    for (const each of statuses) {
      for (const [name, application] of each.applications ?? []) {
        const known = applications.get(name);
        const rank = (app: ApplicationStatus) => applicationRank[app.status ?? ''] ?? 0;
        if (known === undefined || rank(application) > rank(known)) applications.set(name, application);
      }
    }
    const merged: JsonObject = { ...active.activeServiceStatus! };
    delete merged.applicationStatuses;
    if (applications.size > 0) merged.applicationStatuses = Object.fromEntries([...applications].map(([name, { raw }]) => [name, raw]));
    status.activeServiceStatus = merged;
  }
  const pending = statuses.find((each) => each.pendingServiceStatus !== undefined)?.pendingServiceStatus;
  if (pending !== undefined) status.pendingServiceStatus = pending;
  return status;
}

function aggregateStatus({ aggregatedStatus, patch, kind }: Request) {
  return aggregateRayStatus(aggregatedStatus, patch(), readRayServiceStatus, combine, statusNotIn(kind.version));
}

export const rayServiceInterpreter = defineInterpreter<RayService>({
  ...rayService,
  decode: readRayService,
  operations: {
    InterpretReplica: interpretReplica,
    ReviseReplica: reviseReplica,
    InterpretDependency: shape.InterpretDependency,
    InterpretHealth: interpretHealth,
    AggregateStatus: aggregateStatus,
  },
});
