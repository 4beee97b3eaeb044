// A kind's published CRD (its identity's `publishedCrd`, a Go module) read from the Go module cache at test time,
// never copied into the repository; undefined when the module is not downloaded.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { PublishedCrd } from '../../lib/review/kind';

/** The CRD as parsed YAML, or undefined when its module is not in the cache (or the source is not a Go module). */
export function publishedCrdOf(published: PublishedCrd): Record<string, any> | undefined {
  const module = /^go:(.+)$/.exec(published.source)?.[1];
  if (module === undefined) return undefined;
  const go = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' });
  const cache = go.status === 0 && go.stdout.trim() !== '' ? go.stdout.trim() : (process.env.GOMODCACHE ?? join(homedir(), 'go/pkg/mod'));
  const file = join(cache, module, published.file);
  return existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Record<string, any>) : undefined;
}

/** The names of the versions the CRD serves, in its order. */
export function servedVersionsOf(crd: Record<string, any>): string[] {
  return (crd.spec.versions as { name: string; served: boolean }[]).filter((version) => version.served).map((version) => version.name);
}
