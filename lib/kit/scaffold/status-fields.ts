// The status fields a kind's skeleton reads from each member, reports (InterpretStatus) and writes into the resource
// template (AggregateStatus), as the CRD's status schema declares them: the replica counts, observedGeneration, the
// scale subresource's selector, and every field the schema requires (`status.required`, and in each required object
// its own required fields). The API server refuses a status written through the status subresource without a
// required field, so the skeleton writes every one, with a value of its type that says what the members report, or
// the least committal value the schema admits (its enum, minimum, minLength, format) while they report none.
// Also the source text the scaffold writes for these fields: the reader, InterpretStatus, AggregateStatus and the
// README's words. Work is linear in the status schema's size.
import type { JsonValue } from '../../review/json';

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
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  nullable?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
}

/** How the skeleton reads a field of a member's status (each a reader of lib/kube/fields.ts or objects.ts). */
export type FieldType = 'count' | 'generation' | 'integer' | 'number' | 'boolean' | 'string' | 'intOrString' | 'list' | 'map' | 'object' | 'any';

/**
 * How AggregateStatus makes a field of the template's status from the members':
 * - `sum`: a count (replicas), added up over the members;
 * - `least`: another number, the least any member reports (the furthest behind);
 * - `any`: a flag, true when any member reports it true;
 * - `agreed`: a string, list or object, the value every member reports (a mix would be a state no cluster is in);
 * - `latest`: a time (format date-time), the latest any member reports;
 * - `generation`: observedGeneration, the template's generation once every member observed it (Karmada's rule);
 * - `object`: a required object, built from its own required fields, each made by its own rule;
 * - `none`: not aggregated (an optional observedGeneration the control plane does not claim).
 */
export type Aggregation = 'sum' | 'least' | 'any' | 'agreed' | 'latest' | 'generation' | 'object' | 'none';

export interface StatusField {
  /** The property's name in its parent. */
  name: string;
  /** Its path below `status`: `['paused']`, `['shardStatus', 'ready']`. */
  path: string[];
  schema: SchemaNode;
  /** Whether the CRD requires it (its parent is `status` or a required object). */
  required: boolean;
  type: FieldType;
  aggregation: Aggregation;
  /** The value written while no member reports one: the type's zero value as the schema admits it. */
  zero: JsonValue;
  /** A boolean of spec with the same name: a required flag stands on the template's spec while no member reports it. */
  specFallback?: string;
  /** The scale subresource's labelSelectorPath names it. */
  selector?: boolean;
  /** A required object's required fields. */
  fields?: StatusField[];
}

/** Deeper than this, a required object is written as its zero value (a schema that deep is a machine's). */
const maxDepth = 8;

const isCount = (name: string) => name === 'replicas' || name.endsWith('Replicas');

function isDateTime(schema: SchemaNode): boolean {
  return schema.type === 'string' && (schema.format === 'date-time' || schema.format === 'datetime');
}

function typeOf(schema: SchemaNode, name: string, topLevel: boolean, counts: ReadonlySet<string>): FieldType {
  if (schema['x-kubernetes-int-or-string'] === true) return 'intOrString';
  switch (schema.type) {
    case 'integer':
      if (topLevel && name === 'observedGeneration') return 'generation';
      return (topLevel ? counts.has(name) : isCount(name)) ? 'count' : 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'array':
      return 'list';
    case 'object':
      return 'map';
    default:
      return 'any';
  }
}

/** The smallest number the schema admits, nearest 0: its minimum when 0 is below it, its maximum when 0 is above. */
function numberZero(schema: SchemaNode, integer: boolean): number {
  const step = integer ? 1 : Number.EPSILON;
  let zero = 0;
  if (schema.minimum !== undefined && (zero < schema.minimum || (schema.exclusiveMinimum === true && zero <= schema.minimum))) {
    zero = integer ? Math.ceil(schema.minimum) : schema.minimum;
    if (schema.exclusiveMinimum === true && zero <= schema.minimum) zero += step;
  }
  if (schema.maximum !== undefined && (zero > schema.maximum || (schema.exclusiveMaximum === true && zero >= schema.maximum))) {
    zero = integer ? Math.floor(schema.maximum) : schema.maximum;
    if (schema.exclusiveMaximum === true && zero >= schema.maximum) zero -= step;
  }
  return zero;
}

