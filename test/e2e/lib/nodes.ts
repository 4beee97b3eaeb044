// Node objects with no kubelet behind them: the capacity a scheduling check needs on a member, as Karmada reads it
// (summed into the Cluster's resourceSummary), and their removal when the scenario ends.
import { memberKube, type Context } from './checks';
import { waitFor } from './processes';

/**
 * Adds (or updates) a Ready Node named `nodeName` with `allocatable` on each member, then waits until Karmada's Cluster
 * object of each shows that many CPUs: the scheduler reads resourceSummary, not the members' Nodes.
 */
export async function addNodes(context: Context, nodeName: string, capacities: readonly (readonly [member: string, allocatable: Record<string, string>])[]): Promise<void> {
  for (const [member, allocatable] of capacities) {
    const kube = memberKube(context, member);
    if ((await kube.find(`/api/v1/nodes/${nodeName}`)) === undefined) {
      await kube.create('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: nodeName, labels: { 'kubernetes.io/hostname': nodeName } } });
    }
    const now = new Date().toISOString();
    await kube.mergePatch(`/api/v1/nodes/${nodeName}/status`, {
      status: { capacity: allocatable, allocatable, conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'e2e: no kubelet, a Node object only', lastHeartbeatTime: now, lastTransitionTime: now }] },
    });
  }
  for (const [member, allocatable] of capacities) {
    await waitFor(`Cluster ${member}'s resourceSummary to show ${allocatable.cpu} CPUs`, async () => {
      const cluster = await context.env.kube.find(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`);
      const cpu = (cluster?.status as { resourceSummary?: { allocatable?: { cpu?: string } } } | undefined)?.resourceSummary?.allocatable?.cpu;
      return cpu === allocatable.cpu ? true : undefined;
    }, { timeoutMs: 120_000 });
  }
}

export async function removeNodes(context: Context, nodeName: string, members: readonly string[]): Promise<void> {
  for (const member of members) await memberKube(context, member).delete(`/api/v1/nodes/${nodeName}`);
}
