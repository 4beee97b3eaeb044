// The Workload CRD's conversion webhook and its admission policies, wired as README "Wire Karmada to it" says:
// `npm run -s webhook-config -- … --objects interpreter,crd,policy | kubectl apply -f -` on the Karmada API server,
// `kubectl apply -f deploy/karmada/workload-crd-propagation.yaml` there (Karmada puts the CRD in every member), and
// `--objects policy` on each member. The CRD's conversion needs our webhook running before any Workload is stored.
import { kubectl, waitWorkloadApiOnMembers, type Environment } from './cluster';
import type { Interpreter } from './interpreter';
import { mustRun, run, type RunResult } from './kube';
import { waitFor } from './processes';

const repoRoot = new URL('../../../', import.meta.url).pathname;
export const crdName = 'workloads.workload.example.io';

/** `npm run -s webhook-config -- --url … (--secret-id | --token) --ca-bundle … --objects <objects>`, as YAML. */
export function reviewWebhookConfig(env: Environment, interpreter: Interpreter, objects: string): Promise<string> {
  const args = ['run', '-s', 'webhook-config', '--', '--url', interpreter.url, '--ca-bundle', env.pki.caCert, '--objects', objects];
  if (interpreter.secret) args.push('--secret-id', interpreter.secret.id);
  return mustRun('npm', args, { cwd: repoRoot, env: interpreter.secret?.awsEnv ?? {} });
}

/**
 * Before members join: the control plane's objects and the CRD's ClusterPropagationPolicy, then each member's
 * admission policies. The /mutate and /validate webhooks are opt-in since issue 16; the admission scenario wires them.
 */
export async function wireReviewWebhooks(env: Environment, interpreter: Interpreter, members: readonly string[]): Promise<void> {
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], await reviewWebhookConfig(env, interpreter, 'interpreter,crd,policy'));
  await kubectl(env, 'karmada-apiserver', ['wait', '--for=condition=Established', '--timeout=60s', `crd/${crdName}`]);
  await kubectl(env, 'karmada-apiserver', ['apply', '-f', new URL('deploy/karmada/workload-crd-propagation.yaml', `file://${repoRoot}`).pathname]);
  const admission = await reviewWebhookConfig(env, interpreter, 'policy');
  for (const member of members) await kubectl(env, member, ['apply', '-f', '-'], admission);
  env.log(`CRD (conversion at ${interpreter.name}) and admission policies on karmada-apiserver; admission policies on ${members.join(', ')}; CRD propagated by workload-crd-propagation.yaml`);
}

/** After members are Ready: Karmada has put the two-version CRD in every member and it is Established there. */
export async function waitMemberCrds(env: Environment, members: readonly string[]): Promise<void> {
  for (const member of members) {
    const kube = env.memberKube.get(member)!;
    await waitFor(`the Workload CRD (propagated by Karmada) to be Established on ${member}`, async () => {
      const crd = await kube.find(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`);
      const conditions = (crd?.status?.conditions ?? []) as { type: string; status: string }[];
      const versions = ((crd?.spec?.versions ?? []) as { name: string }[]).map((version) => version.name);
      return conditions.some((condition) => condition.type === 'Established' && condition.status === 'True') && versions.includes('v1alpha2') ? true : undefined;
    }, { timeoutMs: 120_000, component: env.supervisor.get(env.members.find((candidate) => candidate.name === member)?.mode === 'Pull' ? `karmada-agent-${member}` : 'karmada-controller-manager') });
  }
  await waitWorkloadApiOnMembers(env, members, 'v1alpha2');
  env.log(`Workload CRD (v1alpha1 + v1alpha2, conversion webhook) Established on ${members.join(', ')} and listed in their Cluster status`);
}

/** kubectl with its exit code, stdout and stderr (warnings and refusals are on stderr). */
export function kubectlResult(env: Environment, context: string, args: string[], input?: string): Promise<RunResult> {
  return run(env.binaries.kubectl, ['--kubeconfig', env.kubeconfig, '--context', context, ...args], input === undefined ? {} : { input });
}
