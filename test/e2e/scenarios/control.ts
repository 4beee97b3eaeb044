// The "no webhook" control: our ResourceInterpreterWebhookConfiguration removed, the guide's and pull scenario's key
// steps repeated, and each expectation those scenarios wait for (the expect… predicates of lib/checks.ts) shown to
// REJECT what Karmada (v1.18.2; v1.17.1) does on its own. A check here passes when Karmada's default behaviour is observed and
// our predicate says "not what the webhook gives": if a scenario check could pass without us, this one fails.
import { stringify } from 'yaml';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  applyDuplicated,
  bindingPath,
  deepEqual,
  ensureNamespace,
  expectBindingReplicas,
  expectCollected,
  expectMemberReplicas,
  expectSummed,
  holdsFor,
  memberKube,
  readDeploy,
  show,
  spec,
  status,
  stepAnnotation,
  stepOf,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, interpreterConfigPath } from '../lib/interpreter';
import { waitFor } from '../lib/processes';
import { cleanup } from './guide';
import { waitWorkStatus } from './pull';


/** Throws when our predicate accepts what Karmada did without us (the check that uses it could not fail). */
export function rejected(what: string, accepted: string | undefined, observed: string): string {
  if (accepted !== undefined) throw new Error(`${what}: the scenario's expectation ACCEPTS Karmada's no-webhook result (${accepted})`);
  return `${observed} (rejected by ${what})`;
}

/**
 * Until karmada-controller-manager no longer uses the removed configuration: a new probe Workload's binding has no
 * spec.replicas (Karmada's default; with our InterpretReplica it would have 3). Informers only move forward, so once
 * one probe shows it, every later object is interpreted without us.
 */
export async function untilNoWebhook(context: Context, ns: string): Promise<string> {
  let attempt = 0;
  return waitFor('karmada-controller-manager to stop using the removed interpreter configuration', async () => {
    const name = `probe-${attempt++}`;
    await applyDuplicated(context, ns, name, context.pushMembers);
    const binding = await waitKarmada(context, `the probe ${name}'s binding`, bindingPath(ns, name), (found) => (targetClusters(found).length > 0 ? show(spec(found).replicas ?? null) : undefined));
    return binding === 'null' || binding === '0' ? `probe ${name}: binding without spec.replicas` : undefined;
  }, { timeoutMs: 180_000, intervalMs: 1_000 });
}

