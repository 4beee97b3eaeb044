// A kind's identity as every review framework sees it: declared once in the kind's folder (`identity.ts`).
import { describeGvk } from './core';

export interface KindIdentity {
  readonly group: string;
  readonly kind: string;
  /** The resource's plural name, as in the CRD (webhook names and rules use it). */
  readonly plural: string;
  /** Served versions, oldest first. */
  readonly versions: readonly string[];
  /** The CRD's storage version: the hub every other version converts through. */
  readonly storageVersion: string;
  /** The kind's folder, relative to the repository root: its CRD (`crd.yaml`) and cases live there. */
  readonly home: string;
  /**
   * Whether this service owns the kind's CRD. A kind whose CRD its own project ships (OpenKruise, Flux, Argo…) is
   * interpreted only: no crd.yaml, no conversion, no admission, and webhook-config never prints its CRD.
   */
  readonly ownCrd: boolean;
  /**
   * Where the kind's project publishes its CRD (a kind with `ownCrd: false`): the newest release a registry reachable
   * here serves, and the CRD's file in it. Tests read the served versions from it (test/kinds/published-crds.test.ts)
   * and the e2e installs it; the service never reads it. Where no registry reachable here serves it, an
   * `UnavailableCrd` says so and what was tried: a kind of Karmada's catalogue names one or the other.
   */
  readonly publishedCrd?: PublishedCrd | UnavailableCrd;
  /**
   * Versions served here that `publishedCrd` no longer serves, each with the newest release that still published it
   * (the admission oracle checks those versions' cases against that release's schema of them). Tests only.
   */
  readonly earlierCrds?: readonly EarlierCrd[];
  /**
   * The family folder this kind is an example of (a `FamilyIdentity`'s `family`): its interpreter is the family's,
   * and it is listed so that the tests and oracles run on a kind with a real CRD. Absent for a kind folder's kind.
   */
  readonly family?: string;
}

/**
 * A family folder: one interpreter for every kind of some groups, at every version, because those kinds share one
 * status convention (Crossplane's managed resources, composites and claims). Karmada matches a webhook rule's group
 * exactly or by `*`, so webhook-config writes a family's rule as its groups with versions and kinds `*`.
 */
export interface FamilyIdentity {
  /** The family's name, as the kinds table and webhook names show it (`Crossplane`). */
  readonly family: string;
  /** The folder, relative to the repository root. */
  readonly home: string;
  /** Always false: a family's CRDs are its projects' (or a team's own), never this service's. */
  readonly ownCrd: false;
  /**
   * The groups served, each exact (`pkg.crossplane.io`) or a suffix pattern (`*.upbound.io`: any group ending so).
   * Exact groups are claimed by webhook-config by default; a pattern's groups are claimed by naming them.
   */
  readonly groups: readonly string[];
  /** Kinds of real CRDs that the tests and oracles run the family on (cases under testdata/<version>/). */
  readonly examples: readonly KindIdentity[];
}

/** Whether `group` is one of a family's groups (exact, or under a `*.suffix` pattern). */
export function familyServes(family: { readonly groups: readonly string[] }, group: string): boolean {
  return family.groups.some((pattern) => (pattern.startsWith('*.') ? group.endsWith(pattern.slice(1)) && group.length > pattern.length - 1 : group === pattern));
}

/** A release's CRD that still served `versions`, which the newest published CRD has dropped. */
export interface EarlierCrd extends PublishedCrd {
  readonly versions: readonly string[];
}

/**
 * A CRD file inside a published artifact. `source` is `go:<module>@<version>` (a module of the Go module proxy) or
 * `maven:<groupId>:<artifactId>:<version>[:<classifier>]` (a jar of Maven Central, or one attached to it such as
 * `tests`); `file` is the CRD's path inside it.
 */
export interface PublishedCrd {
  readonly source: string;
  readonly file: string;
  /** When `file` is Go source holding the CRD's schema as a string rather than a CRD manifest (see `GoSchemaCrd`). */
  readonly goSchema?: GoSchemaCrd;
}

/**
 * A CRD its project generates in Go (KubeVirt's virt-operator): `file` holds a map of raw string literals, and the one
 * under `key` (`"virtualmachine": \`openAPIV3Schema: …\``) is the `schema` of every version. The rest of the CRD is
 * Go code there, so it is written here as that code says (name the Go file and function beside it); the manifest is
 * built from both, each version with the one schema.
 */
export interface GoSchemaCrd {
  readonly key: string;
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly scope: 'Namespaced' | 'Cluster';
  readonly versions: readonly { readonly name: string; readonly storage: boolean }[];
  readonly statusSubresource: boolean;
}

/**
 * A project's CRD that no registry reachable here serves: `unavailable` names what was tried (modules, versions,
 * registries) and where the served versions were read instead. test/kinds/published-crds.test.ts reports such a kind
 * by name as exempt from the comparison with the published CRD, and holds it to saying why.
 */
export interface UnavailableCrd {
  readonly unavailable: string;
}

/** Whether a kind names a CRD to fetch (not absent, not unavailable). */
export function isPublishedCrd(crd: PublishedCrd | UnavailableCrd | undefined): crd is PublishedCrd {
  return crd !== undefined && 'source' in crd;
}

/** A map from `group/version/kind` to whatever a framework keeps per kind, refusing two entries for one key. */
export function byGroupVersionKind<K extends KindIdentity>(kinds: readonly K[], what: string): Map<string, K> {
  const map = new Map<string, K>();
  for (const kind of kinds) {
    for (const version of kind.versions) {
      const key = gvkKey(kind.group, version, kind.kind);
      if (map.has(key)) throw new Error(`two ${what} registered for ${key}`);
      map.set(key, kind);
    }
  }
  return map;
}

export function gvkKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

/** `group/version, Kind=kind` of every version of every kind, for "this service serves …" messages. */
export function servedList(kinds: readonly KindIdentity[]): string {
  return kinds.flatMap((k) => k.versions.map((version) => describeGvk({ group: k.group, version, kind: k.kind }))).join('; ');
}

/**
 * What a "not served" answer names besides the refused kind, the nearest first: the kind's served versions when only
 * the version is unknown; the group's kinds when the group is known; else the groups. A catalogue of forty kinds
 * listed version by version runs past a bounded message's 1,000 characters and would be cut mid-list.
 */
export function servedNear(gvk: { group: string; kind: string }, kinds: readonly KindIdentity[], families: readonly FamilyIdentity[] = []): string {
  const sameKind = kinds.find((k) => k.group === gvk.group && k.kind === gvk.kind);
  if (sameKind !== undefined) return `${sameKind.kind} of ${describeGroup(sameKind.group)} is served at ${sameKind.versions.join(', ')}`;
  const sameGroup = kinds.filter((k) => k.group === gvk.group);
  if (sameGroup.length > 0) return `${describeGroup(gvk.group)} is served for ${sameGroup.map((k) => `${k.kind} (${k.versions.join(', ')})`).join('; ')}`;
  const groups = [...new Set(kinds.filter((k) => k.family === undefined).map((k) => k.group))].sort();
  const ofFamilies = families.map((f) => `; the ${f.family} family serves every kind of ${f.groups.join(', ')}`).join('');
  return `this service interprets ${kinds.filter((k) => k.family === undefined).length} kinds in the groups ${groups.map((group) => group || '""').join(', ')}${ofFamilies} (\`npm run kinds\` and the README list them)`;
}

function describeGroup(group: string): string {
  return group === '' ? 'the core group' : `group ${group}`;
}
