// A CRD's schema applied as kube-apiserver applies it, keyword by keyword: what it refuses (the path as kube prints
// it, the keyword, the bound or type expected), what it prunes or drops without a word, and what it admits.
import { describe, expect, it } from 'vitest';
import { checkResource, checkStatus, crdsOf, describeRefusal, type SchemaVerdict } from '../../lib/kit/crd-schema';
import type { JsonObject, JsonValue } from '../../lib/review/json';

/** A resource whose spec.value has `schema`, checked whole. */
function checkValue(schema: JsonObject, value: JsonValue): SchemaVerdict {
  const root = { type: 'object', properties: { spec: { type: 'object', properties: { value: schema } } } };
  return checkResource({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 'x' }, spec: { value } }, root);
}

/** The refusals' paths and keywords, the comparable part. */
const refused = (verdict: SchemaVerdict) => verdict.refusals.map(({ path, keyword }) => ({ path, keyword }));

describe('type, nullable and x-kubernetes-int-or-string', () => {
  it('refuses a value of another JSON type, naming the type expected and the type given', () => {
    // Act
    const verdict = checkValue({ type: 'integer' }, '3');

    // Assess
    expect(verdict.refusals).toEqual([{ path: 'spec.value', keyword: 'type', message: 'Invalid value: "3": must be of type integer, got string' }]);
    expect(describeRefusal(verdict.refusals[0]!)).toBe('spec.value: Invalid value: "3": must be of type integer, got string');
  });

  it('admits an integer where a number is expected, and each type its own kind of value', () => {
    // Act
    const verdicts = [
      checkValue({ type: 'number' }, 2),
      checkValue({ type: 'number' }, 2.5),
      checkValue({ type: 'boolean' }, false),
      checkValue({ type: 'object' }, {}),
      checkValue({ type: 'array' }, []),
      checkValue({ type: 'string' }, ''),
    ];

    // Assess
    expect(verdicts.map(refused)).toEqual([[], [], [], [], [], []]);
    expect(refused(checkValue({ type: 'integer' }, 2.5))).toEqual([{ path: 'spec.value', keyword: 'type' }]);
    expect(refused(checkValue({ type: 'array' }, {}))).toEqual([{ path: 'spec.value', keyword: 'type' }]);
  });

  it('refuses an integer beyond int64, which the API server reads as a float', () => {
    expect(refused(checkValue({ type: 'integer' }, 2 ** 63))).toEqual([{ path: 'spec.value', keyword: 'type' }]);
    expect(refused(checkValue({ type: 'integer' }, 2 ** 62))).toEqual([]);
  });

  it('admits an integer or a string under x-kubernetes-int-or-string, nothing else', () => {
    // Prepare
    const schema = { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] };

    // Act
    const [integer, text, fraction, flag] = [3, '25%', 1.5, true].map((value) => checkValue(schema, value));

    // Assess
    expect([refused(integer!), refused(text!)]).toEqual([[], []]);
    expect(fraction!.refusals[0]).toEqual({ path: 'spec.value', keyword: 'type', message: 'Invalid value: 1.5: must be of type integer or string, got number' });
    expect(refused(flag!)[0]).toEqual({ path: 'spec.value', keyword: 'type' });
  });

  it('admits null only where nullable; a null list item is refused, a null field dropped', () => {
    // Prepare
    const list = { type: 'array', items: { type: 'string' } };

    // Act
    const item = checkValue(list, ['a', null]);
    const nullableItem = checkValue({ type: 'array', items: { type: 'string', nullable: true } }, ['a', null]);
    const field = checkValue({ type: 'object', properties: { name: { type: 'string' } } }, { name: null });
    const nullableField = checkValue({ type: 'object', properties: { name: { type: 'string', nullable: true } } }, { name: null });

    // Assess
    expect(item.refusals).toEqual([{ path: 'spec.value[1]', keyword: 'type', message: 'Invalid value: null: must be of type string' }]);
    expect(refused(nullableItem)).toEqual([]);
    expect(field).toEqual({ refusals: [], dropped: [{ path: 'spec.value.name', why: 'null' }], uncheckedPatterns: [] });
    expect(nullableField).toEqual({ refusals: [], dropped: [], uncheckedPatterns: [] });
  });
});

