// One HTTP(S) client for tests, benchmarks and the e2e: any method and body, a CA of our own for HTTPS (never
// "insecure"), one fresh connection per call unless an agent is given, the whole answer as text.
import { request as httpRequest, type Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** PEM CA certificate(s) to trust for HTTPS, instead of the system's. */
  ca?: string | Buffer;
  timeoutMs?: number;
  /** Keep-alive connections to reuse (the e2e's API server clients); none: a fresh connection per call. */
  agent?: HttpAgent;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export function request(url: string | URL, options: RequestOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = options.body;
  const headers = { ...options.headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
  return new Promise((resolve, reject) => {
    const call = send(
      target,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 10_000,
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    call.on('timeout', () => call.destroy(new Error(`${target.origin}: no answer within ${options.timeoutMs ?? 10_000} ms`)));
    call.on('error', reject);
    call.end(body);
  });
}

/** POSTs `value` as JSON. */
export function postJson(url: string | URL, value: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}): Promise<Answer> {
  return request(url, { ...options, method: 'POST', headers: { 'content-type': 'application/json', ...options.headers }, body: typeof value === 'string' ? value : JSON.stringify(value) });
}
