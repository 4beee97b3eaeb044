// The field readers of lib/kube/fields.ts and lib/kube/objects.ts, both ways: without a Reading they throw the first
// wrong field as a FieldFailure (the interpreter's 400, a conversion's Failure); with a collecting one they record
// kube's field error for every wrong field (apimachinery's field.ErrorList) and read on.
import { describe, expect, it } from 'vitest';
import { invalid, tooManyItems, typeInvalid, type FieldError } from '../../lib/kube/field-errors';
import {
  arrayField,
  booleanField,
  checkListLength,
  countField,
  integerField,
  intOrStringField,
  numberField,
  objectField,
  objectItems,
  signedField,
  stringField,
  stringMapField,
  type Reading,
} from '../../lib/kube/fields';
import { generationField, metadataOf, podTemplateField } from '../../lib/kube/objects';
import { FieldFailure } from '../../lib/review/core';
import type { JsonObject, JsonValue } from '../../lib/review/json';

type Read = (parent: JsonObject, reading?: Reading) => unknown;

/** What a reader throws without a Reading, as `field` and `detail`; undefined when it returns. */
function failureOf(read: () => unknown): { field: string; detail: string } | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    if (!(error instanceof FieldFailure)) throw error;
    return { field: error.field, detail: error.detail };
  }
}

// One row per rule: the wrong value, the FieldFailure the interpreter has always answered (its words, "got an object"
// included, are kept byte for byte), kube's field error.
const wrongFields: [rule: string, read: Read, parent: JsonObject, failure: { field: string; detail: string }, error: FieldError][] = [
  ['an object', (p, r) => objectField(p, 'f', 'o.f', r), { f: 'x' }, { field: 'o.f', detail: 'must be an object, got a string' }, typeInvalid('o.f', 'x', 'object')],
  ['an object, not an array', (p, r) => objectField(p, 'f', 'o.f', r), { f: [1] }, { field: 'o.f', detail: 'must be an object, got an array' }, typeInvalid('o.f', [1], 'object')],
  ['an array', (p, r) => arrayField(p, 'f', 'o.f', r), { f: {} }, { field: 'o.f', detail: 'must be an array, got an object' }, typeInvalid('o.f', {}, 'array')],
  ['a string', (p, r) => stringField(p, 'f', 'o.f', r), { f: 7 }, { field: 'o.f', detail: 'must be a string, got a number' }, typeInvalid('o.f', 7, 'string')],
  ['a boolean', (p, r) => booleanField(p, 'f', 'o.f', r), { f: 'yes' }, { field: 'o.f', detail: 'must be a boolean, got a string' }, typeInvalid('o.f', 'yes', 'boolean')],
  ['a count is an integer', (p, r) => countField(p, 'f', 'o.f', r), { f: 1.5 }, { field: 'o.f', detail: 'must be an integer, got 1.5' }, typeInvalid('o.f', 1.5, 'integer')],
  ['a count is a number', (p, r) => countField(p, 'f', 'o.f', r), { f: '3' }, { field: 'o.f', detail: 'must be an integer, got a string' }, typeInvalid('o.f', '3', 'integer')],
  ['a count is not negative', (p, r) => countField(p, 'f', 'o.f', r), { f: -1 }, { field: 'o.f', detail: 'must not be negative, got -1' }, invalid('o.f', -1, 'must be greater than or equal to 0')],
  ['a count fits an int32', (p, r) => countField(p, 'f', 'o.f', r), { f: 2 ** 31 }, { field: 'o.f', detail: 'must fit in an int32, got 2147483648' }, invalid('o.f', 2 ** 31, 'must be less than or equal to 2147483647')],
  ['an integer is an integer', (p, r) => integerField(p, 'f', 'o.f', r), { f: 0.5 }, { field: 'o.f', detail: 'must be an integer, got 0.5' }, typeInvalid('o.f', 0.5, 'integer')],
  ['an integer is held exactly', (p, r) => integerField(p, 'f', 'o.f', r), { f: -(2 ** 53) }, { field: 'o.f', detail: 'must be an integer a JSON number holds exactly, got -9007199254740992' }, invalid('o.f', -(2 ** 53), 'must be less than or equal to 9007199254740991')],
  ['a signed integer is an integer', (p, r) => signedField(p, 'f', 'o.f', 'int32', r), { f: -1.5 }, { field: 'o.f', detail: 'must be an integer, got -1.5' }, typeInvalid('o.f', -1.5, 'integer')],
  ['a signed integer is a number', (p, r) => signedField(p, 'f', 'o.f', 'int64', r), { f: '-1' }, { field: 'o.f', detail: 'must be an integer, got a string' }, typeInvalid('o.f', '-1', 'integer')],
  ['an int32 fits below', (p, r) => signedField(p, 'f', 'o.f', 'int32', r), { f: -(2 ** 31) - 1 }, { field: 'o.f', detail: 'must fit in an int32, got -2147483649' }, invalid('o.f', -(2 ** 31) - 1, 'must be greater than or equal to -2147483648')],
  ['an int32 fits above', (p, r) => signedField(p, 'f', 'o.f', undefined, r), { f: 2 ** 31 }, { field: 'o.f', detail: 'must fit in an int32, got 2147483648' }, invalid('o.f', 2 ** 31, 'must be less than or equal to 2147483647')],
  ['an int64 is held exactly', (p, r) => signedField(p, 'f', 'o.f', 'int64', r), { f: -(2 ** 53) }, { field: 'o.f', detail: 'must be an int64 a JSON number holds exactly, got -9007199254740992' }, invalid('o.f', -(2 ** 53), 'must be greater than or equal to -9007199254740991')],
  ['a number is a number', (p, r) => numberField(p, 'f', 'o.f', r), { f: '1.5' }, { field: 'o.f', detail: 'must be a number, got a string' }, typeInvalid('o.f', '1.5', 'number')],
  ['an int-or-string is neither a fraction nor an object', (p, r) => intOrStringField(p, 'f', 'o.f', r), { f: 1.5 }, { field: 'o.f', detail: 'must be an integer or a string, got 1.5' }, typeInvalid('o.f', 1.5, 'integer or string')],
  ['a map of strings (kube names the key bare)', (p, r) => stringMapField(p, 'f', 'o.f', r), { f: { 'app.io/x': 1 } }, { field: 'o.f["app.io/x"]', detail: 'must be a string, got a number' }, typeInvalid('o.f[app.io/x]', 1, 'string')],
  ['list items are objects', (p, r) => objectItems(p, 'f', 'o.f', 10, r), { f: [{}, 'x'] }, { field: 'o.f[1]', detail: 'must be an object, got a string' }, typeInvalid('o.f[1]', 'x', 'object')],
  ['a list has at most maxItems', (p, r) => objectItems(p, 'f', 'o.f', 2, r), { f: [{}, {}, {}] }, { field: 'o.f', detail: 'has 3 items; at most 2 are accepted' }, tooManyItems('o.f', 3, 2)],
  ['a bound names its reason', (p, r) => objectItems(p, 'f', 'o.f', { maxItems: 2, why: 'far more than any f needs' }, r), { f: [{}, {}, {}] }, { field: 'o.f', detail: 'has 3 items; at most 2 are accepted (far more than any f needs)' }, tooManyItems('o.f', 3, 2)],
  ['a generation is an integer', (p, r) => generationField(p, 'f', 'o.f', r), { f: 0.5 }, { field: 'o.f', detail: 'must be a non-negative integer, got 0.5' }, typeInvalid('o.f', 0.5, 'integer')],
  ['a generation is not negative', (p, r) => generationField(p, 'f', 'o.f', r), { f: -2 }, { field: 'o.f', detail: 'must be a non-negative integer, got -2' }, invalid('o.f', -2, 'must be greater than or equal to 0')],
  ['a generation is held exactly', (p, r) => generationField(p, 'f', 'o.f', r), { f: 2 ** 53 }, { field: 'o.f', detail: 'must be a non-negative integer, got 9007199254740992' }, invalid('o.f', 2 ** 53, 'must be less than or equal to 9007199254740991')],
  ['a pod template and its spec are objects', (p, r) => podTemplateField(p, 'f', 'o.f', r), { f: { spec: [] } }, { field: 'o.f.spec', detail: 'must be an object, got an array' }, typeInvalid('o.f.spec', [], 'object')],
];

