// Answers shared by kinds shaped like a Deployment (a count at `spec.replicas`, a pod template): what Karmada's own
// Deployment interpreter answers, for a kind's interpreter to use as they are.
import { templateRequirementsOf } from './pod-template';
import { type PodTemplateSpec } from '../kube/objects';
import type { JsonPatchOperation } from '../review/patch';
import type { TypedRequest } from './define';
import type { OperationResults } from './registry';

/** InterpretReplica: the count, and per-replica requirements read from the pod template (none without one). */
export function replicasAndRequirements(
  replicas: number,
  template: PodTemplateSpec | undefined,
  path = 'object.spec.template',
): OperationResults['InterpretReplica'] {
  const replicaRequirements = templateRequirementsOf(template, path);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/** InterpretComponent for one pod template: one component, `main`, with InterpretReplica's answer (no priority class). */
export function oneComponent({ replicas, replicaRequirements }: OperationResults['InterpretReplica']): OperationResults['InterpretComponent'] {
  const component = { name: 'main', replicas };
  if (replicaRequirements === undefined) return { components: [component] };
  const { nodeClaim, resourceRequest } = replicaRequirements;
  return { components: [{ ...component, replicaRequirements: { nodeClaim, resourceRequest } }] };
}

/** ReviseReplica: `spec.replicas` set to this cluster's share (added where the object had none). */
export function reviseSpecReplicas<T>({ replicas, patch }: TypedRequest<T>): JsonPatchOperation[] {
  return patch().add(['spec', 'replicas'], replicas).operations;
}
