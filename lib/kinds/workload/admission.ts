// Workload's admission webhooks (/mutate, /validate): defaulting (spec.replicas = 1) and validation with kube's field
// errors, for every served version. Opt-in since issue 16: by default the API server applies the same rules itself,
// without a network hop, from crd.yaml (schema defaults, types, bounds, a name-keyed containers list, CEL rules) and
// validating-admission-policy.yaml (the annotations a CRD's rules cannot see; the no-requests warning). A rule
// changed here changes there too: `npm run e2e`'s admission scenario runs admission-cases.yaml both ways and asserts
// each way's verdict and causes' fields (docs/workload.md#admission lists which rule lives where).
// The types and bounds of the fields the interpreter reads (replicas, the paused flag, spec.rollout, the alias, the
// template's shape, metadata, status) are the reader's (schema.ts), read here with a collecting `Reading`; this file
// keeps what is admission's own: required fields, the containers, the other version's fields, immutability.
import type { AdmissionAttributes, AdmittedKind, Validation } from '../../admission/registry';
import { duplicate, forbidden, invalid, required, tooManyItems, typeInvalid, type FieldError } from '../../kube/field-errors';
import { fieldValue as present } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { dns1123LabelErrors } from '../../kube/names';
import { isJsonObject } from '../../review/json';
import { PatchBuilder } from '../../review/patch';
import type { JsonObject } from '../../review/json';
import { aliasAnnotation, aliasInSpec, rolloutAnnotation, workload } from './identity';
import { aliasOf, annotationsOf, checkWorkload } from './schema';

const maxWarnedName = 63;

/** Defaulting: `spec.replicas` = 1 when absent; an object that has it gets no patch. A spec of the wrong type is left to validation. */
function defaults({ object }: AdmissionAttributes) {
  const spec = present(object, 'spec');
  if (spec !== undefined && !isJsonObject(spec)) return [];
  if (present(spec as JsonObject | undefined, 'replicas') !== undefined) return [];
  return new PatchBuilder(object).add(['spec', 'replicas'], 1).operations;
}

const podSpecLists = ['initContainers', 'containers', 'ephemeralContainers', 'tolerations', 'imagePullSecrets', 'volumes'];
const containerLists = ['env', 'envFrom'];
const containerKinds = ['initContainers', 'containers', 'ephemeralContainers'];

/** The lists the interpreter refuses past `podTemplateLimits` (checked by length only, before any work per item). */
function listLengthErrors(podSpec: JsonObject, errors: FieldError[]): boolean {
  const max = podTemplateLimits.listItems;
  const before = errors.length;
  const check = (parent: JsonObject, name: string, path: string) => {
    const list = present(parent, name);
    if (Array.isArray(list) && list.length > max) errors.push(tooManyItems(`${path}.${name}`, list.length, max));
  };
  for (const name of podSpecLists) check(podSpec, name, 'spec.template.spec');
  if (errors.length > before) return true;
  for (const kind of containerKinds) {
    const containers = present(podSpec, kind);
    if (!Array.isArray(containers)) continue;
    containers.forEach((container, index) => {
      if (isJsonObject(container)) for (const name of containerLists) check(container, name, `spec.template.spec.${kind}[${index}]`);
    });
  }
  return errors.length > before;
}

/**
 * `spec.template.spec.containers`: present, non-empty, each with a unique DNS-1123 name and an image; warns on no
 * requests. A template or pod spec of the wrong type is the reader's error.
 */
