// Transport: API Gateway HTTP API (payload 2.0) events in, one JSON review out. Knows HTTP, not Karmada.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { logger, recordCall, type CallRecord } from '../observability/call-record';
import { isStackOverflow, nestedTooDeeply, quoted } from '../review/json';
import { holdsTooManyValues, maxBodyValues } from './body-values';
import { bodyBytes, jsonBytes, maxResponseBytes, oversizedAnswerMessage, oversizedAnswerReason } from '../review/answer-size';
import { responseBytesOf } from './response-limit';

/** Lambda's synchronous invocation payload limit; API Gateway refuses larger requests with 413 as well. */
export const maxBodyBytes = 6 * 1024 * 1024;

/** A Lambda handler for HTTP API events; the local server calls it without a Lambda context. */
export type HttpApiHandler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** What a served review reports for the call's log line: its outcome and what it was about. */
export type ReviewOutcome = Pick<
  CallRecord,
  'successful' | 'code' | 'statusMessage' | 'operation' | 'kind' | 'desiredAPIVersion' | 'admissionOperation' | 'namespace' | 'name' | 'healthy' | 'reason' | 'error'
>;

export interface ServedReview {
  reply: ReviewReply;
  outcome: ReviewOutcome;
}

export interface ReviewReply {
  body: unknown;
  /** 200 for every answered review (its outcome is in the body); defaults to 200. */
  statusCode?: number;
  headers?: Record<string, string>;
}

/**
 * A kind of review carried over HTTP (ResourceInterpreterContext, ConversionReview, AdmissionReview; each fits
 * the same shape): how to read its uid, how to phrase a failure in its envelope, and how to serve it.
 */
export interface ReviewEndpoint {
  /** The review kind, named in log lines and metrics (`ConversionReview`, `AdmissionReview`); unset for the interpreter's. */
  review?: string;
  uidOf(body: unknown): string;
  failure(uid: string, code: number, message: string): unknown;
  /** What the operator can do about an answer over Lambda's 6 MB response limit: the end of that refusal's message. */
  oversizedAdvice?: string;
  /** `uid` is this endpoint's `uidOf(body)`, read once by the transport: the review echoes it without reading it again. */
  serve(body: unknown, event: APIGatewayProxyEventV2, uid: string): ServedReview | Promise<ServedReview>;
}

/** A call refused before its body is read (caller protection: 401, 403, 503 with Retry-After). */
export interface Denial {
  httpStatus: number;
  code: number;
  message: string;
  headers?: Record<string, string>;
}

export type CallerGuard = (event: APIGatewayProxyEventV2) => Promise<Denial | undefined>;

function resultHeaders(headers?: Record<string, string>): Record<string, string> {
  // The common case has no headers of its own: a plain literal, not a spread of an empty object.
  return headers === undefined ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', ...headers };
}

export function jsonResult(statusCode: number, body: unknown, headers?: Record<string, string>): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: resultHeaders(headers), body: JSON.stringify(body) };
}

/** The bytes Lambda would return for `jsonResult(statusCode, body, headers)`, counted without writing it. */
function jsonResultBytes(statusCode: number, body: unknown, headers?: Record<string, string>): number {
  return jsonBytes({ statusCode, headers: resultHeaders(headers), body: '' }) - 2 + bodyBytes(body);
}

function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  const direct = headers[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value === 'application/json') return true;
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

type Rejection = { statusCode: number; code: number; message: string };

function bodyTextOf(event: APIGatewayProxyEventV2): string {
  const raw = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A body that is not JSON (or is over the payload limit) is only scanned this far for `"request": { ... "uid": "..."`. */
export const uidScanLimitChars = 4 * 1024;
const maxUidChars = 1024;

/** `"uid": "<string>"` after the first `"request"` key within the scanned prefix; '' when absent. Linear, bounded. */
function scannedUid(text: string): string {
  const prefix = text.length > uidScanLimitChars ? text.slice(0, uidScanLimitChars) : text;
  const request = prefix.indexOf('"request"');
  if (request === -1) return '';
  const key = prefix.indexOf('"uid"', request);
  if (key === -1) return '';
  const value = /^\s*:\s*"((?:[^"\\]|\\.){0,1024})"/.exec(prefix.slice(key + 5, key + 5 + maxUidChars * 2 + 16));
  if (value === null) return '';
  const uid = parseJson(`"${value[1]}"`);
  return typeof uid === 'string' ? uid : '';
}

