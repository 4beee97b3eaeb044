// A third-party kind's own CRD (KindIdentity.publishedCrd: OpenKruise's CloneSet, Volcano's Job, Flux's HelmRelease, KubeRay's RayCluster), fetched from its
// project's release through the Go module cache and installed on the control plane and members as that project says.
import { join } from 'node:path';
import type { KindIdentity, PublishedCrd } from '../../../lib/review/kind';
import type { Context } from './checks';
import { kubectl, type Environment } from './cluster';
import { waitFor } from './processes';
import { goModuleDir } from '../../support/upstream';

/** The CRD file of `crd` on this machine, from its module in the Go module cache (test/support/upstream.ts fetches it). */
export async function publishedCrdFile(crd: PublishedCrd): Promise<string> {
  const match = /^go:(.+)@(v[^@]+)$/.exec(crd.source);
  if (match === null) throw new Error(`publishedCrd ${crd.source}: the e2e reads only go:<module>@<version> sources`);
  return join(goModuleDir(match[1]!, match[2]!), crd.file);
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
  const crd = await publishedCrdFile(kind.publishedCrd);
  const everyMember = [...context.pushMembers, ...context.pullMembers];
  await installCrds(context.env, everyMember, [crd], [{ crd: `${kind.plural}.${kind.group}`, groupVersion: `${kind.group}/${version}`, resource: kind.plural }]);
  context.env.log(`${owner}'s ${kind.kind} CRD (${crd}) on karmada-apiserver, ${everyMember.join(', ')}`);
  return crd;
}
