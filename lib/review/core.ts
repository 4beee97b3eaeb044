// What the three reviews this service answers (Karmada's ResourceInterpreterContext, ConversionReview,
// AdmissionReview) share: the uid, bounded messages, the failure that carries a status code, and the
// group/version/kind helpers. Each review turns a failure into its own answer shape.
import { isJsonObject } from './json';

/** Messages quote request values and paths; past this length they are cut, whatever the caller sent. */
export const maxMessageLength = 1_000;

export function bounded(message: string, maxLength = maxMessageLength): string {
  return message.length <= maxLength ? message : `${message.slice(0, maxLength)}…`;
}

/** `text`, or cut to exactly `max` characters ending in `…`: for fields and lines with a hard length (a log field, a tool's one line). */
export function clipped(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** `body.request.uid` when it can be read, so that even a refusal can echo it; '' otherwise. All three reviews keep it there. */
export function uidOf(body: unknown): string {
  if (!isJsonObject(body) || !isJsonObject(body.request)) return '';
  const uid = body.request.uid;
  return typeof uid === 'string' ? uid : '';
}

/**
 * A refusal with the status code it is answered (interpreter) or logged (conversion, admission) under:
 * 400 bad request, 404 not served, 422 an object that cannot be converted or admitted, 500 our fault.
 */
export class ReviewFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(bounded(message));
    this.name = 'ReviewFailure';
  }
}

/**
 * A refusal about one field of an object, from the kind's reader or its converter: `field` is the path
 * (`object.spec.replicas`, `spec.rollout`), `detail` what is wrong with it. The interpreter answers it as a 400
 * (`<field> <detail>`), a ConversionReview as a Failure (`<field>: <detail>`).
 */
export class FieldFailure extends ReviewFailure {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(400, `${field} ${detail}`);
    this.name = 'FieldFailure';
  }
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** `group/version`, or `version` for the core group. */
export function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.lastIndexOf('/');
  return slash === -1 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** How apimachinery prints a GroupVersionKind: `group/version, Kind=Kind`. */
export function describeGvk({ group, version, kind }: GroupVersionKind): string {
  return `${apiVersionOf(group, version)}, Kind=${kind}`;
}
