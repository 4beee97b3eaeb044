// A small node:http stand-in for API Gateway + Lambda: same routes, same events, same handlers as deployed.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '../observability/call-record';
import { matchRoute, type RouteMatch } from '../routes';
import { maxBodyBytes, type HttpApiHandler } from '../transport/http-api';
import { httpApiEventOf } from './http-api-event';

export interface LocalServerOptions {
  handlers: Readonly<Record<string, HttpApiHandler>>;
  tls?: { cert: string | Buffer; key: string | Buffer };
}

/** API Gateway's own answers, for requests that never reach a function. */
const notFound = { message: 'Not Found' };
const tooLarge = { message: 'Request Entity Too Large' };

function send(response: ServerResponse, statusCode: number, headers: Record<string, string | number | boolean>, body: string | Buffer): void {
  response.writeHead(statusCode, { ...headers, 'content-length': Buffer.byteLength(body) });
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

/** The body, or undefined as soon as it passes Lambda's payload limit. */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      discardRest(request, 0);
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        discardRest(request, size);
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks, size)));
    request.on('error', reject);
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

async function serve(request: IncomingMessage, response: ServerResponse, handlers: LocalServerOptions['handlers']): Promise<void> {
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
  const raw = await readBody(request);
  if (raw === undefined) {
    logger.warn('request body too large', { route: `${match.route.method} ${match.route.path}`, httpStatus: 413 });
    // No `connection: close`: closing while the client still uploads would reset the connection before it reads this.
    return sendJson(response, 413, tooLarge);
  }
  sendResult(response, await handler(httpApiEventOf(request, raw, match)));
}

export function createLocalServer({ handlers, tls }: LocalServerOptions): Server {
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    serve(request, response, handlers).catch((error: unknown) => {
      logger.error('local server failure', { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
      else response.destroy();
    });
  };
  const server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, listener) : createHttpServer(listener);
  server.keepAliveTimeout = 65_000;
  return server;
}