/**
 * The uid of a call refused before (or while) its body is decoded, so Karmada matches the answer and shows its
 * message. A body within the payload limit is parsed in full (native, linear, and never more work than the same
 * body costs when accepted); a body that is not JSON, or is over the limit, is scanned in a short prefix only.
 */
export function refusedUid(endpoint: ReviewEndpoint, text: string): string {
  if (text.length <= maxBodyBytes && !holdsTooManyValues(text)) {
    const parsed = parseJson(text);
    if (parsed !== undefined) return endpoint.uidOf(parsed);
  }
  return scannedUid(text);
}

/** Checks that need nothing but HTTP: size and content type. */
function transportRejection(event: APIGatewayProxyEventV2, text: string): Rejection | undefined {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: only a body that could be over the limit is measured.
  if (text.length * 3 > maxBodyBytes && Buffer.byteLength(text) > maxBodyBytes) {
    return { statusCode: 413, code: 413, message: `the request body is larger than ${maxBodyBytes} bytes (Lambda's payload limit)` };
  }
  const contentType = headerOf(event, 'content-type');
  if (isJsonContentType(contentType)) return undefined;
  const message = contentType === undefined
    ? 'the request has no Content-Type; send application/json (as Karmada does)'
    : `Content-Type ${quoted(contentType)} is not supported; send application/json (as Karmada does)`;
  return { statusCode: 200, code: 400, message };
}

type Decoded = { ok: true; value: unknown } | { ok: false; rejection: Rejection };

function decodeJson(text: string, review: string): Decoded {
  if (text.trim() === '') {
    return { ok: false, rejection: { statusCode: 200, code: 400, message: `the request body is empty; send a ${review}` } };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'parse error';
    return { ok: false, rejection: { statusCode: 200, code: 400, message: `the request body is not valid JSON: ${reason}` } };
  }
}

type Answer = { result: APIGatewayProxyStructuredResultV2; outcome: ReviewOutcome };

/**
 * Requests under this many characters are answered without counting the answer first: an answer grows from its
 * request, and none of a request this small comes near the limit (the final check, withinResponseLimit, stays).
 */
const countAnswersFrom = maxResponseBytes / 16;

function answerOf(endpoint: ReviewEndpoint, uid: string, served: ServedReview, requestLength: number): Answer {
  const { reply } = served;
  try {
    if (requestLength >= countAnswersFrom) {
      // Counted before it is written: one too large is refused without building megabytes of text for nothing.
      const bytes = jsonResultBytes(reply.statusCode ?? 200, reply.body, reply.headers);
      if (bytes > maxResponseBytes) return oversized(endpoint, uid, served.outcome, bytes, false);
    }
    return { result: jsonResult(reply.statusCode ?? 200, reply.body, reply.headers), outcome: served.outcome };
  } catch (error) {
    // JSON.stringify recurses: an answer echoing a field nested thousands of levels deep (Go's decoder, hence
    // Karmada, allows 10 000) overflows the stack. That is the input's shape, not our fault: a 400 that says so.
    if (!isStackOverflow(error)) throw error;
    return rejectionAnswer(endpoint, uid, { statusCode: 200, code: 400, message: nestedTooDeeply });
  }
}

function rejectionAnswer(endpoint: ReviewEndpoint, uid: string, { statusCode, code, message }: Rejection): Answer {
  // A transport refusal's message is short and names its cause: it is the reason too.
  return { result: jsonResult(statusCode, endpoint.failure(uid, code, message)), outcome: { successful: false, code, statusMessage: message, reason: message } };
}

/**
 * An answer Lambda could not return (over 6 MB as it measures it) becomes a refusal that says so, with the uid:
 * otherwise Lambda fails the invocation and API Gateway answers a bare 500, which Karmada shows as "uid mismatch".
 */
function withinResponseLimit(endpoint: ReviewEndpoint, uid: string, answered: Answer): Answer {
  const bytes = responseBytesOf(answered.result);
  return bytes === undefined || bytes <= maxResponseBytes ? answered : oversized(endpoint, uid, answered.outcome, bytes, false);
}

