// Kibana's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field (a
// 400 for the interpreter). It reads by part, so an operation refuses only what it reads, and never defaults or
// changes a value: patches apply to the object as Karmada sent it.
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { ReplicaRequirements } from '../../interpreter/wire/types';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { eckPodRequirements, twoGibibytes } from '../../families/eck/eck';

/** What the operations read of a Kibana. */
export interface Kibana {
  metadata: ObjectMetaView;
  /** `spec.count`: the replicas of the Deployment ECK builds; absent is 0 (Go's zero value, `omitempty`). */
  count?: number;
  /** Per-pod requirements of the pod ECK builds (pod template, `resources` shorthand, ECK's default memory). */
  requirements: ReplicaRequirements | undefined;
  template?: PodTemplateSpec;
  /** The spec, for InterpretDependency's reader. */
  spec: Cursor;
  status?: KibanaStatusView;
}

/** The status fields ECK writes (pkg/apis/kibana/v1/kibana_types.go, commonv1.DeploymentStatus) that are reflected. */
export interface KibanaStatusView {
  count?: number;
  availableNodes?: number;
  health?: string;
  version?: string;
  selector?: string;
  observedGeneration?: number;
  conditions?: Condition[];
  associationStatus?: string;
  elasticsearchAssociationStatus?: string;
}

export type ReflectedStatus = KibanaStatusView & ReportedGenerations;

const stringFields = ['health', 'version', 'selector', 'associationStatus', 'elasticsearchAssociationStatus'] as const;

export function readStatus(status: Cursor): KibanaStatusView {
  const view: KibanaStatusView = {};
  for (const name of ['count', 'availableNodes'] as const) {
    const value = status.count(name);
    if (value !== undefined) view[name] = value;
  }
  for (const name of stringFields) {
    const value = status.string(name);
    if (value !== undefined) view[name] = value;
  }
  const observedGeneration = status.generation('observedGeneration');
  if (observedGeneration !== undefined) view.observedGeneration = observedGeneration;
  const conditions = readConditions(status);
  if (conditions !== undefined) view.conditions = conditions;
  return view;
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readKibana(object: Cursor): Kibana {
  return readByPart<Kibana>({
    metadata: () => readMetadata(object),
    count: () => object.object('spec').count('count'),
    requirements: () => eckPodRequirements(object.object('spec'), 'podTemplate', 'kibana', twoGibibytes),
    template: () => object.object('spec').podTemplate('podTemplate'),
    spec: () => object.object('spec'),
    status: () => object.part('status', readStatus),
  });
}
