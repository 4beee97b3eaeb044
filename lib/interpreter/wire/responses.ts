// Response constructors: every response is a complete ResourceInterpreterContext that echoes the request uid.
import { maxResponseBytes, OversizedAnswer } from '../../review/answer-size';
import { encodedPatchLength, encodePatch, type JsonPatchOperation } from '../../review/patch';
import { contextApiVersion, contextKind, type ResourceInterpreterContext, type ResourceInterpreterResponse } from './types';

type ResponseFields = Omit<ResourceInterpreterResponse, 'uid' | 'successful' | 'status'>;

function context(response: ResourceInterpreterResponse): ResourceInterpreterContext {
  return { apiVersion: contextApiVersion, kind: contextKind, response };
}

export function succeeded(uid: string, fields: ResponseFields = {}): ResourceInterpreterContext {
  return context({ uid, successful: true, ...fields });
}

export function errored(uid: string, code: number, message: string): ResourceInterpreterContext {
  return context({ uid, successful: false, status: { code, message } });
}

/**
 * A success carrying a JSON Patch; no operations means "unchanged", which Karmada reads from an absent patch. A patch
 * whose base64 alone is over Lambda's response limit is OversizedAnswer, counted before any of it is written.
 */
export function patched(uid: string, operations: readonly JsonPatchOperation[]): ResourceInterpreterContext {
  if (operations.length === 0) return succeeded(uid);
  const length = encodedPatchLength(operations);
  if (length > maxResponseBytes) throw new OversizedAnswer(length);
  return succeeded(uid, { patchType: 'JSONPatch', patch: encodePatch(operations) });
}
