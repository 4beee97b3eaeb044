// Runs one request through a test-only kind's registry, as the service would, and reads the answer as Karmada does.
import { interpret } from '../../../lib/interpreter/interpret';
import type { InterpreterRegistry } from '../../../lib/interpreter/registry';
import type { ResourceInterpreterResponse } from '../../../lib/interpreter/wire/types';
import type { JsonObject } from '../../../lib/review/json';
import { applyResponsePatch, interpreterContext, type JsonMap, type RequestInput } from '../karmada';

export interface Answer {
  response: ResourceInterpreterResponse;
  /** `request.object` with the answer's patch applied strictly (the object itself when there is no patch). */
  patched: JsonObject;
}

export function answer(registry: InterpreterRegistry, input: Omit<RequestInput, 'object' | 'observedObject'> & { object: JsonObject; observedObject?: JsonObject }): Answer {
  const response = interpret(registry, interpreterContext(input as RequestInput)).context.response!;
  const patched = response.patch === undefined ? input.object : (applyResponsePatch(input.object as JsonMap, response) as JsonObject);
  return { response, patched };
}
