// ClusterExternalSecret's one reader: the fields the operations use become the typed view, or a FieldFailure naming
// the field (a 400 for the interpreter). It reads by part, and never defaults or changes a value.
import { defined, once, readByPart, type Cursor } from '../../kube/cursor';
import { checkedNamespace } from '../../kube/fields';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readExternalSecretReferents, type ExternalSecretReferents } from '../../families/external-secrets/store-refs';
import { readConditions, type Condition } from '../../shapes/conditions';

/** A namespace the member's controller could not provision, and why. */
export interface NamespaceFailure {
  namespace: string;
  reason?: string;
}

/** ClusterExternalSecretStatus as the controller writes it (pkg/controllers/clusterexternalsecret, v1.3.2). */
export interface ClusterExternalSecretStatusView {
  conditions?: Condition[];
  externalSecretName?: string;
  failedNamespaces?: NamespaceFailure[];
  provisionedNamespaces?: string[];
}

/** What the operations read of a ClusterExternalSecret. */
export interface ClusterExternalSecret {
  metadata: ObjectMetaView;
  /** What the ExternalSecrets it creates make their controller get (`spec.externalSecretSpec`). */
  referents: ExternalSecretReferents;
  /** `spec.namespaces`: the namespaces it names (its selectors choose others, which only the member knows). */
  namespaces: string[];
  /** `status.conditions` alone: what InterpretHealth reads (the rest of the status is not its concern). */
  conditions?: Condition[];
  status?: ClusterExternalSecretStatusView;
}

function readFailures(status: Cursor): NamespaceFailure[] | undefined {
  if (!status.has('failedNamespaces')) return undefined;
  return status.items('failedNamespaces').map((item) => {
    const namespace = checkedNamespace(item.string('namespace'), item.pathOf('namespace'));
    if (namespace === undefined) return item.fail('namespace', 'is required');
    return defined<NamespaceFailure>({ namespace, reason: item.string('reason') });
  });
}

export function readClusterExternalSecretStatus(status: Cursor): ClusterExternalSecretStatusView {
  return defined({
    conditions: readConditions(status),
    externalSecretName: status.objectName('externalSecretName'),
    failedNamespaces: readFailures(status),
    provisionedNamespaces: status.has('provisionedNamespaces') ? status.strings('provisionedNamespaces').map((name, index) => checkedNamespace(name, `${status.pathOf('provisionedNamespaces')}[${index}]`)!) : undefined,
  });
}

export function readClusterExternalSecret(object: Cursor): ClusterExternalSecret {
  const spec = once(() => object.object('spec'));
  return readByPart<ClusterExternalSecret>({
    metadata: () => readMetadata(object),
    referents: () => readExternalSecretReferents(spec().object('externalSecretSpec')),
    namespaces: () => spec().strings('namespaces').map((name, index) => checkedNamespace(name, `${spec().pathOf('namespaces')}[${index}]`)!),
    conditions: () => readConditions(object.object('status')),
    status: () => object.part('status', readClusterExternalSecretStatus),
  });
}
