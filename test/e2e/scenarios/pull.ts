// Pull mode: karmada-agent beside the member applies the works and collects status, calling our URL itself
// (Retain, InterpretStatus, InterpretHealth); the control plane has no credentials for that member.
import { readFileSync } from 'node:fs';
import { aggregated, applyDuplicated, bindingPath, ensureNamespace, memberKube, spec, status, waitKarmada, waitMember, workloadPath, type Scenario } from '../lib/checks';
import { applyWebhookConfig, callLines } from '../lib/interpreter';
import { cleanup } from './guide';

export const pullScenario: Scenario = {
  name: 'pull mode (karmada-agent calls the webhook)',
  async run(context, check) {
    const { env } = context;
    const member = context.pullMembers[0]!;
    const interpreter = context.protectedInterpreter;
    const ns = 'e2e-pull';
    const name = 'pulled';
    const logBefore = callLines(env, interpreter.name).length;

    await check(`${member} is registered by its karmada-agent as a Pull cluster`, async () => {
      const cluster = await env.kube.get(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`);
      if (spec(cluster).syncMode !== 'Pull') throw new Error(`syncMode ${String(spec(cluster).syncMode)}`);
      return `syncMode Pull, apiEndpoint ${String(spec(cluster).apiEndpoint)} (the run created no Cluster for it: the agent did)`;
    });

    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await ensureNamespace(context, ns);
    await applyDuplicated(context, ns, name, [member], 2);

    await check(`karmada-agent (not the controller-manager) applies the Workload on ${member} (2 replicas, Duplicated)`, async () => {
      const applied = await waitMember(context, member, 'the Workload with 2 replicas', workloadPath(ns, name), (object) => (spec(object).replicas === 2 ? 'spec.replicas 2' : undefined));
      const line = `Successfully applied resource(${ns}/${name}) to cluster ${member}`;
      const agentLog = readFileSync(env.supervisor.get(`karmada-agent-${member}`).log, 'utf8');
      const managerLog = readFileSync(env.supervisor.get('karmada-controller-manager').log, 'utf8');
      if (!agentLog.includes(line)) throw new Error(`the agent's log does not say "${line}"`);
      if (managerLog.includes(line)) throw new Error(`the controller-manager applied it: "${line}" is in its log`);
      return `${applied}; "${line}" in the agent's log only`;
    });

    await check(`InterpretStatus + InterpretHealth by the agent: ${member}'s readyReplicas shows Healthy in the binding and on the control plane`, async () => {
      await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: { readyReplicas: 2 } });
      const perCluster = await waitKarmada(context, `aggregatedStatus of ${member}: readyReplicas 2, Healthy`, bindingPath(ns, name), (binding) => {
        const item = aggregated(binding).find((candidate) => candidate.clusterName === member);
        return item?.health === 'Healthy' && item.status?.readyReplicas === 2 ? `${member}: ${JSON.stringify(item.status)} ${item.health}` : undefined;
      });
      const summed = await waitKarmada(context, 'control-plane status.readyReplicas 2', workloadPath(ns, name), (object) =>
        status(object).readyReplicas === 2 ? 'control plane status.readyReplicas 2' : undefined);
      return `${perCluster}; ${summed}`;
    });

    await check(`Retain by the agent: ${member}'s spec.paused survives a rescale to 4 from the control plane`, async () => {
      await memberKube(context, member).mergePatch(workloadPath(ns, name), { spec: { paused: true } });
      await env.kube.mergePatch(workloadPath(ns, name), { spec: { replicas: 4 } });
      return waitMember(context, member, 'the rescaled Workload keeping spec.paused', workloadPath(ns, name), (object) => {
        if (spec(object).replicas !== 4) return undefined;
        if (spec(object).paused !== true) throw new Error(`spec.paused was overwritten: ${JSON.stringify(spec(object))}`);
        return 'spec.replicas 4, spec.paused true';
      });
    });

    await check('the webhook received Retain, InterpretStatus and InterpretHealth calls, none failed', async () => {
      const lines = callLines(env, interpreter.name).slice(logBefore);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${JSON.stringify(failed[0])}`);
      const operations = new Set(lines.map((line) => line.operation));
      const missing = ['Retain', 'InterpretStatus', 'InterpretHealth'].filter((operation) => !operations.has(operation));
      if (missing.length > 0) throw new Error(`never called: ${missing.join(', ')}`);
      return `${lines.length} calls since the scenario started, all successful`;
    });

    await cleanup(context, ns, [name]);
  },
};
