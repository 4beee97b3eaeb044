// KEDA's scalers (ScaledObject, ScaledJob): their triggers and the authentication they name, the status both write
// (conditions Ready / Active / Fallback / Paused, trigger activity, metric names) and how it is judged and added up
// across members. Read from kedacore/keda v2.21.0 apis/keda/v1alpha1 (see lib/kinds/scaledobject/README.md).
import type { TypedRequest } from '../../interpreter/define';
import { defined, type Cursor } from '../../kube/cursor';
import { fieldValue } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, type JsonObject, type JsonValue } from '../../review/json';
import { agreedValue, latestTime, membersOf, setOrRemove, sumOf, type Members } from '../../shapes/aggregation';
import { conditionOf, mergedConditions, readConditions, type Condition } from '../../shapes/conditions';
import { NamedReferences } from '../../shapes/dependencies';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

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
export function readTriggers(spec: Cursor): ScaleTrigger[] | undefined {
  if (!spec.has('triggers')) return undefined;
  return spec.items('triggers', maxItems).map((item) => {
    const trigger: ScaleTrigger = { type: item.string('type'), name: item.string('name') };
    // The metadata is a map of strings (keys ending in FromEnv name the target container's env vars, not objects).
    const metadata = item.object('metadata');
    for (const [key, value] of Object.entries(metadata.value ?? {})) {
      if (typeof value !== 'string') throw new FieldFailure(`${metadata.path}[${JSON.stringify(key)}]`, `must be a string, got ${describeJson(value)}`);
    }
    const ref = item.part('authenticationRef', (ref) => ({ name: ref.string('name'), kind: ref.string('kind') }));
    if (ref !== undefined) trigger.authenticationRef = ref;
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

/** `status.<name>`, a list of metric names; undefined when absent. */
export function readStringList(status: Cursor, name: string): string[] | undefined {
  return status.has(name) ? status.strings(name, maxItems) : undefined;
}

/** A map of objects (health, triggersActivity): each value read by `read`, keyed as KEDA keys it. */
function objectMap<V>(status: Cursor, name: string, read: (value: Cursor) => V): Record<string, V> | undefined {
  return status.part(name, (map) => {
    const result: Record<string, V> = {};
    const keyed = map.keyed();
    for (const key of Object.keys(map.value!)) {
      // A null entry is no metric's health: refused, where a field's null reads as absent.
      if (map.value![key] === null) keyed.fail(key, 'must be an object, got null');
      Object.defineProperty(result, key, { value: read(keyed.object(key)), enumerable: true, writable: true, configurable: true });
    }
    return result;
  });
}

/** The fields both kinds share, read from a member's status (or a reflected one, which has the same shape). */
export function readKedaStatus(status: Cursor): KedaStatus {
  return defined({
    conditions: readConditions(status),
    lastActiveTime: status.string('lastActiveTime'),
    triggersTypes: status.string('triggersTypes'),
    authenticationsTypes: status.string('authenticationsTypes'),
    externalMetricNames: readStringList(status, 'externalMetricNames'),
    triggersActivity: objectMap(status, 'triggersActivity', (value) => defined({ isActive: value.boolean('isActive') })),
  });
}

/** `status.health` of a ScaledObject: metric name → failures and Happy / Failing. */
export function readMetricHealth(status: Cursor): Record<string, MetricHealth> | undefined {
  return objectMap(status, 'health', (value) => {
    value.count('numberOfFailures');
    value.string('status');
    return value.value as MetricHealth;
  });
}

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
  read: (status: Cursor) => S,
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
