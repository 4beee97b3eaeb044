// Serves one admission.k8s.io/v1 AdmissionReview for /mutate (defaulting) or /validate (validation).
import { invalidStatus, tooMany, type FieldError } from '../kube/field-errors';
import { describeJson, isJsonObject, quoted } from '../review/json';
import { encodePatch } from '../review/patch';
import type { JsonObject } from '../review/json';
import { ReviewFailure, bounded, describeGvk, uidOf } from '../review/core';
import type { AdmissionAttributes, AdmissionOperation, AdmissionRegistry } from './registry';

export const admissionReviewApiVersion = 'admission.k8s.io/v1';
export const admissionReviewKind = 'AdmissionReview';
export type AdmissionStep = 'mutate' | 'validate';

export interface AdmissionStatus {
  status?: 'Failure';
  code: number;
  reason?: string;
  message: string;
  details?: unknown;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: AdmissionStatus;
  patchType?: 'JSONPatch';
  patch?: string;
  warnings?: string[];
}

export interface AdmissionReview {
  apiVersion: typeof admissionReviewApiVersion;
  kind: typeof admissionReviewKind;
  response: AdmissionResponse;
}

const operations: readonly AdmissionOperation[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];
const reasons: Readonly<Record<number, string>> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 413: 'RequestEntityTooLarge', 422: 'Invalid', 500: 'InternalError', 503: 'ServiceUnavailable' };

function review(response: AdmissionResponse): AdmissionReview {
  return { apiVersion: admissionReviewApiVersion, kind: admissionReviewKind, response };
}

/** A denial that is not about the object's fields: bad review (400), unserved kind (404), our fault (500)... */
export function deniedReview(uid: string, code: number, message: string): AdmissionReview {
  return review({ uid, allowed: false, status: { status: 'Failure', code, reason: reasons[code] ?? 'Unknown', message: bounded(message) } });
}

interface AdmissionRequest {
  uid: string;
  group: string;
  version: string;
  kind: string;
  operation: AdmissionOperation;
  name: string;
  namespace: string;
  subResource: string;
  object?: JsonObject;
  oldObject?: JsonObject;
}

function stringAt(parent: JsonObject, field: string, path: string, { optional = false } = {}): string {
  const value = parent[field];
  if ((value === undefined || value === null) && optional) return '';
  if (typeof value !== 'string') throw new ReviewFailure(400, `${path} must be a string, got ${describeJson(value)}`);
  return value;
}

/** `readUid` is `uidOf(body)`, read once by the caller: a non-empty one is the uid, not read a second time. */
function decodeRequest(body: unknown, readUid: string): AdmissionRequest {
  const what = 'the body is not an admission.k8s.io/v1 AdmissionReview';
  if (!isJsonObject(body)) throw new ReviewFailure(400, `${what}: it is ${describeJson(body)}`);
  if (body.apiVersion !== admissionReviewApiVersion || body.kind !== admissionReviewKind) {
    throw new ReviewFailure(400, `${what}: apiVersion ${quoted(body.apiVersion)} and kind ${quoted(body.kind)}; set admissionReviewVersions: ["v1"]`);
  }
  const request = body.request;
  if (!isJsonObject(request)) throw new ReviewFailure(400, `${what}: request must be an object, got ${describeJson(request)}`);
  // Only a uid that is missing, not a string, or empty is read again: to say which in the refusal.
  const uid = readUid !== '' ? readUid : stringAt(request, 'uid', 'request.uid');
  if (uid === '') throw new ReviewFailure(400, 'request.uid must not be empty');
  const kind = request.kind;
  if (!isJsonObject(kind)) throw new ReviewFailure(400, `request.kind must be an object {group, version, kind}, got ${describeJson(kind)}`);
  const operation = request.operation;
  if (typeof operation !== 'string' || !(operations as readonly string[]).includes(operation)) {
    throw new ReviewFailure(400, `request.operation must be one of ${operations.join(', ')}, got ${quoted(operation)}`);
  }
  const objectOf = (field: 'object' | 'oldObject'): JsonObject | undefined => {
    const value = request[field];
    if (value === undefined || value === null) return undefined;
    if (!isJsonObject(value)) throw new ReviewFailure(400, `request.${field} must be an object, got ${describeJson(value)}`);
    return value;
  };
  return {
    uid,
    group: stringAt(kind, 'group', 'request.kind.group', { optional: true }),
    version: stringAt(kind, 'version', 'request.kind.version'),
    kind: stringAt(kind, 'kind', 'request.kind.kind'),
    operation: operation as AdmissionOperation,
    name: stringAt(request, 'name', 'request.name', { optional: true }),
    namespace: stringAt(request, 'namespace', 'request.namespace', { optional: true }),
    subResource: stringAt(request, 'subResource', 'request.subResource', { optional: true }),
    object: objectOf('object'),
    oldObject: objectOf('oldObject'),
  };
}

