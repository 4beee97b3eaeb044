// Expected-vs-actual comparison of interpreter results as Karmada's own testdata runner does it
// (pkg/resourceinterpreter/default/thirdparty/thirdparty_test.go), with a short list of differing paths.
import { formatQuantity, parseQuantity, QuantityError, type Quantity } from '../kube/quantity';
import { isJsonObject, quoted } from '../review/json';
import type { JsonObject, JsonValue } from '../review/json';

export const excludePlaceholder = '{{EXCLUDE}}';

/** One differing path; `undefined` means the side has nothing there. */
export interface Difference {
  path: string;
  expected: JsonValue | undefined;
  actual: JsonValue | undefined;
}

const maxDifferences = 20;

// ---- {{EXCLUDE}}: Karmada's two passes, on object results only (retained, revised, aggregatedStatus) ----

/**
 * Removes every field whose expected value is "{{EXCLUDE}}" from the expected object, and the same paths from
 * the actual one. Paths are keys (and array indexes) joined by ".", as Karmada keys them.
 */
export function withoutExcluded(expected: JsonValue, actual: JsonValue): [JsonValue, JsonValue] {
  const excluded = new Set<string>();
  const strip = (value: JsonValue, path: string, collecting: boolean): JsonValue => {
    if (Array.isArray(value)) return value.map((item, index) => strip(item, `${path}${path === '' ? '' : '.'}${index}`, collecting));
    if (!isJsonObject(value)) return value;
    const result: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const itemPath = `${path}${path === '' ? '' : '.'}${key}`;
      if (collecting && item === excludePlaceholder) {
        excluded.add(itemPath);
        continue;
      }
      if (!collecting && excluded.has(itemPath)) continue;
      Object.defineProperty(result, key, { value: strip(item, itemPath, collecting), enumerable: true, writable: true, configurable: true });
    }
    return result;
  };
  const expectedStripped = strip(expected, '', true);
  return [expectedStripped, strip(actual, '', false)];
}

// ---- typed results: Karmada unmarshals the expected value into its Go type before comparing ----

/**
 * The Go type a result is unmarshalled into. Unknown fields are dropped, zero values equal absent ones, empty
 * lists and maps equal absent ones (apimachinery's DeepEqual), pointers keep `{}` apart from absent, and
 * quantities compare by value.
 */
type GoType =
  | 'string'
  | 'number'
  /** A pointer to a number (`*int64`): 0 is not absent. */
  | 'numberPointer'
  | 'boolean'
  | 'quantities'
  | 'strings'
  | { list: GoType }
  | { map: GoType }
  | { struct: Record<string, GoType>; pointer?: true };

const stringList: GoType = { list: 'string' };
const nodeSelectorRequirement: GoType = { struct: { key: 'string', operator: 'string', values: stringList } };
const nodeClaim: GoType = {
  pointer: true,
  struct: {
    hardNodeAffinity: {
      pointer: true,
      struct: { nodeSelectorTerms: { list: { struct: { matchExpressions: { list: nodeSelectorRequirement }, matchFields: { list: nodeSelectorRequirement } } } } },
    },
    nodeSelector: 'strings',
    tolerations: {
      list: { struct: { key: 'string', operator: 'string', value: 'string', effect: 'string', tolerationSeconds: 'numberPointer' } },
    },
  },
};
/** work/v1alpha2 ReplicaRequirements. */
const replicaRequirements: GoType = {
  pointer: true,
  struct: { nodeClaim, resourceRequest: 'quantities', namespace: 'string', priorityClassName: 'string' },
};
/** work/v1alpha2 Component. */
const component: GoType = {
  struct: {
    name: 'string',
    replicas: 'number',
    replicaRequirements: { pointer: true, struct: { nodeClaim, resourceRequest: 'quantities', priorityClassName: 'string' } },
  },
};
/** config/v1alpha1 DependentObjectReference. */
const dependency: GoType = {
  struct: {
    apiVersion: 'string',
    kind: 'string',
    namespace: 'string',
    name: 'string',
    labelSelector: {
      pointer: true,
      struct: { matchLabels: 'strings', matchExpressions: { list: nodeSelectorRequirement } },
    },
  },
};

