// Hostile input for every kind served, with no per-kind edit: each kind's own cases (one per operation and version)
// are sent again with their spec or status of the wrong type, without a spec, with every list of the spec and status
// grown to many thousand items, and with many repeated status items. Every answer is a well-formed review with the
// request's uid; a refusal is a 400 whose message names a field of the request. Never a 500, never a crash.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { caseFiles, readCases, type InterpreterCase } from '../lib/kit/cases';
import { interpretInputOf, interpreterContextFor } from '../lib/kit/request';
import { interpreterRegistry } from '../lib/kinds/interpreters';
import type { ResourceInterpreterContext } from '../lib/interpreter/wire/types';
import { isJsonObject, type JsonObject, type JsonValue } from '../lib/review/json';
import { httpApiEvent } from './support/events';
import { captureLogs } from './support/logs';

captureLogs();

/** Items a grown list holds: far past anything a cluster sends, small enough for a unit test. */
const grownLength = 20_000;
/** Bytes the grown lists of one request take together: under Lambda's 6 MB payload limit (above it, a 413). */
const grownBytes = 4_000_000;

/** How many copies of `item` a grown list holds, when `lists` lists share the budget. */
const copiesOf = (item: JsonValue, lists = 1) => Math.max(1, Math.min(grownLength, Math.floor(grownBytes / lists / (JSON.stringify(item).length + 1))));

/** The outermost non-empty lists under a value. */
function listsUnder(value: JsonValue): number {
  if (Array.isArray(value)) return value.length === 0 ? 0 : 1;
  return isJsonObject(value) ? Object.values(value).reduce<number>((sum, inner) => sum + listsUnder(inner), 0) : 0;
}

/**
 * The object with every outermost array under `field` (spec or status) grown to grownLength copies of its first item
 * (lists inside a grown list stay as they are: growing both would multiply, not add, the request's size).
 */
function grown(object: JsonObject, field: string): JsonObject | undefined {
  let changed = false;
  const lists = listsUnder(object[field] ?? null);
  const grow = (value: JsonValue): JsonValue => {
    if (Array.isArray(value)) {
      if (value.length === 0) return value;
      changed = true;
      const first = value[0]!;
      return Array.from({ length: copiesOf(first, lists) }, () => first);
    }
    if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, grow(inner)]));
    return value;
  };
  if (!isJsonObject(object[field])) return undefined;
  const result = { ...object, [field]: grow(object[field]) };
  return changed ? result : undefined;
}

interface Variant {
  label: string;
  input: InterpreterCase;
}

/** The variants of one case, on the object the operation reads (the desired one, or the observed one). */
function variantsOf(input: InterpreterCase): Variant[] {
  const key = input.desiredObj !== undefined ? 'desiredObj' : 'observedObj';
  const object = input[key];
  if (object === undefined) return [];
  const withObject = (label: string, changed: JsonObject): Variant => ({ label, input: { ...input, [key]: changed } });
  const { spec: _spec, ...withoutSpec } = object;
  const variants = [
    withObject('spec is a string', { ...object, spec: 'text' }),
    withObject('spec is a list', { ...object, spec: [1, 2] }),
    withObject('no spec', withoutSpec),
    withObject('status is a number', { ...object, status: 7 }),
    withObject('metadata is a list', { ...object, metadata: [] }),
  ];
  for (const field of ['spec', 'status']) {
    const big = grown(object, field);
    if (big !== undefined) variants.push(withObject(`every list of ${field} grown (up to ${grownLength} items, 4 MB in all)`, big));
  }
  const items = input.statusItems;
  if (items !== undefined && items.length > 0) {
    const length = Math.min(...items.map((item) => copiesOf(item)));
    variants.push({ label: `${length} status items`, input: { ...input, statusItems: Array.from({ length }, (_, index) => items[index % items.length]!) } });
    variants.push({ label: 'status items of the wrong type', input: { ...input, statusItems: items.map(() => 'text') } });
  }
  return variants;
}

/** One case per operation and version of the kind's own testdata. */
function samplesOf(home: string): InterpreterCase[] {
  const seen = new Set<string>();
  return caseFiles(join(home, 'testdata')).flatMap((file) => readCases(file)).filter((input) => {
    const object = input.desiredObj ?? input.observedObj;
    const key = `${input.operation} ${String(object?.apiVersion)}`;
    if (input.error !== undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('hostile input for every kind served, from its own cases', () => {
  for (const kind of interpreterRegistry.kinds) {
    it(`${kind.group}/${kind.kind}: a well-formed answer with the uid, a 400 naming a field when refused, never a 500`, async () => {
      // Prepare
      const variants = samplesOf(kind.home).flatMap((input) => variantsOf(input).map((variant) => ({ ...variant, name: `${input.operation} ${input.name}` })));
      const problems: string[] = [];

      // Act
      for (const { name, label, input } of variants) {
        let built;
        try {
          built = interpreterContextFor(interpretInputOf(input));
        } catch {
          continue; // the kit refuses to build such a request (not an object a client sends)
        }
        const result = await handler(httpApiEvent({ body: built.context }));
        if (result.statusCode !== 200) {
          problems.push(`${name} | ${label}: HTTP ${result.statusCode}`);
          continue;
        }
        const { response } = JSON.parse(result.body!) as ResourceInterpreterContext;
        if (response?.uid !== built.uid) problems.push(`${name} | ${label}: uid ${response?.uid}, sent ${built.uid}`);
        if (response?.successful === false) {
          const { code, message } = response.status ?? {};
          if (code !== 400) problems.push(`${name} | ${label}: refused with code ${code}: ${message}`);
          else if (!/\b(object|observedObject|aggregatedStatus|request)\b[.\[]/.test(String(message))) problems.push(`${name} | ${label}: a 400 naming no field: ${message}`);
        }
      }

      // Assess
      expect(problems).toEqual([]);
      expect(variants.length, `variants from ${kind.home}/testdata`).toBeGreaterThan(0);
    });
  }
});
