// The Ray cluster shape (KubeRay's RayClusterSpec, which a RayCluster is and a RayJob and a RayService embed): the
// head group and the worker groups as named components, each worker group counted in pods as KubeRay's controller
// counts it, one cluster-wide count and requirement for Karmada's replica scheduling, and its revision.
import type { AggregatedStatusItem, ReplicaRequirements } from '../../interpreter/wire/types';
import { replicaRequirementsOf } from '../../interpreter/pod-template';
import { invalidInput } from '../../interpreter/wire/errors';
import { Cursor, defined } from '../../kube/cursor';
import { addQuantity, formatQuantity, milliValueOf, parseQuantity, type Quantity } from '../../kube/quantity';
import { FieldFailure } from '../../review/core';
import { describeJson, int32Max, isJsonObject, quoted, type JsonObject, type JsonValue } from '../../review/json';
import type { Condition } from '../../shapes/conditions';
import type { JsonPatchOperation, PatchBuilder } from '../../review/patch';
import { latestTime, membersOf, type Member } from '../../shapes/aggregation';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { aggregateAsCatalogue } from '../../shapes/catalogue-aggregation';
import { replicaSpecField, replicaSpecsFromList, type ReplicaSpec } from '../../shapes/multi-template-workload';

/** Karmada's catalogue names the head component so (KubeRay's head is always one pod). */
export const rayHeadComponent = 'ray-head';

/** A worker group as KubeRay settles it (ray-operator controllers/ray/utils/util.go, GetWorkerGroupDesiredReplicas). */
export interface RayWorkerGroup extends ReplicaSpec {
  /** The group as written (`.path` names it; ReviseReplica compares its `replicas` with the new count). */
  item: Cursor;
  /** `replicas` as written (0 when absent: the CRD's default). */
  written: number;
  /** `numOfHosts`: pods per replica (v1 only; 1 when absent, the CRD's default). */
  numOfHosts: number;
}

/** A RayClusterSpec: the head (absent without a template, as Karmada's catalogue leaves it out) and the workers. */
export interface RayClusterShape {
  spec: Cursor;
  head?: ReplicaSpec;
  workers: RayWorkerGroup[];
}

/**
 * The replicas KubeRay runs for a group: none when the group is suspended; otherwise `replicas` kept within
 * `[minReplicas, maxReplicas]` (`maxReplicas` when the bounds cross), times `numOfHosts`. A product past int32 is a
 * 400 naming the group: KubeRay computes it in an int32.
 */
function settledReplicas(item: Cursor, written: number, multiHost: boolean): { pods: number; numOfHosts: number } {
  const min = item.count('minReplicas') ?? 0;
  const max = item.count('maxReplicas') ?? int32Max;
  const numOfHosts = multiHost ? item.count('numOfHosts') ?? 1 : 1;
  if (multiHost && item.boolean('suspend') === true) return { pods: 0, numOfHosts };
  const replicas = min > max ? max : Math.min(Math.max(written, min), max);
  const pods = replicas * numOfHosts;
  if (pods > int32Max) throw invalidInput(`${item.path}: ${replicas} replicas of ${numOfHosts} hosts each (${pods} pods) do not fit in an int32`);
  return { pods, numOfHosts };
}

/**
 * Reads a RayClusterSpec (`spec`, `spec.rayClusterSpec`, `spec.rayClusterConfig`) of a `version` object: ray.io/v1
 * worker groups have `numOfHosts` and `suspend`, v1alpha1's have neither (its CRD prunes them).
 */
export function readRayClusterSpec(spec: Cursor, version: string): RayClusterShape {
  const multiHost = version !== 'v1alpha1';
  const head = replicaSpecField(spec, 'headGroupSpec', rayHeadComponent, { replicas: 1 });
  const groups = replicaSpecsFromList(spec, 'workerGroupSpecs', {
    nameField: 'groupName',
    // Karmada's catalogue numbers unnamed groups from 1 (KubeRay requires a name).
    defaultName: (index) => `worker-${index + 1}`,
    defaultReplicas: 0,
  });
  const items = groups.length === 0 ? [] : spec.items('workerGroupSpecs');
  // Assigned, not spread: a spread would build the specs' paths, which only a message needs.
  const workers = groups.map((group, index) => {
    const item = items[index]!;
    const { pods, numOfHosts } = settledReplicas(item, group.replicas, multiHost);
    return Object.assign(group, { item, written: group.replicas, numOfHosts, replicas: pods });
  });
  return defined({ spec, head: head?.template === undefined ? undefined : head, workers });
}

