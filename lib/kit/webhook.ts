// Where a ResourceInterpreterContext is answered: this project's interpreters in-process, or any interpreter
// webhook URL over HTTP(S), called as Karmada's webhook client calls it.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { interpretWhenReady } from '../interpreter/interpret';
import type { InterpreterRegistry } from '../interpreter/registry';
import type { ResourceInterpreterContext } from '../interpreter/wire/types';
import { KitError } from './cases';
import { loaded } from './modules';

/** Sends one context and returns the decoded JSON answer (not yet verified). */
export type Webhook = (context: ResourceInterpreterContext) => Promise<unknown>;

/**
 * The registry's interpreters (default: this project's, lib/kinds/interpreters.ts), through the same entry point the
 * functions use (JSON in, JSON out). This project's are loaded on the first call: a kind that does not load is then
 * an UnreachableWebhook naming its file, which stops a run, instead of a stack trace before the tool starts.
 */
/**
 * This project's registry with every kind loaded (the functions load a kind on its first call; a tool loads them all
 * at once, so a kind that does not load stops it with one line naming the kind's own file, its load's cause).
 */
async function everyKindLoaded(): Promise<InterpreterRegistry> {
  const { interpreterRegistry } = await import('../kinds/interpreters');
  try {
    await interpreterRegistry.loadAll();
  } catch (error) {
    throw (error as Error).cause ?? error;
  }
  return interpreterRegistry;
}

/** The exception behind each local answer of code 500, keyed by the answer: the answer itself stays the deployed one. */
const failures = new WeakMap<object, { thrown: unknown }>();

/**
 * What the interpreter threw, when `answer` is a local webhook's 500 because of it (the deployed webhook logs it
 * and answers the same generic message); undefined for any other answer, a remote one included.
 */
export function failureBehind(answer: unknown): { thrown: unknown } | undefined {
  return typeof answer === 'object' && answer !== null ? failures.get(answer) : undefined;
}

export function localWebhook(local?: InterpreterRegistry): Webhook {
  let registry: Promise<InterpreterRegistry> | undefined;
  return async (context) => {
    registry ??= local === undefined
      ? loaded('the interpreters (lib/kinds/interpreters.ts)', everyKindLoaded, UnreachableWebhook)
      : Promise.resolve(local);
    const outcome = await interpretWhenReady(await registry, JSON.parse(JSON.stringify(context)));
    const answer = JSON.parse(JSON.stringify(outcome.context)) as object;
    if ('failure' in outcome) failures.set(answer, { thrown: outcome.failure });
    if (outcome.reason !== undefined) answerReasons.set(answer, outcome.reason);
    return answer;
  };
}

/** The reasons of in-process answers, by answer: beside the wire answer, never in it. */
const answerReasons = new WeakMap<object, string>();

/**
 * The reason an answer of `localWebhook` came with (a health answer's, a refusal's: what the call's log line says).
 * Undefined for any other answer: a webhook called over HTTP sends none (Karmada's protocol has no room for it; the
 * server's log line has it).
 */
export function answerReasonOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? answerReasons.get(answer) : undefined;
}

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

/** A host name or address of this machine: plain http:// stays on it (Karmada itself only ever calls https). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new KitError('--url is not an absolute URL (expected https://<host>/<path>)'); // not echoed: it may hold a token
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new KitError(`--url ${shownUrl(url)} must be https: http:// is accepted only for a server on this machine (127.0.0.1, [::1], localhost)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new KitError(`--url must be https (or http for a server on this machine), got ${url.protocol.slice(0, -1)}`);
  if (url.username !== '' || url.password !== '') throw new KitError('--url must not contain user-info (Karmada sends none): drop the "user@" part');
  return url;
}

/**
 * The webhook could not be reached at all (connection refused, a name that does not resolve, TLS, no answer in
 * time; locally, interpreters that do not load): no case can pass, so `--check` stops at the first one instead of
 * failing every case the same way.
 */
export class UnreachableWebhook extends KitError {}

/** Node's message, but OpenSSL's (a file name and line after the reason, over lines) cut to its reason. */
function reasonOf(error: NodeJS.ErrnoException): string {
  const openssl = /error:[0-9A-F]+:SSL routines:[^:]*:([^:]+)/.exec(error.message);
  return openssl ? `${error.code ?? 'TLS error'}: ${openssl[1]}` : error.message.split('\n')[0]!;
}

/** What the user can do about a failed connection, by Node's error code. */
function fixFor(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'nothing listens there: start the webhook, or correct --url';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve: correct --url';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) return "the server's certificate is not trusted: give its CA with --ca-bundle, or correct --url's host";
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) return 'TLS failed: is it an https server? use http:// for a plain server on this machine';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host is unreachable from here: check the network, or correct --url';
  return 'check --url and that the webhook is up';
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
      call.on('timeout', () => call.destroy(new UnreachableWebhook(`the webhook at ${where} did not answer within ${timeoutSeconds}s: check that it is up, or raise --timeout-seconds`)));
      call.on('error', (error) => reject(error instanceof KitError ? error : new UnreachableWebhook(`cannot call the webhook at ${where}: ${reasonOf(error)} (${fixFor(error)})`)));
      call.end(body);
    });
}
