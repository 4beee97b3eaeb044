// A webhook's answer read as Karmada's webhook client reads it: verified (uid, shape, patch type), and its JSON
// Patch applied strictly. The one place that does this: the kit (`interpret`, `--check`), the scaffold, the test
// helpers and the property oracle all use it.
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { describeJson, isJsonObject, quoted } from '../review/json';
import { contextApiVersion, contextKind, type ResourceInterpreterResponse } from '../interpreter/wire/types';
import { type JsonObject, type JsonValue } from '../review/json';
import { KitError } from './cases';

/** The response, checked the way Karmada's webhook client checks it before using any field. */
export function verifiedResponse(body: unknown, uid: string): ResourceInterpreterResponse {
  if (!isJsonObject(body)) throw new KitError(`the answer is not a ResourceInterpreterContext: got ${describeJson(body)}`);
  if (body.apiVersion !== undefined && body.apiVersion !== contextApiVersion) throw new KitError(`the answer's apiVersion is ${quoted(body.apiVersion)}, expected ${contextApiVersion}`);
  if (body.kind !== undefined && body.kind !== contextKind) throw new KitError(`the answer's kind is ${quoted(body.kind)}, expected ${contextKind}`);
  const response = body.response;
  if (!isJsonObject(response)) throw new KitError('the answer has no response');
  if (response.uid !== uid) throw new KitError(`the answer's response.uid is ${quoted(response.uid)}, not the request's ${uid}`);
  if (typeof response.successful !== 'boolean') throw new KitError('the answer has no boolean response.successful');
  if (!response.successful && !(isJsonObject(response.status) && typeof response.status.code === 'number')) {
    throw new KitError('the answer is a failure without response.status.code');
  }
  if ((response.patch === undefined) !== (response.patchType === undefined)) throw new KitError('the answer must carry patch and patchType together');
  if (response.patchType !== undefined && response.patchType !== 'JSONPatch') throw new KitError(`response.patchType is ${quoted(response.patchType)}; Karmada accepts only JSONPatch`);
  return response as unknown as ResourceInterpreterResponse;
}

/** The JSON Patch operations of a response (none when it carries no patch). */
export function patchOperationsOf(response: ResourceInterpreterResponse): Operation[] {
  if (response.patch === undefined) return [];
  if (typeof response.patch !== 'string') throw new KitError('response.patch must be a base64 string');
  const bytes = Buffer.from(response.patch, 'base64');
  if (bytes.toString('base64') !== response.patch) throw new KitError('response.patch is not standard, padded base64');
  let operations: unknown;
  try {
    operations = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new KitError('response.patch does not decode to JSON');
  }
  if (!Array.isArray(operations)) throw new KitError('response.patch must be a JSON array of operations');
  return operations as Operation[];
}

/**
 * JSON Patch operations applied as Karmada and the apiserver apply them: strictly (validated, so a `remove` or
 * `replace` of a missing path fails), to a copy of `object`.
 */
export function appliedStrictly<T extends JsonValue>(object: T, operations: readonly Operation[]): JsonValue {
  try {
    return fastJsonPatch.applyPatch(structuredClone(object), [...operations], true, false).newDocument as JsonValue;
  } catch (error) {
    throw new KitError(`the patch does not apply to the object: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Applies a response's patch as Karmada does (strictly); the result must still be a Kubernetes object. */
export function patchedObject(object: JsonObject, response: ResourceInterpreterResponse): JsonObject {
  const patched = appliedStrictly(object, patchOperationsOf(response));
  if (!isJsonObject(patched) || typeof patched.kind !== 'string') throw new KitError('the patched object is not a Kubernetes object (no kind)');
  return patched;
}
