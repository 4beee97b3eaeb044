// The registry of resource interpreters: each kind's folder declares what it serves; everything else reads it here.
import { notServed } from './wire/errors';
import { describeGvk } from '../review/core';
import { byGroupVersionKind, gvkKey, servedList, type KindIdentity } from '../review/kind';
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
  InterpretHealth: { healthy: boolean };
  InterpretDependency: { dependencies: DependentObjectReference[] };
}

export type OperationFunction<Op extends InterpreterOperation> = (request: ResourceInterpreterRequest) => OperationResults[Op];

export type OperationFunctions = { [Op in InterpreterOperation]?: OperationFunction<Op> };

/** A resource interpreter: the kind it serves and a plain function per operation it implements. */
export interface ResourceInterpreter extends KindIdentity {
  readonly operations: OperationFunctions;
}

export interface InterpreterRegistry {
  readonly kinds: readonly ResourceInterpreter[];
  /** `group/version, Kind=kind` of everything interpreted, for messages. */
  readonly served: string;
  kindFor(gvk: GroupVersionKind): ResourceInterpreter | undefined;
  /** The interpreter function for this kind and operation; throws a 404 ReviewFailure when not served. */
  operationFor<Op extends InterpreterOperation>(gvk: GroupVersionKind, operation: Op): OperationFunction<Op>;
}

export function createInterpreterRegistry(kinds: readonly ResourceInterpreter[]): InterpreterRegistry {
  const byKey = byGroupVersionKind(kinds, 'interpreters');
  const served = servedList(kinds);

  return {
    kinds,
    served,
    kindFor: (gvk) => byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind)),
    operationFor(gvk, operation) {
      const interpreter = byKey.get(gvkKey(gvk.group, gvk.version, gvk.kind));
      if (interpreter === undefined) {
        throw notServed(`no interpreter for ${describeGvk(gvk)}; this service interprets: ${served}`);
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
