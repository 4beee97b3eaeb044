// Typed interpreters: operations get decoded objects, wrong field types are 400s naming the field, patches apply
// to the object as Karmada sent it.
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidInput } from '../../lib/interpreter/wire/errors';
import { interpret } from '../../lib/interpreter/interpret';
import { defineInterpreter } from '../../lib/interpreter/define';
import { interpreterRegistry as registry } from '../../lib/kinds/interpreters';
import { createInterpreterRegistry } from '../../lib/interpreter/registry';
import type { Cursor } from '../../lib/kube/cursor';
import { interpreterContext, readyWorkload, type JsonMap } from '../support/karmada';

interface Gadget {
  size?: number;
  seen: string[];
}

function decodeGadget(object: Cursor): Gadget {
  return { size: object.object('spec').count('size'), seen: [object.path] };
}

const gadgets = createInterpreterRegistry([
  defineInterpreter<Gadget>({
    group: 'example.io',
    versions: ['v1'],
    kind: 'Gadget',
    plural: 'gadgets',
    storageVersion: 'v1',
    home: 'test',
    ownCrd: true,
    decode: decodeGadget,
    operations: {
      InterpretReplica: ({ object }) => ({ replicas: object.size ?? 1 }),
      Retain: ({ object, observedObject, patch }) => patch().add(['spec', 'seen'], [...object.seen, ...(observedObject?.seen ?? [])]).operations,
      InterpretHealth: () => {
        throw invalidInput('never called with a bad object');
      },
    },
  }),
]);

const gadget = (spec: JsonMap): JsonMap => ({ apiVersion: 'example.io/v1', kind: 'Gadget', metadata: { name: 'g' }, spec });

function responseFor(registry: Parameters<typeof interpret>[0], body: JsonMap) {
  return interpret(registry, body).context.response!;
}

describe('defineInterpreter', () => {
  it('hands each operation the decoded object, and the observed object decoded under its own path', () => {
    // Act
    const replica = responseFor(gadgets, interpreterContext({ operation: 'InterpretReplica', object: gadget({ size: 4 }) }));
    const retain = responseFor(gadgets, interpreterContext({ operation: 'Retain', object: gadget({}), observedObject: gadget({ size: 1 }) }));

    // Assess
    expect(replica).toMatchObject({ successful: true, replicas: 4 });
    const patch = JSON.parse(Buffer.from(retain.patch!, 'base64').toString());
    expect(patch).toEqual([{ op: 'add', path: '/spec/seen', value: ['object', 'observedObject'] }]);
  });

  it('answers 400 naming the field before the operation runs', () => {
    // Act
    const health = responseFor(gadgets, interpreterContext({ operation: 'InterpretHealth', object: gadget({ size: -1 }) }));
    const observed = responseFor(gadgets, interpreterContext({ operation: 'Retain', object: gadget({}), observedObject: gadget({ size: 'big' }) }));

    // Assess
    expect(health.status).toEqual({ code: 400, message: 'object.spec.size must not be negative, got -1' });
    expect(observed.status).toEqual({ code: 400, message: 'observedObject.spec.size must be an integer, got a string' });
  });

  it('registers only the operations the kind implements', () => {
    // Act
    const response = responseFor(gadgets, interpreterContext({ operation: 'InterpretStatus', object: gadget({}) }));

    // Assess
    expect(response.status?.code).toBe(404);
    expect(response.status?.message).toContain('implements: InterpretReplica, Retain, InterpretHealth');
  });
});

describe('Workload decoded by part: an operation refuses only a field it reads', () => {
  // lib/kinds lists each kind with a loader of its interpreter; interpret() answers kinds that are loaded.
  beforeAll(async () => {
    await registry.loadAll();
  });
  const withSpec = (spec: JsonMap): JsonMap => ({ ...readyWorkload(2), spec: { replicas: 2, ...spec } });

  it.each([
    ['InterpretHealth', withSpec({ paused: 'yes' }), 'object.spec.paused must be a boolean, got a string'],
    ['InterpretStatus', { ...readyWorkload(2), status: { readyReplicas: 2, conditions: ['Ready'] } }, 'object.status.conditions[0] must be an object, got a string'],
    ['InterpretReplica', withSpec({ template: { spec: 'x' } }), 'object.spec.template.spec must be an object, got a string'],
    ['InterpretDependency', { ...readyWorkload(2), metadata: { name: 'nginx', namespace: 7 } }, 'object.metadata.namespace must be a string, got a number'],
  ])('%s refuses: %s', (operation, object, message) => {
    // Act
    const response = responseFor(registry, interpreterContext({ operation, object, replicas: 1 }));

    // Assess
    expect(response.successful).toBe(false);
    expect(response.status).toEqual({ code: 400, message });
  });

  it.each([
    ['InterpretStatus', withSpec({ template: { spec: 'x' } })],
    ['InterpretReplica', { ...readyWorkload(2), status: { readyReplicas: 2, conditions: ['Ready'] } }],
    ['ReviseReplica', { ...readyWorkload(2), metadata: { name: 'nginx', labels: { tier: 1 } } }],
  ])('%s answers whatever a field it does not read holds: %s', (operation, object) => {
    // Act
    const response = responseFor(registry, interpreterContext({ operation, object, replicas: 1 }));

    // Assess
    expect(response.successful).toBe(true);
  });
});
