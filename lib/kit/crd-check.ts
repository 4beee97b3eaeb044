// `interpret --check --crd FILE` (and `--operation … --crd FILE`): a case's objects and results judged as the kind's
// own API server and Karmada would take them, beside the comparison with the expected output. The objects the service
// writes (ReviseReplica's and Retain's patched object, AggregateStatus's status, InterpretStatus's status) against
// the CRD's schema of their version (crd-schema.ts), the case's own objects likewise, and what Karmada decodes itself:
// the replica requirements' quantities and the components' names.
import { readFileSync } from 'node:fs';
import { parseQuantity, QuantityError } from '../kube/quantity';
import { dns1123LabelErrors } from '../kube/names';
import { splitApiVersion } from '../review/core';
import { isJsonObject, quoted, type JsonObject, type JsonValue } from '../review/json';
import type { InterpreterOperation } from '../interpreter/wire/operations';
import { componentNameMaxLength } from '../shapes/multi-template-workload';
import { KitError, yamlDocuments } from './cases';
import { checkResource, checkStatus, crdsOf, describeRefusal, type Crd, type SchemaVerdict } from './crd-schema';
import { whyUnreadable } from './files';

/** The CRDs of a `--crd` file, and how messages name it. */
export interface CrdFile {
  name: string;
  crds: Crd[];
}

/** The CRDs of `--crd FILE`; a KitError when it cannot be read, is not YAML, or holds no CRD. */
export function readCrdFile(path: string, readText: (path: string) => string = (file) => readFileSync(file, 'utf8')): CrdFile {
  const name = `--crd ${path}`;
  let text: string;
  try {
    text = readText(path);
  } catch (error) {
    throw error instanceof KitError ? error : new KitError(whyUnreadable(name, error));
  }
  const crds = crdsOf(yamlDocuments(text, name));
  if (crds.length === 0) throw new KitError(`${name} holds no CustomResourceDefinition; give the kind's CRD manifest (its project's published CRD, or lib/kinds/<kind>/crd.yaml)`);
  return { name, crds };
}