describe('required', () => {
  it('refuses a missing field, a pruned one and a dropped null, but not a field the API server defaults', () => {
    // Prepare
    const schema = {
      type: 'object',
      required: ['name', 'replicas', 'mode'],
      properties: { name: { type: 'string' }, replicas: { type: 'integer', default: 1 }, mode: { type: 'string' } },
    };

    // Act
    const verdict = checkValue(schema, { mode: null, other: 1 });

    // Assess
    expect(verdict.refusals).toEqual([
      { path: 'spec.value.name', keyword: 'required', message: 'Required value' },
      { path: 'spec.value.mode', keyword: 'required', message: 'Required value' },
    ]);
    expect(verdict.dropped).toEqual([
      { path: 'spec.value.mode', why: 'null' },
      { path: 'spec.value.other', why: 'pruned' },
    ]);
  });
});

describe('enum', () => {
  it('refuses a value not listed, listing the supported ones; objects compare with their keys in any order', () => {
    // Act
    const verdict = checkValue({ type: 'string', enum: ['Always', 'Never'] }, 'Sometimes');
    const object = checkValue({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, enum: [{ a: 1, b: 2 }] }, { b: 2, a: 1 });

    // Assess
    expect(verdict.refusals).toEqual([{ path: 'spec.value', keyword: 'enum', message: 'Unsupported value: "Sometimes": supported values: "Always", "Never"' }]);
    expect(refused(object)).toEqual([]);
  });
});

describe('format', () => {
  it('checks the string formats kube checks, and ignores one it does not know', () => {
    // Act
    const cases: [string, string, boolean][] = [
      ['date-time', '2024-02-29T10:00:00Z', true],
      ['date-time', '2024-02-29T10:00:00.123+02:00', true],
      ['date-time', '', false],
      ['date-time', '2023-02-29T10:00:00Z', false],
      ['date-time', '2024-01-01T24:00:00Z', false],
      ['date', '2024-12-31', true],
      ['date', '2024-13-01', false],
      ['duration', '1h30m', true],
      ['duration', '3 days', true],
      ['duration', 'soon', false],
      ['byte', 'aGVsbG8=', true],
      ['byte', 'hello!', false],
      ['ipv4', '10.0.0.1', true],
      ['ipv4', '10.0.0.256', false],
      ['ipv6', '::1', true],
      ['cidr', '10.0.0.0/8', true],
      ['cidr', '10.0.0.0/33', false],
      ['mac', '01:23:45:67:89:ab', true],
      ['uuid', '123e4567-e89b-12d3-a456-426614174000', true],
      ['uuid4', '123e4567-e89b-12d3-a456-426614174000', false],
      ['hostname', 'example.com', true],
      ['hostname', 'a.b.c1', false],
      ['k8s-short-name', 'my-name', true],
      ['k8s-short-name', 'My-Name', false],
      ['uri', 'https://example.com/x', true],
      ['uri', 'example.com', false],
      ['email', 'ops@example.com', true],
      ['no-such-format', 'anything', true],
    ];
    const outcomes = cases.map(([format, value]) => refused(checkValue({ type: 'string', format }, value)).length === 0);

    // Assess
    expect(outcomes).toEqual(cases.map(([, , valid]) => valid));
    expect(checkValue({ type: 'string', format: 'date-time' }, 'yesterday').refusals).toEqual([
      { path: 'spec.value', keyword: 'format', message: 'Invalid value: "yesterday": must be of format date-time' },
    ]);
  });

  it('refuses an integer outside int32 or int64 for those formats, with the range', () => {
    // Act
    const verdict = checkValue({ type: 'integer', format: 'int32' }, 2 ** 31);

    // Assess
    expect(verdict.refusals).toEqual([
      {
        path: 'spec.value',
        keyword: 'format',
        message: "Invalid value: 2147483648: must fit format int32 (-2147483648 to 2147483647); kube-apiserver stores it, but the kind's Go types cannot decode it",
      },
    ]);
    expect(refused(checkValue({ type: 'integer', format: 'int32' }, -(2 ** 31)))).toEqual([]);
    expect(refused(checkValue({ type: 'integer', format: 'int64' }, 2 ** 40))).toEqual([]);
  });
});

