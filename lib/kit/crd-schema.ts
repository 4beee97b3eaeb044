// A CustomResourceDefinition's OpenAPI v3 schemas, and a value checked against one as kube-apiserver checks a custom
// resource, without an API server (`interpret --check --crd`; why by hand: docs/adr/0016-crd-schema-checked-by-hand.md).
// In kube's order: unknown fields are pruned (not refused) where the schema does not preserve them, a null where the
// schema allows none is dropped, a missing field with a default is defaulted; then what is left is validated (types,
// formats, bounds, enum, required, additionalProperties, the junctors), then embedded resources' apiVersion and kind,
// then list types (x-kubernetes-list-type map and set: unique entries). CEL rules (x-kubernetes-validations) are not
// evaluated. One walk, each value visited once per schema that applies to it: linear in the value's size.
import { isJsonObject, quoted, type JsonObject, type JsonValue } from '../review/json';
import { formatCheck } from './crd-formats';

/** One version of a CRD: whether the API server serves it, and its schema (`openAPIV3Schema`). */
export interface CrdVersion {
  name: string;
  served: boolean;
  schema?: JsonObject;
}

export interface Crd {
  group: string;
  kind: string;
  versions: CrdVersion[];
  /** Whether any version's schema has CEL rules (x-kubernetes-validations), which are not checked here. */
  celRules: boolean;
}

/** The schema keyword that refuses a value. */
export type SchemaKeyword =
  | 'type'
  | 'required'
  | 'enum'
  | 'format'
  | 'minimum'
  | 'maximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'minItems'
  | 'maxItems'
  | 'minProperties'
  | 'maxProperties'
  | 'additionalProperties'
  | 'allOf'
  | 'anyOf'
  | 'oneOf'
  | 'not'
  | 'x-kubernetes-list-type'
  | 'x-kubernetes-embedded-resource';

/** A value the API server would refuse: where (kube's field path: `status.conditions[1].type`, `labels.app`) and why. */
export interface Refusal {
  path: string;
  keyword: SchemaKeyword;
  /** kube's kind of error and the detail, with the value, the type or the bound expected: `Required value`, `Invalid value: -1: should be greater than or equal to 0`. */
  message: string;
}

/** A field the API server would drop without a word: unknown to the schema (pruned), or null where the schema allows none. */
export interface Dropped {
  path: string;
  why: 'pruned' | 'null';
}

export interface SchemaVerdict {
  refusals: Refusal[];
  dropped: Dropped[];
  /** Patterns of the schema JavaScript cannot compile (Go's RE2 syntax): the values they govern were not matched. */
  uncheckedPatterns: string[];
}

/** `status.conditions[1]: Duplicate value: …`, as kube-apiserver prints a field error. */
export function describeRefusal({ path, message }: Refusal): string {
  return `${path === '' ? '<root>' : path}: ${message}`;
}

// ---- reading a CRD ----