export const controlScenario: Scenario = {
  name: 'control: without our webhook, the guide and pull expectations fail',
  checks: 6,
  async run(context, check) {
    const { env } = context;
    const ns = 'e2e-control';
    const members = context.pushMembers;
    const [first, second, third] = members as [string, string, string];
    const pullMember = context.pullMembers[0]!;
    await ensureNamespace(context, ns);
    await env.kube.delete(interpreterConfigPath);
    const probes = await untilNoWebhook(context, ns);
    env.log(`control: ${probes}`);

    // The guide's objects: the sample divided 1:1:1, a template with a ConfigMap and propagateDeps, and the pull Workload.
    const sample = readDeploy('workload-sample.yaml');
    const policy = readDeploy('propagationpolicy.yaml');
    const name = sample.metadata!.name!;
    for (const object of [sample, policy]) object.metadata!.namespace = ns;
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'control-conf', namespace: ns }, data: { a: 'b' } };
    const dependent = readDeploy('workload-sample.yaml');
    dependent.metadata = { name: 'with-config', namespace: ns };
    (dependent.spec as { template: { spec: Record<string, unknown> } }).template.spec.volumes = [{ name: 'config', configMap: { name: 'control-conf' } }];
    const depPolicy = {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'PropagationPolicy',
      metadata: { name: 'with-config', namespace: ns },
      spec: {
        propagateDeps: true,
        resourceSelectors: [{ apiVersion: 'workload.example.io/v1alpha2', kind: 'Workload', name: 'with-config' }],
        placement: { clusterAffinity: { clusterNames: members }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
      },
    };
    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [sample, policy, configMap, dependent, depPolicy].map((object) => stringify(object)).join('---\n'));
    await applyDuplicated(context, ns, 'pulled', [pullMember], 2);

    await check('no webhook: InterpretReplica/ReviseReplica expectations reject the binding and the members\' replicas', async () => {
      const binding = await waitKarmada(context, 'the binding scheduled', bindingPath(ns, name), (found) => (targetClusters(found).length > 0 ? found : undefined));
      const seen = [rejected('expectBindingReplicas(3)', expectBindingReplicas(binding, 3), `binding spec.replicas ${show(spec(binding).replicas ?? null)}, replicaRequirements ${show(spec(binding).replicaRequirements ?? null)}`)];
      for (const member of members) {
        const workload = await waitMember(context, member, 'the Workload', workloadPath(ns, name), (found) => found);
        seen.push(rejected(`${member} expectMemberReplicas(1)`, expectMemberReplicas(workload, 1), `${member}: spec.replicas ${show(spec(workload).replicas)}`));
      }
      return seen.join('; ');
    });

    await check('no webhook: the InterpretHealth/InterpretStatus expectation (Unhealthy, {readyReplicas: 0}) rejects Karmada\'s Healthy with no status', async () => {
      const items = await waitKarmada(context, 'aggregatedStatus for every member', bindingPath(ns, name), (binding) => {
        const found = aggregated(binding);
        return members.every((member) => found.some((item) => item.clusterName === member && item.health !== undefined && item.health !== 'Unknown')) ? found : undefined;
      });
      return members.map((member) => {
        const item = items.find((candidate) => candidate.clusterName === member);
        return rejected(`${member} expectCollected`, expectCollected(item, { readyReplicas: 0 }, 'Unhealthy'), `${member}: ${show(item?.status ?? null)} ${String(item?.health)}`);
      }).join('; ');
    });

    const available = (value: string) => [{ type: 'Available', status: value, reason: 'E2E' }];
    await check(`no webhook: with the guide's member statuses, Karmada reflects ${third}'s status whole and Healthy and never sums on the control plane`, async () => {
      const written: Record<string, Record<string, unknown>> = {
        [first]: { readyReplicas: 1, conditions: available('True') },
        [second]: { readyReplicas: 1 },
        [third]: { conditions: available('False') },
      };
      for (const member of members) await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: written[member] });
      const item = await waitKarmada(context, `${third}'s status reflected`, bindingPath(ns, name), (binding) => {
        const found = aggregated(binding).find((candidate) => candidate.clusterName === third);
        return found !== undefined && deepEqual(found.status, written[third]) ? found : undefined;
      });
      const third_ = rejected(`${third} expectCollected`, expectCollected(item, { readyReplicas: 0, conditions: available('False') }, 'Unhealthy'), `${third}: ${show(item.status)} ${String(item.health)}`);
      const held = await holdsFor('the control-plane Workload without status.readyReplicas', 20_000, async () => {
        const workload = await env.kube.get(workloadPath(ns, name));
        return status(workload).readyReplicas === undefined ? 'control-plane status.readyReplicas absent' : undefined;
      });
      const workload = await env.kube.get(workloadPath(ns, name));
      return `${third_}; ${rejected('expectSummed(2)', expectSummed(workload, 2), held)}`;
    });

    await check(`no webhook: the Retain expectation fails: ${first}'s spec.paused is overwritten by a rescale`, async () => {
      await memberKube(context, first).mergePatch(workloadPath(ns, name), { spec: { paused: true } });
      await env.kube.mergePatch(workloadPath(ns, name), { metadata: { annotations: { [stepAnnotation]: 'rescale-6' } }, spec: { replicas: 6 } });
      return waitMember(context, first, 'the rescaled Workload (step rescale-6)', workloadPath(ns, name), (workload) => {
        if (stepOf(workload) !== 'rescale-6') return undefined;
        if (spec(workload).paused === true) throw new Error('spec.paused survived without a Retain hook: the Retain check could pass without us');
        return `${first}: spec ${show({ replicas: spec(workload).replicas, paused: spec(workload).paused ?? null })} (paused lost)`;
      });
    });

    await check('no webhook: the InterpretDependency expectation fails: the ConfigMap does not reach the members', async () => {
      for (const member of members) await waitMember(context, member, 'the dependent Workload', workloadPath(ns, 'with-config'), () => 'present');
      return holdsFor('no ConfigMap control-conf on the members', 20_000, async () => {
        for (const member of members) {
          if ((await memberKube(context, member).find(`/api/v1/namespaces/${ns}/configmaps/control-conf`)) !== undefined) return undefined;
        }
        return `dependent Workload on ${members.join(', ')}, ConfigMap on none`;
      });
    });

    await check(`no webhook, pull mode: karmada-agent reports ${pullMember} Healthy with the status whole, and drops spec.paused on re-apply`, async () => {
      await waitMember(context, pullMember, 'the pulled Workload', workloadPath(ns, 'pulled'), () => 'present');
      const conditions = available('True');
      await memberKube(context, pullMember).mergePatch(`${workloadPath(ns, 'pulled')}/status`, { status: { conditions } });
      const collected = await waitWorkStatus(context, pullMember, ns, 'pulled', 'the manifest status {conditions}', ({ collected: found }) =>
        found !== undefined && deepEqual(found.status, { conditions }) ? rejected('expectCollected', expectCollected(found, { readyReplicas: 0, conditions }, 'Unhealthy'), `${show(found.status)} ${String(found.health)}`) : undefined);
      await memberKube(context, pullMember).mergePatch(workloadPath(ns, 'pulled'), { spec: { paused: true, replicas: 7 } });
      const reapplied = await waitMember(context, pullMember, 'the Workload re-applied by the agent (replicas 2)', workloadPath(ns, 'pulled'), (object) => {
        if (spec(object).replicas !== 2) return undefined;
        if (spec(object).paused === true) throw new Error('spec.paused survived without a Retain hook');
        return 'spec.replicas 7 -> 2, spec.paused gone';
      });
      return `Work status ${collected}; member ${reapplied}`;
    });

    await cleanup(context, ns, [name, 'with-config', 'pulled', ...Array.from({ length: 10 }, (_, index) => `probe-${index}`)]);
    await applyWebhookConfig(env, context.protectedInterpreter);
  },
};
