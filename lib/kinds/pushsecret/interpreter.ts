// PushSecret's interpreter: health from ESO's Ready condition, what every member pushed, and the Secret, generator,
// stores and template sources the member's controller must find (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import type { Cursor } from '../../kube/cursor';
import { fleetConditions, fleetRefreshTime, readyHealth } from '../../families/external-secrets/conditions';
import { addGenerator, addStore, addTemplateSources } from '../../families/external-secrets/store-refs';
import type { JsonObject } from '../../review/json';
import { membersOf, sameJson, setOrRemove, type Member } from '../../shapes/aggregation';
import { NamedReferences, namespaceOf } from '../../shapes/dependencies';
import { readReportedGenerations, reportGenerations } from '../../shapes/generations';
import { pushSecret } from './identity';
import { readPushSecret, readPushSecretStatus, type PushSecret, type PushSecretStatusView, type SyncedPushSecrets } from './schema';

const readReflected = (status: Cursor) => ({ ...readPushSecretStatus(status), ...readReportedGenerations(status) });

/**
 * What every listed member pushed: a store's remote ref is kept only when each member reports it, pushed with the
 * same data. A union would tell the control plane a secret reached a store in a cluster where it did not; a store
 * of one name is a different store in each cluster, so no member's entry can stand for another's.
 */
function pushedEverywhere(members: readonly Member<PushSecretStatusView>[], listed: number): SyncedPushSecrets | undefined {
  if (members.length === 0 || members.length !== listed) return undefined;
  const [first, ...rest] = members.map(({ status }) => status.syncedPushSecrets);
  if (first === undefined || rest.some((synced) => synced === undefined)) return undefined;
  const kept: SyncedPushSecrets = {};
  for (const [store, refs] of Object.entries(first)) {
    const common: Record<string, JsonObject> = {};
    for (const [ref, data] of Object.entries(refs)) {
      const everywhere = rest.every((synced) => Object.hasOwn(synced!, store) && Object.hasOwn(synced![store]!, ref) && sameJson(synced![store]![ref], data));
      if (everywhere) common[ref] = data;
    }
    if (Object.keys(common).length > 0) kept[store] = common;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

export const pushSecretInterpreter = defineInterpreter<PushSecret>({
  ...pushSecret,
  decode: readPushSecret,
  operations: {
    InterpretHealth: ({ object }) => readyHealth(object.conditions),
    // Conditions, refreshTime and what was pushed; not syncedResourceVersion, a hash of the member object's own
    // labels and annotations that means nothing on the control plane.
    InterpretStatus: ({ object }) => {
      const { conditions, refreshTime, syncedPushSecrets } = object.status ?? {};
      const rawStatus: JsonObject = {};
      if (conditions !== undefined) rawStatus.conditions = conditions;
      if (refreshTime !== undefined) rawStatus.refreshTime = refreshTime;
      if (syncedPushSecrets !== undefined) rawStatus.syncedPushSecrets = syncedPushSecrets;
      return { rawStatus: reportGenerations(rawStatus, object.metadata) };
    },
    AggregateStatus: ({ aggregatedStatus, patch: newPatch }) => {
      const members = membersOf(aggregatedStatus, readReflected);
      const patch = newPatch();
      setOrRemove(patch, 'conditions', fleetConditions(members.reporting));
      setOrRemove(patch, 'refreshTime', fleetRefreshTime(members));
      setOrRemove(patch, 'syncedPushSecrets', pushedEverywhere(members.reporting, members.listed));
      return patch.operations;
    },
    InterpretDependency: ({ object, namespace }) => {
      const { source, stores, templates } = object;
      const references = new NamedReferences(namespaceOf(object.metadata, namespace));
      references.add('v1', 'Secret', source.secret, { path: 'object.spec.selector.secret.name' });
      if (source.generator !== undefined) addGenerator(references, source.generator);
      for (const store of stores) addStore(references, store);
      addTemplateSources(references, templates);
      return { dependencies: references.list() };
    },
    // The controller writes its finalizer (metadata, which Karmada keeps; only with deletionPolicy Delete) and the
    // status subresource; nothing in spec.
    Retain: ({ patch }) => patch().operations,
  },
});
