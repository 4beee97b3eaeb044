// A third-party kind's own CRD (KindIdentity.publishedCrd: OpenKruise's CloneSet, Volcano's Job, Flux's HelmRelease,
// KubeRay's RayCluster, KubeVirt's VirtualMachine), read from its project's release through the Go module cache as
// lib/kit/published-crd.ts kindCrdDocument builds it (a CRD file, or one generated in Go: publishedCrd.goSchema),
// written into the run's directory and installed on the control plane and members as that project says.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { kindCrdDocument } from '../../../lib/kit/published-crd';
import type { KindIdentity, PublishedCrd } from '../../../lib/review/kind';
import type { Context } from './checks';
import { kubectl, type Environment } from './cluster';
import { waitFor } from './processes';

const repoRoot = new URL('../../../', import.meta.url).pathname;

/**
 * The project's CRD of `kind` as a file in the run's directory. The newest release's CRD alone (no earlierCrds):
 * what the project installs; the versions dropped since are the admission oracle's concern.
 */
export function publishedCrdFile(env: Pick<Environment, 'dir'>, kind: KindIdentity & { publishedCrd: PublishedCrd }): { file: string; source: string } {
  const document = kindCrdDocument({ ...kind, earlierCrds: [] }, repoRoot);
  if (document === undefined) throw new Error(`${kind.kind}: kindCrdDocument found no published CRD`);
  const file = join(env.dir, `crd-${kind.plural}.${kind.group}.yaml`);
  writeFileSync(file, stringify(document.crd));
  return { file, source: document.source };
}

interface Served {
  /** The CRD's name, e.g. `clonesets.apps.kruise.io`. */
  crd: string;
  groupVersion: string;
  resource: string;
}

/**
 * Set-up, not a check: `files` applied server-side on the control plane and `members`, each CRD Established, and each
 * member's Cluster status in Karmada listing the resource (the scheduler places a binding only on clusters that list it;
 * refreshed every 10 s).
 */
export async function installCrds(env: Environment, members: readonly string[], files: readonly string[], served: readonly Served[]): Promise<void> {
  for (const context of ['karmada-apiserver', ...members]) {
    await kubectl(env, context, ['apply', '--server-side', ...files.flatMap((file) => ['-f', file])]);
    const kube = context === 'karmada-apiserver' ? env.kube : env.memberKube.get(context)!;
    for (const { crd } of served) {
      await waitFor(`${crd} Established on ${context}`, async () => {
        const object = await kube.find(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd}`);
        return ((object?.status?.conditions ?? []) as { type: string; status: string }[]).some((c) => c.type === 'Established' && c.status === 'True') ? true : undefined;
      }, { timeoutMs: 60_000 });
    }
  }
  for (const member of members) {
    await waitFor(`Cluster ${member}'s status in Karmada to list ${served.map((item) => `${item.groupVersion} ${item.resource}`).join(', ')}`, async () => {
      const cluster = await env.kube.find(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`);
      const enablements = (cluster?.status?.apiEnablements ?? []) as { groupVersion: string; resources?: { name: string }[] }[];
      return served.every((item) => (enablements.find((entry) => entry.groupVersion === item.groupVersion)?.resources ?? []).some((resource) => resource.name === item.resource)) ? true : undefined;
    }, { timeoutMs: 120_000 });
  }
}

/**
 * Set-up, not a check: the project's own CRD of `kind` (its identity's publishedCrd) on the control plane and every
 * member, waited until each serves `version` and Karmada lists it; logged with `owner`'s name. Returns the CRD file.
 */
export async function installProjectCrd(context: Context, kind: KindIdentity & { publishedCrd: PublishedCrd }, version: string, owner: string): Promise<string> {
  const { file, source } = publishedCrdFile(context.env, kind);
  const everyMember = [...context.pushMembers, ...context.pullMembers];
  await installCrds(context.env, everyMember, [file], [{ crd: `${kind.plural}.${kind.group}`, groupVersion: `${kind.group}/${version}`, resource: kind.plural }]);
  context.env.log(`${owner}'s ${kind.kind} CRD (${source}) on karmada-apiserver, ${everyMember.join(', ')}`);
  return file;
}

