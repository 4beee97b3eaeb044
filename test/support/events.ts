// Loads API Gateway HTTP API event fixtures and builds events around Karmada bodies, like API Gateway would.
import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const fixtures = new URL('../fixtures/events/', import.meta.url);

export function loadEvent(name: string): APIGatewayProxyEventV2 {
  return JSON.parse(readFileSync(new URL(`${name}.json`, fixtures), 'utf8')) as APIGatewayProxyEventV2;
}

export interface EventOptions {
  method?: 'GET' | 'POST';
  /** Route path as API Gateway knows it, e.g. `/interpreter/retain` or `/{token}/interpreter`. */
  routePath?: string;
  rawPath?: string;
  body?: unknown;
  rawBody?: string;
  base64?: boolean;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  sourceIp?: string;
}

/** An HTTP API payload 2.0 event as API Gateway builds it for a Karmada call (`?timeout=10s` included). */
export function httpApiEvent(options: EventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const routePath = options.routePath ?? '/interpreter';
  const rawPath = options.rawPath ?? routePath;
  const text = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const body = text === undefined ? undefined : options.base64 ? Buffer.from(text).toString('base64') : text;
  const routeKey = `${method} ${routePath}`;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: 'timeout=10s',
    headers: {
      accept: 'application/json, */*',
      'accept-encoding': 'gzip',
      'content-type': 'application/json',
      host: 'interpreter.example.com',
      'user-agent': 'kube-apiserver-admission',
      'x-forwarded-proto': 'https',
      ...options.headers,
    },
    queryStringParameters: { timeout: '10s' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: 'interpreter.example.com',
      domainPrefix: 'interpreter',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '203.0.113.10', userAgent: 'kube-apiserver-admission' },
      requestId: 'Zx1dFjUYIAMEVYw=',
      routeKey,
      stage: '$default',
      time: '21/Nov/2026:21:00:00 +0000',
      timeEpoch: 1795294800000,
    },
    isBase64Encoded: options.base64 ?? false,
  };
  if (body !== undefined) event.body = body;
  if (options.pathParameters) event.pathParameters = options.pathParameters;
  return event;
}
