// The registry of resource interpreters: each kind's folder declares what it serves; everything else reads it here.
// A kind is listed by its identity and a loader of its interpreter's module, loaded the first time a request names
// the kind: a function bundle then compiles no kind's code at start-up, however many kinds it serves
// (docs/adr/0013-kinds-at-start-up.md). A list of interpreters themselves (tests, tools) is served the same way.
import { notServed } from './wire/errors';
import { describeGvk } from '../review/core';
import { byGroupVersionKind, familyServes, gvkKey, servedNear, type FamilyIdentity, type KindIdentity } from '../review/kind';
import type { InterpreterOperation } from './wire/operations';
import type { JsonPatchOperation } from '../review/patch';
import type { Component, DependentObjectReference, ReplicaRequirements, ResourceInterpreterRequest } from './wire/types';
import type { GroupVersionKind } from '../review/core';
import type { JsonObject } from '../review/json';

/** What each operation returns; the protocol layer turns it into response fields. */
export interface OperationResults {
  InterpretReplica: { replicas: number; replicaRequirements?: ReplicaRequirements };
  InterpretComponent: { components: Component[] };
  ReviseReplica: JsonPatchOperation[];
  Retain: JsonPatchOperation[];
  AggregateStatus: JsonPatchOperation[];
  InterpretStatus: { rawStatus: JsonObject };
  // `reason` (lib/shapes/health.ts) never reaches Karmada: it goes to the log line, the metric and `interpret`.
  InterpretHealth: { healthy: boolean; reason: string };
  InterpretDependency: { dependencies: DependentObjectReference[] };
}

export type OperationFunction<Op extends InterpreterOperation> = (request: ResourceInterpreterRequest) => OperationResults[Op];

export type OperationFunctions = { [Op in InterpreterOperation]?: OperationFunction<Op> };

/** A resource interpreter: the kind it serves and a plain function per operation it implements. */
export interface ResourceInterpreter extends KindIdentity {
  readonly operations: OperationFunctions;
}

/** A family folder's interpreter: one plain function per operation, for every kind of the family's groups. */
export interface FamilyInterpreter extends FamilyIdentity {
  readonly operations: OperationFunctions;
}

/**
 * A kind as lib/kinds/interpreters.ts lists it: its identity, and how to load its interpreter's module. An example
 * kind of a family folder (`family` set) loads the family's interpreter, which the registry binds to the kind.
 */
export interface LazyInterpreter extends KindIdentity {
  load(): Promise<ResourceInterpreter | FamilyInterpreter>;
}

/** A family folder as lib/kinds/interpreters.ts lists it: what it serves, and how to load its interpreter. */
export interface LazyFamily extends Omit<FamilyIdentity, 'examples'> {
  load(): Promise<FamilyInterpreter>;
}

export interface InterpreterRegistry {
  /** Every kind served, by identity (a family folder's examples among them): reading them loads no interpreter. */
  readonly kinds: readonly KindIdentity[];
  /** Every family folder: every kind of its groups is served by its interpreter (after the kinds listed above). */
  readonly families: readonly LazyFamily[];
  /** Every family's interpreter, loading those not loaded yet (webhook-config, tools, tests). */
  loadFamilies(): Promise<readonly FamilyInterpreter[]>;
  /** The kind served at this group/version/kind, by identity (loads nothing); undefined when not served. */
  kindFor(gvk: GroupVersionKind): KindIdentity | undefined;
  /**
   * Loads the interpreter of this kind when it is served and not loaded yet, and settles when `operationFor` can
   * answer for it; undefined when it can already (loaded, or not served). Never rejects: a kind that failed to load
   * makes `operationFor` throw the failure, and the next `ready` tries again.
   */
  ready(gvk: GroupVersionKind): Promise<void> | undefined;
  /** Every kind's interpreter, loading those not loaded yet (webhook-config, tools, tests); rejects when one fails. */
  loadAll(): Promise<readonly ResourceInterpreter[]>;
  /**
   * The interpreter function for this kind and operation; throws a 404 ReviewFailure when not served. A served kind
   * must be loaded first (`ready`); otherwise this throws an Error (a 500: the caller's mistake, or a failed load).
   */
  operationFor<Op extends InterpreterOperation>(gvk: GroupVersionKind, operation: Op): OperationFunction<Op>;
}

/** One listed kind (or family) and where its interpreter is. */
interface Slot<I = ResourceInterpreter> {
  readonly identity: KindIdentity;
  readonly load?: () => Promise<ResourceInterpreter | FamilyInterpreter>;
  interpreter?: I;
  loading?: Promise<void>;
  failure?: unknown;
}

const reasonOf = (failure: unknown): string => (failure instanceof Error ? failure.message : String(failure));

const isLoaded = (entry: ResourceInterpreter | LazyInterpreter): entry is ResourceInterpreter => 'operations' in entry;
const isFamily = (loaded: ResourceInterpreter | FamilyInterpreter): loaded is FamilyInterpreter => 'groups' in loaded;

const identityFields = ['group', 'kind', 'plural', 'versions', 'storageVersion', 'home', 'ownCrd'] as const;
const identityText = (identity: KindIdentity) => JSON.stringify(identityFields.map((field) => identity[field]));

/**
 * The loaded interpreter must be the kind its list entry says, field for field: a list that points at the wrong
 * module, or copies an identity that its identity.ts has since changed, is refused (that kind's calls fail as a 500).
 */