describe('bounds: minimum, maximum, exclusive, multipleOf, lengths, items, properties', () => {
  it('names the bound that refuses a number', () => {
    // Act
    const messages = [
      checkValue({ type: 'integer', minimum: 0 }, -1),
      checkValue({ type: 'integer', minimum: 0, exclusiveMinimum: true }, 0),
      checkValue({ type: 'integer', maximum: 10 }, 11),
      checkValue({ type: 'number', maximum: 1, exclusiveMaximum: true }, 1),
      checkValue({ type: 'integer', multipleOf: 5 }, 12),
    ].map((verdict) => verdict.refusals.map(({ keyword, message }) => `${keyword}: ${message}`));

    // Assess
    expect(messages).toEqual([
      ['minimum: Invalid value: -1: should be greater than or equal to 0'],
      ['minimum: Invalid value: 0: should be greater than 0'],
      ['maximum: Invalid value: 11: should be less than or equal to 10'],
      ['maximum: Invalid value: 1: should be less than 1'],
      ['multipleOf: Invalid value: 12: should be a multiple of 5'],
    ]);
    expect(refused(checkValue({ type: 'integer', minimum: 0, maximum: 10 }, 10))).toEqual([]);
  });

  it('counts a string in characters (code points), as kube does', () => {
    // Act
    const tooLong = checkValue({ type: 'string', maxLength: 3 }, 'abcd');
    const emoji = checkValue({ type: 'string', maxLength: 3 }, '😀😀😀');
    const tooShort = checkValue({ type: 'string', minLength: 1 }, '');

    // Assess
    expect(tooLong.refusals).toEqual([{ path: 'spec.value', keyword: 'maxLength', message: 'Too long: may not be more than 3 characters (it has 4)' }]);
    expect(refused(emoji)).toEqual([]);
    expect(tooShort.refusals).toEqual([{ path: 'spec.value', keyword: 'minLength', message: 'Invalid value: "": should be at least 1 characters long' }]);
  });

  it('bounds lists and objects by their items and properties', () => {
    // Act
    const verdicts = [
      checkValue({ type: 'array', items: { type: 'integer' }, minItems: 1 }, []),
      checkValue({ type: 'array', items: { type: 'integer' }, maxItems: 2 }, [1, 2, 3]),
      checkValue({ type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 }, {}),
      checkValue({ type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 }, { a: 'x', b: 'y' }),
    ];

    // Assess
    expect(verdicts.map((verdict) => verdict.refusals)).toEqual([
      [{ path: 'spec.value', keyword: 'minItems', message: 'Invalid value: 0: should have at least 1 items' }],
      [{ path: 'spec.value', keyword: 'maxItems', message: 'Too many: 3: must have at most 2 items' }],
      [{ path: 'spec.value', keyword: 'minProperties', message: 'Invalid value: 0: should have at least 1 properties' }],
      [{ path: 'spec.value', keyword: 'maxProperties', message: 'Too many: 2: must have at most 1 properties' }],
    ]);
  });
});

describe('pattern', () => {
  it("refuses a string the pattern does not match, quoting the pattern, and takes Go's (?i) as case-insensitive", () => {
    // Act
    const verdict = checkValue({ type: 'string', pattern: '^[a-z]+$' }, 'Abc');
    const insensitive = checkValue({ type: 'string', pattern: '(?i)^[a-z]+$' }, 'Abc');

    // Assess
    expect(verdict.refusals).toEqual([{ path: 'spec.value', keyword: 'pattern', message: `Invalid value: "Abc": should match '^[a-z]+$'` }]);
    expect(refused(insensitive)).toEqual([]);
  });

  it('says which patterns JavaScript cannot compile, instead of refusing or admitting silently', () => {
    // Act
    const verdict = checkValue({ type: 'string', pattern: '^[[:alpha:]]+\\z' }, 'abc');

    // Assess
    expect(verdict).toEqual({ refusals: [], dropped: [], uncheckedPatterns: ['^[[:alpha:]]+\\z'] });
  });
});

describe('additionalProperties', () => {
  it("checks every key's value against the schema, at kube's key path", () => {
    // Act
    const verdict = checkValue({ type: 'object', additionalProperties: { type: 'string' } }, { app: 'web', tier: 3 });

    // Assess
    expect(refused(verdict)).toEqual([{ path: 'spec.value.tier', keyword: 'type' }]);
  });

  it('refuses any key under additionalProperties: false', () => {
    // Act
    const verdict = checkValue({ type: 'object', additionalProperties: false }, { extra: 1 });

    // Assess
    expect(verdict.refusals).toEqual([{ path: 'spec.value.extra', keyword: 'additionalProperties', message: 'Forbidden: no field "extra" is allowed here (additionalProperties: false)' }]);
  });

  it('keeps keys under additionalProperties: true, but the fields of their object values have no schema and are pruned', () => {
    // Act
    const verdict = checkValue({ type: 'object', additionalProperties: true }, { flag: true, nested: { a: 1 } });

    // Assess
    expect(verdict).toEqual({ refusals: [], dropped: [{ path: 'spec.value.nested.a', why: 'pruned' }], uncheckedPatterns: [] });
  });
});

