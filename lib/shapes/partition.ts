// A rolling update's partition: how many pods an update keeps on old revisions on purpose (OpenKruise's CloneSet,
// Advanced StatefulSet, Advanced DaemonSet and SidecarSet), as their controllers compute it, how an IntOrString one
// is read, and health that allows for it.
import { booleanField, countField, fieldPath, fieldValue, objectField, stringField } from '../kube/fields';
import { FieldFailure } from '../review/core';
import { describeJson, type JsonObject } from '../review/json';
import { rolledOut } from './workload-status';

/**
 * Pods the partition keeps on old revisions, as OpenKruise's `CalculatePartitionReplicas`: a count, or (CloneSet
 * only) a percentage rounded up, where one short of "100%" still updates a pod when there are several; the result
 * stays within [0, replicas] (the Advanced StatefulSet and DaemonSet controllers clamp a count the same way).
 */
export function partitionReplicas(partition: number | string | undefined, replicas: number): number {
  if (partition === undefined) return 0;
  let kept = typeof partition === 'number' ? partition : Math.ceil((Number.parseInt(partition, 10) * replicas) / 100);
  if (typeof partition === 'string' && replicas > 1 && kept === replicas && partition !== '100%') kept = replicas - 1;
  return Math.max(Math.min(kept, replicas), 0);
}

/** Where a partitioned rollout stands, as a member's object says. */
export interface PartitionedRollout {
  /** Whether the member's controller saw the current spec (see `generationObserved`). */
  generationObserved: boolean;
  /** Pods the object should run (replicas, or a DaemonSet's scheduled nodes). */
  total: number;
  partition: number | string | undefined;
  /** The controller updates no more pods on purpose (paused, OnDelete…): the count of updated pods is not judged. */
  heldBack: boolean;
  updated: number | undefined;
  available: number | undefined;
}

/**
 * Karmada's rollout health (`rolledOut`: the spec observed, enough pods updated, every updated pod available) with
 * "enough" as OpenKruise's controllers mean it: the total less the partition, and no count while held back.
 */
export function partitionedRolledOut({ generationObserved, total, partition, heldBack, updated, available }: PartitionedRollout): boolean {
  return rolledOut({ generationObserved, desired: heldBack ? undefined : total - partitionReplicas(partition, total), updated, available });
}

/**
 * An IntOrString count such as a partition or a UnitedDeployment subset's replicas: a count, or a percentage such
 * as "20%" (what OpenKruise's controllers can read); anything else is a 400 naming the field.
 */
export function partitionField(parent: JsonObject | undefined, path: string, name = 'partition'): number | string | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?[0-9]{1,10}%$/.test(value)) return value;
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeJson(value);
  throw new FieldFailure(path, `must be an integer or a percentage such as "20%", got ${shown}`);
}

/** What an OpenKruise workload's `spec.updateStrategy` holds back on purpose (Advanced StatefulSet and DaemonSet). */
export interface RollingUpdateStrategy {
  /** `updateStrategy.type: OnDelete`: pods are updated only when someone deletes them. */
  onDelete: boolean;
  /** `updateStrategy.rollingUpdate.partition`: pods kept on old revisions. */
  partition?: number;
  /** `updateStrategy.rollingUpdate.paused`: the controller updates no pod. */
  paused?: boolean;
  /** `updateStrategy.rollingUpdate` itself (a kind reads its own further fields there), and its path. */
  rolling?: JsonObject;
  rollingPath: string;
}

/** Reads `spec.updateStrategy` where both Advanced workloads keep it: `type`, and `partition`/`paused` below `rollingUpdate`. */
export function rollingUpdateStrategyOf(spec: JsonObject, path: string): RollingUpdateStrategy {
  const strategyPath = fieldPath(path, 'updateStrategy');
  const strategy = objectField(spec, 'updateStrategy', strategyPath);
  const rollingPath = fieldPath(strategyPath, 'rollingUpdate');
  const rolling = objectField(strategy, 'rollingUpdate', rollingPath);
  const read: RollingUpdateStrategy = { onDelete: stringField(strategy, 'type', fieldPath(strategyPath, 'type')) === 'OnDelete', rollingPath };
  const partition = countField(rolling, 'partition', fieldPath(rollingPath, 'partition'));
  const paused = booleanField(rolling, 'paused', fieldPath(rollingPath, 'paused'));
  if (partition !== undefined) read.partition = partition;
  if (paused !== undefined) read.paused = paused;
  if (rolling !== undefined) read.rolling = rolling;
  return read;
}
