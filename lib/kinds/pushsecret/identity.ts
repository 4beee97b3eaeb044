// External Secrets Operator's PushSecret: who it is and which versions are served. ESO owns the CRD: interpreted only.
// v1.3.2's CRD serves v1alpha1 alone.
import type { KindIdentity } from '../../review/kind';

export const pushSecret = {
  group: 'external-secrets.io',
  kind: 'PushSecret',
  plural: 'pushsecrets',
  versions: ['v1alpha1'],
  storageVersion: 'v1alpha1',
  home: 'lib/kinds/pushsecret',
  ownCrd: false,
  // ESO's newest release the Go module proxy serves here (it lists v0.16.2 and v1.3.2).
  publishedCrd: { source: 'go:github.com/external-secrets/external-secrets@v1.3.2', file: 'config/crds/bases/external-secrets.io_pushsecrets.yaml' },
} as const satisfies KindIdentity;
