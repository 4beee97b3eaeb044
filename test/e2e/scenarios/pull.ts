// Pull mode: karmada-agent beside the member applies the works and collects status, calling our URL itself
// (Retain, InterpretStatus, InterpretHealth). The controller-manager holds credentials for the pull member too (the
// agent reports them when it registers), so "the agent made the call" is shown by construction: during the status and
// Retain steps karmada-controller-manager is stopped (SIGSTOP), and the member object, the Work's
// status.manifestStatuses and our call log still change.
//
// The Workload's configuration claims every operation but InterpretComponent; each has a check a wrong answer fails
// (InterpretReplica: the binding; InterpretDependency: a ConfigMap the agent applies; InterpretStatus and
// InterpretHealth: Unhealthy with {readyReplicas: 0}, then Healthy; AggregateStatus: the sum; Retain: spec.paused
// kept), except ReviseReplica: Karmada calls it only for a Divided placement (binding controller, needReviseReplicas),
// and the one member here gets the whole Workload (Duplicated).
import { readFileSync } from 'node:fs';
import {
  aggregated,
  applyDuplicated,
  assertNoKarmadaWebhookFailures,
  bindingPath,
  ensureNamespace,
  expectBindingReplicas,
  expectCollected,
  expectMemberReplicas,
  expectSummed,
  markKarmadaLogs,
  memberKube,
  pausedController,
  policyPath,
  reactionTimeoutMs,
  show,
  spec,
  stepAnnotation,
  stepOf,
  waitKarmada,
  waitMember,
  workFor,
  workloadPath,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines } from '../lib/interpreter';
import { waitFor } from '../lib/processes';
import { cleanup } from './guide';

/** Waits for the agent's manifest status of ns/name in the member's Work to satisfy `accept`. */
export function waitWorkStatus(context: Context, member: string, ns: string, name: string, what: string, accept: (found: NonNullable<Awaited<ReturnType<typeof workFor>>>) => string | undefined): Promise<string> {
  return waitFor(`${what} (Work for ${member})`, async () => {
    const found = await workFor(context, member, ns, name);
    return found === undefined ? undefined : accept(found);
  }, { timeoutMs: reactionTimeoutMs, component: context.env.supervisor.get(`karmada-agent-${member}`) });
}

