// A served kind's CRD as its API server would hold it: its project's published CRD (`publishedCrd`), with each
// version the newest release dropped taken from the newest release that still served it (`earlierCrds`), or ours
// (`crd.yaml`). The admission oracle installs it; `interpret --check --crd published` judges answers by it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { splitApiVersion } from '../review/core';
import type { JsonObject, JsonValue } from '../review/json';
import { isPublishedCrd, type KindIdentity } from '../review/kind';
import { nearestNames, suggesting } from '../review/nearest-names';
import { KitError } from './cases';
import type { CrdFile } from './crd-check';
import { crdsOf } from './crd-schema';
import { folderFiles } from './kind-contract';
import { findKinds, identitiesOf } from './kind-lists';
import { publishedFile, UpstreamUnavailable } from './upstream';

export interface KindCrdDocument {
  /** Where it came from: `go:…@v…:<file>` (and `; v1beta2 from …` per earlier release), or the kind's crd.yaml. */
  source: string;
  /** The CustomResourceDefinition, as parsed. */
  crd: Record<string, any>;
}

/** The CustomResourceDefinition of `identity`'s group and kind among the documents of `text`. */
export function crdOfKind(text: string, identity: Pick<KindIdentity, 'group' | 'kind'>, where: string): Record<string, any> {
  const documents = parseAllDocuments(text).map((document) => document.toJS() as Record<string, any> | null);
  const crd = documents.find((document) => document?.kind === 'CustomResourceDefinition' && document.spec?.group === identity.group && document.spec?.names?.kind === identity.kind);
  if (crd === undefined || crd === null) throw new KitError(`${where} holds no CustomResourceDefinition of ${identity.kind}.${identity.group}`);
  return crd;
}

/**
 * The kind's CRD, or undefined when it names none a registry here serves (publishedCrd.unavailable, or none at all).
 * Throws UpstreamUnavailable when a fetch fails (no go or mvn, a registry refusing).
 */
export function kindCrdDocument(identity: KindIdentity, root: string): KindCrdDocument | undefined {
  let crd: Record<string, any>;
  let source: string;
  if (identity.ownCrd) {
    source = `${identity.home}/${folderFiles.crd}`;
    crd = crdOfKind(readFileSync(join(root, source), 'utf8'), identity, source);
  } else if (isPublishedCrd(identity.publishedCrd)) {
    source = `${identity.publishedCrd.source}:${identity.publishedCrd.file}`;
    crd = crdOfKind(publishedFile(identity.publishedCrd), identity, source);
  } else {
    return undefined;
  }
  for (const earlier of identity.earlierCrds ?? []) {
    const older = crdOfKind(publishedFile(earlier), identity, `${earlier.source}:${earlier.file}`);
    for (const name of earlier.versions) {
      const version = (older.spec.versions as { name: string }[]).find((each) => each.name === name);
      if (version === undefined) throw new KitError(`${earlier.source} ${earlier.file} does not serve ${name} of ${identity.kind}`);
      // Never the storage version: the newest CRD's stays.
      crd.spec.versions = [...(crd.spec.versions as { name: string }[]).filter((each) => each.name !== name), { ...version, served: true, storage: false }];
    }
    source += `; ${earlier.versions.join(', ')} from ${earlier.source}`;
  }
  return { source, crd };
}

/**
 * `--crd published`: the CRDs of the served kinds these objects are of, as kindCrdDocument finds them; a KitError
 * naming the kind when one is not served here, names no CRD a registry serves, or cannot be fetched.
 */
export async function publishedCrdFile(objects: readonly (JsonObject | undefined)[], root: string): Promise<CrdFile> {
  const { kinds } = await findKinds(root);
  const identities = kinds.flatMap((found) => identitiesOf(found));
  const wanted = new Map<string, KindIdentity>();
  for (const object of objects) {
    if (object === undefined || typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') continue;
    const { group } = splitApiVersion(object.apiVersion);
    const identity = identities.find((each) => each.group === group && each.kind === object.kind);
    if (identity === undefined) {
      const near = suggesting(nearestNames(object.kind, identities.map((each) => each.kind)).map((kind) => `${kind}.${identities.find((each) => each.kind === kind)!.group}`));
      throw new KitError(`--crd published: ${object.kind}.${group || 'core'} is not a kind served here${near}; give its CRD with --crd FILE`);
    }
    wanted.set(`${identity.group}/${identity.kind}`, identity);
  }
  const documents: JsonValue[] = [];
  for (const identity of wanted.values()) {
    let document: KindCrdDocument | undefined;
    try {
      document = kindCrdDocument(identity, root);
    } catch (error) {
      if (error instanceof UpstreamUnavailable) throw new KitError(`--crd published: ${identity.kind}'s CRD cannot be fetched here (${error.message}); give it with --crd FILE`);
      throw error;
    }
    if (document === undefined) throw new KitError(`--crd published: ${identity.kind} names no CRD a registry here serves (${identity.home}/identity.ts publishedCrd); give one with --crd FILE`);
    documents.push(document.crd as JsonValue);
  }
  return { name: '--crd published', crds: crdsOf(documents) };
}
