// Argo Rollouts' Rollout (issue 15) through real Karmada: Argo's own CRDs (v1.8.3, test/e2e/build/argo-rollouts) on the
// control plane and on a push (member1) and a pull (member4) member; a canary Rollout with its Services and
// AnalysisTemplate (propagateDeps) divided 3 + 2. The members run no Argo Rollouts controller: their status is written
// through the status subresource in the shapes the controller writes (pkg/apis/rollouts/v1alpha1/types.go json tags,
// rollout/sync.go conditions). Every check names the Karmada default it rules out (test/e2e/lib/checks.ts rules). Karmada
// ships no interpreter for Rollout (its third-party catalogue has argoproj.io Workflow only), so without our webhook
// it treats a Rollout as any custom resource: rule 1's defaults hold for it.
import { join } from 'node:path';
import { stringify } from 'yaml';
import { kubectl, type Environment } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  markKarmadaLogs,
  memberKube,
  pausedController,
  reactionTimeoutMs,
  policyPath,
  show,
  spec,
  status,
  stepAnnotation,
  stepOf,
  targetClusters,
  manifestStatusOf,
  reflectedStatusOf,
  waitKarmada,
  waitMember,
  workloadPath,
  weightedPolicy,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines } from '../lib/interpreter';
import { mustRun } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { probeName, untilControllerCalls } from '../lib/wiring';

const ns = 'e2e-rollout';
const name = 'checkout';
const argoApi = '/apis/argoproj.io/v1alpha1';
const rolloutPath = `${argoApi}/namespaces/${ns}/rollouts/${name}`;
const bindingPath = `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${name}-rollout`;
const request = { cpu: '100m', memory: '128Mi' };
const image = (tag: string) => [{ name: 'checkout', image: `ghcr.io/example/checkout:${tag}`, resources: { requests: request } }];

/** Argo's CRDs from the pinned module (test/e2e/build/argo-rollouts/go.mod), downloaded into the Go module cache. */
async function argoCrds(): Promise<string[]> {
  const moduleDir = new URL('../build/argo-rollouts/', import.meta.url).pathname;
  const info = JSON.parse(await mustRun('go', ['mod', 'download', '-json', 'github.com/argoproj/argo-rollouts'], {
    cwd: moduleDir, env: { GOFLAGS: '-mod=readonly -buildvcs=false', GOTOOLCHAIN: 'local' }, timeoutMs: 10 * 60_000,
  })) as { Dir?: string; Error?: string };
  if (info.Dir === undefined) throw new Error(`go mod download github.com/argoproj/argo-rollouts: ${info.Error ?? 'no Dir'}`);
  return ['rollout-crd.yaml', 'analysis-template-crd.yaml', 'cluster-analysis-template-crd.yaml'].map((file) => join(info.Dir!, 'manifests', 'crds', file));
}

