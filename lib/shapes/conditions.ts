// The condition-driven shape (Flux sources and releases, Kyverno policies): a Ready condition, observedGeneration
// and suspend decide health; status reflects conditions, and aggregation merges the members' conditions as
// Karmada's catalogue does.
import type { TypedRequest } from '../interpreter/define';
import type { OperationResults } from '../interpreter/registry';
import { defined, type Cursor } from '../kube/cursor';
import { conditionFieldLengths, conditionList } from '../kube/limits';
import type { ObjectMetaView } from '../kube/objects';
import { FieldFailure } from '../review/core';
import type { JsonObject } from '../review/json';
import { membersOf, setOrRemove, type Member } from './aggregation';
import { observedByEveryMember, readReportedGenerations, reportGenerations, type ReportedGenerations } from './generations';
import { conditionReason, generationReason, healthy, unhealthy, type Health } from './health';

/** A status condition (metav1.Condition and its older kin): the fields read, on the object as the controller wrote it. */
export type Condition = JsonObject & {
  type: string;
  status?: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
};

/** The part of a status every condition-driven kind has. */
export interface ConditionStatus {
  conditions?: Condition[];
  observedGeneration?: number;
}

/** `status.conditions`, each checked (a `type` is required; the other read fields must be strings); undefined when absent. */
export function readConditions(status: Cursor): Condition[] | undefined {
  if (!status.has('conditions')) return undefined;
  return status.items('conditions', conditionList).map((item) => {
    const type = item.string('type');
    if (type === undefined) item.fail('type', 'is required');
    boundedLength(item, 'type', type);
    item.string('status');
    boundedLength(item, 'reason', item.string('reason'));
    boundedLength(item, 'message', item.string('message'));
    item.generation('observedGeneration');
    return item.value as Condition;
  });
}

/** A condition's string within metav1.Condition's bound, so that no answer repeats a longer one. */
function boundedLength(item: Cursor, name: keyof typeof conditionFieldLengths, value: string | undefined): void {
  const max = conditionFieldLengths[name];
  if (value !== undefined && value.length > max) item.fail(name, `has ${value.length} characters; a condition's ${name} has at most ${max} (metav1.Condition)`);
}

/**
 * Conditions and observedGeneration of a status (the kind's reader adds its own fields). `readGeneration` reads
 * observedGeneration: a non-negative generation by default; Flux's kinds read any int64.
 */
export function readConditionStatus(status: Cursor, readGeneration: (status: Cursor) => number | undefined = (at) => at.generation('observedGeneration')): ConditionStatus {
  return defined({ conditions: readConditions(status), observedGeneration: readGeneration(status) });
}

/** What InterpretStatus returned, read back by AggregateStatus: conditions, observedGeneration and generations. */
export function readReflectedConditionStatus(status: Cursor): ConditionStatus & ReportedGenerations {
  return { ...readConditionStatus(status), ...readReportedGenerations(status) };
}

/** The first condition of a type. */
export function conditionOf(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((condition) => condition.type === type);
}

export interface ReadyOptions {
  /** The condition that says ready (default `Ready`). */
  type?: string;
  /** Reasons that count as ready, when only some do (Karmada's Flux catalogue: `Succeeded`); any reason otherwise. */
  reasons?: readonly string[];
  /** Whether reconciling is suspended on purpose (Flux's `spec.suspend`): the last result stands, whatever the generation. */
  suspended?: boolean;
}

/**
 * Unhealthy, with its reason, when the ready condition does not say ready: absent, not True, or True with a reason
 * the kind does not accept (`reasons`). Undefined when it says ready (generations are the caller's to compare).
 */
export function readyRefusal(ready: Condition | undefined, type: string, reasons?: readonly string[]): Health | undefined {
  if (ready?.status !== 'True') return unhealthy(conditionReason(ready, type));
  if (reasons !== undefined && !reasons.includes(ready.reason ?? '')) return unhealthy(`${conditionReason(ready, type)}, healthy only with reason ${reasons.join(' or ')}`);
  return undefined;
}

