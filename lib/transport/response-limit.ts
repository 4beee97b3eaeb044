// Lambda's limit on what a function may return: the size of an answer as Lambda measures it, and the words that
// refuse one over it. Knows the proxy result's shape, not any review's.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { clipped } from '../review/core';

/**
 * Lambda's limit on a synchronous invocation's response payload (6 MB). For API Gateway's proxy integration that
 * payload is the result object as JSON, with the body as one string: its quotes and backslashes escaped again.
 * Over it, Lambda fails the invocation and API Gateway answers a bare 500 without the uid.
 */
export const maxResponseBytes = 6 * 1024 * 1024;

/** Room for `{"statusCode":200,"headers":{},"body":""}` and its punctuation, beside the strings counted below. */
const envelopeBytes = 64;

/**
 * The bytes Lambda will return for `result`, or undefined when they certainly fit under the limit (then nothing is
 * serialised a second time: the common case costs a few additions). The body is JSON text from JSON.stringify (no
 * raw control characters, no lone surrogates), so each of its UTF-16 units is at most 3 bytes in the payload: `"`
 * and `\` become 2, a non-ASCII BMP character is 3 bytes of UTF-8, a surrogate pair 4 for its 2 units.
 */
export function responseBytesOf(result: APIGatewayProxyStructuredResultV2): number | undefined {
  let bound = envelopeBytes + 3 * (result.body?.length ?? 0);
  // Header names and values are ours (content-type, Retry-After), but counted at the worst escape (`\u0000`, 6).
  const headers = result.headers;
  if (headers !== undefined) for (const name in headers) bound += 8 + 6 * (name.length + String(headers[name]).length);
  if (bound <= maxResponseBytes) return undefined;
  return Buffer.byteLength(JSON.stringify(result));
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

/** The refusal's message: which answer, its size and the limit, then what to do (`advice`, from the review). */
export function oversizedAnswerMessage(subject: AnswerSubject, bytes: number, advice: string): string {
  return `${subjectOf(subject)} is ${describeBytes(bytes)}, over the 6 MB (${maxResponseBytes.toLocaleString('en-US')} bytes) a Lambda response may carry; ${advice}`;
}

/** The log line's reason: short, the two figures. */
export function oversizedAnswerReason(bytes: number): string {
  return `the answer is ${bytes} bytes as Lambda returns it, over its ${maxResponseBytes}-byte response limit`;
}
