// Issue 16 part 1: every AdmissionReview case of lib/kinds/workload/admission-cases.yaml through real kube-apiservers,
// twice: (a) the CRD's own rules (schema defaults, CEL) and the ValidatingAdmissionPolicies, no admission webhook;
// (b) the CRD reduced to its types with the /mutate and /validate webhooks (`npm start`, HTTPS). The verdicts and the
// causes' field paths must be the ones the case records for each way: the same for both, unless the case says why
// not (`apiserver.crd` with `differsBecause`). Then the webhooks' matchConditions, measured in the call log.
//
// Bare API servers of the scenario's own (test/e2e/scenarios/admission-servers.ts): nothing but the objects applied
// here can give a verdict, and the interpreter instance serving them is this scenario's alone, so its call log counts
// exactly this scenario's calls (rule 3).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parseAllDocuments } from 'yaml';
import type { CheckFn, Context, Scenario } from '../lib/checks';
import { callLines, newInterpreter, type Interpreter } from '../lib/interpreter';
import { mustRun, type ApiServer } from '../lib/kube';
import { waitFor } from '../lib/processes';
import { reviewWebhookConfig } from '../lib/reviews';
import { call, mustCall, startApiServer, startEtcd, type Answer, type Lab } from './admission-servers';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const casesFile = 'lib/kinds/workload/admission-cases.yaml';
const group = 'workload.example.io';
const namespace = 'admission';

/** What one way gives for one case: the verdict, the causes' field paths, the containers warned about, the spec kept. */
export interface Observation {
  allowed: boolean;
  fields?: string[];
  /** Containers named in warnings (the webhook: one warning each; the policy: one warning naming them). */
  warned?: string[];
}

interface ApiserverExpectation extends Observation {
  skip?: string;
  crd?: Observation;
  differsBecause?: string;
}

interface AdmissionCase {
  name: string;
  step: 'mutate' | 'validate';
  operation?: string;
  version?: string;
  object?: Record<string, any>;
  oldObject?: Record<string, any>;
  output: { allowed: boolean; patched?: Record<string, any> };
  apiserver?: ApiserverExpectation;
}

export function readCases(): AdmissionCase[] {
  return parseAllDocuments(readFileSync(`${repoRoot}${casesFile}`, 'utf8')).map((document) => document.toJS() as AdmissionCase);
}

const cases = readCases();
const runnable = cases.filter((c) => c.apiserver?.skip === undefined);

/** The CRD as the webhooks-only design had it: structure and types, no defaults, bounds, formats, keys or CEL rules. */
export function typesOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typesOnly);
  if (value === null || typeof value !== 'object') return value;
  const dropped = new Set(['x-kubernetes-validations', 'default', 'required', 'minimum', 'maximum', 'maxLength', 'maxItems', 'pattern', 'x-kubernetes-list-type', 'x-kubernetes-list-map-keys']);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !dropped.has(key)).map(([key, child]) => [key, typesOnly(child)]));
}

/** `Karmada cannot divide … for container(s) a, b and 5 more: …` or `5 more warnings not shown` → names and the count left out. */
export function warnedContainers(warnings: readonly string[]): string[] {
  const names: string[] = [];
  for (const warning of warnings) {
    const listed = /for containers? (.*?)(?: and (\d+) more)?: (?:it has|they have) no requests/.exec(warning);
    if (listed !== null) {
      names.push(...listed[1]!.split(', '));
      if (listed[2] !== undefined) names.push(`+${listed[2]}`);
    }
    const more = /^(\d+) more warnings not shown/.exec(warning);
    if (more !== null) names.push(`+${more[1]}`);
  }
  return names;
}

/** The causes' field paths; a policy's cause has only a message, which starts with the webhook's field error. */
export function causeFields(answer: Answer): string[] {
  const causes = (answer.body.details?.causes ?? []) as { field?: string; message?: string }[];
  const fields = causes.flatMap((cause) => {
    if (cause.field !== undefined && cause.field !== '') return [cause.field];
    const denied = /denied request: (.*)$/.exec(cause.message ?? '');
    if (denied === null) return []; // "some validation rules were not checked because the object was invalid"
    return [...denied[1]!.matchAll(/(?:^|, )((?:metadata|spec)[^:\s]*): (?:Invalid value|Forbidden|Required value)/g)].map((match) => match[1]!);
  });
  if (fields.length === 0 && answer.status === 400) {
    // A body the API server cannot decode into the schema names the field in its message.
    const unknown = /unknown field "([^"]+)"/.exec(String(answer.body.message));
    if (unknown !== null) return [unknown[1]!];
  }
  // `<nil>`: the API server's "some validation rules were not checked"; `<object>`: the webhook's "N more not shown".
  return [...new Set(fields)].filter((field) => !field.startsWith('<')).sort();
}