/** The quantity as Kubernetes prints it (resource.Quantity's String(): `200m`, `1Gi`); a value that is none stays as it is. */
function canonicalQuantity(value: JsonValue): JsonValue {
  const quantity = quantityOf(value);
  return quantity === undefined ? value : formatQuantity(quantity);
}

function quantityOf(value: JsonValue | undefined): Quantity | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return parseQuantity(typeof value === 'string' ? value.trim() : value);
  } catch (error) {
    if (error instanceof QuantityError) return undefined;
    throw error;
  }
}

/** Equal as resource.Quantity.Equal says, whatever the format: 1Gi and 1073741824 are one value. */
function sameQuantity(expected: JsonValue | undefined, actual: JsonValue | undefined): boolean {
  const [want, got] = [quantityOf(expected), quantityOf(actual)];
  // Quantities are normalized (no leading or trailing zeros in digits), so equal values have equal parts.
  return want !== undefined && got !== undefined && want.negative === got.negative && want.digits === got.digits && want.exponent === got.exponent;
}

/** `requirements` with each value of its `resourceRequest` in canonical form; anything else as it is. */
function requestsCanonical(requirements: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonObject(requirements) || !isJsonObject(requirements.resourceRequest)) return requirements;
  const resourceRequest: JsonObject = {};
  for (const [name, quantity] of Object.entries(requirements.resourceRequest)) {
    Object.defineProperty(resourceRequest, name, { value: canonicalQuantity(quantity), enumerable: true, writable: true, configurable: true });
  }
  return { ...requirements, resourceRequest };
}

/**
 * A result as Karmada keeps it once decoded: the quantities of `requires` and of each component's requirements as
 * resource.Quantity prints them (`0.5` is `500m`, `1.5Gi` is `1536Mi`); every other
 * result, and a value that is no quantity, as it is.
 */
export function withCanonicalQuantities(name: string, value: JsonValue): JsonValue {
  if (name === 'requires') return requestsCanonical(value) ?? null;
  if (name !== 'components' || !Array.isArray(value)) return value;
  return value.map((component) => (isJsonObject(component) && Object.hasOwn(component, 'replicaRequirements')
    ? { ...component, replicaRequirements: requestsCanonical(component.replicaRequirements) ?? null }
    : component));
}

function isZero(value: JsonValue | undefined, type: GoType): boolean {
  if (value === undefined || value === null) return true;
  if (type === 'numberPointer' || (typeof type === 'object' && 'struct' in type && type.pointer)) return false;
  if (Array.isArray(value)) return value.length === 0;
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return value === '' || value === 0 || value === false;
}

/** The value as Go would hold it after unmarshalling into `type`; a value of the wrong shape is kept as it is. */
function asGo(value: JsonValue, type: GoType): JsonValue {
  if (type === 'quantities' || type === 'strings' || (typeof type === 'object' && 'map' in type)) {
    if (!isJsonObject(value)) return value;
    const result: JsonObject = {};
    for (const key of Object.keys(value).sort()) {
      const item = value[key]!;
      result[key] = type === 'quantities' ? canonicalQuantity(item) : typeof type === 'object' ? asGo(item, type.map) : item;
    }
    return result;
  }
  if (typeof type === 'object' && 'list' in type) return Array.isArray(value) ? value.map((item) => asGo(item, type.list)) : value;
  if (typeof type === 'object' && 'struct' in type) {
    if (!isJsonObject(value)) return value;
    const result: JsonObject = {};
    for (const [field, fieldType] of Object.entries(type.struct)) {
      const item = Object.hasOwn(value, field) ? value[field] : undefined;
      if (isZero(item, fieldType)) continue;
      result[field] = asGo(item!, fieldType);
    }
    return result;
  }
  return value;
}

/**
 * `actual` (made comparable by asGo), with each quantity that equals the expected one at its place written as the
 * expected one is: quantities compare by value, and each side prints in its own canonical form where they differ.
 */
