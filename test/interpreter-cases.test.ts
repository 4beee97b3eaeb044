// Runs every interpreter case under test/cases (Karmada's testdata format) through the deployed handler path.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { milliValueOf, parseQuantity } from '../lib/kube/quantity';
import type { ResourceInterpreterResponse } from '../lib/protocol/types';
import { httpApiEvent } from './helpers/events';
import { applyResponsePatch, interpreterContext, responseOf, type Json, type JsonMap } from './helpers/karmada';

/** A case in the shape of Karmada's resourcecustomizations testdata, plus `error` for expected rejections. */
interface InterpreterCase {
  name: string;
  description?: string;
  desiredObj: JsonMap;
  observedObj?: JsonMap;
  statusItems?: Json[];
  inputReplicas?: number;
  operation: string;
  output?: Record<string, Json>;
  error?: { code: number; messageContains?: string };
}

const casesRoot = fileURLToPath(new URL('./cases/', import.meta.url));
const excludePlaceholder = '{{EXCLUDE}}';

function caseFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return caseFiles(path);
    return path.includes(`${'/'}testdata${'/'}`) && /-test\.ya?ml$/.test(entry) ? [path] : [];
  });
}

function withoutExcluded(expected: Json, actual: Json): [Json, Json] {
  if (expected === excludePlaceholder) return [null, null];
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) return [expected, actual];
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return [expected, actual];
    const pairs = expected.map((item, index) => withoutExcluded(item, actual[index] ?? null));
    return [pairs.map(([e]) => e), [...pairs.map(([, a]) => a), ...actual.slice(expected.length)]];
  }
  const e: JsonMap = {};
  const a: JsonMap = { ...actual };
  for (const [key, value] of Object.entries(expected)) {
    if (value === excludePlaceholder) {
      delete a[key];
      continue;
    }
    [e[key], a[key]] = withoutExcluded(value, actual[key] ?? null);
    if (!(key in actual)) delete a[key];
  }
  return [e, a];
}

/** Quantities compare by value, as Karmada's own test checker does. */
function quantitiesByValue(list: Json | undefined): Record<string, string> | undefined {
  if (typeof list !== 'object' || list === null || Array.isArray(list)) return undefined;
  return Object.fromEntries(Object.entries(list).map(([name, value]) => [name, milliValueOf(parseQuantity(value as string)).toString()]));
}

function requirementsByValue(requirements: Json | undefined): Json | undefined {
  if (typeof requirements !== 'object' || requirements === null || Array.isArray(requirements)) return requirements;
  const { resourceRequest, ...rest } = requirements;
  return resourceRequest === undefined ? rest : { ...rest, resourceRequest: quantitiesByValue(resourceRequest) ?? null };
}

function results(input: InterpreterCase, response: ResourceInterpreterResponse): Record<string, Json | undefined> {
  switch (input.operation) {
    case 'InterpretReplica':
      return { replica: response.replicas, requires: requirementsByValue(response.replicaRequirements as Json | undefined) };
    case 'InterpretComponent':
      return {
        components: (response.components ?? []).map(({ replicaRequirements, ...rest }) =>
          replicaRequirements === undefined ? rest : { ...rest, replicaRequirements: requirementsByValue(replicaRequirements as Json) },
        ) as Json,
      };
    case 'ReviseReplica':
      return { revised: applyResponsePatch(input.desiredObj, response) };
    case 'Retain':
      return { retained: applyResponsePatch(input.desiredObj, response) };
    case 'AggregateStatus':
      return { aggregatedStatus: applyResponsePatch(input.desiredObj, response) };
    case 'InterpretHealth':
      return { healthy: response.healthy };
    case 'InterpretStatus':
      return { status: response.rawStatus as Json };
    case 'InterpretDependency':
      return { dependencies: (response.dependencies ?? []) as unknown as Json };
    default:
      throw new Error(`unknown operation ${input.operation}`);
  }
}

function expectedFor(key: string, value: Json): Json {
  if (key === 'requires') return requirementsByValue(value) ?? null;
  if (key === 'components' && Array.isArray(value)) {
    return value.map((component) => {
      const { replicaRequirements, ...rest } = component as JsonMap;
      return (replicaRequirements === undefined ? rest : { ...rest, replicaRequirements: requirementsByValue(replicaRequirements) ?? null }) as Json;
    });
  }
  return value;
}

for (const file of caseFiles(casesRoot)) {
  const cases = parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => doc.toJS() as InterpreterCase).filter(Boolean);
  describe(relative(casesRoot, file), () => {
    for (const input of cases) {
      it(input.name, async () => {
        // Prepare
        const context = interpreterContext({
          operation: input.operation,
          object: input.desiredObj,
          ...(input.observedObj ? { observedObject: input.observedObj } : {}),
          ...(input.statusItems ? { aggregatedStatus: input.statusItems } : {}),
          replicas: input.inputReplicas ?? 0,
        });
        const uid = (context.request as JsonMap).uid as string;

        // Act
        const result = await handler(httpApiEvent({ body: context }));

        // Assess
        const response = responseOf(result, uid);
        if (input.error) {
          expect(response.successful).toBe(false);
          expect(response.status?.code).toBe(input.error.code);
          if (input.error.messageContains) expect(response.status?.message).toContain(input.error.messageContains);
          return;
        }
        expect(response.status?.message).toBeUndefined();
        expect(response.successful).toBe(true);
        const actual = results(input, response);
        const output = input.output ?? {};
        expect(Object.keys(output).length).toBeGreaterThan(0);
        for (const [key, expectedValue] of Object.entries(output)) {
          expect(Object.keys(actual)).toContain(key);
          const [expected, got] = withoutExcluded(expectedFor(key, expectedValue), (actual[key] ?? null) as Json);
          expect(got, `${key} of ${input.name}`).toEqual(expected);
        }
      });
    }
  });
}
