// Serves one ResourceInterpreterContext: decode, find the kind's interpreter, run the operation, build the response.
import { oversizedAnswerMessage, oversizedAnswerReason, OversizedAnswer } from '../review/answer-size';
import { clipped, FieldFailure, ReviewFailure, uidOf } from '../review/core';
import { int32Max, isStackOverflow, nestedTooDeeply, nestsDeeperThan } from '../review/json';
import type { InterpreterOperation } from './wire/operations';
import { boundedDependencies } from './dependency-bounds';
import { decodeInterpreterRequest } from './wire/request';
import { errored, patched, succeeded } from './wire/responses';
import type { ResourceInterpreterContext, ResourceInterpreterRequest } from './wire/types';
import type { InterpreterRegistry } from './registry';


function isReplicaCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= int32Max;
}

/** A call's reason, in the log line's `reason` field: bounded, so the line never grows with a condition's text. */
export const maxReasonLength = 200;

function boundedReason(reason: string): string {
  return clipped(reason, maxReasonLength);
}

/**
 * A refusal's reason: the refused field and its cause for a field error, else the message up to its first `;`
 * (what follows is advice: the served kinds, what to do), bounded.
 */
export function refusalReason(failure: ReviewFailure): string {
  if (failure instanceof FieldFailure) return boundedReason(`${failure.field} ${failure.detail}`);
  const advice = failure.message.indexOf('; ');
  return boundedReason(advice === -1 ? failure.message : failure.message.slice(0, advice));
}

/** The answer; for InterpretHealth, the whole outcome (its verdict and reason, which never reach the wire). */
function respond(registry: InterpreterRegistry, request: ResourceInterpreterRequest): ResourceInterpreterContext | InterpretOutcome {
  const { uid, kind } = request;
  switch (request.operation) {
    case 'InterpretReplica': {
      const result = registry.operationFor(kind, 'InterpretReplica')(request);
      if (!isReplicaCount(result.replicas)) throw new Error(`interpreter returned invalid replicas ${String(result.replicas)}`);
      return succeeded(uid, result);
    }
    case 'InterpretComponent':
      return succeeded(uid, registry.operationFor(kind, 'InterpretComponent')(request));
    case 'ReviseReplica':
      return patched(uid, registry.operationFor(kind, 'ReviseReplica')(request));
    case 'Retain':
      return patched(uid, registry.operationFor(kind, 'Retain')(request));
    case 'AggregateStatus':
      return patched(uid, registry.operationFor(kind, 'AggregateStatus')(request));
    case 'InterpretStatus':
      return succeeded(uid, registry.operationFor(kind, 'InterpretStatus')(request));
    case 'InterpretHealth': {
      // Only `healthy` goes on the wire (Karmada's response has no room for more): the reason is the outcome's.
      const { healthy, reason } = registry.operationFor(kind, 'InterpretHealth')(request);
      const context = succeeded(uid, { healthy });
      return reason === undefined ? { context, request, healthy } : { context, request, healthy, reason: boundedReason(reason) };
    }
    case 'InterpretDependency': {
      const { dependencies } = registry.operationFor(kind, 'InterpretDependency')(request);
      return succeeded(uid, { dependencies: boundedDependencies(dependencies) });
    }
  }
}

export interface InterpretOutcome {
  context: ResourceInterpreterContext;
  /** Decoded request, when decoding got that far (for logging: uid, operation, kind, name). */
  request?: ResourceInterpreterRequest;
  /** The unexpected exception behind a 500, for the log line only. */
  failure?: unknown;
  /** InterpretHealth's verdict, as answered (for the log line and the Unhealthy metric). */
  healthy?: boolean;
  /**
   * What decided the answer, never sent to Karmada: a health answer's reason (`Ready=False reason=UpgradeFailed`), or a
   * refusal's (the refused field and its cause), at most `maxReasonLength` characters. Absent on other answers.
   */
  reason?: string;
}

/**
 * One ResourceInterpreterContext as read at the front door: its uid read once, and the request decoded (validated)
 * once, or the reason it could not be. Loading the kind's module and answering both take this value, so nothing
 * reads the body again once the module is in.
 */
export type ReadContext =
  | { uid: string; body: unknown; request: ResourceInterpreterRequest; refusal?: undefined }
  | { uid: string; body: unknown; request?: undefined; refusal: unknown };

