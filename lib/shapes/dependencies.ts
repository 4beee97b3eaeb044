// InterpretDependency building blocks: the objects pod templates reference (Karmada's kube.getPodDependencies) and
// objects a spec names by kind, apiVersion and name, in the object's namespace unless they are cluster-scoped.
import { templateDependenciesOf } from '../interpreter/pod-template';
import type { DependentObjectReference } from '../interpreter/wire/types';
import { checkedNamespace, checkedObjectName } from '../kube/fields';
import { dependencyList } from '../kube/limits';
import { tooManyDependencies } from '../interpreter/dependency-bounds';
import type { ObjectMetaView, PodTemplateSpec } from '../kube/objects';

/**
 * The namespace dependencies live in: the object's own, else the request's (Karmada sends both; the object's wins).
 * One longer than a DNS label is refused here, before every dependency repeats it.
 */
export function namespaceOf(metadata: ObjectMetaView, requestNamespace: string | undefined): string | undefined {
  const namespace = metadata.namespace;
  if (namespace !== undefined && namespace !== '') return checkedNamespace(namespace, 'object.metadata.namespace');
  return checkedNamespace(requestNamespace, 'request.namespace');
}

/** ConfigMaps, Secrets, the ServiceAccount and PVCs one pod template references (see `templateDependenciesOf`). */
export function templateDependencies(template: PodTemplateSpec | undefined, path: string, namespace: string | undefined): DependentObjectReference[] {
  return templateDependenciesOf(template, path, namespace);
}

const keyOf = ({ apiVersion, kind, namespace, name }: DependentObjectReference) => `${apiVersion}\u0000${kind}\u0000${namespace ?? ''}\u0000${name ?? ''}`;

/** Several lists of references as one, each object once (the first time it appears), in the lists' order. */
export function mergedReferences(lists: Iterable<readonly DependentObjectReference[]>): DependentObjectReference[] {
  const seen = new Set<string>();
  const merged: DependentObjectReference[] = [];
  for (const list of lists) {
    for (const reference of list) {
      const key = keyOf(reference);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(reference);
    }
  }
  return merged;
}

/** The pod templates' references together (a multi-template kind: each template's, each object once). */
export function templatesDependencies(
  templates: Iterable<{ template: PodTemplateSpec | undefined; path: string }>,
  namespace: string | undefined,
): DependentObjectReference[] {
  const lists: DependentObjectReference[][] = [];
  for (const { template, path } of templates) lists.push(templateDependenciesOf(template, path, namespace));
  return mergedReferences(lists);
}

/**
 * Objects a spec names (a Service, a Secret, an AnalysisTemplate…), collected as the spec is read: empty or absent
 * names are skipped, each object is listed once, grouped by kind in the order kinds were first named, names sorted
 * within a kind (so the answer does not depend on the order of the spec's lists).
 */
export class NamedReferences {
  private readonly groups = new Map<string, { apiVersion: string; kind: string; namespaced: boolean; names: Set<string> }>();
  private size = 0;

  /** `namespace`: where namespaced objects are (see `namespaceOf`); undefined leaves them without one. */
  constructor(private readonly namespace: string | undefined) {}

  /**
   * One object by name; `clusterScoped` ones (a ClusterAnalysisTemplate, a ClusterRole) get no namespace. `path`
   * names the field in a refusal: a name longer than an object's, or one object past `dependencyList`.
   */
  add(apiVersion: string, kind: string, name: string | undefined, { clusterScoped = false, path }: { clusterScoped?: boolean; path?: string } = {}): this {
    if (name === undefined || name === '') return this;
    checkedObjectName(name, path ?? `object.spec (a ${kind}'s name)`);
    const key = `${apiVersion}\u0000${kind}\u0000${clusterScoped}`;
    let group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, (group = { apiVersion, kind, namespaced: !clusterScoped, names: new Set() }));
    if (group.names.has(name)) return this;
    if (this.size === dependencyList.maxItems) throw tooManyDependencies(path ?? 'object.spec');
    group.names.add(name);
    this.size += 1;
    return this;
  }

  /** Every name of a list (`stableIngresses`, `valuesFrom` names…). */
  addAll(apiVersion: string, kind: string, names: Iterable<string | undefined> | undefined, options: { clusterScoped?: boolean } = {}): this {
    for (const name of names ?? []) this.add(apiVersion, kind, name, options);
    return this;
  }

  list(): DependentObjectReference[] {
    const references: DependentObjectReference[] = [];
    for (const { apiVersion, kind, namespaced, names } of this.groups.values()) {
      for (const name of [...names].sort()) {
        const reference: DependentObjectReference = { apiVersion, kind, name };
        if (namespaced && this.namespace !== undefined && this.namespace !== '') reference.namespace = this.namespace;
        references.push(reference);
      }
    }
    return references;
  }
}
