// Regression tests for issue 7's attacks: quantities that stalled or fooled the service, million-item lists, and
// ReviseReplica/Retain overwriting a spec that is not an object. Costs are measured in bench/hostile.ts.
import { describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { podTemplateLimits } from '../lib/interpreter/pod-template';
import type { ResourceInterpreterContext, ResourceInterpreterResponse } from '../lib/interpreter/wire/types';
import { captureLogs } from './support/logs';
import { httpApiEvent } from './support/events';
import { interpreterContext, type Json, type JsonMap } from './support/karmada';

captureLogs();

const containersPath = 'object.spec.template.spec.containers';

function workloadWith(podSpec: JsonMap, spec: JsonMap = {}): JsonMap {
  return {
    apiVersion: 'workload.example.io/v1alpha1',
    kind: 'Workload',
    metadata: { name: 'hostile', namespace: 'default' },
    spec: { replicas: 2, ...spec, template: { spec: podSpec } },
  };
}

async function answer(operation: string, object: JsonMap, observedObject?: JsonMap): Promise<ResourceInterpreterResponse> {
  const body = interpreterContext({ operation, object, observedObject, replicas: 3, uid: 'hostile-uid' });
  const result = await handler(httpApiEvent({ body }));
  expect(result.statusCode).toBe(200);
  const { response } = JSON.parse(result.body!) as ResourceInterpreterContext;
  expect(response!.uid).toBe('hostile-uid');
  return response!;
}

const requestsOf = (requests: JsonMap, extra: JsonMap = {}): JsonMap => ({ containers: [{ name: 'c', resources: { requests }, ...extra }] });

describe('quantities', () => {
  // Defects 1 and 3: "0e300000000" took 108 s, "0e2147483647" answered 500. Zero is zero, whatever its exponent.
  it.each(['0e300000000', '0e30000000', '0e2147483647', '0e-2147483648', '0e-300000000', '-0e99999'])(
    'answers cpu %j as zero (dropped) at once',
    async (cpu) => {
      // Act
      const response = await answer('InterpretReplica', workloadWith(requestsOf({ cpu, memory: '1Gi' })));

      // Assess
      expect(response).toMatchObject({ successful: true, replicas: 2, replicaRequirements: { resourceRequest: { memory: '1Gi' } } });
      expect(response.replicaRequirements?.resourceRequest).not.toHaveProperty('cpu');
    },
  );

  // Defect 2: these were answered {"cpu": "1"}. Karmada holds amounts in an int64 (Go's MilliValue() of "1e21" is 0):
  // past it, any answer would be smaller than asked or misread, so the object is refused, naming the field.
  it.each<[string, Json]>([
    ['cpu', '1e21'],
    ['cpu', 1e21],
    ['cpu', '1e999'],
    ['cpu', '1e-2147483648'], // Kubernetes' int32 scale wraps: it reads 10^2147483648
    ['cpu', '9223372036854775.808'],
    ['memory', '1180591620717411303424'],
    ['example.com/gpu', '1e19'],
  ])('refuses %s %j, more than Karmada can count, with 400 naming the field', async (name, value) => {
    // Act
    const response = await answer('InterpretReplica', workloadWith(requestsOf({ [name]: value })));

    // Assess
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(`${containersPath}[0].resources.requests.${name}: quantity `);
    expect(response.status!.message).toContain('more than Karmada can count');
  });

  it('keeps the largest amounts Karmada can count exactly', async () => {
    // Act
    const response = await answer('InterpretReplica', workloadWith(requestsOf({ cpu: '9223372036854775.807', memory: '7Ei', pods: '9223372036854775807' })));

    // Assess
    expect(response.replicaRequirements?.resourceRequest).toEqual({ cpu: '9223372036854775807m', memory: '7Ei', pods: '9223372036854775807' });
  });

  it.each(['8Ei', '16Ei', `${'1'.repeat(30)}Ki`])('refuses %j, which Kubernetes caps at 2^63 - 1 (less than asked), with 400', async (memory) => {
    // Go's ParseQuantity stores 2^63 - 1 for "8Ei" (2^63): answering that would ask Karmada for less than the object does.
    const response = await answer('InterpretReplica', workloadWith(requestsOf({ memory })));
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(`${containersPath}[0].resources.requests.memory: quantity `);
    expect(response.status!.message).toContain('more than Karmada can count');
  });

  it('refuses a sum of containers past the int64 limit rather than wrap it', async () => {
    // Prepare
    const container = { name: 'c', resources: { requests: { memory: '7Ei' } } };

    // Act
    const response = await answer('InterpretReplica', workloadWith({ containers: [container, container] }));

    // Assess
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(`${containersPath}: the sum of the memory requests is more than Karmada can count`);
  });

  it.each(['1e', '0x10', '1e9223372036854775808'])('refuses %j, which Kubernetes cannot parse, with 400', async (cpu) => {
    const response = await answer('InterpretReplica', workloadWith(requestsOf({ cpu })));
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(`${containersPath}[0].resources.requests.cpu: invalid quantity`);
  });

  it('reads a quantity of a million digits by its digits, and quotes only its start', async () => {
    // Act
    const rounded = await answer('InterpretReplica', workloadWith(requestsOf({ cpu: `0.${'9'.repeat(1_000_000)}` })));
    const huge = await answer('InterpretReplica', workloadWith(requestsOf({ cpu: '9'.repeat(1_000_000) })));

    // Assess
    expect(rounded.replicaRequirements?.resourceRequest).toEqual({ cpu: '1' });
    expect(huge.status?.code).toBe(400);
    expect(huge.status!.message.length).toBeLessThan(400);
  });
});

describe('lists beyond any real pod template', () => {
  // Within the body's bound on values (lib/transport/body-values.ts), which refuses more before parsing.
  const empty = (count: number): Json[] => Array.from({ length: count }, () => ({}));

  it.each([
    ['tolerations', 'InterpretReplica', { tolerations: empty(200_000) }],
    ['containers', 'InterpretReplica', { containers: empty(200_000) }],
    ['initContainers', 'InterpretReplica', { initContainers: empty(podTemplateLimits.listItems + 1) }],
    ['imagePullSecrets', 'InterpretDependency', { imagePullSecrets: empty(200_000) }],
    ['volumes', 'InterpretDependency', { volumes: empty(podTemplateLimits.listItems + 1) }],
  ] as const)('refuses 400 for %s past the limit, naming the list and the limit', async (list, operation, podSpec) => {
    // Act
    const response = await answer(operation, workloadWith(podSpec as JsonMap));

    // Assess
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(`object.spec.template.spec.${list} has `);
    expect(response.status!.message).toContain(`at most ${podTemplateLimits.listItems} are accepted`);
  });

  it('refuses 400 for 150,000 extended resources in one container', async () => {
    // Prepare
    const requests = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [`example.com/r${i}`, '1']));

    // Act
    const response = await answer('InterpretReplica', workloadWith(requestsOf(requests)));

    // Assess
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain(
      `${containersPath}[0].resources.requests has 150000 items; at most ${podTemplateLimits.resourceNames} are accepted`,
    );
  });

  it('still answers lists at the limit', async () => {
    // Prepare
    const tolerations = Array.from({ length: podTemplateLimits.listItems }, (_, i) => ({ key: `k${i}`, operator: 'Exists' }));

    // Act
    const response = await answer('InterpretReplica', workloadWith({ tolerations }));

    // Assess
    expect(response.successful).toBe(true);
    expect(response.replicaRequirements?.nodeClaim?.tolerations).toHaveLength(podTemplateLimits.listItems);
  });
});

