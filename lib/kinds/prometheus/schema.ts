// Prometheus' one reader: the fields the operations use become the typed view, or a FieldFailure naming the field (a
// 400 for the interpreter). It reads by part: the counts, the pod fields, the named objects and the status are each
// read when an operation first uses them. It never defaults or changes a value. Fields from Prometheus Operator
// v0.85.0's published CRD (example/prometheus-operator-crd/monitoring.coreos.com_prometheuses.yaml; types.ts).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { anyList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { clientCredentials, clientTls, commonObjects, secretKey, type NamedObjects } from '../../families/prometheus-operator/pod';
import { readOperatorStatus, type OperatorStatus } from '../../families/prometheus-operator/status';

export interface Prometheus {
  metadata: ObjectMetaView;
  /**
   * `spec.replicas` as written (int32: the CRD admits a negative one, which the operator runs as 1) and `spec.shards`
   * (the scale subresource's field: the API server admits no negative value there).
   */
  counts: { replicas?: number; shards?: number };
  /** `spec.paused`: the operator stops reconciling the object. */
  paused?: boolean;
  /** The spec, for its pod fields (read by InterpretReplica and InterpretDependency through the pod readers). */
  spec: Cursor;
  /** The Secrets and ConfigMaps the spec names (InterpretDependency only). */
  named: NamedObjects;
  status?: PrometheusStatus;
}

export interface ShardStatus {
  shardID: string;
  replicas?: number;
  updatedReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
}

export interface PrometheusStatus extends OperatorStatus {
  shards?: number;
  shardStatuses?: ShardStatus[];
}

function readShardStatus(item: Cursor): ShardStatus {
  const shardID = item.string('shardID');
  if (shardID === undefined) item.fail('shardID', 'is required');
  return defined({
    shardID,
    replicas: item.count('replicas'),
    updatedReplicas: item.count('updatedReplicas'),
    availableReplicas: item.count('availableReplicas'),
    unavailableReplicas: item.count('unavailableReplicas'),
  });
}

/** A Prometheus status as the operator wrote it (a member's), or as InterpretStatus reflected it. */
export function readPrometheusStatus(status: Cursor): PrometheusStatus {
  const shardStatuses = status.has('shardStatuses') ? status.items('shardStatuses', anyList).map(readShardStatus) : undefined;
  return defined({ ...readOperatorStatus(status), shards: status.count('shards'), shardStatuses });
}

/** The objects the operator reads or mounts, beyond the pod fields (pkg/prometheus/server/operator.go, promcfg.go). */
function namedObjects(spec: Cursor): NamedObjects {
  const named = commonObjects(spec);
  for (const field of ['additionalScrapeConfigs', 'additionalAlertRelabelConfigs', 'additionalAlertManagerConfigs']) secretKey(spec, field, named);
  for (const remote of [...spec.items('remoteWrite', anyList), ...spec.items('remoteRead', anyList)]) {
    clientCredentials(remote, named);
    secretKey(remote.at(['azureAd', 'oauth']), 'clientSecret', named);
  }
  for (const endpoint of spec.object('alerting').items('alertmanagers', anyList)) clientCredentials(endpoint, named);
  clientCredentials(spec.object('apiserverConfig'), named);
  const thanos = spec.object('thanos');
  secretKey(thanos, 'objectStorageConfig', named);
  secretKey(thanos, 'tracingConfig', named);
  clientTls(thanos.object('grpcServerTlsConfig'), named);
  clientTls(spec.at(['tracingConfig', 'tlsConfig']), named);
  return named;
}

export function readPrometheus(object: Cursor): Prometheus {
  return readByPart<Prometheus>({
    metadata: () => readMetadata(object),
    counts: () => {
      const spec = object.object('spec');
      return defined({ replicas: spec.signed('replicas'), shards: spec.count('shards') });
    },
    paused: () => object.object('spec').boolean('paused'),
    spec: () => object.object('spec'),
    named: () => namedObjects(object.object('spec')),
    status: () => object.part('status', readPrometheusStatus),
  });
}
