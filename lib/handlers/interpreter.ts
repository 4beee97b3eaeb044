// The interpreter functions' handlers: Karmada's ResourceInterpreterContext over the HTTP API transport, plus the
// health route. Imports nothing of conversion or admission, so the interpreter bundles stay free of them; the
// kinds come in as a registry (functions/*.ts pass lib/kinds/interpreters.ts).
import { interpret, interpreterReady } from '../interpreter/interpret';
import type { InterpreterRegistry } from '../interpreter/registry';
import type { InterpreterOperation } from '../interpreter/wire/operations';
import { errored } from '../interpreter/wire/responses';
import { uidOf } from '../review/core';
import { logger } from '../observability/call-record';
import { jsonResult, reviewHandler, type HttpApiHandler, type ReviewEndpoint, type ServedReview } from '../transport/http-api';
import { guard } from './guard';

/** The ResourceInterpreterContext review; with `routeOperation`, only that operation is accepted. */
export function interpreterEndpoint(registry: InterpreterRegistry, routeOperation?: InterpreterOperation): ReviewEndpoint {
  function answer(body: unknown): ServedReview {
    const { context, request, failure, healthy, reason } = interpret(registry, body, routeOperation);
    const response = context.response!;
    return {
      reply: { body: context },
      outcome: {
        successful: response.successful,
        code: response.successful ? 200 : (response.status?.code ?? 500),
        statusMessage: response.status?.message,
        operation: request?.operation,
        kind: request ? `${request.kind.group}/${request.kind.version}/${request.kind.kind}` : undefined,
        namespace: request?.namespace,
        name: request?.name,
        healthy,
        reason,
        error: failure,
      },
    };
  }

  return {
    uidOf,
    failure: errored,
    // The answers that grow with the object: InterpretDependency, InterpretStatus, the patches of large lists.
    oversizedAdvice:
      'shrink the object (this answer grows with it), or leave this operation of this kind to Karmada: ' +
      'webhook-config --exclude-operations, or a Lua ResourceInterpreterCustomization for it',
    // Synchronous once the request's kind is loaded: only the first request naming a kind waits for its module.
    serve(body) {
      const loading = interpreterReady(registry, body);
      return loading === undefined ? answer(body) : loading.then(() => answer(body));
    },
  };
}

/** Handler for one operation's route: `POST [/{token}]/interpreter/<operation>`. */
export function operationHandler(registry: InterpreterRegistry, operation: InterpreterOperation): HttpApiHandler {
  return reviewHandler(interpreterEndpoint(registry, operation), { guard });
}

/** Handler for the single-URL routes: `POST [/{token}]/interpreter` (any operation) and `GET /healthz` (unprotected). */
export function dispatcherHandler(registry: InterpreterRegistry): HttpApiHandler {
  const anyOperation = reviewHandler(interpreterEndpoint(registry), { guard });
  return async (event, context) => {
    if (event.requestContext?.http?.method === 'GET') {
      logger.info('health check', { route: event.routeKey, requestId: event.requestContext.requestId, httpStatus: 200 });
      return jsonResult(200, { status: 'ok' });
    }
    return anyOperation(event, context);
  };
}
