// The KafkaNodePool's reader (v1 and v1beta2 share the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). Types are hand-written from Strimzi 0.51.0's api module,
// io/strimzi/api/kafka/model/nodepool/KafkaNodePool{Spec,Status,Template}.java, for the fields read only.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { nodeIdsField, stringListField } from '../../families/strimzi/strimzi';
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

/** Read by part: Retain reads only `replicas`. */
export interface KafkaNodePoolSpec {
  replicas?: number;
  /** `spec.resources`: the Kafka container's corev1.ResourceRequirements (empty when absent). */
  resources: Cursor;
  /** `spec.template.pod` (Strimzi's PodTemplate: affinity, tolerations, priorityClassName…), empty when absent. */
  pod: Cursor;
}

export interface KafkaNodePool {
  metadata: ObjectMetaView;
  spec?: KafkaNodePoolSpec;
  status?: KafkaNodePoolStatus;
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: Cursor): KafkaNodePoolStatus {
  return defined({
    ...readConditionStatus(status),
    raw: status.value!,
    nodeIds: nodeIdsField(status, 'nodeIds'),
    clusterId: status.string('clusterId'),
    roles: stringListField(status, 'roles'),
    replicas: status.count('replicas'),
    labelSelector: status.string('labelSelector'),
  });
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: Cursor): KafkaNodePoolStatus & ReportedGenerations {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readKafkaNodePool(object: Cursor): KafkaNodePool {
  return readByPart<KafkaNodePool>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) =>
        readByPart<KafkaNodePoolSpec>({
          replicas: () => spec.count('replicas'),
          resources: () => spec.object('resources'),
          pod: () => spec.at(['template', 'pod']),
        }),
      ),
    status: () => object.part('status', readStatus),
  });
}
