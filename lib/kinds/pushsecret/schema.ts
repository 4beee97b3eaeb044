// PushSecret's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400 for the interpreter). It reads by part, and never defaults or changes a value.
import { defined, once, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import {
  readGeneratorRef,
  storeRefOf,
  readTemplateSources,
  type GeneratorRef,
  type StoreRef,
  type TemplateSources,
} from '../../families/external-secrets/store-refs';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';

/** `status.syncedPushSecrets`: store (`Kind/name`) → remote ref → the PushSecretData pushed there. */
export type SyncedPushSecrets = Record<string, Record<string, JsonObject>>;

/** PushSecretStatus as the controller writes it, less `syncedResourceVersion` (see README.md). */
export interface PushSecretStatusView {
  conditions?: Condition[];
  refreshTime?: string;
  syncedPushSecrets?: SyncedPushSecrets;
}

/** What the operations read of a PushSecret. */
export interface PushSecret {
  metadata: ObjectMetaView;
  /**
   * The source the controller pushes (pushsecret_controller.go resolveSecrets, in this order): the Secret
   * `selector.secret.name`, else the generator `selector.generatorRef`; a Secret label selector names none.
   */
  source: { secret?: string; generator?: GeneratorRef };
  /** `secretStoreRefs[]` by name; one with a `labelSelector` (which wins over its name) names none. */
  stores: StoreRef[];
  templates: TemplateSources;
  /** `status.conditions` alone: what InterpretHealth reads (the rest of the status is not its concern). */
  conditions?: Condition[];
  status?: PushSecretStatusView;
}

function readSynced(status: Cursor): SyncedPushSecrets | undefined {
  if (!status.has('syncedPushSecrets')) return undefined;
  const synced: SyncedPushSecrets = {};
  for (const [store, refs] of status.entries('syncedPushSecrets')) {
    const kept: Record<string, JsonObject> = {};
    for (const [ref, data] of entriesOf(refs)) if (data.value !== undefined) kept[ref] = data.value;
    synced[store] = kept;
  }
  return synced;
}

/** The entries of a map of objects, each checked to be an object (named `path["key"]`). */
function entriesOf(map: Cursor): [string, Cursor][] {
  return map.value === undefined ? [] : Object.keys(map.value).map((key) => [key, map.entry(key)]);
}

export function readPushSecretStatus(status: Cursor): PushSecretStatusView {
  return defined({
    conditions: readConditions(status),
    refreshTime: status.string('refreshTime'),
    syncedPushSecrets: readSynced(status),
  });
}

function readSource(selector: Cursor): PushSecret['source'] {
  const secret = selector.object('secret').objectName('name');
  if (secret !== undefined && secret !== '') return { secret };
  return defined({ generator: readGeneratorRef(selector, 'generatorRef') });
}

export function readPushSecret(object: Cursor): PushSecret {
  const spec = once(() => object.object('spec'));
  return readByPart<PushSecret>({
    metadata: () => readMetadata(object),
    source: () => readSource(spec().object('selector')),
    stores: () =>
      spec()
        .items('secretStoreRefs')
        .flatMap((item) => {
          if (item.has('labelSelector')) return [];
          const store = storeRefOf(item);
          return store === undefined ? [] : [store];
        }),
    templates: () => readTemplateSources(spec().object('template')),
    conditions: () => readConditions(object.object('status')),
    status: () => object.part('status', readPushSecretStatus),
  });
}
