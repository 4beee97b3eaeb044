// What each member's Crossplane writes on the object itself, which the control plane's template must not take back:
// the external resource's name and creation record (crossplane-runtime pkg/meta: `crossplane.io/external-name`, set
// once the provider created it; `external-create-*` while creating), the spec fields a provider late-initialized from
// the external resource (pkg/reconciler/managed: only while the management policies include LateInitialize), and
// what composition selected and created (Crossplane's composite and claim reconcilers: the composition and revision
// references, the composed and bound resources, under `spec` in the legacy API and `spec.crossplane` in v2).
import { isJsonObject, type JsonObject, type JsonValue } from '../../review/json';
import type { PatchBuilder } from '../../review/patch';

export const memberAnnotations = ['crossplane.io/external-name', 'crossplane.io/external-create-pending', 'crossplane.io/external-create-succeeded', 'crossplane.io/external-create-failed'] as const;

/** References Crossplane's reconcilers write into a composite's or claim's spec, in each API. */
export const memberSpecPaths: readonly (readonly string[])[] = [
  ['spec', 'compositionRef'],
  ['spec', 'compositionRevisionRef'],
  ['spec', 'resourceRefs'],
  ['spec', 'resourceRef'],
  ['spec', 'claimRef'],
  ['spec', 'crossplane', 'compositionRef'],
  ['spec', 'crossplane', 'compositionRevisionRef'],
  ['spec', 'crossplane', 'resourceRefs'],
  ['spec', 'crossplane', 'claimRef'],
];

/** Whether a provider late-initializes: management policies absent (the default `*`), `*`, or naming LateInitialize. */
export function lateInitializes(policies: readonly string[] | undefined): boolean {
  return policies === undefined || policies.includes('*') || policies.includes('LateInitialize');
}

/** The value at a path of objects; undefined where a step is absent or not an object. */
export function valueAt(object: JsonObject | undefined, path: readonly string[]): JsonValue | undefined {
  let node: JsonValue | undefined = object;
  for (const name of path) {
    if (!isJsonObject(node)) return undefined;
    node = node[name];
  }
  return node ?? undefined;
}

/** Nesting past which no provider's parameters go: below it the template's value stands as it is. */
const maxDepth = 32;
/** A payload for another API (provider-kubernetes' `forProvider.manifest`): the user's whole, never late-initialised. */
const payloadFields = new Set(['manifest']);

/**
 * Adds each field the member's object has below `path` and the template lacks, descending into objects both have;
 * the template's value wins wherever it has one (a list is the template's whole). Linear in the member's fields.
 */
export function keepLateInitialized(patch: PatchBuilder, path: readonly string[], template: JsonValue | undefined, member: JsonValue | undefined, depth = 0): void {
  if (member === undefined || member === null) return;
  if (template === undefined || template === null) {
    patch.add(path, member);
    return;
  }
  if (!isJsonObject(member) || !isJsonObject(template) || depth >= maxDepth) return;
  for (const key in member) if (depth > 0 || !payloadFields.has(key)) keepLateInitialized(patch, [...path, key], template[key], member[key], depth + 1);
}
