// The CRD that decides each served kind's objects (lib/kit/published-crd.ts: the project's published CRD with the
// versions it dropped, or ours), prepared for a bare API server (conversion without a webhook) and installed there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { findKinds, identitiesOf } from '../../lib/kit/kind-lists';
import { interpreterRegistry } from '../../lib/kinds/interpreters';
import { kindCrdDocument } from '../../lib/kit/published-crd';
import { kindFolders, repositoryRoot } from '../../lib/kit/kinds';
import { isPublishedCrd, type KindIdentity } from '../../lib/review/kind';
import type { Kube } from '../e2e/lib/kube';
import { waitFor } from '../e2e/lib/processes';

/** What the oracle needs of one version of a CRD. */
export interface CrdVersion {
  /** The status subresource is on: status is written through `/status` and dropped on create. */
  statusSubresource: boolean;
}

export interface KindCrd {
  identity: KindIdentity;
  /** Where the CRD came from, for reports: `go:…@v…:<file>`, `maven:…` or the kind's crd.yaml. */
  source: string;
  name: string;
  namespaced: boolean;
  /** The versions the CRD serves. */
  versions: Map<string, CrdVersion>;
  /** The CRD as installed. */
  object: Record<string, any>;
  /** The CRD is ours and converts through our /convert webhook (conversion `None` until `withConversion`). */
  convertsHere: boolean;
}

/** A kind the oracle cannot check, and why (its project's CRD is not served by any registry here). */
export interface ExemptKind {
  identity: KindIdentity;
  why: string;
}


/**
 * The CRD as a bare API server can serve it: conversion without a webhook (nothing here answers one; validation runs
 * against the schema of the version a request names, whatever the conversion), and only what the API server reads.
 */
function prepared(crd: Record<string, any>): Record<string, any> {
  const object = structuredClone(crd);
  // Annotations stay: a k8s.io group's CRD needs its api-approved.kubernetes.io annotation.
  object.metadata = { name: object.metadata.name, ...(object.metadata.annotations ? { annotations: object.metadata.annotations } : {}) };
  object.spec.conversion = { strategy: 'None' };
  delete object.status;
  return object;
}

/** Every served kind's CRD, and the kinds that have none to check against. */
export async function kindCrds(): Promise<{ crds: KindCrd[]; exempt: ExemptKind[] }> {
  const crds: KindCrd[] = [];
  const exempt: ExemptKind[] = [];
  // The registries list a kind's identity without where its CRD is published: its identity.ts says.
  // A family folder lists several kinds (its examples), each with a CRD of its own.
  const declared = new Map<string, KindIdentity>((await findKinds(repositoryRoot)).kinds.flatMap((found) => identitiesOf(found).map((identity) => [`${identity.group}/${identity.kind}`, identity] as const)));
  const seen = new Set<string>();
  const identities = kindFolders().flatMap((folder) => interpreterRegistry.kinds.filter((kind) => kind.home === folder.identity.home));
  for (const listed of identities.length > 0 ? identities : kindFolders().map((folder) => folder.identity)) {
    const key = `${listed.group}/${listed.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const identity = declared.get(key) ?? listed;
    const document = kindCrdDocument(identity, repositoryRoot);
    if (document === undefined) {
      exempt.push({ identity, why: identity.publishedCrd !== undefined && !isPublishedCrd(identity.publishedCrd) ? identity.publishedCrd.unavailable : 'names no published CRD' });
      continue;
    }
    const { source } = document;
    const crd = prepared(document.crd);
    const versions = new Map<string, CrdVersion>();
    for (const version of crd.spec.versions as { name: string; served: boolean; subresources?: { status?: unknown } }[]) {
      if (version.served) versions.set(version.name, { statusSubresource: version.subresources?.status !== undefined });
    }
    const convertsHere = identity.ownCrd && document.crd.spec.conversion?.strategy === 'Webhook';
    crds.push({ identity, source, name: crd.metadata.name, namespaced: crd.spec.scope === 'Namespaced', versions, object: crd, convertsHere });
  }
  return { crds, exempt };
}

/**
 * The CRD converting through our own /convert, as a member cluster's API server calls it: with conversion `None`, a
 * version whose fields differ from the storage version's (the Workload's `spec.paused`) would lose them when stored.
 */
export function withConversion(crd: KindCrd, conversion: { url: string; caBundle: string }): KindCrd {
  const object = structuredClone(crd.object);
  object.spec.conversion = { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: conversion.url, caBundle: conversion.caBundle } } };
  return { ...crd, object };
}

/** Creates every CRD and waits until each is Established (names accepted, served). */
export async function installCrds(kube: Kube, crds: readonly Pick<KindCrd, 'name' | 'object'>[]): Promise<void> {
  for (const crd of crds) await kube.create('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd.object);
  for (const crd of crds) {
    await waitFor(`${crd.name} Established`, async () => {
      const object = await kube.find(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.name}`);
      return ((object?.status?.conditions ?? []) as { type: string; status: string }[]).some((c) => c.type === 'Established' && c.status === 'True') ? true : undefined;
    }, { timeoutMs: 60_000, intervalMs: 100 });
  }
}

/**
 * Karmada's ResourceBinding CRD, from the pinned release in the Go module cache: what Karmada stores of
 * InterpretReplica and InterpretComponent answers is decided by it.
 */
export function resourceBindingCrd(catalogue: string): Record<string, any> {
  // <module>/pkg/resourceinterpreter/default/thirdparty/resourcecustomizations → <module>
  const module = join(catalogue, '../../../../..');
  const text = readFileSync(join(module, 'charts/karmada/_crds/bases/work/work.karmada.io_resourcebindings.yaml'), 'utf8');
  return prepared(parseAllDocuments(text)[0]!.toJS() as Record<string, any>);
}
