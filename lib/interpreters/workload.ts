// Interpreter for Karmada's example Workload CRD (workload.example.io/v1alpha1): replicas, status, health, dependencies.
import { invalidInput } from '../protocol/errors';
import { int32Max } from '../protocol/json';
import { PatchBuilder } from '../protocol/patch';
import type { JsonObject, ResourceInterpreterRequest } from '../protocol/types';
import { booleanField, countField, objectField, objectItems, stringMapField } from '../kube/fields';
import { dependenciesOf, replicaRequirementsOf } from '../kube/pod-template';
import type { ResourceInterpreter } from './registry';

const retainReplicasLabel = 'resourcetemplate.karmada.io/retain-replicas';

function specOf(object: JsonObject, path: string): JsonObject | undefined {
  return objectField(object, 'spec', `${path}.spec`);
}

function statusOf(object: JsonObject, path: string): JsonObject | undefined {
  return objectField(object, 'status', `${path}.status`);
}

/** `spec.replicas`, defaulting to 1 as the Workload type documents. */
function desiredReplicasOf(object: JsonObject): number {
  return countField(specOf(object, 'object'), 'replicas', 'object.spec.replicas') ?? 1;
}

function readyReplicasOf(status: JsonObject | undefined, path: string): number {
  return countField(status, 'readyReplicas', `${path}.readyReplicas`) ?? 0;
}

function templateOf(object: JsonObject): JsonObject | undefined {
  return objectField(specOf(object, 'object'), 'template', 'object.spec.template');
}

function interpretReplica({ object }: ResourceInterpreterRequest) {
  const replicas = desiredReplicasOf(object);
  const replicaRequirements = replicaRequirementsOf(templateOf(object), 'object.spec.template');
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

function interpretComponent(request: ResourceInterpreterRequest) {
  const { replicas, replicaRequirements } = interpretReplica(request);
  const component = { name: 'main', replicas };
  if (replicaRequirements === undefined) return { components: [component] };
  const { nodeClaim, resourceRequest } = replicaRequirements;
  return { components: [{ ...component, replicaRequirements: { nodeClaim, resourceRequest } }] };
}

function reviseReplica({ object, replicas }: ResourceInterpreterRequest) {
  return new PatchBuilder(object).add(['spec', 'replicas'], replicas).operations;
}

/** Keeps what the member cluster owns: `spec.paused`, and `spec.replicas` when the template opts in by label. */
function retain({ object, observedObject }: ResourceInterpreterRequest) {
  const observed = observedObject!;
  const observedSpec = specOf(observed, 'observedObject');
  const patch = new PatchBuilder(object);

  const paused = booleanField(observedSpec, 'paused', 'observedObject.spec.paused');
  if (paused === undefined) patch.remove(['spec', 'paused']);
  else patch.add(['spec', 'paused'], paused);

  const metadata = objectField(object, 'metadata', 'object.metadata');
  const labels = stringMapField(metadata, 'labels', 'object.metadata.labels');
  if (labels?.[retainReplicasLabel] === 'true') {
    const observedReplicas = countField(observedSpec, 'replicas', 'observedObject.spec.replicas');
    if (observedReplicas !== undefined) patch.add(['spec', 'replicas'], observedReplicas);
  }
  return patch.operations;
}

function aggregateStatus({ object, aggregatedStatus = [] }: ResourceInterpreterRequest) {
  let readyReplicas = 0;
  aggregatedStatus.forEach((item, index) => {
    if (item.status === undefined) return;
    const path = `request.aggregatedStatus[${index}].status`;
    if (typeof item.status !== 'object' || item.status === null || Array.isArray(item.status)) {
      throw invalidInput(`${path} must be an object (what InterpretStatus returned for ${item.clusterName})`);
    }
    readyReplicas += readyReplicasOf(item.status, path);
  });
  if (readyReplicas > int32Max) throw invalidInput(`the aggregated status.readyReplicas (${readyReplicas}) does not fit in an int32`);
  statusOf(object, 'object'); // a .status that is not an object is invalid input, not something to overwrite
  return new PatchBuilder(object).add(['status', 'readyReplicas'], readyReplicas).operations;
}

function interpretHealth({ object }: ResourceInterpreterRequest) {
  const readyReplicas = readyReplicasOf(statusOf(object, 'object'), 'object.status');
  return { healthy: readyReplicas === desiredReplicasOf(object) };
}

function interpretStatus({ object }: ResourceInterpreterRequest) {
  const status = statusOf(object, 'object');
  const rawStatus: JsonObject = { readyReplicas: readyReplicasOf(status, 'object.status') };
  if (status?.conditions !== undefined && status.conditions !== null) {
    rawStatus.conditions = objectItems(status, 'conditions', 'object.status.conditions').map(({ item }) => item);
  }
  return { rawStatus };
}

function interpretDependency({ object, namespace }: ResourceInterpreterRequest) {
  const metadata = objectField(object, 'metadata', 'object.metadata');
  const objectNamespace = metadata?.namespace;
  const effectiveNamespace = typeof objectNamespace === 'string' && objectNamespace !== '' ? objectNamespace : namespace;
  return { dependencies: dependenciesOf(templateOf(object), 'object.spec.template', effectiveNamespace) };
}

export const workload: ResourceInterpreter = {
  group: 'workload.example.io',
  versions: ['v1alpha1'],
  kind: 'Workload',
  plural: 'workloads',
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: interpretComponent,
    ReviseReplica: reviseReplica,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
};
