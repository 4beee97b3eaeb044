// KEDA's scalers (ScaledObject, ScaledJob): their triggers and the authentication they name, the status both write
// (conditions Ready / Active / Fallback / Paused, trigger activity, metric names) and how it is judged and added up
// across members. Read from kedacore/keda v2.21.0 apis/keda/v1alpha1 (see lib/kinds/scaledobject/README.md).
import type { TypedRequest } from '../interpreter/define';
import { fieldPath, fieldValue, objectField, objectItems, stringField, booleanField, countField, arrayField, checkListLength } from '../kube/fields';
import { podTemplateLimits } from '../kube/limits';
import type { ObjectMetaView } from '../kube/objects';
import { FieldFailure } from '../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../review/json';
import { agreedValue, latestTime, membersOf, setOrRemove, sumOf, type Members } from './aggregation';
import { conditionOf, mergedConditions, readConditions, type Condition } from './conditions';
import { NamedReferences } from './dependencies';
import { conditionReason, healthy, unhealthy, type Health } from './health';

/** KEDA's API version: ScaledObject, ScaledJob, TriggerAuthentication and ClusterTriggerAuthentication live in it. */
export const kedaApiVersion = 'keda.sh/v1alpha1';

/** Lists (triggers, metric names) are bounded like pod template lists: far more than any ScaledObject holds. */
const maxItems = podTemplateLimits.listItems;

/** `triggers[].authenticationRef` (KEDA's `AuthenticationRef`). */
export interface AuthenticationRef {
  name?: string;
  /** "" or `TriggerAuthentication` (namespaced), `ClusterTriggerAuthentication` (cluster-scoped); KEDA refuses others. */
  kind?: string;
}

/** One of `spec.triggers` (KEDA's `ScaleTriggers`): the fields the interpreter reads. */
export interface ScaleTrigger {
  type?: string;
  name?: string;
  authenticationRef?: AuthenticationRef;
}

/** `spec.triggers`, each checked; undefined when absent. */
export function readTriggers(spec: JsonObject | undefined, path: string): ScaleTrigger[] | undefined {
  if (fieldValue(spec, 'triggers') === undefined) return undefined;
  return objectItems(spec, 'triggers', fieldPath(path, 'triggers'), maxItems).map(({ item, path: itemPath }) => {
    const trigger: ScaleTrigger = {
      type: stringField(item, 'type', fieldPath(itemPath, 'type')),
      name: stringField(item, 'name', fieldPath(itemPath, 'name')),
    };
    // The metadata is a map of strings (keys ending in FromEnv name the target container's env vars, not objects).
    const metadata = objectField(item, 'metadata', fieldPath(itemPath, 'metadata'));
    for (const [key, value] of Object.entries(metadata ?? {})) {
      if (typeof value !== 'string') throw new FieldFailure(`${itemPath}.metadata[${JSON.stringify(key)}]`, `must be a string, got ${describeJson(value)}`);
    }
    const refPath = fieldPath(itemPath, 'authenticationRef');
    const ref = objectField(item, 'authenticationRef', refPath);
    if (ref !== undefined) {
      trigger.authenticationRef = { name: stringField(ref, 'name', fieldPath(refPath, 'name')), kind: stringField(ref, 'kind', fieldPath(refPath, 'kind')) };
    }
    return trigger;
  });
}

/**
 * The TriggerAuthentications (in the scaler's namespace) and ClusterTriggerAuthentications (cluster-scoped) the
 * triggers name, as KEDA's resolver looks them up (pkg/scaling/resolver getTriggerAuthSpec). A kind KEDA does not know
 * names nothing it would read, so nothing is listed for it.
 */
export function addAuthentications(named: NamedReferences, triggers: readonly ScaleTrigger[] | undefined): NamedReferences {
  for (const trigger of triggers ?? []) {
    const ref = trigger.authenticationRef;
    if (ref === undefined) continue;
    const kind = ref.kind ?? '';
    if (kind === '' || kind === 'TriggerAuthentication') named.add(kedaApiVersion, 'TriggerAuthentication', ref.name);
    else if (kind === 'ClusterTriggerAuthentication') named.add(kedaApiVersion, 'ClusterTriggerAuthentication', ref.name, { clusterScoped: true });
  }
  return named;
}

