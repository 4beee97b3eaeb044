// Keycloak's one reader: an object of either served version becomes the typed view the operations use, or a
// FieldFailure naming the field (a 400 for the interpreter). It reads by part: an operation reads only the parts it
// uses, so a wrong field it does not read never changes its answer. It never defaults or changes a value. The fields
// are those of the operator's crds/v2alpha1 and crds/v2beta1 KeycloakSpec and KeycloakStatus, which agree on them
// (v2beta1 adds `volumes` and `admin.tlsSecret`).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { anyList, podTemplateList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';

/** What the operations read of a Keycloak. */
export interface Keycloak {
  metadata: ObjectMetaView;
  /** `spec.instances`: the Keycloak server pods (CRD scale subresource; the operator writes 1 when absent). */
  spec?: { instances?: number };
  /** The pod fields each instance's pod is built from (InterpretReplica, InterpretComponent). */
  pod?: KeycloakPod;
  /** What Retain compares: the hostname the operator may generate. */
  hostname?: HostnameFields;
  /** The objects the spec names (InterpretDependency). */
  references?: KeycloakReferences;
  status?: KeycloakStatus;
}

export interface KeycloakPod {
  /** `spec.resources`: the keycloak container's, replacing whatever the pod template's first container says. */
  resources?: JsonObject;
  /** `spec.scheduling` (affinity, tolerations), used where the pod template sets none. */
  scheduling?: JsonObject;
  /** `spec.unsupported.podTemplate.spec`: the base of the pod the operator builds. */
  template?: JsonObject;
}

export interface HostnameFields {
  hostname?: string;
  ingressEnabled?: boolean;
  ingressClassName?: string;
}

export interface KeycloakReferences {
  secrets: (string | undefined)[];
  configMaps: (string | undefined)[];
  /** `spec.unsupported.podTemplate.spec` without its pull secrets (the operator replaces them): volumes, env, service account. */
  template?: JsonObject;
  /** `spec.volumes` (v2beta1): added to every pod. */
  volumes?: JsonObject;
}

/** The status the operator writes (KeycloakStatus), a member's or the control plane's aggregate. */
export interface KeycloakStatus {
  conditions?: Condition[];
  instances?: number;
  selector?: string;
  observedGeneration?: number;
}

export type ReflectedStatus = KeycloakStatus & Omit<ReportedGenerations, 'observedGeneration'>;

const templatePath = ['unsupported', 'podTemplate', 'spec'];

function podOf(spec: Cursor): KeycloakPod {
  return defined({
    resources: spec.object('resources').value,
    scheduling: spec.object('scheduling').value,
    template: spec.at(templatePath).value,
  });
}

function hostnameOf(spec: Cursor): HostnameFields {
  const ingress = spec.object('ingress');
  return defined({
    hostname: spec.object('hostname').string('hostname'),
    ingressEnabled: ingress.boolean('enabled'),
    ingressClassName: ingress.string('className'),
  });
}

/** The keys of a map keyed by user names, bounded as a list is. */
function boundedEntries(parent: Cursor, name: string): [string, Cursor][] {
  const map = parent.object(name);
  if (map.value !== undefined && Object.keys(map.value).length > anyList.maxItems) {
    parent.fail(name, `must have at most ${anyList.maxItems} entries (${anyList.why})`);
  }
  return parent.entries(name);
}

/** A `name` of a selector or reference object at `parent[field]`. */
const nameAt = (parent: Cursor, field: string) => parent.object(field).objectName('name');

function referencesOf(spec: Cursor): KeycloakReferences {
  const secrets: (string | undefined)[] = [];
  const configMaps: (string | undefined)[] = [];
  const db = spec.object('db');
  secrets.push(nameAt(db, 'usernameSecret'), nameAt(db, 'passwordSecret'));
  secrets.push(spec.object('http').objectName('tlsSecret'));
  secrets.push(spec.object('admin').objectName('tlsSecret'));
  const bootstrap = spec.object('bootstrapAdmin');
  secrets.push(bootstrap.object('user').objectName('secret'), bootstrap.object('service').objectName('secret'));
  for (const [, truststore] of boundedEntries(spec, 'truststores')) {
    secrets.push(nameAt(truststore, 'secret'));
    configMaps.push(nameAt(truststore, 'configMap'));
  }
  for (const list of ['additionalOptions', 'env']) {
    for (const option of spec.items(list, podTemplateList)) secrets.push(nameAt(option, 'secret'));
  }
  for (const secret of spec.items('imagePullSecrets', podTemplateList)) secrets.push(secret.objectName('name'));
  configMaps.push(nameAt(spec.object('cache'), 'configMapFile'));
  const volumes = spec.has('volumes') ? { volumes: spec.list('volumes', podTemplateList) } : undefined;
  // The operator sets the pod's pull secrets from spec.imagePullSecrets, replacing the template's.
  const written = spec.at(templatePath).value;
  const template = written === undefined ? undefined : Object.fromEntries(Object.entries(written).filter(([name]) => name !== 'imagePullSecrets'));
  return defined({ secrets, configMaps, template, volumes });
}

export function readStatus(status: Cursor): KeycloakStatus {
  return defined({
    conditions: readConditions(status),
    instances: status.count('instances'),
    selector: status.string('selector'),
    observedGeneration: status.generation('observedGeneration'),
  });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readKeycloak(object: Cursor): Keycloak {
  return readByPart<Keycloak>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => defined({ instances: spec.count('instances') })),
    pod: () => object.part('spec', podOf),
    hostname: () => object.part('spec', hostnameOf),
    references: () => object.part('spec', referencesOf),
    status: () => object.part('status', readStatus),
  });
}
