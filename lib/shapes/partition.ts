// OpenKruise's partition: how many pods an update keeps on old revisions on purpose (CloneSet, SidecarSet, Advanced
// StatefulSet), as its `CalculatePartitionReplicas` computes it from a count or a percentage.
import { FieldFailure } from '../review/core';
import { describeJson, type JsonObject } from '../review/json';
import { fieldValue } from '../kube/fields';

/**
 * Pods the partition keeps on old revisions, as OpenKruise's `CalculatePartitionReplicas` (pkg/util/tools.go): a
 * percentage rounds up, one short of "100%" still updates a pod when there are several, and the result stays within
 * [0, replicas].
 */
export function partitionReplicas(partition: number | string | undefined, replicas: number): number {
  if (partition === undefined) return 0;
  let kept = typeof partition === 'number' ? partition : Math.ceil((Number.parseInt(partition, 10) * replicas) / 100);
  if (typeof partition === 'string' && replicas > 1 && kept === replicas && partition !== '100%') kept = replicas - 1;
  return Math.max(Math.min(kept, replicas), 0);
}

/** An IntOrString partition: a count, or a percentage such as "20%" (what OpenKruise's controllers can read). */
export function partitionField(parent: JsonObject | undefined, path: string, name = 'partition'): number | string | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?[0-9]{1,10}%$/.test(value)) return value;
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeJson(value);
  throw new FieldFailure(path, `must be an integer or a percentage such as "20%", got ${shown}`);
}
