// The Crossplane family's interpreter: every kind of the family's groups (identity.ts), read by one convention
// (conventions.ts), with the dependencies (references.ts) and what each member keeps (retained.ts). See README.md.
import { defineFamily, type TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { once, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { membersOf, setOrRemove } from '../../shapes/aggregation';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { conditionsOnePerType } from '../../shapes/conditions-by-type';
import { namespaceOf } from '../../shapes/dependencies';
import { reportGenerations } from '../../shapes/generations';
import { crossplane } from './identity';
import { crossplaneConditionRules, crossplaneHealth } from './conventions';
import { crossplaneDependencies, secretSelectors, type ProviderConfigRef, type SecretSelector } from './references';
import { keepLateInitialized, lateInitializes, memberAnnotations, memberSpecPaths, valueAt } from './retained';

export interface CrossplaneObject {
  gvk: GroupVersionKind;
  metadata: ObjectMetaView;
  /** The object as sent: Retain reads the member's fields by path, InterpretStatus reports its status whole. */
  raw: JsonObject | undefined;
  providerConfigRef?: ProviderConfigRef;
  /** `spec.managementPolicies` (a managed resource's; absent means `*`). */
  managementPolicies?: string[];
  secrets: SecretSelector[];
  status?: ConditionStatus;
}

function readProviderConfigRef(spec: Cursor): ProviderConfigRef | undefined {
  const ref = spec.object('providerConfigRef');
  const name = ref.objectName('name');
  if (name === undefined) return undefined;
  const kind = ref.string('kind');
  return kind === undefined ? { name } : { name, kind };
}

export function readCrossplaneObject(object: Cursor, gvk: GroupVersionKind): CrossplaneObject {
  const spec = once(() => object.object('spec'));
  return readByPart<CrossplaneObject>({
    gvk: () => gvk,
    metadata: () => readMetadata(object),
    raw: () => object.value,
    providerConfigRef: () => readProviderConfigRef(spec()),
    managementPolicies: () => (spec().has('managementPolicies') ? spec().strings('managementPolicies', { maxItems: 16, why: 'Crossplane defines six management policies' }) : undefined),
    secrets: () => secretSelectors(spec().value, () => spec().path),
    status: () => object.part('status', (status) => readConditionStatus(status)),
  });
}

type Request = TypedRequest<CrossplaneObject>;

/** InterpretStatus: the member's status as its provider wrote it (the kind's own CRD admits it), and the generations. */
function reflectStatus({ object }: Request): OperationResults['InterpretStatus'] {
  void object.status; // read: a malformed condition is refused, as for every kind
  const status = valueAt(object.raw, ['status']);
  const rawStatus: JsonObject = status !== undefined && status !== null && typeof status === 'object' && !Array.isArray(status) ? { ...status } : {};
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

/**
 * AggregateStatus: the conditions, one per type (Ready False where any member's is): every Crossplane kind that has
 * conditions declares them so, and a status field of a kind's own (`atProvider`) is each member's external resource.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request): OperationResults['AggregateStatus'] {
  const { reporting } = membersOf(aggregatedStatus, (status) => readConditionStatus(status));
  const patch = newPatch();
  const conditions = conditionsOnePerType(reporting, crossplaneConditionRules);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  return patch.operations;
}

function interpretHealth({ object }: Request): OperationResults['InterpretHealth'] {
  return crossplaneHealth(object.gvk.kind, object.status);
}

function interpretDependency({ object, namespace }: Request): OperationResults['InterpretDependency'] {
  const ownNamespace = namespaceOf(object.metadata, namespace);
  return {
    dependencies: crossplaneDependencies({
      group: object.gvk.group,
      ...(ownNamespace === undefined || ownNamespace === '' ? {} : { namespace: ownNamespace }),
      ...(object.metadata.annotations === undefined ? {} : { annotations: object.metadata.annotations }),
      ...(object.providerConfigRef === undefined ? {} : { providerConfigRef: object.providerConfigRef }),
      secrets: object.secrets,
    }),
  };
}

/** Retain: the member's external name and creation record, late-initialized parameters, and composition's references. */
function retain({ object, observedObject, patch: newPatch }: Request): OperationResults['Retain'] {
  const patch = newPatch();
  const observed = observedObject;
  if (observed === undefined) return patch.operations;
  const desiredAnnotations = object.metadata.annotations ?? {};
  const observedAnnotations = observed.metadata.annotations ?? {};
  for (const name of memberAnnotations) {
    const value = observedAnnotations[name];
    if (value !== undefined && desiredAnnotations[name] === undefined) patch.add(['metadata', 'annotations', name], value);
  }
  if (lateInitializes(object.managementPolicies)) {
    keepLateInitialized(patch, ['spec', 'forProvider'], valueAt(object.raw, ['spec', 'forProvider']), valueAt(observed.raw, ['spec', 'forProvider']));
  }
  for (const path of memberSpecPaths) {
    const value = valueAt(observed.raw, path);
    if (value !== undefined && valueAt(object.raw, path) === undefined) patch.add(path, value);
  }
  return patch.operations;
}

export const crossplaneInterpreter = defineFamily<CrossplaneObject>({
  ...crossplane,
  decode: readCrossplaneObject,
  operations: {
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: reflectStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
