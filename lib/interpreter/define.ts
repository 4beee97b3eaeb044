// Typed interpreters: a kind declares the TypeScript type of its resource and a decoder, and its operation
// functions receive decoded objects instead of unstructured JSON. The registry stays untyped (one shape for all kinds).
import { PatchBuilder } from '../review/patch';
import type { GroupVersionKind } from '../review/core';
import { Cursor } from '../kube/cursor';
import type { ResourceInterpreterRequest } from './wire/types';
import type { InterpreterOperation } from './wire/operations';
import type { FamilyIdentity, KindIdentity } from '../review/kind';
import type { FamilyInterpreter, OperationFunctions, OperationResults, ResourceInterpreter } from './registry';

/**
 * Reads an object of the kind into its typed view through a cursor (`object` or `observedObject`), by part: each
 * part is read when an operation first uses it (`readByPart`), so an operation refuses only a field it reads, with a
 * 400 naming it. It must not default or alter values: patches are built against the object as Karmada sent it
 * (see `TypedRequest.patch`).
 */
export type Decoder<T> = (object: Cursor, kind: GroupVersionKind) => T;

/** A request whose objects are decoded: what a typed operation function receives. */
export interface TypedRequest<T> extends Omit<ResourceInterpreterRequest, 'object' | 'observedObject'> {
  /** `request.object`, decoded. */
  object: T;
  /** `request.observedObject` (Retain only), decoded. */
  observedObject?: T;
  /** A JSON Patch builder over `request.object` exactly as Karmada sent it (it applies the patch to that). */
  patch(): PatchBuilder;
}

export type TypedOperationFunction<T, Op extends InterpreterOperation> = (request: TypedRequest<T>) => OperationResults[Op];

export type TypedOperationFunctions<T> = { [Op in InterpreterOperation]?: TypedOperationFunction<T, Op> };

export interface InterpreterDefinition<T> extends KindIdentity {
  readonly decode: Decoder<T>;
  readonly operations: TypedOperationFunctions<T>;
}

function typedRequest<T>(request: ResourceInterpreterRequest, decode: Decoder<T>): TypedRequest<T> {
  const { object, observedObject } = request;
  // A plain spread, then the decoded objects over the raw ones: rest destructuring with excluded keys takes V8's
  // slow path (~1.5 µs a call, as much as the rest of the decoding).
  const typed = { ...request } as unknown as TypedRequest<T>;
  typed.object = decode(Cursor.root(object, 'object'), request.kind);
  typed.patch = () => new PatchBuilder(object);
  if (observedObject !== undefined) typed.observedObject = decode(Cursor.root(observedObject, 'observedObject'), request.kind);
  return typed;
}

/** Operations that decode `request.object` (and `observedObject`) before they run. */
function decodingOperations<T>(decode: Decoder<T>, typed: TypedOperationFunctions<T>): OperationFunctions {
  const operations: Record<string, unknown> = {};
  for (const [operation, fn] of Object.entries(typed) as [InterpreterOperation, TypedOperationFunction<T, InterpreterOperation>][]) {
    if (fn !== undefined) operations[operation] = (request: ResourceInterpreterRequest) => fn(typedRequest(request, decode));
  }
  return operations as OperationFunctions;
}

/** A registry entry whose operations decode `request.object` (and `observedObject`) before they run. */
export function defineInterpreter<T>(definition: InterpreterDefinition<T>): ResourceInterpreter {
  const { decode, operations: typed, ...identity } = definition;
  return { ...identity, operations: decodingOperations(decode, typed) };
}

export interface FamilyDefinition<T> extends FamilyIdentity {
  /** Reads any kind of the family's groups (`kind` says which). */
  readonly decode: Decoder<T>;
  readonly operations: TypedOperationFunctions<T>;
}

/** A family folder's interpreter: as `defineInterpreter`, for every kind of the family's groups. */
export function defineFamily<T>(definition: FamilyDefinition<T>): FamilyInterpreter {
  const { decode, operations: typed, ...identity } = definition;
  return { ...identity, operations: decodingOperations(decode, typed) };
}