describe('a wrong field', () => {
  it.each(wrongFields)('%s: thrown as a FieldFailure without a Reading', (_rule, read, parent, failure) => {
    // Act
    const thrown = failureOf(() => read(parent));

    // Assess
    expect(thrown).toEqual(failure);
  });

  it.each(wrongFields)('%s: recorded as kube\'s field error by a collecting Reading, and read on', (_rule, read, parent, _failure, error) => {
    // Prepare
    const errors: FieldError[] = [];

    // Act
    read(parent, { errors });

    // Assess
    expect(errors).toEqual([error]);
  });
});

describe('a collecting Reading', () => {
  it('reads on past every wrong field and keeps the right ones, in reading order', () => {
    // Prepare
    const object: JsonObject = {
      metadata: { name: 5, namespace: 'prod', labels: { app: 'web', tier: false, team: 'a' }, annotations: 'none', generation: -1 },
    };
    const errors: FieldError[] = [];

    // Act
    const metadata = metadataOf(object, '', { errors });

    // Assess
    expect(metadata).toEqual({ name: undefined, namespace: 'prod', labels: undefined, annotations: undefined, generation: undefined });
    expect(errors).toEqual([
      typeInvalid('metadata.name', 5, 'string'),
      typeInvalid('metadata.labels[tier]', false, 'string'),
      typeInvalid('metadata.annotations', 'none', 'object'),
      invalid('metadata.generation', -1, 'must be greater than or equal to 0'),
    ]);
  });

  it('leaves out the items that are not objects and records each', () => {
    // Prepare
    const errors: FieldError[] = [];

    // Act
    const items = objectItems({ list: [{ a: 1 }, 2, null, { b: 2 }] }, 'list', 'list', 10, { errors });

    // Assess
    expect(items).toEqual([{ item: { a: 1 }, path: 'list[0]' }, { item: { b: 2 }, path: 'list[3]' }]);
    expect(errors).toEqual([typeInvalid('list[1]', 2, 'object'), typeInvalid('list[2]', null, 'object')]);
  });

  it('refuses a list too long once, before looking at any item', () => {
    // Prepare
    const errors: FieldError[] = [];

    // Act
    const items = objectItems({ list: [1, 2, 3] }, 'list', 'list', 2, { errors });
    const within = checkListLength(2, 2, 'other', { errors });

    // Assess
    expect(items).toEqual([]);
    expect(within).toBe(true);
    expect(errors).toEqual([tooManyItems('list', 3, 2)]);
  });

  it('reads valid fields exactly as the throwing reader does, recording nothing', () => {
    // Prepare
    const parent: JsonObject = { o: { a: 1 }, l: [{}], s: 'x', b: false, c: 3, m: { k: 'v' }, g: 4, t: { spec: {} }, i: -2, n: 0.5, p: '25%' };
    const reads: Read[] = [
      (p, r) => objectField(p, 'o', 'o', r),
      (p, r) => arrayField(p, 'l', 'l', r),
      (p, r) => stringField(p, 's', 's', r),
      (p, r) => booleanField(p, 'b', 'b', r),
      (p, r) => countField(p, 'c', 'c', r),
      (p, r) => stringMapField(p, 'm', 'm', r),
      (p, r) => generationField(p, 'g', 'g', r),
      (p, r) => podTemplateField(p, 't', 't', r),
      (p, r) => objectItems(p, 'l', 'l', 1, r),
      (p, r) => integerField(p, 'i', 'i', r),
      (p, r) => numberField(p, 'n', 'n', r),
      (p, r) => intOrStringField(p, 'p', 'p', r),
      (p, r) => intOrStringField(p, 'c', 'c', r),
    ];
    const errors: FieldError[] = [];

    // Act
    const collected = reads.map((read) => read(parent, { errors }));
    const thrown = reads.map((read) => read(parent));

    // Assess
    expect(collected).toEqual(thrown);
    expect(errors).toEqual([]);
  });
});

