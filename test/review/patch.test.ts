// JSON Patch construction: every operation applies strictly to the object it was built for.
import type { Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { appliedStrictly } from '../../lib/kit/answer';
import { PatchBuilder, addOperation, encodePatch, pointerOf, removeOperation } from '../../lib/review/patch';
import type { JsonObject } from '../../lib/review/json';

function applyStrictly(object: JsonObject, operations: unknown[]): JsonObject {
  return appliedStrictly(object, operations as Operation[]) as JsonObject;
}

describe('addOperation', () => {
  it('adds at the path when the parent exists', () => {
    expect(addOperation({ spec: { replicas: 1 } }, ['spec', 'replicas'], 2)).toEqual({ op: 'add', path: '/spec/replicas', value: 2 });
  });

  it('adds the missing parent with the value nested inside', () => {
    const object = { kind: 'Workload' };
    const operation = addOperation(object, ['status', 'readyReplicas'], 3);
    expect(operation).toEqual({ op: 'add', path: '/status', value: { readyReplicas: 3 } });
    expect(applyStrictly(object, [operation])).toEqual({ kind: 'Workload', status: { readyReplicas: 3 } });
  });

  it('adds a parent that is null', () => {
    const object = { kind: 'Workload', spec: null } as JsonObject;
    expect(applyStrictly(object, [addOperation(object, ['spec', 'replicas'], 1)])).toEqual({ kind: 'Workload', spec: { replicas: 1 } });
  });

  it('refuses to write into or look into a parent of another type, naming it (replacing it would drop what it holds)', () => {
    for (const [spec, got] of [['x', 'a string'], [[1], 'an array'], [7, 'a number']] as const) {
      const object = { kind: 'Workload', spec } as JsonObject;
      expect(() => addOperation(object, ['spec', 'replicas'], 1)).toThrow(`object.spec must be an object to hold replicas, got ${got}`);
      expect(() => removeOperation(object, ['spec', 'paused'])).toThrow(`object.spec must be an object to hold paused, got ${got}`);
    }
    const groups = { spec: { groups: [{ replicas: 1 }, 'x'] } } as JsonObject;
    expect(() => addOperation(groups, ['spec', 'groups', '1', 'template', 'replicas'], 2)).toThrow('object.spec.groups must be an object to hold 1.template.replicas, got an array');
  });

  it('escapes ~ and / in pointers', () => {
    expect(pointerOf(['metadata', 'labels', 'a/b~c'])).toBe('/metadata/labels/a~1b~0c');
  });
});

describe('removeOperation', () => {
  it('removes a field that exists and nothing otherwise', () => {
    expect(removeOperation({ spec: { paused: true } }, ['spec', 'paused'])).toEqual({ op: 'remove', path: '/spec/paused' });
    expect(removeOperation({ spec: {} }, ['spec', 'paused'])).toBeUndefined();
    expect(removeOperation({}, ['spec', 'paused'])).toBeUndefined();
  });
});

describe('PatchBuilder', () => {
  it('sees parents added by earlier operations', () => {
    const object = { kind: 'Workload' };
    const { operations } = new PatchBuilder(object).add(['spec', 'paused'], true).add(['spec', 'replicas'], 2);
    expect(operations).toEqual([
      { op: 'add', path: '/spec', value: { paused: true } },
      { op: 'add', path: '/spec/replicas', value: 2 },
    ]);
    expect(applyStrictly(object, operations)).toEqual({ kind: 'Workload', spec: { paused: true, replicas: 2 } });
    expect(object).toEqual({ kind: 'Workload' });
  });

  it('does not remove twice', () => {
    const object = { kind: 'W', spec: { paused: true } };
    const { operations } = new PatchBuilder(object).remove(['spec', 'paused']).remove(['spec', 'paused']);
    expect(operations).toHaveLength(1);
    expect(applyStrictly(object, operations)).toEqual({ kind: 'W', spec: {} });
  });
});

describe('encodePatch', () => {
  it('is standard padded base64 of the JSON array, as in the spec examples', () => {
    expect(encodePatch([{ op: 'add', path: '/spec/replicas', value: 2 }])).toBe('W3sib3AiOiJhZGQiLCJwYXRoIjoiL3NwZWMvcmVwbGljYXMiLCJ2YWx1ZSI6Mn1d');
    expect(encodePatch([{ op: 'add', path: '/spec/paused', value: true }])).toBe('W3sib3AiOiJhZGQiLCJwYXRoIjoiL3NwZWMvcGF1c2VkIiwidmFsdWUiOnRydWV9XQ==');
    expect(encodePatch([])).toBe('W10=');
  });
});
