// What the scenarios of kinds without replicas share (External Secrets, Gateway API, Crossplane): their set-up and
// tear-down, a Duplicated policy with propagateDeps, the dependencies that must follow an object to its members, the
// health each member reports, and our log's calls.
import type { KindIdentity, PublishedCrd } from '../../../lib/review/kind';
import type { KubeObject } from './kube';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  deepEqual,
  ensureNamespace,
  markKarmadaLogs,
  memberKube,
  policyPath,
  show,
  spec,
  waitKarmada,
  waitMember,
  workloadPath,
  type Context,
  type LogMark,
} from './checks';
import { applyWebhookConfig, callLines, claimedOperations, type Interpreter } from './interpreter';
import { installProjectCrd } from './published-crds';
import { probeName, untilControllerCalls } from './wiring';

/** A PropagationPolicy placing one object on `clusters` (Duplicated), its dependencies propagated with it. */
export function duplicatedWithDeps(ns: string, name: string, selector: { apiVersion: string; kind: string }, clusters: readonly string[]): KubeObject {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name, namespace: ns },
    spec: {
      propagateDeps: true,
      resourceSelectors: [{ ...selector, name }],
      placement: { clusterAffinity: { clusterNames: [...clusters] }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
    },
  } as KubeObject;
}

/** A dependency as Karmada attaches it: its binding's name (`<name>-<kind, lower case>`) and its path in a member. */
export interface Dependent {
  name: string;
  kind: string;
  path: string;
}

/**
 * InterpretDependency through Karmada: each dependent's attached binding is required by `requiredBy` exactly, and the
 * object is on every member. Karmada without our hook propagates no dependency: no attached binding, no object.
 */
export async function dependentsFollow(context: Context, ns: string, requiredBy: string, dependents: readonly Dependent[], members: readonly string[]): Promise<string> {
  const seen: string[] = [];
  for (const dependent of dependents) {
    const binding = `${dependent.name}-${dependent.kind.toLowerCase()}`;
    const names = await waitKarmada(context, `the attached binding ${binding}`, `/apis/work.karmada.io/v1alpha2/namespaces/${ns}/resourcebindings/${binding}`, (found) => {
      const required = ((spec(found).requiredBy ?? []) as { name?: string; namespace?: string }[]).map((item) => `${String(item.namespace)}/${String(item.name)}`);
      return deepEqual(required, [`${ns}/${requiredBy}`]) ? required : undefined;
    });
    for (const member of members) await waitMember(context, member, `${dependent.kind} ${dependent.name}`, dependent.path, () => 'present');
    seen.push(`${dependent.kind} ${dependent.name} requiredBy ${show(names)}`);
  }
  return `on ${members.join(', ')}: ${seen.join(', ')}`;
}

/** No dependent reached any member (what Karmada does without our hook), held for `ms`. */
export async function noDependentOn(context: Context, dependents: readonly Dependent[], members: readonly string[]): Promise<string | undefined> {
  for (const member of members) {
    for (const dependent of dependents) if ((await memberKube(context, member).find(dependent.path)) !== undefined) return undefined;
  }
  return `${dependents.map((dependent) => `${dependent.kind} ${dependent.name}`).join(', ')} on none of ${members.join(', ')}`;
}

/** Each member's health in the binding's aggregated status, as `expected` says (undefined until it does). */
export function expectHealthOf(binding: KubeObject, expected: Record<string, string>): string | undefined {
  const seen = Object.keys(expected).map((member) => aggregated(binding).find((item) => item.clusterName === member)?.health);
  return deepEqual(seen, Object.values(expected)) ? `health ${show(expected)}` : undefined;
}

/** The conditions of a status as `type status reason` triples, in order: what an aggregation check compares whole. */
export function conditionTriples(conditions: unknown): string[] {
  return ((conditions ?? []) as { type?: string; status?: string; reason?: string }[]).map((item) => `${String(item.type)} ${String(item.status)} ${String(item.reason)}`);
}

