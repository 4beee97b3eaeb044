// KServe's InferenceService: who it is and which versions are served. KServe owns the CRD (v1beta1, the only version
// its newest CRD serves, github.com/kserve/kserve v0.20.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const inferenceServiceVersions = ['v1beta1'] as const;

export const inferenceService = {
  group: 'serving.kserve.io',
  kind: 'InferenceService',
  plural: 'inferenceservices',
  versions: inferenceServiceVersions,
  storageVersion: 'v1beta1',
  home: 'lib/kinds/inferenceservice',
  ownCrd: false,
  // KServe's newest module the Go module proxy serves here (v0.20.1, v0.21.0 refused; README.md).
  publishedCrd: { source: 'go:github.com/kserve/kserve@v0.20.0', file: 'config/crd/full/serving.kserve.io_inferenceservices.yaml' },
} as const satisfies KindIdentity;

/** KServe's `constants.StopAnnotationKey`: "true" (any case) stops the service; its pods are deleted. */
export const stopAnnotation = 'serving.kserve.io/stop';

/** KServe's `constants.DeploymentMode` annotation; `ModelMesh` serves the model from a shared runtime's pods. */
export const deploymentModeAnnotation = 'serving.kserve.io/deploymentMode';

/** The annotation inferenceservice-config names (`storageSecretNameAnnotation`) for the storage spec's secret. */
export const storageSecretAnnotation = 'serving.kserve.io/storageSecretName';

/** KServe's `constants.DefaultStorageSpecSecret`: the secret a `storage` spec reads when no annotation names one. */
export const defaultStorageSecret = 'storage-config';
