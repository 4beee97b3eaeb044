// OpenKruise's BroadcastJob interpreter: a pod-template workload whose count is `spec.parallelism`, the member's
// template labels kept, the members' job statuses added up, and health as OpenKruise's controller means it: a failed
// job is unhealthy, a running, paused or completed one is not (see README.md for every decision).
import type { TypedRequest } from '../../interpreter/define';
import { defineInterpreter } from '../../interpreter/define';
import type { JsonObject } from '../../review/json';
import { membersOf, rankFrom, setOrRemove, sumCounters, worstMember, type Member } from '../../shapes/aggregation';
import type { Condition } from '../../shapes/conditions';
import { conditionReason, countShown, healthy, unhealthy, valueReason } from '../../shapes/health';
import { podTemplateWorkload, reviseWithinSpec, type PodTemplateLayout } from '../../shapes/pod-template-workload';
import { keepMemberValue } from '../../shapes/retention';
import { broadcastJob } from './identity';
import { readBroadcastJob, readBroadcastJobStatus, statusCounters, statusTimes, type BroadcastJob, type BroadcastJobStatus } from './schema';

/**
 * `spec.parallelism` as Karmada's replicas: a count as it is; a percentage (of each member's eligible nodes, which
 * the control plane cannot count) or no limit at all (absent) asks for at least one pod, as Karmada's catalogue says.
 */
const layout: PodTemplateLayout<BroadcastJob> = {
  replicasOf: (object) => (typeof object.spec?.parallelism === 'number' ? object.spec.parallelism : undefined),
  templateOf: (object) => object.spec?.template,
  replicasPath: ['spec', 'parallelism'],
  templatePath: ['spec', 'template'],
};

const shape = podTemplateWorkload<BroadcastJob>({ defaultReplicas: 1, layout });

/** The job's outcome, as OpenKruise's `IsJobFinished` reads it: the first True `Complete` or `Failed` condition. */
function finishedBy(conditions: readonly Condition[] | undefined): Condition | undefined {
  return conditions?.find(({ type, status }) => (type === 'Complete' || type === 'Failed') && status === 'True');
}

/**
 * Unhealthy only where the job failed or cannot run in that member, since Karmada's application failover evicts an
 * unhealthy job: failed (its condition or phase), failing (a failed pod while the failure policy is not Continue),
 * no node to run on (`desired` 0), or nothing running nor done yet. Completed and paused jobs are healthy: the one
 * has done its work, the other is held on purpose (a user's `spec.paused`, or the Pause failure policy).
 */
function interpretHealth({ object }: TypedRequest<BroadcastJob>) {
  const { spec, status } = object;
  if (status === undefined) return unhealthy('no status');
  const finished = finishedBy(status.conditions);
  const phase = valueReason('phase', status.phase);
  if (finished?.type === 'Failed') return unhealthy(conditionReason(finished, 'Failed'));
  if (status.phase === 'failed') return unhealthy(phase);
  if (finished?.type === 'Complete') return healthy(conditionReason(finished, 'Complete'));
  if (status.phase === 'completed' || status.phase === 'paused') return healthy(phase);
  if (spec?.paused === true) return healthy('spec.paused');
  const { desired = 0, active = 0, succeeded = 0, failed = 0 } = status;
  if (desired <= 0) return unhealthy(`${countShown('desired', status.desired)}: no node to run on`);
  const running = `${countShown('active', status.active)}, ${countShown('succeeded', status.succeeded)}`;
  if (active + succeeded <= 0) return unhealthy(`${running}: no pod running nor done`);
  if (failed > 0 && spec?.failurePolicy !== 'Continue') {
    return unhealthy(`${countShown('failed', failed)}, failurePolicy.type ${spec?.failurePolicy ?? 'FailFast (the default)'}`);
  }
  return healthy(`${running} of ${countShown('desired', desired)}`);
}

/** The fields OpenKruise's controller writes, as the member reports them. */
function interpretStatus({ object }: TypedRequest<BroadcastJob>) {
  const status = object.status ?? {};
  const rawStatus: JsonObject = {};
  if (status.conditions !== undefined) rawStatus.conditions = status.conditions;
  for (const name of [...statusTimes, ...statusCounters, 'phase'] as const) {
    const value = status[name];
    if (value !== undefined) rawStatus[name] = value;
  }
  return { rawStatus };
}

/** Best first: the fleet's phase is the worst member's; a phase OpenKruise does not write ranks as running. */
const phaseRank = rankFrom(['completed', 'running', 'paused', 'failed'], 'running');

/**
 * Karmada's catalogue's conditions: `Failed` naming every member whose job failed, `Completed` once every listed
 * member's job completed; none otherwise (each member keeps its own conditions).
 */
function fleetConditions(reporting: readonly Member<BroadcastJobStatus>[], listed: number): JsonObject[] {
  const failed = reporting.filter(({ status }) => finishedBy(status.conditions)?.type === 'Failed').map(({ clusterName }) => clusterName);
  const completed = reporting.filter(({ status }) => finishedBy(status.conditions)?.type === 'Complete').length;
  const conditions: JsonObject[] = [];
  if (failed.length > 0) {
    conditions.push({ type: 'Failed', status: 'True', reason: 'JobFailed', message: `Job executed failed in member clusters: ${failed.join(', ')}` });
  }
  if (completed > 0 && completed === listed) conditions.push({ type: 'Completed', status: 'True', reason: 'Completed', message: 'Job completed' });
  return conditions;
}

function aggregateStatus({ aggregatedStatus, patch }: TypedRequest<BroadcastJob>) {
  const members = membersOf(aggregatedStatus, readBroadcastJobStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const builder = patch();
  for (const [field, total] of Object.entries(sumCounters(statuses, statusCounters))) builder.add(['status', field], total);
  // '' where no member reports a phase, as Karmada's catalogue writes (BroadcastJobPhase has no omitempty).
  builder.add(['status', 'phase'], worstMember(members.reporting, (status) => phaseRank(status.phase))?.status.phase ?? '');
  const conditions = fleetConditions(members.reporting, members.listed);
  setOrRemove(builder, 'conditions', conditions.length > 0 ? conditions : undefined);
  return builder.operations;
}

export const broadcastJobInterpreter = defineInterpreter<BroadcastJob>({
  ...broadcastJob,
  decode: readBroadcastJob,
  operations: {
    ...shape.operations,
    // OpenKruise's CRD requires spec.template: without a spec, the revised object would be refused.
    ReviseReplica: reviseWithinSpec(shape.operations.ReviseReplica, ['template']),
    // The member's pod template labels stay, as Karmada's catalogue keeps them (whoever set them there).
    Retain: ({ observedObject, patch }) => {
      const builder = patch();
      const labels = observedObject!.spec?.templateLabels;
      if (labels !== undefined) keepMemberValue(builder, ['spec', 'template', 'metadata', 'labels'], labels, 'template');
      return builder.operations;
    },
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
  },
});
