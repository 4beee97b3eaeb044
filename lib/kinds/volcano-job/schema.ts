// The Volcano Job's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Types are hand-written from volcano.sh/apis pkg/apis/batch/v1alpha1/job.go (json tags), for the
// fields read only (see README.md).
import { countField, fieldPath, fieldValue, objectField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { replicaSpecsFromList, type ReplicaSpec } from '../../shapes/multi-template-workload';

export interface VolcanoJob {
  metadata: ObjectMetaView;
  /** `spec.tasks[]`, one component each (see `tasksOf`). */
  tasks: ReplicaSpec[];
}

/**
 * `spec.tasks[]` as components. A task is counted by `minAvailable`, the pods its gang needs before any runs (as
 * Karmada's catalogue counts it); without one, by `replicas`, as Volcano's admission webhook defaults `minAvailable`
 * (`mutateSpec`: `minAvailable = replicas`); without either, 1 (Karmada's catalogue). A task without a name is
 * `task-<index>`, as Karmada's catalogue names it (Volcano's webhook would call it `default<index>` in a member).
 */
function tasksOf(spec: JsonObject | undefined, specPath: string): ReplicaSpec[] {
  const tasks = replicaSpecsFromList(spec, 'tasks', specPath, { replicasField: 'minAvailable', defaultName: (index) => `task-${index}` });
  if (tasks.length === 0) return tasks;
  // The shape has read and checked every item as an object; only the fallback count is left to read.
  const items = fieldValue(spec, 'tasks') as JsonObject[];
  tasks.forEach((task, index) => {
    const item = items[index]!;
    if (fieldValue(item, 'minAvailable') !== undefined) return;
    const replicas = countField(item, 'replicas', `${specPath}.tasks[${index}].replicas`);
    if (replicas !== undefined) task.replicas = replicas;
  });
  return tasks;
}

/** Reads every field the interpreter uses; it never alters a value. */
export function readVolcanoJob(object: JsonObject, path: string): VolcanoJob {
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  return { metadata: metadataOf(object, path), tasks: tasksOf(spec, specPath) };
}
