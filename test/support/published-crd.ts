// A kind's published CRD as parsed YAML (`publishedFile` of upstream.ts), or undefined when it cannot be fetched here
// (the tests that read it then skip).
import { parse } from 'yaml';
import type { PublishedCrd } from '../../lib/review/kind';
import { publishedFile, UpstreamUnavailable } from './upstream';

export function publishedCrdIfReachable(published: PublishedCrd): Record<string, any> | undefined {
  try {
    return parse(publishedFile(published)) as Record<string, any>;
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return undefined;
    throw error;
  }
}
