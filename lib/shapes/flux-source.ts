// Flux sources (source.toolkit.fluxcd.io: GitRepository, Bucket…): the Ready condition with Flux's success reason,
// `spec.suspend`, the fetched artifact, and the Secrets a source names, on the condition-driven shape.
import type { TypedRequest } from '../interpreter/define';
import type { OperationResults } from '../interpreter/registry';
import { booleanField, fieldPath, fieldValue, objectField, stringField } from '../kube/fields';
import { metadataOf, type ObjectMetaView } from '../kube/objects';
import { FieldFailure } from '../review/core';
import type { JsonObject, JsonValue } from '../review/json';
import { membersOf, setOrRemove, type Members } from './aggregation';
import { reflectAsCatalogue } from './catalogue-reflection';
import {
  conditionOf,
  mergedConditions,
  readConditionStatus,
  reflectConditionStatus,
  type ConditionStatus,
} from './conditions';
import { readReportedGenerations, templateGenerationAnnotation, type ReportedGenerations } from './generations';
import { keepMemberValue } from './retention';

/** A source's status: conditions and observedGeneration checked, every other field as the controller wrote it. */
export type FluxSourceStatus = ConditionStatus & { written: JsonObject };

/** A Flux source as its interpreter reads it: the spec stays whole for the kind's own references. */
export interface FluxSource {
  metadata: ObjectMetaView;
  spec?: JsonObject;
  /** `spec.suspend`: the controller stops reconciling; the last result stands. */
  suspend?: boolean;
  status?: FluxSourceStatus;
}

/**
 * Conditions and `observedGeneration`, an int64 that Flux's controllers may set to -1 before the first reconcile
 * (Karmada's own Bucket case holds one), so any integer is read; another type is a 400 naming the field.
 */
function readSourceConditions(status: JsonObject, path: string): ConditionStatus {
  const observedGeneration = fieldValue(status, 'observedGeneration');
  if (observedGeneration !== undefined && !Number.isSafeInteger(observedGeneration)) {
    throw new FieldFailure(fieldPath(path, 'observedGeneration'), `must be an integer, got ${JSON.stringify(observedGeneration)}`);
  }
  const result: ConditionStatus = readConditionStatus({ ...status, observedGeneration: 0 }, path);
  if (observedGeneration !== undefined) result.observedGeneration = observedGeneration as number;
  else delete result.observedGeneration;
  return result;
}

/**
 * Metadata, with a `resourcetemplate.karmada.io/generation` annotation given as a number read as its text (Karmada's
 * catalogue reads it with `tonumber`, and its own GitRepository case holds the number 123); another non-string
 * value is left out, as `tonumber` gives nil.
 */
function sourceMetadataOf(object: JsonObject, path: string): ObjectMetaView {
  const metadata = fieldValue(object, 'metadata');
  const annotations = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? fieldValue(metadata, 'annotations') : undefined;
  if (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations)) return metadataOf(object, path);
  const value = annotations[templateGenerationAnnotation];
  if (value === undefined || typeof value === 'string') return metadataOf(object, path);
  const { [templateGenerationAnnotation]: _ignored, ...kept } = annotations;
  if (typeof value === 'number') kept[templateGenerationAnnotation] = String(value);
  return metadataOf({ ...object, metadata: { ...(metadata as JsonObject), annotations: kept } }, path);
}

/** Reads a source object: metadata, `spec.suspend`, and the status' conditions and observedGeneration (400s name the field). */
export function readFluxSource(object: JsonObject, path: string): FluxSource {
  const source: FluxSource = { metadata: sourceMetadataOf(object, path) };
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  if (spec !== undefined) {
    source.spec = spec;
    const suspend = booleanField(spec, 'suspend', fieldPath(specPath, 'suspend'));
    if (suspend !== undefined) source.suspend = suspend;
  }
  const statusPath = fieldPath(path, 'status');
  const status = objectField(object, 'status', statusPath);
  if (status !== undefined) source.status = { ...readSourceConditions(status, statusPath), written: status };
  return source;
}

/** Flux's reason on a Ready condition once the artifact is stored (fluxcd/pkg/apis/meta `SucceededReason`). */
export const fluxSucceededReason = 'Succeeded';

/**
 * Healthy when Ready is True with reason `Succeeded` (Karmada's catalogue rule: source-controller writes that reason
 * only once the artifact of the current revision is stored), and the Ready condition was written for the current
 * spec: its `observedGeneration`, else the status', equals `metadata.generation`. Generations are not compared when
 * the source is suspended (the last result stands on purpose), or when the object or its status carries none (an
 * object the apiserver never stored; an older controller).
 */
