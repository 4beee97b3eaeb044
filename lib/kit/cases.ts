// Interpreter cases in Karmada's testdata format (`testdata/<operation>-test.yaml`), read as Karmada's runner reads them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { whyUnreadable } from './files';
import { indentFlowScalarContinuations } from './flow-scalar-indent';
import { describeJson, int32Max, isJsonObject } from '../review/json';
import { interpreterOperations, type InterpreterOperation } from '../interpreter/wire/operations';
import type { JsonObject, JsonValue } from '../review/json';

/** A bad case file, command-line file or answer: the message says what to fix; it never carries a stack. */
export class KitError extends Error {
  override readonly name = 'KitError';
}

/** What Karmada's runner reads from one YAML document, plus our `error` extension for expected rejections. */
export interface InterpreterCase {
  name: string;
  description?: string;
  desiredObj?: JsonObject;
  observedObj?: JsonObject;
  statusItems?: JsonValue[];
  inputReplicas?: number;
  operation: InterpreterOperation;
  /** Expected results by name (replica, requires, components, revised, retained, aggregatedStatus, status, healthy, dependencies). */
  output?: JsonObject;
  /**
   * Ours, not Karmada's: the webhook must answer `successful: false` with this code, and a message containing every
   * item of `messageContains` (written as one string or a list of strings).
   */
  error?: { code: number; messageContains: string[] };
  /**
   * Ours, not Karmada's: the answer's reason (`Ready=False reason=UpgradeFailed`), which never reaches the wire. Judged
   * where the reason can be seen, against this project's interpreters in process; a runner over HTTP notes it unchecked.
   */
  reason?: string;
  /** Where the case came from: file and 1-based document number (empty documents are not counted). */
  source: { file: string; document: number };
  malformed?: undefined;
}

/** A document that is not a case Karmada's runner or ours could run: one problem, that case's failure alone. */
export interface MalformedCase {
  /** Its `name` when that is a string, else `document N`. */
  name: string;
  source: InterpreterCase['source'];
  /** What is wrong, naming the file and document. */
  malformed: string;
  operation?: undefined;
}

/** One document of a case file: a case, or a malformed one. */
export type CaseDocument = InterpreterCase | MalformedCase;

/** Karmada matches the operation name ignoring case (`interpretHealth` works). */
export function operationNamed(name: string): InterpreterOperation | undefined {
  const lower = name.toLowerCase();
  return interpreterOperations.find((operation) => operation.toLowerCase() === lower);
}

function optionalObject(document: JsonObject, field: string, where: string): JsonObject | undefined {
  const value = document[field];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw new KitError(`${where}: ${field} must be an object, got ${describeJson(value)}`);
  return value;
}

/** One YAML document read as a case (`source` says where it is, for messages). */
export function caseOf(document: JsonValue, source: InterpreterCase['source']): InterpreterCase {
  const where = `${source.file} (document ${source.document})`;
  if (!isJsonObject(document)) throw new KitError(`${where}: a case must be a mapping, got ${describeJson(document)}`);
  const { name, description, statusItems, inputReplicas, operation, error, reason } = document;
  if (typeof operation !== 'string') throw new KitError(`${where}: operation is required (one of ${interpreterOperations.join(', ')})`);
  const known = operationNamed(operation);
  if (known === undefined) throw new KitError(`${where}: operation ${JSON.stringify(operation)} is not supported; use one of ${interpreterOperations.join(', ')}`);
  for (const [field, value] of [['name', name], ['description', description], ['reason', reason]] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string') throw new KitError(`${where}: ${field} must be a string, got ${describeJson(value)}`);
  }
  const result: InterpreterCase = { name: typeof name === 'string' ? name : `document ${source.document}`, operation: known, source };
  if (typeof description === 'string') result.description = description;
  if (typeof reason === 'string') result.reason = reason;
  const desiredObj = optionalObject(document, 'desiredObj', where);
  if (desiredObj !== undefined) result.desiredObj = desiredObj;
  const observedObj = optionalObject(document, 'observedObj', where);
  if (observedObj !== undefined) result.observedObj = observedObj;
  if (statusItems !== undefined && statusItems !== null) {
    if (!Array.isArray(statusItems)) throw new KitError(`${where}: statusItems must be a list, got ${describeJson(statusItems)}`);
    result.statusItems = statusItems;
  }
  if (inputReplicas !== undefined && inputReplicas !== null) {
    if (typeof inputReplicas !== 'number' || !Number.isInteger(inputReplicas)) throw new KitError(`${where}: inputReplicas must be an integer`);
    result.inputReplicas = inputReplicas;
  }
  const output = optionalObject(document, 'output', where);
  if (output !== undefined) result.output = output;
  if (error !== undefined && error !== null) {
    if (output !== undefined) throw new KitError(`${where}: a case gives output or error, not both`);
    result.error = expectedErrorOf(error, where);
  }
  return result;
}