/** Set-up: Argo's CRDs Established where they are used, and the members' API lists in Karmada showing them. */
async function installArgoCrds(env: Environment, members: readonly string[]): Promise<string> {
  const crds = await argoCrds();
  for (const context of ['karmada-apiserver', ...members]) {
    await kubectl(env, context, ['apply', '--server-side', ...crds.flatMap((file) => ['-f', file])]);
    const kube = context === 'karmada-apiserver' ? env.kube : env.memberKube.get(context)!;
    for (const crd of ['rollouts.argoproj.io', 'analysistemplates.argoproj.io', 'clusteranalysistemplates.argoproj.io']) {
      await waitFor(`${crd} Established on ${context}`, async () => {
        const object = await kube.find(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd}`);
        return ((object?.status?.conditions ?? []) as { type: string; status: string }[]).some((c) => c.type === 'Established' && c.status === 'True') ? true : undefined;
      }, { timeoutMs: 60_000 });
    }
  }
  // The scheduler places a binding only on clusters whose status lists the resource (refreshed every 10 s).
  for (const member of members) {
    await waitFor(`Cluster ${member}'s status in Karmada to list argoproj.io/v1alpha1 rollouts and analysistemplates`, async () => {
      const cluster = await env.kube.find(`/apis/cluster.karmada.io/v1alpha1/clusters/${member}`);
      const enablements = (cluster?.status?.apiEnablements ?? []) as { groupVersion: string; resources?: { name: string }[] }[];
      const argo = enablements.find((item) => item.groupVersion === 'argoproj.io/v1alpha1');
      const names = new Set((argo?.resources ?? []).map((resource) => resource.name));
      return names.has('rollouts') && names.has('analysistemplates') ? true : undefined;
    }, { timeoutMs: 120_000 });
  }
  return crds.map((file) => file.split('/').pop()).join(', ');
}

/** The canary Rollout, its two Services and its AnalysisTemplate, and a Divided 3:2 policy that follows dependencies. */
function manifests(push: string, pull: string): string {
  const service = (serviceName: string) => ({
    apiVersion: 'v1', kind: 'Service', metadata: { name: serviceName, namespace: ns },
    spec: { selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  });
  const analysis = {
    apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 'success-rate', namespace: ns },
    spec: {
      args: [{ name: 'service-name' }],
      metrics: [{
        name: 'success-rate', interval: '1m', successCondition: 'result[0] >= 0.95', failureLimit: 2,
        provider: { prometheus: { address: 'http://prometheus.monitoring:9090', query: 'sum(rate(http_requests_total{service="{{args.service-name}}",code!~"5.."}[2m])) / sum(rate(http_requests_total{service="{{args.service-name}}"}[2m]))' } },
      }],
    },
  };
  const rollout = {
    apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', metadata: { name, namespace: ns },
    spec: {
      replicas: 5,
      revisionHistoryLimit: 3,
      selector: { matchLabels: { app: name } },
      strategy: {
        canary: {
          canaryService: `${name}-canary`,
          stableService: `${name}-stable`,
          analysis: { templates: [{ templateName: 'success-rate' }], startingStep: 2, args: [{ name: 'service-name', value: `${name}-canary` }] },
          steps: [{ setWeight: 20 }, { pause: {} }, { setWeight: 60 }, { pause: { duration: '30s' } }],
        },
      },
      template: { metadata: { labels: { app: name } }, spec: { containers: image('1.4.2') } },
    },
  };
  const policy = weightedPolicy(ns, name, { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout' }, { [push]: 3, [pull]: 2 }, { propagateDeps: true });
  return [service(`${name}-canary`), service(`${name}-stable`), analysis, rollout, policy].map((object) => stringify(object)).join('---\n');
}

// ---- member status in the controller's shapes ----

const podHash = '6cd9f8c4b7';
const stableHash = '5d8b8d6c9f';
const selector = `app=${name}`;
const at = (minute: number) => `2026-08-20T10:${String(minute).padStart(2, '0')}:00Z`;
const condition = (type: string, value: string, reason: string, message: string, minute: number) =>
  ({ lastTransitionTime: at(minute), lastUpdateTime: at(minute), message, reason, status: value, type });

/** A canary paused at step 1 (the controller's status after `pause: {}`), for `replicas` pods. */
const pausedAtStep = (replicas: number) => ({
  HPAReplicas: replicas, replicas, updatedReplicas: 1, readyReplicas: replicas, availableReplicas: replicas,
  blueGreen: {}, canary: {},
  conditions: [condition('Progressing', 'Unknown', 'RolloutPaused', 'Rollout is paused', 5), condition('Paused', 'True', 'RolloutPaused', 'Rollout is paused', 5)],
  controllerPause: true, currentPodHash: podHash, currentStepHash: '7c6f9d5b8', currentStepIndex: 1,
  message: 'CanaryPauseStep', phase: 'Paused', pauseConditions: [{ reason: 'CanaryPauseStep', startTime: at(5) }],
  selector, stableRS: stableHash,
});
/** A canary at step 0 whose new pods are coming up. */
const progressing = (replicas: number) => ({
  HPAReplicas: replicas, replicas, updatedReplicas: 0, readyReplicas: replicas, availableReplicas: replicas,
  blueGreen: {}, canary: {},
  conditions: [condition('Progressing', 'True', 'ReplicaSetUpdated', `ReplicaSet "${name}-${podHash}" is progressing.`, 4)],
  currentPodHash: podHash, currentStepHash: '7c6f9d5b8', currentStepIndex: 0,
  message: 'more replicas need to be updated', phase: 'Progressing', selector, stableRS: stableHash,
});
/** The same canary after progressDeadlineSeconds without progress. */
const deadlineExceeded = (replicas: number) => ({
  ...progressing(replicas),
  conditions: [condition('Progressing', 'False', 'ProgressDeadlineExceeded', `ReplicaSet "${name}-${podHash}" has timed out progressing.`, 14)],
  message: `ProgressDeadlineExceeded: ReplicaSet "${name}-${podHash}" has timed out progressing.`, phase: 'Degraded',
});

/** The status fields the issue says InterpretStatus reflects (not controllerPause, currentStepHash). */
const reflectedFields = ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'HPAReplicas', 'selector', 'phase', 'message',
  'observedGeneration', 'currentPodHash', 'stableRS', 'currentStepIndex', 'pauseConditions', 'conditions', 'abort', 'canary', 'blueGreen'];

/** Writes `body` as the member's status with observedGeneration = its current generation, as the controller would. */
async function writeStatus(context: Context, member: string, body: Record<string, unknown>): Promise<void> {
  const object = await memberKube(context, member).get(rolloutPath);
  await memberKube(context, member).mergePatch(`${rolloutPath}/status`, { status: { ...body, observedGeneration: String(object.metadata?.generation) } });
}

/** Whole-status comparison of one collected item against the member object as it stands now (rule 2). */
async function collectedAsExpected(context: Context, member: string, item: { status?: unknown; health?: string } | undefined, health: string): Promise<string | undefined> {
  if (item === undefined) return undefined;
  const expected = reflectedStatusOf(await memberKube(context, member).get(rolloutPath), reflectedFields);
  return item.health === health && deepEqual(item.status, expected) ? `${member} ${health} ${show(item.status)}` : undefined;
}

export const rolloutScenario: Scenario = {
  name: "Argo Rollouts' Rollout (Argo's CRDs v1.8.3), canary divided over a push and a pull member",
  checks: 10,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const members = [push, pull];
    const interpreter = context.protectedInterpreter;
    const logBefore = callLines(env, interpreter.name).length;
    const logMark = markKarmadaLogs(context);

    // Set-up, not a check: Argo's CRDs, our webhook configuration in use (rule 8; the probe is the Workload's).
    const installed = await installArgoCrds(env, members);
    env.log(`Argo Rollouts CRDs (${installed}) on karmada-apiserver, ${members.join(', ')}`);
    await ensureNamespace(context, ns);
    const linesBefore = callLines(env, interpreter.name).length;
    await applyWebhookConfig(env, interpreter, { mode: 'per-operation' });
    await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');
    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], manifests(push, pull));

    // Karmada without a hook: a binding with no spec.replicas and no replicaRequirements (a custom resource).
    await check('InterpretReplica: the Rollout\'s ResourceBinding has replicas 5 and exactly the pod template\'s resourceRequest', () =>
      waitKarmada(context, 'the binding with replicas 5 and requirements', bindingPath, (binding) => {
        const requirements = (spec(binding).replicaRequirements as { resourceRequest?: unknown } | undefined)?.resourceRequest;
        return spec(binding).replicas === 5 && deepEqual(requirements, request) ? `replicas 5, resourceRequest ${show(requirements)}` : undefined;
      }));

    // Karmada without a hook: both members get the template's 5 (and Divided needs replicas to divide at all).
    await check(`ReviseReplica: Divided 3:2 puts spec.replicas 3 on ${push} and 2 on ${pull} (not the template's 5)`, async () => {
      const seen: string[] = [];
      for (const [member, replicas] of [[push, 3], [pull, 2]] as const) {
        seen.push(await waitMember(context, member, `the Rollout with spec.replicas ${replicas}`, rolloutPath, (object) =>
          spec(object).replicas === replicas ? `${member}: spec.replicas ${replicas}` : undefined));
      }
      const clusters = targetClusters(await env.kube.get(bindingPath));
      const sorted = [...clusters].sort((a, b) => a.name.localeCompare(b.name));
      if (!deepEqual(sorted, [{ name: push, replicas: 3 }, { name: pull, replicas: 2 }].sort((a, b) => a.name.localeCompare(b.name)))) throw new Error(`binding clusters ${show(clusters)}`);
      return `${seen.join(', ')}; binding clusters ${show(clusters)}`;
    });

    // Karmada without a hook: no dependencies for a custom resource, so neither Service nor the AnalysisTemplate leaves
    // the control plane (they have no policy of their own).
    await check('InterpretDependency: both Services and the AnalysisTemplate the strategy names reach both members (propagateDeps)', async () => {
      const expected = [`/api/v1/namespaces/${ns}/services/${name}-canary`, `/api/v1/namespaces/${ns}/services/${name}-stable`, `${argoApi}/namespaces/${ns}/analysistemplates/success-rate`];
      for (const member of members) {
        for (const path of expected) await waitMember(context, member, path, path, (object) => (object.metadata?.name ? true : undefined));
      }
      return `${expected.map((path) => path.split('/').slice(-2).join('/')).join(', ')} on ${members.join(' and ')}`;
    });

    // Karmada without hooks: Healthy, and no status at all (the members' Rollouts have none). Ours: Unhealthy (no Argo
    // controller has reconciled it there) with exactly the two generations reflected.
    await check('InterpretStatus + InterpretHealth: with no controller status, both members are Unhealthy with status exactly {generation, resourceTemplateGeneration}', () =>
      waitKarmada(context, 'both members Unhealthy with only the generations', bindingPath, async (binding) => {
        const seen = await Promise.all(members.map((member) => collectedAsExpected(context, member, aggregated(binding).find((item) => item.clusterName === member), 'Unhealthy')));
        return seen.every((item) => item !== undefined) ? seen.join('; ') : undefined;
      }));

    // Pull mode by construction (rule 5): with the controller-manager stopped only karmada-agent can fill the Work's
    // status or re-apply the member. Karmada without hooks: the whole status (controllerPause, currentStepHash kept),
    // Healthy; and the drift corrected without spec.paused.
    await check(`with karmada-controller-manager stopped, karmada-agent on ${pull} reflects a progressing canary (Healthy, exact fields) and keeps a plugin pause while undoing a replicas drift`, async () => {
      return pausedController(context, async () => {
        await writeStatus(context, pull, progressing(2));
        const reflected = await waitFor(`the Work status for ${pull}`, async () => collectedAsExpected(context, pull, await manifestStatusOf(context, pull, { kind: 'Rollout', namespace: ns, name }), 'Healthy'),
          { timeoutMs: reactionTimeoutMs, component: env.supervisor.get(`karmada-agent-${pull}`) });
        // `kubectl argo rollouts pause` plus a replicas drift: the agent re-applies 2 through Retain, spec.paused stays.
        await memberKube(context, pull).mergePatch(rolloutPath, { spec: { paused: true, replicas: 7 } });
        const retained = await waitMember(context, pull, 'the Rollout re-applied with replicas 2 and spec.paused kept', rolloutPath, (object) => {
          if (spec(object).replicas !== 2) return undefined;
          if (spec(object).paused !== true) throw new Error(`re-applied without spec.paused: ${show(spec(object))}`);
          return 'spec.replicas 7 -> 2, spec.paused true';
        });
        return `Work: ${reflected}; member: ${retained}`;
      });
    });

    // Karmada without hooks: whole statuses (controllerPause, currentStepHash) and Healthy regardless.
    await check(`InterpretStatus + InterpretHealth: ${push} paused at step 1 and ${pull} progressing are both Healthy, each with exactly the reflected fields`, async () => {
      await writeStatus(context, push, pausedAtStep(3));
      await writeStatus(context, pull, progressing(2)); // its generation moved with the drift: observed again
      return waitKarmada(context, 'both members Healthy with the reflected fields', bindingPath, async (binding) => {
        const seen = await Promise.all(members.map((member) => collectedAsExpected(context, member, aggregated(binding).find((item) => item.clusterName === member), 'Healthy')));
        return seen.every((item) => item !== undefined) ? seen.join('; ') : undefined;
      });
    });

    // Karmada without AggregateStatus: the control-plane status stays empty. A wrong rule (best phase, a message
    // without its cluster, a currentStepIndex the members disagree on, observedGeneration before both observed) differs.
    await check('AggregateStatus: the control-plane Rollout status is exactly the sums, the worst phase (Progressing, from ' + pull + ') with its message and conditions, the agreed hashes, the united pause conditions and observedGeneration', async () => {
      const template = await env.kube.get(rolloutPath);
      const expected = {
        HPAReplicas: 5, replicas: 5, updatedReplicas: 1, readyReplicas: 5, availableReplicas: 5,
        phase: 'Progressing', message: `${pull}: more replicas need to be updated`, conditions: progressing(2).conditions,
        currentPodHash: podHash, stableRS: stableHash, selector, canary: {}, blueGreen: {},
        pauseConditions: pausedAtStep(3).pauseConditions, observedGeneration: String(template.metadata?.generation),
      };
      return waitKarmada(context, 'the aggregated control-plane status', rolloutPath, (object) => (deepEqual(status(object), expected) ? show(status(object)) : undefined));
    });

    // Karmada without hooks: Healthy, and no control-plane phase. Failover acts on this Unhealthy.
    await check(`InterpretHealth + AggregateStatus: ${pull} past its progress deadline is Unhealthy and the control plane says Degraded with ${pull}'s message`, async () => {
      await writeStatus(context, pull, deadlineExceeded(2));
      const health = await waitKarmada(context, `${pull} Unhealthy with the Degraded status`, bindingPath, (binding) =>
        collectedAsExpected(context, pull, aggregated(binding).find((item) => item.clusterName === pull), 'Unhealthy'));
      const phase = await waitKarmada(context, 'the control plane Degraded', rolloutPath, (object) => {
        const { phase: seenPhase, message, conditions } = status(object);
        return seenPhase === 'Degraded' && message === `${pull}: ${deadlineExceeded(2).message}` && deepEqual(conditions, deadlineExceeded(2).conditions) ? `phase Degraded, message ${show(message)}` : undefined;
      });
      return `${health}; control plane: ${phase}`;
    });

    // Karmada without Retain: the update overwrites the member, spec.paused and spec.restartAt are gone. The image change
    // and the step annotation travel in one Work update; seeing the annotation means that update went through Retain.
    await check(`Retain: on ${push}, kubectl-argo-rollouts' pause and restart (spec.paused, spec.restartAt) survive a new image from the control plane, and the image follows the template`, async () => {
      const restartAt = '2030-01-01T00:00:00Z';
      await memberKube(context, push).mergePatch(rolloutPath, { spec: { paused: true, restartAt } });
      await env.kube.mergePatch(rolloutPath, { metadata: { annotations: { [stepAnnotation]: 'image-1.5.0' } }, spec: { template: { spec: { containers: image('1.5.0') } } } });
      return waitMember(context, push, 'the Rollout with the new image (step image-1.5.0)', rolloutPath, (object) => {
        if (stepOf(object) !== 'image-1.5.0') return undefined;
        const containers = ((spec(object).template as { spec?: { containers?: unknown } } | undefined)?.spec?.containers);
        if (!deepEqual(containers, image('1.5.0')) || spec(object).paused !== true || spec(object).restartAt !== restartAt) {
          throw new Error(`after the image change: ${show(spec(object))}`);
        }
        return `image ghcr.io/example/checkout:1.5.0, spec.paused true, spec.restartAt ${restartAt}`;
      });
    });

    await check('every webhook call of the scenario succeeded and Karmada logged no failed call', async () => {
      const lines = callLines(env, interpreter.name).slice(logBefore);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
      return `${lines.length} calls, all successful; ${assertNoKarmadaWebhookFailures(logMark)}`;
    });

    await env.kube.delete(rolloutPath);
    await env.kube.delete(policyPath(ns, name));
    await env.kube.delete(workloadPath(ns, probeName));
    await env.kube.delete(policyPath(ns, probeName));
  },
};