/** The reason of a ready condition that decided a suspended object's health: its last result stands. */
export function suspendedReason(ready: Condition, type: string): string {
  return `${conditionReason(ready, type)}, spec.suspend: generation not compared`;
}

/**
 * Health of a condition-driven object (kstatus' rule): the ready condition is True (with an accepted reason), and
 * the controller saw the current spec: the condition's `observedGeneration`, else the status', equals
 * `metadata.generation`. Where neither reports one, or reconciling is suspended, generations are not compared.
 */
export function readyHealth(object: { metadata: ObjectMetaView; status?: ConditionStatus }, options: ReadyOptions = {}): Health {
  const type = options.type ?? 'Ready';
  const ready = conditionOf(object.status?.conditions, type);
  const refusal = readyRefusal(ready, type, options.reasons);
  if (refusal !== undefined || ready === undefined) return refusal ?? unhealthy(conditionReason(ready, type));
  if (options.suspended === true) return healthy(suspendedReason(ready, type));
  const generation = object.metadata.generation ?? 0;
  if (ready.observedGeneration !== undefined && ready.observedGeneration !== generation) {
    return unhealthy(`${conditionReason(ready, type)}, ${type} observedGeneration ${ready.observedGeneration} != metadata.generation ${generation}`);
  }
  const observed = ready.observedGeneration ?? object.status?.observedGeneration;
  if (observed !== undefined && observed !== generation) return unhealthy(`${conditionReason(ready, type)}, ${generationReason(observed, object.metadata.generation)}`);
  return healthy(conditionReason(ready, type));
}

/**
 * The members' conditions as one list, as Karmada's catalogue merges them: conditions alike in type, status and
 * reason become one (the first member's, in Karmada's order), whose message lists each member's as
 * `cluster=message`, joined by ", ". Conditions that differ stay apart, so a split fleet shows both sides.
 */
export function mergedConditions(members: readonly Member<ConditionStatus>[]): Condition[] {
  const merged = new Map<string, { condition: Condition; messages: string[] }>();
  for (const { clusterName, status } of members) {
    for (const condition of status.conditions ?? []) {
      const key = `${condition.type}\u0000${condition.status ?? ''}\u0000${condition.reason ?? ''}`;
      const message = `${clusterName}=${condition.message ?? ''}`;
      const known = merged.get(key);
      if (known === undefined) merged.set(key, { condition, messages: [message] });
      else known.messages.push(message);
    }
  }
  return [...merged.values()].map(({ condition, messages }) => ({ ...condition, message: messages.join(', ') }));
}

/** InterpretStatus of a condition-driven kind: conditions, observedGeneration, the kind's `extra` fields, and generations. */
export function reflectConditionStatus(
  object: { metadata: ObjectMetaView; status?: ConditionStatus },
  extra: JsonObject = {},
): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  const { conditions, observedGeneration } = object.status ?? {};
  if (conditions !== undefined) rawStatus.conditions = conditions;
  if (observedGeneration !== undefined) rawStatus.observedGeneration = observedGeneration;
  Object.assign(rawStatus, extra);
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

/**
 * AggregateStatus of a condition-driven kind: the merged conditions (removed when no member reports any), and
 * `observedGeneration` as Karmada sets it (see `observedByEveryMember`). Returns the patch builder so the kind adds
 * its own fields; `read` reads the kind's reflected status (the conditions' reader by default).
 */
export function aggregateConditions<T extends { metadata: ObjectMetaView }, S extends ConditionStatus & ReportedGenerations = ConditionStatus & ReportedGenerations>(
  { object, aggregatedStatus, patch: newPatch }: TypedRequest<T>,
  {
    observedWithNoMembers,
    read = readReflectedConditionStatus as (status: Cursor) => S,
  }: { observedWithNoMembers: boolean; read?: (status: Cursor) => S },
) {
  const members = membersOf(aggregatedStatus, read);
  const patch = newPatch();
  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  const generation = object.metadata.generation;
  const reported = members.reporting.map(({ status }) => status);
  if (observedByEveryMember(generation, { members: members.listed, reported }, observedWithNoMembers)) {
    patch.add(['status', 'observedGeneration'], generation!);
  }
  return { patch, members };
}
