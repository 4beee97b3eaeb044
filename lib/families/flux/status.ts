// A Flux reconciler's status (HelmRelease, Kustomization): conditions, observedGeneration, revisions and failure
// counters, reflected and aggregated as Karmada's Flux customizations do, with the failure counters summed over the
// members only (see README.md).
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import type { Cursor } from '../../kube/cursor';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { quoted, type JsonValue } from '../../review/json';
import { membersOf, setOrRemove, type Member, type Members } from '../../shapes/aggregation';
import { reflectAsCatalogue } from '../../shapes/catalogue-reflection';
import { conditionOf, mergedConditions, readConditionStatus, readyRefusal, reflectConditionStatus, suspendedReason, type Condition, type ConditionStatus } from '../../shapes/conditions';
import { conditionReason as reasonOfCondition, generationReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { generationObserved, readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { keepMemberValue } from '../../shapes/retention';

/** Which status fields a Flux kind carries beside its conditions and observedGeneration. */
export interface FluxStatusFields {
  /** Strings the last member reporting a non-empty one decides (revisions, checksums, the HelmChart's name). */
  readonly latestStrings: readonly string[];
  /** Non-negative integers the last member reporting one decides (`lastReleaseRevision`). */
  readonly latestNumbers: readonly string[];
  /** int64 counters summed over the members (`failures`, `installFailures`, `upgradeFailures`). */
  readonly sums: readonly string[];
}

export type FluxStatus = ConditionStatus & ReportedGenerations & { values: Record<string, string | number> };

/**
 * An int64 that may be negative: Flux's CRDs default `status.observedGeneration` to -1 (never reconciled), so a
 * member's status can hold it. A fraction, a number past 2^53 or another type is a 400 naming the field.
 */
function observedInt64(status: Cursor): number | undefined {
  const value = status.raw('observedGeneration');
  if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value))) return value;
  return status.fail('observedGeneration', `must be an integer, got ${quoted(value, 40)}`);
}

/** Conditions and `observedGeneration` (any int64: the CRDs' default -1 included) of a Flux object's status. */
export function readFluxConditionStatus(status: Cursor): ConditionStatus {
  return readConditionStatus(status, observedInt64);
}

/** An RFC 3339 date-time, as Go writes a `metav1.Time` (the CRDs' `format: date-time`). */
const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && dateTime.test(value) && !Number.isNaN(Date.parse(value));
}

/** `metav1.Condition` as every Flux CRD validates it (`type`, `reason` patterns and lengths, `status` enum). */
const conditionType = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
const conditionReason = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const conditionStatuses = ['True', 'False', 'Unknown'];
/** The CRDs' `maxLength` of a condition's message, in characters (code points, as the API server counts them). */
export const maxConditionMessage = 32768;

/**
 * Whether Flux's CRDs admit a condition as the controller's: `type`, `status`, `reason`, `message` and
 * `lastTransitionTime` present and valid. Every condition a member's API server stored is; one without them was
 * written by hand, and the control plane's API server would refuse a status holding it.
 */
export function isAdmittedCondition(condition: Condition): boolean {
  const { type, status, reason, message } = condition;
  return (
    type.length <= 316 && conditionType.test(type) &&
    status !== undefined && conditionStatuses.includes(status) &&
    reason !== undefined && reason.length <= 1024 && conditionReason.test(reason) &&
    message !== undefined && [...message].length <= maxConditionMessage &&
    isDateTime(condition.lastTransitionTime)
  );
}

/**
 * The members' conditions merged as Karmada's catalogue merges them (`mergedConditions`), of those the CRD admits
 * only (`isAdmittedCondition`), each merged message cut to the CRD's `maxLength` (many members' messages joined can
 * pass it; an ellipsis ends one cut).
 */
export function fluxMergedConditions<S extends ConditionStatus>(members: readonly Member<S>[]): Condition[] {
  const admitted = members.map(({ clusterName, status }) => ({
    clusterName,
    status: { conditions: (status.conditions ?? []).filter(isAdmittedCondition) },
  }));
  return mergedConditions(admitted).map((condition) => {
    const characters = [...(condition.message ?? '')];
    if (characters.length <= maxConditionMessage) return condition;
    return { ...condition, message: `${characters.slice(0, maxConditionMessage - 1).join('')}…` };
  });
}

/**
 * `status.observedGeneration` of a Flux template as Karmada's Flux customizations all write it (kept so their cases
 * pass unedited): with no member listed, the template's generation; else the generation when every listed member
 * carries the current template (`resourceTemplateGeneration == generation`) and its controller saw its spec
 * (`generation == observedGeneration`), absent numbers counting as 0 (a member listed without a status so observed
 * only a generation-0 template); else the template's own, 0 when it has none.
 */
export function fluxObservedGeneration(
  object: { metadata: ObjectMetaView; status?: { observedGeneration?: number } },
  members: Members<ReportedGenerations>,
): number {
  const generation = object.metadata.generation ?? 0;
  if (members.listed === 0) return generation;
  const silent = members.listed - members.reporting.length;
  const current =
    (silent === 0 || generation === 0) &&
    members.reporting.every(
      ({ status }) => (status.resourceTemplateGeneration ?? 0) === generation && (status.generation ?? 0) === (status.observedGeneration ?? 0),
    );
  return current ? generation : (object.status?.observedGeneration ?? 0);
}