/**
 * Decodes `body` for this route. `uid` is the transport's own read of `body.request.uid` (`uidOf`) when it has made
 * one: passed on, not read again. Never throws: a refusal is kept for `answerContext` to answer.
 */
export function readContext(body: unknown, routeOperation?: InterpreterOperation, uid: string = uidOf(body)): ReadContext {
  try {
    return { uid, body, request: decodeInterpreterRequest(body, routeOperation, uid) };
  } catch (refusal) {
    return { uid, body, refusal };
  }
}

/** What to do about an answer over Lambda's response limit: the interpreter's answers grow with the object. */
export const oversizedAdvice =
  'shrink the object (this answer grows with it), or leave this operation of this kind to Karmada: ' +
  'webhook-config --exclude-operations, or a Lua ResourceInterpreterCustomization for it';

/** The answer to a refused or failed request: 400 or 404 for a ReviewFailure, 500 for anything else. */
function failed(read: ReadContext, error: unknown): InterpretOutcome {
  const { uid, body, request } = read;
  if (error instanceof OversizedAnswer) {
    const subject = request && { operation: request.operation, kind: `${request.kind.group}/${request.kind.version}/${request.kind.kind}`, namespace: request.namespace, name: request.name };
    return { context: errored(uid, 413, oversizedAnswerMessage(subject ?? {}, error.bytes, oversizedAdvice, true)), request, reason: oversizedAnswerReason(error.bytes, true) };
  }
  if (error instanceof ReviewFailure) return { context: errored(uid, error.code, error.message), request, reason: refusalReason(error) };
  // A kind's reader or the patch encoding recursing into a value thousands of levels deep: the input's shape. The
  // same overflow on a shallow input is our own recursion gone wrong, a 500 like any other exception.
  if (isStackOverflow(error) && nestsDeeperThan(body, 1_000)) return { context: errored(uid, 400, nestedTooDeeply), request, reason: boundedReason(nestedTooDeeply) };
  const what = request ? `${request.operation} of ${request.kind.kind} ${request.namespace ? request.namespace + '/' : ''}${request.name}` : 'the request';
  return {
    context: errored(uid, 500, `internal error while interpreting ${what}; the interpreter logs have the details (uid ${uid || 'unknown'})`),
    request,
    failure: error,
    // The exception itself is the log line's `error`: the reason only says which kind of fault it was.
    reason: `internal error (${error instanceof Error ? String(error.name).slice(0, 60) : 'a thrown value that is not an Error'})`,
  };
}

/**
 * Never throws: invalid input becomes code 400, an unserved kind 404, anything unexpected 500 with a generic
 * message (the exception goes to the log, never to the caller). The request's kind must be loaded already (a
 * registry of interpreters, or `interpreterReady` awaited).
 */
export function answerContext(registry: InterpreterRegistry, read: ReadContext): InterpretOutcome {
  if (read.request === undefined) return failed(read, read.refusal);
  const { request } = read;
  try {
    const answered = respond(registry, request);
    return 'context' in answered ? answered : { context: answered, request };
  } catch (error) {
    return failed(read, error);
  }
}

/** `answerContext` of `body` read here: for callers with a body and a loaded kind (tools, tests). */
export function interpret(registry: InterpreterRegistry, body: unknown, routeOperation?: InterpreterOperation): InterpretOutcome {
  return answerContext(registry, readContext(body, routeOperation));
}

/**
 * Loads the interpreter of the request's kind, the first time a request names it (lib/kinds lists kinds whose
 * modules load on demand). Undefined when there is nothing to wait for: loaded already, not served, or a request
 * refused anyway. Never rejects (a failed load is `answerContext`'s 500).
 */
export function interpreterReady(registry: InterpreterRegistry, read: ReadContext): Promise<void> | undefined {
  return read.request === undefined ? undefined : registry.ready(read.request.kind);
}

/** The answer once the request's kind is loaded: for callers that do not care to keep the loaded case synchronous. */
export async function interpretWhenReady(registry: InterpreterRegistry, body: unknown, routeOperation?: InterpreterOperation): Promise<InterpretOutcome> {
  const read = readContext(body, routeOperation);
  await interpreterReady(registry, read);
  return answerContext(registry, read);
}
