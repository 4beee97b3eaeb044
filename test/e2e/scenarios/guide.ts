// Karmada's guide scenario in push mode: replicas divided by our ReviseReplica, dependencies propagated, member fields
// retained, status and health collected and aggregated, all through our webhook.
import { stringify } from 'yaml';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  expectBindingReplicas,
  expectCollected,
  expectMemberReplicas,
  expectSummed,
  markKarmadaLogs,
  stepAnnotation,
  stepOf,
  workFor,
  deployFile,
  readDeploy,
  bindingPath,
  ensureNamespace,
  memberKube,
  policyPath,
  spec,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type CheckFn,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, interpreterConfigPath, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';


/** The pod template of the sample, with a volume from a ConfigMap (a dependency). */
function withConfigMap(workload: KubeObject, configMap: string): KubeObject {
  const copy = structuredClone(workload);
  const template = (copy.spec as { template: { spec: Record<string, unknown> } }).template.spec;
  template.volumes = [{ name: 'config', configMap: { name: configMap } }];
  return copy;
}

export interface GuideOptions {
  name: string;
  namespace: string;
  interpreter: (context: Context) => Interpreter;
  mode: 'per-operation' | 'single';
  /** Apply deploy/karmada/ files with kubectl exactly as the README's commands do (namespace default). */
  verbatim: boolean;
}

/** Operations Karmada must have called for the guide scenario's objects. */
const expectedOperations = ['InterpretReplica', 'ReviseReplica', 'Retain', 'AggregateStatus', 'InterpretStatus', 'InterpretHealth', 'InterpretDependency'];

