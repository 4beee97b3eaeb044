// RabbitmqCluster's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400 for the interpreter). It reads by part: an operation reads only the parts it uses, so a wrong field it
// does not read never changes its answer. It never defaults or changes a value: patches apply to the object as
// Karmada sent it. The fields are those of cluster-operator v2.20.0's api/v1beta1/rabbitmqcluster_types.go.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject, JsonValue } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';

/** What the operations read of a RabbitmqCluster. */
export interface RabbitmqCluster {
  metadata: ObjectMetaView;
  /** `spec.replicas`: the nodes of this one RabbitMQ cluster (CRD default 1). */
  spec?: { replicas?: number };
  /** The pod fields each node's pod is built from (InterpretReplica, InterpretComponent). */
  pod?: RabbitmqPod;
  /** The spec fields the operator writes in a member (Retain). */
  defaulted?: OperatorDefaulted;
  /** The objects the spec names (InterpretDependency). */
  references?: RabbitmqReferences;
  status?: RabbitmqStatus;
}

/** The spec's pod fields and `override.statefulSet.spec.template.spec`, as sent (checked where they are read). */
export interface RabbitmqPod {
  /** `spec` itself: `resources` (the rabbitmq container's), `tolerations`, `affinity`. */
  spec: JsonObject;
  /** `spec.override.statefulSet.spec.template.spec`: strategic-merge-patched over the generated pod spec. */
  override?: JsonObject;
}

/** internal/controller/reconcile_operator_defaults.go: what the operator writes into the spec when it is empty. */
export interface OperatorDefaulted {
  image?: string;
  /** Present (even empty) or absent: the operator fills it only when absent (nil). */
  imagePullSecrets?: JsonValue[];
  /** Whether `spec.secretBackend.vault` is set (the updater image is written only then). */
  vault: boolean;
  defaultUserUpdaterImage?: string;
  /** `spec.replicas` as written, for Karmada's retain-replicas label. */
  replicas?: number;
}

export interface RabbitmqReferences {
  tlsSecret?: string;
  tlsCaSecret?: string;
  externalSecret?: string;
  imagePullSecrets: (string | undefined)[];
  /** `override.statefulSet.spec.template.spec`, whose volumes, env and service account the pods use. */
  override?: JsonObject;
}

/** The status fields of RabbitmqClusterStatus the interpreter reflects and aggregates. */
export interface RabbitmqStatus {
  conditions?: Condition[];
  defaultUser?: JsonObject;
  binding?: JsonObject;
  observedGeneration?: number;
  quorumStatus?: string;
}

/** What InterpretStatus returned for a member, read back at `request.aggregatedStatus[i].status`. */
export type ReflectedStatus = RabbitmqStatus & Omit<ReportedGenerations, 'observedGeneration'>;

function podOf(spec: Cursor): RabbitmqPod {
  const override = spec.at(['override', 'statefulSet', 'spec', 'template', 'spec']).value;
  return defined({ spec: spec.value!, override });
}

function defaultedOf(spec: Cursor): OperatorDefaulted {
  const vault = spec.object('secretBackend').object('vault');
  return defined({
    image: spec.string('image'),
    imagePullSecrets: spec.has('imagePullSecrets') ? spec.list('imagePullSecrets', podTemplateList) : undefined,
    vault: vault.present,
    defaultUserUpdaterImage: vault.string('defaultUserUpdaterImage'),
    replicas: spec.count('replicas'),
  });
}

function referencesOf(spec: Cursor): RabbitmqReferences {
  const tls = spec.object('tls');
  return defined({
    tlsSecret: tls.objectName('secretName'),
    tlsCaSecret: tls.objectName('caSecretName'),
    externalSecret: spec.object('secretBackend').object('externalSecret').objectName('name'),
    imagePullSecrets: spec.items('imagePullSecrets', podTemplateList).map((item) => item.objectName('name')),
    override: spec.at(['override', 'statefulSet', 'spec', 'template', 'spec']).value,
  });
}

/** A RabbitmqCluster status as the operator wrote it (a member's, or the control plane's aggregate). */
export function readStatus(status: Cursor): RabbitmqStatus {
  return defined({
    conditions: readConditions(status),
    defaultUser: status.object('defaultUser').value,
    binding: status.object('binding').value,
    observedGeneration: status.generation('observedGeneration'),
    quorumStatus: status.string('quorumStatus'),
  });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readRabbitmqCluster(object: Cursor): RabbitmqCluster {
  return readByPart<RabbitmqCluster>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => defined({ replicas: spec.count('replicas') })),
    pod: () => object.part('spec', podOf),
    defaulted: () => object.part('spec', defaultedOf),
    references: () => object.part('spec', referencesOf),
    status: () => object.part('status', readStatus),
  });
}
