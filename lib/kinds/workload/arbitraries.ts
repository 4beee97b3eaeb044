// Generated Workload objects of each served version, as an apiserver could store them: the conversion property
// test (test/property/conversion.property.test.ts) round-trips them. Test code only; no function imports it.
import fc from 'fast-check';
import type { JsonObject as JsonMap, JsonValue as Json } from '../../review/json';
import { aliasAnnotation, rolloutAnnotation } from './identity';

const reserved = new Set([aliasAnnotation, rolloutAnnotation]);
const dnsLabelArb = fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?$/);
/** Keys include the prototype names an attacker would try; JSON keeps them as own keys. */
const keyArb = fc.oneof({ weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString') });
/** As JSON carries values: -0 travels as 0, so it is not generated. */
const valueArb = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as Json);

/** A string map the apiserver would keep: absent or non-empty (ObjectMeta's maps are omitempty). */
function stringMapArb(excluded: ReadonlySet<string>): fc.Arbitrary<Record<string, string> | undefined> {
  return fc.option(fc.dictionary(keyArb.filter((key) => !excluded.has(key)), fc.string({ maxLength: 10 }), { minKeys: 1, maxKeys: 3 }), { nil: undefined });
}

function unknownFieldsArb(known: readonly string[]): fc.Arbitrary<JsonMap> {
  return fc.dictionary(keyArb.filter((key) => !known.includes(key)), valueArb, { maxKeys: 2 }) as fc.Arbitrary<JsonMap>;
}

const templateArb: fc.Arbitrary<Json> = fc.record({
  spec: fc.record({ containers: fc.array(fc.record({ name: dnsLabelArb, image: fc.string({ minLength: 1, maxLength: 8 }) }), { minLength: 1, maxLength: 2 }) }),
});

const statusArb = fc.option(fc.record({ readyReplicas: fc.nat({ max: 10 }) }), { nil: undefined });

function compact<T extends Record<string, unknown>>(record: T): JsonMap {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as JsonMap;
}

function metadataOf(name: string, namespace: string | undefined, labels: JsonMap | undefined, annotations: JsonMap | undefined): JsonMap {
  return compact({ name, namespace, uid: `uid-${name}`, resourceVersion: '7', generation: 2, labels, annotations });
}

/** What both versions have: metadata, other labels and annotations, and an alias (wherever the version keeps it). */
const sharedFields = {
    name: dnsLabelArb,
    namespace: fc.option(dnsLabelArb, { nil: undefined }),
    labels: stringMapArb(new Set()),
    annotations: stringMapArb(reserved),
    alias: fc.option(fc.oneof(dnsLabelArb, fc.string({ maxLength: 8 })), { nil: undefined }),
};

export const v1alpha1Arb: fc.Arbitrary<JsonMap> = fc
  .record({
    ...sharedFields,
    rolloutRest: fc.option(fc.dictionary(keyArb.filter((key) => key !== 'paused'), valueArb, { minKeys: 0, maxKeys: 2 }), { nil: undefined }),
    replicas: fc.option(fc.nat({ max: 2_147_483_647 }), { nil: undefined }),
    paused: fc.option(fc.boolean(), { nil: undefined }),
    template: templateArb,
    unknown: unknownFieldsArb(['replicas', 'paused', 'template', 'rollout', 'alias']),
    status: statusArb,
  })
  .map(({ name, namespace, labels, annotations, alias, rolloutRest, replicas, paused, template, unknown, status }) => {
    // The rollout annotation exists only as the conversion writes it: compact JSON, non-empty when paused is set.
    const rollout = rolloutRest === undefined || (paused !== undefined && Object.keys(rolloutRest).length === 0) ? undefined : JSON.stringify(rolloutRest);
    const allAnnotations = compact({ ...annotations, [aliasAnnotation]: alias, [rolloutAnnotation]: rollout });
    return compact({
      apiVersion: 'workload.example.io/v1alpha1',
      kind: 'Workload',
      metadata: metadataOf(name, namespace, labels, Object.keys(allAnnotations).length === 0 ? undefined : allAnnotations),
      spec: { ...unknown, ...compact({ replicas, paused, template }) },
      status,
    });
  });

export const v1alpha2Arb: fc.Arbitrary<JsonMap> = fc
  .record({
    ...sharedFields,
    rollout: fc.option(
      fc.record({ paused: fc.option(fc.boolean(), { nil: undefined }), rest: unknownFieldsArb(['paused']) }).map(({ paused, rest }) => ({ ...rest, ...compact({ paused }) })),
      { nil: undefined },
    ),
    replicas: fc.option(fc.nat({ max: 2_147_483_647 }), { nil: undefined }),
    template: templateArb,
    unknown: unknownFieldsArb(['replicas', 'paused', 'template', 'rollout', 'alias']),
    status: statusArb,
  })
  .map(({ name, namespace, labels, annotations, alias, rollout, replicas, template, unknown, status }) =>
    compact({
      apiVersion: 'workload.example.io/v1alpha2',
      kind: 'Workload',
      metadata: metadataOf(name, namespace, labels, annotations),
      spec: { ...unknown, ...compact({ replicas, alias, rollout, template }) },
      status,
    }),
  );

/** One generator per served version: what the conversion property test looks for in a kind's folder. */
export const objectArbitraries: Readonly<Record<string, fc.Arbitrary<JsonMap>>> = { v1alpha1: v1alpha1Arb, v1alpha2: v1alpha2Arb };