/** Our `error: {code, messageContains}`: messageContains is one string or a list of strings, each to be contained. */
function expectedErrorOf(error: JsonValue, where: string): { code: number; messageContains: string[] } {
  // The code Karmada reports is an int32 (metav1.Status.code).
  if (!isJsonObject(error) || typeof error.code !== 'number' || !Number.isInteger(error.code) || Math.abs(error.code) > int32Max) {
    throw new KitError(`${where}: error must be {code: <integer>, messageContains: <string or list of strings>}`);
  }
  const { messageContains } = error;
  if (messageContains === undefined || messageContains === null) return { code: error.code, messageContains: [] };
  if (typeof messageContains === 'string') return { code: error.code, messageContains: [messageContains] };
  if (Array.isArray(messageContains) && messageContains.every((item) => typeof item === 'string')) {
    return { code: error.code, messageContains: messageContains as string[] };
  }
  throw new KitError(`${where}: error.messageContains must be a string or a list of strings, got ${describeJson(messageContains)}`);
}

/** The case of one document, or what makes it malformed. */
function caseDocumentOf(document: JsonValue, source: InterpreterCase['source']): CaseDocument {
  try {
    return caseOf(document, source);
  } catch (error) {
    if (!(error instanceof KitError)) throw error;
    const name = isJsonObject(document) && typeof document.name === 'string' ? document.name : `document ${source.document}`;
    return { name, source, malformed: error.message };
  }
}

/**
 * The documents of a YAML (or JSON) stream, read as Karmada's Go decoder reads them: a repeated key keeps its last
 * value, `<<` merge keys apply, timestamps stay strings, and a quoted scalar's continuation lines may sit at its
 * key's indentation (Karmada's own files have such scalars: flow-scalar-indent.ts). Empty documents are skipped.
 */
export function yamlDocuments(text: string, name: string): JsonValue[] {
  const options = { uniqueKeys: false, merge: true } as const;
  let documents = parseAllDocuments(text, options);
  const error = documents.flatMap((document) => document.errors)[0];
  if (error !== undefined) {
    const lenient = parseAllDocuments(indentFlowScalarContinuations(text), options);
    if (lenient.some((document) => document.errors.length > 0)) {
      const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      const at = error.linePos?.[0];
      throw new KitError(`${name} is not valid YAML or JSON: ${reason}${at === undefined ? '' : ` at line ${at.line}, column ${at.col}`}`);
    }
    documents = lenient;
  }
  return documents.map((document) => document.toJS() as unknown).filter((document): document is JsonValue => document !== undefined && document !== null);
}

/**
 * Every document of a case file, numbered from 1 in file order, a malformed one as such (its failure alone). Throws
 * a KitError only when the file is not YAML or JSON at all.
 */
export function parseCaseDocuments(text: string, file: string): CaseDocument[] {
  return yamlDocuments(text, file).map((document, index) => caseDocumentOf(document, { file, document: index + 1 }));
}

/** Every case of a case file; a KitError for the first malformed one (for callers that need every case runnable). */
export function parseCases(text: string, file: string): InterpreterCase[] {
  return parseCaseDocuments(text, file).map((document) => {
    if (document.malformed !== undefined) throw new KitError(document.malformed);
    return document;
  });
}

const caseFilePattern = /\.(ya?ml|json)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** A kind's folder also holds its CRD and its conversion and admission cases: never interpreter cases. */
const notInterpreterCases = /(^|[\\/])(crd\.ya?ml|[^\\/]*-cases\.ya?ml)$/;

/**
 * The case files of a folder: every YAML/JSON file under a `testdata` folder (a tree of kinds, like Karmada's
 * resourcecustomizations or our lib/kinds); for a folder with no `testdata` below it, every YAML/JSON file in it
 * but a CRD (`crd.yaml`) and conversion or admission cases (`*-cases.yaml`).
 */
export function caseFiles(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new KitError(`${path}: no such file or folder; give a kind's folder (lib/kinds/<kind>), a testdata folder or a case file`);
  }
  if (!stat.isDirectory()) {
    if (!caseFilePattern.test(path)) throw new KitError(`${path} is not a case file (.yaml, .yml or .json); give a kind's folder (lib/kinds/<kind>), a testdata folder or a case file`);
    return [path];
  }
  const files = walk(path).filter((file) => caseFilePattern.test(file));
  const inTestdata = files.filter((file) => file.split(/[\\/]/).slice(0, -1).includes('testdata') || path.split(/[\\/]/).includes('testdata'));
  const chosen = inTestdata.length > 0 ? inTestdata : files.filter((file) => !notInterpreterCases.test(file));
  if (chosen.length === 0) throw new KitError(`${path}: no .yaml, .yml or .json case files in it; give a kind's folder (lib/kinds/<kind>), a testdata folder or a case file`);
  return chosen;
}

function readText(file: string, name: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new KitError(whyUnreadable(name, error));
  }
}

/** The documents of one file, malformed ones included; `name` is how messages and `source.file` call it (default: its path). */
export function readCaseDocuments(file: string, name = file): CaseDocument[] {
  return parseCaseDocuments(readText(file, name), name);
}

/** The cases of one file, every one well-formed (else a KitError); `name` as for readCaseDocuments. */
export function readCases(file: string, name = file): InterpreterCase[] {
  return parseCases(readText(file, name), name);
}
