// Small facts about JSON values shared by the validators: what a value is, and Kubernetes' int32 bound.

import type { JsonObject } from './types';

export const int32Max = 2_147_483_647;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a value reads in an error message: "null", "an array", "a string"... */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
