// Elasticsearch's one reader: the fields the operations use become the typed view, or a FieldFailure naming the
// field (a 400 for the interpreter). It reads by part, so an operation refuses only what it reads, and never
// defaults or changes a value: patches apply to the object as Karmada sent it.
import { readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateList, anyList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { ReplicaRequirements } from '../../interpreter/wire/types';
import type { JsonValue } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { eckPodRequirements, twoGibibytes } from '../../families/eck/eck';

/** One node set: a StatefulSet of `count` Elasticsearch nodes sharing a configuration and a pod template. */
export interface NodeSet {
  name: string | undefined;
  /** Where the name is, for messages (a getter: a valid object never needs it). */
  readonly namePath: string;
  /** `count`; absent is 0 (Go's zero value: `Count int32 json:"count"`, optional in v1). */
  count: number;
  /** The per-node requirements of the pod ECK builds (pod template, `resources` shorthand, ECK's default memory). */
  requirements: () => ReplicaRequirements | undefined;
  /** The pod template and its path, for InterpretDependency. */
  template: () => PodTemplateSpec | undefined;
  readonly templatePath: string;
}

/** What Retain keeps of a member's node set (what ECK's ElasticsearchAutoscaler writes there). */
export interface ScaledNodeSet {
  name: string | undefined;
  count?: JsonValue;
  resources?: JsonValue;
  volumeClaimTemplates?: JsonValue;
}

export interface ElasticsearchStatusView {
  availableNodes?: number;
  health?: string;
  phase?: string;
  version?: string;
  observedGeneration?: number;
  conditions?: Condition[];
}

export type ReflectedStatus = ElasticsearchStatusView & ReportedGenerations;

/** What the operations read of an Elasticsearch. */
export interface Elasticsearch {
  metadata: ObjectMetaView;
  nodeSets: NodeSet[];
  scaled: ScaledNodeSet[];
  /** The spec, for InterpretDependency's reader (references.ts). */
  spec: Cursor;
  status?: ElasticsearchStatusView;
}

/** Node sets are bounded like pod template lists: ECK's own validation keeps names unique, real clusters have a few. */
const maxNodeSets = podTemplateList;

function nodeSetOf(item: Cursor): NodeSet {
  return {
    name: item.string('name'),
    get namePath() {
      return item.pathOf('name');
    },
    count: item.count('count') ?? 0,
    requirements: () => eckPodRequirements(item, 'podTemplate', 'elasticsearch', twoGibibytes),
    template: () => item.podTemplate('podTemplate'),
    get templatePath() {
      return item.pathOf('podTemplate');
    },
  };
}

function scaledOf(item: Cursor): ScaledNodeSet {
  item.count('count');
  item.object('resources');
  item.items('volumeClaimTemplates', anyList);
  const value = item.value!;
  return { name: item.string('name'), count: value.count, resources: value.resources, volumeClaimTemplates: value.volumeClaimTemplates };
}

export function readStatus(status: Cursor): ElasticsearchStatusView {
  const view: ElasticsearchStatusView = {};
  const availableNodes = status.count('availableNodes');
  if (availableNodes !== undefined) view.availableNodes = availableNodes;
  for (const name of ['health', 'phase', 'version'] as const) {
    const value = status.string(name);
    if (value !== undefined) view[name] = value;
  }
  const observedGeneration = status.generation('observedGeneration');
  if (observedGeneration !== undefined) view.observedGeneration = observedGeneration;
  const conditions = readConditions(status);
  if (conditions !== undefined) view.conditions = conditions;
  return view;
}

/** What InterpretStatus returned for a member, read back at `request.aggregatedStatus[i].status`. */
export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readElasticsearch(object: Cursor): Elasticsearch {
  return readByPart<Elasticsearch>({
    metadata: () => readMetadata(object),
    nodeSets: () => object.object('spec').items('nodeSets', maxNodeSets).map(nodeSetOf),
    scaled: () => object.object('spec').items('nodeSets', maxNodeSets).map(scaledOf),
    spec: () => object.object('spec'),
    status: () => object.part('status', readStatus),
  });
}
