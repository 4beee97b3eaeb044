// Alertmanager (monitoring.coreos.com): who it is and which versions it serves (Prometheus Operator v0.85.0).
// Its CRD belongs to its project, which installs it: this service interprets Alertmanager only (no crd.yaml, conversion
// or admission here, and webhook-config prints none of them).
import type { KindIdentity } from '../../review/kind';

export const alertmanager = {
  group: 'monitoring.coreos.com',
  kind: 'Alertmanager',
  plural: 'alertmanagers',
  versions: ['v1'],
  storageVersion: 'v1',
  home: 'lib/kinds/alertmanager',
  ownCrd: false,
  // The only release the Go module proxy serves here (`go list -m -versions` lists v0.85.0 alone); its CRD
  // serves `v1` only.
  publishedCrd: {
    source: 'go:github.com/prometheus-operator/prometheus-operator@v0.85.0',
    file: 'example/prometheus-operator-crd/monitoring.coreos.com_alertmanagers.yaml',
  },
} as const satisfies KindIdentity;

/** pkg/alertmanager/statefulset.go `defaultConfigSecretName`: `configSecret`, else `alertmanager-<name>`. */
export const configSecretPrefix = 'alertmanager-';
/** `spec.alertmanagerConfiguration.name` names an AlertmanagerConfig of this API version, in the same namespace. */
export const alertmanagerConfigApiVersion = 'monitoring.coreos.com/v1alpha1';
