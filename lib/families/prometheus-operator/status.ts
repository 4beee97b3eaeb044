// The status Prometheus Operator writes on its StatefulSet kinds (Prometheus, Alertmanager): pod counts, `paused`
// copied from the spec, the scale selector, and the conditions `Available` (from the pods: True, `Degraded` with
// reason SomePodsNotReady, False with NoPodReady or StatefulSetNotFound) and `Reconciled` (the last sync's outcome).
// pkg/operator/statefulset_reporter.go, pkg/prometheus/operator.go (StatusReporter.Process), pkg/operator/operator.go
// (ReconciliationTracker.GetCondition), pkg/alertmanager/operator.go (UpdateStatus), v0.85.0.
import { defined, type Cursor } from '../../kube/cursor';
import type { JsonObject } from '../../review/json';
import type { PatchBuilder } from '../../review/patch';
import { anyOf, agreedValue, setOrRemove, sumCounters, type Member, type Members } from '../../shapes/aggregation';
import { conditionOf, readConditions, type Condition } from '../../shapes/conditions';
import { conditionsOnePerType, disagreeingReason } from '../../shapes/conditions-by-type';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

/** The counts the CRD requires in every status (`status.required`), summed over members. */
export const statusCounts = ['availableReplicas', 'replicas', 'unavailableReplicas', 'updatedReplicas'] as const;

export interface OperatorStatus {
  availableReplicas?: number;
  replicas?: number;
  unavailableReplicas?: number;
  updatedReplicas?: number;
  paused?: boolean;
  selector?: string;
  conditions?: Condition[];
}

export function readOperatorStatus(status: Cursor): OperatorStatus {
  return defined({
    availableReplicas: status.count('availableReplicas'),
    replicas: status.count('replicas'),
    unavailableReplicas: status.count('unavailableReplicas'),
    updatedReplicas: status.count('updatedReplicas'),
    paused: status.boolean('paused'),
    selector: status.string('selector'),
    conditions: readConditions(status),
  });
}

/**
 * A member's status for the control plane: the required counts (0 when the member wrote none), `paused` (the
 * member's, else its spec's, else false: the CRD requires it), the selector and the conditions as written.
 */
export function reflectOperatorStatus(status: OperatorStatus | undefined, specPaused: boolean | undefined): JsonObject {
  const raw: JsonObject = {};
  for (const name of statusCounts) raw[name] = status?.[name] ?? 0;
  raw.paused = status?.paused ?? specPaused ?? false;
  if (status?.selector !== undefined) raw.selector = status.selector;
  if (status?.conditions !== undefined) raw.conditions = status.conditions;
  return raw;
}

export const availableCondition = 'Available';
export const reconciledCondition = 'Reconciled';
/** The operator's third status of `Available` (monitoringv1.ConditionDegraded): some pods are ready, not all. */
export const degradedStatus = 'Degraded';
/** The reason that goes with it, which Argo CD's health check calls Progressing. */
export const somePodsNotReady = 'SomePodsNotReady';

/**
 * One condition per type (the CRD keys them by `type`). `Available` and `Reconciled` are False if any member's is;
 * for `Available`, members that are all True or Degraded give Degraded (some pods somewhere not ready), which the
 * shared rule would call Unknown.
 */
export function aggregatedConditions(members: readonly Member<OperatorStatus>[]): Condition[] {
  const merged = conditionsOnePerType(members, { [availableCondition]: 'every', [reconciledCondition]: 'every' });
  return merged.map((condition) => {
    if (condition.type !== availableCondition || condition.reason !== disagreeingReason) return condition;
    const reported = members.map(({ status }) => conditionOf(status.conditions, availableCondition)).filter((item) => item !== undefined);
    const degraded = reported.find((item) => item.status === degradedStatus);
    if (degraded === undefined || !reported.every((item) => item.status === 'True' || item.status === degradedStatus)) return condition;
    const { message, lastTransitionTime } = condition;
    return { ...degraded, message: message ?? '', ...(lastTransitionTime === undefined ? {} : { lastTransitionTime }) };
  });
}

/**
 * The control plane's status: the counts summed (the CRD requires them: 0 with no member), `paused` true when any
 * member reports it, else the template's `spec.paused` (required too), the selector every member agrees on, the
 * conditions one per type.
 */
export function aggregateOperatorStatus(patch: PatchBuilder, members: Members<OperatorStatus>, templatePaused: boolean | undefined): void {
  const statuses = members.reporting.map(({ status }) => status);
  const totals = sumCounters(statuses, statusCounts);
  for (const name of statusCounts) patch.add(['status', name], totals[name]);
  patch.add(['status', 'paused'], anyOf(statuses, (status) => status.paused) ?? templatePaused ?? false);
  setOrRemove(patch, 'selector', agreedValue(members, (status) => status.selector));
  const conditions = aggregatedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
}

/**
 * A member's health, from the operator's `Available` condition as Argo CD reads it: True is healthy, and so is reason
 * SomePodsNotReady (the operator's Degraded) (Argo CD's Progressing: pods rolling or restarting, the others
 * serve); any other status (False: no pod ready, no StatefulSet; Unknown) is unhealthy. A paused object is healthy: a
 * human stopped the operator on purpose and the pods run as they were. No status or no Available condition: no
 * operator has reconciled it there, unhealthy. `Reconciled` False with pods available is healthy (they serve the
 * previous configuration), named in the reason.
 */
export function operatorHealth(specPaused: boolean | undefined, status: OperatorStatus | undefined): Health {
  if (specPaused === true) return healthy('spec.paused=true');
  if (status === undefined) return unhealthy('no status');
  const available = conditionOf(status.conditions, availableCondition);
  const reason = conditionReason(available, availableCondition);
  const reconciled = conditionOf(status.conditions, reconciledCondition);
  const withReconciled = reconciled !== undefined && reconciled.status !== 'True' ? `${reason}, ${conditionReason(reconciled, reconciledCondition)}` : reason;
  if (available?.status === 'True') return healthy(withReconciled);
  // Argo CD reads the reason, whatever the status (the operator writes it with Degraded only).
  if (available?.reason === somePodsNotReady) return healthy(withReconciled);
  return unhealthy(withReconciled);
}