/** The refusal of an answer of `bytes` (`atLeast`: counted before it was written), naming what it was about. */
function oversized(endpoint: ReviewEndpoint, uid: string, outcome: ReviewOutcome, bytes: number, atLeast: boolean): Answer {
  const { operation, kind, desiredAPIVersion, admissionOperation, namespace, name } = outcome;
  const message = oversizedAnswerMessage({ operation, kind, namespace, name }, bytes, endpoint.oversizedAdvice ?? 'shrink the object', atLeast);
  let result = jsonResult(200, endpoint.failure(uid, 413, message));
  // Only a uid of megabytes (never one Karmada or an API server sends) makes the refusal itself too large: without it.
  if ((responseBytesOf(result) ?? 0) > maxResponseBytes) result = jsonResult(200, endpoint.failure('', 413, message));
  return {
    result,
    outcome: { successful: false, code: 413, statusMessage: message, operation, kind, desiredAPIVersion, admissionOperation, namespace, name, reason: oversizedAnswerReason(bytes, atLeast) },
  };
}

/** The checks in their documented order: transport, caller protection, body, then the review itself. */
async function answer(endpoint: ReviewEndpoint, guard: CallerGuard | undefined, event: APIGatewayProxyEventV2, call: { uid: string }): Promise<Answer> {
  const text = bodyTextOf(event);
  const rejected = transportRejection(event, text);
  if (rejected !== undefined) {
    // Even a body sent with the wrong content type (or too large) may carry a readable uid: echo it.
    call.uid = refusedUid(endpoint, text);
    return rejectionAnswer(endpoint, call.uid, rejected);
  }
  const denied = guard ? await guard(event) : undefined;
  if (denied !== undefined) {
    const { httpStatus, code, message, headers } = denied;
    // Karmada compares the uid before it reads the status: without it the operator would see only "uid mismatch".
    call.uid = refusedUid(endpoint, text);
    return { result: jsonResult(httpStatus, endpoint.failure(call.uid, code, message), headers), outcome: { successful: false, code, statusMessage: message, reason: message } };
  }
  if (holdsTooManyValues(text)) {
    call.uid = scannedUid(text);
    const message =
      `the request body holds more than ${maxBodyValues} values (objects, lists and their items); at most ${maxBodyValues} are read ` +
      `(far more than any Kubernetes object holds: parsing more would exhaust the function's memory)`;
    return rejectionAnswer(endpoint, call.uid, { statusCode: 200, code: 413, message });
  }
  const decoded = decodeJson(text, endpoint.review ?? 'ResourceInterpreterContext');
  if (!decoded.ok) {
    call.uid = scannedUid(text);
    return rejectionAnswer(endpoint, call.uid, decoded.rejection);
  }
  // The one read of the uid for an accepted body: the error answers here and the review's own answer share it.
  call.uid = endpoint.uidOf(decoded.value);
  return answerOf(endpoint, call.uid, await endpoint.serve(decoded.value, event, call.uid), text.length);
}

/**
 * Wraps a review endpoint as a Lambda handler. Never throws and never leaks an exception: every outcome is a
 * well-formed review envelope that Lambda can return (an answer over 6 MB is refused as such), and each call
 * writes one log line.
 */
export function reviewHandler(endpoint: ReviewEndpoint, { guard }: { guard?: CallerGuard } = {}): HttpApiHandler {
  return async (event, context) => {
    const started = performance.now();
    // Adds the Lambda request id, function name and cold start flag to every log line of this call.
    if (context !== undefined) logger.addContext(context);
    const call = { uid: '' };
    let answered: Answer;
    try {
      const served = await answer(endpoint, guard, event, call);
      answered = withinResponseLimit(endpoint, call.uid, served);
    } catch (error) {
      const message = `internal error; the interpreter logs have the details (uid ${call.uid || 'unknown'})`;
      answered = { result: jsonResult(200, endpoint.failure(call.uid, 500, message)), outcome: { successful: false, code: 500, reason: 'internal error', error } };
    }
    try {
      // The same keys in the same order as a literal with spreads would give (the line keeps that order), built by
      // assignment: spreads in the middle of a literal take V8's slow path on every call.
      const record = { route: event.routeKey ?? 'unknown' } as CallRecord;
      if (endpoint.review !== undefined) record.review = endpoint.review;
      record.requestId = event.requestContext?.requestId;
      record.uid = call.uid;
      record.httpStatus = answered.result.statusCode ?? 200;
      record.durationMs = performance.now() - started;
      const { outcome } = answered;
      for (const key in outcome) (record as unknown as Record<string, unknown>)[key] = outcome[key as keyof ReviewOutcome];
      recordCall(record);
    } catch {
      // The answer matters more than its log line; a value that cannot be logged must not lose it.
      logger.error('could not record the call', { route: event.routeKey, uid: call.uid });
    }
    return answered.result;
  };
}
