// Where a ResourceInterpreterContext is answered: this project's interpreters in-process, or any interpreter
// webhook URL over HTTP(S), called as Karmada's webhook client calls it.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { interpretWhenReady } from '../interpreter/interpret';
import type { InterpreterRegistry } from '../interpreter/registry';
import { interpreterRegistry } from '../kinds/interpreters';
import type { ResourceInterpreterContext } from '../interpreter/wire/types';
import { servedList } from '../review/kind';
import { KitError } from './cases';

/** Sends one context and returns the decoded JSON answer (not yet verified). */
export type Webhook = (context: ResourceInterpreterContext) => Promise<unknown>;

/** The registry's interpreters, through the same entry point the functions use (JSON in, JSON out). */
export function localWebhook(local: InterpreterRegistry = interpreterRegistry): Webhook {
  return async (context) => JSON.parse(JSON.stringify((await interpretWhenReady(local, JSON.parse(JSON.stringify(context)))).context));
}

export const localKinds = (): string[] => servedList(interpreterRegistry.kinds).split('; ');

export interface WebhookOptions {
  /** The webhook's URL as in clientConfig.url (it may carry a token in its path). */
  url: string;
  /** PEM certificates to trust instead of the system CAs (clientConfig.caBundle). */
  caBundle?: string | Buffer;
  timeoutSeconds?: number;
}

const maxAnswerBytes = 16 * 1024 * 1024;

/** The URL as it may be shown: scheme, host and port only, since the path may hold the caller token. */
export function shownUrl(url: URL): string {
  return url.origin;
}

export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new KitError('--url is not an absolute URL (expected https://<host>/<path>)'); // not echoed: it may hold a token
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new KitError(`--url must be https (or http for a local server), got ${url.protocol.slice(0, -1)}`);
  if (url.username !== '' || url.password !== '') throw new KitError('--url must not contain user-info (Karmada sends none)');
  return url;
}

/** POSTs each context to `url` with `?timeout=Ns`, as Karmada does, and reads a JSON answer of at most 16 MB. */
export function remoteWebhook(options: WebhookOptions): Webhook {
  const url = parseWebhookUrl(options.url);
  const timeoutSeconds = options.timeoutSeconds ?? 10;
  if (!url.searchParams.has('timeout')) url.searchParams.set('timeout', `${timeoutSeconds}s`);
  const where = shownUrl(url);
  return (context) =>
    new Promise((resolve, reject) => {
      const body = Buffer.from(JSON.stringify(context));
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const call = send(
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': body.length },
          timeout: timeoutSeconds * 1000,
          ...(url.protocol === 'https:' && options.caBundle !== undefined ? { ca: options.caBundle } : {}),
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxAnswerBytes) {
              call.destroy(new KitError(`the webhook at ${where} answered more than 16 MB`));
              return;
            }
            chunks.push(chunk);
          });
          answer.on('error', (error) => reject(new KitError(`reading the answer of ${where}: ${error.message}`)));
          answer.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (answer.statusCode !== 200) {
              reject(new KitError(`the webhook at ${where} answered HTTP ${answer.statusCode} (Karmada fails the call): ${text.slice(0, 300)}`));
              return;
            }
            try {
              resolve(JSON.parse(text));
            } catch {
              reject(new KitError(`the webhook at ${where} answered HTTP 200 with a body that is not JSON: ${text.slice(0, 300)}`));
            }
          });
        },
      );
      call.on('timeout', () => call.destroy(new KitError(`the webhook at ${where} did not answer within ${timeoutSeconds}s`)));
      call.on('error', (error) => reject(error instanceof KitError ? error : new KitError(`cannot call the webhook at ${where}: ${error.message}`)));
      call.end(body);
    });
}
