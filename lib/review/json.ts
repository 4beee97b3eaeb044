// JSON values as every review carries them, and small facts about them: what a value is, how it reads in a
// message, and Kubernetes' int32 bound.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export const int32Max = 2_147_483_647;

/**
 * The answer to a value nested so deeply that reading or encoding it overflows the stack (JSON.stringify and a
 * recursive reader both recurse; Go's decoder, hence Karmada, allows 10 000 levels): the input's shape, a 400.
 */
export const nestedTooDeeply = 'the object nests JSON too deeply for its fields to be read or echoed in the answer (thousands of levels); flatten it';

/** Whether `error` is a stack overflow (RangeError: Maximum call stack size exceeded). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Whether `value` nests objects and arrays more than `levels` deep, walked without recursion (linear in its size). A
 * stack overflow is blamed on the input only when the input is that deep; otherwise it is our bug, a 500.
 */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= levels) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether an object has no enumerable field, found without listing its keys (an object may hold hundreds of thousands). */
export function hasNoFields(object: object): boolean {
  for (const _key in object) return false;
  return true;
}

/**
 * A request value quoted for an error message, cut to a bounded length: a message (and its log line) must not
 * grow with whatever a caller sends.
 */
export function quoted(value: unknown, maxLength = 200): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    return describeJson(value); // nested too deeply to stringify (RangeError)
  }
  return text.length <= maxLength ? text : `${text.slice(0, maxLength)}… (${text.length} characters)`;
}

/** How a value reads in an error message: "null", "an array", "a string"... */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
