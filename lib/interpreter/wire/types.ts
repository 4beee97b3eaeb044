// Wire types of config.karmada.io/v1alpha1 ResourceInterpreterContext (request and response), as Karmada sends and verifies them.
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject, JsonValue } from '../../review/json';
import type { InterpreterOperation } from './operations';

export const contextApiVersion = 'config.karmada.io/v1alpha1';
export const contextKind = 'ResourceInterpreterContext';

/** An unstructured Kubernetes object, as Karmada puts it in `request.object`. */
export type KubeObject = JsonObject;

export type ResourceHealth = 'Healthy' | 'Unhealthy' | 'Unknown';

/** One member cluster's entry in `request.aggregatedStatus` (Karmada's AggregatedStatusItem). */
export interface AggregatedStatusItem {
  clusterName: string;
  status?: JsonValue;
  applied?: boolean;
  appliedMessage?: string;
  health?: ResourceHealth;
}

export interface ResourceInterpreterRequest {
  uid: string;
  kind: GroupVersionKind;
  name: string;
  namespace?: string;
  operation: InterpreterOperation;
  object: KubeObject;
  observedObject?: KubeObject;
  /** Always sent by Karmada: the desired count for ReviseReplica, 0 otherwise. */
  replicas: number;
  aggregatedStatus?: AggregatedStatusItem[];
}

export interface RequestStatus {
  code: number;
  message: string;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface NodeClaim {
  nodeSelector?: Record<string, string>;
  tolerations?: Toleration[];
  hardNodeAffinity?: JsonObject;
}

/** Quantities keyed by resource name, as canonical Kubernetes quantity strings. */
export type ResourceList = Record<string, string>;

export interface ReplicaRequirements {
  nodeClaim?: NodeClaim;
  resourceRequest?: ResourceList;
  namespace?: string;
  priorityClassName?: string;
}

export interface ComponentRequirements {
  nodeClaim?: NodeClaim;
  resourceRequest?: ResourceList;
  priorityClassName?: string;
}

export interface Component {
  name: string;
  replicas: number;
  replicaRequirements?: ComponentRequirements;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface DependentObjectReference {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name?: string;
  labelSelector?: LabelSelector;
}

export interface ResourceInterpreterResponse {
  uid: string;
  successful: boolean;
  status?: RequestStatus;
  replicas?: number;
  replicaRequirements?: ReplicaRequirements;
  components?: Component[];
  patch?: string;
  patchType?: 'JSONPatch';
  rawStatus?: JsonValue;
  healthy?: boolean;
  dependencies?: DependentObjectReference[];
}

export interface ResourceInterpreterContext {
  apiVersion: typeof contextApiVersion;
  kind: typeof contextKind;
  request?: ResourceInterpreterRequest;
  response?: ResourceInterpreterResponse;
}
