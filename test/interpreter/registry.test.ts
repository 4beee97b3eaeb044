// Kinds listed with a loader (lib/kinds/interpreters.ts): an interpreter loads the first time a request names its
// kind, once however many requests wait for it; a failed load is that request's 500 and the next one tries again;
// an entry whose module is another kind is refused (docs/adr/0013-kinds-at-start-up.md).
import { describe, expect, it } from 'vitest';
import { interpretWhenReady, interpret, interpreterReady, readContext } from '../../lib/interpreter/interpret';
import { createInterpreterRegistry, type FamilyInterpreter, type LazyFamily, type LazyInterpreter, type ResourceInterpreter } from '../../lib/interpreter/registry';
import { interpreterEndpoint } from '../../lib/handlers/interpreter';
import { interpreterRegistry } from '../../lib/kinds/interpreters';
import type { KindIdentity } from '../../lib/review/kind';
import { interpreterContext, readyWorkload } from '../support/karmada';

const thing: KindIdentity = { group: 'g.io', versions: ['v1'], kind: 'Thing', plural: 'things', storageVersion: 'v1', home: 'test', ownCrd: true };
const thingInterpreter: ResourceInterpreter = { ...thing, operations: { InterpretHealth: () => ({ healthy: true, reason: 'always' }) } };
const healthOfThing = (uid = 'u') => interpreterContext({ operation: 'InterpretHealth', object: { apiVersion: 'g.io/v1', kind: 'Thing', metadata: { name: 't' } }, uid });

/** A lazy entry whose loads are counted and answered by `answer` (the interpreter, or a failure). */
function counted(answer: () => Promise<ResourceInterpreter>): LazyInterpreter & { loads: number } {
  const entry = { ...thing, loads: 0, load: () => { entry.loads++; return answer(); } };
  return entry;
}

