// cert-manager's kinds (cert-manager.io Certificate, Issuer, ClusterIssuer): their status as the controllers write it
// (pkg/apis/certmanager/v1, v1.21.2), health from the Ready and Issuing conditions, what a member's status tells the
// control plane, and the objects a spec names (see lib/kinds/certificate/README.md and lib/kinds/issuer/README.md).
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { defined, once, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import type { JsonObject, JsonValue } from '../../review/json';
import { agreedValue, latestTime, membersOf, setOrRemove, type Member } from '../../shapes/aggregation';
import { conditionOf, readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { NamedReferences } from '../../shapes/dependencies';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { readReportedGenerations, reportGenerations, type ReportedGenerations } from '../../shapes/generations';

export const certManagerGroup = 'cert-manager.io';
/** The version dependencies name a cert-manager.io object at: the one version cert-manager serves since v1.7. */
export const certManagerApiVersion = `${certManagerGroup}/v1`;

/**
 * The project's own annotations (documented in the kinds' READMEs), for what the object cannot say itself: the
 * version of an external issuer a Certificate names (its `issuerRef` names only a group), and the namespace a
 * ClusterIssuer's Secrets live in (cert-manager's `--cluster-resource-namespace` flag, which only the member knows).
 */
export const issuerApiVersionAnnotation = 'karmada-serverless-interpreter/issuer-api-version';
export const clusterResourceNamespaceAnnotation = 'karmada-serverless-interpreter/cluster-resource-namespace';

/** A string at a path of nested objects below `parent` (`['acme', 'privateKeySecretRef', 'name']`); undefined when absent. */
function nestedString(parent: Cursor, names: readonly string[]): string | undefined {
  return parent.at(names.slice(0, -1)).string(names.at(-1)!);
}

// ---- Certificate -------------------------------------------------------------------------------------------------

/**
 * How members' conditions of one type combine where they differ: the CRD keys `status.conditions` by type
 * (`x-kubernetes-list-type: map`), so the control plane shows one of each. Ready is the fleet's only when every
 * member's is (False if any member's is False); Issuing is True while any member is issuing.
 */
const certificateConditionRules: ConditionMergeRules = { Ready: 'every', Issuing: 'any' };
const issuerConditionRules: ConditionMergeRules = { Ready: 'every' };

/** A Certificate's status (CertificateStatus): the fields the control plane shows. */
export interface CertificateStatus extends ConditionStatus {
  notBefore?: string;
  notAfter?: string;
  renewalTime?: string;
  lastFailureTime?: string;
  revision?: number;
  failedIssuanceAttempts?: number;
}

type CertificateTime = 'notBefore' | 'notAfter' | 'renewalTime' | 'lastFailureTime';

export function readCertificateStatus(status: Cursor): CertificateStatus {
  return defined({
    ...readConditionStatus(status),
    // RFC 3339 times, checked to be strings.
    notBefore: status.string('notBefore'),
    notAfter: status.string('notAfter'),
    renewalTime: status.string('renewalTime'),
    lastFailureTime: status.string('lastFailureTime'),
    // Go ints the controller counts up from 1: an int32 in every apiserver's schema (`format: int64` is not written).
    revision: status.count('revision'),
    failedIssuanceAttempts: status.count('failedIssuanceAttempts'),
  });
}

/** `issuerRef` as cert-manager reads it: kind defaults to Issuer, group to cert-manager.io (pkg/apis/meta/v1). */
export interface IssuerRef {
  name: string;
  kind: string;
  group: string;
}

export interface Certificate {
  metadata: ObjectMetaView;
  issuerRef?: IssuerRef;
  /** `keystores.jks.passwordSecretRef.name`, `keystores.pkcs12.passwordSecretRef.name`. */
  passwordSecrets: (string | undefined)[];
  status?: CertificateStatus;
}

function readIssuerRef(spec: Cursor): IssuerRef | undefined {
  const ref = spec.object('issuerRef');
  const name = ref.string('name');
  const kind = ref.string('kind');
  const group = ref.string('group');
  return name === undefined || name === '' ? undefined : { name, kind: kind || 'Issuer', group: group || certManagerGroup };
}

/** Reads, by part, the fields the operations use (only InterpretDependency reads the spec). */
export function readCertificate(object: Cursor): Certificate {
  const spec = once(() => object.object('spec'));
  return readByPart<Certificate>({
    metadata: () => readMetadata(object),
    passwordSecrets: () => ['jks', 'pkcs12'].map((store) => nestedString(spec(), ['keystores', store, 'passwordSecretRef', 'name'])),
    issuerRef: () => readIssuerRef(spec()),
    status: () => object.part('status', readCertificateStatus),
  });
}

/**
 * Healthy when a certificate is valid (Ready True) or being issued (Issuing True: the first issuance, where Ready is
 * still False because the Secret does not exist yet, or a renewal). Unhealthy when an issuance failed (Issuing False or
 * absent, Ready False: cert-manager backs off and retries), or when no cert-manager ever wrote a condition there.
 */
export function certificateHealth(status: CertificateStatus | undefined): Health {
  const issuing = conditionOf(status?.conditions, 'Issuing');
  if (issuing?.status === 'True') return healthy(conditionReason(issuing, 'Issuing'));
  const ready = conditionOf(status?.conditions, 'Ready');
  if (ready?.status === 'True') return healthy(conditionReason(ready, 'Ready'));
  // An Issuing condition that is not True says the last issuance failed: worth naming beside Ready.
  return unhealthy(issuing === undefined ? conditionReason(ready, 'Ready') : `${conditionReason(ready, 'Ready')}, ${conditionReason(issuing, 'Issuing')}`);
}

/** InterpretStatus: the conditions, times and counters, and the member's generations (Karmada's bookkeeping). */
export function reflectCertificate({ object }: TypedRequest<Certificate>): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  const { observedGeneration: _none, ...status } = object.status ?? {};
  for (const [name, value] of Object.entries(status)) if (value !== undefined) rawStatus[name] = value as JsonValue;
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

type ReflectedCertificate = CertificateStatus & ReportedGenerations;

function readReflectedCertificate(status: Cursor): ReflectedCertificate {
  return { ...readCertificateStatus(status), ...readReportedGenerations(status) };
}

/** The smallest revision, only when every reporting member has one (a member without one never issued). */
function smallestRevision(members: readonly Member<ReflectedCertificate>[]): number | undefined {
  let found: number | undefined;
  for (const { status } of members) {
    const value = status.revision;
    if (value === undefined) return undefined;
    if (found === undefined || value < found) found = value;
  }
  return found;
}

/**
 * AggregateStatus: each member's cert-manager issues its own certificate, so the control plane shows the fleet's
 * weakest point: conditions one per type (Ready False where any member's is), the earliest `notAfter` and `renewalTime` (the
 * soonest expiry and renewal anywhere), the latest `notBefore` and `lastFailureTime`, the smallest `revision` (every
 * reporting member issued at least this often; removed while one has never issued) and the largest `failedIssuanceAttempts`. A field no member reports is removed.
 */
export function aggregateCertificate({ aggregatedStatus, patch: newPatch }: TypedRequest<Certificate>): OperationResults['AggregateStatus'] {
  const { reporting } = membersOf(aggregatedStatus, readReflectedCertificate);
  const patch = newPatch();
  const conditions = conditionsOnePerType(reporting, certificateConditionRules);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  const times = (name: CertificateTime) => reporting.map(({ status }) => status[name]);
  setOrRemove(patch, 'notBefore', latestTime(times('notBefore')));
  setOrRemove(patch, 'notAfter', latestTime(times('notAfter'), true));
  setOrRemove(patch, 'renewalTime', latestTime(times('renewalTime'), true));
  setOrRemove(patch, 'lastFailureTime', latestTime(times('lastFailureTime')));
  setOrRemove(patch, 'revision', smallestRevision(reporting));
  let attempts: number | undefined;
  for (const { status } of reporting) {
    const value = status.failedIssuanceAttempts;
    if (value !== undefined && (attempts === undefined || value > attempts)) attempts = value;
  }
  setOrRemove(patch, 'failedIssuanceAttempts', attempts);
  return patch.operations;
}

/**
 * The scope of an issuer kind. cert-manager's own: Issuer is namespaced, ClusterIssuer cluster-scoped. External
 * issuers follow the same convention (AWSPCAClusterIssuer, GoogleCASClusterIssuer, StepClusterIssuer,
 * ClusterOriginIssuer): a kind whose name holds `Cluster` is cluster-scoped.
 */
function clusterScopedIssuer(kind: string): boolean {
  return kind.includes('Cluster');
}

/**
 * InterpretDependency of a Certificate: its issuer and the keystores' password Secrets. Never `spec.secretName`: that
 * Secret is the certificate's output, written by each member's cert-manager with its own key and certificate.
 */
export function certificateDependencies({ object, namespace }: TypedRequest<Certificate>): OperationResults['InterpretDependency'] {
  const ownNamespace = object.metadata.namespace || namespace;
  const references = new NamedReferences(ownNamespace).addAll('v1', 'Secret', object.passwordSecrets);
  const ref = object.issuerRef;
  const issuerApiVersion = ref === undefined ? undefined : issuerApiVersionOf(object.metadata, ref);
  if (ref !== undefined && issuerApiVersion !== undefined) {
    references.add(issuerApiVersion, ref.kind, ref.name, { clusterScoped: clusterScopedIssuer(ref.kind) });
  }
  return { dependencies: references.list() };
}

/**
 * The apiVersion the issuer is named at: cert-manager.io/v1 for cert-manager's own; for an external issuer, the
 * version the `karmada-serverless-interpreter/issuer-api-version` annotation gives (its group must be the issuerRef's), else
 * none: Karmada finds a dependency by apiVersion, and `issuerRef` names no version.
 */
function issuerApiVersionOf(metadata: ObjectMetaView, ref: IssuerRef): string | undefined {
  if (ref.group === certManagerGroup) return certManagerApiVersion;
  const annotated = metadata.annotations?.[issuerApiVersionAnnotation];
  if (annotated === undefined) return undefined;
  const slash = annotated.indexOf('/');
  if (slash < 0 || annotated.slice(0, slash) !== ref.group || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(annotated.slice(slash + 1))) {
    throw new FieldFailure(
      `object.metadata.annotations[${issuerApiVersionAnnotation}]`,
      `must be <group>/<version> with the issuerRef's group ${JSON.stringify(ref.group)}, got ${JSON.stringify(annotated.slice(0, 80))}`,
    );
  }
  return annotated;
}

// ---- Issuer and ClusterIssuer -------------------------------------------------------------------------------------

/** An issuer's status (IssuerStatus): conditions and the ACME account. */
export interface IssuerStatus extends ConditionStatus {
  acme?: JsonObject;
}

const acmeStatusFields = ['uri', 'lastRegisteredEmail', 'lastPrivateKeyHash'] as const;

export function readIssuerStatus(status: Cursor): IssuerStatus {
  return defined({
    ...readConditionStatus(status),
    // ACMEIssuerStatus's fields; anything else there is not cert-manager's.
    acme: status.part('acme', (acme) => {
      const kept: JsonObject = {};
      for (const name of acmeStatusFields) {
        const value = acme.string(name);
        if (value !== undefined) kept[name] = value;
      }
      return kept;
    }),
  });
}

/** The objects an issuer's spec names (only InterpretDependency reads them). */
export interface IssuerReferences {
  /** Secrets the issuer's configuration names, read in the issuer's resource namespace. */
  secrets: (string | undefined)[];
  /** ServiceAccounts whose tokens cert-manager requests (Vault's and Route53's `serviceAccountRef`). */
  serviceAccounts: (string | undefined)[];
  /** What the HTTP01 solver pods use: they run in the namespace of the Certificate being solved. */
  solverPods: { serviceAccounts: (string | undefined)[]; pullSecrets: (string | undefined)[] };
}

export interface Issuer {
  metadata: ObjectMetaView;
  references: IssuerReferences;
  status?: IssuerStatus;
}

/** Secret names below `spec`, as cert-manager's issuers read them (SecretKeySelector, LocalObjectReference, secretName). */
const issuerSecretPaths: readonly (readonly string[])[] = [
  ['ca', 'secretName'],
  ['acme', 'privateKeySecretRef', 'name'],
  ['acme', 'externalAccountBinding', 'keySecretRef', 'name'],
  ['vault', 'caBundleSecretRef', 'name'],
  ['vault', 'clientCertSecretRef', 'name'],
  ['vault', 'clientKeySecretRef', 'name'],
  ['vault', 'auth', 'tokenSecretRef', 'name'],
  ['vault', 'auth', 'appRole', 'secretRef', 'name'],
  ['vault', 'auth', 'clientCertificate', 'secretName'],
  ['vault', 'auth', 'kubernetes', 'secretRef', 'name'],
  ['venafi', 'tpp', 'credentialsRef', 'name'],
  ['venafi', 'tpp', 'caBundleSecretRef', 'name'],
  ['venafi', 'cloud', 'apiTokenSecretRef', 'name'],
  ['venafi', 'ngts', 'credentialsRef', 'name'],
];

const issuerServiceAccountPaths: readonly (readonly string[])[] = [
  ['vault', 'auth', 'kubernetes', 'serviceAccountRef', 'name'],
  ['vault', 'auth', 'aws', 'serviceAccountRef', 'name'],
];

/** Secret names below a solver's `dns01` (each DNS provider's credentials). */
const dns01SecretPaths: readonly (readonly string[])[] = [
  ['akamai', 'clientTokenSecretRef', 'name'],
  ['akamai', 'clientSecretSecretRef', 'name'],
  ['akamai', 'accessTokenSecretRef', 'name'],
  ['cloudDNS', 'serviceAccountSecretRef', 'name'],
  ['cloudflare', 'apiKeySecretRef', 'name'],
  ['cloudflare', 'apiTokenSecretRef', 'name'],
  ['route53', 'accessKeyIDSecretRef', 'name'],
  ['route53', 'secretAccessKeySecretRef', 'name'],
  ['azureDNS', 'clientSecretSecretRef', 'name'],
  ['digitalocean', 'tokenSecretRef', 'name'],
  ['acmeDNS', 'accountSecretRef', 'name'],
  ['rfc2136', 'tsigSecretSecretRef', 'name'],
];

function readIssuerReferences(spec: Cursor): IssuerReferences {
  const references: IssuerReferences = {
    secrets: issuerSecretPaths.map((names) => nestedString(spec, names)),
    serviceAccounts: issuerServiceAccountPaths.map((names) => nestedString(spec, names)),
    solverPods: { serviceAccounts: [], pullSecrets: [] },
  };
  for (const solver of spec.object('acme').items('solvers', podTemplateLimits.listItems)) {
    const dns01 = solver.object('dns01');
    for (const names of dns01SecretPaths) references.secrets.push(nestedString(dns01, names));
    references.serviceAccounts.push(nestedString(dns01, ['route53', 'auth', 'kubernetes', 'serviceAccountRef', 'name']));
    const http01 = solver.object('http01');
    for (const route of ['ingress', 'gatewayHTTPRoute']) {
      const podSpec = http01.at([route, 'podTemplate', 'spec']);
      references.solverPods.serviceAccounts.push(podSpec.string('serviceAccountName'));
      for (const item of podSpec.items('imagePullSecrets', podTemplateLimits.listItems)) references.solverPods.pullSecrets.push(item.string('name'));
    }
  }
  return references;
}

/** Reads, by part, the fields the operations use (only InterpretDependency reads the spec). */
export function readIssuer(object: Cursor): Issuer {
  return readByPart<Issuer>({
    metadata: () => readMetadata(object),
    references: () => readIssuerReferences(object.object('spec')),
    status: () => object.part('status', readIssuerStatus),
  });
}

/** Healthy when Ready is True: the issuer can sign (its CA Secret is valid, its ACME account registered…). */
export function issuerHealth(status: IssuerStatus | undefined): Health {
  const ready = conditionOf(status?.conditions, 'Ready');
  return ready?.status === 'True' ? healthy(conditionReason(ready, 'Ready')) : unhealthy(conditionReason(ready, 'Ready'));
}

/** InterpretStatus of an issuer: conditions, the ACME account, and the member's generations. */
export function reflectIssuer({ object }: TypedRequest<Issuer>): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  const { conditions, acme } = object.status ?? {};
  if (conditions !== undefined) rawStatus.conditions = conditions;
  if (acme !== undefined) rawStatus.acme = acme;
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

/**
 * AggregateStatus of an issuer: conditions one per type (Ready False where any member's is); `acme` kept only when every listed member reports the same account
 * (members registering their own accounts would otherwise show one of them as the fleet's).
 */
export function aggregateIssuer({ aggregatedStatus, patch: newPatch }: TypedRequest<Issuer>): OperationResults['AggregateStatus'] {
  const members = membersOf(aggregatedStatus, (status) => ({ ...readIssuerStatus(status), ...readReportedGenerations(status) }));
  const patch = newPatch();
  const conditions = conditionsOnePerType(members.reporting, issuerConditionRules);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  setOrRemove(patch, 'acme', agreedValue(members, (status) => status.acme));
  return patch.operations;
}

/**
 * InterpretDependency of an issuer. `secretNamespace`: where cert-manager reads its Secrets and ServiceAccounts (an
 * Issuer's own namespace; for a ClusterIssuer, the cluster resource namespace, undefined when unknown: none listed).
 * `solverNamespace`: where HTTP01 solver pods run (an Issuer's namespace; a ClusterIssuer's run in each Certificate's).
 */
export function issuerDependencies({ references }: Issuer, secretNamespace: string | undefined, solverNamespace: string | undefined): OperationResults['InterpretDependency'] {
  const lists = [];
  if (secretNamespace !== undefined && secretNamespace !== '') {
    lists.push(new NamedReferences(secretNamespace).addAll('v1', 'Secret', references.secrets).addAll('v1', 'ServiceAccount', references.serviceAccounts).list());
  }
  if (solverNamespace !== undefined && solverNamespace !== '') {
    lists.push(new NamedReferences(solverNamespace).addAll('v1', 'Secret', references.solverPods.pullSecrets).addAll('v1', 'ServiceAccount', references.solverPods.serviceAccounts).list());
  }
  return { dependencies: mergedSorted(lists.flat()) };
}

/** Secrets first, then ServiceAccounts, each once and sorted by name (the answer does not depend on the spec's order). */
function mergedSorted(references: OperationResults['InterpretDependency']['dependencies']): OperationResults['InterpretDependency']['dependencies'] {
  const seen = new Map<string, (typeof references)[number]>();
  for (const reference of references) seen.set(`${reference.kind}\u0000${reference.namespace ?? ''}\u0000${reference.name ?? ''}`, reference);
  const order = (kind: string) => (kind === 'Secret' ? 0 : 1);
  return [...seen.values()].sort((a, b) => order(a.kind) - order(b.kind) || compare(a.name, b.name) || compare(a.namespace, b.namespace));
}

function compare(a: string | undefined, b: string | undefined): number {
  return (a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0;
}

/** The namespace a ClusterIssuer's Secrets are in, from the annotation; a value that is no namespace name is a 400. */
export function clusterResourceNamespaceOf(metadata: ObjectMetaView): string | undefined {
  const value = metadata.annotations?.[clusterResourceNamespaceAnnotation];
  if (value === undefined) return undefined;
  if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(value)) {
    throw new FieldFailure(`object.metadata.annotations[${clusterResourceNamespaceAnnotation}]`, `must be a namespace name, got ${JSON.stringify(value.slice(0, 80))}`);
  }
  return value;
}

/** Retain: cert-manager writes only the status subresource of these kinds (Karmada never overwrites it); nothing in spec. */
export function retainNothing({ patch }: TypedRequest<object>): OperationResults['Retain'] {
  return patch().operations;
}

/** The operations an Issuer and a ClusterIssuer answer alike; each kind says where its dependencies are. */
export function issuerOperations(dependencies: (request: TypedRequest<Issuer>) => OperationResults['InterpretDependency']) {
  return {
    InterpretHealth: ({ object }: TypedRequest<Issuer>) => issuerHealth(object.status),
    InterpretStatus: reflectIssuer,
    AggregateStatus: aggregateIssuer,
    InterpretDependency: dependencies,
    Retain: retainNothing,
  };
}