describe('pruning and x-kubernetes-preserve-unknown-fields', () => {
  it('prunes fields the schema does not know (a warning, never a refusal), but never the resource root apiVersion, kind or metadata', () => {
    // Prepare
    const schema = { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer' } } } } };

    // Act
    const verdict = checkResource({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 'x', whatever: 1 }, spec: { replicas: 1, extra: { deep: 1 } }, status: {} }, schema);

    // Assess
    expect(verdict).toEqual({ refusals: [], dropped: [{ path: 'spec.extra', why: 'pruned' }, { path: 'status', why: 'pruned' }], uncheckedPatterns: [] });
  });

  it('keeps unknown fields where preserved (array items too) and still checks the known ones', () => {
    // Prepare
    const schema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { replicas: { type: 'integer' } } };
    const list = { type: 'array', 'x-kubernetes-preserve-unknown-fields': true, items: { type: 'object', properties: { name: { type: 'string' } } } };

    // Act
    const verdict = checkValue(schema, { replicas: 'two', anything: { goes: true } });
    const items = checkValue(list, [{ name: 'a', extra: 1 }]);

    // Assess
    expect(verdict).toEqual({ refusals: [{ path: 'spec.value.replicas', keyword: 'type', message: 'Invalid value: "two": must be of type integer, got string' }], dropped: [], uncheckedPatterns: [] });
    expect(items).toEqual({ refusals: [], dropped: [], uncheckedPatterns: [] });
  });
});

describe('x-kubernetes-list-type', () => {
  const conditions = {
    type: 'array',
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
    items: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, status: { type: 'string' } } },
  };

  it('map: refuses the second entry with a key already used, once per key, naming the key', () => {
    // Act
    const verdict = checkValue(conditions, [{ type: 'Ready', status: 'True' }, { type: 'Ready', status: 'False' }, { type: 'Ready' }, { type: 'Synced' }]);

    // Assess
    expect(verdict.refusals).toEqual([
      { path: 'spec.value[1]', keyword: 'x-kubernetes-list-type', message: 'duplicate entry for key type="Ready" (x-kubernetes-list-type: map, keys: type)' },
    ]);
  });

  it('map with several keys: entries are duplicates only when every key agrees; items must be objects', () => {
    // Prepare
    const ports = { ...conditions, 'x-kubernetes-list-map-keys': ['port', 'protocol'], items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };

    // Act
    const distinct = checkValue(ports, [{ port: 80, protocol: 'TCP' }, { port: 80, protocol: 'UDP' }]);
    const duplicate = checkValue(ports, [{ protocol: 'TCP', port: 80 }, { port: 80, protocol: 'TCP' }]);
    const notObjects = checkValue({ ...ports, items: {} }, [{ port: 80 }, 'eighty']);

    // Assess
    expect(refused(distinct)).toEqual([]);
    expect(duplicate.refusals.map(describeRefusal)).toEqual(['spec.value[1]: duplicate entry for keys port=80, protocol="TCP" (x-kubernetes-list-type: map, keys: port, protocol)']);
    expect(notObjects.refusals.map(describeRefusal)).toEqual(['spec.value[1]: Invalid value: "eighty": must be an object for an array of list-type map']);
  });

  it('set: refuses a repeated item, objects compared with their keys in any order', () => {
    // Act
    const scalars = checkValue({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } }, ['a', 'b', 'a', 'a']);
    const objects = checkValue({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }, [{ a: 1, b: 2 }, { b: 2, a: 1 }]);

    // Assess
    expect(scalars.refusals).toEqual([{ path: 'spec.value[2]', keyword: 'x-kubernetes-list-type', message: 'Duplicate value: "a" (x-kubernetes-list-type: set)' }]);
    expect(refused(objects)).toEqual([{ path: 'spec.value[1]', keyword: 'x-kubernetes-list-type' }]);
  });

  it('stays linear: 100,000 conditions are checked in one pass', () => {
    // Prepare: a quadratic check would compare five billion pairs and time the test out.
    const many = Array.from({ length: 100_000 }, (_, at) => ({ type: `T${at}`, status: 'True' }));

    // Act
    const verdict = checkValue(conditions, [...many, { type: 'T7' }]);

    // Assess
    expect(refused(verdict)).toEqual([{ path: 'spec.value[100000]', keyword: 'x-kubernetes-list-type' }]);
  });
});

