// The API Gateway (payload 2.0) event the local server builds from a node:http request.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { httpApiEventOf } from '../../lib/local/http-api-event';
import { matchRoute } from '../../lib/routes';

function requestOf(rawHeaders: string[], remoteAddress = '::ffff:10.0.0.7'): IncomingMessage {
  return { method: 'POST', url: '/interpreter/interpret-replica?timeout=10s', httpVersion: '1.1', rawHeaders, socket: { remoteAddress } } as unknown as IncomingMessage;
}

const match = matchRoute('POST', '/interpreter/interpret-replica')!;

describe('httpApiEventOf', () => {
  it('lowercases header names and joins repeated headers with commas, as API Gateway does', () => {
    const event = httpApiEventOf(requestOf(['Content-Type', 'application/json', 'X-Trace', 'a', 'x-trace', 'b', 'Host', 'h.example']), Buffer.from('{}'), match);
    expect(event.headers).toEqual({ 'content-type': 'application/json', 'x-trace': 'a,b', host: 'h.example' });
    expect(event.requestContext.domainName).toBe('h.example');
  });

  it('keeps headers named like Object.prototype members as plain headers', () => {
    const event = httpApiEventOf(requestOf(['constructor', 'x', '__proto__', 'y', 'toString', 'z']), Buffer.from('{}'), match);
    expect(Object.entries(event.headers)).toEqual([['constructor', 'x'], ['__proto__', 'y'], ['tostring', 'z']]);
  });

  it('gives IPv4 callers without the ::ffff: prefix, IPv6 callers as they are', () => {
    expect(httpApiEventOf(requestOf([]), Buffer.from('{}'), match).requestContext.http.sourceIp).toBe('10.0.0.7');
    expect(httpApiEventOf(requestOf([], '2001:db8::1'), Buffer.from('{}'), match).requestContext.http.sourceIp).toBe('2001:db8::1');
  });

  it('passes UTF-8 bodies as text (U+FFFD included) and anything else as base64', () => {
    const text = '{"a":"é \uFFFD"}';
    const utf8 = httpApiEventOf(requestOf([]), Buffer.from(text), match);
    expect(utf8).toMatchObject({ body: text, isBase64Encoded: false });
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(httpApiEventOf(requestOf([]), bytes, match)).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('keeps the query string and an ISO time that matches timeEpoch', () => {
    const event = httpApiEventOf(requestOf([]), Buffer.alloc(0), match);
    expect(event.rawQueryString).toBe('timeout=10s');
    expect(event.queryStringParameters).toEqual({ timeout: '10s' });
    expect(new Date(event.requestContext.time).getTime()).toBe(event.requestContext.timeEpoch);
    expect(event.body).toBeUndefined();
  });
});
