// What the scenarios of kinds without replicas share (External Secrets, Gateway API, Crossplane): a Duplicated policy
// with propagateDeps, the dependencies that must follow an object to its members, and the health each member reports.
import type { KubeObject } from './kube';
import { aggregated, deepEqual, memberKube, show, spec, waitKarmada, waitMember, type Context } from './checks';

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
