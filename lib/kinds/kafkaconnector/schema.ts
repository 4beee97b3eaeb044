// The KafkaConnector's reader (v1 and v1beta2 share the fields read): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). It reads by part and never defaults or changes a value. From
// Strimzi 0.51.0's api module, io/strimzi/api/kafka/model/connector/{KafkaConnectorSpec,KafkaConnectorStatus,
// AutoRestartStatus,AlterOffsets}.java, for the fields read only: the connector's `config` is Kafka Connect's, and
// no operation reads it.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import type { KafkaConnectorStatus } from './types';

export type AutoRestart = NonNullable<KafkaConnectorStatus['autoRestart']>;

/** KafkaConnectorStatus as the cluster operator writes it (KafkaConnectAssemblyOperator.maybeUpdateConnectorStatus). */
export interface KafkaConnectorStatusView extends ConditionStatus {
  /** Kafka Connect's REST status of the connector and its tasks, as the operator copied it (any fields). */
  connectorStatus?: JsonObject;
  /** `spec.tasksMax`, or the number of tasks Connect reports, or 0 (the scale subresource's status count). */
  tasksMax?: number;
  topics?: string[];
  autoRestart?: AutoRestart;
}

/** Read by part: Retain reads `tasksMax` only, InterpretDependency `alterOffsets` only. */
export interface KafkaConnectorSpec {
  tasksMax?: number;
  /** `spec.alterOffsets.fromConfigMap.name`: the ConfigMap the operator reads offsets from. */
  alterOffsetsConfigMap?: string;
}

export interface KafkaConnector {
  metadata: ObjectMetaView;
  spec?: KafkaConnectorSpec;
  status?: KafkaConnectorStatusView;
}

function readAutoRestart(autoRestart: Cursor): AutoRestart {
  return defined({
    count: autoRestart.count('count'),
    connectorName: autoRestart.string('connectorName'),
    lastRestartTimestamp: autoRestart.string('lastRestartTimestamp'),
  });
}

/** A member's status. */
export function readStatus(status: Cursor): KafkaConnectorStatusView {
  return defined({
    ...readConditionStatus(status),
    connectorStatus: status.part('connectorStatus', (connectorStatus) => connectorStatus.value!),
    tasksMax: status.count('tasksMax'),
    topics: status.has('topics') ? status.strings('topics') : undefined,
    autoRestart: status.part('autoRestart', readAutoRestart),
  });
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: Cursor): KafkaConnectorStatusView & ReportedGenerations {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

export function readKafkaConnector(object: Cursor): KafkaConnector {
  return readByPart<KafkaConnector>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) =>
        readByPart<KafkaConnectorSpec>({
          tasksMax: () => spec.count('tasksMax'),
          alterOffsetsConfigMap: () => spec.at(['alterOffsets', 'fromConfigMap']).string('name'),
        }),
      ),
    status: () => object.part('status', readStatus),
  });
}
