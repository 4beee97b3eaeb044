// What Karmada reads from a pod template: per-replica requirements and the objects it depends on (spec §8).
import { invalidInput } from './wire/errors';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { DependentObjectReference, NodeClaim, ReplicaRequirements, ResourceList, Toleration } from './wire/types';
import { FieldFailure } from '../review/core';
import { describeJson, hasNoFields, type JsonObject } from '../review/json';
import { arrayField, checkFieldCount, checkListLength, fieldValue as valueAt, integerField, objectField, objectItems, objectNameField, stringField, stringMapField } from '../kube/fields';
import { dns1123SubdomainMaxLength } from '../kube/names';
import { podTemplateLimits, podTemplateList, resourceNameList } from '../kube/limits';
import { MAX_INT64, QuantityError, formatInteger, formatMilli, isNegative, milliValueOf, parseQuantity, valueOf } from '../kube/quantity';

export { podTemplateLimits };
const maxItems = podTemplateList.maxItems;

type Amounts = Map<string, bigint>;

/** Resources Karmada keeps besides cpu/memory/ephemeral-storage/pods: extended (domain/name), hugepages, attachable volumes. */
function isScalarResource(name: string): boolean {
  return (name.includes('/') && !name.startsWith('requests.')) || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-');
}

function isCountedResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name === 'pods' || isScalarResource(name);
}

/** Karmada counts cpu in millicores and everything else in whole units, in an int64. */
function unitOf(name: string): string {
  return name === 'cpu' ? 'millicores' : 'units';
}

function tooLarge(name: string, path: string, what: string): never {
  throw invalidInput(
    `${path}: ${what} is more than Karmada can count: it holds ${name} as a 64-bit number of ${unitOf(name)} ` +
      `(at most ${name === 'cpu' ? formatMilli(MAX_INT64) : MAX_INT64.toString()})`,
  );
}

const shown = (text: string | number): string => {
  const quoted = JSON.stringify(text);
  return quoted.length <= 40 ? quoted : `${quoted.slice(0, 30)}…(${quoted.length} characters)`;
};

/**
 * The same few quantities ("100m", "128Mi") come in call after call, and their exact (BigInt) parsing and
 * formatting cost more than the rest of InterpretReplica: results of short texts are kept, a bounded number of
 * them (emptied when full, so no input makes it grow or costs more than the parse it saves). Only results are
 * kept: a text that is refused is refused again, with its own path.
 */
const memoLimit = 256;
const memoKeyLength = 40;
const knownAmounts = new Map<string, bigint>();
const knownTexts = new Map<string, string>();

function remembered<V>(memo: Map<string, V>, key: string, value: V): V {
  if (key.length > memoKeyLength) return value;
  if (memo.size >= memoLimit) memo.clear();
  memo.set(key, value);
  return value;
}

/** Karmada sums cpu in millicores and everything else in whole units, each quantity rounded up first. */
function amountOf(name: string, text: unknown, path: string): bigint {
  if (typeof text !== 'string' && typeof text !== 'number') {
    throw invalidInput(`${path} must be a quantity such as "100m" or "128Mi", got ${text === null ? 'null' : typeof text}`);
  }
  const key = `${name === 'cpu' ? 'm' : 'v'}${typeof text === 'string' ? 's' : 'n'}${text}`;
  const known = knownAmounts.get(key);
  if (known !== undefined) return known;
  return remembered(knownAmounts, key, parsedAmount(name, text, path));
}

function parsedAmount(name: string, text: string | number, path: string): bigint {
  let quantity;
  try {
    quantity = parseQuantity(typeof text === 'string' ? text.trim() : text);
  } catch (error) {
    if (error instanceof QuantityError) throw invalidInput(`${path}: ${error.message}`);
    throw error;
  }
  if (isNegative(quantity)) throw invalidInput(`${path} must not be negative, got ${shown(text)}`);
  // Kubernetes would store 2^63 - 1 for "8Ei": answering that would ask Karmada for less than the object does.
  if (quantity.capped === true) return tooLarge(name, path, `quantity ${shown(text)}`);
  try {
    return name === 'cpu' ? milliValueOf(quantity) : valueOf(quantity);
  } catch (error) {
    if (error instanceof QuantityError) return tooLarge(name, path, `quantity ${shown(text)}`);
    throw error;
  }
}

function addAmount(total: Amounts, name: string, amount: bigint, path: string): void {
  const sum = (total.get(name) ?? 0n) + amount;
  if (sum > MAX_INT64) tooLarge(name, path, `the sum of the ${name} requests`);
  total.set(name, sum);
}

