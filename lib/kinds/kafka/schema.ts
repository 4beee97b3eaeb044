// The Kafka's reader (v1, v1beta2 and v1beta1 share the fields read; v1 has no `spec.kafka.replicas`, so none is
// read there): an object becomes the typed view the operations use, or a FieldFailure naming the field (a 400).
// Types are hand-written from Strimzi 0.51.0's api module, io/strimzi/api/kafka/model/kafka/{KafkaSpec,
// KafkaClusterSpec,KafkaStatus}.java and kafka/listener/{ListenerStatus,ListenerAddress}.java, for the fields read only.
import { booleanField, countField, fieldPath, fieldValue, objectField, objectItems, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import { podTemplateLimits } from '../../kube/limits';
import type { JsonObject } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { nodeIdsField } from '../../shapes/strimzi';

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
  /** `spec.kafka.resources` and `spec.kafka.template.pod`, for a cluster without node pools. */
  resources?: JsonObject;
  pod?: JsonObject;
  /** `spec.clusterCa` / `spec.clientsCa` `generateCertificateAuthority: false`: the user supplies the CA secrets. */
  ownClusterCa: boolean;
  ownClientsCa: boolean;
  /** The spec as written (its references are found by walking it). */
  raw: JsonObject;
}

export interface Kafka {
  metadata: ObjectMetaView;
  spec?: KafkaSpec;
  status?: KafkaStatus;
}

const maxItems = podTemplateLimits.listItems;

function readListener(item: JsonObject, path: string): ListenerStatus {
  const listener: ListenerStatus = { raw: item };
  const name = stringField(item, 'name', fieldPath(path, 'name'));
  if (name !== undefined) listener.name = name;
  const bootstrap = stringField(item, 'bootstrapServers', fieldPath(path, 'bootstrapServers'));
  if (bootstrap !== undefined) listener.bootstrapServers = bootstrap;
  if (fieldValue(item, 'addresses') !== undefined) {
    listener.addresses = objectItems(item, 'addresses', fieldPath(path, 'addresses'), maxItems).map(({ item: address, path: at }) => {
      const host = stringField(address, 'host', fieldPath(at, 'host'));
      const port = countField(address, 'port', fieldPath(at, 'port'));
      return { ...(host === undefined ? {} : { host }), ...(port === undefined ? {} : { port }) };
    });
  }
  return listener;
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: JsonObject, path: string): KafkaStatus {
  const result: KafkaStatus = { ...readConditionStatus(status, path), raw: status };
  if (fieldValue(status, 'listeners') !== undefined) {
    result.listeners = objectItems(status, 'listeners', fieldPath(path, 'listeners'), maxItems).map(({ item, path: at }) => readListener(item, at));
  }
  if (fieldValue(status, 'kafkaNodePools') !== undefined) {
    result.kafkaNodePools = objectItems(status, 'kafkaNodePools', fieldPath(path, 'kafkaNodePools'), maxItems).flatMap(({ item, path: at }) => {
      const name = stringField(item, 'name', fieldPath(at, 'name'));
      return name === undefined ? [] : [name];
    });
  }
  const registered = nodeIdsField(status, 'registeredNodeIds', path);
  if (registered !== undefined) result.registeredNodeIds = registered;
  for (const name of ['clusterId', 'kafkaVersion', 'kafkaMetadataVersion', 'kafkaMetadataState', 'operatorLastSuccessfulVersion']) {
    stringField(status, name, fieldPath(path, name));
  }
  return result;
}

/** What InterpretStatus returned, read back by AggregateStatus (with Karmada's generations). */
export function readReflectedStatus(status: JsonObject, path: string): KafkaStatus & ReportedGenerations {
  return { ...readStatus(status, path), ...readReportedGenerations(status, path) };
}

function ownCa(spec: JsonObject, name: string, path: string): boolean {
  const ca = objectField(spec, name, fieldPath(path, name));
  return booleanField(ca, 'generateCertificateAuthority', fieldPath(path, `${name}.generateCertificateAuthority`)) === false;
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readKafka(object: JsonObject, path: string, { version }: { version: string }): Kafka {
  const kafka: Kafka = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) {
    const specPath = fieldPath(path, 'spec');
    const cluster = objectField(spec, 'kafka', fieldPath(specPath, 'kafka'));
    const clusterPath = fieldPath(specPath, 'kafka');
    kafka.spec = { ownClusterCa: ownCa(spec, 'clusterCa', specPath), ownClientsCa: ownCa(spec, 'clientsCa', specPath), raw: spec };
    // v1 dropped `replicas` (node pools are mandatory): a v1 object carrying one is pruned by the apiserver.
    const replicas = version === 'v1' ? undefined : countField(cluster, 'replicas', fieldPath(clusterPath, 'replicas'));
    if (replicas !== undefined) kafka.spec.replicas = replicas;
    const resources = objectField(cluster, 'resources', fieldPath(clusterPath, 'resources'));
    if (resources !== undefined) kafka.spec.resources = resources;
    const template = objectField(cluster, 'template', fieldPath(clusterPath, 'template'));
    const pod = objectField(template, 'pod', fieldPath(clusterPath, 'template.pod'));
    if (pod !== undefined) kafka.spec.pod = pod;
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) kafka.status = readStatus(status, fieldPath(path, 'status'));
  return kafka;
}

