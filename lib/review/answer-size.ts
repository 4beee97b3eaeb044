// Lambda's limit on an answer, the measure of an answer against it, and the words that refuse one over it. The
// measure counts what JSON.stringify would write without writing it, so an answer too large to return is refused
// before megabytes of text are built for nothing (and before the memory for them is spent).
import { clipped, ReviewFailure } from './core';

/**
 * Lambda's limit on a synchronous invocation's response payload (6 MB). For API Gateway's proxy integration that
 * payload is the result object as JSON, with the body as one string: its quotes and backslashes escaped again.
 * Over it, Lambda fails the invocation and API Gateway answers a bare 500 without the uid.
 */
export const maxResponseBytes = 6 * 1024 * 1024;

/** A string JSON.stringify writes as it is, between its quotes: no quote, backslash, control or non-ASCII unit. */
const plain = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * The UTF-8 bytes of `text` as JSON.stringify writes it, quotes included; `again`: as the JSON text holding it is
 * written once more as a string (a proxy result's body), where each quote and backslash gains a backslash.
 */
export function jsonStringBytes(text: string, again = false): number {
  const escaped = again ? 2 : 1; // each `"` or `\` JSON.stringify adds, and the `"` or `\` it escapes
  if (plain.test(text)) return text.length + 2 * escaped;
  let bytes = 2 * escaped;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0x22 || unit === 0x5c) bytes += 2 * escaped;
    else if (unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) bytes += 1 + escaped;
    else if (unit < 0x20) bytes += 5 + escaped;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) bytes += 5 + escaped; // a lone surrogate: `\udxxx`
    else bytes += 3;
  }
  return bytes;
}

/**
 * The UTF-8 bytes of `JSON.stringify(value)`, counted without building it: linear in the value, and it allocates
 * nothing per string. Fields whose value is undefined are left out, as JSON.stringify leaves them out. It recurses
 * as JSON.stringify does, so a value nested thousands of levels deep overflows the stack here as it would there.
 */
export function jsonBytes(value: unknown): number {
  return measured(value, false);
}

/** The UTF-8 bytes of `JSON.stringify(JSON.stringify(value))`: a proxy result's body as Lambda returns it. */
export function bodyBytes(value: unknown): number {
  return measured(value, true) + 2;
}

/** `again`: inside a JSON string, where each quote and backslash gains a backslash (without that string's quotes). */
function measured(value: unknown, again: boolean): number {
  switch (typeof value) {
    case 'string':
      return jsonStringBytes(value, again);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      if (value === null) return 4;
      if (Array.isArray(value)) {
        let bytes = 1 + Math.max(value.length, 1);
        for (const item of value) bytes += item === undefined || typeof item === 'function' ? 4 : measured(item, again);
        return bytes;
      }
      let bytes = 2;
      let fields = 0;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function') continue;
        bytes += jsonStringBytes(key, again) + 1 + measured(item, again);
        fields++;
      }
      return bytes + Math.max(fields - 1, 0);
    }
    default:
      return 0;
  }
}

const mebibyte = 1024 * 1024;

/** `7.4 MB (7,759,104 bytes)`: Lambda's documentation counts 6 MB as 6 × 2²⁰ bytes, and so does this. */
export function describeBytes(bytes: number): string {
  return `${(bytes / mebibyte).toFixed(1)} MB (${bytes.toLocaleString('en-US')} bytes)`;
}

/** What the refused answer was about, as the call's log line has it. */
export interface AnswerSubject {
  operation?: string;
  /** `group/version/Kind`. */
  kind?: string;
  namespace?: string;
  name?: string;
}

function subjectOf({ operation, kind, namespace, name }: AnswerSubject): string {
  const what = operation === undefined ? 'the answer' : `the ${operation} answer`;
  if (kind === undefined) return what;
  // The request's own strings, cut to the longest a real object has: a refusal of megabytes would be refused too.
  const object = name === undefined || name === '' ? '' : ` ${namespace ? `${clipped(namespace, 63)}/` : ''}${clipped(name, 253)}`;
  return `${what} for ${clipped(kind, 320)}${object}`;
}

/**
 * The refusal's message: which answer, its size and the limit, then what to do (`advice`, from the review). An answer
 * measured before it was written (`atLeast`) is at least that size: writing it for Lambda only adds escapes.
 */
export function oversizedAnswerMessage(subject: AnswerSubject, bytes: number, advice: string, atLeast = false): string {
  const size = `${atLeast ? 'at least ' : ''}${describeBytes(bytes)}`;
  return `${subjectOf(subject)} is ${size}, over the 6 MB (${maxResponseBytes.toLocaleString('en-US')} bytes) a Lambda response may carry; ${advice}`;
}

/** The log line's reason: short, the two figures. */
export function oversizedAnswerReason(bytes: number, atLeast = false): string {
  return `the answer is ${atLeast ? 'at least ' : ''}${bytes} bytes as Lambda returns it, over its ${maxResponseBytes}-byte response limit`;
}

/**
 * An answer found too large before it was written: `bytes` is what it would at least take (a JSON Patch's base64,
 * say). The review that threw it refuses the request with `oversizedAnswerMessage`, naming what it was about.
 */
export class OversizedAnswer extends ReviewFailure {
  constructor(readonly bytes: number) {
    super(413, oversizedAnswerReason(bytes, true));
    this.name = 'OversizedAnswer';
  }
}
