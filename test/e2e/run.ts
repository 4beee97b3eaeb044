// `npm run e2e`: a real Karmada control plane and member clusters on loopback, push and pull mode, wired to `npm start`
// as the README tells users; every check observes an effect in a real API server. See README "See it work with real Karmada".
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBinaries, selectedKarmadaVersion } from './lib/build';
import type { CheckFn, Context, Scenario } from './lib/checks';
import { bringUp, installKarmadaExampleCrd, joinPushMember, startAgent, waitClustersReady, waitWorkloadApiOnMembers, type Environment } from './lib/cluster';
import { newInterpreter, startSecretsManager } from './lib/interpreter';
import { selectedMutation } from './lib/mutate';
import { run } from './lib/kube';
import { makePki } from './lib/pki';
import { waitMemberCrds, wireReviewWebhooks } from './lib/reviews';
import { Supervisor } from './lib/processes';
import { admissionScenario } from './scenarios/admission';
import { cloneSetScenario } from './scenarios/cloneset';
import { componentsScenario } from './scenarios/components';
import { controlScenario } from './scenarios/control';
import { convertDownScenario } from './scenarios/convert-down';
import { failoverScenario } from './scenarios/failover';
import { failuresScenario } from './scenarios/failures';
import { fluxScenario } from './scenarios/flux';
import { guideScenario } from './scenarios/guide';
import { karmadaSuiteScenario } from './scenarios/karmada-suite';
import { pullScenario } from './scenarios/pull';
import { lwsScenario } from './scenarios/lws';
import { rayScenario } from './scenarios/ray';
import { kedaScenario } from './scenarios/keda';
import { kubeVirtScenario } from './scenarios/kubevirt';
import { crossplaneScenario } from './scenarios/crossplane';
import { externalSecretsScenario } from './scenarios/external-secrets';
import { gatewayApiScenario } from './scenarios/gateway-api';
import { prometheusScenario } from './scenarios/prometheus';
import { rolloutScenario } from './scenarios/rollout';
import { versionsScenario } from './scenarios/versions';
import { volcanoJobScenario } from './scenarios/volcano-job';

const startedAt = Date.now();
const elapsed = () => `${String(Math.round((Date.now() - startedAt) / 1000)).padStart(4)}s`;
const log = (line: string) => console.log(`[e2e ${elapsed()}] ${line}`);

/** Scenarios in run order; E2E_SCENARIOS=<comma-separated names> picks some (names: the keys). */
const scenarios: Record<string, Scenario> = {
  readme: guideScenario({
    name: "push mode, the README's wiring verbatim (per-operation URLs, token from Secrets Manager)",
    namespace: 'default',
    interpreter: (context) => context.protectedInterpreter,
    mode: 'per-operation',
    verbatim: true,
  }),
  single: guideScenario({
    name: 'push mode, single /interpreter URL, unprotected instance',
    namespace: 'e2e-single',
    interpreter: (context) => context.openInterpreter,
    mode: 'single',
    verbatim: false,
  }),
  pull: pullScenario,
  components: componentsScenario,
  failures: failuresScenario,
  versions: versionsScenario,
  rollout: rolloutScenario,
  cloneset: cloneSetScenario,
  'volcano-job': volcanoJobScenario,
  flux: fluxScenario,
  ray: rayScenario,
  lws: lwsScenario,
  keda: kedaScenario,
  prometheus: prometheusScenario,
  kubevirt: kubeVirtScenario,
  'external-secrets': externalSecretsScenario,
  'gateway-api': gatewayApiScenario,
  crossplane: crossplaneScenario,
  admission: admissionScenario,
  'convert-down': convertDownScenario,
  /** Last in its environment: it removes our interpreter configuration (and puts it back). */
  control: controlScenario,
  /** In an environment of its own, after the others (see Wiring). */
  karmada: karmadaSuiteScenario,
  /** The failover rehearsal, in an environment of its own (see Wiring). */
  failover: failoverScenario,
};

