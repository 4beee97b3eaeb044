// Flux's source kinds (source.toolkit.fluxcd.io: HelmRepository, HelmChart, OCIRepository…): the status every source
// controller writes (conditions, observedGeneration, artifact, url), how Karmada's catalogue reflects and aggregates it,
// health from the Ready condition, and `spec.suspend`, which belongs to each member.
import type { TypedRequest } from '../interpreter/define';
import type { OperationResults } from '../interpreter/registry';
import { booleanField, fieldPath, objectField, stringField } from '../kube/fields';
import type { ObjectMetaView } from '../kube/objects';
import type { JsonObject, JsonValue } from '../review/json';
import { membersOf, setOrRemove } from './aggregation';
import { reflectAsCatalogue } from './catalogue-reflection';
import { conditionOf, mergedConditions, readConditionStatus, readyHealth, reflectConditionStatus, type ConditionStatus } from './conditions';
import { observedByEveryMember, readReportedGenerations, type ReportedGenerations } from './generations';
import { keepMemberValue } from './retention';

/** The status fields a source kind has beyond the common ones: strings (`observedChartName`) and objects (`observedLayerSelector`). */
export interface FluxSourceFields {
  /** String fields reflected, and aggregated as Karmada's catalogue does: the last member's non-empty value, else ''. */
  aggregatedStrings?: readonly string[];
  /** Fields reflected only (Karmada's catalogue leaves the template's as they are). */
  reflectedStrings?: readonly string[];
  reflectedObjects?: readonly string[];
  /**
   * Whether InterpretStatus carries `status.observedGeneration` (default true). Karmada's HelmChart customization
   * leaves it out, and its cases expect that; AggregateStatus then reads each member's from its Ready condition.
   */
  reflectObservedGeneration?: boolean;
}

/** A source's status as read: the common fields and the kind's own (`fields`), each checked for its type. */
export interface FluxSourceStatus extends ConditionStatus {
  artifact?: JsonObject;
  url?: string;
  fields: Record<string, JsonValue>;
}

/** What every source kind's reader gives the operations. */
export interface FluxSource {
  metadata: ObjectMetaView;
  /** `spec.suspend`: the controller stops reconciling, the last result stands. */
  suspend?: boolean;
  status?: FluxSourceStatus;
}

/** The `name` of a Flux `meta.LocalObjectReference` (`secretRef`, `certSecretRef`…) below `parent`; undefined when absent. */
export function referenceNameOf(parent: JsonObject | undefined, field: string, parentPath: string): string | undefined {
  const path = fieldPath(parentPath, field);
  return stringField(objectField(parent, field, path), 'name', fieldPath(path, 'name'));
}

/** `spec.suspend`, the same path in v1beta2 and v1. */
export function suspendOf(spec: JsonObject | undefined, specPath: string): boolean | undefined {
  return booleanField(spec, 'suspend', fieldPath(specPath, 'suspend'));
}

/**
 * The shape of one source kind: its status reader, and InterpretStatus, AggregateStatus, Retain and the Ready health
 * (`reasons`: the Ready reasons the kind's controller writes on success).
 */