/** `group/Kind` of an object, undefined without a string apiVersion and kind. */
function groupKindOf(object: JsonObject | undefined): { group: string; version: string; kind: string } | undefined {
  if (object === undefined || typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return undefined;
  return { ...splitApiVersion(object.apiVersion), kind: object.kind };
}

function crdFor(file: CrdFile, group: string, kind: string): Crd | undefined {
  return file.crds.find((crd) => crd.group === group && crd.kind === kind);
}

/**
 * Why the file cannot judge these objects (one line naming the kinds it holds), or undefined when it holds a CRD for
 * every one of them. Objects without apiVersion or kind are the case's own failure, not the file's.
 */
export function missingCrd(file: CrdFile, objects: readonly (JsonObject | undefined)[]): string | undefined {
  for (const object of objects) {
    const gvk = groupKindOf(object);
    if (gvk !== undefined && crdFor(file, gvk.group, gvk.kind) === undefined) {
      const held = file.crds.map((crd) => `${crd.group}/${crd.kind}`).join(', ');
      const wanted = `${gvk.group}/${gvk.kind}`;
      return `${file.name} holds no CRD for ${wanted} (it holds ${held}); give --crd the CRD of ${wanted}`;
    }
  }
  return undefined;
}

/** What a case gives: its operation, its objects and the members' statuses. */
export interface CaseObjects {
  operation: InterpreterOperation;
  desiredObj?: JsonObject;
  observedObj?: JsonObject;
  statusItems?: JsonValue[];
}

export interface CrdJudgement {
  /** What the API server (or Karmada) would refuse of what the service writes: the case fails. */
  problems: string[];
  /** Worth saying of the results, not failing: fields dropped silently, a version not served, a pattern not checked here. */
  notes: string[];
  /**
   * Said of the case's own objects and members' statuses, not failing: what the API server would refuse or drop of
   * them (cases often abbreviate their objects, so there are many: `--check --verbose` prints them).
   */
  inputNotes: string[];
}

/** The object `request.object` carries, as lib/kit/request.ts sends it. */
function requestObjectOf({ operation, desiredObj, observedObj }: CaseObjects): JsonObject | undefined {
  return operation === 'Retain' ? desiredObj : desiredObj ?? observedObj;
}

/** The schema of an object's version, or why there is none to check it against (a note). */
function schemaFor(file: CrdFile, object: JsonObject): { schema?: JsonObject; note?: string } {
  const gvk = groupKindOf(object);
  const crd = gvk === undefined ? undefined : crdFor(file, gvk.group, gvk.kind);
  if (gvk === undefined || crd === undefined) return {};
  const version = crd.versions.find((each) => each.name === gvk.version && each.served);
  if (version === undefined) {
    const served = crd.versions.filter((each) => each.served).map((each) => each.name);
    return { note: `${gvk.version} is not served by the CRD; it serves ${served.join(', ') || 'no version'}: not schema-checked` };
  }
  return version.schema === undefined ? {} : { schema: version.schema };
}

const droppedWords = { pruned: 'would be pruned', null: 'would be dropped (null where the schema allows none)' } as const;

/**
 * The lines of one verdict, each said once: `said` holds what was said already, and is added to; for an output, what
 * the inputs it is made from already have (same path, same reason) is theirs, not said again. An output's refusals
 * are problems, an input's are input notes.
 */
function linesOf(verdict: SchemaVerdict, label: string, side: 'input' | 'output', said: Set<string>, judgement: CrdJudgement): void {
  const once = (key: string, text: string, to: string[]) => {
    if (said.has(key)) return;
    said.add(key);
    to.push(text);
  };
  const notes = side === 'input' ? judgement.inputNotes : judgement.notes;
  for (const refusal of verdict.refusals) {
    const line = describeRefusal(refusal);
    once(line, `${side} refused by the CRD (${label}): ${line}`, side === 'input' ? judgement.inputNotes : judgement.problems);
  }
  for (const { path, why } of verdict.dropped) once(`${why}:${path}`, `${droppedWords[why]} (${label}): ${path}`, notes);
  for (const pattern of verdict.uncheckedPatterns) {
    once(`pattern:${pattern}`, `pattern '${pattern}' is not a JavaScript regular expression: values it governs were not matched here`, judgement.notes);
  }
}

/** A quantity Karmada decodes (resource.Quantity from JSON): why it cannot, or undefined when it can. */
function quantityProblem(value: JsonValue): string | undefined {
  if (value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return `Invalid value: ${quoted(value, 80)}: must be a quantity (a string such as "500m" or "1Gi", or a number)`;
  try {
    parseQuantity(typeof value === 'string' ? value.trim() : value);
    return undefined;
  } catch (error) {
    if (error instanceof QuantityError) return error.message; // Go's words: invalid quantity "…": why
    throw error;
  }
}

function requestsProblems(requirements: JsonValue | undefined, path: string): string[] {
  if (!isJsonObject(requirements) || !isJsonObject(requirements.resourceRequest)) return [];
  return Object.entries(requirements.resourceRequest).flatMap(([name, quantity]) => {
    const problem = quantityProblem(quantity);
    return problem === undefined ? [] : [`${path}.resourceRequest[${name}]: ${problem}`];
  });
}

/** What Karmada itself takes from InterpretReplica's and InterpretComponent's results (problems), and what it would rather not (notes). */
function karmadaJudgement(results: ReadonlyMap<string, JsonValue>, judgement: CrdJudgement): void {
  for (const line of requestsProblems(results.get('requires'), 'requires')) judgement.problems.push(`output refused by Karmada (its webhook client decodes quantities): ${line}`);
  const components = results.get('components');
  if (!Array.isArray(components)) return;
  const seen = new Set<string>();
  components.forEach((component, at) => {
    const path = `components[${at}]`;
    if (!isJsonObject(component)) return;
    const { name } = component;
    if (typeof name === 'string') {
      const length = [...name].length;
      const refuse = (detail: string) => judgement.problems.push(`output refused by Karmada's ResourceBinding: ${path}.name: ${detail}`);
      if (name === '') refuse('Invalid value: "": component names must be non-empty');
      else if (seen.has(name)) refuse(`Invalid value: ${quoted(name)}: component names must be unique`);
      if (length > componentNameMaxLength) refuse(`Too long: may not be more than ${componentNameMaxLength} characters (it has ${length})`);
      seen.add(name);
      const label = dns1123LabelErrors(name);
      if (name !== '' && label.length > 0) {
        judgement.notes.push(`${path}.name ${quoted(name)} is not a DNS-1123 label (${label[0]}); Karmada admits it (its ResourceBinding wants names non-empty, unique, at most 32 characters)`);
      }
    }
    for (const line of requestsProblems(component.replicaRequirements, `${path}.replicaRequirements`)) {
      judgement.problems.push(`output refused by Karmada (its webhook client decodes quantities): ${line}`);
    }
  });
}

/**
 * A case judged against the CRD file (and against what Karmada decodes): its results when it has them (`output
 * refused by the CRD`: problems), and its own objects and members' statuses (`input refused by the CRD`: input notes,
 * since the service does not write them, and cases often abbreviate them). Each refusal is said once: an output
 * refusal an input already has (same path, same reason) is the input's. Fields the API server would drop silently are
 * notes.
 */
export function judgedByCrd(input: CaseObjects, results: ReadonlyMap<string, JsonValue> | undefined, file: CrdFile): CrdJudgement {
  const judgement: CrdJudgement = { problems: [], notes: [], inputNotes: [] };
  // What the case's objects have, and what the members' statuses have: an output made from them inherits it.
  const fromObjects = new Set<string>();
  const fromItems = new Set<string>();
  const versionNotes = new Set<string>();
  const note = (text: string) => {
    if (!versionNotes.has(text)) judgement.notes.push(text);
    versionNotes.add(text);
  };
  for (const [label, object] of [['desiredObj', input.desiredObj], ['observedObj', input.observedObj]] as const) {
    if (object === undefined || groupKindOf(object) === undefined) continue;
    const { schema, note: why } = schemaFor(file, object);
    if (why !== undefined) note(why);
    if (schema !== undefined) linesOf(checkResource(object, schema), label, 'input', fromObjects, judgement);
  }
  // The members' statuses are what member clusters' API servers hold: one they would refuse is the case's premise too.
  const requestObject = requestObjectOf(input);
  const itemSchema = requestObject === undefined ? undefined : schemaFor(file, requestObject).schema;
  if (itemSchema !== undefined) {
    (input.statusItems ?? []).forEach((item, at) => {
      if (isJsonObject(item) && item.status !== undefined) linesOf(checkStatus(item.status, itemSchema), `statusItems[${at}]`, 'input', fromItems, judgement);
    });
  }
  if (results === undefined) return judgement;
  for (const [name, value] of results) {
    const object = name === 'status' ? requestObject : isJsonObject(value) ? value : undefined;
    if (object === undefined || groupKindOf(object) === undefined) continue;
    const { schema, note: why } = schemaFor(file, object);
    if (why !== undefined) note(why);
    if (schema === undefined) continue;
    // The patched object is the case's object changed; AggregateStatus's status is made from the members' statuses.
    if (name === 'revised' || name === 'retained') linesOf(checkResource(object, schema), name, 'output', new Set(fromObjects), judgement);
    else if (name === 'aggregatedStatus' && Object.hasOwn(object, 'status')) linesOf(checkStatus(object.status!, schema), name, 'output', new Set(fromItems), judgement);
    // InterpretStatus's status goes to the binding (Karmada's own interpreters add generation and
    // resourceTemplateGeneration to it) and is aggregated later: what it has must be a status's, not all of one.
    else if (name === 'status' && value !== null) linesOf(checkStatus(value, schema, { partial: true }), name, 'output', new Set(fromObjects), judgement);
  }
  karmadaJudgement(results, judgement);
  return judgement;
}

/** The one note of a run whose CRDs have CEL rules. */
export const celNote = 'CEL rules (x-kubernetes-validations) are not checked locally (the admission oracle checks them)';

/** Whether any CRD the objects use has CEL rules. */
export function usesCelRules(file: CrdFile, objects: readonly (JsonObject | undefined)[]): boolean {
  return objects.some((object) => {
    const gvk = groupKindOf(object);
    return gvk !== undefined && crdFor(file, gvk.group, gvk.kind)?.celRules === true;
  });
}
