// ClusterExternalSecret's interpreter: health from ESO's Ready condition, the members' namespaces added up, and the
// stores, generators and template sources its ExternalSecrets need (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import { tooManyDependencies } from '../../interpreter/dependency-bounds';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import type { Cursor } from '../../kube/cursor';
import { dependencyList } from '../../kube/limits';
import { fleetConditions, readyHealth } from '../../families/external-secrets/conditions';
import { addGenerator, addStore, addTemplateSources, namespacedGenerator, namespacedStore } from '../../families/external-secrets/store-refs';
import type { JsonObject, JsonValue } from '../../review/json';
import { agreedValue, membersOf, setOrRemove, type Member } from '../../shapes/aggregation';
import { mergedReferences, NamedReferences } from '../../shapes/dependencies';
import { readReportedGenerations, reportGenerations } from '../../shapes/generations';
import { clusterExternalSecret } from './identity';
import { readClusterExternalSecret, readClusterExternalSecretStatus, type ClusterExternalSecret, type ClusterExternalSecretStatusView } from './schema';

const readReflected = (status: Cursor) => ({ ...readClusterExternalSecretStatus(status), ...readReportedGenerations(status) });

/** Every namespace some member provisioned, each once, sorted (as the controller sorts its own). */
function provisionedAnywhere(members: readonly Member<ClusterExternalSecretStatusView>[]): string[] | undefined {
  const names = new Set<string>();
  for (const { status } of members) for (const name of status.provisionedNamespaces ?? []) names.add(name);
  return names.size === 0 ? undefined : [...names].sort();
}

/**
 * Every namespace some member failed, once each, sorted: its reason lists each failing member's as
 * `cluster=reason` (joined by ", ", in Karmada's order of members), so no member's failure is lost or misattributed.
 */
function failedAnywhere(members: readonly Member<ClusterExternalSecretStatusView>[]): JsonValue[] | undefined {
  const reasons = new Map<string, string[]>();
  for (const { clusterName, status } of members) {
    for (const { namespace, reason } of status.failedNamespaces ?? []) {
      const said = reason === undefined || reason === '' ? clusterName : `${clusterName}=${reason}`;
      const known = reasons.get(namespace);
      if (known === undefined) reasons.set(namespace, [said]);
      else if (!known.includes(said)) known.push(said);
    }
  }
  if (reasons.size === 0) return undefined;
  return [...reasons.keys()].sort().map((namespace) => ({ namespace, reason: reasons.get(namespace)!.join(', ') }));
}

export const clusterExternalSecretInterpreter = defineInterpreter<ClusterExternalSecret>({
  ...clusterExternalSecret,
  decode: readClusterExternalSecret,
  operations: {
    InterpretHealth: ({ object }) => readyHealth(object.conditions),
    InterpretStatus: ({ object }) => {
      const { conditions, externalSecretName, failedNamespaces, provisionedNamespaces } = object.status ?? {};
      const rawStatus: JsonObject = {};
      if (conditions !== undefined) rawStatus.conditions = conditions;
      if (externalSecretName !== undefined) rawStatus.externalSecretName = externalSecretName;
      if (failedNamespaces !== undefined) rawStatus.failedNamespaces = failedNamespaces as unknown as JsonValue[];
      if (provisionedNamespaces !== undefined) rawStatus.provisionedNamespaces = provisionedNamespaces;
      return { rawStatus: reportGenerations(rawStatus, object.metadata) };
    },
    AggregateStatus: ({ aggregatedStatus, patch: newPatch }) => {
      const members = membersOf(aggregatedStatus, readReflected);
      const patch = newPatch();
      setOrRemove(patch, 'conditions', fleetConditions(members.reporting));
      setOrRemove(patch, 'externalSecretName', agreedValue(members, (status) => status.externalSecretName));
      setOrRemove(patch, 'failedNamespaces', failedAnywhere(members.reporting));
      setOrRemove(patch, 'provisionedNamespaces', provisionedAnywhere(members.reporting));
      return patch.operations;
    },
    // Cluster-scoped referents (ClusterSecretStores, ClusterGenerators) by name; namespaced ones (SecretStores,
    // generators, template ConfigMaps and Secrets) in each namespace `spec.namespaces` names: the ExternalSecret the
    // controller creates there reads them there. Namespaces its selectors choose are the member's to know.
    InterpretDependency: ({ object }) => {
      const { stores, generators, templates } = object.referents;
      const clusterScoped = new NamedReferences(undefined);
      for (const store of stores) if (!namespacedStore(store)) addStore(clusterScoped, store);
      for (const generator of generators) if (!namespacedGenerator(generator)) addGenerator(clusterScoped, generator);
      const lists: DependentObjectReference[][] = [clusterScoped.list()];
      let count = lists[0]!.length;
      for (const namespace of new Set(object.namespaces)) {
        if (namespace === '') continue;
        const references = new NamedReferences(namespace);
        for (const store of stores) if (namespacedStore(store)) addStore(references, store);
        for (const generator of generators) if (namespacedGenerator(generator)) addGenerator(references, generator);
        addTemplateSources(references, templates);
        const list = references.list();
        count += list.length;
        if (count > dependencyList.maxItems) throw tooManyDependencies('object.spec.namespaces');
        lists.push(list);
      }
      return { dependencies: mergedReferences(lists) };
    },
    // The controller writes its finalizer (metadata, which Karmada keeps) and the status subresource; nothing in spec.
    Retain: ({ patch }) => patch().operations,
  },
});
