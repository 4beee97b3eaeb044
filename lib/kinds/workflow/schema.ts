// The Workflow's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400). Types are hand-written from Argo Workflows' pkg/apis/workflow/v1alpha1/workflow_types.go (json tags), for
// the fields read only (see README.md). It never defaults or alters a value.
import { booleanField, fieldPath, fieldValue, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
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
function integerField(parent: JsonObject, name: string, path: string): number | undefined {
  const value = fieldValue(parent, name);
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new FieldFailure(path, `must be an integer, got ${typeof value === 'number' ? value : describeJson(value)}`);
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
export function readTemplateRef(holder: JsonObject, name: string, path: string): TemplateRef | undefined {
  const refPath = fieldPath(path, name);
  const ref = objectField(holder, name, refPath);
  if (ref === undefined) return undefined;
  return { name: stringField(ref, 'name', fieldPath(refPath, 'name')), clusterScope: booleanField(ref, 'clusterScope', fieldPath(refPath, 'clusterScope')) };
}

function specOf(spec: JsonObject, path: string): WorkflowSpec {
  const executor = objectField(spec, 'executor', fieldPath(path, 'executor'));
  const ref = readTemplateRef(spec, 'workflowTemplateRef', path);
  const view: WorkflowSpec = {
    parallelism: integerField(spec, 'parallelism', fieldPath(path, 'parallelism')),
    parallelismPath: fieldPath(path, 'parallelism'),
    suspend: booleanField(spec, 'suspend', fieldPath(path, 'suspend')),
    shutdown: stringField(spec, 'shutdown', fieldPath(path, 'shutdown')),
    executorServiceAccountName: stringField(executor, 'serviceAccountName', fieldPath(fieldPath(path, 'executor'), 'serviceAccountName')),
    written: spec,
  };
  if (ref !== undefined) view.workflowTemplateRef = ref;
  return view;
}

/** Reads every field the interpreter uses; the pod-level fields are read where they are used (see `written`). */
export function readWorkflow(object: JsonObject, path: string): Workflow {
  const workflow: Workflow = { metadata: metadataOf(object, path) };
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  if (spec !== undefined) workflow.spec = specOf(spec, specPath);
  const statusPath = fieldPath(path, 'status');
  const status = objectField(object, 'status', statusPath);
  if (status !== undefined) workflow.status = { phase: stringField(status, 'phase', fieldPath(statusPath, 'phase')), written: status };
  return workflow;
}
