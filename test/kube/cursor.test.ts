import { describe, expect, it } from 'vitest';
import { Cursor, defined, once, readByPart } from '../../lib/kube/cursor';
import { readMetadata } from '../../lib/kube/metadata';
import { FieldFailure } from '../../lib/review/core';
import type { JsonObject } from '../../lib/review/json';

/** The 400 a read throws, as `path detail`. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof FieldFailure) return error.message;
    throw error;
  }
  throw new Error('no refusal');
}

describe('Cursor', () => {
  const object: JsonObject = {
    spec: { replicas: 3, paused: true, name: 'a', strategy: { rolling: { partition: 1 } }, groups: [{ replicas: 2 }, { replicas: 'x' }], names: ['a', 7] },
    status: null,
  };
  const at = Cursor.root(object, 'object');

  it('reads each kind of field, absent and null as undefined', () => {
    const spec = at.object('spec');
    expect(spec.count('replicas')).toBe(3);
    expect(spec.boolean('paused')).toBe(true);
    expect(spec.string('name')).toBe('a');
    expect(spec.at(['strategy', 'rolling']).count('partition')).toBe(1);
    expect(spec.count('missing')).toBeUndefined();
    expect(at.object('status').present).toBe(false);
    expect(at.part('status', () => 'read')).toBeUndefined();
    expect(at.part('spec', (read) => read.count('replicas'))).toBe(3);
  });

  it("refuses a wrong field with the field readers' message and its path", () => {
    expect(refusal(() => at.object('spec').string('replicas'))).toBe('object.spec.replicas must be a string, got a number');
    expect(refusal(() => at.object('spec').object('name'))).toBe('object.spec.name must be an object, got a string');
    expect(refusal(() => at.object('spec').items('groups')[1]!.count('replicas'))).toBe('object.spec.groups[1].replicas must be an integer, got a string');
    expect(refusal(() => at.object('spec').strings('names'))).toBe('object.spec.names[1] must be a string, got a number');
    expect(refusal(() => at.object('spec').items('names'))).toBe('object.spec.names[0] must be an object, got a string');
    expect(refusal(() => at.object('spec').items('groups', { maxItems: 1, why: 'one group' }))).toBe(
      'object.spec.groups has 2 items; at most 1 are accepted (one group)',
    );
    expect(refusal(() => Cursor.root({ n: -1 }, 'object').count('n'))).toBe('object.n must not be negative, got -1');
  });

  it('builds a path only for a refusal', () => {
    let built = 0;
    const root = Cursor.root(object, () => {
      built += 1;
      return 'request.aggregatedStatus[0].status';
    });
    root.object('spec').items('groups')[0]!.count('replicas');
    expect(built).toBe(0);
    expect(refusal(() => root.object('spec').items('groups')[1]!.count('replicas'))).toBe('request.aggregatedStatus[0].status.spec.groups[1].replicas must be an integer, got a string');
    expect(built).toBe(1);
  });

  it('reads quantities, refusing one Kubernetes cannot parse', () => {
    const quantities = Cursor.root({ cpu: '500m', memory: 'lots', none: '' }, 'object');
    expect(quantities.quantity('cpu')).toBeDefined();
    expect(quantities.quantity('none')).toBeUndefined();
    expect(refusal(() => quantities.quantity('memory'))).toMatch(/^object\.memory /);
  });
});

describe('readByPart', () => {
  it('reads a part when an operation first uses it, once, and never one it does not use', () => {
    const reads: string[] = [];
    const view = readByPart<{ spec?: number; status?: string }>({
      spec: () => {
        reads.push('spec');
        return 1;
      },
      status: () => {
        reads.push('status');
        throw new Error('a wrong status');
      },
    });
    expect(view.spec).toBe(1);
    expect(view.spec).toBe(1);
    expect(reads).toEqual(['spec']);
  });

  it('makes an object whose metadata is wrong readable by an operation that reads only its spec', () => {
    const at = Cursor.root({ metadata: { labels: { app: 7 } }, spec: { replicas: 2 } }, 'object');
    const view = readByPart({ metadata: () => readMetadata(at), spec: () => at.object('spec').count('replicas') });
    expect(view.spec).toBe(2);
    expect(refusal(() => view.metadata)).toBe('object.metadata.labels["app"] must be a string, got a number');
  });
});

describe('once and defined', () => {
  it('runs a reader once', () => {
    let runs = 0;
    const read = once(() => (runs += 1));
    read();
    read();
    expect(runs).toBe(1);
  });

  it('drops undefined entries', () => {
    expect(Object.keys(defined({ a: 1, b: undefined }))).toEqual(['a']);
  });
});

describe('Cursor.entry', () => {
  it('names an entry of a map by its key', () => {
    const apps = Cursor.root({ status: { applications: { 'app.one': { ready: 'yes' }, two: 3 } } }, 'object').at(['status', 'applications']);
    expect(refusal(() => apps.entry('app.one').boolean('ready'))).toBe('object.status.applications["app.one"].ready must be a boolean, got a string');
    expect(refusal(() => apps.entry('two'))).toBe('object.status.applications["two"] must be an object, got a number');
    expect(apps.entry('three').present).toBe(false);
  });
});