function resourceList(parent: JsonObject | undefined, name: string, path: string): JsonObject {
  const list = objectField(parent, name, path) ?? {};
  checkFieldCount(list, resourceNameList, path);
  return list;
}

function formatAmount(name: string, amount: bigint): string {
  const binary = name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-');
  const key = `${name === 'cpu' ? 'm' : binary ? 'b' : 'd'}${amount}`;
  const known = knownTexts.get(key);
  if (known !== undefined) return known;
  if (name === 'cpu') return remembered(knownTexts, key, formatMilli(amount));
  return remembered(knownTexts, key, formatInteger(amount, binary ? 'BinarySI' : 'DecimalSI'));
}

/** A container's requests, defaulted from its limits where a request is missing (as the API server does). */
function effectiveRequests(container: JsonObject, path: string): Amounts {
  const resources = objectField(container, 'resources', `${path}.resources`);
  const requests = resourceList(resources, 'requests', `${path}.resources.requests`);
  const limits = resourceList(resources, 'limits', `${path}.resources.limits`);
  const amounts: Amounts = new Map();
  for (const [name, value] of Object.entries(requests)) {
    if (isCountedResource(name)) amounts.set(name, amountOf(name, value, `${path}.resources.requests.${name}`));
  }
  for (const [name, value] of Object.entries(limits)) {
    if (isCountedResource(name) && !Object.hasOwn(requests, name)) amounts.set(name, amountOf(name, value, `${path}.resources.limits.${name}`));
  }
  return amounts;
}

/** A container with the path messages name it by. */
export interface PlacedContainer {
  item: JsonObject;
  path: string;
}

function resourceRequestOf(podSpec: JsonObject, path: string, containers?: readonly PlacedContainer[]): ResourceList | undefined {
  const total: Amounts = new Map();
  for (const { item, path: itemPath } of containers ?? objectItems(podSpec, 'containers', `${path}.containers`, podTemplateList)) {
    for (const [name, amount] of effectiveRequests(item, itemPath)) addAmount(total, name, amount, `${path}.containers`);
  }
  for (const { item, path: itemPath } of objectItems(podSpec, 'initContainers', `${path}.initContainers`, podTemplateList)) {
    for (const [name, amount] of effectiveRequests(item, itemPath)) {
      if (amount > (total.get(name) ?? 0n)) total.set(name, amount);
    }
  }
  const overhead = resourceList(podSpec, 'overhead', `${path}.overhead`);
  for (const [name, value] of Object.entries(overhead)) {
    if (isCountedResource(name)) addAmount(total, name, amountOf(name, value, `${path}.overhead.${name}`), `${path}.overhead`);
  }
  return resourceListOf(total);
}

function resourceListOf(total: Amounts): ResourceList | undefined {
  const names = [...total.keys()].filter((name) => total.get(name)! > 0n).sort();
  if (names.length === 0) return undefined;
  const list: ResourceList = {};
  for (const name of names) list[name] = formatAmount(name, total.get(name)!);
  return list;
}

/**
 * The requests of one container's `resources` held outside a pod template (CloudNativePG's `spec.resources` for each
 * instance's postgres container), counted as for a template's container: requests, defaulted from limits. `path` is
 * where the holder is: the messages name `<path>.resources.requests.cpu`.
 */
export function containerResourceRequestOf(holder: JsonObject, path: string): ResourceList | undefined {
  return resourceListOf(effectiveRequests(holder, path));
}

/**
 * A toleration as the answer carries it: Karmada decodes it into core/v1 Toleration, so a field of another type
 * would fail there with no word of ours. Its strings and `tolerationSeconds` (an int64) are checked here instead.
 */
function checkedToleration(item: JsonObject, path: string): Toleration {
  for (const name of ['key', 'operator', 'value', 'effect']) stringField(item, name, `${path}.${name}`);
  integerField(item, 'tolerationSeconds', `${path}.tolerationSeconds`);
  return item as Toleration;
}

/** A NodeSelector the answer carries (`hardNodeAffinity`), checked as core/v1 decodes it, for the same reason. */
function checkedNodeSelector(selector: JsonObject, path: string): JsonObject {
  for (const { item: term, path: termPath } of objectItems(selector, 'nodeSelectorTerms', `${path}.nodeSelectorTerms`, podTemplateList)) {
    for (const list of ['matchExpressions', 'matchFields']) {
      for (const { item: requirement, path: requirementPath } of objectItems(term, list, `${termPath}.${list}`, podTemplateList)) {
        stringField(requirement, 'key', `${requirementPath}.key`);
        stringField(requirement, 'operator', `${requirementPath}.operator`);
        const values = arrayField(requirement, 'values', `${requirementPath}.values`);
        checkListLength(values.length, podTemplateList, `${requirementPath}.values`);
        values.forEach((value, index) => {
          if (typeof value !== 'string') throw new FieldFailure(`${requirementPath}.values[${index}]`, `must be a string, got ${describeJson(value)}`);
        });
      }
    }
  }
  return selector;
}

