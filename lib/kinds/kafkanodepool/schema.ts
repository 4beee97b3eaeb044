// The KafkaNodePool's reader (v1 and v1beta2 share the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). Types are hand-written from Strimzi 0.51.0's api module,
// io/strimzi/api/kafka/model/nodepool/KafkaNodePool{Spec,Status,Template}.java, for the fields read only.
import { countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { nodeIdsField, stringListField } from '../../shapes/strimzi';
import type { JsonObject } from '../../review/json';

/** KafkaNodePoolStatus: written by the cluster operator while it reconciles the pool's Kafka. */
export interface KafkaNodePoolStatus extends ConditionStatus {
  nodeIds?: number[];
  clusterId?: string;
  roles?: string[];
  replicas?: number;
  labelSelector?: string;
  /** The status as written. */
  raw: JsonObject;
}

export interface KafkaNodePoolSpec {
  replicas?: number;
  roles?: string[];
  /** `spec.resources`: the Kafka container's corev1.ResourceRequirements. */
  resources?: JsonObject;
  /** `spec.template.pod` (Strimzi's PodTemplate: affinity, tolerations, priorityClassName…). */
  pod?: JsonObject;
}

export interface KafkaNodePool {
  metadata: ObjectMetaView;
  spec?: KafkaNodePoolSpec;
  status?: KafkaNodePoolStatus;
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: JsonObject, path: string): KafkaNodePoolStatus {
  const result: KafkaNodePoolStatus = { ...readConditionStatus(status, path), raw: status };
  const nodeIds = nodeIdsField(status, 'nodeIds', path);
  if (nodeIds !== undefined) result.nodeIds = nodeIds;
  const clusterId = stringField(status, 'clusterId', fieldPath(path, 'clusterId'));
  if (clusterId !== undefined) result.clusterId = clusterId;
  const roles = stringListField(status, 'roles', path);
  if (roles !== undefined) result.roles = roles;
  const replicas = countField(status, 'replicas', fieldPath(path, 'replicas'));
  if (replicas !== undefined) result.replicas = replicas;
  const labelSelector = stringField(status, 'labelSelector', fieldPath(path, 'labelSelector'));
  if (labelSelector !== undefined) result.labelSelector = labelSelector;
  return result;
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: JsonObject, path: string): KafkaNodePoolStatus & ReportedGenerations {
  return { ...readStatus(status, path), ...readReportedGenerations(status, path) };
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readKafkaNodePool(object: JsonObject, path: string): KafkaNodePool {
  const pool: KafkaNodePool = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) {
    const specPath = fieldPath(path, 'spec');
    pool.spec = {};
    const replicas = countField(spec, 'replicas', fieldPath(specPath, 'replicas'));
    if (replicas !== undefined) pool.spec.replicas = replicas;
    const roles = stringListField(spec, 'roles', specPath);
    if (roles !== undefined) pool.spec.roles = roles;
    const resources = objectField(spec, 'resources', fieldPath(specPath, 'resources'));
    if (resources !== undefined) pool.spec.resources = resources;
    const template = objectField(spec, 'template', fieldPath(specPath, 'template'));
    const pod = objectField(template, 'pod', fieldPath(specPath, 'template.pod'));
    if (pod !== undefined) pool.spec.pod = pod;
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) pool.status = readStatus(status, fieldPath(path, 'status'));
  return pool;
}
