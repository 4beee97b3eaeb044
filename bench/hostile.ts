// `npm run bench -- hostile` (or `npx tsx bench/hostile.ts`): CPU per call of the dispatcher handler for attackers'
// bodies (issue 7: huge quantities, million-item lists, 6 MB bodies), each run in-process and timed with cpuUsage.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler } from '../functions/dispatcher';
import { httpApiEvent } from '../test/support/events';
import { interpreterContext, type Json, type JsonMap } from '../test/support/karmada';
import { printTable } from './report';

export interface HostileCase {
  name: string;
  operation: string;
  /** The pod template's spec. */
  podSpec: () => JsonMap;
}

const container = (requests: JsonMap): JsonMap => ({ name: 'c', resources: { requests } });
const items = (count: number, item: () => Json): Json[] => Array.from({ length: count }, item);
const extended = (count: number): JsonMap => Object.fromEntries(Array.from({ length: count }, (_, i) => [`example.com/r${i}`, '1']));

export const hostileCases: HostileCase[] = [
  { name: 'cpu "0e300000000"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: '0e300000000' })] }) },
  { name: 'cpu "0e30000000"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: '0e30000000' })] }) },
  { name: 'cpu "0e2147483647"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: '0e2147483647' })] }) },
  { name: 'cpu "1e21"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: '1e21' })] }) },
  { name: 'cpu 1e21 (JSON number)', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: 1e21 })] }) },
  { name: 'cpu "1e999"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: '1e999' })] }) },
  { name: 'memory "1180591620717411303424"', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ memory: '1180591620717411303424' })] }) },
  { name: 'cpu: 6 MB of digits', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ cpu: `0.${'9'.repeat(6_000_000)}` })] }) },
  { name: 'memory: 0.(6 MB of 9s)Ki', operation: 'InterpretReplica', podSpec: () => ({ containers: [container({ memory: `0.${'9'.repeat(6_000_000)}Ki` })] }) },
  { name: '1,000,000 tolerations {}', operation: 'InterpretReplica', podSpec: () => ({ tolerations: items(1_000_000, () => ({})) }) },
  { name: '1,000,000 containers {}', operation: 'InterpretReplica', podSpec: () => ({ containers: items(1_000_000, () => ({})) }) },
  { name: '1,000,000 imagePullSecrets {}', operation: 'InterpretDependency', podSpec: () => ({ imagePullSecrets: items(1_000_000, () => ({})) }) },
  { name: '150,000 extended resources', operation: 'InterpretReplica', podSpec: () => ({ containers: [container(extended(150_000))] }) },
  {
    name: '200 containers × 500 env (5.5 MB)',
    operation: 'InterpretDependency',
    podSpec: () => ({
      containers: items(200, () => ({ name: 'c', env: items(500, () => ({ name: 'E', valueFrom: { secretKeyRef: { name: 's' } } })) })),
    }),
  },
  {
    name: '250 containers × 1,000 resources (6 MB)',
    operation: 'InterpretReplica',
    podSpec: () => ({ containers: items(250, () => container(extended(1_000))) }),
  },
  {
    name: '10,000 tolerations (the limit)',
    operation: 'InterpretReplica',
    podSpec: () => ({ tolerations: items(10_000, () => ({ key: 'k', operator: 'Exists' })) }),
  },
  {
    name: '1,000,000 env in 100 containers',
    operation: 'InterpretDependency',
    podSpec: () => ({ containers: items(100, () => ({ name: 'c', env: items(10_000, () => ({})) })) }),
  },
];

export interface HostileFigures {
  name: string;
  bodyBytes: number;
  cpuMs: number;
  wallMs: number;
  answer: string;
}

function answerOf(result: APIGatewayProxyStructuredResultV2): string {
  const body = typeof result.body === 'string' ? result.body : '';
  if (result.statusCode !== 200) return `HTTP ${result.statusCode}`;
  const response = (JSON.parse(body) as { response?: { successful?: boolean; status?: { code?: number; message?: string }; replicaRequirements?: { resourceRequest?: JsonMap } } }).response;
  if (response?.successful === false) return `${response.status?.code}: ${(response.status?.message ?? '').slice(0, 110)}`;
  const request = response?.replicaRequirements?.resourceRequest;
  return `successful ${request === undefined ? '' : JSON.stringify(request).slice(0, 80)}`;
}

export async function measureHostile(cases = hostileCases, runs = 3): Promise<HostileFigures[]> {
  const figures: HostileFigures[] = [];
  for (const hostile of cases) {
    const object: JsonMap = {
      apiVersion: 'workload.example.io/v1alpha1',
      kind: 'Workload',
      metadata: { name: 'hostile', namespace: 'default' },
      spec: { replicas: 1, template: { spec: hostile.podSpec() } },
    };
    const rawBody = JSON.stringify(interpreterContext({ operation: hostile.operation, object, uid: 'hostile' }));
    let best: HostileFigures | undefined;
    for (let run = 0; run < runs; run++) {
      const event = httpApiEvent({ rawBody });
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
      const wallMs = performance.now() - wall;
      const used = process.cpuUsage(cpu);
      const sample = { name: hostile.name, bodyBytes: rawBody.length, cpuMs: (used.user + used.system) / 1000, wallMs, answer: answerOf(result) };
      if (best === undefined || sample.cpuMs < best.cpuMs) best = sample;
    }
    figures.push(best!);
  }
  return figures;
}

export function printHostile(figures: HostileFigures[]): void {
  printTable(
    'Hostile bodies: CPU of one dispatcher call, in-process (best of 3; includes JSON.parse of the body)',
    ['case', 'body', 'cpu', 'wall', 'answer'],
    figures.map((f) => [f.name, `${(f.bodyBytes / 1e6).toFixed(2)} MB`, `${f.cpuMs.toFixed(1)} ms`, `${f.wallMs.toFixed(1)} ms`, f.answer]),
  );
}

// Standalone: `POWERTOOLS_LOG_LEVEL=WARN npx tsx bench/hostile.ts [regexp of case names to skip]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const skip = process.argv[2] === undefined ? undefined : new RegExp(process.argv[2]);
  printHostile(await measureHostile(hostileCases.filter((c) => skip === undefined || !skip.test(c.name))));
}
