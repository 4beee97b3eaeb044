// Reads a CustomResourceDefinition manifest into what the scaffold needs: identity, served versions, the storage
// version's schema, and the fields whose meaning the schema makes obvious (replicas, pod template, status counts).
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { isJsonObject } from '../../review/json';
import type { JsonObject } from '../../review/json';
import { KitError } from '../cases';
import { whyUnreadable } from '../files';

/** An OpenAPI v3 schema node, as far as the scaffold reads it. */
export interface SchemaNode {
  type?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  required?: string[];
  default?: unknown;
  enum?: unknown[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
}

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
  /** `spec.replicas` when the schema has it as an integer, with the schema's default (Kubernetes' convention: 1). */
  replicas?: { default: number };
  /** `spec.template` when it is an object: a pod template, read as Karmada reads a Deployment's. */
  podTemplate: boolean;
  /** Integer fields of `status` named `*Replicas` or `replicas`: counts that add up across clusters. */
  statusCounts: string[];
  /** `status.observedGeneration` when the schema has it. */
  observedGeneration: boolean;
}

function node(value: unknown): SchemaNode | undefined {
  return isJsonObject(value) ? (value as unknown as SchemaNode) : undefined;
}

/** The one CRD of a manifest file (several: `kind` picks one). */
export function readCrd(file: string, kind?: string): CrdFacts {
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
  const chosen = kind === undefined ? crds : crds.filter((crd) => isJsonObject(crd.spec) && isJsonObject(crd.spec.names) && crd.spec.names.kind === kind);
  if (chosen.length === 0) throw new KitError(`${file} holds no CustomResourceDefinition${kind === undefined ? '' : ` for kind ${kind}`}; give --crd the CRD's manifest (kind: CustomResourceDefinition)`);
  if (chosen.length > 1) throw new KitError(`${file} holds ${chosen.length} CustomResourceDefinitions; pick one with --kind`);
  return factsOf(chosen[0]!, file);
}

function factsOf(manifest: JsonObject, file: string): CrdFacts {
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
  const replicasNode = specNode?.properties?.replicas;
  const templateNode = specNode?.properties?.template;
  const statusCounts = Object.entries(statusNode?.properties ?? {})
    .filter(([name, field]) => field.type === 'integer' && (name === 'replicas' || name.endsWith('Replicas')))
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
    ...(replicasNode?.type === 'integer' ? { replicas: { default: typeof replicasNode.default === 'number' ? replicasNode.default : 1 } } : {}),
    podTemplate: templateNode !== undefined && (templateNode.type === 'object' || templateNode['x-kubernetes-preserve-unknown-fields'] === true),
    statusCounts,
    observedGeneration: statusNode?.properties?.observedGeneration?.type === 'integer',
  };
}