// Defect 7: both silently replaced a spec that is not an object; every other operation answers 400.
describe('ReviseReplica and Retain with a spec that is not an object', () => {
  const withSpec = (spec: Json): JsonMap => ({ ...workloadWith({}), spec });

  it.each<Json>([[1, 2], 'text', 7, true])('ReviseReplica refuses object.spec %j with 400', async (spec) => {
    const response = await answer('ReviseReplica', withSpec(spec));
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain('object.spec must be an object');
  });

  it.each<Json>([[1, 2], 'text'])('Retain refuses object.spec %j with 400', async (spec) => {
    const response = await answer('Retain', withSpec(spec), workloadWith({}));
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain('object.spec must be an object');
  });

  it('Retain refuses observedObject.spec that is not an object with 400', async () => {
    const response = await answer('Retain', workloadWith({}), withSpec('text'));
    expect(response).toMatchObject({ successful: false, status: { code: 400 } });
    expect(response.status!.message).toContain('observedObject.spec must be an object');
  });
});

describe("a body past the bound on its values", () => {
  it('is refused with 413 and the uid before it is parsed, whatever list holds them', async () => {
    const response = await answer('InterpretReplica', workloadWith({ tolerations: Array.from({ length: 1_500_000 }, () => ({})) }));
    expect(response).toMatchObject({ successful: false, status: { code: 413 } });
    expect(response.status!.message).toContain('values (objects, lists and their items)');
  });
});
