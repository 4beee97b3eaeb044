// What Prometheus Operator's StatefulSet kinds (Prometheus, Alertmanager) share about their pods: the spec carries the
// pod's fields at its top (no pod template), the operator builds the main container from `spec.resources`, and the
// spec names the Secrets and ConfigMaps the pods mount or the operator reads (pkg/prometheus/server/statefulset.go,
// pkg/alertmanager/statefulset.go of v0.85.0; the selectors' shapes from its published CRDs).
import { podSpecDependenciesOf, podSpecRequirementsOf, type PlacedContainer } from '../../interpreter/pod-template';
import type { DependentObjectReference, ReplicaRequirements } from '../../interpreter/wire/types';
import type { Cursor } from '../../kube/cursor';
import { podTemplateList } from '../../kube/limits';
import type { JsonObject } from '../../review/json';
import { mergedReferences, NamedReferences } from '../../shapes/dependencies';

/** The pod spec Karmada reads is the object's spec, at this path in a 400. */
export const specPath = 'object.spec';

/**
 * The containers of one pod, as the operator builds it: its main container (`spec.resources`), the sidecars the spec
 * sizes (`sidecars`: Prometheus' Thanos sidecar, `spec.thanos.resources`), and each `spec.containers` item that is a
 * container of its own. An item named as one of the operator's containers (`operatorContainers`) is a strategic
 * merge patch of that container, not another container: it is not counted again.
 */
export function podContainers(spec: Cursor, operatorContainers: readonly string[], sidecars: readonly string[] = []): PlacedContainer[] {
  const placed: PlacedContainer[] = [{ item: spec.value!, path: specPath }];
  for (const name of sidecars) {
    const sidecar = spec.object(name);
    if (sidecar.present) placed.push({ item: sidecar.value!, path: sidecar.path });
  }
  for (const item of spec.items('containers', podTemplateList)) {
    if (!operatorContainers.includes(item.string('name') ?? '')) placed.push({ item: item.value!, path: item.path });
  }
  return placed;
}

/**
 * Each pod's requirements: the containers above, the largest init container, and the node claim from the spec's
 * `nodeSelector`, `tolerations` and required node affinity, read as Karmada reads a pod spec.
 */
export function podRequirements(spec: Cursor, operatorContainers: readonly string[], sidecars: readonly string[] = []): ReplicaRequirements | undefined {
  if (!spec.present) return undefined;
  return podSpecRequirementsOf(spec.value!, specPath, podContainers(spec, operatorContainers, sidecars));
}

/** The Secrets and ConfigMaps a spec names, by name; empty and absent names are dropped when listed. */
export interface NamedObjects {
  secrets: (string | undefined)[];
  configMaps: (string | undefined)[];
}

export const noObjects = (): NamedObjects => ({ secrets: [], configMaps: [] });

/** A SecretKeySelector (or a LocalObjectReference): its `name`. */
export function secretKey(holder: Cursor, field: string, into: NamedObjects): void {
  into.secrets.push(holder.object(field).objectName('name'));
}

/** A SecretOrConfigMap (`{secret: {name, key}}` or `{configMap: {name, key}}`). */
export function secretOrConfigMap(holder: Cursor, field: string, into: NamedObjects): void {
  const value = holder.object(field);
  into.secrets.push(value.object('secret').objectName('name'));
  into.configMaps.push(value.object('configMap').objectName('name'));
}

/** A client TLSConfig (`ca`, `cert` SecretOrConfigMap, `keySecret`). */
export function clientTls(tls: Cursor, into: NamedObjects): void {
  secretOrConfigMap(tls, 'ca', into);
  secretOrConfigMap(tls, 'cert', into);
  secretKey(tls, 'keySecret', into);
}

/**
 * An HTTP client's credentials (remote write and read, Alertmanager endpoints, the API server): `basicAuth`,
 * `authorization.credentials`, `bearerTokenSecret` (Alertmanager's global HTTP config), `oauth2` (client id and secret, its TLS), `sigv4` keys and TLS.
 */
export function clientCredentials(holder: Cursor, into: NamedObjects): void {
  const basicAuth = holder.object('basicAuth');
  secretKey(basicAuth, 'username', into);
  secretKey(basicAuth, 'password', into);
  secretKey(holder.object('authorization'), 'credentials', into);
  secretKey(holder, 'bearerTokenSecret', into);
  const oauth2 = holder.object('oauth2');
  secretOrConfigMap(oauth2, 'clientId', into);
  secretKey(oauth2, 'clientSecret', into);
  clientTls(oauth2.object('tlsConfig'), into);
  const sigv4 = holder.object('sigv4');
  secretKey(sigv4, 'accessKey', into);
  secretKey(sigv4, 'secretKey', into);
  clientTls(holder.object('tlsConfig'), into);
}

/** A server's TLS (`web.tlsConfig`, Alertmanager's `clusterTLS.server`): `cert`, `client_ca`, `keySecret`. */
export function serverTls(tls: Cursor, into: NamedObjects): void {
  secretOrConfigMap(tls, 'cert', into);
  secretOrConfigMap(tls, 'client_ca', into);
  secretKey(tls, 'keySecret', into);
}

/** What both kinds name alike: `secrets[]` and `configMaps[]` (mounted in every pod) and the web server's TLS. */
export function commonObjects(spec: Cursor): NamedObjects {
  const named = noObjects();
  named.secrets.push(...spec.strings('secrets', podTemplateList));
  named.configMaps.push(...spec.strings('configMaps', podTemplateList));
  serverTls(spec.at(['web', 'tlsConfig']), named);
  return named;
}

/**
 * The dependencies: what the pod fields reference (ServiceAccount, imagePullSecrets, volumes, containers' env), read
 * as Karmada reads a pod spec, and the named Secrets and ConfigMaps, in the object's namespace, each once.
 */
export function podDependencies(spec: Cursor, named: NamedObjects, namespace: string | undefined, extra?: NamedReferences): DependentObjectReference[] {
  const references = extra ?? new NamedReferences(namespace);
  references.addAll('v1', 'Secret', named.secrets, {});
  references.addAll('v1', 'ConfigMap', named.configMaps, {});
  const podSpec = spec.present ? (spec.value as JsonObject) : undefined;
  return mergedReferences([podSpecDependenciesOf(podSpec, specPath, namespace), references.list()]);
}
