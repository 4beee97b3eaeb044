// KEDA's ScaledObject interpreter: the objects it names (the scale target, trigger authentications), its health from
// KEDA's conditions, and its status reflected and added up across members. A ScaledObject runs no pods of its own
// (its target does), so it has no replicas for Karmada to schedule or divide (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { setOrRemove } from '../../shapes/aggregation';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { addAuthentications, aggregateKedaStatus, kedaHealth, reflectKedaStatus, summedCount, unitedMetricHealth } from '../../families/keda/keda';
import { defaultTargetApiVersion, defaultTargetKind, scaledObject as scaledObjectIdentity } from './identity';
import { readScaledObject, readStatus, type ScaledObject, type ScaledObjectStatus } from './schema';

type Request = TypedRequest<ScaledObject>;

/** The status KEDA writes, every field: the control plane shows what each member's KEDA says. */
const reflectedFields = [
  'conditions',
  'lastActiveTime',
  'scaleTargetKind',
  'scaleTargetGVKR',
  'originalReplicaCount',
  'externalMetricNames',
  'resourceMetricNames',
  'compositeScalerName',
  'health',
  'triggersActivity',
  'pausedReplicaCount',
  'hpaName',
  'triggersTypes',
  'authenticationsTypes',
] as const satisfies readonly (keyof ScaledObjectStatus)[];

function interpretStatus({ object }: Request) {
  // The reader has checked every field's type; the values go out as KEDA wrote them.
  return reflectKedaStatus(object.statusObject, reflectedFields);
}

function interpretHealth({ object }: Request) {
  return kedaHealth(object.status);
}

/** Values that cannot be added up: kept when every listed member reports the same, removed otherwise. */
const agreedFields = ['scaleTargetKind', 'scaleTargetGVKR', 'resourceMetricNames', 'compositeScalerName', 'hpaName', 'pausedReplicaCount'] as const;

function aggregateStatus(request: Request) {
  const { patch, members } = aggregateKedaStatus(request, readStatus, agreedFields);
  // Each member's target had its own count before KEDA scaled it: the fleet's is their sum, as Karmada adds up the
  // target's own replicas.
  setOrRemove(patch, 'originalReplicaCount', summedCount(members, (status) => status.originalReplicaCount, 'originalReplicaCount'));
  setOrRemove(patch, 'health', unitedMetricHealth(members.reporting.map(({ status }) => status.health)));
  return patch.operations;
}

function interpretDependency({ object, namespace }: Request) {
  const named = new NamedReferences(namespaceOf(object.metadata, namespace));
  const target = object.spec?.scaleTargetRef;
  // KEDA scales only a target in the ScaledObject's own namespace; "" means the default, as KEDA's ParseGVKR reads it.
  if (target !== undefined) named.add(target.apiVersion || defaultTargetApiVersion, target.kind || defaultTargetKind, target.name);
  addAuthentications(named, object.spec?.triggers);
  return { dependencies: named.list() };
}

export const scaledObjectInterpreter = defineInterpreter<ScaledObject>({
  ...scaledObjectIdentity,
  decode: readScaledObject,
  operations: {
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