/** Kubernetes validates these string formats; an empty string is not one of them. */
const formatZeros: Record<string, string> = {
  'date-time': '1970-01-01T00:00:00Z',
  datetime: '1970-01-01T00:00:00Z',
  date: '1970-01-01',
  duration: '0s',
  uuid: '00000000-0000-0000-0000-000000000000',
  uuid3: '00000000-0000-3000-8000-000000000000',
  uuid4: '00000000-0000-4000-8000-000000000000',
  uuid5: '00000000-0000-5000-8000-000000000000',
};

function stringZero(schema: SchemaNode): string {
  const formatted = schema.format === undefined ? undefined : formatZeros[schema.format];
  if (formatted !== undefined) return formatted;
  const minLength = schema.minLength ?? 0;
  if (minLength === 0) return '';
  // Kubernetes' word for a state not known yet (a condition's status), stretched or cut to the lengths admitted.
  const unknown = 'Unknown'.padEnd(minLength, '-');
  return schema.maxLength === undefined ? unknown : unknown.slice(0, Math.max(minLength, schema.maxLength));
}

/**
 * The value of a schema's type that says least, as the schema admits it: its default when it has one of its type,
 * else the first of its enum unless the natural zero is listed, else false, 0 (within minimum and maximum), '' (or a
 * zero of its format, or 'Unknown' when empty is too short), [] (minItems zero items), {} with its required fields.
 */
export function admittedZero(schema: SchemaNode, depth = 0): JsonValue {
  const natural = naturalZero(schema, depth);
  if (schema.default !== undefined && schema.default !== null && typeof schema.default === typeof natural && Array.isArray(schema.default) === Array.isArray(natural)) {
    return schema.default as JsonValue;
  }
  if (schema.enum !== undefined && schema.enum.length > 0 && !schema.enum.some((value) => JSON.stringify(value) === JSON.stringify(natural))) {
    return schema.enum[0] as JsonValue;
  }
  return natural;
}

function naturalZero(schema: SchemaNode, depth: number): JsonValue {
  if (schema['x-kubernetes-int-or-string'] === true) return 0;
  switch (schema.type) {
    case 'boolean':
      return false;
    case 'integer':
      return numberZero(schema, true);
    case 'number':
      return numberZero(schema, false);
    case 'string':
      return stringZero(schema);
    case 'array': {
      const item = schema.items === undefined || depth >= maxDepth ? {} : admittedZero(schema.items, depth + 1);
      return Array.from({ length: schema.minItems ?? 0 }, () => item);
    }
    default: {
      const zero: Record<string, JsonValue> = {};
      if (depth >= maxDepth) return zero;
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property !== undefined) zero[name] = admittedZero(property, depth + 1);
      }
      return zero;
    }
  }
}

function aggregationOf(type: FieldType, schema: SchemaNode, required: boolean): Aggregation {
  switch (type) {
    case 'count':
      return 'sum';
    case 'generation':
      return required ? 'generation' : 'none';
    case 'integer':
    case 'number':
      return 'least';
    case 'boolean':
      return 'any';
    case 'string':
      return isDateTime(schema) ? 'latest' : 'agreed';
    case 'object':
      return 'object';
    default:
      return 'agreed';
  }
}

function fieldOf(name: string, schema: SchemaNode, path: string[], required: boolean, depth: number, counts: ReadonlySet<string>): StatusField {
  let type = typeOf(schema, name, depth === 0, counts);
  const requiredFields = (schema.required ?? []).filter((child) => schema.properties?.[child] !== undefined);
  if (type === 'map' && required && requiredFields.length > 0 && depth < maxDepth) type = 'object';
  const field: StatusField = { name, path, schema, required, type, aggregation: aggregationOf(type, schema, required), zero: admittedZero(schema) };
  if (type === 'object') {
    field.fields = requiredFields.map((child) => fieldOf(child, schema.properties![child]!, [...path, child], true, depth + 1, counts));
  }
  return field;
}

/**
 * The status fields the skeleton handles, in the schema's order: every required one (recursively), the counts,
 * observedGeneration and the scale subresource's selector. `counts`: the top-level counts (crd.ts names them).
 */
