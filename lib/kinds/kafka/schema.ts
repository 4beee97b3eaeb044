// The Kafka's reader (v1, v1beta2 and v1beta1 share the fields read; v1 has no `spec.kafka.replicas`, so none is
// read there): an object becomes the typed view the operations use, or a FieldFailure naming the field (a 400).
// Types are hand-written from Strimzi 0.51.0's api module, io/strimzi/api/kafka/model/kafka/{KafkaSpec,
// KafkaClusterSpec,KafkaStatus}.java and kafka/listener/{ListenerStatus,ListenerAddress}.java, for the fields read only.
import { defined, once, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { nodeIdsField } from '../../families/strimzi/strimzi';

/** ListenerStatus: one listener's name, addresses and bootstrap string (and the CA certificates clients trust). */
export interface ListenerStatus {
  name?: string;
  addresses?: { host?: string; port?: number }[];
  bootstrapServers?: string;
  raw: JsonObject;
}

/** KafkaStatus: written by the cluster operator at the end of each reconciliation. */
export interface KafkaStatus extends ConditionStatus {
  listeners?: ListenerStatus[];
  /** `kafkaNodePools[].name`: the pools the cluster runs on. */
  kafkaNodePools?: string[];
  registeredNodeIds?: number[];
  raw: JsonObject;
}

export interface KafkaSpec {
  /** `spec.kafka.replicas` (v1beta2 and v1beta1: the brokers of a cluster without node pools). */
  replicas?: number;
  /** `spec.kafka.resources` and `spec.kafka.template.pod` (empty when absent), for a cluster without node pools. */
  resources: Cursor;
  pod: Cursor;
  /** `spec.clusterCa` / `spec.clientsCa` `generateCertificateAuthority: false`: the user supplies the CA secrets. */
  ownClusterCa: boolean;
  ownClientsCa: boolean;
  /** The spec as written (its references are found by walking it). */
  raw: Cursor;
}

export interface Kafka {
  metadata: ObjectMetaView;
  spec?: KafkaSpec;
  status?: KafkaStatus;
}

const maxItems = podTemplateLimits.listItems;

function readListener(item: Cursor): ListenerStatus {
  return defined({
    raw: item.value!,
    name: item.string('name'),
    bootstrapServers: item.string('bootstrapServers'),
    addresses: item.has('addresses') ? item.items('addresses', maxItems).map((address) => defined({ host: address.string('host'), port: address.count('port') })) : undefined,
  });
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: Cursor): KafkaStatus {
  const result: KafkaStatus = defined({
    ...readConditionStatus(status),
    raw: status.value!,
    listeners: status.has('listeners') ? status.items('listeners', maxItems).map(readListener) : undefined,
    kafkaNodePools: status.has('kafkaNodePools') ? status.items('kafkaNodePools', maxItems).flatMap((item) => item.string('name') ?? []) : undefined,
    registeredNodeIds: nodeIdsField(status, 'registeredNodeIds'),
  });
  // Reflected as written: checked to be strings.
  for (const name of ['clusterId', 'kafkaVersion', 'kafkaMetadataVersion', 'kafkaMetadataState', 'operatorLastSuccessfulVersion']) status.string(name);
  return result;
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: Cursor): KafkaStatus & ReportedGenerations {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

/** The spec by part: InterpretReplica reads the nodes, InterpretDependency the CAs and the spec as written. */
function readSpec(spec: Cursor, version: string): KafkaSpec {
  const cluster = once(() => spec.object('kafka'));
  const ownCa = (name: string) => spec.object(name).boolean('generateCertificateAuthority') === false;
  return readByPart<KafkaSpec>({
    // v1 dropped `replicas` (node pools are mandatory): a v1 object carrying one is pruned by the apiserver.
    replicas: () => (version === 'v1' ? undefined : cluster().count('replicas')),
    resources: () => cluster().object('resources'),
    pod: () => cluster().at(['template', 'pod']),
    ownClusterCa: () => ownCa('clusterCa'),
    ownClientsCa: () => ownCa('clientsCa'),
    raw: () => spec,
  });
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readKafka(object: Cursor, { version }: { version: string }): Kafka {
  return readByPart<Kafka>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => readSpec(spec, version)),
    status: () => object.part('status', readStatus),
  });
}
