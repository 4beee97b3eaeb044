// A small node:http stand-in for API Gateway + Lambda: same routes, same events, same handlers as deployed.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '../observability/call-record';
import { matchRoute, type RouteMatch } from '../routes';
import { maxBodyBytes, type HttpApiHandler } from '../transport/http-api';
import { httpApiEventOf } from './http-api-event';
import { idleCollector, type IdleCollector } from './idle-collector';
import type { LargeBodies } from './large-bodies';

export interface LocalServerOptions {
  handlers: Readonly<Record<string, HttpApiHandler>>;
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** A full garbage collection, run after large bodies when the server goes quiet, and when its last client disconnects (idle-collector.ts); none: never. */
  collect?: () => void;
  /** Where bodies of megabytes are answered, off the server's event loop (large-bodies.ts); none: in it. */
  largeBodies?: LargeBodies;
}

/** API Gateway's own answers, for requests that never reach a function. */
const notFound = { message: 'Not Found' };
const tooLarge = { message: 'Request Entity Too Large' };

function send(response: ServerResponse, statusCode: number, headers: Record<string, string | number | boolean>, body: string | Buffer): void {
  // A flat [name, value, ...] list: node stores it as is, where an object is copied and each name checked again.
  const list: (string | number | boolean)[] = [];
  for (const name in headers) {
    if (name.toLowerCase() === 'content-length') continue;
    list.push(name, headers[name]!);
  }
  list.push('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  response.writeHead(statusCode, list as string[]);
  response.end(body);
}

function sendJson(response: ServerResponse, statusCode: number, value: unknown): void {
  send(response, statusCode, { 'content-type': 'application/json' }, JSON.stringify(value));
}

function sendResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  send(response, result.statusCode ?? 200, result.headers ?? {}, body);
}

/**
 * An oversized body is answered 413 at once, and the rest of it is read and discarded so that a client still
 * uploading receives that answer instead of a reset connection; past this many bytes the connection is dropped.
 */
const drainLimitBytes = 8 * maxBodyBytes;

function discardRest(request: IncomingMessage, alreadyRead: number): void {
  let size = alreadyRead;
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > drainLimitBytes) request.destroy();
  });
  request.on('error', () => undefined);
}

/**
 * A body that comes in several chunks is gathered in one buffer kept for the next request (up to this size) rather
 * than a new one per request: its bytes become the event's text before anything else runs, and a per-request buffer
 * stayed allocated (outside V8's heap, until a garbage collection found it), which under load grew the process by
 * tens of megabytes. One request at a time holds it; another one reading meanwhile gathers in a buffer of its own.
 */
const keptBodyBytes = 1024 * 1024;
let kept = Buffer.allocUnsafe(0);
let keptHolder: IncomingMessage | undefined;

function gatheringBuffer(request: IncomingMessage, needed: number): Buffer {
  if (needed > keptBodyBytes || (keptHolder !== undefined && keptHolder !== request)) return Buffer.allocUnsafe(needed);
  if (kept.length < needed) kept = Buffer.allocUnsafe(Math.min(keptBodyBytes, Math.max(needed, 2 * kept.length, 64 * 1024)));
  keptHolder = request;
  return kept;
}

/**
 * Reads the body, then calls `done` once: with its bytes (valid only until `done` returns, as they may be in the
 * kept buffer), or with undefined as soon as the body passes Lambda's payload limit.
 */