export function statusFieldsOf(
  status: SchemaNode | undefined,
  { counts, selector, spec }: { counts: readonly string[]; selector?: string | undefined; spec?: SchemaNode | undefined },
): StatusField[] {
  const countSet = new Set(counts);
  const required = new Set(status?.required ?? []);
  const fields: StatusField[] = [];
  for (const [name, schema] of Object.entries(status?.properties ?? {})) {
    const generation = name === 'observedGeneration' && schema.type === 'integer';
    if (!required.has(name) && !countSet.has(name) && !generation && name !== selector) continue;
    const field = fieldOf(name, schema, [name], required.has(name), 0, countSet);
    if (field.type === 'boolean' && spec?.properties?.[name]?.type === 'boolean') field.specFallback = name;
    if (name === selector) field.selector = true;
    fields.push(field);
  }
  return fields;
}

/** Whether AggregateStatus needs the members' generations (a required observedGeneration). */
export function needsGenerations(fields: readonly StatusField[]): boolean {
  return fields.some((field) => field.aggregation === 'generation');
}

/** The spec fields the status falls back on (the reader reads them from spec). */
export function specFallbacks(fields: readonly StatusField[]): string[] {
  return fields.flatMap((field) => (field.specFallback === undefined ? [] : [field.specFallback]));
}

// ---- source text -------------------------------------------------------------------------------------------------

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name in a type or an object literal. */
export function propertyKey(name: string): string {
  return identifier.test(name) ? name : literal(name);
}

/** `base.name`, `base?.name` or `base?.['na-me']`. */
function access(base: string, name: string, optional: boolean): string {
  if (identifier.test(name)) return `${base}${optional ? '?.' : '.'}${name}`;
  return `${base}${optional ? '?.' : ''}[${literal(name)}]`;
}

/** `status.a?.b?.c`: a member's field, each object on the way optional. */
function accessor(path: readonly string[], root = 'status'): string {
  return path.reduce((base, name, index) => access(base, name, index > 0), root);
}

