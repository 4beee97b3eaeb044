// OpenTelemetryCollector's one reader: an object of either served version becomes the typed view the operations use,
// or a FieldFailure naming the field (a 400 for the interpreter). It reads by part: the replica count and pod fields
// (InterpretReplica, ReviseReplica), the autoscaler (Retain), the references (InterpretDependency) and the status are
// read only by the operations that use them. It never defaults or changes a value. Field names and types follow the
// operator's apis/v1beta1 and apis/v1alpha1 (v0.143.0).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { maxReplicasPathsOf } from './identity';

/** Lists of a spec (volumes, env, containers, config maps, ingress TLS): bounded as a pod template's are. */
const maxItems = podTemplateLimits.listItems;

export interface OpenTelemetryCollector {
  metadata: ObjectMetaView;
  /** What InterpretReplica reads. */
  spec?: CollectorSpec;
  /** `spec.mode` alone (ReviseReplica, InterpretHealth). */
  mode?: string;
  /** `autoscaler.maxReplicas` (and v1alpha1's `maxReplicas`): set, the operator makes an HPA that scales the collector. */
  autoscaled?: boolean;
  /** `spec.replicas` alone, for Retain. */
  replicas?: number;
  references?: CollectorReferences;
  status?: CollectorStatus;
}

export interface CollectorSpec {
  /** `deployment` (the CRD's default), `daemonset`, `statefulset` or `sidecar`. */
  mode?: string;
  replicas?: number;
  /** The spec as sent: the collector container's `resources`, `nodeSelector`, `tolerations`, `affinity`, `initContainers`. */
  raw: JsonObject;
  /** `additionalContainers`: containers the operator adds to each collector pod. */
  additionalContainers: { item: JsonObject; path: string }[];
}

export interface CollectorReferences {
  secrets: (string | undefined)[];
  configMaps: (string | undefined)[];
  serviceAccounts: (string | undefined)[];
  /** The spec's `volumes` and `initContainers`, read as a pod spec's. */
  podFields: JsonObject;
}

export interface ScaleStatus {
  replicas?: number;
  statusReplicas?: string;
  selector?: string;
}

export interface CollectorStatus {
  scale?: ScaleStatus;
  version?: string;
  image?: string;
}

export type ReflectedStatus = CollectorStatus & Omit<ReportedGenerations, 'observedGeneration'>;

function specOf(spec: Cursor): CollectorSpec {
  return {
    ...defined({ mode: spec.string('mode'), replicas: spec.count('replicas') }),
    raw: spec.value!,
    additionalContainers: spec.items('additionalContainers', maxItems).map((item) => ({ item: item.value!, path: item.path })),
  };
}

function autoscaledOf(spec: Cursor, version: string): boolean {
  return maxReplicasPathsOf(version).some((path) => spec.at(path.slice(0, -1)).count(path.at(-1)!) !== undefined);
}

/** Secrets and ConfigMaps a container's `env` and `envFrom` name (core/v1 EnvVar, EnvFromSource). */
function environment(container: Cursor, { secrets, configMaps }: CollectorReferences): void {
  for (const item of container.items('env', maxItems)) {
    const valueFrom = item.object('valueFrom');
    secrets.push(valueFrom.object('secretKeyRef').string('name'));
    configMaps.push(valueFrom.object('configMapKeyRef').string('name'));
  }
  for (const item of container.items('envFrom', maxItems)) {
    secrets.push(item.object('secretRef').string('name'));
    configMaps.push(item.object('configMapRef').string('name'));
  }
}

function referencesOf(spec: Cursor): CollectorReferences {
  const podFields: JsonObject = {};
  for (const name of ['volumes', 'initContainers']) if (spec.value![name] !== undefined) podFields[name] = spec.value![name]!;
  const references: CollectorReferences = { secrets: [], configMaps: [], serviceAccounts: [spec.string('serviceAccount')], podFields };
  environment(spec, references);
  for (const container of spec.items('additionalContainers', maxItems)) environment(container, references);
  for (const item of spec.items('configmaps', maxItems)) references.configMaps.push(item.string('name'));
  for (const item of spec.object('ingress').items('tls', maxItems)) references.secrets.push(item.string('secretName'));
  const targetAllocator = spec.object('targetAllocator');
  if (targetAllocator.boolean('enabled') === true) references.serviceAccounts.push(targetAllocator.string('serviceAccount'));
  return references;
}

export function readStatus(status: Cursor): CollectorStatus {
  return defined({
    scale: status.part('scale', (scale) =>
      defined({ replicas: scale.count('replicas'), statusReplicas: scale.string('statusReplicas'), selector: scale.string('selector') }),
    ),
    version: status.string('version'),
    image: status.string('image'),
  });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readOpenTelemetryCollector(object: Cursor, kind: GroupVersionKind): OpenTelemetryCollector {
  return readByPart<OpenTelemetryCollector>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    mode: () => object.object('spec').string('mode'),
    autoscaled: () => object.part('spec', (spec) => autoscaledOf(spec, kind.version)) ?? false,
    replicas: () => object.object('spec').count('replicas'),
    references: () => object.part('spec', referencesOf),
    status: () => object.part('status', readStatus),
  });
}
