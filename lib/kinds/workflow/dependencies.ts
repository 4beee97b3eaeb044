// What a Workflow needs in the member cluster (InterpretDependency): the workflow-wide pod fields' objects, each
// template's own volumes, containers' environment and ServiceAccounts, and the WorkflowTemplates it runs or calls.
import { podSpecDependenciesOf, podTemplateLimits } from '../../interpreter/pod-template';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { Cursor } from '../../kube/cursor';
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

function refName(parent: Cursor, field: string): string | undefined {
  return parent.object(field).string('name');
}

/** The ConfigMaps and Secrets a container's `env` and `envFrom` read. */
function addEnvReferences(references: NamedReferences, container: Cursor): void {
  for (const item of container.items('envFrom', maxItems)) {
    references.add('v1', 'ConfigMap', refName(item, 'configMapRef'));
    references.add('v1', 'Secret', refName(item, 'secretRef'));
  }
  for (const item of container.items('env', maxItems)) {
    const valueFrom = item.object('valueFrom');
    references.add('v1', 'ConfigMap', refName(valueFrom, 'configMapKeyRef'));
    references.add('v1', 'Secret', refName(valueFrom, 'secretKeyRef'));
  }
}

/** The steps of a template: a list of parallel groups, each a list of steps (ParallelSteps is an anonymous list). */
function stepsOf(template: Cursor): Cursor[] {
  const groups = template.list('steps', maxItems);
  const steps: Cursor[] = [];
  groups.forEach((group, index) => {
    const groupPath = `${template.pathOf('steps')}[${index}]`;
    if (!Array.isArray(group)) throw new FieldFailure(groupPath, 'must be an array (a group of steps run in parallel)');
    // The group as the one field of a bare root, named by its path, so that its steps are named `steps[i][j]`.
    steps.push(...Cursor.root({ [groupPath]: group }, '').items(groupPath, maxItems));
  });
  return steps;
}

/** One template's own references (a template's fields win over the workflow's for its pods, so both are needed). */
function addTemplateReferences(references: NamedReferences, podLists: DependentObjectReference[][], template: Cursor, namespace: string | undefined): void {
  podLists.push(podSpecDependenciesOf(pick(template.value!, ['volumes', 'initContainers', 'serviceAccountName']), template.path, namespace));
  addServiceAccount(references, template.object('executor').string('serviceAccountName'));
  for (const field of ['container', 'script']) {
    const container = template.object(field);
    if (container.present) addEnvReferences(references, container);
  }
  for (const item of template.items('sidecars', maxItems)) addEnvReferences(references, item);
  for (const item of template.object('containerSet').items('containers', maxItems)) addEnvReferences(references, item);
  for (const step of stepsOf(template)) addTemplateRef(references, readTemplateRef(step, 'templateRef'));
  for (const task of template.object('dag').items('tasks', maxItems)) addTemplateRef(references, readTemplateRef(task, 'templateRef'));
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
  for (const template of Cursor.root(spec.written, path).items('templates', maxItems)) addTemplateReferences(references, podLists, template, namespace);
  return mergedReferences([...podLists, references.list()]);
}