function nodeClaimOf(podSpec: JsonObject, path: string): NodeClaim | undefined {
  const claim: NodeClaim = {};
  const nodeSelector = stringMapField(podSpec, 'nodeSelector', `${path}.nodeSelector`);
  if (nodeSelector !== undefined && !hasNoFields(nodeSelector)) claim.nodeSelector = nodeSelector;
  const tolerations = objectItems(podSpec, 'tolerations', `${path}.tolerations`, podTemplateList).map(({ item, path: itemPath }) => checkedToleration(item, itemPath));
  if (tolerations.length > 0) claim.tolerations = tolerations;
  const affinity = objectField(podSpec, 'affinity', `${path}.affinity`);
  const nodeAffinity = objectField(affinity, 'nodeAffinity', `${path}.affinity.nodeAffinity`);
  const required = objectField(
    nodeAffinity,
    'requiredDuringSchedulingIgnoredDuringExecution',
    `${path}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`,
  );
  if (required !== undefined) claim.hardNodeAffinity = checkedNodeSelector(required, `${path}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`);
  return hasNoFields(claim) ? undefined : claim;
}

function podSpecOf(template: JsonObject | undefined, path: string): JsonObject | undefined {
  return objectField(template, 'spec', `${path}.spec`);
}

/** Per-replica requirements of a pod template, or undefined when it asks for nothing (Karmada sends none then). */
export function replicaRequirementsOf(template: JsonObject | undefined, path: string): ReplicaRequirements | undefined {
  const podSpec = podSpecOf(template, path);
  return podSpec === undefined ? undefined : podSpecRequirementsOf(podSpec, `${path}.spec`);
}

/**
 * Per-replica requirements of pod-spec fields held elsewhere than a template's `spec` (KServe's components inline a
 * PodSpec), named from `specPath`; `containers`, when given, are the pod's containers instead of `podSpec.containers`
 * (a controller that puts a container of its own, read from another field, into the pod).
 */
export function podSpecRequirementsOf(podSpec: JsonObject, specPath: string, containers?: readonly PlacedContainer[]): ReplicaRequirements | undefined {
  const nodeClaim = nodeClaimOf(podSpec, specPath);
  const resourceRequest = resourceRequestOf(podSpec, specPath, containers);
  if (nodeClaim === undefined && resourceRequest === undefined) return undefined;
  const requirements: ReplicaRequirements = {};
  if (nodeClaim !== undefined) requirements.nodeClaim = nodeClaim;
  if (resourceRequest !== undefined) requirements.resourceRequest = resourceRequest;
  return requirements;
}

type Visit = (name: string | undefined) => void;

function visitContainers(podSpec: JsonObject, path: string, visit: (container: JsonObject, path: string) => void): void {
  for (const field of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const { item, path: itemPath } of objectItems(podSpec, field, `${path}.${field}`, podTemplateList)) visit(item, itemPath);
  }
}

function refName(parent: JsonObject | undefined, field: string, path: string, nameField = 'name'): string | undefined {
  return objectNameField(objectField(parent, field, `${path}.${field}`), nameField, `${path}.${field}.${nameField}`);
}