describe('an interpreter listed with a loader', () => {
  it('loads the first time a request names its kind, once for requests that wait together, then answers synchronously', async () => {
    // Prepare
    const entry = counted(async () => thingInterpreter);
    const registry = createInterpreterRegistry([entry]);
    const loadsBefore = entry.loads;

    // Act
    const answers = await Promise.all([interpretWhenReady(registry, healthOfThing('a')), interpretWhenReady(registry, healthOfThing('b'))]);
    const later = interpreterReady(registry, readContext(healthOfThing('c')));

    // Assess
    expect(loadsBefore).toBe(0);
    expect(entry.loads).toBe(1);
    expect(answers.map(({ context }) => context.response)).toEqual([{ uid: 'a', successful: true, healthy: true }, { uid: 'b', successful: true, healthy: true }]);
    expect(later).toBeUndefined();
    expect(interpret(registry, healthOfThing('c')).context.response).toEqual({ uid: 'c', successful: true, healthy: true });
  });

  it('waits for nothing when the request names a kind not served, or names none: interpret answers it', async () => {
    // Prepare
    const registry = createInterpreterRegistry([counted(async () => thingInterpreter)]);
    const pod = interpreterContext({ operation: 'InterpretHealth', object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }, uid: 'p' });

    // Act
    const waits = [pod, { request: { kind: { group: 7 } } }, null, []].map((body) => interpreterReady(registry, readContext(body)));

    // Assess
    expect(waits).toEqual([undefined, undefined, undefined, undefined]);
    expect(interpret(registry, pod).context.response?.status?.code).toBe(404);
  });

  it('answers 500 with a generic message when the module fails to load, and loads it on the next request', async () => {
    // Prepare
    let fail = true;
    const entry = counted(async () => {
      if (fail) throw new Error('Cannot find module ./chunks/interpreter-X.mjs');
      return thingInterpreter;
    });
    const registry = createInterpreterRegistry([entry]);

    // Act
    const failed = await interpretWhenReady(registry, healthOfThing('a'));
    fail = false;
    const retried = await interpretWhenReady(registry, healthOfThing('b'));

    // Assess
    expect(failed.context.response).toMatchObject({ uid: 'a', successful: false, status: { code: 500 } });
    expect(failed.context.response?.status?.message).not.toContain('chunks');
    expect(String(failed.failure)).toContain('Cannot find module ./chunks/interpreter-X.mjs');
    expect(retried.context.response).toEqual({ uid: 'b', successful: true, healthy: true });
    expect(entry.loads).toBe(2);
  });

  it('refuses a module whose interpreter is another kind, or the same kind with another identity', async () => {
    // Prepare
    const elsewhere = createInterpreterRegistry([{ ...thing, load: async () => ({ ...thingInterpreter, kind: 'Other' }) }]);
    const moved = createInterpreterRegistry([{ ...thing, load: async () => ({ ...thingInterpreter, home: 'lib/kinds/thing' }) }]);

    // Act
    const answers = await Promise.all([interpretWhenReady(elsewhere, healthOfThing()), interpretWhenReady(moved, healthOfThing())]);
    const all = elsewhere.loadAll();

    // Assess
    expect(answers.map(({ context }) => context.response?.status?.code)).toEqual([500, 500]);
    expect(String(answers[1]!.failure)).toContain('lib/kinds/thing');
    await expect(all).rejects.toThrow(/could not load the Thing interpreter/);
  });

  it('answers a kind that is not loaded yet, when interpret is called without waiting, with a 500 (never a crash)', () => {
    // Prepare
    const registry = createInterpreterRegistry([counted(async () => thingInterpreter)]);

    // Act
    const { context, failure } = interpret(registry, healthOfThing());

    // Assess
    expect(context.response).toMatchObject({ successful: false, status: { code: 500 } });
    expect(String(failure)).toContain('not loaded');
  });

  it('is served by the review endpoint: the first request naming the kind waits, later ones are answered at once', async () => {
    // Prepare
    const endpoint = interpreterEndpoint(createInterpreterRegistry([counted(async () => thingInterpreter)]));
    const event = {} as Parameters<typeof endpoint.serve>[1];

    // Act
    const first = endpoint.serve(healthOfThing('a'), event, 'a');
    const firstServed = await first;
    const second = endpoint.serve(healthOfThing('b'), event, 'b');

    // Assess
    expect(first).toBeInstanceOf(Promise);
    expect(firstServed.outcome.successful).toBe(true);
    expect(second).not.toBeInstanceOf(Promise);
    expect((second as Awaited<typeof first>).outcome.successful).toBe(true);
  });
});

describe('lib/kinds/interpreters.ts', () => {
  it("lists every kind with its identity.ts's identity, field for field, and loads each kind's interpreter", async () => {
    // Act
    const interpreters = await interpreterRegistry.loadAll();

    // Assess
    expect(interpreterRegistry.kinds.map(({ group, kind, plural, versions, storageVersion, home, ownCrd }) => ({ group, kind, plural, versions, storageVersion, home, ownCrd }))).toEqual(
      interpreters.map(({ group, kind, plural, versions, storageVersion, home, ownCrd }) => ({ group, kind, plural, versions, storageVersion, home, ownCrd })),
    );
    expect(interpreters.length).toBeGreaterThan(0);
  });

  it('answers a Workload on the first request that names it', async () => {
    // Act
    const { context } = await interpretWhenReady(interpreterRegistry, interpreterContext({ operation: 'InterpretReplica', object: readyWorkload(3), uid: 'w' }));

    // Assess
    expect(context.response).toMatchObject({ uid: 'w', successful: true, replicas: 3 });
  });
});