export function guideScenario(options: GuideOptions): Scenario {
  return {
    name: options.name,
    checks: 9,
    async run(context, check) {
      const { env } = context;
      const interpreter = options.interpreter(context);
      const ns = options.namespace;
      const members = context.pushMembers;
      const logBefore = callLines(env, interpreter.name).length;
      const logMark = markKarmadaLogs(context);

      // The configuration as applied (URLs with the token): not an interpreter answer, so no Karmada default to rule out;
      // every later check needs this configuration in use.
      await check(`wiring: npm run webhook-config (--mode ${options.mode}${interpreter.secret ? ', token from Secrets Manager' : ', no token'}) | kubectl apply is admitted by karmada-webhook`, async () => {
        const yaml = await applyWebhookConfig(env, interpreter, { mode: options.mode });
        const applied = await env.kube.get(interpreterConfigPath);
        const urls = ((applied.webhooks ?? []) as { clientConfig: { url: string } }[]).map((hook) => hook.clientConfig.url);
        if (urls.length === 0 || !yaml.includes(urls[0]!)) throw new Error('the applied configuration is not the generated one');
        const tokenInUrl = interpreter.secret !== undefined && urls.every((url) => url.includes(`/${interpreter.secret!.token}/interpreter`));
        if (interpreter.secret !== undefined && !tokenInUrl) throw new Error('URLs do not carry the caller token');
        return `${urls.length} webhook(s), e.g. ${urls[0]!.replace(interpreter.secret?.token ?? '\0', '<token>')}`;
      });

      const sample = readDeploy('workload-sample.yaml');
      const policy = readDeploy('propagationpolicy.yaml');
      const name = sample.metadata!.name!;
      await ensureNamespace(context, ns);
      if (options.verbatim) {
        await kubectl(env, 'karmada-apiserver', ['apply', '-f', deployFile('workload-sample.yaml'), '-f', deployFile('propagationpolicy.yaml')]);
      } else {
        for (const object of [sample, policy]) object.metadata!.namespace = ns;
        await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], `${stringify(sample)}---\n${stringify(policy)}`);
      }

      // Karmada without a hook: no spec.replicas, no replicaRequirements in the binding (rule 1).
      await check('InterpretReplica: the ResourceBinding has replicas 3 and exactly the template\'s resourceRequest', () =>
        waitKarmada(context, 'the binding with replicas and requirements', bindingPath(ns, name), (binding) => expectBindingReplicas(binding, 3)));

      // Karmada without a hook: every member gets the template's 3.
      await check('ReviseReplica: Divided Weighted 1:1:1 puts 1/1/1 replicas on the members (not the template\'s 3)', async () => {
        const seen: string[] = [];
        for (const member of members) {
          seen.push(`${member}: ${await waitMember(context, member, 'the Workload with spec.replicas 1', workloadPath(ns, name), (workload) => expectMemberReplicas(workload, 1))}`);
        }
        const binding = await env.kube.get(bindingPath(ns, name));
        return `${seen.join(', ')}; binding clusters ${JSON.stringify(targetClusters(binding))}`;
      });

      // Karmada without a hook: Healthy, and no status at all (the members' Workloads have none yet).
      await check('InterpretHealth + InterpretStatus: members with no status are Unhealthy, with status exactly {readyReplicas: 0}', () =>
        waitKarmada(context, 'aggregatedStatus with every member Unhealthy and readyReplicas 0', bindingPath(ns, name), (binding) => {
          const items = aggregated(binding);
          const seen = members.map((member) => expectCollected(items.find((item) => item.clusterName === member), { readyReplicas: 0 }, 'Unhealthy'));
          return seen.every((item) => item !== undefined) ? members.map((member, index) => `${member}: ${seen[index]}`).join(', ') : undefined;
        }));

      // Karmada without hooks: member3 Healthy with {conditions} only (whole status), no control-plane sum. A wrong sum
      // (e.g. the member count, 3) or a health that ignores readyReplicas fails too. Conditions pass through on purpose
      // (our InterpretStatus keeps what the default would have kept; why: test/karmada-conformance, TestStatusRoundTrip).
      const available = (value: string) => [{ type: 'Available', status: value, reason: 'E2E' }];
      const [first, second, third] = members as [string, string, string];
      await check(`InterpretStatus + InterpretHealth + AggregateStatus: ${first} {readyReplicas 1, conditions}, ${second} {readyReplicas 1}, ${third} {conditions} only: Healthy, Healthy, Unhealthy with readyReplicas 0 filled in; control plane sums 2`, async () => {
        const written: Record<string, Record<string, unknown>> = {
          [first]: { readyReplicas: 1, conditions: available('True') },
          [second]: { readyReplicas: 1 },
          [third]: { conditions: available('False') },
        };
        const expected: Record<string, [Record<string, unknown>, 'Healthy' | 'Unhealthy']> = {
          [first]: [{ readyReplicas: 1, conditions: available('True') }, 'Healthy'],
          [second]: [{ readyReplicas: 1 }, 'Healthy'],
          [third]: [{ readyReplicas: 0, conditions: available('False') }, 'Unhealthy'],
        };
        for (const member of members) await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: written[member] });
        const perCluster = await waitKarmada(context, 'aggregatedStatus as InterpretStatus and InterpretHealth answer', bindingPath(ns, name), (binding) => {
          const items = aggregated(binding);
          const seen = members.map((member) => expectCollected(items.find((item) => item.clusterName === member), ...expected[member]!));
          return seen.every((item) => item !== undefined) ? members.map((member, index) => `${member}: ${seen[index]}`).join(', ') : undefined;
        });
        const summed = await waitKarmada(context, 'the control-plane Workload with status.readyReplicas 2', workloadPath(ns, name), (workload) => expectSummed(workload, 2));
        return `${perCluster}; ${summed}`;
      });

      // Karmada without a hook: the update overwrites the member's object, spec.paused is gone. The rescale and the step
      // annotation travel in the same Work update as the Retain call, so seeing the annotation means Retain answered.
      await check(`Retain: a member-side spec.paused on ${first} survives a rescale to 6 from the control plane`, async () => {
        await memberKube(context, first).mergePatch(workloadPath(ns, name), { spec: { paused: true } });
        await env.kube.mergePatch(workloadPath(ns, name), { metadata: { annotations: { [stepAnnotation]: 'rescale-6' } }, spec: { replicas: 6 } });
        const seen: string[] = [];
        for (const member of members) {
          seen.push(await waitMember(context, member, 'the rescaled Workload (2 replicas, step rescale-6)', workloadPath(ns, name), (workload) =>
            stepOf(workload) === 'rescale-6' && spec(workload).replicas === 2 ? `${member}: replicas 2 paused ${String(spec(workload).paused ?? false)}` : undefined));
        }
        const pausedMember = await memberKube(context, first).get(workloadPath(ns, name));
        if (spec(pausedMember).paused !== true) throw new Error(`${first} lost spec.paused: ${JSON.stringify(spec(pausedMember))}`);
        const other = await memberKube(context, second).get(workloadPath(ns, name));
        if (spec(other).paused === true) throw new Error(`${second} got spec.paused though only ${first} set it`);
        return seen.join(', ');
      });

      // Karmada without a hook (or a Retain that ignores the label): every member gets 3. The label, the rescale and the
      // step annotation are in ONE patch, so the member's annotation shows the Work that asks for 3 was applied.
      await check(`Retain: with the retain-replicas label every member keeps its own spec.replicas (${first} set to 5) when the control plane rescales to 9`, async () => {
        // The label first: Retain reads it from the desired object, so a member change made before it is applied is undone.
        await env.kube.mergePatch(workloadPath(ns, name), { metadata: { labels: { 'resourcetemplate.karmada.io/retain-replicas': 'true' }, annotations: { [stepAnnotation]: 'label' } } });
        for (const member of members) {
          await waitMember(context, member, 'the Workload with the retain-replicas label', workloadPath(ns, name), (workload) =>
            stepOf(workload) === 'label' && workload.metadata?.labels?.['resourcetemplate.karmada.io/retain-replicas'] === 'true' ? 'labelled' : undefined);
        }
        await memberKube(context, first).mergePatch(workloadPath(ns, name), { spec: { replicas: 5 } });
        await env.kube.mergePatch(workloadPath(ns, name), { metadata: { annotations: { [stepAnnotation]: 'rescale-9' } }, spec: { replicas: 9 } });
        const seen: string[] = [];
        for (const member of members) {
          const own = member === first ? 5 : 2;
          seen.push(await waitMember(context, member, 'the Work asking for 3 applied (step rescale-9)', workloadPath(ns, name), (workload) => {
            if (stepOf(workload) !== 'rescale-9') return undefined;
            if (spec(workload).replicas !== own) throw new Error(`${member} has spec.replicas ${String(spec(workload).replicas)} after the rescale was applied, expected its own ${own}`);
            return `${member}: ${own}`;
          }));
        }
        const asked = [];
        for (const member of members) {
          const work = await workFor(context, member, ns, name);
          asked.push(`${member}: ${String(spec(work?.manifest ?? {}).replicas)}`);
        }
        return `Works ask for ${asked.join(', ')}; members keep ${seen.join(', ')}`;
      });

      // A template that references a ConfigMap, Duplicated with propagateDeps.
      const depName = `${name}-with-config`;
      const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-conf`, namespace: ns }, data: { 'nginx.conf': 'worker_processes 1;' } };
      const dependent = withConfigMap(readDeploy('workload-sample.yaml'), configMap.metadata.name);
      dependent.metadata = { name: depName, namespace: ns };
      const depPolicy = {
        apiVersion: 'policy.karmada.io/v1alpha1',
        kind: 'PropagationPolicy',
        metadata: { name: depName, namespace: ns },
        spec: {
          propagateDeps: true,
          resourceSelectors: [{ apiVersion: 'workload.example.io/v1alpha2', kind: 'Workload', name: depName }],
          placement: { clusterAffinity: { clusterNames: members }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
        },
      };
      await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], [configMap, dependent, depPolicy].map((object) => stringify(object)).join('---\n'));
      // Karmada without a hook propagates no dependency: the ConfigMap stays on the control plane (control.ts).
      await check('InterpretDependency: the ConfigMap the template references reaches every member (propagateDeps: true)', async () => {
        const seen: string[] = [];
        for (const member of members) {
          seen.push(await waitMember(context, member, `ConfigMap ${configMap.metadata.name}`, `/api/v1/namespaces/${ns}/configmaps/${configMap.metadata.name}`, (object) =>
            (object.data as Record<string, string> | undefined)?.['nginx.conf'] === 'worker_processes 1;' ? `${member}: present` : undefined));
        }
        return seen.join(', ');
      });

      await check("the webhook's log shows every expected operation called and no failed call", async () => {
        const lines = callLines(env, interpreter.name).slice(logBefore);
        const failed = lines.filter((line) => line.successful === false);
        if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${JSON.stringify(failed[0])}`);
        const counts = new Map<string, number>();
        for (const line of lines) if (line.operation) counts.set(line.operation, (counts.get(line.operation) ?? 0) + 1);
        const missing = expectedOperations.filter((operation) => !counts.has(operation));
        if (missing.length > 0) throw new Error(`never called: ${missing.join(', ')} (seen ${JSON.stringify(Object.fromEntries(counts))})`);
        // Our own `successful` says nothing about whether Karmada accepted the answer: its logs must not say otherwise.
        const karmada = assertNoKarmadaWebhookFailures(logMark);
        return `${lines.length} calls, all successful: ${[...counts].map(([operation, count]) => `${operation} ${count}`).join(', ')}; ${karmada}`;
      });

      await cleanup(context, ns, [name, depName]);
    },
  };
}

/** Deletes scenario Workloads and their policies (Karmada then removes them from the members). */
export async function cleanup(context: Context, namespace: string, names: string[]): Promise<void> {
  for (const name of names) {
    await context.env.kube.delete(workloadPath(namespace, name));
    await context.env.kube.delete(policyPath(namespace, name));
  }
  // The sample's policy is named after the app, not the Workload.
  await context.env.kube.delete(policyPath(namespace, 'nginx-propagation'));
}

export type { CheckFn };
