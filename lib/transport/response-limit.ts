// The size of an answer as Lambda measures it: the proxy result as JSON. Knows the proxy result's shape, not any
// review's; the limit, the measure and the words of a refusal are lib/review/answer-size.ts's.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jsonBytes, maxResponseBytes } from '../review/answer-size';

/** Room for `{"statusCode":200,"headers":{},"body":""}` and its punctuation, beside the strings counted below. */
const envelopeBytes = 64;

/**
 * The bytes Lambda will return for `result`, or undefined when they certainly fit under the limit (then nothing is
 * counted: the common case costs a few additions). The body is JSON text from JSON.stringify (no raw control
 * characters, no lone surrogates), so each of its UTF-16 units is at most 3 bytes in the payload: `"` and `\` become
 * 2, a non-ASCII BMP character is 3 bytes of UTF-8, a surrogate pair 4 for its 2 units. Past that bound the result
 * is counted, not serialised again: an answer of megabytes is not copied to be measured.
 */
export function responseBytesOf(result: APIGatewayProxyStructuredResultV2): number | undefined {
  let bound = envelopeBytes + 3 * (result.body?.length ?? 0);
  // Header names and values are ours (content-type, Retry-After), but counted at the worst escape (`\u0000`, 6).
  const headers = result.headers;
  if (headers !== undefined) for (const name in headers) bound += 8 + 6 * (name.length + String(headers[name]).length);
  if (bound <= maxResponseBytes) return undefined;
  return jsonBytes(result);
}