// ---- status ----

/** `status.health[metric]` (a ScaledObject's `HealthStatus`). */
export type MetricHealth = JsonObject & { numberOfFailures?: number; status?: string };

/** The status fields both scalers write; each kind reads its own on top. Absent fields stay absent. */
export interface KedaStatus {
  conditions?: Condition[];
  lastActiveTime?: string;
  triggersTypes?: string;
  authenticationsTypes?: string;
  externalMetricNames?: string[];
  /** Trigger name → whether it is active (`TriggerActivityStatus`). */
  triggersActivity?: Record<string, { isActive?: boolean }>;
}

function stringList(status: JsonObject, name: string, path: string): string[] | undefined {
  if (fieldValue(status, name) === undefined) return undefined;
  const list = arrayField(status, name, path);
  checkListLength(list.length, maxItems, path);
  return list.map((item, index) => {
    if (typeof item !== 'string') throw new FieldFailure(`${path}[${index}]`, `must be a string, got ${describeJson(item)}`);
    return item;
  });
}

/** A map of objects (health, triggersActivity): each value read by `read`, keyed as KEDA keys it. */
function objectMap<V>(status: JsonObject, name: string, path: string, read: (value: JsonObject, path: string) => V): Record<string, V> | undefined {
  const map = objectField(status, name, path);
  if (map === undefined) return undefined;
  const result: Record<string, V> = {};
  for (const [key, value] of Object.entries(map)) {
    const valuePath = `${path}[${JSON.stringify(key)}]`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FieldFailure(valuePath, `must be an object, got ${describeJson(value)}`);
    Object.defineProperty(result, key, { value: read(value, valuePath), enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** The fields both kinds share, read from a member's status (or a reflected one, which has the same shape). */
export function readKedaStatus(status: JsonObject, path: string): KedaStatus {
  const result: KedaStatus = {};
  const conditions = readConditions(status, path);
  if (conditions !== undefined) result.conditions = conditions;
  for (const name of ['lastActiveTime', 'triggersTypes', 'authenticationsTypes'] as const) {
    const value = stringField(status, name, fieldPath(path, name));
    if (value !== undefined) result[name] = value;
  }
  const externalMetricNames = stringList(status, 'externalMetricNames', fieldPath(path, 'externalMetricNames'));
  if (externalMetricNames !== undefined) result.externalMetricNames = externalMetricNames;
  const activity = objectMap(status, 'triggersActivity', fieldPath(path, 'triggersActivity'), (value, valuePath) => {
    const isActive = booleanField(value, 'isActive', fieldPath(valuePath, 'isActive'));
    return isActive === undefined ? {} : { isActive };
  });
  if (activity !== undefined) result.triggersActivity = activity;
  return result;
}

/** `status.health` of a ScaledObject: metric name → failures and Happy / Failing. */
export function readMetricHealth(status: JsonObject, path: string): Record<string, MetricHealth> | undefined {
  return objectMap(status, 'health', fieldPath(path, 'health'), (value, valuePath) => {
    countField(value, 'numberOfFailures', fieldPath(valuePath, 'numberOfFailures'));
    stringField(value, 'status', fieldPath(valuePath, 'status'));
    return value as MetricHealth;
  });
}

/** `status.<name>` string lists of metric names, read as `readKedaStatus` reads externalMetricNames. */
export { stringList as readStringList };

/** InterpretStatus: the named fields of the member's status, as KEDA wrote them (after the reader checked them). */
export function reflectKedaStatus(status: JsonObject | undefined, fields: readonly string[]): { rawStatus: JsonObject } {
  const rawStatus: JsonObject = {};
  for (const name of fields) {
    const value = fieldValue(status, name);
    if (value !== undefined) rawStatus[name] = value;
  }
  return { rawStatus };
}

// ---- InterpretHealth ----

/**
 * A scaler's health in a member, from KEDA's conditions (see the kinds' READMEs, "InterpretHealth"): Ready False is
 * broken (a wrong spec, a missing target, failing triggers); Paused True is a pause on purpose; Ready True is working,
 * whether its triggers are Active or idle; a Ready that is absent or Unknown means no KEDA operator finished a
 * reconcile there (or some triggers fail: PartialTriggerError); Fallback True (ScaledObject only) means the metrics
 * failed past `fallback.failureThreshold` and the target runs at a fixed count, not autoscaled.
 */
export function kedaHealth(status: Pick<KedaStatus, 'conditions'> | undefined): Health {
  const conditions = status?.conditions;
  const ready = conditionOf(conditions, 'Ready');
  if (ready?.status === 'False') return unhealthy(conditionReason(ready, 'Ready'));
  const paused = conditionOf(conditions, 'Paused');
  if (paused?.status === 'True') return healthy(conditionReason(paused, 'Paused'));
  if (ready?.status !== 'True') return unhealthy(conditionReason(ready, 'Ready'));
  const fallback = conditionOf(conditions, 'Fallback');
  if (fallback?.status === 'True') return unhealthy(conditionReason(fallback, 'Fallback'));
  return healthy(conditionReason(ready, 'Ready'));
}

// ---- AggregateStatus ----

/** Every trigger any member reports, active when it is active in some member. */
function unitedActivity(members: Members<KedaStatus>): Record<string, { isActive: boolean }> | undefined {
  const united = new Map<string, boolean>();
  for (const { status } of members.reporting) {
    for (const [name, activity] of Object.entries(status.triggersActivity ?? {})) united.set(name, (united.get(name) ?? false) || activity.isActive === true);
  }
  if (united.size === 0) return undefined;
  const result: Record<string, { isActive: boolean }> = {};
  for (const [name, isActive] of [...united].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    Object.defineProperty(result, name, { value: { isActive }, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** Every metric any member reports: Failing when it fails in some member, with the most consecutive failures. */
export function unitedMetricHealth(healths: readonly (Record<string, MetricHealth> | undefined)[]): Record<string, MetricHealth> | undefined {
  const united = new Map<string, MetricHealth>();
  for (const health of healths) {
    for (const [name, metric] of Object.entries(health ?? {})) {
      const known = united.get(name);
      if (known === undefined) {
        united.set(name, { ...metric });
        continue;
      }
      if (metric.status === 'Failing') known.status = 'Failing';
      else if (known.status === undefined && metric.status !== undefined) known.status = metric.status;
      if (metric.numberOfFailures !== undefined) known.numberOfFailures = Math.max(known.numberOfFailures ?? 0, metric.numberOfFailures);
    }
  }
  if (united.size === 0) return undefined;
  const result: Record<string, MetricHealth> = {};
  for (const [name, metric] of [...united].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    Object.defineProperty(result, name, { value: metric, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/**
 * AggregateStatus of the fields both scalers share: conditions merged as Karmada's catalogue merges them (one per
 * type, status and reason, the message naming each member), the latest `lastActiveTime`, trigger activity united,
 * and the descriptive fields (trigger and authentication types, metric names, plus the kind's `agreed` ones) kept
 * only where every member reports the same. Returns the patch and members so the kind adds its own fields.
 */
export function aggregateKedaStatus<T extends { metadata: ObjectMetaView }, S extends KedaStatus>(
  { aggregatedStatus, patch: newPatch }: TypedRequest<T>,
  read: (status: JsonObject, path: string) => S,
  agreed: readonly (keyof S & string)[],
) {
  const members = membersOf(aggregatedStatus, read);
  const patch = newPatch();
  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  setOrRemove(patch, 'lastActiveTime', latestTime(members.reporting.map(({ status }) => status.lastActiveTime)));
  setOrRemove(patch, 'triggersActivity', unitedActivity(members));
  for (const name of ['triggersTypes', 'authenticationsTypes', 'externalMetricNames', ...agreed] as const) {
    setOrRemove(patch, name, agreedValue(members, (status) => (status as Record<string, unknown>)[name] as JsonValue | undefined));
  }
  return { patch, members };
}

/** A count summed over the members that report it, or undefined when none does (nothing is invented). */
export function summedCount<S>(members: Members<S>, count: (status: S) => number | undefined, field: string): number | undefined {
  const statuses = members.reporting.map(({ status }) => status);
  if (!statuses.some((status) => count(status) !== undefined)) return undefined;
  return sumOf(statuses, count, field);
}
