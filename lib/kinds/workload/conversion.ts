// Workload's conversions: v1alpha1 (spoke) to and from v1alpha2 (hub, the storage version), losslessly both ways.
// The moved fields' types are the reader's (schema.ts: pausedOf, aliasField); what is the converter's own is which
// fields move, the fields of the other version, and the rollout annotation it writes.
import type { ConvertibleKind } from '../../conversion/registry';
import { objectField, type Reading } from '../../kube/fields';
import type { JsonObject, JsonValue } from '../../review/json';
import { FieldFailure } from '../../review/core';
import { aliasAnnotation, rolloutAnnotation, workload } from './identity';
import { aliasField, pausedOf } from './schema';

/**
 * How the converter reads: the reader's types, but a `null` is wrong rather than absent, since a converter that
 * dropped a `null` would not give back what it was given.
 */
const lossless: Reading = { nullIsWrong: true };

/** A copy of `object` whose `metadata.annotations` are changed by `change`; `annotations` goes when it ends up empty. */
function withAnnotations(object: JsonObject, change: (annotations: JsonObject) => void): JsonObject {
  const metadata = objectField(object, 'metadata', 'metadata', lossless) ?? {};
  const annotations: JsonObject = { ...(objectField(metadata, 'annotations', 'metadata.annotations', lossless) ?? {}) };
  change(annotations);
  const { annotations: _dropped, ...rest } = metadata;
  return { ...object, metadata: Object.keys(annotations).length === 0 ? rest : { ...rest, annotations } };
}

/** The annotations, checked: a converter rewrites them, so a metadata or annotations of the wrong type is refused. */
function annotationsOf(object: JsonObject): JsonObject | undefined {
  return objectField(objectField(object, 'metadata', 'metadata', lossless), 'annotations', 'metadata.annotations', lossless);
}

function annotationPath(key: string): string {
  return `metadata.annotations[${key}]`;
}

/** v1alpha1 → v1alpha2: `spec.paused` → `spec.rollout.paused`; the alias and rollout annotations → `spec`. */
function toHub(object: JsonObject): JsonObject {
  const spec = objectField(object, 'spec', 'spec', lossless);
  const annotations = annotationsOf(object);
  if (spec !== undefined && Object.hasOwn(spec, 'rollout')) {
    throw new FieldFailure('spec.rollout', 'is not a v1alpha1 field (v1alpha1 says spec.paused; v1alpha2 says spec.rollout.paused)');
  }
  if (spec !== undefined && Object.hasOwn(spec, 'alias')) {
    throw new FieldFailure('spec.alias', `is not a v1alpha1 field (v1alpha1 keeps it in the annotation ${aliasAnnotation})`);
  }
  const paused = pausedOf(object, 'v1alpha1', lossless);
  const alias = aliasField(object, 'v1alpha1', lossless);
  const rolloutText = annotations?.[rolloutAnnotation];
  let rollout: JsonObject | undefined;
  if (rolloutText !== undefined) {
    rollout = typeof rolloutText === 'string' ? parsedObject(rolloutText) : undefined;
    // Only what fromHub writes converts back to the same text: anything else would not survive a round trip.
    const canonical = rollout !== undefined && compactJson(rollout, annotationPath(rolloutAnnotation)) === rolloutText && !Object.hasOwn(rollout, 'paused')
      && (paused === undefined || Object.keys(rollout).length > 0);
    if (!canonical) {
      throw new FieldFailure(annotationPath(rolloutAnnotation), 'is written by the conversion webhook (the compact JSON of v1alpha2 spec.rollout without paused); remove it');
    }
  }
  if (paused === undefined && alias === undefined && rollout === undefined) return object;

  const hubSpec: JsonObject = { ...spec };
  if (paused !== undefined || rollout !== undefined) {
    delete hubSpec.paused;
    hubSpec.rollout = paused === undefined ? rollout! : { ...rollout, paused };
  }
  if (alias !== undefined) hubSpec.alias = alias;
  const moved = alias !== undefined || rollout !== undefined
    ? withAnnotations(object, (a) => {
        delete a[aliasAnnotation];
        delete a[rolloutAnnotation];
      })
    : object;
  return { ...moved, spec: hubSpec };
}

/** JSON.stringify recurses: a value nested thousands of levels deep overflows the stack. That is the input's shape. */
function compactJson(value: JsonValue, path: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) throw new FieldFailure(path, 'nests JSON too deeply (thousands of levels) to be kept in an annotation; flatten it');
    throw error;
  }
}

function parsedObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** v1alpha2 → v1alpha1: the reverse of toHub; what `spec.paused` cannot say of `spec.rollout` goes to an annotation. */
function fromHub(hub: JsonObject): JsonObject {
  const spec = objectField(hub, 'spec', 'spec', lossless);
  const annotations = annotationsOf(hub);
  for (const key of [aliasAnnotation, rolloutAnnotation]) {
    if (annotations !== undefined && Object.hasOwn(annotations, key)) {
      throw new FieldFailure(annotationPath(key), 'is reserved for v1alpha1 objects; in v1alpha2 the value lives in spec');
    }
  }
  if (spec === undefined) return hub;
  if (Object.hasOwn(spec, 'paused')) {
    throw new FieldFailure('spec.paused', 'is not a v1alpha2 field (v1alpha2 says spec.rollout.paused)');
  }
  const rollout = objectField(spec, 'rollout', 'spec.rollout', lossless);
  const alias = aliasField(hub, 'v1alpha2', lossless);
  const paused = pausedOf(hub, 'v1alpha2', lossless);
  if (rollout === undefined && alias === undefined) return hub;

  const { rollout: _rollout, alias: _alias, ...spokeSpec } = spec;
  if (paused !== undefined) spokeSpec.paused = paused;
  const { paused: _paused, ...rest } = rollout ?? {};
  // `rollout: {}` or fields beside paused: kept in an annotation, so the way back restores them exactly.
  const rolloutRest = rollout !== undefined && (paused === undefined || Object.keys(rest).length > 0) ? compactJson(rest, 'spec.rollout') : undefined;
  const moved = alias !== undefined || rolloutRest !== undefined
    ? withAnnotations(hub, (a) => {
        if (alias !== undefined) a[aliasAnnotation] = alias;
        if (rolloutRest !== undefined) a[rolloutAnnotation] = rolloutRest;
      })
    : hub;
  // A spec that held only what moved to annotations is dropped, as toHub creates it from them.
  if (Object.keys(spokeSpec).length === 0 && paused === undefined) {
    const { spec: _spec, ...withoutSpec } = moved;
    return withoutSpec;
  }
  return { ...moved, spec: spokeSpec };
}

export const workloadConversion: ConvertibleKind = {
  ...workload,
  spokes: { v1alpha1: { toHub, fromHub } },
};