function readBody(request: IncomingMessage, done: (raw: Buffer | undefined) => void, failed: (error: unknown) => void): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    discardRest(request, 0);
    return done(undefined);
  }
  let first: Buffer | undefined;
  let gathered: Buffer | undefined;
  let size = 0;
  let finished = false;
  const release = () => {
    if (keptHolder === request) keptHolder = undefined;
  };
  request.on('data', (chunk: Buffer) => {
    if (size + chunk.length > maxBodyBytes) {
      finished = true;
      release();
      discardRest(request, size + chunk.length);
      done(undefined);
      return;
    }
    if (size === 0) {
      // One chunk is the common case for small bodies: used as it is, not copied.
      first = chunk;
      size = chunk.length;
      return;
    }
    const needed = size + chunk.length;
    if (gathered === undefined || gathered.length < needed) {
      const larger = gatheringBuffer(request, Math.max(needed, Number.isFinite(declared) ? Math.min(declared, maxBodyBytes) : 0));
      (gathered ?? first!).copy(larger, 0, 0, size);
      gathered = larger;
      first = undefined;
    }
    chunk.copy(gathered, size);
    size = needed;
  });
  request.on('end', () => {
    if (finished) return;
    finished = true;
    try {
      done(gathered !== undefined ? gathered.subarray(0, size) : (first ?? Buffer.alloc(0)));
    } finally {
      release();
    }
  });
  request.on('close', release);
  request.on('error', (error) => {
    // After the body was read, an error of the request stream changes nothing (the answer is on its way).
    if (finished) return;
    finished = true;
    release();
    failed(error);
  });
}

/** Matches of token-less route paths, remembered (a path holding a caller token, or none of ours, is never kept). */
const knownRoutes = new Map<string, RouteMatch>();

function routeOf(method: string, path: string): RouteMatch | undefined {
  const key = `${method} ${path}`;
  const known = knownRoutes.get(key);
  if (known !== undefined) return known;
  const match = matchRoute(method, path);
  if (match !== undefined && match.pathParameters === undefined && knownRoutes.size < 64) knownRoutes.set(key, match);
  return match;
}

function serve(request: IncomingMessage, response: ServerResponse, { handlers, largeBodies }: LocalServerOptions, collector: IdleCollector): void {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const match = routeOf(method, queryStart === -1 ? url : url.slice(0, queryStart));
  const handler = match && handlers[match.route.functionName];
  if (match === undefined || handler === undefined) {
    request.resume();
    logger.warn('no route', { method, httpStatus: 404 });
    return sendJson(response, 404, notFound);
  }
  readBody(
    request,
    (raw) => {
      if (raw === undefined) {
        logger.warn('request body too large', { route: `${match.route.method} ${match.route.path}`, httpStatus: 413 });
        // No `connection: close`: closing while the client still uploads would reset the connection before it reads this.
        return sendJson(response, 413, tooLarge);
      }
      // The event is built before `done` returns: `raw` may be the kept buffer, reused by the next request.
      let answered: Promise<APIGatewayProxyStructuredResultV2>;
      collector.started(raw.length);
      try {
        const event = httpApiEventOf(request, raw, match);
        answered = largeBodies !== undefined && raw.length >= largeBodies.minBytes ? largeBodies.answer(match.route.functionName, event) : handler(event);
      } catch (error) {
        collector.finished();
        return failed(response, error);
      }
      answered
        .then(
          (result) => {
            collector.finished();
            sendResult(response, result);
          },
          (error: unknown) => {
            collector.finished();
            failed(response, error);
          },
        )
        .catch((error: unknown) => failed(response, error));
    },
    (error) => failed(response, error),
  );
}

function failed(response: ServerResponse, error: unknown): void {
  logger.error('local server failure', { error: error instanceof Error ? error.message : String(error) });
  if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
  else response.destroy();
}

export function createLocalServer(options: LocalServerOptions): Server {
  const { tls, collect, largeBodies } = options;
  const collector = idleCollector(collect === undefined ? undefined : { collect });
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    try {
      serve(request, response, options, collector);
    } catch (error) {
      failed(response, error);
    }
  };
  const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, listener) : createHttpServer(listener);
  server.keepAliveTimeout = 65_000;
  if (largeBodies !== undefined) server.on('close', () => void largeBodies.stop());
  if (collector.active) {
    // Open connections, counted so that the collector hears when the last one closes (idle-collector.ts).
    let open = 0;
    server.on('connection', (socket: Socket) => {
      open++;
      socket.once('close', () => {
        if (--open === 0) collector.disconnected();
      });
    });
  }
  return server;
}