export const pullScenario: Scenario = {
  name: 'pull mode (karmada-agent calls the webhook)',
  checks: 9,
  async run(context, check) {
    const { env } = context;
    const member = context.pullMembers[0]!;
    const interpreter = context.protectedInterpreter;
    const ns = 'e2e-pull';
    const name = 'pulled';
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    // The next two checks are about the set-up (pull mode, the agent applies), not an interpreter answer: Karmada
    // without our webhook passes them too, on purpose; the checks after them are the ones it cannot pass.
    await check(`${member} is registered by its karmada-agent as a Pull cluster`, async () => {
      const cluster = await env.kube.get(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`);
      if (spec(cluster).syncMode !== 'Pull') throw new Error(`syncMode ${String(spec(cluster).syncMode)}`);
      return `syncMode Pull, apiEndpoint ${String(spec(cluster).apiEndpoint)} (the run created no Cluster for it: the agent did)`;
    });

    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await ensureNamespace(context, ns);
    await applyDuplicated(context, ns, name, [member], 2);
    // The pods mount a ConfigMap, propagated with propagateDeps: a dependency (InterpretDependency) the agent applies.
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-conf`, namespace: ns }, data: { 'nginx.conf': 'worker_processes 1;' } };
    const configMapPath = `/api/v1/namespaces/${ns}/configmaps/${configMap.metadata.name}`;
    await env.kube.create(`/api/v1/namespaces/${ns}/configmaps`, configMap);
    await env.kube.mergePatch(workloadPath(ns, name), { spec: { template: { spec: { volumes: [{ name: 'conf', configMap: { name: configMap.metadata.name } }] } } } });
    await env.kube.mergePatch(policyPath(ns, name), { spec: { propagateDeps: true } });

    // Karmada without a hook: a binding without spec.replicas or replicaRequirements.
    await check('InterpretReplica: the binding has replicas 2 and exactly the template\'s resourceRequest', () =>
      waitKarmada(context, 'the binding with replicas and requirements', bindingPath(ns, name), (binding) => expectBindingReplicas(binding, 2)));

    await check(`karmada-agent (not the controller-manager) applies the Workload on ${member} (2 replicas, Duplicated)`, async () => {
      const applied = await waitMember(context, member, 'the Workload with 2 replicas', workloadPath(ns, name), (object) => expectMemberReplicas(object, 2));
      const line = `Successfully applied resource(${ns}/${name}) to cluster ${member}`;
      const agentLog = readFileSync(env.supervisor.get(`karmada-agent-${member}`).log, 'utf8');
      const managerLog = readFileSync(env.supervisor.get('karmada-controller-manager').log, 'utf8');
      if (!agentLog.includes(line)) throw new Error(`the agent's log does not say "${line}"`);
      if (managerLog.includes(line)) throw new Error(`the controller-manager applied it: "${line}" is in its log`);
      return `${applied}; "${line}" in the agent's log only`;
    });

    // Karmada without a hook propagates no dependency.
    await check(`InterpretDependency: the ConfigMap the pods mount reaches ${member} (propagateDeps), applied by karmada-agent`, () =>
      waitMember(context, member, `ConfigMap ${configMap.metadata.name}`, configMapPath, (object) => (show(object.data) === show(configMap.data) ? 'present with its data' : undefined)));

    // Karmada without hooks: Healthy with no status (the member's Workload has none yet).
    await check(`InterpretStatus + InterpretHealth by the agent: the Work for ${member} says Unhealthy with status exactly {readyReplicas: 0}`, () =>
      waitWorkStatus(context, member, ns, name, 'manifest status Unhealthy {readyReplicas: 0}', ({ collected }) => expectCollected(collected, { readyReplicas: 0 }, 'Unhealthy')));

    // With the controller-manager stopped, only karmada-agent can write the Work's status or re-apply the member object.
    await check(`with karmada-controller-manager stopped (SIGSTOP), the agent's InterpretStatus/InterpretHealth/Retain calls change the Work status and the member object`, async () => {
      const paused = await pausedController(context, async () => {
        const callsBefore = callLines(env, interpreter.name).length;
        // Karmada without hooks: status {conditions} only, Healthy. Our answers: readyReplicas 0 filled in, Unhealthy;
        // then readyReplicas 2 of 2, Healthy.
        const conditions = [{ type: 'Available', status: 'True', reason: 'E2E' }];
        await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: { conditions } });
        const partial = await waitWorkStatus(context, member, ns, name, 'manifest status Unhealthy {readyReplicas 0, conditions}', ({ collected }) =>
          expectCollected(collected, { readyReplicas: 0, conditions }, 'Unhealthy'));
        await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: { readyReplicas: 2 } });
        const ready = await waitWorkStatus(context, member, ns, name, 'manifest status Healthy {readyReplicas 2, conditions}', ({ collected }) =>
          expectCollected(collected, { readyReplicas: 2, conditions }, 'Healthy'));
        // Drift on the member (spec.replicas 7) with a member-owned spec.paused: the agent's status controller sees the
        // object differ from the Work and updates it through Retain: replicas back to the Work's 2, paused kept.
        // Karmada without Retain: spec.paused gone.
        await memberKube(context, member).mergePatch(workloadPath(ns, name), { spec: { paused: true, replicas: 7 } });
        const retained = await waitMember(context, member, 'the Workload re-applied by the agent (replicas 2) keeping spec.paused', workloadPath(ns, name), (object) => {
          if (spec(object).replicas !== 2) return undefined;
          if (spec(object).paused !== true) throw new Error(`re-applied without spec.paused: ${show(spec(object))}`);
          return 'spec.replicas 7 -> 2, spec.paused true';
        });
        const calls = callLines(env, interpreter.name).slice(callsBefore);
        const operations = new Map<string, number>();
        for (const line of calls) if (line.operation) operations.set(line.operation, (operations.get(line.operation) ?? 0) + 1);
        return { partial, ready, retained, operations };
      });
      const missing = ['Retain', 'InterpretStatus', 'InterpretHealth'].filter((operation) => !paused.operations.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call reached ${interpreter.name} while the controller-manager was stopped`);
      return `Work status: ${paused.partial}, then ${paused.ready}; member: ${paused.retained}; calls while stopped: ${show(Object.fromEntries(paused.operations))}`;
    });

    // Karmada without AggregateStatus: the control-plane status stays empty. (This call is the controller-manager's.)
    await check(`AggregateStatus (controller-manager, resumed): the binding shows ${member} Healthy and the control plane sums readyReplicas 2`, async () => {
      const perCluster = await waitKarmada(context, `aggregatedStatus of ${member}`, bindingPath(ns, name), (binding) =>
        expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas: 2, conditions: [{ type: 'Available', status: 'True', reason: 'E2E' }] }, 'Healthy'));
      const summed = await waitKarmada(context, 'control-plane status.readyReplicas 2', workloadPath(ns, name), (object) => expectSummed(object, 2));
      return `${member}: ${perCluster}; ${summed}`;
    });

    // The rescale and the step annotation arrive in one Work update, applied by the agent through Retain.
    await check(`Retain by the agent: ${member}'s spec.paused survives a rescale to 4 from the control plane`, async () => {
      await env.kube.mergePatch(workloadPath(ns, name), { metadata: { annotations: { [stepAnnotation]: 'rescale-4' } }, spec: { replicas: 4 } });
      return waitMember(context, member, 'the rescaled Workload (step rescale-4)', workloadPath(ns, name), (object) => {
        if (stepOf(object) !== 'rescale-4') return undefined;
        if (spec(object).replicas !== 4 || spec(object).paused !== true) throw new Error(`after the rescale: ${show(spec(object))}`);
        return 'spec.replicas 4, spec.paused true';
      });
    });

    await check('the webhook received Retain, InterpretStatus and InterpretHealth calls, none failed; Karmada logged no failed call', async () => {
      const lines = callLines(env, interpreter.name).slice(logBefore);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${JSON.stringify(failed[0])}`);
      const operations = new Set(lines.map((line) => line.operation));
      const missing = ['Retain', 'InterpretStatus', 'InterpretHealth'].filter((operation) => !operations.has(operation));
      if (missing.length > 0) throw new Error(`never called: ${missing.join(', ')}`);
      return `${lines.length} calls since the scenario started, all successful; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    await cleanup(context, ns, [name]);
    await env.kube.delete(configMapPath);
  },
};
