// What a Workflow needs in the member cluster (InterpretDependency): the workflow-wide pod fields' objects, each
// template's own volumes, containers' environment and ServiceAccounts, and the WorkflowTemplates it runs or calls.
import { podSpecDependenciesOf, podTemplateLimits } from '../../interpreter/pod-template';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { Cursor } from '../../kube/cursor';
import { arrayField, checkListLength, fieldPath, objectField, objectItems, stringField } from '../../kube/fields';
import { FieldFailure } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { mergedReferences, NamedReferences } from '../../shapes/dependencies';
import { argoApiVersion } from './identity';
import { readTemplateRef, type TemplateRef, type WorkflowSpec } from './schema';

const maxItems = podTemplateLimits.listItems;

/** The named fields of `holder` as a pod spec: Argo gives them a pod spec's names and types. */
function pick(holder: JsonObject, names: readonly string[]): JsonObject {
  const picked: JsonObject = {};
  for (const name of names) {
    if (Object.hasOwn(holder, name)) picked[name] = holder[name]!;
  }
  return picked;
}

function addTemplateRef(references: NamedReferences, ref: TemplateRef | undefined): void {
  if (ref?.clusterScope === true) references.add(argoApiVersion, 'ClusterWorkflowTemplate', ref.name, { clusterScoped: true });
  else references.add(argoApiVersion, 'WorkflowTemplate', ref?.name);
}

/** A ServiceAccount the pods run as; `default` is in every namespace already (Karmada's own pod rule skips it). */
function addServiceAccount(references: NamedReferences, name: string | undefined): void {
  if (name !== 'default') references.add('v1', 'ServiceAccount', name);
}

function refName(parent: JsonObject | undefined, field: string, path: string): string | undefined {
  return stringField(objectField(parent, field, fieldPath(path, field)), 'name', `${path}.${field}.name`);
}

/** The ConfigMaps and Secrets a container's `env` and `envFrom` read. */
function addEnvReferences(references: NamedReferences, container: JsonObject, path: string): void {
  for (const { item, path: at } of objectItems(container, 'envFrom', `${path}.envFrom`, maxItems)) {
    references.add('v1', 'ConfigMap', refName(item, 'configMapRef', at));
    references.add('v1', 'Secret', refName(item, 'secretRef', at));
  }
  for (const { item, path: at } of objectItems(container, 'env', `${path}.env`, maxItems)) {
    const valueFrom = objectField(item, 'valueFrom', `${at}.valueFrom`);
    references.add('v1', 'ConfigMap', refName(valueFrom, 'configMapKeyRef', `${at}.valueFrom`));
    references.add('v1', 'Secret', refName(valueFrom, 'secretKeyRef', `${at}.valueFrom`));
  }
}

/** The steps of a template: a list of parallel groups, each a list of steps (ParallelSteps is an anonymous list). */
function stepsOf(template: JsonObject, path: string): { item: JsonObject; path: string }[] {
  const stepsPath = `${path}.steps`;
  const groups = arrayField(template, 'steps', stepsPath);
  checkListLength(groups.length, maxItems, stepsPath);
  const steps: { item: JsonObject; path: string }[] = [];
  groups.forEach((group, index) => {
    const groupPath = `${stepsPath}[${index}]`;
    if (!Array.isArray(group)) throw new FieldFailure(groupPath, 'must be an array (a group of steps run in parallel)');
    steps.push(...objectItems({ group }, 'group', groupPath, maxItems));
  });
  return steps;
}

/** One template's own references (a template's fields win over the workflow's for its pods, so both are needed). */
function addTemplateReferences(references: NamedReferences, podLists: DependentObjectReference[][], template: JsonObject, path: string, namespace: string | undefined): void {
  podLists.push(podSpecDependenciesOf(pick(template, ['volumes', 'initContainers', 'serviceAccountName']), path, namespace));
  const executor = objectField(template, 'executor', `${path}.executor`);
  addServiceAccount(references, stringField(executor, 'serviceAccountName', `${path}.executor.serviceAccountName`));
  for (const field of ['container', 'script']) {
    const container = objectField(template, field, `${path}.${field}`);
    if (container !== undefined) addEnvReferences(references, container, `${path}.${field}`);
  }
  for (const { item, path: at } of objectItems(template, 'sidecars', `${path}.sidecars`, maxItems)) addEnvReferences(references, item, at);
  const containerSet = objectField(template, 'containerSet', `${path}.containerSet`);
  for (const { item, path: at } of objectItems(containerSet, 'containers', `${path}.containerSet.containers`, maxItems)) {
    addEnvReferences(references, item, at);
  }
  for (const step of stepsOf(template, path)) addTemplateRef(references, readTemplateRef(Cursor.root(step.item, step.path), 'templateRef'));
  const dag = objectField(template, 'dag', `${path}.dag`);
  for (const task of objectItems(dag, 'tasks', `${path}.dag.tasks`, maxItems)) addTemplateRef(references, readTemplateRef(Cursor.root(task.item, task.path), 'templateRef'));
}

/**
 * Everything the workflow's pods and controller need in the member, each object once. `volumeClaimTemplates` are not
 * dependencies: the controller creates those PVCs itself, named `<workflow>-<claim>` (operator.go, createPVCs).
 */
export function workflowDependencies(spec: WorkflowSpec | undefined, namespace: string | undefined): DependentObjectReference[] {
  if (spec === undefined) return [];
  const path = 'object.spec';
  const podLists = [podSpecDependenciesOf(pick(spec.written, ['volumes', 'imagePullSecrets', 'serviceAccountName']), path, namespace)];
  const references = new NamedReferences(namespace);
  addServiceAccount(references, spec.executorServiceAccountName);
  addTemplateRef(references, spec.workflowTemplateRef);
  for (const { item, path: at } of objectItems(spec.written, 'templates', `${path}.templates`, maxItems)) {
    addTemplateReferences(references, podLists, item, at, namespace);
  }
  return mergedReferences([...podLists, references.list()]);
}
