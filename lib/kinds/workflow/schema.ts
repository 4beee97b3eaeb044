// The Workflow's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400). Types are hand-written from Argo Workflows' pkg/apis/workflow/v1alpha1/workflow_types.go (json tags), for
// the fields read only (see README.md). It never defaults or alters a value.
import { booleanField, countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';

export interface Workflow {
  metadata: ObjectMetaView;
  spec?: WorkflowSpec;
  status?: WorkflowStatus;
}

export interface WorkflowSpec {
  /**
   * The most pods the workflow runs at once; absent means no limit. The CRD's int64 (minimum 1) is read as a count
   * that fits Karmada's int32 replicas.
   */
  parallelism?: number;
  /** Set by `argo suspend` (true) and cleared by `argo resume`, wherever the workflow runs. */
  suspend?: boolean;
  /** `Stop` or `Terminate`, set by `argo stop` / `argo terminate`; any non-empty value shuts the workflow down. */
  shutdown?: string;
  /** `executor.serviceAccountName`: the ServiceAccount of the executor containers. */
  executorServiceAccountName?: string;
  /** The WorkflowTemplate (or ClusterWorkflowTemplate) whose spec the workflow runs. */
  workflowTemplateRef?: { name?: string; clusterScope?: boolean };
  /**
   * The spec as Karmada sent it: its pod-level fields (`affinity`, `nodeSelector`, `tolerations`, `volumes`,
   * `imagePullSecrets`, `serviceAccountName`) have a pod spec's names and types, and the pod-template readers read
   * them in place so a wrong type is named at its own path.
   */
  written: JsonObject;
}

export interface WorkflowStatus {
  /** `""` (not yet reconciled), Pending, Running, Succeeded, Failed or Error (workflow_phase.go). */
  phase?: string;
  /** The status as the member's workflow controller wrote it, for Retain to keep whole. */
  written: JsonObject;
}

function specOf(spec: JsonObject, path: string): WorkflowSpec {
  const executor = objectField(spec, 'executor', fieldPath(path, 'executor'));
  const refPath = fieldPath(path, 'workflowTemplateRef');
  const ref = objectField(spec, 'workflowTemplateRef', refPath);
  const view: WorkflowSpec = {
    parallelism: countField(spec, 'parallelism', fieldPath(path, 'parallelism')),
    suspend: booleanField(spec, 'suspend', fieldPath(path, 'suspend')),
    shutdown: stringField(spec, 'shutdown', fieldPath(path, 'shutdown')),
    executorServiceAccountName: stringField(executor, 'serviceAccountName', fieldPath(fieldPath(path, 'executor'), 'serviceAccountName')),
    written: spec,
  };
  if (ref !== undefined) {
    view.workflowTemplateRef = {
      name: stringField(ref, 'name', fieldPath(refPath, 'name')),
      clusterScope: booleanField(ref, 'clusterScope', fieldPath(refPath, 'clusterScope')),
    };
  }
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