/** The components Karmada schedules: the head, then each worker group in order. */
export function rayClusterComponents(shape: RayClusterShape | undefined): ReplicaSpec[] {
  if (shape === undefined) return [];
  return shape.head === undefined ? shape.workers : [shape.head, ...shape.workers];
}

/** A request amount for comparison, in thousandths; a quantity past int64 thousandths is a 400 naming it. */
function amountOf(value: string, path: string): bigint {
  try {
    return milliValueOf(parseQuantity(value));
  } catch (error) {
    throw new FieldFailure(path, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The whole cluster as one count and one per-pod requirement (Karmada's catalogue for a RayService): the head and
 * every worker pod; each pod asks for the largest amount of each resource any group's pod asks for (a group at zero
 * replicas included: an autoscaler may start it), placed as the head's template says. Undefined without a head:
 * KubeRay requires one, and Karmada's catalogue counts nothing then.
 */
export function rayClusterReplica(shape: RayClusterShape | undefined): { replicas: number; requirements?: ReplicaRequirements } | undefined {
  if (shape?.head === undefined) return undefined;
  let replicas = 1;
  for (const group of shape.workers) replicas += group.replicas;
  if (replicas > int32Max) throw invalidInput(`${shape.spec.path}: the head and worker pods together (${replicas}) do not fit in an int32`);
  const head = replicaRequirementsOf(shape.head.template as JsonObject | undefined, shape.head.templatePath);
  if (head === undefined) return { replicas };
  const largest = new Map<string, { amount: bigint; text: string }>();
  const consider = (request: Record<string, string> | undefined, path: string) => {
    for (const [name, text] of Object.entries(request ?? {})) {
      const amount = amountOf(text, `${path} (${name})`);
      const known = largest.get(name);
      if (known === undefined || amount > known.amount) largest.set(name, { amount, text });
    }
  };
  consider(head.resourceRequest, shape.head.templatePath);
  for (const group of shape.workers) {
    consider(replicaRequirementsOf(group.template as JsonObject | undefined, group.templatePath)?.resourceRequest, group.templatePath);
  }
  const requirements: ReplicaRequirements = { ...head };
  if (largest.size > 0) requirements.resourceRequest = Object.fromEntries([...largest].map(([name, { text }]) => [name, text]));
  return { replicas, requirements };
}

/**
 * Karmada's share of the cluster (`replicas` pods: the head and its workers) written back: the head stays one pod;
 * one group takes every worker; several share them in proportion to the pods they run now (equally, the first ones
 * one more, when they run none), the last one the remainder. A group's share is never more than what is left (the
 * rounding could give the last a negative remainder), and it is written as replicas of `numOfHosts` pods each.
 */
export function reviseWorkers(shape: RayClusterShape | undefined, replicas: number, patch: PatchBuilder, at: readonly string[]): void {
  if (shape === undefined || shape.workers.length === 0) return;
  const workers = Math.max(0, replicas - 1);
  const groups = shape.workers;
  const current = groups.reduce((sum, group) => sum + group.replicas, 0);
  let given = 0;
  groups.forEach((group, index) => {
    let share: number;
    if (index === groups.length - 1) share = workers - given;
    else if (workers === 0) share = 0;
    else if (current === 0) share = Math.floor(workers / groups.length) + (index < workers % groups.length ? 1 : 0);
    else share = Math.floor((workers * group.replicas) / current + 0.5);
    share = Math.max(0, Math.min(share, workers - given));
    given += share;
    const revised = group.numOfHosts > 1 ? Math.floor(share / group.numOfHosts) : share;
    // Each group's count alone, and only where it changes: the rest of a group is Karmada's own copy, and writing
    // the list back whole made the answer as large as the spec (Karmada applies the patch to the object it sent).
    if (group.item.raw('replicas') !== revised) patch.add([...at, 'workerGroupSpecs', String(index), 'replicas'], revised);
  });
}

/**
 * The fields of the embedded `RayClusterStatus` that ray.io/v1 has and v1alpha1 has not (ray-operator v1.5.0
 * `config/crd/bases`): the API server prunes them from a v1alpha1 object, a member's as it reads it and the control
 * plane's as Karmada writes it, so an answer for v1alpha1 leaves them out.
 */
export const rayClusterStatusOnlyInV1 = ['conditions', 'head.podName', 'head.serviceName', 'stateTransitionTimes'] as const;

/** `paths` (dot-separated field names) under the field `at`. */
export function fieldsUnder(at: string, paths: readonly string[]): string[] {
  return paths.map((path) => `${at}.${path}`);
}

/**
 * `value` without the fields at `paths` (dot-separated field names; a path through a field that is not a map is
 * none), and without a map that only those fields filled. `value` itself is not changed.
 */
export function withoutFields(value: JsonObject, paths: readonly string[]): JsonObject {
  if (paths.length === 0) return value;
  const result: JsonObject = { ...value };
  const nested = new Map<string, string[]>();
  for (const path of paths) {
    const dot = path.indexOf('.');
    if (dot < 0) delete result[path];
    else nested.set(path.slice(0, dot), [...(nested.get(path.slice(0, dot)) ?? []), path.slice(dot + 1)]);
  }
  for (const [name, rest] of nested) {
    const inner = result[name];
    if (!isJsonObject(inner)) continue;
    const kept = withoutFields(inner, rest);
    if (Object.keys(kept).length === 0 && Object.keys(inner).length > 0) delete result[name];
    else result[name] = kept;
  }
  return result;
}

/**
 * KubeRay's AggregateStatus frame, as Karmada's catalogue has it for its three kinds (`aggregateAsCatalogue`): with
 * one member listed, that member's status as it is (none when it reports none); with several or none, `combine` of
 * those reporting (each status read by `read` first, so a wrong type is a 400 naming it). The template's status is
 * replaced, never merged: what the members no longer report must not stay. `notInVersion` names the status fields
 * the request's version does not have (`withoutFields`): they are neither read from the members nor written.
 */
export function aggregateRayStatus<S>(
  items: readonly AggregatedStatusItem[] | undefined,
  patch: PatchBuilder,
  read: (status: Cursor) => S,
  combine: (statuses: readonly Member<S>[]) => JsonObject,
  notInVersion: readonly string[] = [],
): JsonPatchOperation[] {
  const members = membersOf(items, (status) => {
    const kept = withoutFields(status.value!, notInVersion);
    return { raw: kept, status: read(Cursor.root(kept, () => status.path)) };
  });
  aggregateAsCatalogue(
    patch,
    members,
    (reporting) => withoutFields(combine(reporting.map(({ clusterName, status }) => ({ clusterName, status: status.status }))), notInVersion),
    { none: 'merge' },
  );
  // Karmada's catalogue returns the object without its spec; Karmada writes the answer through the status
  // subresource (UpdateStatus), which ignores the spec, so leaving it out only keeps the answers alike.
  patch.remove(['spec']);
  return patch.operations;
}

/**
 * How members' answers for one of KubeRay's condition types combine when they differ (`ConditionMergeRules`), from
 * what KubeRay means by the type (ray-operator@v1.5.0 apis/ray/v1 raycluster_types.go, rayservice_types.go).
 */
const rayConditionMerge: ConditionMergeRules = {
  // RayCluster: the head pod is ready for requests.
  HeadPodReady: 'every',
  // RayCluster: every Ray pod has been ready once.
  RayClusterProvisioned: 'every',
  // RayCluster: every pod of a suspending cluster is deleted.
  RayClusterSuspended: 'every',
  // RayCluster: spec.suspend was set and pods are being deleted.
  RayClusterSuspending: 'any',
  // RayCluster: a pod failed to be created or deleted (KubeRay's type; Karmada's catalogue writes RayClusterReplicaFailure).
  ReplicaFailure: 'any',
  RayClusterReplicaFailure: 'any',
  // RayService: requests can be served.
  Ready: 'every',
  // RayService: a zero-downtime upgrade is under way.
  UpgradeInProgress: 'any',
};

/** KubeRay's conditions of several members as one list map keyed by `type`, as KubeRay's CRDs declare `status.conditions`. */
export function mergedRayConditions(members: readonly Member<{ conditions?: Condition[] }>[]): Condition[] {
  return conditionsOnePerType(members, rayConditionMerge);
}

/**
 * What KubeRay's statuses share across members: their conditions, one per type (`mergedRayConditions`; omitted when
 * none), and the latest `lastUpdateTime` (KubeRay writes RFC 3339 times in UTC, so their text orders them).
 */
export function mergedConditionsAndUpdate(members: readonly Member<{ conditions?: Condition[]; lastUpdateTime?: string }>[], into: JsonObject): void {
  const conditions = mergedRayConditions(members);
  if (conditions.length > 0) into.conditions = conditions as unknown as JsonValue[];
  const latest = latestTime(members.map(({ status }) => status.lastUpdateTime));
  if (latest !== undefined) into.lastUpdateTime = latest;
}

/** Quantities a member may report are kept to 10^24 and up (past any cluster), so a sum costs their digits only. */
const maxQuantityExponent = 24;

/** Quantities added as Kubernetes adds them (Karmada's `kube.resourceAdd`), from zero. */
export function quantitySum(quantities: Iterable<Quantity | undefined>): string {
  let sum = parseQuantity('0');
  for (const quantity of quantities) if (quantity !== undefined) sum = addQuantity(sum, quantity);
  return formatQuantity(sum);
}
