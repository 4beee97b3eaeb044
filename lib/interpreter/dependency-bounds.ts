// What bounds an InterpretDependency answer, whatever kind built it: each object once, a name no longer than an
// object's, a namespace no longer than a DNS label, and at most `dependencyList` objects, so the answer stays a few
// MB at most however the object repeats its references (Lambda refuses answers over 6 MB).
import { checkedNamespace, checkedObjectName } from '../kube/fields';
import { dependencyList } from '../kube/limits';
import { FieldFailure } from '../review/core';
import { quoted } from '../review/json';
import type { DependentObjectReference } from './wire/types';

/** The refusal of an object past `dependencyList`, at the field that named it. */
export function tooManyDependencies(path: string): FieldFailure {
  return new FieldFailure(path, `names more than ${dependencyList.maxItems} objects to depend on; at most ${dependencyList.maxItems} are answered (${dependencyList.why})`);
}

const keyOf = ({ apiVersion, kind, namespace, name }: DependentObjectReference) => `${apiVersion}\u0000${kind}\u0000${namespace ?? ''}\u0000${name ?? ''}`;

/**
 * The answer each object once, in its order. The kinds' readers refuse a long name or namespace at its field; this
 * is the guard behind them, naming the object's spec when a reader did not.
 */
export function boundedDependencies(dependencies: readonly DependentObjectReference[]): DependentObjectReference[] {
  const seen = new Set<string>();
  const bounded: DependentObjectReference[] = [];
  for (const reference of dependencies) {
    const key = keyOf(reference);
    if (seen.has(key)) continue;
    if (bounded.length === dependencyList.maxItems) throw tooManyDependencies('object.spec');
    checkedObjectName(reference.name, `object.spec (a ${reference.kind}'s name, ${quoted(reference.name ?? '', 40)})`);
    checkedNamespace(reference.namespace, `object.spec (a ${reference.kind}'s namespace, ${quoted(reference.namespace ?? '', 40)})`);
    seen.add(key);
    bounded.push(reference);
  }
  return bounded;
}