export function fluxSource<T extends FluxSource>(fields: FluxSourceFields, { reasons }: { reasons: readonly string[] }) {
  const aggregatedStrings = fields.aggregatedStrings ?? [];
  const strings = [...aggregatedStrings, ...(fields.reflectedStrings ?? [])];
  const objects = fields.reflectedObjects ?? [];

  function readStatus(status: JsonObject, path: string): FluxSourceStatus {
    const read: FluxSourceStatus = { ...readConditionStatus(status, path), fields: {} };
    const artifact = objectField(status, 'artifact', fieldPath(path, 'artifact'));
    if (artifact !== undefined) read.artifact = artifact;
    const url = stringField(status, 'url', fieldPath(path, 'url'));
    if (url !== undefined) read.url = url;
    for (const name of strings) {
      const value = stringField(status, name, fieldPath(path, name));
      if (value !== undefined) read.fields[name] = value;
    }
    for (const name of objects) {
      const value = objectField(status, name, fieldPath(path, name));
      if (value !== undefined) read.fields[name] = value;
    }
    return read;
  }

  /** A member's reflected status read back: the source status and Karmada's generations. */
  function readReflected(status: JsonObject, path: string): FluxSourceStatus & ReportedGenerations {
    return { ...readStatus(status, path), ...readReportedGenerations(status, path) };
  }

  /** InterpretStatus: `{}` without a status (Karmada's catalogue), else the source status and the member's generations. */
  const reflect = reflectAsCatalogue<T>(({ object }) => {
    const extra: JsonObject = {};
    const status = object.status;
    if (status?.artifact !== undefined) extra.artifact = status.artifact;
    if (status?.url !== undefined) extra.url = status.url;
    Object.assign(extra, status?.fields ?? {});
    const { rawStatus } = reflectConditionStatus(object, extra);
    if (fields.reflectObservedGeneration === false) delete rawStatus.observedGeneration;
    // An empty object or list says nothing a member could aggregate (Karmada's catalogue drops them too).
    for (const [name, value] of Object.entries(rawStatus)) if (isEmpty(value)) delete rawStatus[name];
    return { rawStatus };
  });

  /**
   * AggregateStatus as Karmada's catalogue: conditions merged (`mergedConditions`); the last member's artifact; the
   * last non-empty `url` and aggregated strings, '' when none; `observedGeneration` the template's generation when
   * every listed member observed it (with none listed, nothing lags), else the template's own, 0 when it had none.
   */
  function aggregate(request: TypedRequest<T>): OperationResults['AggregateStatus'] {
    const { object, aggregatedStatus } = request;
    const members = membersOf(aggregatedStatus, readReflected);
    const patch = request.patch();
    // A member's observedGeneration, else its Ready condition's: the generation its controller last reconciled.
    const reporting = members.reporting.map(({ status }) => ({
      ...status,
      observedGeneration: status.observedGeneration ?? conditionOf(status.conditions, 'Ready')?.observedGeneration,
    }));
    const last = <V>(valueOf: (status: FluxSourceStatus) => V | undefined): V | undefined =>
      reporting.reduce<V | undefined>((found, status) => valueOf(status) ?? found, undefined);
    const conditions = mergedConditions(members.reporting);
    setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
    setOrRemove(patch, 'artifact', last((status) => status.artifact));
    for (const name of aggregatedStrings) patch.add(['status', name], last((status) => nonEmpty(status.fields[name])) ?? '');
    patch.add(['status', 'url'], last((status) => nonEmpty(status.url)) ?? '');
    const generation = object.metadata.generation;
    // Karmada's Lua writes the 0 it compares with into a template without a generation (only a hand-made object has
    // none: the apiserver sets one); Karmada keeps only the status of the answer, so this changes nothing stored.
    if (generation === undefined) patch.add(['metadata', 'generation'], 0);
    const observed = observedByEveryMember(generation ?? 0, { members: members.listed, reported: reporting }, true);
    patch.add(['status', 'observedGeneration'], observed ? (generation ?? 0) : (object.status?.observedGeneration ?? 0));
    return patch.operations;
  }

  /** Retain: a member's `spec.suspend` stands (someone suspended reconciling there); the template's reaches the others. */
  function retain({ observedObject, patch }: TypedRequest<T>): OperationResults['Retain'] {
    const builder = patch();
    keepMemberValue(builder, ['spec', 'suspend'], observedObject?.suspend, 'template');
    return builder.operations;
  }

  /** Healthy when Ready is True with a success reason and the controller saw the current spec (or is suspended). */
  function health({ object }: { object: T }): OperationResults['InterpretHealth'] {
    // Generations are compared only when the object has one: the apiserver always sets it, so an object without one
    // was written by hand (a test, a trimmed export) and its Ready condition is all there is to judge.
    const compareGenerations = object.suspend !== true && object.metadata.generation !== undefined;
    return { healthy: readyHealth(object, { reasons, suspended: !compareGenerations }) };
  }

  return { readStatus, reflect, aggregate, retain, health };
}

function isEmpty(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function nonEmpty(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
