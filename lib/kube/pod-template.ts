// What Karmada reads from a pod template: per-replica requirements and the objects it depends on (spec §8).
import { invalidInput } from '../protocol/errors';
import type { DependentObjectReference, JsonObject, NodeClaim, ReplicaRequirements, ResourceList, Toleration } from '../protocol/types';
import { objectField, objectItems, stringField, stringMapField } from './fields';
import { QuantityError, formatInteger, formatMilli, isNegative, milliValueOf, parseQuantity, valueOf } from './quantity';

type Amounts = Map<string, bigint>;

/** Resources Karmada keeps besides cpu/memory/ephemeral-storage/pods: extended (domain/name), hugepages, attachable volumes. */
function isScalarResource(name: string): boolean {
  return (name.includes('/') && !name.startsWith('requests.')) || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-');
}

function isCountedResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name === 'pods' || isScalarResource(name);
}

/** Karmada sums cpu in millicores and everything else in whole units, each quantity rounded up first. */
function amountOf(name: string, text: unknown, path: string): bigint {
  if (typeof text !== 'string' && typeof text !== 'number') {
    throw invalidInput(`${path} must be a quantity such as "100m" or "128Mi", got ${text === null ? 'null' : typeof text}`);
  }
  try {
    const quantity = parseQuantity(typeof text === 'string' ? text.trim() : text);
    if (isNegative(quantity)) throw invalidInput(`${path} must not be negative, got ${JSON.stringify(text)}`);
    return name === 'cpu' ? milliValueOf(quantity) : valueOf(quantity);
  } catch (error) {
    if (error instanceof QuantityError) throw invalidInput(`${path}: ${error.message}`);
    throw error;
  }
}

function formatAmount(name: string, amount: bigint): string {
  if (name === 'cpu') return formatMilli(amount);
  const binary = name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-');
  return formatInteger(amount, binary ? 'BinarySI' : 'DecimalSI');
}

/** A container's requests, defaulted from its limits where a request is missing (as the API server does). */
function effectiveRequests(container: JsonObject, path: string): Amounts {
  const resources = objectField(container, 'resources', `${path}.resources`);
  const requests = objectField(resources, 'requests', `${path}.resources.requests`) ?? {};
  const limits = objectField(resources, 'limits', `${path}.resources.limits`) ?? {};
  const amounts: Amounts = new Map();
  for (const [name, value] of Object.entries(requests)) {
    if (isCountedResource(name)) amounts.set(name, amountOf(name, value, `${path}.resources.requests.${name}`));
  }
  for (const [name, value] of Object.entries(limits)) {
    if (isCountedResource(name) && !Object.hasOwn(requests, name)) amounts.set(name, amountOf(name, value, `${path}.resources.limits.${name}`));
  }
  return amounts;
}

function resourceRequestOf(podSpec: JsonObject, path: string): ResourceList | undefined {
  const total: Amounts = new Map();
  for (const { item, path: itemPath } of objectItems(podSpec, 'containers', `${path}.containers`)) {
    for (const [name, amount] of effectiveRequests(item, itemPath)) total.set(name, (total.get(name) ?? 0n) + amount);
  }
  for (const { item, path: itemPath } of objectItems(podSpec, 'initContainers', `${path}.initContainers`)) {
    for (const [name, amount] of effectiveRequests(item, itemPath)) {
      if (amount > (total.get(name) ?? 0n)) total.set(name, amount);
    }
  }
  const overhead = objectField(podSpec, 'overhead', `${path}.overhead`) ?? {};
  for (const [name, value] of Object.entries(overhead)) {
    if (isCountedResource(name)) total.set(name, (total.get(name) ?? 0n) + amountOf(name, value, `${path}.overhead.${name}`));
  }
  const names = [...total.keys()].filter((name) => total.get(name)! > 0n).sort();
  if (names.length === 0) return undefined;
  const list: ResourceList = {};
  for (const name of names) list[name] = formatAmount(name, total.get(name)!);
  return list;
}

function nodeClaimOf(podSpec: JsonObject, path: string): NodeClaim | undefined {
  const claim: NodeClaim = {};
  const nodeSelector = stringMapField(podSpec, 'nodeSelector', `${path}.nodeSelector`);
  if (nodeSelector !== undefined && Object.keys(nodeSelector).length > 0) claim.nodeSelector = nodeSelector;
  const tolerations = objectItems(podSpec, 'tolerations', `${path}.tolerations`).map(({ item }) => item as Toleration);
  if (tolerations.length > 0) claim.tolerations = tolerations;
  const affinity = objectField(podSpec, 'affinity', `${path}.affinity`);
  const nodeAffinity = objectField(affinity, 'nodeAffinity', `${path}.affinity.nodeAffinity`);
  const required = objectField(
    nodeAffinity,
    'requiredDuringSchedulingIgnoredDuringExecution',
    `${path}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`,
  );
  if (required !== undefined) claim.hardNodeAffinity = required;
  return Object.keys(claim).length > 0 ? claim : undefined;
}

function podSpecOf(template: JsonObject | undefined, path: string): JsonObject | undefined {
  return objectField(template, 'spec', `${path}.spec`);
}

/** Per-replica requirements of a pod template, or undefined when it asks for nothing (Karmada sends none then). */
export function replicaRequirementsOf(template: JsonObject | undefined, path: string): ReplicaRequirements | undefined {
  const podSpec = podSpecOf(template, path);
  if (podSpec === undefined) return undefined;
  const specPath = `${path}.spec`;
  const nodeClaim = nodeClaimOf(podSpec, specPath);
  const resourceRequest = resourceRequestOf(podSpec, specPath);
  if (nodeClaim === undefined && resourceRequest === undefined) return undefined;
  const requirements: ReplicaRequirements = {};
  if (nodeClaim !== undefined) requirements.nodeClaim = nodeClaim;
  if (resourceRequest !== undefined) requirements.resourceRequest = resourceRequest;
  return requirements;
}

