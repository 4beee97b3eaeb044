// The Workflow's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400). Types are hand-written from Argo Workflows' pkg/apis/workflow/v1alpha1/workflow_types.go (json tags), for
// the fields read only (see README.md). It never defaults or alters a value.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import { describeJson, int32Max, type JsonObject } from '../../review/json';

export interface Workflow {
  metadata: ObjectMetaView;
  spec?: WorkflowSpec;
  status?: WorkflowStatus;
}

export interface WorkflowSpec {
  /**
   * The most pods the workflow runs at once; absent means no limit. The CRD's int64 (minimum 1): any integer is
   * read, and only InterpretReplica, which hands it to Karmada's int32 replicas, bounds it (`replicaCountOf`).
   */
  parallelism?: number;
  /** Where `parallelism` is, for InterpretReplica's messages. */
  parallelismPath: string;
  /** Set by `argo suspend` (true) and cleared by `argo resume`, wherever the workflow runs. */
  suspend?: boolean;
  /** `Stop` or `Terminate`, set by `argo stop` / `argo terminate`; any non-empty value shuts the workflow down. */
  shutdown?: string;
  /** `executor.serviceAccountName`: the ServiceAccount of the executor containers. */
  executorServiceAccountName?: string;
  /** The WorkflowTemplate (or ClusterWorkflowTemplate) whose spec the workflow runs. */
  workflowTemplateRef?: TemplateRef;
  /**
   * The spec as Karmada sent it: its pod-level fields (`affinity`, `nodeSelector`, `tolerations`, `volumes`,
   * `imagePullSecrets`, `serviceAccountName`) have a pod spec's names and types, and the pod-template readers read
   * them in place so a wrong type is named at its own path; the `templates` are read by InterpretDependency only.
   */
  written: JsonObject;
}

/** A reference to a WorkflowTemplate, or with `clusterScope` a ClusterWorkflowTemplate (`workflowTemplateRef`, `templateRef`). */
export interface TemplateRef {
  name?: string;
  clusterScope?: boolean;
}

export interface WorkflowStatus {
  /** `""` (not yet reconciled), Pending, Running, Succeeded, Failed or Error (workflow_phase.go). */
  phase?: string;
  /** The status as the member's workflow controller wrote it, for Retain to keep whole. */
  written: JsonObject;
}

/** An int64 field: any integer (a JSON number holds it, exactly up to 2^53), or a 400 naming it. */
function integerOf(parent: Cursor, name: string): number | undefined {
  const value = parent.raw(name);
  if (value === undefined || (typeof value === 'number' && Number.isInteger(value))) return value;
  return parent.fail(name, `must be an integer, got ${typeof value === 'number' ? value : describeJson(value)}`);
}

/**
 * The parallelism as Karmada's replica count: an int32, never negative. The CRD allows more (int64, minimum 1), but
 * a larger count cannot be handed to Karmada without wrapping, and a negative one is no object's (a 400 naming it).
 */
export function replicaCountOf(spec: WorkflowSpec | undefined): number | undefined {
  const parallelism = spec?.parallelism;
  if (spec === undefined || parallelism === undefined) return undefined;
  if (parallelism < 0) throw new FieldFailure(spec.parallelismPath, `must not be negative, got ${parallelism}`);
  if (parallelism > int32Max) {
    throw new FieldFailure(spec.parallelismPath, `must fit in an int32 (Karmada's replicas) to be counted as replicas, got ${parallelism}`);
  }
  return parallelism;
}

/** The template reference at `holder[name]` (the spec's `workflowTemplateRef`, a step's or task's `templateRef`). */
export function readTemplateRef(holder: Cursor, name: string): TemplateRef | undefined {
  return holder.part(name, (ref) => ({ name: ref.string('name'), clusterScope: ref.boolean('clusterScope') }));
}

function specOf(spec: Cursor): WorkflowSpec {
  const executor = spec.object('executor');
  const workflowTemplateRef = readTemplateRef(spec, 'workflowTemplateRef');
  return {
    parallelism: integerOf(spec, 'parallelism'),
    // A getter: only a message needs the path.
    get parallelismPath() {
      return spec.pathOf('parallelism');
    },
    suspend: spec.boolean('suspend'),
    shutdown: spec.string('shutdown'),
    executorServiceAccountName: executor.string('serviceAccountName'),
    ...defined({ workflowTemplateRef }),
    written: spec.value!,
  };
}

/** Reads, by part, every field the interpreter uses; the pod-level fields are read where they are used (see `written`). */
export function readWorkflow(object: Cursor): Workflow {
  return readByPart<Workflow>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', (status) => ({ phase: status.string('phase'), written: status.value! })),
  });
}