function visitEnvReferences(container: JsonObject, path: string, keyRef: string, fromRef: string, visit: Visit): void {
  for (const { item, path: envPath } of objectItems(container, 'envFrom', `${path}.envFrom`, podTemplateList)) visit(refName(item, fromRef, envPath));
  for (const { item, path: envPath } of objectItems(container, 'env', `${path}.env`, podTemplateList)) {
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
  for (const { item, path: sourcePath } of objectItems(projected, 'sources', `${path}.projected.sources`, podTemplateList)) {
    visit(refName(item, sourceKind, sourcePath));
  }
}

function visitSecretNames(podSpec: JsonObject, path: string, visit: Visit): void {
  for (const { item, path: refPath } of objectItems(podSpec, 'imagePullSecrets', `${path}.imagePullSecrets`, podTemplateList)) {
    visit(objectNameField(item, 'name', `${refPath}.name`));
  }
  visitContainers(podSpec, path, (container, containerPath) => visitEnvReferences(container, containerPath, 'secretKeyRef', 'secretRef', visit));
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`, podTemplateList)) {
    // Like Kubernetes, only the first source type present on a volume counts.
    const match = secretRefVolumes.find(([source]) => objectField(volume, source, `${volumePath}.${source}`) !== undefined);
    if (match === undefined) continue;
    const [source, field, nameField] = match;
    if (source === 'projected') projectedNames(volume, volumePath, 'secret', visit);
    else if (field === '') visit(objectNameField(objectField(volume, source, ''), nameField, `${volumePath}.${source}.${nameField}`));
    else visit(refName(objectField(volume, source, ''), field, `${volumePath}.${source}`, nameField));
  }
}

function visitConfigMapNames(podSpec: JsonObject, path: string, visit: Visit): void {
  visitContainers(podSpec, path, (container, containerPath) =>
    visitEnvReferences(container, containerPath, 'configMapKeyRef', 'configMapRef', visit),
  );
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`, podTemplateList)) {
    if (objectField(volume, 'projected', `${volumePath}.projected`) !== undefined) projectedNames(volume, volumePath, 'configMap', visit);
    else visit(refName(volume, 'configMap', volumePath));
  }
}

function visitClaimNames(podSpec: JsonObject, path: string, visit: Visit): void {
  for (const { item: volume, path: volumePath } of objectItems(podSpec, 'volumes', `${path}.volumes`, podTemplateList)) {
    visit(refName(volume, 'persistentVolumeClaim', volumePath, 'claimName'));
  }
}

function namesFrom(collect: (visit: Visit) => void): Set<string> {
  const names = new Set<string>();
  collect((name) => addName(names, name));
  return names;
}

/** The path-carrying walks, one per kind: they run only to name the first malformed field, in their order. */
function checkedDependencyNames(podSpec: JsonObject, specPath: string): DependencyNames {
  const serviceAccount = objectNameField(podSpec, 'serviceAccountName', `${specPath}.serviceAccountName`);
  return {
    configMaps: namesFrom((visit) => visitConfigMapNames(podSpec, specPath, visit)),
    secrets: namesFrom((visit) => visitSecretNames(podSpec, specPath, visit)),
    serviceAccount,
    claims: namesFrom((visit) => visitClaimNames(podSpec, specPath, visit)),
  };
}

interface DependencyNames {
  configMaps: Set<string>;
  secrets: Set<string>;
  serviceAccount: string | undefined;
  claims: Set<string>;
}

/** Thrown by the quick walk at anything the checked walks would refuse: no message, no path, no stack. */
const malformed: unique symbol = Symbol('malformed');

function objectAt(parent: JsonObject | undefined, name: string): JsonObject | undefined {
  const value = valueAt(parent, name);
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw malformed;
  return value;
}

function stringAt(parent: JsonObject | undefined, name: string): string | undefined {
  const value = valueAt(parent, name);
  if (value === undefined || typeof value === 'string') return value;
  throw malformed;
}

const noItems: readonly JsonObject[] = [];

function itemsAt(parent: JsonObject | undefined, name: string): readonly JsonObject[] {
  const value = valueAt(parent, name);
  if (value === undefined) return noItems;
  if (!Array.isArray(value) || value.length > maxItems) throw malformed;
  for (const item of value) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw malformed;
  }
  return value as JsonObject[];
}

function addName(names: Set<string>, name: string | undefined): void {
  if (name === undefined || name === '') return;
  // Longer than an object's name: the checked walks refuse it with its path (`objectNameField`).
  if (name.length > dns1123SubdomainMaxLength) throw malformed;
  names.add(name);
}

const containerFields = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/**
 * One walk over the pod spec collecting every kind of name, with no path strings: the checked walks cost two passes
 * over the containers and a path per item, most of InterpretDependency's time. It refuses exactly what they refuse
 * (by throwing `malformed`), and the caller then runs them to report the same first error with its path.
 */