describe('x-kubernetes-embedded-resource', () => {
  it('keeps the embedded apiVersion, kind and metadata unpruned and requires apiVersion and kind', () => {
    // Prepare
    const schema = { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } };

    // Act
    const good = checkValue(schema, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, spec: {} });
    const bad = checkValue(schema, { kind: 'Not_A_Kind', metadata: 'c' });

    // Assess
    expect(good).toEqual({ refusals: [], dropped: [], uncheckedPatterns: [] });
    expect(bad.refusals.map(describeRefusal)).toEqual([
      'spec.value.apiVersion: Required value',
      "spec.value.kind: Invalid value: \"Not_A_Kind\": may have mixed case, but should otherwise match a DNS-1035 label ('[a-z]([-a-z0-9]*[a-z0-9])?', at most 63 characters)",
      'spec.value.metadata: Invalid value: "c": must be an object',
    ]);
  });
});

describe('allOf, anyOf, oneOf, not', () => {
  it('applies each junctor to the value, with the reason of each alternative that refuses it', () => {
    // Prepare
    const oneOfFields = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] };

    // Act
    const all = checkValue({ type: 'integer', allOf: [{ minimum: 1 }, { maximum: 5 }] }, 7);
    const any = checkValue({ type: 'string', anyOf: [{ pattern: '^a' }, { pattern: '^b' }] }, 'c');
    const neither = checkValue(oneOfFields, {});
    const both = checkValue(oneOfFields, { a: 'x', b: 'y' });
    const one = checkValue(oneOfFields, { a: 'x' });
    const not = checkValue({ type: 'string', not: { enum: ['forbidden'] } }, 'forbidden');

    // Assess
    expect(all.refusals.map(describeRefusal)).toEqual(['spec.value: Invalid value: 7: should be less than or equal to 5']);
    expect(any.refusals.map(describeRefusal)).toEqual([
      `spec.value: Invalid value: "c": must match at least one schema of anyOf (spec.value: Invalid value: "c": should match '^a'; spec.value: Invalid value: "c": should match '^b')`,
    ]);
    expect(refused(neither)).toEqual([{ path: 'spec.value', keyword: 'oneOf' }]);
    expect(both.refusals.map(describeRefusal)).toEqual(['spec.value: Invalid value: {"a":"x","b":"y"}: must match exactly one schema of oneOf, 2 do']);
    expect(refused(one)).toEqual([]);
    expect(refused(not)).toEqual([{ path: 'spec.value', keyword: 'not' }]);
  });
});

describe('checkStatus: a status as the status subresource takes it', () => {
  const root = {
    type: 'object',
    properties: { status: { type: 'object', required: ['phase'], properties: { phase: { type: 'string' }, readyReplicas: { type: 'integer', minimum: 0 } } } },
  };

  it('checks the status against the schema of status, at paths under status', () => {
    // Act
    const verdict = checkStatus({ readyReplicas: -1, extra: true }, root);

    // Assess
    expect(verdict).toEqual({
      refusals: [
        { path: 'status.readyReplicas', keyword: 'minimum', message: 'Invalid value: -1: should be greater than or equal to 0' },
        { path: 'status.phase', keyword: 'required', message: 'Required value' },
      ],
      dropped: [{ path: 'status.extra', why: 'pruned' }],
      uncheckedPatterns: [],
    });
  });

  it('prunes the whole status of a schema without one, unless the root preserves unknown fields', () => {
    expect(checkStatus({ phase: 'Ready' }, { type: 'object' }).dropped).toEqual([{ path: 'status', why: 'pruned' }]);
    expect(checkStatus({ phase: 'Ready' }, { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }).dropped).toEqual([]);
  });
});

describe('crdsOf: the CRDs of a file', () => {
  it('reads each CRD of a multi-document file: group, kind, versions served or not, their schemas, whether CEL rules are there', () => {
    // Prepare
    const schema = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.a > 0' }] } } };
    const documents: JsonValue[] = [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } },
      {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        spec: { group: 'example.io', names: { kind: 'Thing' }, versions: [{ name: 'v1', served: true, schema: { openAPIV3Schema: schema } }, { name: 'v0', served: false }] },
      },
      {
        apiVersion: 'apiextensions.k8s.io/v1beta1',
        kind: 'CustomResourceDefinition',
        spec: { group: 'example.io', names: { kind: 'Old' }, validation: { openAPIV3Schema: { type: 'object' } }, versions: [{ name: 'v1beta1', served: true }] },
      },
    ];

    // Act
    const crds = crdsOf(documents);

    // Assess
    expect(crds).toEqual([
      { group: 'example.io', kind: 'Thing', versions: [{ name: 'v1', served: true, schema }, { name: 'v0', served: false }], celRules: true },
      { group: 'example.io', kind: 'Old', versions: [{ name: 'v1beta1', served: true, schema: { type: 'object' } }], celRules: false },
    ]);
  });
});
