// Karmada's generation bookkeeping for a propagated object: what a member reports of its generations
// (InterpretStatus) and when the control plane may say the current generation was observed (AggregateStatus).
import { FieldFailure } from '../review/core';
import type { JsonObject, JsonValue } from '../review/json';
import { defined, type Cursor } from '../kube/cursor';
import { generationField, type ObjectMetaView } from '../kube/objects';
import { generationReason } from './health';

/** Karmada puts the template's generation on every member object (work/v1alpha2 ResourceTemplateGenerationAnnotationKey). */
export const templateGenerationAnnotation = 'resourcetemplate.karmada.io/generation';

/** A member's generations as its reflected status carries them: what AggregateStatus compares. */
export interface ReportedGenerations {
  /** The member object's `status.observedGeneration` (as a number; a kind whose field is a string converts it). */
  observedGeneration?: number;
  /** The member object's `metadata.generation`. */
  generation?: number;
  /** The member object's `resourcetemplate.karmada.io/generation` annotation: the template generation it carries. */
  resourceTemplateGeneration?: number;
}

/**
 * The template generation a member object carries; an annotation that is not a generation is a 400 naming it.
 * Karmada writes it as Kubernetes writes a generation, `strconv.FormatInt(generation, 10)` (pkg/controllers/binding,
 * only when the generation is > 0), and its own reflection of a Deployment's status reads it back with
 * `strconv.ParseInt(value, 10, 64)`, failing the call on anything else (pkg/resourceinterpreter/default/native,
 * v1.18.2); its catalogue's Lua reads it with `tonumber`, a double. Here a generation travels as a JSON number,
 * which carries an integer exactly only up to Number.MAX_SAFE_INTEGER: above it, InterpretStatus would report a
 * rounded value that AggregateStatus then compares, so such a value is refused rather than rounded.
 */
export function templateGenerationOf(metadata: ObjectMetaView, path = 'object'): number | undefined {
  const text = metadata.annotations?.[templateGenerationAnnotation];
  if (text === undefined) return undefined;
  const field = `${path}.metadata.annotations[${templateGenerationAnnotation}]`;
  if (!/^(0|[1-9][0-9]*)$/.test(text)) {
    throw new FieldFailure(field, `must be a generation (a non-negative integer in decimal), got ${JSON.stringify(text.slice(0, 40))}`);
  }
  // Rounding is monotonic: every decimal above the bound becomes a number above it, so this check is exact.
  const generation = Number(text);
  if (generation > Number.MAX_SAFE_INTEGER) {
    throw new FieldFailure(
      field,
      `must be at most ${Number.MAX_SAFE_INTEGER} (the largest integer a JSON number carries exactly), got ${JSON.stringify(text.slice(0, 40))}`,
    );
  }
  return generation;
}

/**
 * What InterpretStatus adds to a member's status, as Karmada's reflectstatus does for a Deployment: the member
 * object's `generation` and its `resourceTemplateGeneration`. Absent ones stay absent.
 */
export function reportGenerations(rawStatus: JsonObject, metadata: ObjectMetaView, path = 'object'): JsonObject {
  if (metadata.generation !== undefined) rawStatus.generation = metadata.generation;
  const templateGeneration = templateGenerationOf(metadata, path);
  if (templateGeneration !== undefined) rawStatus.resourceTemplateGeneration = templateGeneration;
  return rawStatus;
}

/** InterpretStatus of a kind that reflects some fields of its status as the controller wrote them, plus the generations. */
export function reflectFields<S extends object>(status: S | undefined, fields: readonly (keyof S & string)[], metadata: ObjectMetaView): JsonObject {
  const rawStatus: JsonObject = {};
  for (const name of fields) {
    const value = status?.[name];
    if (value !== undefined) rawStatus[name] = value as JsonValue;
  }
  return reportGenerations(rawStatus, metadata);
}

/** `generation` and `resourceTemplateGeneration` read back from a reflected status. */
export function readReportedGenerations(status: Cursor): Omit<ReportedGenerations, 'observedGeneration'> {
  return defined({ generation: status.generation('generation'), resourceTemplateGeneration: status.generation('resourceTemplateGeneration') });
}

/** A member that reported, and one Karmada listed without a status (it counts as not having observed anything). */
export interface GenerationsSeen {
  /** Items in `request.aggregatedStatus`, with or without a status. */
  members: number;
  /** The generations of the members that have a status. */
  reported: readonly ReportedGenerations[];
}

/**
 * Karmada's rule for `status.observedGeneration` on the control plane (its Deployment aggregation, and the
 * `resourcetemplate.karmada.io/generation` idea): the template's generation was observed when every listed member
 * has a status whose `observedGeneration >= generation` (the member controller saw the member object's spec) and
 * whose `resourceTemplateGeneration >=` the template's generation (that spec is the current template). A member
 * without a status, or missing one of the three numbers, has not observed it. With no members at all the answer is
 * `whenNoMembers`: Karmada's Deployment says observed (nothing lags), a kind may say nothing observed it.
 */
export function observedByEveryMember(
  templateGeneration: number | undefined,
  { members, reported }: GenerationsSeen,
  whenNoMembers: boolean,
): boolean {
  if (templateGeneration === undefined) return false;
  if (members === 0) return whenNoMembers;
  if (reported.length !== members) return false;
  return reported.every(
    ({ observedGeneration, generation, resourceTemplateGeneration }) =>
      observedGeneration !== undefined &&
      generation !== undefined &&
      resourceTemplateGeneration !== undefined &&
      observedGeneration >= generation &&
      resourceTemplateGeneration >= templateGeneration,
  );
}

/**
 * Whether a member's controller saw the object's current spec, as Karmada judges a Deployment's health:
 * `status.observedGeneration == metadata.generation`, an absent one counting as 0 (Go's zero value).
 */
export function generationObserved(metadata: ObjectMetaView, observedGeneration: number | undefined): boolean {
  return (observedGeneration ?? 0) === (metadata.generation ?? 0);
}

/**
 * `generationObserved` as a health reason: undefined when the controller saw the current spec, otherwise what says
 * it did not (`status.observedGeneration 3 != metadata.generation 4`).
 */
export function generationLag(metadata: ObjectMetaView, observedGeneration: number | undefined): string | undefined {
  return generationObserved(metadata, observedGeneration) ? undefined : generationReason(observedGeneration, metadata.generation);
}
