// Argo CD's health_test.yaml, read as Argo CD's own test reads it (util/lua/health_test.go, v3.5.1): sigs.k8s.io/yaml
// turns the YAML into JSON and encoding/json fills the structs, so the `yaml:` tags are never read and a key matches
// a field name case-insensitively (`inputpath` is `InputPath`, as two CloneSet cases spell it). Of several keys for
// one field, the last in byte order wins: the JSON is written from a Go map, whose keys it sorts.
import { parse as parseYaml } from 'yaml';

/** One test of health_test.yaml: `IndividualTest` and gitops-engine's `HealthStatus`. */
export interface ArgoCdCase {
  inputPath?: string;
  healthStatus?: { status?: string; message?: string };
}

/** A name as encoding/json compares it: simple case folding, where only ſ and the Kelvin sign fold onto ASCII. */
function folded(name: string): string {
  return name.replace(/[a-z]/g, (letter) => letter.toUpperCase()).replace(/\u017f/g, 'S').replace(/\u212a/g, 'K');
}

function byteOrder(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value encoding/json would give the field `name` (its Go name, or its `json:` tag): undefined when no key matches. */
export function goField(object: Record<string, unknown>, name: string): unknown {
  const keys = Object.keys(object).filter((key) => folded(key) === folded(name)).sort(byteOrder);
  return keys.length === 0 ? undefined : object[keys[keys.length - 1]!];
}

function stringOf(object: Record<string, unknown>, name: string, where: string): string | undefined {
  const value = goField(object, name);
  if (value === undefined || value === null) return undefined;
  // encoding/json refuses it, and Argo CD's own test fails on it: say so rather than skip the case.
  if (typeof value !== 'string') throw new Error(`${where}.${name} is not a string, so Argo CD's own test cannot read it either`);
  return value;
}

/** The tests of a health_test.yaml text; a field of the wrong type is an error naming it. */
export function argoCdCases(text: string): ArgoCdCase[] {
  const document: unknown = parseYaml(text);
  const tests = isMap(document) ? goField(document, 'Tests') : undefined;
  if (tests === undefined || tests === null) return [];
  if (!Array.isArray(tests)) throw new Error('tests is not a list, so Argo CD\'s own test cannot read it either');
  return tests.map((test: unknown, index) => {
    const where = `tests[${index}]`;
    if (!isMap(test)) throw new Error(`${where} is not a map, so Argo CD's own test cannot read it either`);
    const read: ArgoCdCase = {};
    const inputPath = stringOf(test, 'InputPath', where);
    if (inputPath !== undefined) read.inputPath = inputPath;
    const health = goField(test, 'HealthStatus');
    if (isMap(health)) {
      const status = stringOf(health, 'status', `${where}.healthStatus`);
      const message = stringOf(health, 'message', `${where}.healthStatus`);
      read.healthStatus = { ...(status === undefined ? {} : { status }), ...(message === undefined ? {} : { message }) };
    } else if (health !== undefined && health !== null) {
      throw new Error(`${where}.healthStatus is not a map, so Argo CD's own test cannot read it either`);
    }
    return read;
  });
}