/** A TypeScript string literal in the project's style (single quotes). */
export function literal(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

/** A JSON value as TypeScript source. */
export function valueSource(value: JsonValue): string {
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return `[${value.map(valueSource).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${propertyKey(key)}: ${valueSource(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

const viewTypes: Record<Exclude<FieldType, 'object'>, string> = {
  count: 'number',
  generation: 'number',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  string: 'string',
  intOrString: 'number | string',
  list: 'JsonValue[]',
  map: 'JsonObject',
  any: 'JsonValue',
};

/** The members of the status view's interface (`paused?: boolean;`), one a line, at `indent`. */
export function viewMembers(fields: readonly StatusField[], indent: string): string[] {
  return fields.map((field) => {
    const type = field.type === 'object' ? `{\n${viewMembers(field.fields!, `${indent}  `).join('\n')}\n${indent}}` : viewTypes[field.type];
    return `${indent}${propertyKey(field.name)}?: ${type};`;
  });
}

/** How the reader reads each type of field: a method of the cursor (lib/kube/cursor.ts) on `parent`. */
const cursorReads: Record<Exclude<FieldType, 'object'>, (parent: string, name: string) => string> = {
  count: (parent, name) => `${parent}.count(${name})`,
  generation: (parent, name) => `${parent}.generation(${name})`,
  integer: (parent, name) => `${parent}.integer(${name})`,
  number: (parent, name) => `${parent}.number(${name})`,
  boolean: (parent, name) => `${parent}.boolean(${name})`,
  string: (parent, name) => `${parent}.string(${name})`,
  intOrString: (parent, name) => `${parent}.intOrString(${name})`,
  list: (parent, name) => `${parent}.list(${name})`,
  map: (parent, name) => `${parent}.object(${name}).value`,
  any: (parent, name) => `${parent}.raw(${name})`,
};

function pascal(path: readonly string[]): string {
  return path.map((name) => name.replace(/[^A-Za-z0-9]/g, '')).map((name) => name.charAt(0).toUpperCase() + name.slice(1)).join('');
}

/**
 * The reader's source for these fields: the object literal lines of `readStatus` (reading from the cursor `status`),
 * and a function per required object (`readStatusShardStatus`), which reads its required fields.
 */
export function readerSource(fields: readonly StatusField[], viewType: string): { lines: string[]; functions: string[] } {
  const functions: string[] = [];
  const names = new Set<string>();
  const linesOf = (list: readonly StatusField[], parent: string): string[] =>
    list.map((field) => {
      if (field.type !== 'object') return `${propertyKey(field.name)}: ${cursorReads[field.type](parent, literal(field.name))},`;
      let name = `readStatus${pascal(field.path)}`;
      while (names.has(name)) name += '_';
      names.add(name);
      const type = field.path.reduce((outer, step, index) => (index === 0 ? `${outer}[${literal(step)}]` : `NonNullable<${outer}>[${literal(step)}]`), viewType);
      functions.push(`/** \`status.${field.path.join('.')}\`: the fields the CRD requires of it. */
function ${name}(object: Cursor): NonNullable<${type}> {
  return {
${linesOf(field.fields!, 'object').map((line) => `    ${line}`).join('\n')}
  };
}`);
      return `${propertyKey(field.name)}: ${parent}.part(${literal(field.name)}, ${name}),`;
    });
  return { lines: linesOf(fields, 'status'), functions };
}

/** The source of a field's value in InterpretStatus: the member's own, or what stands while it has none. */
function reportedValue(field: StatusField): string {
  if (field.type === 'object') {
    return `{\n${field.fields!.map((child) => `${propertyKey(child.name)}: ${reportedValue(child)},`).join('\n')}\n}`;
  }
  const fallback = field.specFallback === undefined ? valueSource(field.zero) : `${access('object.spec', field.specFallback, true)} ?? ${valueSource(field.zero)}`;
  return `${accessor(field.path)} ?? ${fallback}`;
}

/**
 * InterpretStatus's `rawStatus` literal lines (at `indent`), and the lines that add the fields a member may not have:
 * every required field and every count is reported, the member's or what stands while it has none.
 */
export function reportedSource(fields: readonly StatusField[], indent: string): { entries: string[]; optional: string[] } {
  const entries: string[] = [];
  const optional: string[] = [];
  for (const field of fields) {
    if (field.required || field.type === 'count') entries.push(`${propertyKey(field.name)}: ${reportedValue(field)},`);
    else optional.push(`if (${accessor(field.path)} !== undefined) ${access('rawStatus', field.name, false)} = ${accessor(field.path)};`);
  }
  return { entries: indentLines(entries, indent), optional };
}

/** The value AggregateStatus writes for a field (`members`, `statuses` and `object` are in scope). */
function aggregatedValue(field: StatusField): string {
  const value = `(status) => ${accessor(field.path)}`;
  const zero = valueSource(field.zero);
  switch (field.aggregation) {
    case 'sum': {
      const sum = `sumOf(statuses, ${value}, ${literal(field.path.join('.'))})`;
      return typeof field.zero === 'number' && field.zero > 0 ? `Math.max(${zero}, ${sum})` : sum;
    }
    case 'least':
      return `leastOf(statuses, ${value}) ?? ${zero}`;
    case 'any':
      return `anyOf(statuses, ${value}) ?? ${field.specFallback === undefined ? zero : `${access('object.spec', field.specFallback, true)} ?? ${zero}`}`;
    case 'latest':
      return `latestTime(statuses.map(${value})) ?? ${zero}`;
    case 'generation':
      return 'observed ? object.metadata.generation ?? 0 : object.status?.observedGeneration ?? 0';
    case 'object':
      return `{\n${field.fields!.map((child) => `${commentLines(child)}${propertyKey(child.name)}: ${aggregatedValue(child)},`).join('\n')}\n}`;
    default:
      return `agreedValue(members, ${value}) ?? ${zero}`;
  }
}

/** What a field's aggregated value is, in words (the generated comment and the README). */
export function describeAggregation(field: StatusField): string {
  const zero = valueSource(field.zero);
  const pattern = field.schema.pattern === undefined ? '' : ` (the CRD's pattern ${field.schema.pattern}: check that ${zero} matches it)`;
  switch (field.aggregation) {
    case 'sum':
      return 'added up over the members';
    case 'least':
      return `the least any member reports (the furthest behind; a count to add up takes sumOf), ${zero} while none reports one`;
    case 'any':
      return field.specFallback === undefined
        ? `true when any member reports it true (one member raising it is news; a flag all must hold takes every()), ${zero} while none reports it`
        : `true when any member reports it true (a status says what the members observed, so ${field.name} true in one cluster alone, set there by an OverridePolicy, shows), and while no member reports it the template's own spec.${field.specFallback}, which every member is about to observe`;
    case 'latest':
      return `the latest time any member reports, ${zero} while none reports one`;
    case 'generation':
      return "the template's metadata.generation once every member observed it (Karmada's rule for a Deployment; InterpretStatus reports each member's generations for it), else what the template's status has (0 at first)";
    case 'object':
      return 'the fields the CRD requires of it, each made as its comment says';
    case 'none':
      return 'not written (the control plane does not claim a generation)';
    default:
      return field.selector === true
        ? 'the selector every member reports (the scale subresource\'s labelSelectorPath, which a FederatedHPA reads), none when they differ'
        : `the value every member reports (a mix would describe a state no cluster is in), ${zero} when they differ or one reports none${pattern}`;
  }
}

/** `text` in lines of at most `width` characters, broken at spaces. */
export function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

/** A field's comment, wrapped (the generated code is indented about 8 more). */
function commentLines(field: StatusField): string {
  const why = field.required ? `${field.path.join('.')} (the CRD requires it)` : field.path.join('.');
  return wrapped(`${why}: ${describeAggregation(field)}.`, 104).map((line) => `// ${line}\n`).join('');
}

/** AggregateStatus's statements after `const builder = patch();`, at `indent`. */
export function aggregatedSource(fields: readonly StatusField[], indent: string): string[] {
  const lines: string[] = [];
  const requiredCounts = fields.filter((field) => field.aggregation === 'sum' && field.required).map((field) => field.name);
  let countsSaid = false;
  for (const field of fields) {
    if (field.aggregation === 'none') continue;
    const add = (value: string) => `builder.add(['status', ${literal(field.name)}], ${value});`;
    if (field.aggregation === 'sum') {
      if (!countsSaid) {
        const required = requiredCounts.length === 0 ? '' : `; the CRD requires ${requiredCounts.join(', ')} in every status`;
        lines.push(...wrapped(`Counts add up over the members (each an int32: a sum past it is a 400 naming the field)${required}.`, 104).map((line) => `// ${line}`));
        countsSaid = true;
      }
      lines.push(add(aggregatedValue(field)));
      continue;
    }
    lines.push(commentLines(field).trimEnd());
    if (field.aggregation === 'generation') {
      lines.push('const observed = observedByEveryMember(object.metadata.generation, { members: members.listed, reported: statuses }, true);');
    }
    // An optional field no rule can honestly make (a selector the members do not agree on) is left out.
    lines.push(field.required ? add(aggregatedValue(field)) : `setOrRemove(builder, ${literal(field.name)}, agreedValue(members, (status) => ${accessor(field.path)}));`);
  }
  return indentLines(lines, indent);
}

/** Lines re-indented: each nested object literal line one step deeper than the line that opens it. */
function indentLines(lines: readonly string[], indent: string): string[] {
  let depth = 0;
  return lines.flatMap((line) => line.split('\n')).map((line) => {
    if (/^[}\]]/.test(line)) depth -= 1;
    const text = `${indent}${'  '.repeat(Math.max(depth, 0))}${line}`;
    if (/[{[]$/.test(line)) depth += 1;
    return text;
  });
}

/** The helpers AggregateStatus uses, from lib/shapes/aggregation.ts (`latestTime` too) and generations.ts. */
export function aggregationHelpers(fields: readonly StatusField[]): { aggregation: string[]; generations: boolean } {
  const used = new Set<string>(['membersOf']);
  const visit = (list: readonly StatusField[], top: boolean) => {
    for (const field of list) {
      if (field.aggregation === 'sum') used.add('sumOf');
      if (field.aggregation === 'least') used.add('leastOf');
      if (field.aggregation === 'any') used.add('anyOf');
      if (field.aggregation === 'latest') used.add('latestTime');
      if (field.aggregation === 'agreed') used.add('agreedValue');
      if (field.aggregation === 'agreed' && top && !field.required) used.add('setOrRemove');
      if (field.aggregation === 'object') visit(field.fields!, false);
    }
  };
  visit(fields, true);
  return { aggregation: [...used].sort(), generations: needsGenerations(fields) };
}

/** Every required field that is not an object of required fields itself (`paused`, `shard.ready`), for the README. */
export function requiredLeaves(fields: readonly StatusField[]): StatusField[] {
  return fields.flatMap((field) => (!field.required ? [] : field.type === 'object' && field.fields!.length > 0 ? requiredLeaves(field.fields!) : [field]));
}
