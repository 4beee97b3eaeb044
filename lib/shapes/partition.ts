// A rolling update's partition: how many pods an update keeps on old revisions on purpose (OpenKruise's CloneSet,
// Advanced StatefulSet and Advanced DaemonSet), as their controllers compute it.

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