function checkIdentity(listed: KindIdentity, loaded: ResourceInterpreter | FamilyInterpreter): ResourceInterpreter {
  if (isFamily(loaded)) {
    // An example kind of a family folder: the family's interpreter, bound to the kind the list names.
    if (listed.family !== loaded.family || listed.home !== loaded.home || !familyServes(loaded, listed.group)) {
      throw new Error(`the list entry ${identityText(listed)} of family ${String(listed.family)} loaded the ${loaded.family} family at ${loaded.home}, which does not serve group ${listed.group}`);
    }
    return { ...listed, operations: loaded.operations };
  }
  if (identityText(listed) !== identityText(loaded)) throw new Error(`the list entry ${identityText(listed)} loaded the interpreter of ${identityText(loaded)}`);
  return loaded;
}

function checkFamily(listed: LazyFamily, loaded: FamilyInterpreter): FamilyInterpreter {
  if (listed.family !== loaded.family || listed.home !== loaded.home || JSON.stringify(listed.groups) !== JSON.stringify(loaded.groups)) {
    throw new Error(`the family entry ${listed.family} at ${listed.home} (${listed.groups.join(', ')}) loaded the ${loaded.family} family at ${loaded.home} (${loaded.groups.join(', ')})`);
  }
  return loaded;
}

export function createInterpreterRegistry(entries: readonly (ResourceInterpreter | LazyInterpreter)[], families: readonly LazyFamily[] = []): InterpreterRegistry {
  const byEntry = byGroupVersionKind(entries, 'interpreters');
  const slots = new Map(entries.map((entry): [KindIdentity, Slot] => [entry, isLoaded(entry) ? { identity: entry, interpreter: entry } : { identity: entry, load: entry.load }]));
  const byKey = new Map([...byEntry].map(([key, entry]) => [key, slots.get(entry)!]));
  // A family's slot has the family's interpreter; its identity is only for messages (kind `*`).
  const familySlots = families.map((family): { family: LazyFamily; slot: Slot<FamilyInterpreter> } => ({
    family,
    slot: { identity: { group: family.groups.join(', '), kind: '*', plural: '*', versions: ['*'], storageVersion: '*', home: family.home, ownCrd: false, family: family.family }, load: family.load },
  }));

  /** The listed kind's slot, else the slot of the first family serving the group. */
  function slotOf(gvk: GroupVersionKind): Slot<ResourceInterpreter | FamilyInterpreter> | undefined {
    return byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind)) ?? familySlots.find(({ family }) => familyServes(family, gvk.group))?.slot;
  }

  function load(slot: Slot<ResourceInterpreter | FamilyInterpreter>): Promise<void> {
    // Started in a promise, so that a loader that throws at once is a failed load like any other.
    slot.loading ??= Promise.resolve()
      .then(() => slot.load!())
      .then((interpreter) => {
        const family = familySlots.find(({ slot: familySlot }) => familySlot === slot)?.family;
        slot.interpreter = family === undefined ? checkIdentity(slot.identity, interpreter) : checkFamily(family, interpreter as FamilyInterpreter);
        slot.failure = undefined;
      })
      .catch((error: unknown) => {
        slot.failure = error;
      })
      .finally(() => {
        slot.loading = undefined;
      });
    return slot.loading;
  }

  return {
    kinds: entries,
    families,
    kindFor: (gvk) => {
      const listed = byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind))?.identity;
      if (listed !== undefined) return listed;
      const family = familySlots.find(({ family: f }) => familyServes(f, gvk.group))?.family;
      // A kind a family serves, named as the request names it: the family's home and name say whose it is.
      return family === undefined ? undefined : { group: gvk.group, kind: gvk.kind, plural: '', versions: [gvk.version], storageVersion: gvk.version, home: family.home, ownCrd: false, family: family.family };
    },
    ready(gvk) {
      const slot = slotOf(gvk);
      return slot === undefined || slot.interpreter !== undefined ? undefined : load(slot);
    },
    async loadFamilies() {
      const all = familySlots.map(({ slot }) => slot);
      await Promise.all(all.map((slot) => (slot.interpreter === undefined ? load(slot) : undefined)));
      const failed = all.find((slot) => slot.interpreter === undefined);
      if (failed !== undefined) throw new Error(`could not load the ${String(failed.identity.family)} family's interpreter: ${reasonOf(failed.failure)}`, { cause: failed.failure });
      return all.map((slot) => slot.interpreter!);
    },
    async loadAll() {
      const all = [...slots.values()];
      await Promise.all(all.map((slot) => (slot.interpreter === undefined ? load(slot) : undefined)));
      const failed = all.find((slot) => slot.interpreter === undefined);
      if (failed !== undefined) throw new Error(`could not load the ${failed.identity.kind} interpreter: ${reasonOf(failed.failure)}`, { cause: failed.failure });
      return all.map((slot) => slot.interpreter!);
    },
    operationFor(gvk, operation) {
      const slot = slotOf(gvk);
      if (slot === undefined) {
        throw notServed(`no interpreter for ${describeGvk(gvk)}; ${servedNear(gvk, entries, families.map((family) => ({ ...family, examples: [] })))}`);
      }
      const interpreter = slot.interpreter;
      const name = slot.identity.family === undefined || slot.identity.kind !== '*' ? slot.identity.kind : `${slot.identity.family} family's`;
      if (interpreter === undefined) {
        const why = slot.failure === undefined ? 'it is not loaded (ready() was not awaited)' : `loading it failed: ${reasonOf(slot.failure)}`;
        throw new Error(`no ${name} interpreter: ${why}`, { cause: slot.failure });
      }
      const fn = interpreter.operations[operation];
      if (fn === undefined) {
        const implemented = Object.keys(interpreter.operations).join(', ');
        throw notServed(`the ${name} interpreter does not implement ${operation}; it implements: ${implemented}`);
      }
      return fn as OperationFunction<typeof operation>;
    },
  };
}
