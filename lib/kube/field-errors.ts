// Field errors in Kubernetes' own words (k8s.io/apimachinery/pkg/util/validation/field) and the apiserver's Invalid status.

export type FieldErrorType = 'FieldValueInvalid' | 'FieldValueRequired' | 'FieldValueDuplicate' | 'FieldValueForbidden' | 'FieldValueTypeInvalid' | 'FieldValueTooMany';

export interface FieldError {
  type: FieldErrorType;
  /** The field's path as kube writes it: `spec.template.spec.containers[0].name`, `metadata.annotations[key]`. */
  field: string;
  badValue?: unknown;
  detail?: string;
}

const typeWords: Readonly<Record<FieldErrorType, string>> = {
  FieldValueInvalid: 'Invalid value',
  FieldValueTypeInvalid: 'Invalid value',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooMany: 'Too many',
};

export const invalid = (field: string, badValue: unknown, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, badValue, detail });
export const required = (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail });
export const duplicate = (field: string, badValue: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, badValue });
export const forbidden = (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, detail });
/** How many errors were left out of an answer (no value: what is too many is the list itself). */
export const tooMany = (field: string, detail: string): FieldError => ({ type: 'FieldValueTooMany', field, detail });
/** A list longer than allowed, as `field.TooMany(path, actual, max)` words it: `Too many: 20000: must have at most 10000 items`. */
export const tooManyItems = (field: string, actual: number, max: number): FieldError =>
  ({ type: 'FieldValueTooMany', field, detail: `${actual}: must have at most ${max} items` });
/** A value of the wrong JSON type; like the apiserver's schema errors, the bad value shown is the type's name. */
export const typeInvalid = (field: string, value: unknown, expected: string): FieldError => ({
  type: 'FieldValueTypeInvalid',
  field,
  badValue: typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : jsonTypeOf(value),
  detail: `must be of type ${expected}`,
});

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Go's `%q` of a string: what kube prints for a string value. */
export function goQuoted(text: string): string {
  const escapes: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const escape = escapes[character];
    if (escape !== undefined) out += escape;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if ((code >= 0x80 && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += character;
  }
  return `${out}"`;
}

/** Bad values are the caller's: cut, so that a message never grows with the request. */
const maxValueLength = 256;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goQuoted(value.length <= maxValueLength ? value : `${value.slice(0, maxValueLength)}...`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return goQuoted(jsonTypeOf(value));
}

/** `ErrorBody()`: the message without the field path. */
export function errorBody(error: FieldError): string {
  const words = typeWords[error.type];
  const valueless = error.type === 'FieldValueRequired' || error.type === 'FieldValueForbidden' || error.type === 'FieldValueTooMany';
  const withValue = valueless ? words : `${words}: ${valueText(error.badValue)}`;
  return error.detail ? `${withValue}: ${error.detail}` : withValue;
}

/** `Error()`: `<field>: <body>`. */
export function errorText(error: FieldError): string {
  return `${error.field}: ${errorBody(error)}`;
}

/** The aggregate as utilerrors prints it: one message as is, several in brackets, duplicates once. */
export function aggregateText(errors: readonly FieldError[]): string {
  const messages = [...new Set(errors.map(errorText))];
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}

export interface InvalidStatus {
  status: 'Failure';
  code: 422;
  reason: 'Invalid';
  message: string;
  details: { name: string; group: string; kind: string; causes: { reason: FieldErrorType; message: string; field: string }[] };
}

/** `apierrors.NewInvalid`: `Kind.group "name" is invalid: <aggregate>`, code 422, reason Invalid, one cause per error. */
export function invalidStatus(group: string, kind: string, name: string, errors: readonly FieldError[]): InvalidStatus {
  const qualified = group === '' ? kind : `${kind}.${group}`;
  return {
    status: 'Failure',
    code: 422,
    reason: 'Invalid',
    message: `${qualified} ${goQuoted(name)} is invalid: ${aggregateText(errors)}`,
    details: { name, group, kind, causes: errors.map((error) => ({ reason: error.type, message: errorBody(error), field: error.field })) },
  };
}
