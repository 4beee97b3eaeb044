// A bound on how many objects and lists a request body may hold, checked before it is parsed. JSON.parse of a 6 MB
// body of ~2,000,000 `{}` takes ~200 MB on its own, over the function's 256 MB; no Kubernetes object comes near
// the bound, and a body small enough cannot pass it, so only a large body is scanned (linear, one pass).

/** The objects and lists a body may hold: an AggregateStatus of 2,000 clusters (270 KB) holds ~7,400. */
export const maxBodyContainers = 250_000;

/** A body shorter than this cannot hold more than `maxBodyContainers` (each takes at least 2 characters). */
const scannedFrom = 2 * maxBodyContainers;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;

/**
 * Whether `text` opens more than `maxBodyContainers` objects and lists outside its strings. A body too short to do
 * so is not scanned; nor is the scan continued past the bound.
 */
export function holdsTooManyContainers(text: string): boolean {
  if (text.length < scannedFrom) return false;
  let containers = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (code === openBrace || code === openBracket) {
      containers += 1;
      if (containers > maxBodyContainers) return true;
    }
  }
  return false;
}
