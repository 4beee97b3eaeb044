// Elasticsearch (elasticsearch.k8s.elastic.co): who it is and which versions it serves.
// Its CRD belongs to its project, which installs it: this service interprets Elasticsearch only (no crd.yaml, conversion
// or admission here, and webhook-config prints none of them).
import type { KindIdentity } from '../../review/kind';

export const elasticsearch = {
  group: 'elasticsearch.k8s.elastic.co',
  kind: 'Elasticsearch',
  plural: 'elasticsearches',
  versions: ['v1', 'v1beta1'],
  storageVersion: 'v1',
  home: 'lib/kinds/elasticsearch',
  ownCrd: false,
  // ECK's installable CRDs (kustomize's output of config/crds/v1/resources with its patches), all of ECK's kinds in one file.
  publishedCrd: { source: 'go:github.com/elastic/cloud-on-k8s/v3@v3.5.0', file: 'config/crds/v1/all-crds.yaml' },
} as const satisfies KindIdentity;
