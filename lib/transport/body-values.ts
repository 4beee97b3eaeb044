// A bound on how many values a request body may hold, checked before it is parsed. JSON.parse of a 6 MB body of
// ~2,000,000 `{}` takes ~200 MB on its own, near the function's 256 MB. A fleet's AggregateStatus is the largest real
// body (2,000 clusters of a small status hold ~24,000 values; of a rich one, a few hundred thousand), so the bound
// leaves it room; a body too short cannot pass it, so only a large body is scanned (linear, one pass).

/**
 * The values a body may hold, counted as its objects and lists and the commas between their items: an
 * AggregateStatus of 2,000 clusters (270 KB) holds ~24,000.
 */
export const maxBodyValues = 1_000_000;

/** A body shorter than this cannot hold more than `maxBodyValues` (each takes at least 2 characters). */
const scannedFrom = 2 * maxBodyValues;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const comma = 0x2c;

/** Whether `text` holds more than `maxBodyValues` values outside its strings; the scan stops at the bound. */
export function holdsTooManyValues(text: string): boolean {
  if (text.length < scannedFrom) return false;
  let values = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (code === openBrace || code === openBracket || code === comma) {
      values += 1;
      if (values > maxBodyValues) return true;
    }
  }
  return false;
}
