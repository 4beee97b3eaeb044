// Serves one apiextensions.k8s.io/v1 ConversionReview: decode, convert every object in order, answer Success or Failure.
import { describeJson, isJsonObject, quoted } from '../review/json';
import type { JsonObject, JsonValue } from '../review/json';
import { FieldFailure, ReviewFailure, bounded, splitApiVersion, uidOf } from '../review/core';
import { convertTo, type ConversionRegistry } from './registry';

export const conversionReviewApiVersion = 'apiextensions.k8s.io/v1';
export const conversionReviewKind = 'ConversionReview';

export interface ConversionResult {
  status: 'Success' | 'Failure';
  message?: string;
}

export interface ConversionReview {
  apiVersion: typeof conversionReviewApiVersion;
  kind: typeof conversionReviewKind;
  response: { uid: string; convertedObjects: JsonObject[]; result: ConversionResult };
}

export function convertedReview(uid: string, convertedObjects: JsonObject[]): ConversionReview {
  return { apiVersion: conversionReviewApiVersion, kind: conversionReviewKind, response: { uid, convertedObjects, result: { status: 'Success' } } };
}

/** A Failure: no converted objects, and a message that says what to fix (the apiserver shows it to the client). */
export function failedReview(uid: string, message: string): ConversionReview {
  return { apiVersion: conversionReviewApiVersion, kind: conversionReviewKind, response: { uid, convertedObjects: [], result: { status: 'Failure', message: bounded(message) } } };
}

interface ConversionRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: JsonValue[];
}

/** `uid` is `uidOf(body)`, read once by the caller: '' when it is missing, not a string, or empty. */
function decodeRequest(body: unknown, uid: string): ConversionRequest {
  const what = 'the body is not an apiextensions.k8s.io/v1 ConversionReview';
  if (!isJsonObject(body)) throw new ReviewFailure(400, `${what}: it is ${describeJson(body)}`);
  if (body.apiVersion !== conversionReviewApiVersion || body.kind !== conversionReviewKind) {
    throw new ReviewFailure(400, `${what}: apiVersion ${quoted(body.apiVersion)} and kind ${quoted(body.kind)}; set conversionReviewVersions: ["v1"] in the CRD`);
  }
  const request = body.request;
  if (!isJsonObject(request)) throw new ReviewFailure(400, `${what}: request must be an object, got ${describeJson(request)}`);
  if (uid === '') throw new ReviewFailure(400, `${what}: request.uid must be a non-empty string`);
  if (typeof request.desiredAPIVersion !== 'string' || request.desiredAPIVersion === '') {
    throw new ReviewFailure(400, `${what}: request.desiredAPIVersion must be a non-empty string`);
  }
  if (!Array.isArray(request.objects)) throw new ReviewFailure(400, `${what}: request.objects must be an array, got ${describeJson(request.objects)}`);
  return { uid, desiredAPIVersion: request.desiredAPIVersion, objects: request.objects };
}

/** How an object is named in a message: its index and namespace/name, as far as they can be read. */
function nameOf(object: JsonObject, index: number): string {
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' && metadata.namespace !== '' ? `${metadata.namespace}/` : '';
  return `request.objects[${index}] (${name === '' ? 'unnamed' : quoted(`${namespace}${name}`, 300)})`;
}

function convertOne(registry: ConversionRegistry, value: JsonValue, index: number, desired: string): JsonObject {
  if (!isJsonObject(value)) throw new ReviewFailure(400, `request.objects[${index}]: must be an object, got ${describeJson(value)}`);
  const named = nameOf(value, index);
  const { apiVersion, kind } = value;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') throw new ReviewFailure(400, `${named}: apiVersion and kind must be strings`);
  const from = splitApiVersion(apiVersion);
  const to = splitApiVersion(desired);
  const convertible = registry.kindFor({ group: from.group, kind });
  if (convertible === undefined || !convertible.versions.includes(from.version)) {
    throw new ReviewFailure(404, `${named}: ${quoted(apiVersion)}, Kind=${quoted(kind)} is not served; this service converts ${registry.served}`);
  }
  if (to.group !== from.group || !convertible.versions.includes(to.version)) {
    throw new ReviewFailure(404, `${named}: cannot convert ${kind} to ${quoted(desired)}; served versions: ${convertible.versions.join(', ')}`);
  }
  try {
    return convertTo(convertible, value, from.version, to.version);
  } catch (error) {
    if (error instanceof FieldFailure) throw new ReviewFailure(422, `${named}: cannot convert ${apiVersion} to ${desired}: ${error.field}: ${error.detail}`);
    throw error;
  }
}

export interface ConversionOutcome {
  review: ConversionReview;
  /** 200 on Success; 400 bad review, 404 unserved, 422 an object that does not convert. */
  code: number;
  message?: string;
  desiredAPIVersion?: string;
  /** `group/version/Kind` of the first object as converted (at desiredAPIVersion), for the log line. */
  kind?: string;
  /** namespace/name of the first object, for the log line. */
  namespace?: string;
  name?: string;
}

/**
 * Never throws for bad input: every refusal is a Failure. Converts nothing in place: the request stays as it came.
 * `uid` is the transport's read of it (`uidOf(body)`), passed on rather than read again.
 */
export function serveConversion(registry: ConversionRegistry, body: unknown, uid: string = uidOf(body)): ConversionOutcome {
  try {
    const request = decodeRequest(body, uid);
    if (!registry.servesApiVersion(request.desiredAPIVersion)) {
      throw new ReviewFailure(404, `desiredAPIVersion ${quoted(request.desiredAPIVersion)} is not served; this service converts ${registry.served}`);
    }
    const converted = request.objects.map((object, index) => convertOne(registry, object, index, request.desiredAPIVersion));
    const first = converted[0]?.metadata;
    const meta = isJsonObject(first) ? first : {};
    const kind = converted[0]?.kind;
    return {
      review: convertedReview(request.uid, converted),
      code: 200,
      desiredAPIVersion: request.desiredAPIVersion,
      ...(typeof kind === 'string' ? { kind: `${request.desiredAPIVersion}/${kind}` } : {}),
      ...(typeof meta.namespace === 'string' ? { namespace: meta.namespace } : {}),
      ...(typeof meta.name === 'string' ? { name: meta.name } : {}),
    };
  } catch (error) {
    if (!(error instanceof ReviewFailure)) throw error;
    const review = failedReview(uid, error.message);
    return { review, code: error.code, message: review.response.result.message! };
  }
}
