// Both InterpretComponent choices of `npm run webhook-config`, with Karmada's alpha gates on (MultiplePodTemplatesScheduling)
// and a Duplicated policy: why the operation is opt-in.
//
// The Workload's configuration claims every operation (InterpretComponent only in the second half). What a wrong
// answer would change for these objects is checked: InterpretReplica, InterpretComponent, and InterpretStatus,
// InterpretHealth and AggregateStatus of the members' status. The rest change nothing here, so no check can see them:
// ReviseReplica is called only for a Divided placement (these are Duplicated), the sample references no ConfigMap or
// Secret (InterpretDependency), and no member-side field is set (Retain); readme, single, pull and versions check them.
import { aggregated, applyDuplicated, bindingPath, deepEqual, ensureNamespace, expectBindingReplicas, expectCollected, expectMemberReplicas, expectSummed, memberKube, sampleRequest, show, spec, waitKarmada, waitMember, workloadPath, type Context, type Scenario } from '../lib/checks';
import { applyWebhookConfig, callLines, claimedOperations } from '../lib/interpreter';
import { probeName, untilControllerCalls } from '../lib/wiring';
import { cleanup } from './guide';

// The Workload's claims: a kind that revises nothing (a multi-template job) has InterpretComponent claimed by default.
const workloadClaims = (context: Context) => claimedOperations(context.env, { group: 'workload.example.io', kind: 'Workload' });

export const componentsScenario: Scenario = {
  name: 'InterpretComponent: left out by default, opt-in with --include-operations',
  checks: 3,
  async run(context, check) {
    const { env } = context;
    const ns = 'e2e-components';
    const interpreter = context.openInterpreter;
    await ensureNamespace(context, ns);

    let before = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter);
    // Karmada calls InterpretReplica only when no InterpretComponent hook is configured (detector.go).
    await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretReplica');
    await applyDuplicated(context, ns, 'without-components', context.pushMembers);
    // Duplicated 3 on every member happens without any webhook too; what only our InterpretReplica gives is the
    // binding's spec.replicas 3 with the template's resourceRequest (Karmada without a hook: neither), and no
    // components (Karmada calls InterpretComponent only when a hook claims it).
    await check('default webhook-config (no InterpretComponent): the binding has replicas 3 and the resourceRequest from InterpretReplica, no components; 3 replicas on every member', async () => {
      if ((await workloadClaims(context)).includes('InterpretComponent')) throw new Error("the default configuration claims the Workload's InterpretComponent");
      const binding = await waitKarmada(context, 'the binding from InterpretReplica', bindingPath(ns, 'without-components'), (found) => {
        const seen = expectBindingReplicas(found, 3);
        if (seen !== undefined && spec(found).components !== undefined) throw new Error(`components without an InterpretComponent hook: ${show(spec(found).components)}`);
        return seen;
      });
      const seen: string[] = [];
      for (const member of context.pushMembers) {
        seen.push(`${member}: ${await waitMember(context, member, 'the Workload with 3 replicas', workloadPath(ns, 'without-components'), (object) => expectMemberReplicas(object, 3))}`);
      }
      return `${binding}, no components; ${seen.join(', ')}`;
    });

    // Karmada without hooks: Healthy, no status (the members have none), then the whole status and no control-plane sum.
    await check('InterpretStatus + InterpretHealth + AggregateStatus: members without status are Unhealthy with exactly {readyReplicas: 0}; with readyReplicas 3 each they are Healthy with exactly {readyReplicas: 3}, and the control plane sums 9', async () => {
      const path = workloadPath(ns, 'without-components');
      const collected = (readyReplicas: number, health: 'Healthy' | 'Unhealthy') => waitKarmada(context, `every member ${health} with {readyReplicas: ${readyReplicas}}`, bindingPath(ns, 'without-components'), (binding) => {
        const seen = context.pushMembers.map((member) => expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas }, health));
        return seen.every((item) => item !== undefined) ? context.pushMembers.map((member, index) => `${member}: ${seen[index]!}`).join(', ') : undefined;
      });
      const empty = await collected(0, 'Unhealthy');
      for (const member of context.pushMembers) await memberKube(context, member).mergePatch(`${path}/status`, { status: { readyReplicas: 3 } });
      const ready = await collected(3, 'Healthy');
      const summed = await waitKarmada(context, 'the control-plane Workload with status.readyReplicas 9', path, (found) => expectSummed(found, 9));
      return `${empty}; then ${ready}; ${summed}`;
    });

    before = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { includeOperations: ['InterpretComponent'] });
    await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretComponent');
    await applyDuplicated(context, ns, 'with-components', context.pushMembers);
    await check(`--include-operations InterpretComponent: Karmada ${env.binaries.karmadaVersion} sets binding components but no spec.replicas, members get spec.replicas 0 (why it is opt-in)`, async () => {
      if (!(await workloadClaims(context)).includes('InterpretComponent')) throw new Error('the configuration does not claim InterpretComponent');
      const components = await waitKarmada(context, 'the binding with components from InterpretComponent', bindingPath(ns, 'with-components'), (binding) => {
        // Exactly our one component: a wrong name, count or requirements fails (not just "some components").
        const list = (spec(binding).components ?? []) as { name: string; replicas: number; replicaRequirements?: { resourceRequest?: unknown } }[];
        const compared = list.map(({ name, replicas, replicaRequirements }) => ({ name, replicas, resourceRequest: replicaRequirements?.resourceRequest }));
        if (list.length === 0) return undefined;
        if (!deepEqual(compared, [{ name: 'main', replicas: 3, resourceRequest: sampleRequest }])) throw new Error(`binding components ${show(list)}`);
        return `binding components ${show(compared)}, spec.replicas ${String(spec(binding).replicas ?? 'absent')}`;
      });
      const seen: string[] = [];
      for (const member of context.pushMembers) {
        seen.push(await waitMember(context, member, 'the Workload', workloadPath(ns, 'with-components'), (object) => `${member}: ${String(spec(object).replicas)}`));
      }
      if (!seen.every((line) => line.endsWith(': 0'))) throw new Error(`members did not get 0 replicas (Karmada's behaviour changed?): ${seen.join(', ')}`);
      return `${components}; ${seen.join(', ')}`;
    });

    before = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter);
    await untilControllerCalls(context, ns, interpreter, before, (line) => line.operation === 'InterpretReplica');
    await cleanup(context, ns, ['without-components', 'with-components', probeName]);
  },
};