interface Way {
  name: 'crd' | 'webhooks';
  server: ApiServer;
}

const collection = (version: string) => `/apis/${group}/${version}/namespaces/${namespace}/workloads`;

function placed(object: Record<string, any>, name: string): Record<string, any> {
  return { ...object, metadata: { ...object.metadata, name, namespace } };
}

/** The case as a request (dry run: nothing stays), through every admission step of the API server. */
async function attempt(way: Way, input: AdmissionCase, index: number): Promise<{ observation: Observation; spec?: unknown; answer: Answer }> {
  const typed = (input.object ?? input.oldObject)!;
  const version = String(typed.apiVersion).split('/')[1]!;
  const name = `case-${index}`;
  let answer: Answer;
  if (input.operation === 'UPDATE') {
    const stored = await call(way.server, 'POST', collection(version), placed(input.oldObject!, name));
    if (stored.status !== 201) throw new Error(`${way.name}: the case's oldObject could not be stored (HTTP ${stored.status}: ${stored.body.message}); make it a valid object or skip the case`);
    const object = placed(input.object!, name);
    object.metadata.resourceVersion = stored.body.metadata.resourceVersion;
    answer = await call(way.server, 'PUT', `${collection(version)}/${name}?dryRun=All`, object);
    await mustCall(way.server, 'DELETE', `${collection(version)}/${name}`);
  } else {
    answer = await call(way.server, 'POST', `${collection(version)}?dryRun=All`, placed(input.object!, name));
  }
  const allowed = answer.status >= 200 && answer.status < 300;
  const observation: Observation = allowed ? { allowed } : { allowed, fields: causeFields(answer) };
  const warned = warnedContainers(answer.warnings);
  if (warned.length > 0) observation.warned = warned;
  return { observation, spec: allowed ? answer.body.spec : undefined, answer };
}

const expectedOf = (input: AdmissionCase): { webhooks: Observation; crd: Observation } => {
  const { skip: _skip, crd, differsBecause: _why, ...both } = input.apiserver ?? { allowed: input.output.allowed };
  const webhooks = both.allowed === undefined ? { ...both, allowed: input.output.allowed } : both;
  return { webhooks, crd: crd ?? webhooks };
};

const show = (value: unknown) => JSON.stringify(value);

async function apply(lab: Lab, server: ApiServer, yaml: string): Promise<void> {
  await mustRun(lab.binaries.kubectl, ['--kubeconfig', server.kubeconfig, 'apply', '-f', '-'], { input: yaml });
}

function crdReady(server: ApiServer): Promise<true> {
  return waitFor(`${server.name}: the Workload API served`, async () => {
    const answer = await call(server, 'GET', `/apis/${group}/v1alpha2/workloads`);
    return answer.status === 200 ? true : undefined;
  }, { timeoutMs: 60_000 });
}

const container = { name: 'app', image: 'app', resources: { requests: { cpu: '10m' } } };
const probeObject = (version: string, extra: Record<string, any> = {}) => ({
  apiVersion: `${group}/${version}`,
  kind: 'Workload',
  metadata: { name: 'probe', namespace },
  spec: { template: { spec: { containers: [container] } } },
  ...extra,
});

/** The instance's /mutate or /validate calls about one object, e.g. `validate UPDATE` (a log line is written before the answer). */
function callsAbout(context: Context, interpreter: Interpreter, name: string): string[] {
  return callLines(context.env, interpreter.name)
    .map((line) => line as typeof line & { name?: string; admissionOperation?: string })
    .filter((line) => line.name === name && (line.operation === 'mutate' || line.operation === 'validate'))
    .map((line) => `${line.operation} ${String(line.admissionOperation)}`);
}

/**
 * The calls about `name` once the interpreter's log holds `last`. The log line is written as the answer goes out, so a
 * read right after the API server's reply can come before it (seen in CI: the spec UPDATE's line missing).
 */
function callsOnceLogged(context: Context, interpreter: Interpreter, name: string, last: string): Promise<string[]> {
  return waitFor(`the interpreter's log to hold "${last}" about "${name}"`, async () => {
    const calls = callsAbout(context, interpreter, name);
    return calls.includes(last) ? calls : undefined;
  }, { timeoutMs: 10_000 });
}

