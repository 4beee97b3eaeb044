// Valid Karmada request bodies to start mutations from: the valid event fixtures and every registered kind's
// interpreter cases, read and turned into requests by the author's kit as `--check` does (cases with only an
// observedObj included).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { caseFiles, readCases } from '../../lib/kit/cases';
import { kindFolders } from '../../lib/kit/kinds';
import { interpretInputOf, interpreterContextFor } from '../../lib/kit/request';
import { interpreterContext, type Json, type JsonMap } from '../support/karmada';

export interface Seed {
  /** Where the body came from, for counterexample reports. */
  name: string;
  body: JsonMap;
}

const testRoot = fileURLToPath(new URL('../', import.meta.url));

function fixtureSeeds(): Seed[] {
  const dir = join(testRoot, 'fixtures/events');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !file.includes('invalid') && file !== 'healthz.json')
    .sort()
    .map((file) => {
      const event = JSON.parse(readFileSync(join(dir, file), 'utf8')) as APIGatewayProxyEventV2;
      const text = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
      return { name: `fixture ${file}`, body: JSON.parse(text) as JsonMap };
    });
}

function caseSeeds(): Seed[] {
  return kindFolders().flatMap((kind) => (kind.testdata === undefined ? [] : caseFiles(kind.testdata))).flatMap((file) =>
    readCases(file).map((input) => {
      const { context } = interpreterContextFor(interpretInputOf(input));
      // A fixed uid, so that a counterexample replays exactly.
      context.request!.uid = `case-${input.name}`;
      return { name: `case ${input.name}`, body: context as unknown as JsonMap };
    }),
  );
}

/** An AggregateStatus body with `clusters` items, a tenth of them without status (not applied yet). */
export function aggregateStatusBody(clusters: number, uid = `aggregate-${clusters}`): JsonMap {
  const items = Array.from({ length: clusters }, (_, i): Json => {
    const clusterName = `member${String(i).padStart(4, '0')}`;
    if (i % 10 === 0) return { clusterName, appliedMessage: 'not applied yet', health: 'Unknown' };
    return { clusterName, applied: true, health: 'Healthy', status: { readyReplicas: i % 7, conditions: [{ type: 'Available', status: 'True' }] } };
  });
  const object: JsonMap = {
    apiVersion: 'workload.example.io/v1alpha1',
    kind: 'Workload',
    metadata: { name: 'fleet', namespace: 'default', generation: 4 },
    spec: { replicas: 3 * clusters },
    status: { readyReplicas: 1, observedGeneration: 4 },
  };
  return interpreterContext({ operation: 'AggregateStatus', object, aggregatedStatus: items, uid });
}

let cached: readonly Seed[] | undefined;

/** How many seeds come from kinds' cases: a test asserts every kind contributes (no kind loses its coverage silently). */
export function caseSeedCount(): number {
  return caseSeeds().length;
}

export function seeds(): readonly Seed[] {
  cached ??= [...fixtureSeeds(), ...caseSeeds(), { name: 'AggregateStatus, 12 clusters', body: aggregateStatusBody(12) }];
  return cached;
}
