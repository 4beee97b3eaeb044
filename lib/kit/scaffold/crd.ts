// Reads a CustomResourceDefinition manifest into what the scaffold needs: identity, served versions, the storage
// version's schema, and what the CRD says to the API server that the skeleton must respect: the scale subresource
// (which field is the replica count), the status fields every status must have (status-fields.ts), and the fields
// whose meaning the schema makes obvious (pod template, status counts).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isJsonObject } from '../../review/json';
import type { JsonObject } from '../../review/json';
import { boundedList, didYouMean, maxRefusalLength, nameAsGiven } from '../../review/nearest-names';
import { KitError } from '../cases';
import { whyUnreadable } from '../files';
import { statusFieldsOf, type SchemaNode, type StatusField } from './status-fields';

export type { SchemaNode } from './status-fields';

export interface CrdFacts {
  /** The manifest as given (one document). */
  manifest: JsonObject;
  group: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  /** Served versions, in the manifest's order. */
  versions: string[];
  storageVersion: string;
  /** The storage version's schema (`openAPIV3Schema`); `{}` when the CRD has none. */
  schema: SchemaNode;
  /** Every served version's schema (`openAPIV3Schema`, `{}` when none), by version name. */
  schemas: Record<string, SchemaNode>;
  /** The storage version's scale subresource (`subresources.scale`), its paths as the CRD writes them. */
  scale?: ScaleSubresource;
  /**
   * The replica count, a field of spec: the one the scale subresource names (`specReplicasPath`), or without a scale
   * subresource `spec.replicas` when the schema has it as an integer; with the schema's default (Kubernetes'
   * convention: 1).
   */
  replicas?: { field: string; default: number };
  /** `spec.template` when it is an object: a pod template, read as Karmada reads a Deployment's. */
  podTemplate: boolean;
  /**
   * Integer fields of `status` named `*Replicas` or `replicas`, and the one the scale subresource's
   * `statusReplicasPath` names: counts that add up across clusters.
   */
  statusCounts: string[];
  /** The status field the scale subresource's `statusReplicasPath` names (an integer of status). */
  statusReplicas?: string;
  /** The status field the scale subresource's `labelSelectorPath` names (a string of status: what a FederatedHPA reads). */
  selector?: string;
  /** What new-kind could not follow of the scale subresource (a nested path, a field the schema lacks), for the README. */
  scaleNotes: string[];
  /** `status.observedGeneration` when the schema has it. */
  observedGeneration: boolean;
  /**
   * The status fields the skeleton reads from each member, reports and adds up: the counts, observedGeneration, the
   * scale subresource's selector, and every field the status schema requires (status-fields.ts).
   */
  statusFields: StatusField[];
}

/** A CRD's `subresources.scale`: JSON paths such as `.spec.replicas` (labelSelectorPath is optional). */
export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

function node(value: unknown): SchemaNode | undefined {
  return isJsonObject(value) ? (value as unknown as SchemaNode) : undefined;
}

/** The one CRD of a manifest file (several: `kind` picks one, and `group` too where a bundle has the kind twice). */
export function readCrd(file: string, kind?: string, group?: string): CrdFacts {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new KitError(whyUnreadable(`--crd ${file}`, error));
  }
  const documents = parseAllDocuments(text);
  const broken = documents.find((document) => document.errors.length > 0);
  if (broken) throw new KitError(`${file} is not valid YAML: ${broken.errors[0]!.message.split('\n')[0]}; give --crd a CustomResourceDefinition manifest`);
  const crds = documents
    .map((document) => document.toJS() as unknown)
    .filter((value): value is JsonObject => isJsonObject(value) && value.kind === 'CustomResourceDefinition');
  const kinds = crds.map(kindOf);
  const chosen = crds.filter((crd, index) => (kind === undefined || kinds[index] === kind) && (group === undefined || groupOf(crd) === group));
  if (chosen.length === 0 && kind !== undefined && crds.length > 0) {
    const near = didYouMean(kind, [...new Set(kinds)]);
    throw new KitError(boundedList(`${basename(file)} holds no CustomResourceDefinition of kind ${nameAsGiven(kind)}${group === undefined ? '' : ` in group ${group}`}${near}; its kinds: `, [...new Set(kinds)], bound));
  }
  if (chosen.length === 0) throw new KitError(`${file} holds no CustomResourceDefinition; give --crd the CRD's manifest (kind: CustomResourceDefinition)`);
  if (chosen.length > 1) {
    // A bundle (one file of a project's CRDs): name its kinds, so the next command can be written from this one. The
    // file by its name only: a long path would leave no room for them.
    const named = chosen.map((crd) => `${kindOf(crd)}${kinds.filter((each) => each === kindOf(crd)).length > 1 ? `.${groupOf(crd)}` : ''}`);
    throw new KitError(boundedList(`${basename(file)} holds ${chosen.length} CustomResourceDefinitions; pick one with --kind: `, named, bound));
  }
  return factsOf(chosen[0]!, file);
}