export interface AdmissionOutcome {
  review: AdmissionReview;
  /** 200 allowed; 422 denied for field errors; 400, 404 for a bad review or an unserved kind. */
  code: number;
  message?: string;
  request?: Pick<AdmissionRequest, 'operation' | 'group' | 'version' | 'kind' | 'name' | 'namespace'>;
}

/**
 * An object of a few MB can hold a million faulty containers: the answer reports the first errors and warnings,
 * and how many more there are, so that it stays far below Lambda's 6 MB response limit.
 */
const maxReportedErrors = 50;
const maxReportedWarnings = 20;
const maxDenialLength = 16_000;

function reported(errors: readonly FieldError[]): FieldError[] {
  if (errors.length <= maxReportedErrors) return [...errors];
  const more = errors.length - maxReportedErrors;
  return [...errors.slice(0, maxReportedErrors), tooMany('<object>', `${more} more field errors not shown; fix the ones above first`)];
}

function reportedWarnings(warnings: readonly string[]): string[] {
  if (warnings.length <= maxReportedWarnings) return [...warnings];
  return [...warnings.slice(0, maxReportedWarnings), `${warnings.length - maxReportedWarnings} more warnings not shown`];
}

function nameOf(request: AdmissionRequest): string {
  if (request.name !== '') return request.name;
  const metadata = request.object?.metadata;
  return isJsonObject(metadata) && typeof metadata.name === 'string' ? metadata.name : '';
}

function answer(registry: AdmissionRegistry, step: AdmissionStep, request: AdmissionRequest): AdmissionOutcome {
  const { uid } = request;
  const admitted = registry.kindFor(request);
  if (admitted === undefined) {
    throw new ReviewFailure(404, `this service does not admit ${quoted(describeGvk(request))}; it admits: ${registry.served}`);
  }
  // DELETE and CONNECT carry nothing to default or validate; subresources (status, scale) leave spec as stored.
  if (request.operation === 'DELETE' || request.operation === 'CONNECT' || request.subResource !== '') {
    return { review: review({ uid, allowed: true }), code: 200 };
  }
  if (request.object === undefined) throw new ReviewFailure(400, `request.object is required for ${request.operation}`);
  if (request.operation === 'UPDATE' && request.oldObject === undefined) throw new ReviewFailure(400, 'request.oldObject is required for UPDATE');
  const attributes: AdmissionAttributes = {
    operation: request.operation,
    version: request.version,
    object: request.object,
    ...(request.oldObject === undefined ? {} : { oldObject: request.oldObject }),
  };
  if (step === 'mutate') {
    const patch = admitted.defaults(attributes);
    if (patch.length === 0) return { review: review({ uid, allowed: true }), code: 200 };
    return { review: review({ uid, allowed: true, patchType: 'JSONPatch', patch: encodePatch(patch) }), code: 200 };
  }
  const { errors, warnings } = admitted.validate(attributes);
  if (errors.length > 0) {
    const status = invalidStatus(admitted.group, admitted.kind, nameOf(request), reported(errors));
    if (status.message.length > maxDenialLength) status.message = `${status.message.slice(0, maxDenialLength)}…`;
    return { review: review({ uid, allowed: false, status }), code: 422, message: status.message };
  }
  return { review: review(warnings.length === 0 ? { uid, allowed: true } : { uid, allowed: true, warnings: reportedWarnings(warnings) }), code: 200 };
}

/**
 * Never throws for bad input: a bad review is a 400 denial, an unserved kind a 404 denial, both with the uid echoed.
 * `uid` is the transport's read of it (`uidOf(body)`), passed on rather than read again.
 */
export function serveAdmission(registry: AdmissionRegistry, step: AdmissionStep, body: unknown, uid: string = uidOf(body)): AdmissionOutcome {
  let request: AdmissionRequest | undefined;
  try {
    request = decodeRequest(body, uid);
    return { ...answer(registry, step, request), request };
  } catch (error) {
    if (!(error instanceof ReviewFailure)) throw error;
    const denied = deniedReview(uid, error.code, error.message);
    return { review: denied, code: error.code, message: denied.response.status!.message, ...(request === undefined ? {} : { request }) };
  }
}