function quickDependencyNames(podSpec: JsonObject): DependencyNames {
  const configMaps = new Set<string>();
  const secrets = new Set<string>();
  const claims = new Set<string>();
  const serviceAccount = stringAt(podSpec, 'serviceAccountName');
  if (serviceAccount !== undefined && serviceAccount.length > dns1123SubdomainMaxLength) throw malformed;
  for (const ref of itemsAt(podSpec, 'imagePullSecrets')) addName(secrets, stringAt(ref, 'name'));
  for (const field of containerFields) {
    for (const container of itemsAt(podSpec, field)) {
      for (const envFrom of itemsAt(container, 'envFrom')) {
        addName(configMaps, stringAt(objectAt(envFrom, 'configMapRef'), 'name'));
        addName(secrets, stringAt(objectAt(envFrom, 'secretRef'), 'name'));
      }
      for (const env of itemsAt(container, 'env')) {
        const valueFrom = objectAt(env, 'valueFrom');
        if (valueFrom === undefined) continue;
        addName(configMaps, stringAt(objectAt(valueFrom, 'configMapKeyRef'), 'name'));
        addName(secrets, stringAt(objectAt(valueFrom, 'secretKeyRef'), 'name'));
      }
    }
  }
  for (const volume of itemsAt(podSpec, 'volumes')) {
    const projected = objectAt(volume, 'projected');
    const sources = projected === undefined ? noItems : itemsAt(projected, 'sources');
    if (projected !== undefined) {
      for (const source of sources) addName(configMaps, stringAt(objectAt(source, 'configMap'), 'name'));
    } else {
      addName(configMaps, stringAt(objectAt(volume, 'configMap'), 'name'));
    }
    // Like Kubernetes, only the first source type present on a volume counts for secrets.
    for (const [sourceName, field, nameField] of secretRefVolumes) {
      const source = objectAt(volume, sourceName);
      if (source === undefined) continue;
      if (sourceName === 'projected') {
        for (const item of sources) addName(secrets, stringAt(objectAt(item, 'secret'), 'name'));
      } else {
        addName(secrets, stringAt(field === '' ? source : objectAt(source, field), nameField));
      }
      break;
    }
    addName(claims, stringAt(objectAt(volume, 'persistentVolumeClaim'), 'claimName'));
  }
  return { configMaps, secrets, serviceAccount, claims };
}

function referencesOf(names: DependencyNames, namespace: string | undefined): DependentObjectReference[] {
  const references: DependentObjectReference[] = [];
  const add = (kind: string, group: Iterable<string>): void => {
    for (const name of [...group].sort()) {
      const reference: DependentObjectReference = { apiVersion: 'v1', kind, name };
      if (namespace !== undefined && namespace !== '') reference.namespace = namespace;
      references.push(reference);
    }
  };
  const { serviceAccount } = names;
  add('ConfigMap', names.configMaps);
  add('Secret', names.secrets);
  if (serviceAccount !== undefined && serviceAccount !== '' && serviceAccount !== 'default') add('ServiceAccount', [serviceAccount]);
  add('PersistentVolumeClaim', names.claims);
  return references;
}

/**
 * ConfigMaps, Secrets, the ServiceAccount and PVCs a pod template references, in the template's namespace,
 * de-duplicated and grouped in Karmada's order (names sorted within a group, so the answer is stable).
 */
export function dependenciesOf(template: JsonObject | undefined, path: string, namespace: string | undefined): DependentObjectReference[] {
  return podSpecDependenciesOf(podSpecOf(template, path), `${path}.spec`, namespace);
}

/** `dependenciesOf` for pod-spec fields held elsewhere than a template's `spec` (an Argo Workflow's), named from `specPath`. */
export function podSpecDependenciesOf(podSpec: JsonObject | undefined, specPath: string, namespace: string | undefined): DependentObjectReference[] {
  if (podSpec === undefined) return [];
  let names: DependencyNames;
  try {
    names = quickDependencyNames(podSpec);
  } catch (error) {
    if (error !== malformed) throw error;
    names = checkedDependencyNames(podSpec, specPath);
  }
  return referencesOf(names, namespace);
}

/** `dependenciesOf` through the checked walks only: the reference the quick walk is tested against. */
export function checkedDependenciesOf(template: JsonObject | undefined, path: string, namespace: string | undefined): DependentObjectReference[] {
  const podSpec = podSpecOf(template, path);
  return podSpec === undefined ? [] : referencesOf(checkedDependencyNames(podSpec, `${path}.spec`), namespace);
}

/** Per-replica requirements of a template read by `podTemplateField` (see `replicaRequirementsOf`). */
export function templateRequirementsOf(template: PodTemplateSpec | undefined, path: string): ReplicaRequirements | undefined {
  return replicaRequirementsOf(template as JsonObject | undefined, path);
}

/** ConfigMaps, Secrets, ServiceAccount and PVCs a template read by `podTemplateField` references (see `dependenciesOf`). */
export function templateDependenciesOf(
  template: PodTemplateSpec | undefined,
  path: string,
  namespace: string | undefined,
): DependentObjectReference[] {
  return dependenciesOf(template as JsonObject | undefined, path, namespace);
}
