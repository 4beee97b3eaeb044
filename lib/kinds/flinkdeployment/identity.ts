// Apache Flink Kubernetes Operator's FlinkDeployment: who it is and which versions are served. The operator owns the
// CRD (v1beta1, its only served and storage version in 1.10.0): interpreted only.
import type { KindIdentity } from '../../review/kind';

export const flinkDeploymentVersions = ['v1beta1'] as const;

export const flinkDeployment = {
  group: 'flink.apache.org',
  kind: 'FlinkDeployment',
  plural: 'flinkdeployments',
  versions: flinkDeploymentVersions,
  storageVersion: 'v1beta1',
  home: 'lib/kinds/flinkdeployment',
  ownCrd: false,
  // The operator's newest API jar Maven Central serves here; the CRD is the fabric8-generated apiextensions v1 file.
  publishedCrd: {
    source: 'maven:org.apache.flink:flink-kubernetes-operator-api:1.10.0',
    file: 'META-INF/fabric8/flinkdeployments.flink.apache.org-v1.yml',
  },
} as const satisfies KindIdentity;
