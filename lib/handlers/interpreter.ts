// The interpreter functions' handlers: Karmada's ResourceInterpreterContext over the HTTP API transport, plus the
// health route. Imports nothing of conversion or admission, so the interpreter bundles stay free of them; the
// kinds come in as a registry (functions/*.ts pass lib/kinds/interpreters.ts).
import { answerContext, interpreterReady, oversizedAdvice, readContext, type ReadContext } from '../interpreter/interpret';
import type { InterpreterRegistry } from '../interpreter/registry';
import type { InterpreterOperation } from '../interpreter/wire/operations';
import { errored } from '../interpreter/wire/responses';
import { uidOf } from '../review/core';
import { logger } from '../observability/call-record';
import { jsonResult, reviewHandler, type HttpApiHandler, type ReviewEndpoint, type ServedReview } from '../transport/http-api';
import { guard } from './guard';

/** The ResourceInterpreterContext review; with `routeOperation`, only that operation is accepted. */
export function interpreterEndpoint(registry: InterpreterRegistry, routeOperation?: InterpreterOperation): ReviewEndpoint {
  function answer(read: ReadContext): ServedReview {
    const { context, request, failure, healthy, reason } = answerContext(registry, read);
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
    oversizedAdvice,
    // Decoded once, with the transport's uid: loading the kind's module and the answer share that one read.
    // Synchronous once the request's kind is loaded: only the first request naming a kind waits for its module.
    serve(body, _event, uid) {
      const read = readContext(body, routeOperation, uid);
      const loading = interpreterReady(registry, read);
      return loading === undefined ? answer(read) : loading.then(() => answer(read));
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
