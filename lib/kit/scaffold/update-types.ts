// `new-kind --update`: a kind's types.ts regenerated from a newer CRD (a file, or the one its identity publishes),
// with the diff from the types.ts it replaces and what the newer CRD serves differently from identity.ts.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { KindIdentity } from '../../review/kind';
import { KitError } from '../cases';
import { loaded } from '../modules';
import { kindCrdDocument } from '../published-crd';
import { UpstreamUnavailable } from '../upstream';
import { unifiedDiff } from '../unified-diff';
import { factsOf, readCrd, type CrdFacts } from './crd';
import { crdSourceName, typesModule } from './types';

export interface TypesUpdate {
  /** types.ts, relative to the repository. */
  file: string;
  /** Where the CRD came from, as the header names it. */
  source: string;
  /** The text types.ts had ('' when the kind had none) and the regenerated one. */
  before: string;
  after: string;
  /** The unified diff between them; '' when nothing changed. */
  diff: string;
  /** What the newer CRD serves differently from identity.ts: versions to add or drop, by hand, with their cases. */
  notes: string[];
}

const isIdentity = (value: unknown): value is KindIdentity =>
  typeof value === 'object' && value !== null && typeof (value as KindIdentity).kind === 'string' && typeof (value as KindIdentity).home === 'string' && Array.isArray((value as KindIdentity).versions);

/** The one KindIdentity a kind folder's identity.ts exports. */
export async function identityOfFolder(folder: string, root: string): Promise<KindIdentity> {
  const file = join(folder, 'identity.ts');
  const inside = relative(root, folder);
  const shown = inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : folder;
  if (!existsSync(file)) throw new KitError(`${shown} is not a kind's folder: it has no identity.ts`);
  const module = await loaded(`${shown}/identity.ts`, async () => (await import(pathToFileURL(file).href)) as Record<string, unknown>);
  const identities = Object.values(module).filter(isIdentity);
  if (identities.length !== 1) throw new KitError(`${shown}/identity.ts exports ${identities.length} kind identities; the contract is exactly one`);
  return identities[0]!;
}

/** The kind's CRD: `published` is the one its identity names (publishedCrd, or its crd.yaml); else a file. */
function newerCrd(identity: KindIdentity, crd: string, root: string): { facts: CrdFacts; source: string } {
  if (crd !== 'published') return { facts: readCrd(crd, identity.kind, identity.group), source: crdSourceName(crd, root) };
  let document;
  try {
    document = kindCrdDocument(identity, root);
  } catch (error) {
    if (error instanceof UpstreamUnavailable) throw new KitError(`--crd published: ${identity.kind}'s CRD cannot be fetched here (${error.message}); give it with --crd FILE`);
    throw error;
  }
  if (document === undefined) throw new KitError(`--crd published: ${identity.home}/identity.ts names no CRD a registry here serves; give one with --crd FILE`);
  // Earlier releases' versions only widen what is served; the types are the newest CRD's storage version's.
  const source = document.source.split('; ')[0]!;
  return { facts: factsOf(document.crd, source), source };
}

/** types.ts regenerated from `crd` for the kind in `folder`; nothing is written here. */
export async function updatedTypes(folder: string, crd: string, root: string): Promise<TypesUpdate> {
  const identity = await identityOfFolder(folder, root);
  const { facts, source } = newerCrd(identity, crd, root);
  const file = `${identity.home}/types.ts`;
  const path = join(root, file);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const after = typesModule(identity.kind, facts.schema, source, identity.home);
  const notes: string[] = [];
  const added = facts.versions.filter((version) => !identity.versions.includes(version));
  const earlier = new Set((identity.earlierCrds ?? []).flatMap((crd) => crd.versions));
  const dropped = identity.versions.filter((version) => !facts.versions.includes(version) && !earlier.has(version));
  if (added.length > 0) notes.push(`the CRD serves ${added.join(', ')}, which ${identity.home}/identity.ts does not: add it there, with its cases under testdata/`);
  if (dropped.length > 0) notes.push(`the CRD no longer serves ${dropped.join(', ')}, which ${identity.home}/identity.ts does: name the release that still did in earlierCrds, or drop it`);
  if (facts.storageVersion !== identity.storageVersion) notes.push(`the CRD stores ${facts.storageVersion}; ${identity.home}/identity.ts says ${identity.storageVersion}`);
  return { file, source, before, after, diff: unifiedDiff(before, after, file), notes };
}
