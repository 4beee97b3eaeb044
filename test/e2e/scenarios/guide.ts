// Karmada's guide scenario in push mode: replicas divided by our ReviseReplica, dependencies propagated, member fields
// retained, status and health collected and aggregated, all through our webhook.
import { stringify } from 'yaml';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  deployFile,
  readDeploy,
  bindingPath,
  ensureNamespace,
  memberKube,
  policyPath,
  spec,
  status,
  targetClusters,
  waitKarmada,
  waitMember,
  workloadPath,
  type CheckFn,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { sleep, waitFor } from '../lib/processes';


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
    async run(context, check) {
      const { env } = context;
      const interpreter = options.interpreter(context);
      const ns = options.namespace;
      const members = context.pushMembers;
      const logBefore = callLines(env, interpreter.name).length;

      await check(`wiring: npm run webhook-config (--mode ${options.mode}${interpreter.secret ? ', token from Secrets Manager' : ', no token'}) | kubectl apply is admitted by karmada-webhook`, async () => {
        const yaml = await applyWebhookConfig(env, interpreter, { mode: options.mode });
        const applied = await env.kube.get('/apis/config.karmada.io/v1alpha1/resourceinterpreterwebhookconfigurations/karmada-serverless-interpreter');
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

      await check('InterpretReplica: the ResourceBinding has replicas 3 and the template\'s replicaRequirements', () =>
        waitKarmada(context, 'the binding with replicas and requirements', bindingPath(ns, name), (binding) => {
          const requirements = spec(binding).replicaRequirements as { resourceRequest?: Record<string, string> } | undefined;
          const request = requirements?.resourceRequest;
          return spec(binding).replicas === 3 && request?.cpu === '100m' && request?.memory === '128Mi'
            ? `spec.replicas 3, resourceRequest ${JSON.stringify(request)}`
            : undefined;
        }));

      await check('ReviseReplica: Divided Weighted 1:1:1 puts 1/1/1 replicas on the members', async () => {
        const seen: string[] = [];
        for (const member of members) {
          seen.push(await waitMember(context, member, 'the Workload with spec.replicas 1', workloadPath(ns, name), (workload) =>
            spec(workload).replicas === 1 ? `${member}: 1` : undefined));
        }
        const binding = await env.kube.get(bindingPath(ns, name));
        return `${seen.join(', ')}; binding clusters ${JSON.stringify(targetClusters(binding))}`;
      });

      await check('InterpretHealth: members reporting no ready replicas are Unhealthy in the binding', () =>
        waitKarmada(context, 'aggregatedStatus with every member Unhealthy', bindingPath(ns, name), (binding) => {
          const items = aggregated(binding);
          return members.every((member) => items.some((item) => item.clusterName === member && item.health === 'Unhealthy'))
            ? items.map((item) => `${item.clusterName}: ${item.health}`).join(', ')
            : undefined;
        }));

      await check('InterpretStatus + InterpretHealth + AggregateStatus: readyReplicas set on the members shows per cluster and summed on the control plane', async () => {
        for (const member of members) {
          await memberKube(context, member).mergePatch(`${workloadPath(ns, name)}/status`, { status: { readyReplicas: 1 } });
        }
        const perCluster = await waitKarmada(context, 'aggregatedStatus with readyReplicas 1 and Healthy on every member', bindingPath(ns, name), (binding) => {
          const items = aggregated(binding);
          return members.every((member) => items.some((item) => item.clusterName === member && item.health === 'Healthy' && item.status?.readyReplicas === 1))
            ? items.map((item) => `${item.clusterName}: ${JSON.stringify(item.status)} ${item.health}`).join(', ')
            : undefined;
        });
        const summed = await waitKarmada(context, 'the control-plane Workload with status.readyReplicas 3', workloadPath(ns, name), (workload) =>
          status(workload).readyReplicas === 3 ? 'control plane status.readyReplicas 3' : undefined);
        return `${perCluster}; ${summed}`;
      });

      const [first, second] = members as [string, string, ...string[]];
      await check(`Retain: a member-side spec.paused on ${first} survives a rescale to 6 from the control plane`, async () => {
        await memberKube(context, first).mergePatch(workloadPath(ns, name), { spec: { paused: true } });
        await env.kube.mergePatch(workloadPath(ns, name), { spec: { replicas: 6 } });
        const seen: string[] = [];
        for (const member of members) {
          seen.push(await waitMember(context, member, 'the rescaled Workload (2 replicas)', workloadPath(ns, name), (workload) =>
            spec(workload).replicas === 2 ? `${member}: replicas 2 paused ${String(spec(workload).paused ?? false)}` : undefined));
        }
        const pausedMember = await memberKube(context, first).get(workloadPath(ns, name));
        if (spec(pausedMember).paused !== true) throw new Error(`${first} lost spec.paused: ${JSON.stringify(spec(pausedMember))}`);
        const other = await memberKube(context, second).get(workloadPath(ns, name));
        if (spec(other).paused === true) throw new Error(`${second} got spec.paused though only ${first} set it`);
        return seen.join(', ');
      });

      await check(`Retain: with the retain-replicas label every member keeps its own spec.replicas (${first} set to 5) when the control plane rescales to 9`, async () => {
        await env.kube.mergePatch(workloadPath(ns, name), { metadata: { labels: { 'resourcetemplate.karmada.io/retain-replicas': 'true' } } });
        // Only once the labelled template is applied does Retain see the label; a member change before would be undone.
        for (const member of members) {
          await waitMember(context, member, 'the Workload with the retain-replicas label', workloadPath(ns, name), (workload) =>
            workload.metadata?.labels?.['resourcetemplate.karmada.io/retain-replicas'] === 'true' ? 'labelled' : undefined);
        }
        await memberKube(context, first).mergePatch(workloadPath(ns, name), { spec: { replicas: 5 } });
        const retainCalls = () => callLines(env, interpreter.name).filter((line) => line.operation === 'Retain').length;
        const retainBefore = retainCalls();
        await env.kube.mergePatch(workloadPath(ns, name), { spec: { replicas: 9 } });
        // Karmada divides 9 as 3/3/3 and its Works ask each member for 3 …
        for (const member of members) {
          await waitKarmada(context, `the Work for ${member} to ask for 3 replicas`, `/apis/work.karmada.io/v1alpha1/namespaces/karmada-es-${member}/works`, (list) => {
            const works = (list.items ?? []) as KubeObject[];
            const manifest = works
              .flatMap((work) => (work.spec as { workload?: { manifests?: KubeObject[] } }).workload?.manifests ?? [])
              .find((candidate) => candidate.metadata?.name === name && candidate.metadata?.namespace === ns);
            return manifest !== undefined && spec(manifest).replicas === 3 ? 'asks for 3' : undefined;
          });
        }
        // … and applying them goes through Retain, which keeps each member's own value.
        await waitFor('Karmada to call Retain for the rescaled Works', async () => (retainCalls() >= retainBefore + members.length ? true : undefined), {
          timeoutMs: 60_000,
          component: env.supervisor.get('karmada-controller-manager'),
        });
        await sleep(2_000);
        const seen: string[] = [];
        for (const member of members) {
          const replicas = spec(await memberKube(context, member).get(workloadPath(ns, name))).replicas;
          const own = member === first ? 5 : 2;
          if (replicas !== own) throw new Error(`${member} has spec.replicas ${String(replicas)}, expected its own ${own}`);
          seen.push(`${member}: ${String(replicas)}`);
        }
        return `Works ask for 3 each, ${retainCalls() - retainBefore} Retain calls, members keep ${seen.join(', ')}`;
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
        return `${lines.length} calls, all successful: ${[...counts].map(([operation, count]) => `${operation} ${count}`).join(', ')}`;
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
