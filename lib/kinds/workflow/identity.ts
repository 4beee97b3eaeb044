// Argo Workflows' Workflow: who it is and which version is served. Argo Workflows owns the CRD (one served version,
// v1alpha1, also the storage version, and no status subresource): this service interprets it only.
import type { KindIdentity } from '../../review/kind';

export const workflowVersions = ['v1alpha1'] as const;

export const workflow = {
  group: 'argoproj.io',
  kind: 'Workflow',
  plural: 'workflows',
  versions: workflowVersions,
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/workflow',
  ownCrd: false,
  // Argo Workflows' newest release the Go module proxy serves here; it serves the same one version as v3.7.3.
  publishedCrd: { source: 'go:github.com/argoproj/argo-workflows/v4@v4.0.5', file: 'manifests/base/crds/full/argoproj.io_workflows.yaml' },
} as const satisfies KindIdentity;

/** The API version of the WorkflowTemplate and ClusterWorkflowTemplate a Workflow can run (its dependencies). */
export const argoApiVersion = 'argoproj.io/v1alpha1';
