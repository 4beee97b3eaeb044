// The KafkaTopic's reader (every served version has the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). It reads by part and never defaults or changes a value. From
// Strimzi 0.51.0's api module, io/strimzi/api/kafka/model/topic/{KafkaTopicStatus,ReplicasChangeStatus}.java, for
// the fields read only: the spec (partitions, replicas, config) is Kafka's and no operation reads it.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import type { KafkaTopicStatus } from './types';

type ReplicasChange = NonNullable<KafkaTopicStatus['replicasChange']>;

/** KafkaTopicStatus as the topic operator writes it (BatchingTopicController.updateStatusFor*). */
export interface KafkaTopicStatusView extends ConditionStatus {
  topicName?: string;
  topicId?: string;
  replicasChange?: ReplicasChange;
}

export interface KafkaTopic {
  metadata: ObjectMetaView;
  status?: KafkaTopicStatusView;
}

/**
 * `replicasChange`'s four schema fields (the CRD prunes anything else). `state` is kept as any string: the CRD's enum
 * (`pending`, `ongoing`) is the API server's to enforce, and a state a later operator adds must not stop the status.
 */
function readReplicasChange(change: Cursor): ReplicasChange {
  return defined({
    targetReplicas: change.signed('targetReplicas'),
    state: change.string('state') as ReplicasChange['state'],
    message: change.string('message'),
    sessionId: change.string('sessionId'),
  });
}

/** A member's status. */
export function readStatus(status: Cursor): KafkaTopicStatusView {
  return defined({
    ...readConditionStatus(status),
    topicName: status.string('topicName'),
    topicId: status.string('topicId'),
    replicasChange: status.part('replicasChange', readReplicasChange),
  });
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: Cursor): KafkaTopicStatusView & ReportedGenerations {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

export function readKafkaTopic(object: Cursor): KafkaTopic {
  return readByPart<KafkaTopic>({
    metadata: () => readMetadata(object),
    status: () => object.part('status', readStatus),
  });
}
