// What a CRD's schema asks of a status, walked as the API server walks it when a status is written: every name of
// every `required` list, in every object that is there (and in each object of a list), and each value of its type,
// within its enum, bounds and lengths, in the formats Kubernetes checks. A unit-level stand-in for the API server
// (the admission oracle asks a real one); fields the schema does not know are pruned there, not refused, so they are
// not problems here.
import type { SchemaNode } from '../../lib/kit/scaffold/crd';

const formats: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

function typeProblem(schema: SchemaNode, value: unknown): string | undefined {
  if (schema['x-kubernetes-int-or-string'] === true) {
    return typeof value === 'string' || Number.isInteger(value) ? undefined : 'must be an integer or a string';
  }
  switch (schema.type) {
    case 'integer':
      return Number.isInteger(value) ? undefined : 'must be an integer';
    case 'number':
      return typeof value === 'number' ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'array':
      return Array.isArray(value) ? undefined : 'must be an array';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'must be an object';
    default:
      return undefined;
  }
}

function boundProblems(schema: SchemaNode, value: unknown): string[] {
  const problems: string[] = [];
  if (schema.enum !== undefined && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    problems.push(`must be one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && (value < schema.minimum || (schema.exclusiveMinimum === true && value === schema.minimum))) problems.push(`must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && (value > schema.maximum || (schema.exclusiveMaximum === true && value === schema.maximum))) problems.push(`must be at most ${schema.maximum}`);
    if (schema.format === 'int32' && (value < -(2 ** 31) || value >= 2 ** 31)) problems.push('must fit in an int32');
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`must be at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`must be at most ${schema.maxLength} characters`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`must match ${schema.pattern}`);
    const format = schema.format === undefined ? undefined : formats[schema.format];
    if (format !== undefined && !format.test(value)) problems.push(`must be a ${schema.format}`);
  }
  if (Array.isArray(value) && schema.minItems !== undefined && value.length < schema.minItems) problems.push(`must have at least ${schema.minItems} items`);
  return problems;
}

/** Every way `value` (at `path`) falls short of `schema`: `status.paused: required`, `status.phase: must be one of …`. */
export function schemaProblems(schema: SchemaNode, value: unknown, path = 'status'): string[] {
  if (value === null && schema.nullable === true) return [];
  const wrongType = typeProblem(schema, value);
  if (wrongType !== undefined) return [`${path}: ${wrongType}`];
  const problems = boundProblems(schema, value).map((problem) => `${path}: ${problem}`);
  if (Array.isArray(value)) {
    if (schema.items !== undefined) value.forEach((item, index) => problems.push(...schemaProblems(schema.items!, item, `${path}[${index}]`)));
    return problems;
  }
  if (typeof value !== 'object' || value === null) return problems;
  const object = value as Record<string, unknown>;
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(object, name) || object[name] === null) problems.push(`${path}.${name}: required`);
  }
  for (const [name, item] of Object.entries(object)) {
    const property = schema.properties?.[name] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (property !== undefined) problems.push(...schemaProblems(property, item, `${path}.${name}`));
  }
  return problems;
}

/** Every field a status must have by the schema's `required` lists (objects only, as a status written from nothing). */
export function requiredPaths(schema: SchemaNode, path = 'status'): string[] {
  return (schema.required ?? []).flatMap((name) => {
    const property = schema.properties?.[name];
    return [`${path}.${name}`, ...(property?.type === 'object' ? requiredPaths(property, `${path}.${name}`) : [])];
  });
}
