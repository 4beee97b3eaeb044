// Alertmanager's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field
// (a 400 for the interpreter). It reads by part: the count, the pod fields, the named objects and the status are
// each read when an operation first uses them. It never defaults or changes a value. Fields from Prometheus Operator
// v0.85.0's published CRD (example/prometheus-operator-crd/monitoring.coreos.com_alertmanagers.yaml; types.ts).
import { readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { clientCredentials, clientTls, commonObjects, secretKey, serverTls, type NamedObjects } from '../../families/prometheus-operator/pod';
import { readOperatorStatus, type OperatorStatus } from '../../families/prometheus-operator/status';

export interface Alertmanager {
  metadata: ObjectMetaView;
  /** `spec.replicas` (the scale subresource's field: the API server admits no negative value there). */
  replicas?: number;
  /** `spec.paused`: the operator stops reconciling the object. */
  paused?: boolean;
  /** The spec, for its pod fields (read by InterpretReplica and InterpretDependency through the pod readers). */
  spec: Cursor;
  /** The Secrets and ConfigMaps the spec names, its config secret and AlertmanagerConfig (InterpretDependency only). */
  named: NamedObjects & { configSecret?: string; alertmanagerConfig?: string };
  status?: OperatorStatus;
}

/** The objects the operator reads or mounts, beyond the pod fields (pkg/alertmanager/operator.go, statefulset.go). */
function namedObjects(spec: Cursor): Alertmanager['named'] {
  const named = commonObjects(spec);
  const clusterTls = spec.object('clusterTLS');
  serverTls(clusterTls.object('server'), named);
  clientTls(clusterTls.object('client'), named);
  const configuration = spec.object('alertmanagerConfiguration');
  const global = configuration.object('global');
  clientCredentials(global.object('httpConfig'), named);
  // The receivers' global secrets (AlertmanagerGlobalConfig): each a SecretKeySelector the operator loads.
  for (const field of ['opsGenieApiKey', 'slackApiUrl']) secretKey(global, field, named);
  const smtp = global.object('smtp');
  for (const field of ['authPassword', 'authSecret']) secretKey(smtp, field, named);
  clientTls(smtp.object('tlsConfig'), named);
  secretKey(global.object('wechat'), 'apiSecret', named);
  for (const field of ['token', 'tokenID']) secretKey(global.object('rocketChat'), field, named);
  secretKey(global.object('victorops'), 'apiKey', named);
  return { ...named, configSecret: spec.objectName('configSecret'), alertmanagerConfig: configuration.objectName('name') };
}

export function readAlertmanager(object: Cursor): Alertmanager {
  return readByPart<Alertmanager>({
    metadata: () => readMetadata(object),
    replicas: () => object.object('spec').count('replicas'),
    paused: () => object.object('spec').boolean('paused'),
    spec: () => object.object('spec'),
    named: () => namedObjects(object.object('spec')),
    status: () => object.part('status', readOperatorStatus),
  });
}
