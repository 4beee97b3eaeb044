// Karmada reads ResourceInterpreterWebhookConfigurations through an informer: a configuration takes effect a moment
// after `kubectl apply` returns, and until then Karmada still calls the previous one. A check that depends on the
// new configuration (a stopped webhook, a wrong token, an operation added) waits here first.
import { applyDuplicated, workloadPath, type Context } from './checks';
import { callLines, type CallLine, type Interpreter } from './interpreter';
import { sleep, waitFor } from './processes';

/** The Workload each namespace rescales to make karmada-controller-manager call the webhook. */
export const probeName = 'probe';

/**
 * Rescales the namespace's probe Workload (creating it and its Duplicated policy on the push members first) until
 * `interpreter` has logged, after its first `logLinesBefore` lines, a call that `accept`s. Only karmada-controller-manager
 * makes InterpretReplica and InterpretComponent calls (karmada-agent does not), so accepting one of those shows that
 * the controller's informer holds the new configuration.
 */
export async function untilControllerCalls(
  context: Context,
  ns: string,
  interpreter: Interpreter,
  logLinesBefore: number,
  accept: (line: CallLine) => boolean,
): Promise<string> {
  if ((await context.env.kube.find(workloadPath(ns, probeName))) === undefined) {
    await applyDuplicated(context, ns, probeName, context.pushMembers);
  }
  let replicas = 3;
  return waitFor(`karmada-controller-manager to call ${interpreter.name} with the new webhook configuration`, async () => {
    const line = callLines(context.env, interpreter.name).slice(logLinesBefore).find(accept);
    if (line !== undefined) return `${line.operation ?? line.route ?? 'a call'} answered with code ${String(line.code)}`;
    replicas = replicas === 3 ? 4 : 3;
    await context.env.kube.call('PATCH', workloadPath(ns, probeName), { spec: { replicas } }, 'application/merge-patch+json');
    await sleep(300);
    return undefined;
  }, { timeoutMs: 120_000, intervalMs: 700, component: context.env.supervisor.get('karmada-controller-manager') });
}