/** A refusal naming a bundle's kinds stays one line this long, the tool's name before it included. */
const bound = maxRefusalLength - 'new-kind: '.length;

function kindOf(crd: JsonObject): string {
  const names = isJsonObject(crd.spec) && isJsonObject(crd.spec.names) ? crd.spec.names : {};
  return typeof names.kind === 'string' ? names.kind : '?';
}

function groupOf(crd: JsonObject): string {
  return isJsonObject(crd.spec) && typeof crd.spec.group === 'string' ? crd.spec.group : '?';
}

/** What the scaffold reads of one CustomResourceDefinition (`file` names where it came from, in messages). */
export function factsOf(manifest: JsonObject, file: string): CrdFacts {
  const spec = isJsonObject(manifest.spec) ? manifest.spec : {};
  const names = isJsonObject(spec.names) ? spec.names : {};
  const { group } = spec;
  const { kind, plural } = names;
  if (typeof group !== 'string' || typeof kind !== 'string' || typeof plural !== 'string') {
    throw new KitError(`${file}: spec.group, spec.names.kind and spec.names.plural are required`);
  }
  const versions = (Array.isArray(spec.versions) ? spec.versions : []).filter(isJsonObject);
  const served = versions.filter((version) => version.served === true && typeof version.name === 'string');
  if (served.length === 0) throw new KitError(`${file}: the CRD serves no version`);
  const storage = versions.filter((version) => version.storage === true);
  if (storage.length !== 1 || typeof storage[0]!.name !== 'string') throw new KitError(`${file}: the CRD must have exactly one storage version`);
  const schemaOf = (version: JsonObject): SchemaNode => node(isJsonObject(version.schema) ? version.schema.openAPIV3Schema : undefined) ?? {};
  const schema = schemaOf(storage[0]!);
  const specNode = schema.properties?.spec;
  const statusNode = schema.properties?.status;
  const templateNode = specNode?.properties?.template;
  const scale = scaleOf(storage[0]!);
  const scaleNotes: string[] = [];
  for (const version of served) {
    const other = scaleOf(version);
    if (version !== storage[0] && JSON.stringify(other) !== JSON.stringify(scale)) {
      scaleNotes.push(`${version.name as string}'s scale subresource (${describeScale(other)}) is not the storage version's (${describeScale(scale)}): the skeleton reads the storage version's paths in every version; read each version's in schema.ts`);
    }
  }
  const replicas = replicasOf(specNode, scale, scaleNotes);
  const statusReplicas = scale && statusFieldOf(statusNode, scale.statusReplicasPath, 'integer', 'statusReplicasPath', scaleNotes);
  const selector = scale?.labelSelectorPath === undefined ? undefined : statusFieldOf(statusNode, scale.labelSelectorPath, 'string', 'labelSelectorPath', scaleNotes);
  const statusCounts = Object.entries(statusNode?.properties ?? {})
    .filter(([name, field]) => field.type === 'integer' && (name === 'replicas' || name.endsWith('Replicas') || name === statusReplicas))
    .map(([name]) => name);
  return {
    manifest,
    group,
    kind,
    plural,
    namespaced: spec.scope !== 'Cluster',
    versions: served.map((version) => version.name as string),
    storageVersion: storage[0]!.name as string,
    schema,
    schemas: Object.fromEntries(served.map((version) => [version.name as string, schemaOf(version)])),
    ...(scale ? { scale } : {}),
    ...(replicas ? { replicas } : {}),
    podTemplate: templateNode !== undefined && (templateNode.type === 'object' || templateNode['x-kubernetes-preserve-unknown-fields'] === true),
    statusCounts,
    ...(statusReplicas ? { statusReplicas } : {}),
    ...(selector ? { selector } : {}),
    scaleNotes,
    observedGeneration: statusNode?.properties?.observedGeneration?.type === 'integer',
    statusFields: statusFieldsOf(statusNode, { counts: statusCounts, selector, spec: specNode }),
  };
}