const keep = process.env.E2E_KEEP === '1';
const selected = (process.env.E2E_SCENARIOS ?? Object.keys(scenarios).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
// An empty list (E2E_SCENARIOS= or E2E_SCENARIOS=,) would run nothing and pass: a proof of nothing.
if (selected.length === 0) {
  console.error(`E2E_SCENARIOS is set but names no scenario; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
for (const name of selected) {
  if (!(name in scenarios)) {
    console.error(`E2E_SCENARIOS: unknown scenario ${JSON.stringify(name)}; known: ${Object.keys(scenarios).join(', ')}`);
    process.exit(2);
  }
}

let mutation: ReturnType<typeof selectedMutation>;
try {
  selectedKarmadaVersion();
  mutation = selectedMutation();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const pushMembers = ['member1', 'member2', 'member3'];
const pullMembers = ['member4'];

/**
 * How an environment is wired. 'readme': README "Wire Karmada to it" (our two-version CRD, its conversion and admission
 * webhooks, the CRD propagated by Karmada). 'karmada-example': what Karmada's own e2e suite expects, Karmada's example
 * CRD (v1alpha1 only) on the control plane and every member: the suite selects `workload.example.io/v1alpha1` in its
 * PropagationPolicies, and Karmada's detector only sees a kind at its preferred version (v1alpha2 with our CRD).
 */
type Wiring = 'readme' | 'karmada-example' | 'failover';
const wiringOf = (name: string): Wiring => (name === 'karmada' ? 'karmada-example' : name === 'failover' ? 'failover' : 'readme');
/**
 * 'failover': the README's wiring with one push and one pull member, and karmada-controller-manager and karmada-agent
 * resolving names through the run's own hosts file (cluster.ts withHostsFile), which the failover scenario rewrites.
 */
const membersOf = (wiring: Wiring) => (wiring === 'failover' ? { pushMembers: ['member1'], pullMembers: ['member4'] } : { pushMembers, pullMembers });

/** One environment: its run directory, logs and processes. */
interface Run {
  wiring: Wiring;
  dir: string;
  logDir: string;
  supervisor: Supervisor;
  env?: Environment;
}
let current: Run | undefined;

function openRun(wiring: Wiring): Run {
  const dir = mkdtempSync(join(tmpdir(), `karmada-e2e-${wiring}-`));
  const logDir = join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  current = { wiring, dir, logDir, supervisor: new Supervisor(logDir) };
  return current;
}

async function closeRun(closing: Run, ok: boolean): Promise<void> {
  log(`stopping ${closing.supervisor.names().length} processes (${closing.wiring} environment)`);
  for (const controller of closing.env?.tokenControllers ?? []) controller.stop();
  await closing.supervisor.stopAll();
  closing.env?.kube.close();
  for (const kube of closing.env?.memberKube.values() ?? []) kube.close();
  if (ok && !keep) rmSync(closing.dir, { recursive: true, force: true });
  else log(`logs kept in ${closing.logDir}`);
  if (current === closing) current = undefined;
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (current !== undefined) await closeRun(current, code === 0);
  }
  process.exit(code);
}
// `on`, not `once`: one Ctrl-C reaches this process twice (from the terminal and relayed by tsx), and a signal
// without a handler would kill it before it has stopped the processes it started.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    log(`${signal}: stopping everything`);
    void shutdown(130);
  });
}
process.once('exit', () => current?.supervisor.killAllNow());

interface Result {
  scenario: string;
  description: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];

async function setUp(target: Run): Promise<Context> {
  if ((await run('sh', ['-c', 'command -v moto_server'])).code !== 0) {
    throw new Error("moto_server is not on PATH (the token-protected instance reads its token from a local Secrets Manager): pip install 'moto[server]'");
  }
  const { dir, supervisor } = target;
  const binaries = await ensureBinaries(log);
  log(`${target.wiring} environment: Karmada ${binaries.karmadaVersion}, binaries in ${binaries.dirs.join(', ')}; run directory ${dir}`);
  const pki = makePki(join(dir, 'pki'));
  const { pushMembers, pullMembers } = membersOf(target.wiring);
  const hostsFile = target.wiring === 'failover' ? { hostsFile: join(dir, 'hosts') } : {};
  const env: Environment = await bringUp({ dir, supervisor, binaries, pki, pushMembers, pullMembers, ...hostsFile, log });
  target.env = env;
  const members = [...pushMembers, ...pullMembers];

  // The interpreters start first: the CRD's conversion and admission webhooks must answer before a Workload is stored.
  const secret = await startSecretsManager(env);
  const protectedInterpreter = await newInterpreter(env, 'interpreter-token', secret);
  const openInterpreter = await newInterpreter(env, 'interpreter-open');
  log(`interpreters (npm start, HTTPS): token-protected ${protectedInterpreter.url}, unprotected ${openInterpreter.url}`);
  if (mutation !== undefined) log(`E2E_MUTATE=${mutation.name}: a proxy on each interpreter's port rewrites answers: ${mutation.describes} (the scenarios must fail)`);

  if (target.wiring !== 'karmada-example') {
    // README "Wire Karmada to it" (test/e2e/lib/reviews.ts): CRD + webhooks on the control plane, CRD propagated, admission on members.
    await wireReviewWebhooks(env, protectedInterpreter, members);
  } else {
    // As Karmada's e2e set-up does: its example CRD installed directly everywhere (the scenario applies our interpreter configuration).
    await installKarmadaExampleCrd(env, members);
  }

  for (const member of env.members.filter((candidate) => candidate.mode === 'Push')) await joinPushMember(env, member);
  for (const member of env.members.filter((candidate) => candidate.mode === 'Pull')) await startAgent(env, member);
  await waitClustersReady(env, members);
  log(`clusters Ready: ${pushMembers.join(', ')} (Push), ${pullMembers.join(', ')} (Pull, karmada-agent)`);
  if (target.wiring !== 'karmada-example') await waitMemberCrds(env, members);
  else await waitWorkloadApiOnMembers(env, members, 'v1alpha1');
  return { env, protectedInterpreter, openInterpreter, pushMembers, pullMembers };
}

/** Answers the E2E_MUTATE proxies have rewritten so far (lib/mutate.ts), from their logs. */
function mutatedAnswers(context: Context): string[] {
  return [context.protectedInterpreter, context.openInterpreter].flatMap((interpreter) => {
    try {
      return readFileSync(`${context.env.logDir}/${interpreter.name}-mutated.log`, 'utf8').split('\n').filter((line) => line !== '');
    } catch {
      return [];
    }
  });
}

async function runScenario(context: Context, name: string): Promise<void> {
  const scenario = scenarios[name]!;
  log(`== scenario ${name}: ${scenario.name}`);
  const mutatedBefore = mutatedAnswers(context).length;
  try {
    await runChecks(context, name, scenario);
  } finally {
    if (mutation !== undefined) log(`  E2E_MUTATE=${mutation.name}: ${mutatedAnswers(context).length - mutatedBefore} answer(s) rewritten during ${name}`);
  }
}

async function runChecks(context: Context, name: string, scenario: Scenario): Promise<void> {
  const check: CheckFn = async (description, observe) => {
    const started = Date.now();
    try {
      const detail = await observe();
      results.push({ scenario: name, description, ok: true, detail });
      log(`  ok   ${description} (${Math.round((Date.now() - started) / 1000)} s)\n           observed: ${detail}`);
    } catch (error) {
      if (stopping) throw error; // Interrupted: processes are being stopped under the check.
      results.push({ scenario: name, description, ok: false, detail: (error as Error).message });
      log(`  FAIL ${description}\n           ${(error as Error).message}`);
      throw error;
    }
  };
  try {
    await scenario.run(context, check);
  } catch (error) {
    if (stopping) return;
    if (!results.some((result) => result.scenario === name && !result.ok)) {
      results.push({ scenario: name, description: 'scenario set-up', ok: false, detail: (error as Error).message });
      log(`  FAIL scenario set-up: ${(error as Error).message}`);
    }
    log(`  scenario ${name} stopped at its first failure; later scenarios still run`);
    return;
  }
  // A scenario that returns having run fewer (or more) checks than it declares did not prove what it claims.
  const ran = results.filter((result) => result.scenario === name).length;
  if (ran !== scenario.checks) {
    results.push({ scenario: name, description: 'check count', ok: false, detail: `ran ${ran} checks, declares ${scenario.checks}` });
    log(`  FAIL check count: ran ${ran} checks, the scenario declares ${scenario.checks}`);
  }
}

async function main(): Promise<number> {
  // One environment per wiring, in turn (the 'readme' one first); each is stopped before the next one starts.
  const groups = (['readme', 'karmada-example', 'failover'] as const)
    .map((wiring) => ({ wiring, names: selected.filter((name) => wiringOf(name) === wiring) }))
    .filter((group) => group.names.length > 0);
  let context: Context | undefined;
  for (const [index, group] of groups.entries()) {
    if (stopping) return 130;
    const target = openRun(group.wiring);
    try {
      context = await setUp(target);
    } catch (error) {
      if (stopping) return 130;
      log(`SET-UP FAILED (${group.wiring} environment): ${(error as Error).message}`);
      for (const name of group.names) results.push({ scenario: name, description: `${group.wiring} environment set-up`, ok: false, detail: (error as Error).message });
      await closeRun(target, false);
      continue;
    }
    for (const name of group.names) {
      await runScenario(context, name);
      if (stopping) return 130;
    }
    const last = index === groups.length - 1;
    if (!(keep && last)) await closeRun(target, !results.some((result) => !result.ok && group.names.includes(result.scenario)));
  }
  if (stopping) return 130;
  const failed = results.filter((result) => !result.ok);
  const expected = selected.reduce((sum, name) => sum + scenarios[name]!.checks, 0);
  const passed = results.length - failed.length;
  if (failed.length === 0 && passed !== expected) {
    results.push({ scenario: '(run)', description: 'check count', ok: false, detail: `${passed} checks passed, ${expected} expected` });
    failed.push(results[results.length - 1]!);
  }
  if (mutation !== undefined) log(`E2E_MUTATE=${mutation.name} (${mutation.describes}): every scenario that claims ${mutation.operation} should have failed below`);
  log(`${passed} of ${expected} expected checks passed (${selected.join(', ')}), ${failed.length} failed${failed.length ? `: ${failed.map((result) => `${result.scenario}: ${result.description}`).join('; ')}` : ''}`);
  // Each failure's reason again at the very end: a CI log shown by its tail keeps it (the FAIL line can be far above,
  // before the component logs printed after it).
  for (const result of failed) log(`  failed ${result.scenario}: ${result.description}: ${result.detail.slice(0, 1_000)}`);
  if (keep && current !== undefined && context !== undefined) {
    log(`E2E_KEEP=1: the last environment (${current.wiring}) stays up. Try:\n  export KUBECONFIG=${context.env.kubeconfig}\n  kubectl=${context.env.binaries.kubectl}\n  $kubectl --context karmada-apiserver get clusters,resourcebindings -A\n  $kubectl --context member1 get workloads -A\nLogs: ${current.logDir}. Ctrl-C stops everything.`);
    await new Promise(() => undefined);
  }
  return failed.length === 0 ? 0 : 1;
}

void main().then(
  (code) => shutdown(code),
  (error: unknown) => {
    log(`unexpected error: ${(error as Error).stack ?? String(error)}`);
    void shutdown(1);
  },
);