describe('a family folder: one interpreter for every kind of its groups', () => {
  const family: FamilyInterpreter = {
    family: 'Widgets',
    home: 'test/widgets',
    ownCrd: false,
    groups: ['widgets.io', '*.widgets.dev'],
    examples: [],
    operations: { InterpretHealth: ({ kind }) => ({ healthy: kind.kind !== 'Broken', reason: `a ${kind.kind} of ${kind.group}` }) },
  };
  const healthOf = (apiVersion: string, kind: string, uid = 'w') => interpreterContext({ operation: 'InterpretHealth', object: { apiVersion, kind, metadata: { name: 'w' } }, uid });
  const lazy = (): LazyFamily & { loads: number } => {
    const entry = { family: family.family, home: family.home, ownCrd: false as const, groups: family.groups, loads: 0, load: async () => { entry.loads++; return family; } };
    return entry;
  };

  it('serves any kind at any version of an exact group or of a group under a `*.` pattern, loading the family once', async () => {
    // Prepare
    const entry = lazy();
    const registry = createInterpreterRegistry([], [entry]);

    // Act
    const answers = await Promise.all([
      interpretWhenReady(registry, healthOf('widgets.io/v1', 'Gear', 'a')),
      interpretWhenReady(registry, healthOf('s3.aws.widgets.dev/v1beta2', 'Bucket', 'b')),
      interpretWhenReady(registry, healthOf('widgets.io/v9', 'Broken', 'c')),
    ]);

    // Assess
    expect(entry.loads).toBe(1);
    expect(answers.map(({ context }) => context.response)).toEqual([
      { uid: 'a', successful: true, healthy: true },
      { uid: 'b', successful: true, healthy: true },
      { uid: 'c', successful: true, healthy: false },
    ]);
    expect(registry.kindFor({ group: 'x.widgets.dev', version: 'v1', kind: 'Bucket' })).toMatchObject({ family: 'Widgets', home: 'test/widgets', kind: 'Bucket' });
  });

  it('does not serve the pattern\'s suffix itself, nor another group, and names the family in the 404', async () => {
    // Prepare
    const registry = createInterpreterRegistry([], [lazy()]);

    // Act
    const bare = (await interpretWhenReady(registry, healthOf('widgets.dev/v1', 'Gear'))).context.response;
    const other = (await interpretWhenReady(registry, healthOf('gadgets.io/v1', 'Gear'))).context.response;

    // Assess
    expect(bare?.status?.code).toBe(404);
    expect(other?.status?.code).toBe(404);
    expect(other?.status?.message).toContain('the Widgets family serves every kind of widgets.io, *.widgets.dev');
  });

  it('binds an example kind listed with the family\'s loader to that kind, and refuses one of another group', async () => {
    // Prepare
    const example: KindIdentity = { group: 'widgets.io', kind: 'Gear', plural: 'gears', versions: ['v1'], storageVersion: 'v1', home: 'test/widgets', ownCrd: false, family: 'Widgets' };
    const stray: KindIdentity = { ...example, group: 'gadgets.io' };

    // Act
    const bound = await createInterpreterRegistry([{ ...example, load: async () => family }]).loadAll();
    const refused = createInterpreterRegistry([{ ...stray, load: async () => family }]).loadAll();

    // Assess
    expect(bound[0]).toMatchObject({ group: 'widgets.io', kind: 'Gear', home: 'test/widgets' });
    expect(Object.keys(bound[0]!.operations)).toEqual(['InterpretHealth']);
    await expect(refused).rejects.toThrow(/does not serve group gadgets.io/);
  });

  it('lists the served families, and lib/kinds/interpreters.ts lists the Crossplane family with its examples as kinds', async () => {
    // Act
    const families = await interpreterRegistry.loadFamilies();

    // Assess
    expect(interpreterRegistry.families.map((f) => f.family)).toEqual(['Crossplane']);
    expect(families.map((f) => f.home)).toEqual(['lib/kinds/crossplane']);
    expect(interpreterRegistry.kinds.filter((kind) => kind.family === 'Crossplane').map((kind) => `${kind.group}/${kind.kind}`)).toContain('kubernetes.crossplane.io/Object');
  });
});