function validateTemplate(spec: JsonObject, errors: FieldError[], warnings: string[]): void {
  const template = present(spec, 'template');
  if (template === undefined) return void errors.push(required('spec.template'));
  if (!isJsonObject(template)) return;
  const podSpec = present(template, 'spec');
  if (podSpec === undefined) return void errors.push(required('spec.template.spec.containers'));
  if (!isJsonObject(podSpec)) return;
  if (listLengthErrors(podSpec, errors)) return;
  const containers = present(podSpec, 'containers');
  const path = 'spec.template.spec.containers';
  if (containers === undefined) return void errors.push(required(path));
  if (!Array.isArray(containers)) return void errors.push(typeInvalid(path, containers, 'array'));
  if (containers.length === 0) return void errors.push(required(path));
  const names = new Set<string>();
  containers.forEach((container, index) => {
    const at = `${path}[${index}]`;
    if (!isJsonObject(container)) return void errors.push(typeInvalid(at, container, 'object'));
    const name = present(container, 'name');
    if (name === undefined || name === '') errors.push(required(`${at}.name`));
    else if (typeof name !== 'string') errors.push(typeInvalid(`${at}.name`, name, 'string'));
    else {
      for (const detail of dns1123LabelErrors(name)) errors.push(invalid(`${at}.name`, name, detail));
      if (names.has(name)) errors.push(duplicate(`${at}.name`, name));
      names.add(name);
    }
    const image = present(container, 'image');
    if (image === undefined || image === '') errors.push(required(`${at}.image`));
    else if (typeof image !== 'string') errors.push(typeInvalid(`${at}.image`, image, 'string'));
    const resources = present(container, 'resources');
    const requests = isJsonObject(resources) ? present(resources, 'requests') : undefined;
    if (!isJsonObject(requests) || Object.keys(requests).length === 0) {
      const shown = typeof name === 'string' && name !== '' ? name.slice(0, maxWarnedName) : `#${index}`;
      warnings.push(`Karmada cannot divide replicas by resources for container ${shown}: it has no requests`);
    }
  });
}

/**
 * Fields that belong to the other version: the conversion webhook could not convert an object that has them. (The
 * types of this version's own, `spec.paused` or `spec.rollout.paused`, are the reader's.)
 */
function validateVersionFields(object: JsonObject, spec: JsonObject, version: string, errors: FieldError[]): void {
  const annotations = annotationsOf(object);
  if (!aliasInSpec(version)) {
    for (const field of ['rollout', 'alias']) {
      if (present(spec, field) !== undefined) errors.push(forbidden(`spec.${field}`, 'not a v1alpha1 field; use workload.example.io/v1alpha2'));
    }
    const rollout = present(annotations, rolloutAnnotation);
    if (rollout !== undefined) errors.push(forbidden(`metadata.annotations[${rolloutAnnotation}]`, 'written by the conversion webhook only'));
    return;
  }
  if (present(spec, 'paused') !== undefined) errors.push(forbidden('spec.paused', 'not a v1alpha2 field; use spec.rollout.paused'));
  for (const key of [aliasAnnotation, rolloutAnnotation]) {
    if (present(annotations, key) !== undefined) errors.push(forbidden(`metadata.annotations[${key}]`, 'only v1alpha1 objects carry it; use spec'));
  }
}

/** The alias is a DNS-1123 label (a value of another type is the reader's error), immutable once set. */
function validateAlias(attributes: AdmissionAttributes, errors: FieldError[]): void {
  const { field, value } = aliasOf(attributes.object, attributes.version);
  if (typeof value === 'string') for (const detail of dns1123LabelErrors(value)) errors.push(invalid(field, value, detail));
  if (attributes.operation !== 'UPDATE' || attributes.oldObject === undefined) return;
  const old = aliasOf(attributes.oldObject, attributes.version).value;
  if (typeof old === 'string' && old !== '' && value !== old) errors.push(invalid(field, value ?? '', 'field is immutable'));
}

/**
 * The order causes are listed in, as admission has always listed them (admission-cases.yaml pins it; kubectl shows
 * it): `spec` and its replicas, the pod template, this version's other fields (and anything else the reader found:
 * metadata, status), then the alias. The reader finds errors in its own order (metadata first); within a section
 * they keep the order found. Four buckets: linear, however many errors there are.
 */
function inSectionOrder(errors: readonly FieldError[], aliasField: string): FieldError[] {
  const sections: FieldError[][] = [[], [], [], []];
  for (const error of errors) {
    const { field } = error;
    const section = field === aliasField ? 3
      : field === 'spec' || field === 'spec.replicas' ? 0
        : field === 'spec.template' || field.startsWith('spec.template.') ? 1
          : 2;
    sections[section]!.push(error);
  }
  return sections.flat();
}

function validate(attributes: AdmissionAttributes): Validation {
  const errors: FieldError[] = [];
  const warnings: string[] = [];
  const { object, version } = attributes;
  checkWorkload(object, version, { errors });
  const spec = present(object, 'spec');
  if (spec === undefined) errors.push(required('spec.template'));
  else if (isJsonObject(spec)) {
    validateTemplate(spec, errors, warnings);
    validateVersionFields(object, spec, version, errors);
  }
  validateAlias(attributes, errors);
  return { errors: inSectionOrder(errors, aliasOf(object, version).field), warnings };
}

export const workloadAdmission: AdmittedKind = {
  ...workload,
  defaults,
  validate,
};
