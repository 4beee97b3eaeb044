// The registry of resource interpreters: one module per kind declares what it serves; everything else reads it here.
import { notServed } from '../protocol/errors';
import type { InterpreterOperation } from '../protocol/operations';
import type { JsonPatchOperation } from '../protocol/patch';
import type {
  Component,
  DependentObjectReference,
  GroupVersionKind,
  JsonObject,
  ReplicaRequirements,
  ResourceInterpreterRequest,
} from '../protocol/types';

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
export interface ResourceInterpreter {
  readonly group: string;
  readonly versions: readonly string[];
  readonly kind: string;
  /** The resource's plural name, as in the CRD (used to name webhooks). */
  readonly plural: string;
  readonly operations: OperationFunctions;
}

export interface InterpreterRegistry {
  readonly interpreters: readonly ResourceInterpreter[];
  /** The interpreter function for this kind and operation; throws a 404 InterpreterError when not served. */
  operationFor<Op extends InterpreterOperation>(gvk: GroupVersionKind, operation: Op): OperationFunction<Op>;
}

export function describeGvk(gvk: GroupVersionKind): string {
  return `${gvk.group === '' ? '' : gvk.group + '/'}${gvk.version}, Kind=${gvk.kind}`;
}

function keyOf(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

export function createRegistry(interpreters: readonly ResourceInterpreter[]): InterpreterRegistry {
  const byKey = new Map<string, ResourceInterpreter>();
  for (const interpreter of interpreters) {
    for (const version of interpreter.versions) {
      const key = keyOf(interpreter.group, version, interpreter.kind);
      if (byKey.has(key)) throw new Error(`two interpreters registered for ${key}`);
      byKey.set(key, interpreter);
    }
  }
  const served = interpreters
    .flatMap((i) => i.versions.map((version) => describeGvk({ group: i.group, version, kind: i.kind })))
    .join('; ');

  return {
    interpreters,
    operationFor(gvk, operation) {
      const interpreter = byKey.get(keyOf(gvk.group, gvk.version, gvk.kind));
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
