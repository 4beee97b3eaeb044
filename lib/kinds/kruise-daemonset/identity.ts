// OpenKruise's Advanced DaemonSet (apps.kruise.io, not Kubernetes' apps/v1 DaemonSet, hence the folder's prefix):
// who it is and which versions are served. OpenKruise owns the CRD (v1alpha1 only): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const kruiseDaemonSet = {
  group: 'apps.kruise.io',
  kind: 'DaemonSet',
  plural: 'daemonsets',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/kruise-daemonset',
  ownCrd: false,
  // OpenKruise's newest release the Go module proxy serves here (v1.9.0 and later are refused).
  publishedCrd: { source: 'go:github.com/openkruise/kruise@v1.8.2', file: 'config/crd/bases/apps.kruise.io_daemonsets.yaml' },
} as const satisfies KindIdentity;