function quantitiesAligned(expected: JsonValue | undefined, actual: JsonValue | undefined, type: GoType): JsonValue | undefined {
  if (expected === undefined || actual === undefined) return actual;
  if (type === 'quantities') {
    if (!isJsonObject(expected) || !isJsonObject(actual)) return actual;
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(actual)) {
      const aligned = Object.hasOwn(expected, key) && sameQuantity(expected[key], value) ? expected[key]! : value;
      Object.defineProperty(result, key, { value: aligned, enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  if (typeof type === 'object' && 'list' in type) {
    return Array.isArray(expected) && Array.isArray(actual) ? actual.map((item, index) => quantitiesAligned(expected[index], item, type.list) ?? null) : actual;
  }
  if (typeof type === 'object' && 'struct' in type) {
    if (!isJsonObject(expected) || !isJsonObject(actual)) return actual;
    const result: JsonObject = { ...actual };
    for (const [field, fieldType] of Object.entries(type.struct)) {
      if (Object.hasOwn(actual, field)) result[field] = quantitiesAligned(Object.hasOwn(expected, field) ? expected[field] : undefined, actual[field], fieldType)!;
    }
    return result;
  }
  return actual;
}

function sortedBy(list: JsonValue, keys: readonly string[]): JsonValue {
  if (!Array.isArray(list)) return list;
  const keyOf = (item: JsonValue) => keys.map((key) => (isJsonObject(item) && typeof item[key] === 'string' ? item[key] : ''));
  return [...list].sort((a, b) => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    for (let i = 0; i < keys.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    return 0;
  });
}

/** Both sides of one named result, made comparable the way Karmada compares that result. */
export function comparable(name: string, expected: JsonValue, actual: JsonValue | undefined): [JsonValue | undefined, JsonValue | undefined] {
  switch (name) {
    case 'retained':
    case 'revised':
    case 'aggregatedStatus':
      return withoutExcluded(expected, actual ?? null);
    case 'requires': {
      // No requirements (absent) and empty requirements are one thing to an author; Karmada's Lua path never returns absent.
      const normal = (value: JsonValue | undefined) => (value === undefined || value === null ? {} : asGo(value, replicaRequirements));
      const want = normal(expected);
      return [want, quantitiesAligned(want, normal(actual), replicaRequirements)];
    }
    case 'components': {
      const want = sortedBy(asGo(expected, { list: component }), ['name']);
      return [want, actual === undefined ? undefined : quantitiesAligned(want, sortedBy(asGo(actual, { list: component }), ['name']), { list: component })];
    }
    case 'dependencies': {
      const order = ['apiVersion', 'kind', 'namespace', 'name'];
      return [sortedBy(asGo(expected, { list: dependency }), order), actual === undefined ? undefined : sortedBy(asGo(actual, { list: dependency }), order)];
    }
    default:
      return [expected, actual];
  }
}

// ---- differences ----

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
}

function collect(expected: JsonValue | undefined, actual: JsonValue | undefined, path: string, out: Difference[], limit: number): void {
  if (out.length >= limit) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) collect(expected[i], actual[i], join(path, i), out, limit);
    return;
  }
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of [...keys].sort()) {
      collect(Object.hasOwn(expected, key) ? expected[key] : undefined, Object.hasOwn(actual, key) ? actual[key] : undefined, join(path, key), out, limit);
    }
    return;
  }
  if (expected === actual) return;
  out.push({ path, expected, actual });
}

/** Where `actual` differs from `expected` (at most `limit` paths, 20 unless told), empty when they are equal. */
export function differencesOf(expected: JsonValue | undefined, actual: JsonValue | undefined, limit = maxDifferences): Difference[] {
  const out: Difference[] = [];
  collect(expected, actual, '', out, limit);
  return out;
}

function shown(value: JsonValue | undefined): string {
  return value === undefined ? '(absent)' : quoted(value, 120);
}

/** One line per difference, under the result's name: `retained.spec.replicas: expected 3, got 2`. */
export function describeDifference({ path, expected, actual }: Difference, root: string): string {
  const where = path === '' || path.startsWith('[') ? `${root}${path}` : `${root}.${path}`;
  return `${where}: expected ${shown(expected)}, got ${shown(actual)}`;
}