function hasCel(schema: JsonValue): boolean {
  const stack: JsonValue[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) stack.push(...node);
    else if (isJsonObject(node)) {
      const rules = node['x-kubernetes-validations'];
      if (Array.isArray(rules) && rules.length > 0) return true;
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * The CRDs among a file's documents (`kind: CustomResourceDefinition`, apiextensions.k8s.io v1, or v1beta1 with one
 * schema for every version). A document of another kind is not a CRD, and is left out.
 */
export function crdsOf(documents: readonly JsonValue[]): Crd[] {
  return documents.flatMap((document): Crd[] => {
    if (!isJsonObject(document) || document.kind !== 'CustomResourceDefinition' || !isJsonObject(document.spec)) return [];
    const { group, names, versions, validation, version } = document.spec;
    if (typeof group !== 'string' || !isJsonObject(names) || typeof names.kind !== 'string') return [];
    const shared = isJsonObject(validation) && isJsonObject(validation.openAPIV3Schema) ? validation.openAPIV3Schema : undefined;
    const listed = Array.isArray(versions) ? versions.filter(isJsonObject) : typeof version === 'string' ? [{ name: version, served: true }] : [];
    const crdVersions = listed.flatMap((entry): CrdVersion[] => {
      if (typeof entry.name !== 'string') return [];
      const own = isJsonObject(entry.schema) && isJsonObject(entry.schema.openAPIV3Schema) ? entry.schema.openAPIV3Schema : undefined;
      const schema = own ?? shared;
      return [{ name: entry.name, served: entry.served !== false, ...(schema === undefined ? {} : { schema }) }];
    });
    return [{ group, kind: names.kind, versions: crdVersions, celRules: crdVersions.some(({ schema }) => schema !== undefined && hasCel(schema)) }];
  });
}

// ---- paths, as kube's schema validation and pruning print them: fields and map keys joined by dots, [i] for items ----

const child = (path: string, name: string) => (path === '' ? name : `${path}.${name}`);
const index = (path: string, at: number) => `${path}[${at}]`;

// ---- schema fields, read defensively (a malformed keyword is ignored, as the API server would not hold it) ----

type Schema = JsonObject;

function subschema(schema: Schema, name: string): Schema | undefined {
  const value = schema[name];
  return isJsonObject(value) ? value : undefined;
}

function subschemas(schema: Schema, name: string): Schema[] {
  const value = schema[name];
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

function numberOf(schema: Schema, name: string): number | undefined {
  const value = schema[name];
  return typeof value === 'number' ? value : undefined;
}

function propertyOf(properties: Schema | undefined, name: string): Schema | undefined {
  if (properties === undefined || !Object.hasOwn(properties, name)) return undefined;
  const value = properties[name];
  return isJsonObject(value) ? value : undefined;
}

const nullable = (schema: Schema) => schema.nullable === true;
const hasDefault = (schema: Schema | undefined) => schema !== undefined && Object.hasOwn(schema, 'default') && schema.default !== null;

/** The JSON type of a value as a schema names it (an integral number is an integer). */
function typeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The value in a message: JSON, cut short. */
const shown = (value: JsonValue) => quoted(value, 80);

/** Key order free, as Go compares decoded maps: for enum and list-type uniqueness. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isJsonObject(value)) return `{${Object.keys(value).sort().map((name) => `${JSON.stringify(name)}:${canonical(value[name]!)}`).join(',')}}`;
  return JSON.stringify(value);
}

const int64Limit = 2 ** 63;
const intRanges: Readonly<Record<string, readonly [number, number]>> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [-int64Limit, int64Limit - 1] };

/** Code points, as kube counts a string's length. */
function lengthOf(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff || i + 1 >= text.length) length++;
    else {
      length++;
      i++;
    }
  }
  return length;
}

// ---- the walk ----

/** Where the walk is: the structural walk prunes and checks list types and embedded resources; a junctor's walk only validates. */
interface Mode {
  structural: boolean;
  /** An array item under x-kubernetes-preserve-unknown-fields: its unknown fields are kept, as kube keeps them. */
  preserving: boolean;
  /** The resource itself: apiVersion, kind and metadata are the API server's, never pruned. */
  resourceRoot: boolean;
  /**
   * A part of the object, not all of it (InterpretStatus's status): its own fields are judged only as far as they go
   * (a missing required field, too few properties and an unknown field are not its to answer for); below them, as usual.
   */
  partial?: boolean;
}

const structural: Mode = { structural: true, preserving: false, resourceRoot: false };
const validating: Mode = { structural: false, preserving: false, resourceRoot: false };
const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