export function fluxSourceHealthy({ metadata, suspend, status }: FluxSource): boolean {
  const ready = conditionOf(status?.conditions, 'Ready');
  if (ready?.status !== 'True' || ready.reason !== fluxSucceededReason) return false;
  if (suspend === true || metadata.generation === undefined) return true;
  const observed = ready.observedGeneration ?? status?.observedGeneration;
  return observed === undefined || observed === metadata.generation;
}

/**
 * InterpretStatus as Karmada's catalogue reflects a Flux source: conditions, observedGeneration, the named status
 * fields as written (`artifact`, `url`…), and the member's generations; `{}` for a member without a status.
 */
export function reflectFluxSource(fields: readonly string[]) {
  return reflectAsCatalogue<FluxSource>(({ object }): OperationResults['InterpretStatus'] => {
    const extra: JsonObject = {};
    for (const name of fields) {
      const value = fieldValue(object.status?.written, name);
      if (value !== undefined) extra[name] = value;
    }
    return reflectConditionStatus(object, extra);
  });
}

type ReflectedSource = ConditionStatus & ReportedGenerations & { written: JsonObject };

function readReflectedSource(status: JsonObject, path: string): ReflectedSource {
  stringField(status, 'url', fieldPath(path, 'url'));
  return { ...readSourceConditions(status, path), ...readReportedGenerations(status, path), written: status };
}

/** The value of the last member (in Karmada's order) whose status has a non-empty one, as Karmada's catalogue takes it. */
function lastReported(members: readonly { status: ReflectedSource }[], name: string): JsonValue | undefined {
  let found: JsonValue | undefined;
  for (const { status } of members) {
    const value = status.written[name];
    if (value !== undefined && value !== null && value !== '') found = value;
  }
  return found;
}

/**
 * Karmada's catalogue rule for a Flux source's `observedGeneration` (kept so its cases pass unedited): with no
 * member, the template's generation; else the generation when every listed member carries this template
 * (`resourceTemplateGeneration == generation`) and its controller saw its own spec (`generation ==
 * observedGeneration`, absent ones 0); else the template's own, 0 when it has none. A template without a
 * generation is read as generation 0, which the catalogue writes back into `metadata.generation`.
 */
function observedGenerationOf(request: TypedRequest<FluxSource>, members: Members<ReflectedSource>): number {
  const generation = request.object.metadata.generation ?? 0;
  if (members.listed === 0) return generation;
  // A member listed without a status counts with every number 0: it observed only a generation-0 template.
  const observed =
    (members.reporting.length === members.listed || generation === 0) &&
    members.reporting.every(({ status }) => (status.resourceTemplateGeneration ?? 0) === generation && (status.generation ?? 0) === (status.observedGeneration ?? 0));
  if (observed) return generation;
  return request.object.status?.observedGeneration ?? 0;
}

/**
 * AggregateStatus of a Flux source: conditions merged (`cluster=message`), `observedGeneration` by Karmada's
 * catalogue rule, `artifact` from the last member reporting one (members fetch the same revision; no artifact is
 * invented), and `url` where the kind has one (Bucket): the last non-empty, else `''` as Karmada's catalogue writes
 * it (the field is `omitempty`).
 */
export function aggregateFluxSource(request: TypedRequest<FluxSource>, { url = false }: { url?: boolean } = {}) {
  const members = membersOf(request.aggregatedStatus, readReflectedSource);
  const patch = request.patch();
  if (request.object.metadata.generation === undefined) patch.add(['metadata', 'generation'], 0);
  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  patch.add(['status', 'observedGeneration'], observedGenerationOf(request, members));
  setOrRemove(patch, 'artifact', lastReported(members.reporting, 'artifact'));
  if (url) patch.add(['status', 'url'], lastReported(members.reporting, 'url') ?? '');
  return patch.operations;
}

/** Retain: `flux suspend`/`resume` run against the member's object, so its `spec.suspend` stays once it has one. */
export function retainFluxSuspend({ observedObject, patch: newPatch }: TypedRequest<FluxSource>) {
  const patch = newPatch();
  keepMemberValue(patch, ['spec', 'suspend'], observedObject?.suspend, 'template');
  return patch.operations;
}

/** The name of a `LocalObjectReference` at `spec.<path>` (a 400 names a wrong type); undefined when absent or empty. */
export function localReferenceName(spec: JsonObject | undefined, path: readonly string[], specPath = 'object.spec'): string | undefined {
  let holder = spec;
  let at = specPath;
  for (const segment of path) {
    at = fieldPath(at, segment);
    holder = objectField(holder, segment, at);
  }
  const name = stringField(holder, 'name', fieldPath(at, 'name'));
  return name === '' ? undefined : name;
}