export const admissionScenario: Scenario = {
  name: 'admission: the cases through kube-apiserver, CRD rules + policies alone vs the webhooks, verdicts agree case by case',
  checks: 2 + runnable.length + 2,
  async run(context: Context, check: CheckFn) {
    const { env } = context;
    const lab: Lab = { supervisor: env.supervisor, binaries: env.binaries, pki: env.pki, dir: env.dir };
    const started = Date.now();
    const etcd = await startEtcd(lab, 'admission-etcd');
    const [crdServer, hookServer] = await Promise.all([startApiServer(lab, 'admission-crd', etcd), startApiServer(lab, 'admission-webhooks', etcd)]);
    const interpreter = await newInterpreter(env, 'interpreter-admission');
    env.log(`admission: two bare kube-apiservers in ${Math.round((Date.now() - started) / 1000)} s; webhooks at ${interpreter.url}`);
    for (const server of [crdServer!, hookServer!]) await mustCall(server, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });

    // (a) The README's default: the CRD and its policies, no admission webhook (the CRD still converts through /convert).
    await apply(lab, crdServer!, await reviewWebhookConfig(env, interpreter, 'crd,policy'));
    // Set-up check (rule 9): both policies are in force; without them nothing warns and a v1alpha2 object may carry the alias annotation.
    await check('set-up: the CRD rules + policies server enforces the policies (a Warn and a Deny observed)', async () => {
      await crdReady(crdServer!);
      const warned = await waitFor('the requests policy to warn', async () => {
        const answer = await call(crdServer!, 'POST', `${collection('v1alpha2')}?dryRun=All`, probeObject('v1alpha2', { spec: { template: { spec: { containers: [{ name: 'bare', image: 'app' }] } } } }));
        return answer.status === 201 && show(warnedContainers(answer.warnings)) === show(['bare']) ? answer.warnings[0] : undefined;
      }, { timeoutMs: 60_000 });
      const denied = await waitFor('the annotations policy to deny', async () => {
        const answer = await call(crdServer!, 'POST', `${collection('v1alpha2')}?dryRun=All`, probeObject('v1alpha2', { metadata: { name: 'probe', namespace, annotations: { 'workload.example.io/alias': 'web' } } }));
        return answer.status === 422 ? String(answer.body.message) : undefined;
      }, { timeoutMs: 60_000 });
      return `warning "${warned}"; denial "${denied}"`;
    });

    // (b) The webhooks' design: the CRD reduced to its types, and the /mutate and /validate webhooks.
    const hookObjects = parseAllDocuments(await reviewWebhookConfig(env, interpreter, 'crd,admission')).map((document) => document.toJS() as Record<string, any>);
    const bare = hookObjects.map((object) => (object.kind === 'CustomResourceDefinition' ? typesOnly(object) : object));
    await apply(lab, hookServer!, bare.map((object) => `---\n${JSON.stringify(object)}\n`).join(''));
    // Set-up check (rule 9): with a types-only CRD, only /mutate can set replicas and only /validate can refuse duplicate names.
    await check('set-up: the webhooks server calls /mutate and /validate (a default and a denial only they give)', async () => {
      await crdReady(hookServer!);
      const defaulted = await waitFor('/mutate to default spec.replicas', async () => {
        const answer = await call(hookServer!, 'POST', `${collection('v1alpha2')}?dryRun=All`, probeObject('v1alpha2'));
        return answer.status === 201 && answer.body.spec?.replicas === 1 ? 'spec.replicas 1' : undefined;
      }, { timeoutMs: 60_000 });
      const denied = await waitFor('/validate to refuse duplicate names', async () => {
        const answer = await call(hookServer!, 'POST', `${collection('v1alpha2')}?dryRun=All`, probeObject('v1alpha2', { spec: { template: { spec: { containers: [container, container] } } } }));
        return answer.status === 422 ? String(answer.body.message) : undefined;
      }, { timeoutMs: 60_000 });
      return `${defaulted}; ${denied}`;
    });

    const ways: Way[] = [{ name: 'crd', server: crdServer! }, { name: 'webhooks', server: hookServer! }];
    for (const [index, input] of cases.entries()) {
      if (input.apiserver?.skip !== undefined) continue;
      await check(`case "${input.name}": ${input.apiserver?.differsBecause === undefined ? 'both ways agree' : 'the ways differ as the case says'}`, async () => {
        const expected = expectedOf(input);
        const [crd, webhooks] = await Promise.all(ways.map((way) => attempt(way, input, index)));
        const seen = { crd: crd!.observation, webhooks: webhooks!.observation };
        if (show(seen.webhooks) !== show(expected.webhooks) || show(seen.crd) !== show(expected.crd)) {
          throw new Error(`expected ${show(expected)}, observed ${show(seen)}; messages: crd ${show(crd!.answer.body.message ?? crd!.answer.warnings)}, webhooks ${show(webhooks!.answer.body.message ?? webhooks!.answer.warnings)}`);
        }
        if ((input.apiserver?.crd === undefined) !== (input.apiserver?.differsBecause === undefined)) throw new Error('a case with apiserver.crd says why (differsBecause), and only then');
        // Both allowed: the object each way would store has the same spec (defaulting agrees), the /mutate case's patch included.
        if (seen.crd.allowed && seen.webhooks.allowed) {
          if (!isDeepStrictEqual(crd!.spec, webhooks!.spec)) throw new Error(`stored specs differ: crd ${show(crd!.spec)}, webhooks ${show(webhooks!.spec)}`);
          if (input.output.patched !== undefined && !isDeepStrictEqual(crd!.spec, input.output.patched.spec)) throw new Error(`spec ${show(crd!.spec)} is not the case's patched spec`);
        }
        return `${show(seen.webhooks)}${input.apiserver?.differsBecause === undefined ? '' : `; crd ${show(seen.crd)}`}`;
      });
    }

    // The opt-in configuration: the same webhooks added to server (a), where the CRD already defaults and validates.
    await apply(lab, crdServer!, await reviewWebhookConfig(env, interpreter, 'admission'));
    const base = collection('v1alpha2');
    // Proves matchConditions, not a webhook that is not yet in force: the same configuration calls /mutate for an object without spec.
    await check('matchConditions: with the CRD defaulting, /mutate is called only for an object without spec', async () => {
      // Both configurations in force first (the API server reads each through its own informer).
      const nospec = await waitFor('the opt-in /mutate to be called (a Workload without spec)', async () => {
        await call(crdServer!, 'POST', `${base}?dryRun=All`, { apiVersion: `${group}/v1alpha2`, kind: 'Workload', metadata: { name: 'nospec', namespace } });
        const calls = callsAbout(context, interpreter, 'nospec');
        return calls.includes('mutate CREATE') ? calls : undefined;
      }, { timeoutMs: 60_000 });
      let attempt = 0;
      await waitFor('the opt-in /validate to be called (a valid Workload)', async () => {
        const name = `ready-${attempt++}`;
        await call(crdServer!, 'POST', `${base}?dryRun=All`, probeObject('v1alpha2', { metadata: { name, namespace } }));
        return callsAbout(context, interpreter, name).includes('validate CREATE') ? true : undefined;
      }, { timeoutMs: 60_000 });
      const answer = await call(crdServer!, 'POST', `${base}?dryRun=All`, probeObject('v1alpha2', { metadata: { name: 'defaulted', namespace } }));
      if (answer.status !== 201 || answer.body.spec?.replicas !== 1) throw new Error(`create: HTTP ${answer.status} ${show(answer.body.spec ?? answer.body.message)}`);
      const calls = await callsOnceLogged(context, interpreter, 'defaulted', 'validate CREATE');
      if (show(calls) !== show(['validate CREATE'])) throw new Error(`calls about "defaulted": ${show(calls)}; expected only ["validate CREATE"]`);
      return `without spec: ${show([...new Set(nospec)])}; with spec, no replicas (the schema defaults it to 1): ${show(calls)}`;
    });
    await check('matchConditions: /validate is not called for a label-only UPDATE, and is for a spec UPDATE', async () => {
      const stored = await mustCall(crdServer!, 'POST', base, probeObject('v1alpha2', { metadata: { name: 'labelled', namespace } }));
      const path = `${base}/labelled`;
      const labelled = await mustCall(crdServer!, 'PATCH', path, { metadata: { labels: { team: 'a' } } }, 'application/merge-patch+json');
      if (labelled.metadata.generation !== stored.metadata.generation) throw new Error('a label changed metadata.generation');
      const afterLabel = await callsOnceLogged(context, interpreter, 'labelled', 'validate CREATE');
      await mustCall(crdServer!, 'PATCH', path, { spec: { replicas: 2 } }, 'application/merge-patch+json');
      // Read once the spec UPDATE is logged: a call for the label patch, however late its line, comes before it.
      const afterSpec = await callsOnceLogged(context, interpreter, 'labelled', 'validate UPDATE').catch(() => callsAbout(context, interpreter, 'labelled'));
      await mustCall(crdServer!, 'DELETE', path);
      const expected = [['validate CREATE'], ['validate CREATE', 'validate UPDATE']];
      if (show([afterLabel, afterSpec]) !== show(expected)) throw new Error(`calls about "labelled": ${show(afterLabel)} after the label patch, ${show(afterSpec)} after the spec patch; expected ${show(expected)}`);
      return `calls after create + label patch ${show(afterLabel)}; after a spec patch ${show(afterSpec)}`;
    });
    for (const name of ['admission-crd', 'admission-webhooks', 'admission-etcd', interpreter.name]) await env.supervisor.stop(name);
  },
};

