// The multi-template workload shape (a job or cluster of several roles: Kubeflow's replica specs, Volcano's tasks,
// Ray's groups): named replica specs, each with a count and a pod template, read from a map or a list, answered as
// Karmada components (one per spec, with its own requirements) and as the templates' dependencies.
import type { TypedOperationFunction } from '../interpreter/define';
import { invalidInput } from '../interpreter/wire/errors';
import type { OperationResults } from '../interpreter/registry';
import { replicaRequirementsOf } from '../interpreter/pod-template';
import type { ComponentRequirements } from '../interpreter/wire/types';
import { defined, type Cursor } from '../kube/cursor';
import { checkListLength } from '../kube/fields';
import { podTemplateLimits } from '../kube/limits';
import type { ObjectMetaView, PodTemplateSpec } from '../kube/objects';
import type { JsonObject } from '../review/json';
import { quoted } from '../review/json';
import { namespaceOf, templatesDependencies } from './dependencies';

/** Karmada keeps a component's name to 32 characters (work/v1alpha2 Component.name, `MaxLength=32`). */
export const componentNameMaxLength = 32;

/** One named replica spec: a component. */
export interface ReplicaSpec {
  /** The component name Karmada gets (ResourceBinding `spec.components[].name`). */
  name: string;
  /** Where the name comes from, for messages (`object.spec.tasks[1].name`, `object.spec.tfReplicaSpecs.Worker`). */
  namePath: string;
  replicas: number;
  template?: PodTemplateSpec;
  /** The template's path, for messages. */
  templatePath: string;
  /**
   * Per-replica requirements the kind computes itself, for a role whose pods are not described by `template` alone
   * (Flink's jobManager and taskManager: resources in their own fields, a shared pod template); used instead.
   */
  requirements?: ComponentRequirements;
}

/** Where a spec keeps its count and template, and the count when it has none. */
export interface ReplicaSpecFields {
  /** Default `replicas` (Volcano counts a task by `minAvailable`). */
  replicasField?: string;
  /** Default `template`. */
  templateField?: string;
  /** Default 1 (Kubeflow's and Volcano's controllers default a missing count to 1). */
  defaultReplicas?: number;
}

/** Specs are bounded like pod template lists: generous, and checked before any work per spec. */
const maxSpecs = podTemplateLimits.listItems;

function replicaSpecOf(spec: Cursor, name: string, namePath: () => string, fields: ReplicaSpecFields): ReplicaSpec {
  const templateField = fields.templateField ?? 'template';
  // The paths are getters: messages need them, a valid object never does.
  const result: ReplicaSpec = {
    name,
    get namePath() {
      return namePath();
    },
    replicas: spec.count(fields.replicasField ?? 'replicas') ?? fields.defaultReplicas ?? 1,
    get templatePath() {
      return spec.pathOf(templateField);
    },
  };
  const template = spec.podTemplate(templateField);
  if (template !== undefined) result.template = template;
  return result;
}

/**
 * One spec kept in a field of its own (Ray's `headGroupSpec`), named by the kind; undefined when the field is
 * absent. `replicas` fixes the count where the kind has none to read (a Ray head is always one pod).
 */
export function replicaSpecField(parent: Cursor, field: string, name: string, fields: ReplicaSpecFields & { replicas?: number } = {}): ReplicaSpec | undefined {
  const spec = parent.object(field);
  if (!spec.present) return undefined;
  const result = replicaSpecOf(spec, name, () => spec.path, fields);
  if (fields.replicas !== undefined) result.replicas = fields.replicas;
  return result;
}

/**
 * Specs kept in a map keyed by role (Kubeflow's `pytorchReplicaSpecs: {Master: …, Worker: …}`), in the map's order;
 * `nameOf` turns a key into the component name (Kubeflow's kinds lowercase it). A null entry is skipped.
 */
export function replicaSpecsFromMap(parent: Cursor, field: string, fields: ReplicaSpecFields & { nameOf?: (key: string) => string } = {}): ReplicaSpec[] {
  const map = parent.object(field);
  if (!map.present) return [];
  const keys = Object.keys(map.value!);
  if (keys.length > maxSpecs) checkListLength(keys.length, maxSpecs, map.path);
  const specs: ReplicaSpec[] = [];
  for (const key of keys) {
    const spec = map.object(key);
    if (!spec.present) continue;
    specs.push(replicaSpecOf(spec, fields.nameOf?.(key) ?? key, () => spec.path, fields));
  }
  return specs;
}

/**
 * Specs kept in a list, each naming itself in `nameField` (Volcano's `tasks[].name`, Ray's
 * `workerGroupSpecs[].groupName`); an item without a name is called `defaultName(index)` (zero-based), as the
 * kind's controller or Karmada's catalogue names it.
 */
export function replicaSpecsFromList(parent: Cursor, field: string, fields: ReplicaSpecFields & { nameField?: string; defaultName: (index: number) => string }): ReplicaSpec[] {
  const nameField = fields.nameField ?? 'name';
  return parent.items(field, maxSpecs).map((item, index) => {
    const name = item.string(nameField);
    return replicaSpecOf(item, name === undefined || name === '' ? fields.defaultName(index) : name, () => item.pathOf(nameField), fields);
  });
}

/**
 * The components Karmada schedules, one per spec with its own per-replica requirements. A name Karmada could not
 * store is a 400 naming where it comes from: empty, longer than 32 characters (the ResourceBinding's
 * `MaxLength=32`: the API server would refuse the binding on every sync), or used twice (names must be unique).
 */
export function componentsOf(specs: readonly ReplicaSpec[]): OperationResults['InterpretComponent'] {
  const seen = new Map<string, string>();
  const components = specs.map(({ name, namePath, replicas, template, templatePath, requirements: own }) => {
    const length = [...name].length;
    if (length === 0) throw invalidInput(`${namePath} gives an empty component name; Karmada needs a name for each component`);
    if (length > componentNameMaxLength) {
      throw invalidInput(
        `${namePath} gives the component name ${quoted(name, 80)} of ${length} characters; Karmada keeps component names to ` +
          `${componentNameMaxLength} (ResourceBinding spec.components[].name), so it could not store this answer`,
      );
    }
    const earlier = seen.get(name);
    if (earlier !== undefined) throw invalidInput(`${namePath} gives the component name ${quoted(name)} that ${earlier} gives too; Karmada needs unique names`);
    seen.set(name, namePath);
    if (own !== undefined) return { name, replicas, replicaRequirements: own };
    const requirements = replicaRequirementsOf(template as JsonObject | undefined, templatePath);
    if (requirements === undefined) return { name, replicas };
    const { nodeClaim, resourceRequest } = requirements;
    return { name, replicas, replicaRequirements: { nodeClaim, resourceRequest } };
  });
  return { components };
}

/** The operations the shape answers, for a kind whose reader keeps its specs (`specsOf`). */
export function multiTemplateWorkload<T extends { metadata: ObjectMetaView }>(specsOf: (object: T) => readonly ReplicaSpec[]): {
  InterpretComponent: TypedOperationFunction<T, 'InterpretComponent'>;
  InterpretDependency: TypedOperationFunction<T, 'InterpretDependency'>;
} {
  return {
    InterpretComponent: ({ object }) => componentsOf(specsOf(object)),
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: templatesDependencies(
        specsOf(object).map(({ template, templatePath }) => ({ template, path: templatePath })),
        namespaceOf(object.metadata, namespace),
      ),
    }),
  };
}