export function fluxStatus(fields: FluxStatusFields) {
  /** The status as the controller wrote it (or as InterpretStatus reflected it): each field read checked. */
  function read(status: Cursor): FluxStatus {
    const values: Record<string, string | number> = {};
    for (const name of fields.latestStrings) {
      const value = status.string(name);
      if (value !== undefined) values[name] = value;
    }
    for (const name of [...fields.latestNumbers, ...fields.sums]) {
      const value = status.generation(name);
      if (value !== undefined) values[name] = value;
    }
    return { ...readFluxConditionStatus(status), values };
  }

  function readReflected(status: Cursor): FluxStatus {
    return { ...read(status), ...readReportedGenerations(status) };
  }

  /** InterpretStatus: `{}` without a status; else conditions, observedGeneration, the fields, and the generations. */
  const reflect = reflectAsCatalogue<{ metadata: ObjectMetaView; status?: FluxStatus }>(({ object }) =>
    reflectConditionStatus(object, { ...(object.status?.values ?? {}) }),
  );

  /**
   * AggregateStatus. With no member, Karmada's initial status: `observedGeneration` the template's generation, the
   * strings `''`, the numbers and counters 0, no conditions. Otherwise the merged conditions the CRD admits
   * (`fluxMergedConditions`); each string and number from the last
   * member reporting one (the template's kept when none does); each counter the members' sum, written when some member
   * reports it; `observedGeneration` the template's generation when every member carries the current template
   * (`resourceTemplateGeneration == generation`) and its controller saw its spec (`generation == observedGeneration`),
   * absent numbers counting as 0, else the template's own (0 when it has none), as Karmada's catalogue writes it.
   */
  function aggregate({ object, aggregatedStatus, patch: newPatch }: TypedRequest<{ metadata: ObjectMetaView; status?: FluxStatus }>): OperationResults['AggregateStatus'] {
    const members = membersOf(aggregatedStatus, readReflected);
    const patch = newPatch();
    const generation = object.metadata.generation ?? 0;
    if (members.listed === 0) {
      patch.add(['status', 'observedGeneration'], generation);
      for (const name of fields.latestStrings) patch.add(['status', name], '');
      // An integer field (`lastReleaseRevision`) starts at Go's 0: the CRD refuses the '' Karmada's Lua writes there.
      for (const name of [...fields.latestNumbers, ...fields.sums]) patch.add(['status', name], 0);
      patch.remove(['status', 'conditions']);
      return patch.operations;
    }
    const conditions = fluxMergedConditions(members.reporting);
    setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
    for (const name of [...fields.latestStrings, ...fields.latestNumbers]) {
      let latest: JsonValue | undefined;
      for (const { status } of members.reporting) {
        const value = status.values[name];
        if (value !== undefined && value !== '') latest = value;
      }
      if (latest !== undefined) patch.add(['status', name], latest);
    }
    for (const name of fields.sums) {
      let sum: number | undefined;
      for (const { status } of members.reporting) {
        const value = status.values[name];
        if (typeof value === 'number') sum = (sum ?? 0) + value;
      }
      if (sum !== undefined && !Number.isSafeInteger(sum)) {
        throw new FieldFailure(`aggregatedStatus[*].status.${name}`, `sums to more than ${Number.MAX_SAFE_INTEGER}`);
      }
      if (sum !== undefined) patch.add(['status', name], sum);
    }
    patch.add(['status', 'observedGeneration'], fluxObservedGeneration(object, members));
    return patch.operations;
  }

  return { read, reflect, aggregate };
}

/**
 * Flux's own readiness test of a reconciled object, as helm-controller and kustomize-controller apply it to the
 * objects a `dependsOn` names: the Ready condition is True (with one of `reasons`, where a version's controller
 * writes only those) and `status.observedGeneration == metadata.generation` (absent numbers are Go's 0). A suspended
 * object is not reconciled, so its last result stands whatever its generation.
 */
export function fluxReady(
  object: { metadata: ObjectMetaView; status?: ConditionStatus },
  { reasons, suspended }: { reasons?: readonly string[] | undefined; suspended: boolean },
): Health {
  const ready = conditionOf(object.status?.conditions, 'Ready');
  const refusal = readyRefusal(ready, 'Ready', reasons);
  if (refusal !== undefined || ready === undefined) return refusal ?? unhealthy(reasonOfCondition(ready, 'Ready'));
  if (suspended) return healthy(suspendedReason(ready, 'Ready'));
  const observed = object.status?.observedGeneration;
  if (!generationObserved(object.metadata, observed)) return unhealthy(`${reasonOfCondition(ready, 'Ready')}, ${generationReason(observed, object.metadata.generation)}`);
  return healthy(reasonOfCondition(ready, 'Ready'));
}

/**
 * Retain of a Flux object: the member's `spec.suspend` when it has one (`flux suspend` run against the member), else
 * the template's, which so reaches members that never set one (Karmada's catalogue does the same). A template
 * without a `spec` is left as it is (see `keepMemberSuspend`).
 */
export function retainSuspend<T extends { spec?: { suspend?: boolean } }>(request: TypedRequest<T>): OperationResults['Retain'] {
  return keepMemberSuspend(request, request.observedObject?.spec?.suspend, request.object.spec !== undefined);
}

/**
 * Retain of `spec.suspend` given the member's value as the kind read it (`retainSuspend`, and the source kinds'), and
 * whether the template has a `spec`. One without is left as it is: the CRDs admit an object without a `spec`, but a
 * `spec` holding only `suspend` lacks the fields they require there (`spec.interval: Required value`…).
 */
export function keepMemberSuspend({ patch }: TypedRequest<object>, memberSuspend: boolean | undefined, templateHasSpec: boolean): OperationResults['Retain'] {
  const builder = patch();
  if (templateHasSpec) keepMemberValue(builder, ['spec', 'suspend'], memberSuspend, 'template');
  return builder.operations;
}
