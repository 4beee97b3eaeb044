// Builds the API Gateway HTTP API (payload 2.0) event that API Gateway would send for a local request.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteMatch } from '../routes';

/**
 * Header names lowercased, repeated headers joined with commas, as API Gateway (payload 2.0) does. Read from
 * `rawHeaders`: node's `request.headers` is built lazily on first use and drops repeats of some headers.
 */
function headersOf(request: IncomingMessage): Record<string, string> {
  // No prototype: a header named `constructor` or `__proto__` is a header like any other.
  const headers: Record<string, string> = Object.create(null);
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const seen = headers[name];
    headers[name] = seen === undefined ? raw[i + 1]! : `${seen},${raw[i + 1]!}`;
  }
  return headers;
}

function queryParametersOf(query: string): Record<string, string> | undefined {
  if (query === '') return undefined;
  const parameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) parameters[key] = parameters[key] === undefined ? value : `${parameters[key]},${value}`;
  return parameters;
}


let timeMillis = Number.NaN;
let timeText = '';

/** `requestContext.time`, formatted once per millisecond (requests in the same millisecond share it). */
function timeOf(now: number): string {
  if (now !== timeMillis) {
    timeMillis = now;
    timeText = new Date(now).toISOString();
  }
  return timeText;
}

/** The caller's address as API Gateway gives it: IPv4 callers without the `::ffff:` prefix. */
function sourceIpOf(request: IncomingMessage): string {
  const address = request.socket.remoteAddress;
  if (address === undefined) return '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

let requestCount = 0;
let requestIdPrefix = '';

/** Unique per local request, like API Gateway's request ids (a counter: cheaper than a UUID per call). */
function nextRequestId(): string {
  requestCount += 1;
  // Built once (per process: a node:cluster worker has its own pid).
  if (requestIdPrefix === '') requestIdPrefix = `local-${process.pid.toString(36)}-`;
  return requestIdPrefix + requestCount.toString(36);
}

let hostSeen = '';
let hostPrefix = 'localhost';

/** `requestContext.domainPrefix`: the first label of the host, remembered for the last host seen. */
function domainPrefixOf(host: string): string {
  if (host !== hostSeen) {
    hostSeen = host;
    hostPrefix = host.split('.')[0]!;
  }
  return hostPrefix;
}

export function httpApiEventOf(request: IncomingMessage, raw: Buffer, match: RouteMatch): APIGatewayProxyEventV2 {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const method = request.method ?? 'GET';
  const routeKey = `${match.route.method} ${match.route.path}`;
  const headers = headersOf(request);
  const host = headers.host ?? 'localhost';
  const now = Date.now();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: domainPrefixOf(host),
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: sourceIpOf(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: nextRequestId(),
      routeKey,
      stage: '$default',
      time: timeOf(now),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
  // Text bodies travel as text, anything that is not valid UTF-8 as base64, as API Gateway does.
  if (raw.length > 0) {
    if (isUtf8(raw)) event.body = raw.toString('utf8');
    else {
      event.body = raw.toString('base64');
      event.isBase64Encoded = true;
    }
  }
  const queryStringParameters = queryParametersOf(rawQueryString);
  if (queryStringParameters !== undefined) event.queryStringParameters = queryStringParameters;
  if (match.pathParameters !== undefined) event.pathParameters = match.pathParameters;
  return event;
}
