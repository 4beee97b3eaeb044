// The interpreter functions' handlers: Karmada's ResourceInterpreterContext over the HTTP API transport, plus the
// health route. Imports nothing of conversion or admission, so the interpreter bundles stay free of them.
import type { InterpreterOperation } from '../protocol/operations';
import { uidOf } from '../protocol/request';
import { errored } from '../protocol/responses';
import { interpret } from '../interpreters/interpret';
import { registry } from '../interpreters/index';
import { logger } from '../observability/call-record';
import { jsonResult, reviewHandler, type HttpApiHandler, type ReviewEndpoint } from '../transport/http-api';
import { guard } from './guard';

/** The ResourceInterpreterContext review; with `routeOperation`, only that operation is accepted. */
export function interpreterEndpoint(routeOperation?: InterpreterOperation): ReviewEndpoint {
  return {
    uidOf,
    failure: errored,
    serve(body) {
      const { context, request, failure } = interpret(registry, body, routeOperation);
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
          error: failure,
        },
      };
    },
  };
}

/** Handler for one operation's route: `POST [/{token}]/interpreter/<operation>`. */
export function operationHandler(operation: InterpreterOperation): HttpApiHandler {
  return reviewHandler(interpreterEndpoint(operation), { guard });
}

const anyOperation = reviewHandler(interpreterEndpoint(), { guard });

/** Handler for the single-URL routes: `POST [/{token}]/interpreter` (any operation) and `GET /healthz` (unprotected). */
export const dispatcherHandler: HttpApiHandler = async (event, context) => {
  if (event.requestContext?.http?.method === 'GET') {
    logger.info('health check', { route: event.routeKey, requestId: event.requestContext.requestId, httpStatus: 200 });
    return jsonResult(200, { status: 'ok' });
  }
  return anyOperation(event, context);
};