function scaleOf(version: JsonObject): ScaleSubresource | undefined {
  const scale = isJsonObject(version.subresources) ? version.subresources.scale : undefined;
  if (!isJsonObject(scale)) return undefined;
  const { specReplicasPath, statusReplicasPath, labelSelectorPath } = scale;
  if (typeof specReplicasPath !== 'string' || typeof statusReplicasPath !== 'string') return undefined;
  return { specReplicasPath, statusReplicasPath, ...(typeof labelSelectorPath === 'string' ? { labelSelectorPath } : {}) };
}

function describeScale(scale: ScaleSubresource | undefined): string {
  if (scale === undefined) return 'none';
  return [`specReplicasPath ${scale.specReplicasPath}`, `statusReplicasPath ${scale.statusReplicasPath}`, ...(scale.labelSelectorPath ? [`labelSelectorPath ${scale.labelSelectorPath}`] : [])].join(', ');
}

/** `.spec.shards` as `['spec', 'shards']`; undefined for what is not a dotted JSON path. */
function segmentsOf(path: string): string[] | undefined {
  const segments = path.split('.');
  return segments[0] === '' && segments.length > 1 && segments.slice(1).every((segment) => segment !== '') ? segments.slice(1) : undefined;
}

/**
 * The replica count: the field of spec the scale subresource names, as the API server (and an HPA, and Karmada's
 * FederatedHPA) reads it; without a scale subresource, `spec.replicas` when it is an integer. A scale subresource
 * that names a field the skeleton cannot read is not second-guessed with `spec.replicas`: the note says so.
 */
function replicasOf(spec: SchemaNode | undefined, scale: ScaleSubresource | undefined, notes: string[]): CrdFacts['replicas'] {
  const field = (name: string, node: SchemaNode) => ({ field: name, default: typeof node.default === 'number' ? node.default : 1 });
  if (scale === undefined) {
    const node = spec?.properties?.replicas;
    return node?.type === 'integer' ? field('replicas', node) : undefined;
  }
  const segments = segmentsOf(scale.specReplicasPath);
  if (segments === undefined || segments[0] !== 'spec' || segments.length !== 2) {
    notes.push(`the scale subresource's specReplicasPath is ${scale.specReplicasPath}, not a field directly under spec: the skeleton has no InterpretReplica or ReviseReplica; write them on that field`);
    return undefined;
  }
  const node = spec?.properties?.[segments[1]!];
  if (node?.type !== 'integer') {
    notes.push(`the scale subresource's specReplicasPath ${scale.specReplicasPath} is not an integer of the schema: the skeleton has no InterpretReplica or ReviseReplica`);
    return undefined;
  }
  return field(segments[1]!, node);
}

/** The status field a scale path names, when it is directly under status and of `type`; a note when not. */
function statusFieldOf(status: SchemaNode | undefined, path: string, type: 'integer' | 'string', name: string, notes: string[]): string | undefined {
  const segments = segmentsOf(path);
  if (segments === undefined || segments[0] !== 'status' || segments.length !== 2) {
    notes.push(`the scale subresource's ${name} is ${path}, not a field directly under status: the skeleton does not read it`);
    return undefined;
  }
  if (status?.properties?.[segments[1]!]?.type !== type) {
    notes.push(`the scale subresource's ${name} ${path} is not ${type === 'integer' ? 'an integer' : 'a string'} of the status schema: the skeleton does not read it`);
    return undefined;
  }
  return segments[1]!;
}
