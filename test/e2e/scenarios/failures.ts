// Failure behaviour as Karmada shows it: the webhook down, then a wrong token; propagation resumes by itself once fixed.
import { connect } from 'node:net';
import { applyDuplicated, bindingPath, ensureNamespace, expectBindingReplicas, expectMemberReplicas, holdsFor, waitKarmada, waitMember, workloadPath, type Context, type Scenario } from '../lib/checks';
import { applyWebhookConfig, callLines, startInterpreter, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { probeName, untilControllerCalls } from '../lib/wiring';
import { cleanup } from './guide';

/** The reason Karmada's detector gives a failed ApplyPolicy (pkg/events: EventReasonApplyPolicyFailed). */
const applyPolicyFailed = 'ApplyPolicyFailed';

/** Waits for a Warning event on the Workload whose message matches `pattern` and asserts its reason; returns reason and message. */
function warningEvent(context: Context, ns: string, name: string, pattern: RegExp, hide: string[]): Promise<string> {
  return waitFor(`a Warning event on Workload ${ns}/${name} matching ${pattern}`, async () => {
    const list = await context.env.kube.get(`/api/v1/namespaces/${ns}/events?fieldSelector=involvedObject.name%3D${name}`);
    const matching = ((list.items ?? []) as KubeObject[]).filter((item) => item.type === 'Warning' && pattern.test(String(item.message)));
    if (matching.length === 0) return undefined;
    // Karmada v1.18 records the interpreter's error twice: GetReplicasFailed (detector.go applyReplicaInterpretation)
    // and ApplyPolicyFailed; v1.17 the second only. ApplyPolicyFailed is the one both give.
    const event = matching.find((item) => item.reason === applyPolicyFailed);
    const others = [...new Set(matching.filter((item) => item !== event).map((item) => String(item.reason)))];
    if (event === undefined) throw new Error(`the event's reason is ${others.join(', ')}, not ${applyPolicyFailed}: ${String(matching[0]!.message).slice(0, 200)}`);
    let message = String(event.message);
    for (const secret of hide) message = message.replaceAll(secret, '<token>');
    return `event ${String(event.reason)}: ${message.slice(0, 300)}${others.length > 0 ? ` (also a Warning ${others.join(', ')} with the same error)` : ''}`;
  }, { timeoutMs: 120_000, component: context.env.supervisor.get('karmada-controller-manager') });
}


/** Resolves once nothing accepts connections on the interpreter's port any more. */
function refusesConnections(interpreter: Interpreter): Promise<string> {
  return waitFor(`${interpreter.name}'s port ${interpreter.port} to refuse connections`, () =>
    new Promise<string | undefined>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: interpreter.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : undefined));
    }), { timeoutMs: 20_000, intervalMs: 200 });
}

/** Karmada without a webhook would also make a binding, but without spec.replicas 3 and the resourceRequest. */
async function resumed(context: Context, ns: string, name: string): Promise<string> {
  const binding = await waitKarmada(context, 'the binding from InterpretReplica', bindingPath(ns, name), (object) => expectBindingReplicas(object, 3), 240_000);
  const seen: string[] = [];
  for (const member of context.pushMembers) {
    seen.push(`${member}: ${await waitMember(context, member, 'the Workload with 3 replicas', workloadPath(ns, name), (object) => expectMemberReplicas(object, 3), 240_000)}`);
  }
  return `${binding}; ${seen.join(', ')}`;
}

/** No binding for a while (one snapshot could be taken before the detector has even tried). */
function noBinding(context: Context, ns: string, name: string): Promise<string> {
  return holdsFor(`no ResourceBinding for ${ns}/${name}`, 20_000, async () => ((await context.env.kube.find(bindingPath(ns, name))) === undefined ? 'no binding' : undefined));
}

export const failuresScenario: Scenario = {
  name: 'failure behaviour seen from Karmada',
  checks: 6,
  async run(context, check) {
    const { env } = context;
    const ns = 'e2e-failures';
    await ensureNamespace(context, ns);

    const open = context.openInterpreter;
    const openBefore = callLines(env, open.name).length;
    await applyWebhookConfig(env, open);
    await untilControllerCalls(context, ns, open, openBefore, (line) => line.operation === 'InterpretReplica');
    await env.supervisor.stop(open.name);
    await refusesConnections(open);
    await applyDuplicated(context, ns, 'while-down', context.pushMembers);
    // Karmada without a webhook configuration would make the binding at once and record no such event; with one that
    // answers, no failure either. Only our configured-but-unreachable webhook gives this event and this reason.
    await check('webhook stopped: Karmada records a Warning event ApplyPolicyFailed on the Workload naming the webhook and "connection refused"', () =>
      warningEvent(context, ns, 'while-down', /failed calling webhook "karmada-serverless-interpreter\/interpretreplica\.[^"]+": failed to call webhook: .*connection refused/, []));
    await check('webhook stopped: no ResourceBinding is made while the replicas cannot be interpreted (20 s after the event)', () => noBinding(context, ns, 'while-down'));
    await startInterpreter(env, open);
    await check('webhook back: propagation resumes by itself (binding made, Workload on every member)', () => resumed(context, ns, 'while-down'));

    const secured = context.protectedInterpreter;
    const wrongToken = 'not-the-token-0123456789';
    const logBefore = callLines(env, secured.name).length;
    await applyWebhookConfig(env, secured, { token: wrongToken });
    await untilControllerCalls(context, ns, secured, logBefore, (line) => line.code === 401 && (line.route ?? '').endsWith('/interpret-replica'));
    await applyDuplicated(context, ns, 'wrong-token', context.pushMembers);
    await check("wrong token: Karmada's Warning event carries our 401 message, and the webhook logged code 401", async () => {
      const event = await warningEvent(context, ns, 'wrong-token', /webhook call failed, get status code: 401, msg: the caller token in the URL is not valid/, [wrongToken, secured.secret!.token]);
      const refusals = callLines(env, secured.name).slice(logBefore).filter((line) => line.code === 401);
      if (refusals.length === 0) throw new Error('the webhook logged no 401');
      return `${event}; webhook logged ${refusals.length} refusal(s) with code 401`;
    });
    await check('wrong token: no ResourceBinding is made (20 s after the event)', () => noBinding(context, ns, 'wrong-token'));
    await applyWebhookConfig(env, secured);
    await untilControllerCalls(context, ns, secured, callLines(env, secured.name).length, (line) => line.operation === 'InterpretReplica' && line.successful === true);
    await check('right token re-applied (the README wiring command): propagation resumes by itself', () => resumed(context, ns, 'wrong-token'));

    await cleanup(context, ns, ['while-down', 'wrong-token', probeName]);
  },
};
