// The Workload's interpreter (every served version): replicas, status, health, dependencies.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent, reviseSpecReplicas, replicasAndRequirements } from '../../interpreter/replicated';
import { memberStatusesOf } from '../../interpreter/member-statuses';
import { templateDependenciesOf } from '../../interpreter/pod-template';
import { invalidInput } from '../../interpreter/wire/errors';
import { int32Max } from '../../review/json';
import type { JsonObject } from '../../review/json';
import { pausedPathOf, workload } from './identity';
import { readWorkload, readyReplicasOf, type Workload } from './schema';

const retainReplicasLabel = 'resourcetemplate.karmada.io/retain-replicas';

type Request = TypedRequest<Workload>;

/** `spec.replicas`, defaulting to 1 as the Workload type documents. */
function desiredReplicasOf(object: Workload): number {
  return object.spec?.replicas ?? 1;
}

function interpretReplica({ object }: Request) {
  return replicasAndRequirements(desiredReplicasOf(object), object.spec?.template);
}

/** Keeps what the member cluster owns: its paused flag, and `spec.replicas` when the template opts in by label. */
function retain({ object, observedObject, kind, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();

  const pausedPath = pausedPathOf(kind.version);
  const paused = observed.spec?.paused;
  if (paused === undefined) patch.remove(pausedPath);
  else patch.add(pausedPath, paused);

  if (object.metadata.labels?.[retainReplicasLabel] === 'true') {
    const observedReplicas = observed.spec?.replicas;
    if (observedReplicas !== undefined) patch.add(['spec', 'replicas'], observedReplicas);
  }
  return patch.operations;
}

function aggregateStatus({ aggregatedStatus, patch }: Request) {
  let readyReplicas = 0;
  for (const { status } of memberStatusesOf(aggregatedStatus, readyReplicasOf)) readyReplicas += status;
  if (readyReplicas > int32Max) throw invalidInput(`the aggregated status.readyReplicas (${readyReplicas}) does not fit in an int32`);
  // A .status that is not an object was rejected by readWorkload: invalid input, not something to overwrite.
  return patch().add(['status', 'readyReplicas'], readyReplicas).operations;
}

function interpretHealth({ object }: Request) {
  const readyReplicas = object.status?.readyReplicas ?? 0;
  return { healthy: readyReplicas === desiredReplicasOf(object) };
}

function interpretStatus({ object }: Request) {
  const status = object.status;
  const rawStatus: JsonObject = { readyReplicas: status?.readyReplicas ?? 0 };
  if (status?.conditions !== undefined) rawStatus.conditions = status.conditions;
  return { rawStatus };
}

function interpretDependency({ object, namespace }: Request) {
  const objectNamespace = object.metadata.namespace;
  const effectiveNamespace = objectNamespace !== undefined && objectNamespace !== '' ? objectNamespace : namespace;
  return { dependencies: templateDependenciesOf(object.spec?.template, 'object.spec.template', effectiveNamespace) };
}

export const workloadInterpreter = defineInterpreter<Workload>({
  ...workload,
  decode: readWorkload,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseSpecReplicas,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