describe('null', () => {
  const readers: [name: string, read: Read, expected: string][] = [
    ['objectField', (p, r) => objectField(p, 'f', 'f', r), 'object'],
    ['stringField', (p, r) => stringField(p, 'f', 'f', r), 'string'],
    ['booleanField', (p, r) => booleanField(p, 'f', 'f', r), 'boolean'],
    ['countField', (p, r) => countField(p, 'f', 'f', r), 'integer'],
    ['generationField', (p, r) => generationField(p, 'f', 'f', r), 'integer'],
    ['integerField', (p, r) => integerField(p, 'f', 'f', r), 'integer'],
    ['signedField', (p, r) => signedField(p, 'f', 'f', 'int64', r), 'integer'],
    ['numberField', (p, r) => numberField(p, 'f', 'f', r), 'number'],
    ['intOrStringField', (p, r) => intOrStringField(p, 'f', 'f', r), 'integer or string'],
  ];
  const withNull: JsonObject = { f: null as JsonValue };

  it.each(readers)('%s reads null as absent by default', (_name, read) => {
    // Prepare
    const errors: FieldError[] = [];

    // Act
    const value = read(withNull, { errors });

    // Assess
    expect(value).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it.each(readers)('%s refuses null when null is wrong (a converter), thrown or collected', (_name, read, expected) => {
    // Prepare
    const errors: FieldError[] = [];

    // Act
    const thrown = failureOf(() => read(withNull, { nullIsWrong: true }));
    read(withNull, { nullIsWrong: true, errors });

    // Assess
    expect(thrown?.field).toBe('f');
    expect(thrown?.detail).toMatch(/, got null$/);
    expect(errors).toEqual([typeInvalid('f', null, expected)]);
  });
});

describe('signedField', () => {
  it.each([
    ['int32', -(2 ** 31)],
    ['int32', -1],
    ['int32', 2 ** 31 - 1],
    ['int64', -1],
    ['int64', -(2 ** 53 - 1)],
    ['int64', 2 ** 53 - 1],
  ] as const)('reads any %s its range holds: %d', (format, value) => {
    // Act
    const read = signedField({ f: value }, 'f', 'o.f', format);

    // Assess
    expect(read).toBe(value);
  });

  it('reads an int64 an int32 refuses, and an absent field as absent', () => {
    // Act
    const wide = signedField({ f: 2 ** 40 }, 'f', 'o.f', 'int64');
    const narrow = failureOf(() => signedField({ f: 2 ** 40 }, 'f', 'o.f'));
    const absent = signedField({}, 'f', 'o.f', 'int64');

    // Assess
    expect(wide).toBe(2 ** 40);
    expect(narrow).toEqual({ field: 'o.f', detail: 'must fit in an int32, got 1099511627776' });
    expect(absent).toBeUndefined();
  });
});
