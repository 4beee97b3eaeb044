// A rolling update's partition: how many pods an update keeps on old revisions on purpose (OpenKruise's CloneSet,
// Advanced StatefulSet, Advanced DaemonSet and SidecarSet), as their controllers compute it, how an IntOrString one
// is read, and health that allows for it.
import { defined, type Cursor } from '../../kube/cursor';
import { describeJson } from '../../review/json';
import type { Health } from '../../shapes/health';
import { rolloutHealth, type KeptBack, type RolloutCountNames } from '../../shapes/workload-status';

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
  /** Why the member's controller has not seen the current spec (see `generationLag`); undefined when it has. */
  generationLag: string | undefined;
  /** Pods the object should run (replicas, or a DaemonSet's scheduled nodes). */
  total: number;
  partition: number | string | undefined;
  /**
   * What makes the controller update no more pods on purpose (`updateStrategy paused`, OnDelete…), named in the
   * reason; the count of updated pods is then not judged. Undefined when nothing holds the update back.
   */
  heldBackBy: string | undefined;
  updated: number | undefined;
  available: number | undefined;
  /** The counts' names in the reason, as the kind's status spells them (default: a Deployment's). */
  names?: Partial<RolloutCountNames>;
}

/** The partition as a reason shows it: the count, or a percentage with the count it comes to (`40% (2)`). */
export function partitionKeptBack(partition: number | string | undefined, total: number): KeptBack {
  const count = partitionReplicas(partition, total);
  return typeof partition === 'string' ? { name: 'partition', count, shown: `${partition} (${count})` } : { name: 'partition', count };
}

/**
 * What holds an OpenKruise rollout back on purpose, as a reason names it (CloneSet and the Advanced workloads keep
 * both under `spec.updateStrategy`): paused, or left to deletions (OnDelete); undefined when neither.
 */
export function updateHeldBackBy({ paused, onDelete }: { paused?: boolean | undefined; onDelete?: boolean | undefined }): string | undefined {
  if (paused === true) return 'updateStrategy paused';
  return onDelete === true ? 'updateStrategy OnDelete' : undefined;
}

/**
 * Karmada's rollout health (`rolloutHealth`: the spec observed, enough pods updated, every updated pod available)
 * with "enough" as OpenKruise's controllers mean it: the total less the partition, and no count while held back.
 */
export function partitionedRolloutHealth({ generationLag, total, partition, heldBackBy, updated, available, names }: PartitionedRollout): Health {
  if (heldBackBy !== undefined) return rolloutHealth({ generationLag, desired: undefined, heldBackBy, updated, available, names });
  return rolloutHealth({ generationLag, desired: total, keptBack: partitionKeptBack(partition, total), updated, available, names });
}

/**
 * An IntOrString count such as a partition or a UnitedDeployment subset's replicas: a count, or a percentage such
 * as "20%" (what OpenKruise's controllers can read); anything else is a 400 naming the field.
 */
export function partitionField(parent: Cursor, name = 'partition'): number | string | undefined {
  const value = parent.raw(name);
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?[0-9]{1,10}%$/.test(value)) return value;
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeJson(value);
  return parent.fail(name, `must be an integer or a percentage such as "20%", got ${shown}`);
}

/** What an OpenKruise workload's `spec.updateStrategy` holds back on purpose (Advanced StatefulSet and DaemonSet). */
export interface RollingUpdateStrategy {
  /** `updateStrategy.type: OnDelete`: pods are updated only when someone deletes them. */
  onDelete: boolean;
  /** `updateStrategy.rollingUpdate.partition`: pods kept on old revisions. */
  partition?: number;
  /** `updateStrategy.rollingUpdate.paused`: the controller updates no pod. */
  paused?: boolean;
  /** `updateStrategy.rollingUpdate` itself (a kind reads its own further fields there). */
  rolling: Cursor;
}

/** Reads `spec.updateStrategy` where both Advanced workloads keep it: `type`, and `partition`/`paused` below `rollingUpdate`. */
export function rollingUpdateStrategyOf(spec: Cursor): RollingUpdateStrategy {
  const strategy = spec.object('updateStrategy');
  const rolling = strategy.object('rollingUpdate');
  return defined({ onDelete: strategy.string('type') === 'OnDelete', partition: rolling.count('partition'), paused: rolling.boolean('paused'), rolling });
}
