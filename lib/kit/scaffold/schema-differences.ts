// Where a CRD's served versions' schemas differ from its storage version's: a converter that copies objects
// unchanged is right only where they do not (a field that one version lacks is pruned, one of another type is refused).
// Work is linear in the schemas' size: each node of both trees is visited once.
import type { CrdFacts, SchemaNode } from './crd';

/** What documents a schema without constraining its data: a difference there changes no object. */
const documentation = new Set(['description', 'title', 'example', 'externalDocs']);
/** What holds other schemas: compared field by field, below the node's own path. */
const nested = new Set(['properties', 'items', 'additionalProperties']);
/** Deeper than this, a node is compared whole (a schema that deep is written by a machine, not a person). */
const maxDepth = 64;

/** The differences between two versions' schemas: `spec.updateStrategy.rollingUpdate.partition: only in v1beta1`. */
export interface VersionDifferences {
  /** The served version compared with the storage version. */
  version: string;
  storageVersion: string;
  /** One line per difference, in schema order. */
  paths: string[];
}

/** The same value whatever the order of its keys (two versions may list a node's fields in another order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([key]) => !documentation.has(key)).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = canonical(value);
  return text.length <= 40 ? text : `${text.slice(0, 37)}...`;
}

function child(path: string, name: string): string {
  const key = /^[A-Za-z_$][\w$-]*$/.test(name) ? name : JSON.stringify(name);
  return path === '' ? key : `${path}.${key}`;
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compare(a: SchemaNode, b: SchemaNode, names: [string, string], path: string, depth: number, out: string[]): void {
  const where = path === '' ? '(the schema)' : path;
  if (depth >= maxDepth) {
    if (canonical(a) !== canonical(b)) out.push(`${where}: differs`);
    return;
  }
  const record = (line: string) => out.push(line);
  const attributes = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => !documentation.has(key) && !nested.has(key)));
  for (const key of attributes) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (canonical(x) !== canonical(y)) record(`${where}: ${key} ${shown(x)} in ${names[0]}, ${shown(y)} in ${names[1]}`);
  }
  const [pa, pb] = [a.properties ?? {}, b.properties ?? {}];
  for (const name of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
    const [x, y] = [Object.hasOwn(pa, name) ? pa[name] : undefined, Object.hasOwn(pb, name) ? pb[name] : undefined];
    if (x === undefined || y === undefined) record(`${child(path, name)}: only in ${names[x === undefined ? 1 : 0]}`);
    else compare(x, y, names, child(path, name), depth + 1, out);
  }
  if (a.items !== undefined || b.items !== undefined) {
    if (isNode(a.items) && isNode(b.items)) compare(a.items, b.items, names, `${path}[]`, depth + 1, out);
    else record(`${path}[]: items only in ${names[a.items === undefined ? 1 : 0]}`);
  }
  const [ma, mb] = [a.additionalProperties, b.additionalProperties];
  if (isNode(ma) && isNode(mb)) compare(ma, mb, names, `${path}[*]`, depth + 1, out);
  else if (canonical(ma) !== canonical(mb)) record(`${where}: additionalProperties ${shown(ma)} in ${names[0]}, ${shown(mb)} in ${names[1]}`);
}

/** Every served version whose schema differs from the storage version's, with the differing paths. */
export function versionDifferences(facts: CrdFacts): VersionDifferences[] {
  const hub = facts.storageVersion;
  return facts.versions.filter((version) => version !== hub).flatMap((version) => {
    const paths: string[] = [];
    compare(facts.schemas[version] ?? {}, facts.schemas[hub] ?? facts.schema, [version, hub], '', 0, paths);
    return paths.length === 0 ? [] : [{ version, storageVersion: hub, paths }];
  });
}

/** One line: `v1alpha1 and v1beta1 differ at spec.x: only in v1beta1; …` with at most `limit` paths a pair. */
export function describeDifferences(differences: readonly VersionDifferences[], limit = 8): string {
  return differences.map(({ version, storageVersion, paths }) => {
    const listed = paths.slice(0, limit).join('; ');
    return `${version} and ${storageVersion} differ at ${listed}${paths.length > limit ? `; and ${paths.length - limit} more` : ''}`;
  }).join('; ');
}
