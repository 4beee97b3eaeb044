// JSON values as every review carries them, and small facts about them: what a value is, how it reads in a
// message, and Kubernetes' int32 bound.

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export const int32Max = 2_147_483_647;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  return `a ${typeof value}`;
}
