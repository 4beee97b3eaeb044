// Files other projects publish (their CRDs), fetched through the registries a developer's machine reaches (the Go
// module proxy, Maven Central) and read in place: for the tests, the admission oracle and `interpret --crd
// published`; never copied into the repository, never read by the service.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parse, stringify } from 'yaml';
import type { GoSchemaCrd, PublishedCrd } from '../review/kind';

/** A fetch that did not work: why, in one line (the tests skip with it, or fail under CI=true). */
export class UpstreamUnavailable extends Error {
  override readonly name = 'UpstreamUnavailable';
}

const fetched = new Map<string, string>();

/** The folder of `module@version` in the Go module cache, downloaded through the Go module proxy when missing. */
export function goModuleDir(module: string, version: string): string {
  const key = `go:${module}@${version}`;
  const known = fetched.get(key);
  if (known !== undefined) return known;
  const run = spawnSync('go', ['mod', 'download', '-json', `${module}@${version}`], { encoding: 'utf8', timeout: 600_000, cwd: homedir() });
  let answer: { Dir?: string; Error?: string } = {};
  try {
    answer = JSON.parse(run.stdout || '{}') as typeof answer;
  } catch {
    // go printed no JSON: its stderr says why.
  }
  if (run.status !== 0 || answer.Dir === undefined || !existsSync(answer.Dir)) {
    const why = answer.Error ?? (run.error?.message || run.stderr.trim().split('\n').at(-1) || `exit ${run.status}`);
    throw new UpstreamUnavailable(`go mod download ${module}@${version} failed: ${why}`);
  }
  fetched.set(key, answer.Dir);
  return answer.Dir;
}

/**
 * The path of `groupId:artifactId:version`'s jar in the local Maven repository, fetched from Maven Central when
 * missing; with a classifier (`tests`, `sources`), that attached jar of the same release.
 */
export function mavenJar(groupId: string, artifactId: string, version: string, classifier?: string): string {
  const suffix = classifier === undefined ? '' : `-${classifier}`;
  const jar = join(homedir(), '.m2/repository', ...groupId.split('.'), artifactId, version, `${artifactId}-${version}${suffix}.jar`);
  if (existsSync(jar)) return jar;
  const artifact = classifier === undefined ? `${groupId}:${artifactId}:${version}` : `${groupId}:${artifactId}:${version}:jar:${classifier}`;
  const run = spawnSync('mvn', ['-q', '-B', 'dependency:get', `-Dartifact=${artifact}`, '-Dtransitive=false'], { encoding: 'utf8', timeout: 600_000, cwd: homedir() });
  if (run.status !== 0 || !existsSync(jar)) {
    const why = run.error?.message || `${run.stdout}${run.stderr}`.trim().split('\n').filter((line) => /ERROR/.test(line))[0] || `exit ${run.status}`;
    throw new UpstreamUnavailable(`mvn dependency:get ${artifact} failed: ${why}`);
  }
  return jar;
}

/**
 * One file of a published artifact, as text: `go:<module>@<version>` or `maven:<groupId>:<artifactId>:<version>`
 * (optionally `:<classifier>`, e.g. Strimzi's CRDs ride in its api's `tests` jar).
 */
export function publishedFile({ source, file, goSchema }: PublishedCrd): string {
  const go = /^go:(.+)@(v[^@]+)$/.exec(source);
  if (go !== null) {
    const path = join(goModuleDir(go[1]!, go[2]!), file);
    if (!existsSync(path)) throw new UpstreamUnavailable(`${source} has no ${file}`);
    const text = readFileSync(path, 'utf8');
    return goSchema === undefined ? text : goSchemaCrdManifest(goStringEntry(text, goSchema.key, `${source} ${file}`), goSchema);
  }
  const maven = /^maven:([^:]+):([^:]+):([^:]+)(?::([^:]+))?$/.exec(source);
  if (maven !== null) {
    // fflate is a development dependency: only a CRD in a Maven jar needs it.
    const { unzipSync } = createRequire(import.meta.url)('fflate') as typeof import('fflate');
    const entries = unzipSync(readFileSync(mavenJar(maven[1]!, maven[2]!, maven[3]!, maven[4])), { filter: (entry) => entry.name === file });
    const bytes = entries[file];
    if (bytes === undefined) throw new UpstreamUnavailable(`${source} has no ${file}`);
    return new TextDecoder().decode(bytes);
  }
  throw new UpstreamUnavailable(`publishedCrd.source ${JSON.stringify(source)} is neither go:<module>@<version> nor maven:<groupId>:<artifactId>:<version>[:<classifier>]`);
}

/**
 * The raw string literal under `"key":` in Go source (an entry of a `map[string]string` literal, as KubeVirt's
 * validations_generated.go holds each CRD's schema). A raw string has no escapes and ends at the next backquote.
 */
export function goStringEntry(text: string, key: string, where: string): string {
  const start = text.indexOf(`\n\t"${key}": \``);
  if (start < 0) throw new UpstreamUnavailable(`${where} has no raw string entry "${key}"`);
  const from = text.indexOf('`', start) + 1;
  const end = text.indexOf('`', from);
  if (end < 0) throw new UpstreamUnavailable(`${where}: the raw string entry "${key}" does not end`);
  return text.slice(from, end);
}

/** The CRD manifest a Go-generated CRD amounts to: the schema document (`openAPIV3Schema: …`) in every version. */
export function goSchemaCrdManifest(schemaText: string, crd: GoSchemaCrd): string {
  const schema = parse(schemaText) as unknown;
  if (typeof schema !== 'object' || schema === null || !('openAPIV3Schema' in schema)) {
    throw new UpstreamUnavailable(`the Go string "${crd.key}" is not an openAPIV3Schema document`);
  }
  return stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${crd.plural}.${crd.group}` },
    spec: {
      group: crd.group,
      names: { kind: crd.kind, plural: crd.plural, singular: crd.kind.toLowerCase() },
      scope: crd.scope,
      versions: crd.versions.map(({ name, storage }) => ({
        name,
        served: true,
        storage,
        schema,
        ...(crd.statusSubresource ? { subresources: { status: {} } } : {}),
      })),
    },
  }, { aliasDuplicateObjects: false });
}