type Visit = (name: string | undefined) => void;

function visitContainers(podSpec: JsonObject, path: string, visit: (container: JsonObject, path: string) => void): void {
  for (const field of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const { item, path: itemPath } of objectItems(podSpec, field, `${path}.${field}`)) visit(item, itemPath);
  }
}

function refName(parent: JsonObject | undefined, field: string, path: string, nameField = 'name'): string | undefined {
  return stringField(objectField(parent, field, `${path}.${field}`), nameField, `${path}.${field}.${nameField}`);
}

function visitEnvReferences(container: JsonObject, path: string, keyRef: string, fromRef: string, visit: Visit): void {
  for (const { item, path: envPath } of objectItems(container, 'envFrom', `${path}.envFrom`)) visit(refName(item, fromRef, envPath));
  for (const { item, path: envPath } of objectItems(container, 'env', `${path}.env`)) {
    visit(refName(objectField(item, 'valueFrom', `${envPath}.valueFrom`), keyRef, `${envPath}.valueFrom`));
  }
}

/** Volume sources whose secret reference Kubernetes' VisitPodSecretNames follows, in its order. */
const secretRefVolumes: readonly [source: string, field: string, nameField: string][] = [
  ['azureFile', '', 'secretName'],
  ['cephfs', 'secretRef', 'name'],
  ['cinder', 'secretRef', 'name'],
  ['flexVolume', 'secretRef', 'name'],
  ['projected', '', ''],
  ['rbd', 'secretRef', 'name'],
  ['secret', '', 'secretName'],
  ['scaleIO', 'secretRef', 'name'],
  ['iscsi', 'secretRef', 'name'],
  ['storageos', 'secretRef', 'name'],
  ['csi', 'nodePublishSecretRef', 'name'],
];

function projectedNames(volume: JsonObject, path: string, sourceKind: 'configMap' | 'secret', visit: Visit): void {
  const projected = objectField(volume, 'projected', `${path}.projected`);
  for (const { item, path: sourcePath } of objectItems(projected, 'sources', `${path}.projected.sources`)) {
    visit(refName(item, sourceKind, sourcePath));
  }
}

function visitSecretNames(podSpec: JsonObject, path: string, visit: Visit): void {
  for (const { item, path: refPath } of objectItems(podSpec, 'imagePullSecrets', `${path}.imagePullSecrets`)) {
    visit(stringField(item, 'name', `${refPath}.name`));
  }
  visitContainers(podSpec, path, (container, containerPath) => visitEnvReferences(container, containerPath, 'secretKeyRef', 'secretRef', visit));
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`)) {
    // Like Kubernetes, only the first source type present on a volume counts.
    const match = secretRefVolumes.find(([source]) => objectField(volume, source, `${volumePath}.${source}`) !== undefined);
    if (match === undefined) continue;
    const [source, field, nameField] = match;
    if (source === 'projected') projectedNames(volume, volumePath, 'secret', visit);
    else if (field === '') visit(stringField(objectField(volume, source, ''), nameField, `${volumePath}.${source}.${nameField}`));
    else visit(refName(objectField(volume, source, ''), field, `${volumePath}.${source}`, nameField));
  }
}

function visitConfigMapNames(podSpec: JsonObject, path: string, visit: Visit): void {
  visitContainers(podSpec, path, (container, containerPath) =>
    visitEnvReferences(container, containerPath, 'configMapKeyRef', 'configMapRef', visit),
  );
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`)) {
    if (objectField(volume, 'projected', `${volumePath}.projected`) !== undefined) projectedNames(volume, volumePath, 'configMap', visit);
    else visit(refName(volume, 'configMap', volumePath));
  }
}

function visitClaimNames(podSpec: JsonObject, path: string, visit: Visit): void {
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`)) {
    visit(refName(volume, 'persistentVolumeClaim', volumePath, 'claimName'));
  }
}

function namesFrom(collect: (visit: Visit) => void): string[] {
  const names = new Set<string>();
  collect((name) => {
    if (name !== undefined && name !== '') names.add(name);
  });
  return [...names].sort();
}

/**
 * ConfigMaps, Secrets, the ServiceAccount and PVCs a pod template references, in the template's namespace,
 * de-duplicated and grouped in Karmada's order (names sorted within a group, so the answer is stable).
 */
export function dependenciesOf(template: JsonObject | undefined, path: string, namespace: string | undefined): DependentObjectReference[] {
  const podSpec = podSpecOf(template, path);
  if (podSpec === undefined) return [];
  const specPath = `${path}.spec`;
  const serviceAccount = stringField(podSpec, 'serviceAccountName', `${specPath}.serviceAccountName`);
  const groups: [kind: string, names: string[]][] = [
    ['ConfigMap', namesFrom((visit) => visitConfigMapNames(podSpec, specPath, visit))],
    ['Secret', namesFrom((visit) => visitSecretNames(podSpec, specPath, visit))],
    ['ServiceAccount', serviceAccount === undefined || serviceAccount === 'default' ? [] : namesFrom((visit) => visit(serviceAccount))],
    ['PersistentVolumeClaim', namesFrom((visit) => visitClaimNames(podSpec, specPath, visit))],
  ];
  return groups.flatMap(([kind, names]) =>
    names.map((name) => {
      const reference: DependentObjectReference = { apiVersion: 'v1', kind, name };
      if (namespace !== undefined && namespace !== '') reference.namespace = namespace;
      return reference;
    }),
  );
}