/** RE2 syntax a JavaScript RegExp would compile to something else, or refuse. */
const re2Only = /\[\[:|\\[AzQE]|\\p[A-Za-z]|\(\?P<|\(\?[imsU-]+[):]/;

class Walk {
  readonly refusals: Refusal[] = [];
  readonly dropped: Dropped[] = [];
  uncheckedPatterns = new Set<string>();
  private readonly patterns: Map<string, RegExp | null>;

  constructor(patterns: Map<string, RegExp | null> = new Map()) {
    this.patterns = patterns;
  }

  refuse(path: string, keyword: SchemaKeyword, message: string): void {
    this.refusals.push({ path, keyword, message });
  }

  /** A scratch walk for a junctor's alternative: its refusals are the junctor's to report, its unread patterns ours. */
  scratch(): Walk {
    const scratch = new Walk(this.patterns);
    scratch.uncheckedPatterns = this.uncheckedPatterns;
    return scratch;
  }

  /**
   * The pattern as a JavaScript RegExp: Go's leading `(?i)` becomes the `i` flag; null when it does not compile, or
   * uses RE2 syntax JavaScript would read otherwise (POSIX classes, `\A`, `\z`, `\Q…\E`, `\pL`, `(?P<name>`, inline flags).
   */
  pattern(source: string): RegExp | null {
    let compiled = this.patterns.get(source);
    if (compiled === undefined) {
      const insensitive = source.startsWith('(?i)');
      const body = insensitive ? source.slice(4) : source;
      const flags = insensitive ? 'i' : '';
      compiled = null;
      for (const unicode of re2Only.test(body) ? [] : ['u', '']) {
        try {
          compiled = new RegExp(body, flags + unicode);
          break;
        } catch {
          // Not this dialect: try the other, else leave it unchecked.
        }
      }
      this.patterns.set(source, compiled);
    }
    if (compiled === null) this.uncheckedPatterns.add(source);
    return compiled;
  }
}

/** A value where no schema applies (kube prunes with no schema): every field of an object is unknown. */
function withoutSchema(value: JsonValue, path: string, walk: Walk, mode: Mode): JsonValue {
  if (!mode.structural || mode.preserving) return value;
  if (Array.isArray(value)) return value.map((item, at) => withoutSchema(item, index(path, at), walk, mode));
  if (isJsonObject(value)) {
    for (const name of Object.keys(value)) walk.dropped.push({ path: child(path, name), why: 'pruned' });
    return {};
  }
  return value;
}

/** Checks `value` against `schema` at `path`, records what is refused and dropped, and returns the value as kube keeps it. */
function visit(value: JsonValue, schema: Schema | undefined, path: string, walk: Walk, mode: Mode): JsonValue {
  if (schema === undefined) return withoutSchema(value, path, walk, mode);
  const intOrString = schema['x-kubernetes-int-or-string'] === true;
  const declared = typeof schema.type === 'string' && schema.type !== '' ? schema.type : undefined;
  const expected = intOrString ? ['integer', 'string'] : declared === undefined ? [] : [declared];

  if (value === null) {
    if (expected.length > 0 && !nullable(schema)) walk.refuse(path, 'type', `Invalid value: null: must be of type ${expected.join(' or ')}`);
    return value;
  }
  const actual = typeOf(value);
  if (expected.length > 0 && !expected.includes(actual) && !(actual === 'integer' && expected.includes('number'))) {
    walk.refuse(path, 'type', `Invalid value: ${shown(value)}: must be of type ${expected.join(' or ')}, got ${actual}`);
    return value;
  }

  let kept = value;
  if (typeof value === 'number') checkNumber(value, schema, path, walk, expected);
  else if (typeof value === 'string') checkString(value, schema, path, walk);
  else if (Array.isArray(value)) kept = visitArray(value, schema, path, walk, mode);
  else if (isJsonObject(value)) kept = visitObject(value, schema, path, walk, mode);

  checkEnum(kept, schema, path, walk);
  // A junctor speaks of the whole value (often of which fields it has), which a part is not.
  if (mode.partial !== true) checkJunctors(kept, schema, path, walk);
  return kept;
}

function checkNumber(value: number, schema: Schema, path: string, walk: Walk, expected: readonly string[]): void {
  if (expected.includes('integer') && Math.abs(value) >= int64Limit) {
    walk.refuse(path, 'type', `Invalid value: ${value}: must be of type integer, and this is beyond int64 (the API server reads it as a float)`);
    return;
  }
  const range = typeof schema.format === 'string' && Object.hasOwn(intRanges, schema.format) ? intRanges[schema.format] : undefined;
  if (range !== undefined && Number.isInteger(value) && (value < range[0] || value > range[1])) {
    walk.refuse(
      path,
      'format',
      `Invalid value: ${value}: must fit format ${String(schema.format)} (${range[0]} to ${range[1]}); kube-apiserver stores it, but the kind's Go types cannot decode it`,
    );
  }
  const minimum = numberOf(schema, 'minimum');
  if (minimum !== undefined) {
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? value <= minimum : value < minimum) walk.refuse(path, 'minimum', `Invalid value: ${value}: should be greater than ${exclusive ? '' : 'or equal to '}${minimum}`);
  }
  const maximum = numberOf(schema, 'maximum');
  if (maximum !== undefined) {
    const exclusive = schema.exclusiveMaximum === true;
    if (exclusive ? value >= maximum : value > maximum) walk.refuse(path, 'maximum', `Invalid value: ${value}: should be less than ${exclusive ? '' : 'or equal to '}${maximum}`);
  }
  const multipleOf = numberOf(schema, 'multipleOf');
  if (multipleOf !== undefined && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) walk.refuse(path, 'multipleOf', `Invalid value: ${value}: should be a multiple of ${multipleOf}`);
  }
}

function checkString(value: string, schema: Schema, path: string, walk: Walk): void {
  if (typeof schema.format === 'string') {
    const matches = formatCheck(schema.format);
    if (matches !== undefined && !matches(value)) walk.refuse(path, 'format', `Invalid value: ${shown(value)}: must be of format ${schema.format}`);
  }
  const minLength = numberOf(schema, 'minLength');
  const maxLength = numberOf(schema, 'maxLength');
  if (minLength !== undefined || maxLength !== undefined) {
    const length = lengthOf(value);
    if (maxLength !== undefined && length > maxLength) walk.refuse(path, 'maxLength', `Too long: may not be more than ${maxLength} characters (it has ${length})`);
    if (minLength !== undefined && length < minLength) walk.refuse(path, 'minLength', `Invalid value: ${shown(value)}: should be at least ${minLength} characters long`);
  }
  if (typeof schema.pattern === 'string') {
    const pattern = walk.pattern(schema.pattern);
    if (pattern !== null && !pattern.test(value)) walk.refuse(path, 'pattern', `Invalid value: ${shown(value)}: should match '${schema.pattern}'`);
  }
}

function checkEnum(value: JsonValue, schema: Schema, path: string, walk: Walk): void {
  const allowed = schema.enum;
  if (!Array.isArray(allowed) || allowed.length === 0) return;
  const actual = canonical(value);
  if (allowed.some((item) => canonical(item) === actual)) return;
  const supported = allowed.map((item) => (typeof item === 'string' ? JSON.stringify(item) : canonical(item))).join(', ');
  walk.refuse(path, 'enum', `Unsupported value: ${shown(value)}: supported values: ${supported}`);
}

function checkJunctors(value: JsonValue, schema: Schema, path: string, walk: Walk): void {
  for (const each of subschemas(schema, 'allOf')) visit(value, each, path, walk, validating);
  /** The first reason an alternative refuses the value, or undefined when it admits it. */
  const firstReason = (alternative: Schema): string | undefined => {
    const scratch = walk.scratch();
    visit(value, alternative, path, scratch, validating);
    const first = scratch.refusals[0];
    return first === undefined ? undefined : describeRefusal(first);
  };
  const anyOf = subschemas(schema, 'anyOf');
  if (anyOf.length > 0) {
    const reasons: string[] = [];
    for (const alternative of anyOf) {
      const reason = firstReason(alternative);
      if (reason === undefined) break;
      reasons.push(reason);
    }
    if (reasons.length === anyOf.length) walk.refuse(path, 'anyOf', `Invalid value: ${shown(value)}: must match at least one schema of anyOf (${reasons.join('; ')})`);
  }
  const oneOf = subschemas(schema, 'oneOf');
  if (oneOf.length > 0) {
    const reasons = oneOf.map(firstReason);
    const matched = reasons.filter((reason) => reason === undefined).length;
    if (matched !== 1) {
      const why = matched === 0 ? `none does (${reasons.join('; ')})` : `${matched} do`;
      walk.refuse(path, 'oneOf', `Invalid value: ${shown(value)}: must match exactly one schema of oneOf, ${why}`);
    }
  }
  const not = subschema(schema, 'not');
  if (not !== undefined && firstReason(not) === undefined) walk.refuse(path, 'not', `Invalid value: ${shown(value)}: must not match the schema of not`);
}

function visitArray(value: JsonValue[], schema: Schema, path: string, walk: Walk, mode: Mode): JsonValue[] {
  const minItems = numberOf(schema, 'minItems');
  if (minItems !== undefined && value.length < minItems) walk.refuse(path, 'minItems', `Invalid value: ${value.length}: should have at least ${minItems} items`);
  const maxItems = numberOf(schema, 'maxItems');
  if (maxItems !== undefined && value.length > maxItems) walk.refuse(path, 'maxItems', `Too many: ${value.length}: must have at most ${maxItems} items`);
  const items = subschema(schema, 'items');
  const preserving = mode.structural && (mode.preserving || schema['x-kubernetes-preserve-unknown-fields'] === true);
  const itemMode: Mode = { structural: mode.structural, preserving, resourceRoot: false };
  const kept = value.map((item, at) => visit(item, items, index(path, at), walk, itemMode));
  if (mode.structural) checkListType(kept, schema, path, walk);
  return kept;
}

/** x-kubernetes-list-type: set (unique items) and map (objects unique by their x-kubernetes-list-map-keys). */
function checkListType(items: readonly JsonValue[], schema: Schema, path: string, walk: Walk): void {
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'set') {
    const seen = new Map<string, number>();
    items.forEach((item, at) => {
      const identity = canonical(item);
      const times = seen.get(identity) ?? 0;
      seen.set(identity, times + 1);
      if (times === 1) walk.refuse(index(path, at), 'x-kubernetes-list-type', `Duplicate value: ${shown(item)} (x-kubernetes-list-type: set)`);
    });
    return;
  }
  if (listType !== 'map') return;
  const notObject = items.findIndex((item) => item !== null && !isJsonObject(item));
  if (notObject >= 0) {
    walk.refuse(index(path, notObject), 'x-kubernetes-list-type', `Invalid value: ${shown(items[notObject]!)}: must be an object for an array of list-type map`);
    return;
  }
  const keys = Array.isArray(schema['x-kubernetes-list-map-keys']) ? schema['x-kubernetes-list-map-keys'].filter((name): name is string => typeof name === 'string') : [];
  const seen = new Map<string, number>();
  items.forEach((item, at) => {
    const entry = isJsonObject(item) ? item : {};
    const present = keys.filter((name) => Object.hasOwn(entry, name));
    const identity = canonical(Object.fromEntries(present.map((name) => [name, entry[name]!])));
    const times = seen.get(identity) ?? 0;
    seen.set(identity, times + 1);
    if (times !== 1) return;
    const described = present.length === 0 ? `without ${keys.join(', ')}` : `for key${present.length > 1 ? 's' : ''} ${present.map((name) => `${name}=${shown(entry[name]!)}`).join(', ')}`;
    walk.refuse(index(path, at), 'x-kubernetes-list-type', `duplicate entry ${described} (x-kubernetes-list-type: map, keys: ${keys.join(', ')})`);
  });
}

