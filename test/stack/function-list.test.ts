// The list of functions lives in lib/routes.ts; the three other places that name them are checked against it here,
// offline and fast (no packaging): serverless.yml's `functions:`, the handler files under functions/, and the local
// server's table in lib/local/functions.ts. A function added in one place and forgotten in another fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { handlersByFunction } from '../../lib/local/functions';
import { dispatcherFunction, functionNames, functionRoutes, reviewFunctions } from '../../lib/routes';
import { healthFunction, projectRoot } from './packaging';

interface DeclaredFunction {
  handler: string;
  events?: { httpApi?: { method: string; path: string } }[];
}

// CloudFormation's short tags under `resources:` (!Ref, !GetAtt) stay unresolved, unwarned: only `functions:` is read.
const declared = (parse(readFileSync(join(projectRoot, 'serverless.yml'), 'utf8'), { logLevel: 'error' }) as { functions: Record<string, DeclaredFunction> }).functions;

/** The stack's own function (deploy/serverless/region-health.ts), not a route's: the one name outside lib/routes.ts. */
const stackOnly = [healthFunction.name];

const routesOf = (name: string) => functionRoutes.filter((route) => route.functionName === name).map(({ method, path }) => `${method} ${path}`);

describe("serverless.yml's functions", () => {
  it("are lib/routes.ts's functions and region-health, no more and no fewer", () => {
    expect(Object.keys(declared).sort()).toEqual([...functionNames, ...stackOnly].sort());
  });

  it.each(functionNames)('%s is handled by its own handler file, on the routes lib/routes.ts gives it', (name) => {
    const { handler, events = [] } = declared[name]!;
    expect(handler).toBe(`functions/${name}.handler`);
    expect(events.map(({ httpApi }) => `${httpApi?.method} ${httpApi?.path}`).sort()).toEqual(routesOf(name).sort());
  });

  it('region-health is handled under deploy/, on its own route', () => {
    const { handler, events = [] } = declared[healthFunction.name]!;
    expect(handler).toBe(healthFunction.handler);
    expect(events.map(({ httpApi }) => `${httpApi?.method} ${httpApi?.path}`)).toEqual([healthFunction.route]);
  });
});

/** What a function's handler file must build, by the function's route: its operation, its review, or the dispatcher. */
function expectedHandler(name: string): string {
  const operation = functionRoutes.find((route) => route.functionName === name)?.operation;
  if (operation !== undefined) return `operationHandler(interpreterRegistry, '${operation}')`;
  if (name === dispatcherFunction) return 'dispatcherHandler(interpreterRegistry)';
  if (name === 'convert') return 'conversionHandler(conversionRegistry)';
  if ((reviewFunctions as readonly string[]).includes(name)) return `admissionHandler(admissionRegistry, '${name}')`;
  throw new Error(`lib/routes.ts names ${name}, which this test does not know how to check: add it here`);
}

describe('functions/', () => {
  const files = readdirSync(join(projectRoot, 'functions')).filter((file) => file.endsWith('.ts'));

  it('holds one handler file per function of lib/routes.ts, and nothing else', () => {
    expect(files.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual([...functionNames].sort());
  });

  it.each(functionNames)('the handler file of %s builds the handler its route calls for', (name) => {
    const source = readFileSync(join(projectRoot, 'functions', `${name}.ts`), 'utf8');
    expect(source).toContain(`export const handler = ${expectedHandler(name)};`);
  });
});

describe('lib/local/functions.ts', () => {
  it("runs exactly lib/routes.ts's functions", () => {
    expect(Object.keys(handlersByFunction).sort()).toEqual([...functionNames].sort());
  });

  it.each(functionNames)('runs the handler exported by the handler file of %s', async (name) => {
    const { handler } = (await import(`../../functions/${name}.ts`)) as { handler: unknown };
    expect(handlersByFunction[name]).toBe(handler);
  });
});
