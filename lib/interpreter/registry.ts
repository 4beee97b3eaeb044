// The registry of resource interpreters: each kind's folder declares what it serves; everything else reads it here.
// A kind is listed by its identity and a loader of its interpreter's module, loaded the first time a request names
// the kind: a function bundle then compiles no kind's code at start-up, however many kinds it serves
// (docs/adr/0013-kinds-at-start-up.md). A list of interpreters themselves (tests, tools) is served the same way.
import { notServed } from './wire/errors';
import { describeGvk } from '../review/core';
import { byGroupVersionKind, gvkKey, servedNear, type KindIdentity } from '../review/kind';
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

/** A kind as lib/kinds/interpreters.ts lists it: its identity, and how to load its interpreter's module. */
export interface LazyInterpreter extends KindIdentity {
  load(): Promise<ResourceInterpreter>;
}

export interface InterpreterRegistry {
  /** Every kind served, by identity: reading them loads no interpreter. */
  readonly kinds: readonly KindIdentity[];
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

/** One listed kind and where its interpreter is. */
interface Slot {
  readonly identity: KindIdentity;
  readonly load?: () => Promise<ResourceInterpreter>;
  interpreter?: ResourceInterpreter;
  loading?: Promise<void>;
  failure?: unknown;
}

const reasonOf = (failure: unknown): string => (failure instanceof Error ? failure.message : String(failure));

const isLoaded = (entry: ResourceInterpreter | LazyInterpreter): entry is ResourceInterpreter => 'operations' in entry;

const identityFields = ['group', 'kind', 'plural', 'versions', 'storageVersion', 'home', 'ownCrd'] as const;
const identityText = (identity: KindIdentity) => JSON.stringify(identityFields.map((field) => identity[field]));

/**
 * The loaded interpreter must be the kind its list entry says, field for field: a list that points at the wrong
 * module, or copies an identity that its identity.ts has since changed, is refused (that kind's calls fail as a 500).
 */
function checkIdentity(listed: KindIdentity, loaded: ResourceInterpreter): ResourceInterpreter {
  if (identityText(listed) !== identityText(loaded)) throw new Error(`the list entry ${identityText(listed)} loaded the interpreter of ${identityText(loaded)}`);
  return loaded;
}

export function createInterpreterRegistry(entries: readonly (ResourceInterpreter | LazyInterpreter)[]): InterpreterRegistry {
  const byEntry = byGroupVersionKind(entries, 'interpreters');
  const slots = new Map(entries.map((entry): [KindIdentity, Slot] => [entry, isLoaded(entry) ? { identity: entry, interpreter: entry } : { identity: entry, load: entry.load }]));
  const byKey = new Map([...byEntry].map(([key, entry]) => [key, slots.get(entry)!]));

  function load(slot: Slot): Promise<void> {
    // Started in a promise, so that a loader that throws at once is a failed load like any other.
    slot.loading ??= Promise.resolve()
      .then(() => slot.load!())
      .then((interpreter) => {
        slot.interpreter = checkIdentity(slot.identity, interpreter);
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
    kindFor: (gvk) => byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind))?.identity,
    ready(gvk) {
      const slot = byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind));
      return slot === undefined || slot.interpreter !== undefined ? undefined : load(slot);
    },
    async loadAll() {
      const all = [...slots.values()];
      await Promise.all(all.map((slot) => (slot.interpreter === undefined ? load(slot) : undefined)));
      const failed = all.find((slot) => slot.interpreter === undefined);
      if (failed !== undefined) throw new Error(`could not load the ${failed.identity.kind} interpreter: ${reasonOf(failed.failure)}`, { cause: failed.failure });
      return all.map((slot) => slot.interpreter!);
    },
    operationFor(gvk, operation) {
      const slot = byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind));
      if (slot === undefined) {
        throw notServed(`no interpreter for ${describeGvk(gvk)}; ${servedNear(gvk, entries)}`);
      }
      const interpreter = slot.interpreter;
      if (interpreter === undefined) {
        const why = slot.failure === undefined ? 'it is not loaded (ready() was not awaited)' : `loading it failed: ${reasonOf(slot.failure)}`;
        throw new Error(`no ${slot.identity.kind} interpreter: ${why}`, { cause: slot.failure });
      }
      const fn = interpreter.operations[operation];
      if (fn === undefined) {
        const implemented = Object.keys(interpreter.operations).join(', ');
        throw notServed(`the ${interpreter.kind} interpreter does not implement ${operation}; it implements: ${implemented}`);
      }
      return fn;
    },
  };
}