/**
 * Our log's calls since `logBefore`: none failed, and each of `operations` was called for `kindKey` in `ns`; Karmada's
 * own logs hold no failed call either (checks.ts rule 6).
 */
export function callsAnswered(context: Context, interpreter: Interpreter, logBefore: number, kindKey: string, ns: string, operations: readonly string[], logMark: LogMark): string {
  const lines = callLines(context.env, interpreter.name).slice(logBefore);
  const failed = lines.filter((line) => line.successful === false);
  if (failed.length > 0) throw new Error(`${failed.length} failed call(s), e.g. ${show(failed[0])}`);
  const called = new Set(lines.filter((line) => line.kind === kindKey && line.namespace === ns).map((line) => line.operation));
  const missing = operations.filter((operation) => !called.has(operation));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call for ${ns} in our log`);
  return `${lines.length} calls, none failed; ${assertNoKarmadaWebhookFailures(logMark)}`;
}

/** The binding once every member has reported a health (what the no-webhook control compares). */
export function healthReported(context: Context, bindingPath: string, members: readonly string[]): Promise<KubeObject> {
  return waitKarmada(context, `${bindingPath}: health from ${members.join(', ')}`, bindingPath, (found) =>
    members.every((member) => aggregated(found).some((item) => item.clusterName === member && item.health !== undefined && item.health !== 'Unknown')) ? found : undefined);
}

/** Each member's health in a binding, for a check's observation. */
export const healthShown = (binding: KubeObject) => `health ${show(aggregated(binding).map((item) => [item.clusterName, item.health]))}`;

/** What a scenario's set-up gives its checks: who the members are, and where our log and Karmada's stood before. */
export interface Wired {
  push: string;
  pull: string;
  members: string[];
  interpreter: Interpreter;
  logBefore: number;
  logMark: LogMark;
}

/**
 * Set-up, not a check: the project's CRDs on the control plane and every member, the namespace, and our webhook
 * configuration (`kinds`: webhook-config's `--kinds`, else its default) in use by karmada-controller-manager.
 */
export async function wire(context: Context, ns: string, crds: readonly { kind: KindIdentity & { publishedCrd: PublishedCrd }; owner: string }[], version: string, kinds?: string[]): Promise<Wired> {
  const { env } = context;
  const push = context.pushMembers[0]!;
  const pull = context.pullMembers[0]!;
  const interpreter = context.protectedInterpreter;
  const wired = { push, pull, members: [push, pull], interpreter, logBefore: callLines(env, interpreter.name).length, logMark: markKarmadaLogs(context) };
  for (const { kind, owner } of crds) await installProjectCrd(context, kind, version, owner);
  await ensureNamespace(context, ns);
  const linesBefore = callLines(env, interpreter.name).length;
  await applyWebhookConfig(env, interpreter, { mode: 'per-operation', ...(kinds === undefined ? {} : { kinds }) });
  await untilControllerCalls(context, ns, interpreter, linesBefore, (line) => line.operation === 'InterpretReplica');
  return wired;
}

/** Set-up check: the applied configuration claims exactly `expected` for the kind (`*` for a family's group rule). */
export async function claimsExactly(context: Context, kind: { group: string; kind: string }, version: string, expected: readonly string[]): Promise<string> {
  const claimed = await claimedOperations(context.env, kind, version);
  const key = `${kind.group}/${version}/${kind.kind}`;
  if (!deepEqual(claimed, expected)) throw new Error(`the configuration claims ${show(claimed)} for ${key}, expected ${show(expected)}`);
  return `claimed for ${key}: ${show(claimed)}`;
}

/** Tear-down: the objects and policies and the wiring probe (the scenario then removes the probes it made). */
export async function tearDown(context: Context, ns: string, paths: readonly string[], policies: readonly string[]): Promise<void> {
  const { env } = context;
  for (const path of paths) await env.kube.delete(path);
  for (const name of policies) await env.kube.delete(policyPath(ns, name));
  await env.kube.delete(workloadPath(ns, probeName));
  await env.kube.delete(policyPath(ns, probeName));
}