function visitObject(value: JsonObject, schema: Schema, path: string, walk: Walk, mode: Mode): JsonObject {
  const properties = subschema(schema, 'properties');
  const additional = schema.additionalProperties;
  const additionalSchema = isJsonObject(additional) ? additional : undefined;
  const preserve = mode.preserving || schema['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = mode.resourceRoot || schema['x-kubernetes-embedded-resource'] === true;
  const kept: JsonObject = {};
  const keep = (name: string, item: JsonValue) => Object.defineProperty(kept, name, { value: item, enumerable: true, writable: true, configurable: true });

  for (const [name, item] of Object.entries(value)) {
    const known = propertyOf(properties, name);
    if (mode.structural && embedded && metaFields.has(name)) {
      // The API server's own fields: kept; metadata is ObjectMeta's to check (not this walk's), apiVersion and kind as the schema says.
      keep(name, name === 'metadata' || known === undefined ? item : visit(item, known, child(path, name), walk, validating));
      continue;
    }
    const itemSchema = known ?? additionalSchema;
    const itemPath = child(path, name);
    if (itemSchema !== undefined) {
      if (mode.structural && item === null && !nullable(itemSchema)) {
        if (hasDefault(itemSchema)) keep(name, itemSchema.default!);
        else walk.dropped.push({ path: itemPath, why: 'null' });
        continue;
      }
      keep(name, visit(item, itemSchema, itemPath, walk, mode.structural ? structural : validating));
    } else if (additional === false) {
      walk.refuse(itemPath, 'additionalProperties', `Forbidden: no field ${JSON.stringify(name)} is allowed here (additionalProperties: false)`);
      keep(name, item);
    } else if (additional === true) {
      keep(name, withoutSchema(item, itemPath, walk, mode.structural ? structural : validating));
    } else if (!mode.structural || preserve || mode.partial === true) {
      keep(name, item);
    } else {
      walk.dropped.push({ path: itemPath, why: 'pruned' });
    }
  }

  const required = Array.isArray(schema.required) && mode.partial !== true ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  for (const name of required) {
    if (!Object.hasOwn(kept, name) && !hasDefault(propertyOf(properties, name))) walk.refuse(child(path, name), 'required', 'Required value');
  }
  const count = Object.keys(kept).length;
  const minProperties = numberOf(schema, 'minProperties');
  if (minProperties !== undefined && count < minProperties && mode.partial !== true) walk.refuse(path, 'minProperties', `Invalid value: ${count}: should have at least ${minProperties} properties`);
  const maxProperties = numberOf(schema, 'maxProperties');
  if (maxProperties !== undefined && count > maxProperties) walk.refuse(path, 'maxProperties', `Too many: ${count}: must have at most ${maxProperties} properties`);
  if (mode.structural && embedded && !mode.resourceRoot) checkEmbeddedResource(kept, path, walk);
  return kept;
}

/** An embedded resource (x-kubernetes-embedded-resource) names its apiVersion and kind, and its metadata is an object. */
function checkEmbeddedResource(value: JsonObject, path: string, walk: Walk): void {
  const refuse = (name: string, message: string) => walk.refuse(child(path, name), 'x-kubernetes-embedded-resource', message);
  const { apiVersion, kind, metadata } = value;
  if (apiVersion === undefined) refuse('apiVersion', 'Required value');
  else if (typeof apiVersion !== 'string') refuse('apiVersion', `Invalid value: ${shown(apiVersion)}: must be a string`);
  else if (apiVersion === '') refuse('apiVersion', 'Invalid value: "": must not be empty');
  else if (apiVersion.split('/').length > 2) refuse('apiVersion', `Invalid value: ${shown(apiVersion)}: unexpected GroupVersion string`);
  if (kind === undefined) refuse('kind', 'Required value');
  else if (typeof kind !== 'string') refuse('kind', `Invalid value: ${shown(kind)}: must be a string`);
  else if (kind === '') refuse('kind', 'Invalid value: "": must not be empty');
  else if (kind.length > 63 || !/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(kind.toLowerCase())) {
    refuse('kind', `Invalid value: ${shown(kind)}: may have mixed case, but should otherwise match a DNS-1035 label ('[a-z]([-a-z0-9]*[a-z0-9])?', at most 63 characters)`);
  }
  if (metadata !== undefined && !isJsonObject(metadata)) refuse('metadata', `Invalid value: ${shown(metadata)}: must be an object`);
}

function verdictOf(walk: Walk): SchemaVerdict {
  return { refusals: walk.refusals, dropped: walk.dropped, uncheckedPatterns: [...walk.uncheckedPatterns] };
}

/**
 * A whole custom resource against its version's schema (`openAPIV3Schema`), as the API server checks a create or an
 * update: apiVersion, kind and metadata are the API server's (metadata is not checked here).
 */
export function checkResource(object: JsonObject, schema: Schema | undefined): SchemaVerdict {
  const walk = new Walk();
  if (schema !== undefined) visit(object, schema, '', walk, { structural: true, preserving: false, resourceRoot: true });
  return verdictOf(walk);
}

/**
 * A resource's `status` against its version's schema (`openAPIV3Schema`), as the status subresource checks it; with
 * `partial`, as a part of a status (InterpretStatus's: Karmada keeps it in the binding, and aggregates it later): each
 * of its fields as the status would hold it, but no field required, and no field of its own unknown.
 */
export function checkStatus(status: JsonValue, schema: Schema | undefined, options: { partial?: boolean } = {}): SchemaVerdict {
  const walk = new Walk();
  if (schema === undefined) return verdictOf(walk);
  const statusSchema = propertyOf(subschema(schema, 'properties'), 'status');
  if (statusSchema === undefined) {
    if (schema['x-kubernetes-preserve-unknown-fields'] !== true) walk.dropped.push({ path: 'status', why: 'pruned' });
  } else if (status === null && !nullable(statusSchema)) {
    if (!hasDefault(statusSchema)) walk.dropped.push({ path: 'status', why: 'null' });
  } else {
    visit(status, statusSchema, 'status', walk, options.partial === true ? { ...structural, partial: true } : structural);
  }
  return verdictOf(walk);
}
