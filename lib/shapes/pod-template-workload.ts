// The pod-template workload shape (a Deployment-like kind: a replica count and one pod template): InterpretReplica
// with Karmada's per-replica requirements, InterpretComponent as one component, ReviseReplica and the template's
// dependencies. Status is `workload-status.ts`; a kind spreads what fits into its operations and writes the rest.
import type { TypedOperationFunction, TypedRequest } from '../interpreter/define';
import { oneComponent, replicasAndRequirements } from '../interpreter/replicated';
import type { ObjectMetaView, PodTemplateSpec } from '../kube/objects';
import { FieldFailure } from '../review/core';
import { namespaceOf, templateDependencies } from './dependencies';

/** The common layout: `spec.replicas` and `spec.template`, as the kind's reader keeps them. */
export interface SpecReplicasAndTemplate {
  metadata: ObjectMetaView;
  spec?: { replicas?: number; template?: PodTemplateSpec };
}

/** Where the count and the template are, when not at `spec.replicas` and `spec.template`. */
export interface PodTemplateLayout<T> {
  /** The count the object asks for, undefined when absent. */
  replicasOf(object: T): number | undefined;
  templateOf(object: T): PodTemplateSpec | undefined;
  /** The count's path in the object (ReviseReplica writes it there). */
  replicasPath: readonly string[];
  /** The template's path in the object (messages name fields below it). */
  templatePath: readonly string[];
}

export interface PodTemplateWorkloadOptions {
  /** The count when the object has none: the CRD's or the controller's default (1 for most kinds). */
  defaultReplicas?: number;
}

export interface PodTemplateWorkload<T> {
  /** The count the object asks for, or the default. */
  desiredReplicas(object: T): number;
  /** The object's pod template, and its path for messages (`object.spec.template`). */
  templateOf(object: T): { template: PodTemplateSpec | undefined; path: string };
  /** The operations the shape answers by itself; spread them, and replace any the kind answers its own way. */
  operations: {
    InterpretReplica: TypedOperationFunction<T, 'InterpretReplica'>;
    InterpretComponent: TypedOperationFunction<T, 'InterpretComponent'>;
    ReviseReplica: TypedOperationFunction<T, 'ReviseReplica'>;
    InterpretDependency: TypedOperationFunction<T, 'InterpretDependency'>;
  };
}

const specLayout: PodTemplateLayout<SpecReplicasAndTemplate> = {
  replicasOf: (object) => object.spec?.replicas,
  templateOf: (object) => object.spec?.template,
  replicasPath: ['spec', 'replicas'],
  templatePath: ['spec', 'template'],
};

/**
 * A pod-template workload whose count and template are at `spec.replicas` and `spec.template` (pass a layout for
 * other places). ReviseReplica always adds the count, also where it was absent, so divided shares add up.
 */
export function podTemplateWorkload<T extends SpecReplicasAndTemplate>(options?: PodTemplateWorkloadOptions): PodTemplateWorkload<T>;
export function podTemplateWorkload<T extends { metadata: ObjectMetaView }>(options: PodTemplateWorkloadOptions & { layout: PodTemplateLayout<T> }): PodTemplateWorkload<T>;
export function podTemplateWorkload<T extends { metadata: ObjectMetaView }>(
  options: PodTemplateWorkloadOptions & { layout?: PodTemplateLayout<T> } = {},
): PodTemplateWorkload<T> {
  const layout = options.layout ?? (specLayout as unknown as PodTemplateLayout<T>);
  const defaultReplicas = options.defaultReplicas ?? 1;
  const templatePath = `object.${layout.templatePath.join('.')}`;
  const desiredReplicas = (object: T) => layout.replicasOf(object) ?? defaultReplicas;
  const interpretReplica = ({ object }: TypedRequest<T>) => replicasAndRequirements(desiredReplicas(object), layout.templateOf(object), templatePath);
  return {
    desiredReplicas,
    templateOf: (object) => ({ template: layout.templateOf(object), path: templatePath }),
    operations: {
      InterpretReplica: interpretReplica,
      InterpretComponent: (request) => oneComponent(interpretReplica(request)),
      ReviseReplica: ({ replicas, patch }) => patch().add(layout.replicasPath, replicas).operations,
      InterpretDependency: ({ object, namespace }) => ({
        dependencies: templateDependencies(layout.templateOf(object), templatePath, namespaceOf(object.metadata, namespace)),
      }),
    },
  };
}

/**
 * ReviseReplica of a kind whose CRD requires fields in every spec (OpenKruise's `spec.selector`, `spec.template`):
 * an object without a spec has none of them, and the count alone would make a spec the API server refuses
 * (`spec.template: Required value`), so Karmada could not write the revised object. Such an object is answered with
 * a 400 naming `object.spec`; any other goes to `revise`. `required` names the fields, below `spec`, the CRD requires.
 */
export function reviseWithinSpec<T extends { spec?: unknown }>(
  revise: TypedOperationFunction<T, 'ReviseReplica'>,
  required: readonly string[],
): TypedOperationFunction<T, 'ReviseReplica'> {
  const fields = required.map((field) => `spec.${field}`).join(' and ');
  return (request) => {
    if (request.object.spec === undefined) {
      throw new FieldFailure('object.spec', `is required to revise replicas: the CRD requires ${fields} in a spec, so a spec holding only the count would be refused ("Required value")`);
    }
    return revise(request);
  };
}
