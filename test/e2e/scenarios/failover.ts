// The failover rehearsal (issue 16 item 5), in an environment of its own (run.ts, wiring 'failover'): two local
// "regions" (`npm start` over HTTPS on 127.0.0.2 and 127.0.0.3, the same port, each with a certificate for
// `interpreter.e2e.test`) serve one host name. karmada-controller-manager and karmada-agent resolve it through the run's
// hosts file, bind-mounted over /etc/hosts in their private mount namespace (cluster.ts withHostsFile), as they would
// resolve a Route 53 latency record. Karmada is wired to the name with the README's command. Mid-way through a rescale
// (the binding already holds the new count from region A, no Work has it yet) region A is stopped; the Works stall;
// the name is switched to region B as the health check would switch it (the file rewritten in place); propagation
// resumes, and the binding, the Works and the member objects are the same objects (uids) with the right values.
//
// Go's resolver (net/hosts.go, cacheMaxAge) re-reads /etc/hosts at most every 5 s, when its mtime or size changed; a
// stopped region closes its keep-alive connections, so every later call dials and resolves again. Karmada retries a
// failed sync with exponential back-off (its rate limiter: 5 ms doubling up to --rate-limiter-max-delay), so the time to resume
// after the switch depends on how long the outage lasted; the scenario prints both.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { kubectl } from '../lib/cluster';
import {
  aggregated,
  assertNoKarmadaWebhookFailures,
  bindingPath,
  deepEqual,
  ensureNamespace,
  expectBindingReplicas,
  expectCollected,
  expectSummed,
  holdsFor,
  markKarmadaLogs,
  memberKube,
  sampleRequest,
  show,
  spec,
  stepAnnotation,
  stepOf,
  targetClusters,
  waitKarmada,
  workFor,
  weightedPolicy,
  type Context,
  type Scenario,
} from '../lib/checks';
import { applyWebhookConfig, callLines, type Interpreter } from '../lib/interpreter';
import type { KubeObject } from '../lib/kube';
import { freePort, sleep, waitFor, type Started } from '../lib/processes';
import { untilControllerCalls } from '../lib/wiring';
import { sign, serverExtensions } from '../../support/pki';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const hostName = 'interpreter.e2e.test';
const regionAddress = { a: '127.0.0.2', b: '127.0.0.3' } as const;
const ns = 'e2e-failover';
const name = 'failover';
const v2Path = `/apis/workload.example.io/v1alpha2/namespaces/${ns}/workloads/${name}`;
/**
 * How long the stall is watched before the switch (the outage; Karmada's back-off grows with it). E2E_FAILOVER_OUTAGE_S
 * sets it (default 10) to measure the resume time after a longer outage.
 */
const stallHoldMs = Number(process.env.E2E_FAILOVER_OUTAGE_S ?? '10') * 1000;
/** A generous bound on the time from the switch to both members holding the new counts (2 busy cores). */
const resumeBoundMs = 180_000;

const container = { name: 'nginx', image: 'nginx:1.27', resources: { requests: sampleRequest } };
const template = { metadata: { labels: { app: name } }, spec: { containers: [container] } };

function manifests(push: string, pull: string, replicas: number): string {
  const workload = {
    apiVersion: 'workload.example.io/v1alpha2', kind: 'Workload', metadata: { name, namespace: ns, labels: { app: name } },
    spec: { replicas, rollout: { paused: false }, template },
  };
  const policy = weightedPolicy(ns, name, { apiVersion: 'workload.example.io/v1alpha2', kind: 'Workload' }, { [push]: 3, [pull]: 2 });
  return `${stringify(workload)}---\n${stringify(policy)}`;
}

/** The hosts file as the health check would leave it: the machine's own lines, and the name at one region. */
function hostsText(original: string, address: string): string {
  return `${original.trimEnd()}\n# failover rehearsal: the record Route 53 would answer\n${address} ${hostName}\n`;
}

/** GET /healthz at one region's address, TLS verified for the host name (as Karmada verifies it). */
function regionHealthz(address: string, port: number, caFile: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: address, port, path: '/healthz', servername: hostName, ca: readFileSync(caFile), timeout: 5_000, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? `HTTP 200 from ${address}:${port} as ${hostName}` : undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** What a component sees as /etc/hosts (its mount namespace, through /proc/<pid>/root). */
const hostsSeenBy = (started: Started) => readFileSync(`/proc/${started.child.pid}/root/etc/hosts`, 'utf8');
const resolvedBy = (text: string) => text.split('\n').find((line) => line.trim().split(/\s+/).slice(1).includes(hostName))?.trim().split(/\s+/)[0];

/**
 * Seconds of day of the controller-manager's "Failed to transform ResourceBinding to works" lines for the binding after
 * `offset` (klog's `E0820 10:00:00.123456` prefix): when Karmada retried the sync.
 */
function failedSyncTimes(log: string, offset: number): number[] {
  const text = readFileSync(log).subarray(offset).toString('utf8');
  return text.split('\n').flatMap((line) => {
    const match = /^E\d{4} (\d\d):(\d\d):(\d\d\.\d+) .*Failed to transform ResourceBinding to works.*binding="([^"]+)"/.exec(line);
    return match !== null && match[4] === `${name}-workload` ? [Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])] : [];
  });
}

const uidOf = (object: KubeObject | undefined) => (object?.metadata as { uid?: string } | undefined)?.uid;

/** Stops a process group with SIGSTOP while `during` runs (karmada-scheduler: the rescale stops mid-way), always resumed. */
async function paused<T>(started: Started, during: () => Promise<T>): Promise<T> {
  const pid = started.child.pid;
  if (pid === undefined) throw new Error(`${started.name} has no pid`);
  process.kill(-pid, 'SIGSTOP');
  try {
    return await during();
  } finally {
    process.kill(-pid, 'SIGCONT');
  }
}

export const failoverScenario: Scenario = {
  name: 'failover rehearsal: region A stopped mid-way through a rescale, the name switched to region B',
  checks: 7,
  async run(context, check) {
    const { env } = context;
    const push = context.pushMembers[0]!;
    const pull = context.pullMembers[0]!;
    const hostsFile = env.hostsFile;
    if (hostsFile === undefined) throw new Error('the failover scenario needs an environment with a hosts file (run.ts wiring "failover")');
    const manager = env.supervisor.get('karmada-controller-manager');
    const agent = env.supervisor.get(`karmada-agent-${pull}`);

    // ---- two regions serving one name ----
    const ca = { dir: env.pki.dir, cert: env.pki.caCert, key: env.pki.caKey, pem: readFileSync(env.pki.caCert) };
    const certificate = sign(ca, 'regions', `/CN=${hostName}`, serverExtensions([hostName]));
    const port = await freePort();
    const original = readFileSync(hostsFile, 'utf8');
    const inode = statSync(hostsFile).ino;
    // In place (open with O_TRUNC, write): the bind mount holds the inode, a rename would leave the components on the old file.
    writeFileSync(hostsFile, hostsText(original, regionAddress.a));
    const regions = { a: 'region-a', b: 'region-b' } as const;
    for (const key of ['a', 'b'] as const) {
      const started = env.supervisor.start(regions[key], 'npm', ['start'], {
        cwd: repoRoot,
        env: { HOST: regionAddress[key], PORT: String(port), TLS_CERT: certificate.cert, TLS_KEY: certificate.key, POWERTOOLS_LOG_LEVEL: 'INFO' },
      });
      await waitFor(`${regions[key]} (npm start on ${regionAddress[key]}:${port}) to answer GET /healthz`, () => regionHealthz(regionAddress[key], port, env.pki.caCert), { timeoutMs: 90_000, component: started });
    }
    const url = `https://${hostName}:${port}`;
    env.log(`regions: ${regions.a} on ${regionAddress.a}:${port}, ${regions.b} on ${regionAddress.b}:${port}, both ${url}; hosts file ${hostsFile}`);

    // Set-up, not an interpreter answer: the components resolve the name through the scenario's file, the test runner does not.
    await check(`set-up: karmada-controller-manager and karmada-agent-${pull} see the run's hosts file as /etc/hosts (${hostName} -> ${regionAddress.a}); both regions answer as ${hostName} on port ${port}`, async () => {
      const seen = { manager: resolvedBy(hostsSeenBy(manager)), agent: resolvedBy(hostsSeenBy(agent)), machine: resolvedBy(readFileSync('/etc/hosts', 'utf8')) };
      if (seen.manager !== regionAddress.a || seen.agent !== regionAddress.a || seen.machine !== undefined) throw new Error(`${hostName} resolves to ${show(seen)}`);
      const answers = [await regionHealthz(regionAddress.a, port, env.pki.caCert), await regionHealthz(regionAddress.b, port, env.pki.caCert)];
      if (answers.includes(undefined)) throw new Error(`a region does not answer: ${show(answers)}`);
      return `${hostName}: controller-manager ${seen.manager}, agent ${seen.agent}, the machine's /etc/hosts no entry; ${answers.join('; ')}`;
    });

    // ---- Karmada wired to the name (README), at region A ----
    const regionA: Interpreter = { name: regions.a, url, port };
    const regionB: Interpreter = { name: regions.b, url, port };
    await ensureNamespace(context, ns);
    await applyWebhookConfig(env, regionA);
    await untilControllerCalls(context, ns, regionA, 0, (line) => line.operation === 'InterpretReplica' && line.successful === true);

    await kubectl(env, 'karmada-apiserver', ['apply', '-f', '-'], manifests(push, pull, 5));
    const before: Record<string, string | undefined> = {};
    // InterpretReplica (binding replicas 5 and requests), ReviseReplica (3 and 2, not the template's 5 on each),
    // InterpretHealth/AggregateStatus (readyReplicas summed): Karmada without the webhook gives none of these.
    await check(`stable at region A: binding replicas 5 with the requests, split ${push} 3 / ${pull} 2, members 3 and 2 (spec.rollout.paused set on each), both Healthy, control plane readyReplicas 5; region A answered, region B had no call`, async () => {
      const bound = await waitKarmada(context, 'binding replicas 5 split 3/2', bindingPath(ns, name), (binding) =>
        expectBindingReplicas(binding, 5) !== undefined && deepEqual(targetClusters(binding), [{ name: push, replicas: 3 }, { name: pull, replicas: 2 }]) ? `${expectBindingReplicas(binding, 5)}, clusters ${show(targetClusters(binding))}` : undefined);
      const members: string[] = [];
      for (const [member, replicas] of [[push, 3], [pull, 2]] as const) {
        await waitFor(`the Workload with ${replicas} replicas on ${member}`, async () => (spec((await memberKube(context, member).find(v2Path)) ?? {}).replicas === replicas ? true : undefined), { timeoutMs: 120_000, component: member === pull ? agent : manager });
        // Member-owned: Retain must keep it across the rescale (Karmada without Retain puts the template's false back).
        await memberKube(context, member).mergePatch(v2Path, { spec: { rollout: { paused: true } } });
        await memberKube(context, member).mergePatch(`${v2Path}/status`, { status: { readyReplicas: replicas } });
        members.push(`${member} ${replicas}`);
      }
      const health = await waitKarmada(context, 'both members Healthy in the binding', bindingPath(ns, name), (binding) => {
        const items = [[push, 3], [pull, 2]].map(([member, ready]) => expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas: ready }, 'Healthy'));
        return items.every((item) => item !== undefined) ? items.join(', ') : undefined;
      });
      const summed = await waitKarmada(context, 'control-plane readyReplicas 5', v2Path, (object) => expectSummed(object, 5));
      const calls = { a: callLines(env, regions.a).length, b: callLines(env, regions.b).length };
      if (calls.a === 0 || calls.b !== 0) throw new Error(`calls: ${show(calls)}`);
      before.binding = uidOf(await env.kube.get(bindingPath(ns, name)));
      before.template = uidOf(await env.kube.get(v2Path));
      for (const member of [push, pull]) {
        before[`work/${member}`] = uidOf((await workFor(context, member, ns, name))?.work);
        before[`member/${member}`] = uidOf(await memberKube(context, member).get(v2Path));
      }
      if (Object.values(before).some((uid) => uid === undefined)) throw new Error(`missing objects: ${show(before)}`);
      return `${bound}; members ${members.join(', ')}; ${health}; ${summed}; calls: ${regions.a} ${calls.a}, ${regions.b} 0`;
    });

    // ---- the rescale, stopped mid-way ----
    const scheduler = env.supervisor.get('karmada-scheduler');
    const aLinesBefore = callLines(env, regions.a).length;
    let stoppedAt = 0;
    let aLogAtStop = 0;
    let managerLogAtStop = 0;
    // With the scheduler held, the detector's InterpretReplica (region A) puts 10 in the binding; then region A stops,
    // and the scheduler's new split (6/4, no webhook involved) can only reach the Works through ReviseReplica.
    await check('mid-way: the binding takes replicas 10 from region A, region A stops, the scheduler splits 6/4, and the Works stall at 3/2 (SyncWorkFailed: the name resolved to region A, connection refused)', async () => {
      const midway = await paused(scheduler, async () => {
        await env.kube.mergePatch(v2Path, { metadata: { annotations: { [stepAnnotation]: 'rescale-10' } }, spec: { replicas: 10 } });
        const replicas = await waitKarmada(context, 'binding replicas 10 (InterpretReplica at region A)', bindingPath(ns, name), (binding) => expectBindingReplicas(binding, 10));
        if (!callLines(env, regions.a).slice(aLinesBefore).some((line) => line.operation === 'InterpretReplica' && line.successful === true)) throw new Error(`no InterpretReplica call at ${regions.a} for the rescale`);
        managerLogAtStop = statSync(manager.log).size;
        await env.supervisor.stop(regions.a);
        stoppedAt = Date.now();
        aLogAtStop = statSync(join(env.logDir, `${regions.a}.log`)).size;
        return replicas;
      });
      const split = await waitKarmada(context, 'the scheduler to split 10 as 6/4', bindingPath(ns, name), (binding) =>
        deepEqual(targetClusters(binding), [{ name: push, replicas: 6 }, { name: pull, replicas: 4 }]) ? `clusters ${show(targetClusters(binding))}` : undefined);
      const refused = new RegExp(`${hostName.replaceAll('.', '\\.')}:${port}.*dial tcp ${regionAddress.a.replaceAll('.', '\\.')}:${port}: connect: connection refused`);
      const event = await waitFor('a SyncWorkFailed Warning Event on the binding naming region A', async () => {
        const list = await env.kube.get(`/api/v1/namespaces/${ns}/events?fieldSelector=involvedObject.name%3D${name}-workload`);
        const found = ((list.items ?? []) as KubeObject[]).find((item) => item.reason === 'SyncWorkFailed' && item.type === 'Warning' && refused.test(String(item.message)));
        return found === undefined ? undefined : String(found.message).replace(/^.*failed to call webhook: /, '');
      }, { timeoutMs: 120_000, component: manager });
      // Karmada has no failure policy: no fallback (the template's 10 on each member, or the old split re-sent as new).
      const stalled = await holdsFor('the Works at 3/2', stallHoldMs, async () => {
        const counts = await Promise.all([push, pull].map(async (member) => spec((await workFor(context, member, ns, name))?.manifest ?? {}).replicas));
        return deepEqual(counts, [3, 2]) ? `Works ${push} 3, ${pull} 2` : undefined;
      });
      return `${midway}; ${split}; event "${event}"; ${stalled}`;
    });

    // ---- the switch, as the health check would make it ----
    const switchedAt = Date.now();
    writeFileSync(hostsFile, hostsText(original, regionAddress.b));
    const outageSeconds = ((switchedAt - stoppedAt) / 1000).toFixed(1);
    let resumeMark = markKarmadaLogs(context);
    await check(`propagation resumes after the switch to region B (the outage lasted ${outageSeconds} s): the Works and then the members hold 6/4 with the rescale's marker, within ${resumeBoundMs / 1000} s`, async () => {
      if (statSync(hostsFile).ino !== inode) throw new Error('the hosts file was replaced, not rewritten: the components would not see it');
      const seen = { manager: resolvedBy(hostsSeenBy(manager)), agent: resolvedBy(hostsSeenBy(agent)) };
      if (seen.manager !== regionAddress.b || seen.agent !== regionAddress.b) throw new Error(`after the switch ${hostName} resolves to ${show(seen)}`);
      const reached: Record<string, number> = {};
      await waitFor('the Works and members to hold 6/4 with the marker', async () => {
        for (const [member, replicas] of [[push, 6], [pull, 4]] as const) {
          const work = (await workFor(context, member, ns, name))?.manifest;
          if (reached[`work ${member}`] === undefined && work !== undefined && spec(work).replicas === replicas && stepOf(work) === 'rescale-10') reached[`work ${member}`] = Date.now() - switchedAt;
          const object = await memberKube(context, member).find(v2Path);
          if (reached[member] === undefined && object !== undefined && spec(object).replicas === replicas && stepOf(object) === 'rescale-10') reached[member] = Date.now() - switchedAt;
        }
        return Object.keys(reached).length === 4 ? true : undefined;
      }, { timeoutMs: resumeBoundMs, intervalMs: 250, component: manager });
      resumeMark = markKarmadaLogs(context);
      const firstB = callLines(env, regions.b).map((line) => Date.parse(String((line as { timestamp?: string }).timestamp))).find((time) => !Number.isNaN(time));
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      // Karmada's retries of the failed sync (exponential back-off): the gaps between them and the last one's outcome.
      const retries = failedSyncTimes(manager.log, managerLogAtStop);
      const gaps = retries.slice(1).map((time, index) => (time - retries[index]!).toFixed(2));
      const summary = `resume after the switch: first call at ${regions.b} ${firstB === undefined ? 'n/a' : seconds(firstB - switchedAt)}, ${Object.entries(reached).map(([what, ms]) => `${what} ${seconds(ms)}`).join(', ')} (outage ${outageSeconds} s; ${retries.length} failed syncs of the binding, gaps ${gaps.join(', ')} s)`;
      env.log(`failover: ${summary}`);
      return summary;
    });

    // Without Retain Karmada would put the template's paused false back; a deleted and recreated object has a new uid.
    await check('nothing lost or recreated: the binding, both Works and both member objects keep their uids; the members carry the template unchanged and keep spec.rollout.paused true (Retain at region B)', async () => {
      const after: Record<string, string | undefined> = { binding: uidOf(await env.kube.get(bindingPath(ns, name))), template: uidOf(await env.kube.get(v2Path)) };
      const problems: string[] = [];
      for (const member of [push, pull]) {
        after[`work/${member}`] = uidOf((await workFor(context, member, ns, name))?.work);
        const object = await memberKube(context, member).get(v2Path);
        after[`member/${member}`] = uidOf(object);
        if (!deepEqual(spec(object).template, template)) problems.push(`${member} template ${show(spec(object).template)}`);
        if (!deepEqual(spec(object).rollout, { paused: true })) problems.push(`${member} rollout ${show(spec(object).rollout)}`);
      }
      const works = await Promise.all([push, pull].map(async (member) => ((await env.kube.get(`/apis/work.karmada.io/v1alpha1/namespaces/karmada-es-${member}/works`)).items as KubeObject[] ?? [])
        .filter((work) => ((work.spec as { workload?: { manifests?: KubeObject[] } } | undefined)?.workload?.manifests ?? []).some((manifest) => manifest.metadata?.name === name && manifest.metadata?.namespace === ns)).length));
      if (!deepEqual(works, [1, 1])) problems.push(`Works per member ${show(works)}`);
      if (!deepEqual(after, before)) problems.push(`uids before ${show(before)}, after ${show(after)}`);
      if (problems.length > 0) throw new Error(problems.join('; '));
      return `uids unchanged (${Object.keys(after).join(', ')}); one Work per member; template ${show(template.spec.containers[0]!.image)} unchanged; spec.rollout ${show({ paused: true })} on both`;
    });

    // Karmada without InterpretHealth says Healthy at once; without AggregateStatus the control plane keeps 5.
    await check(`status through region B: ${push} and ${pull} Unhealthy at readyReplicas 3/6 and 2/4, then Healthy at 6 and 4, the control plane sums 10`, async () => {
      const unhealthy = await waitKarmada(context, 'both members Unhealthy (ready 3 of 6, 2 of 4)', bindingPath(ns, name), (binding) => {
        const items = [[push, 3], [pull, 2]].map(([member, ready]) => expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas: ready }, 'Unhealthy'));
        return items.every((item) => item !== undefined) ? items.join(', ') : undefined;
      });
      for (const [member, replicas] of [[push, 6], [pull, 4]] as const) await memberKube(context, member).mergePatch(`${v2Path}/status`, { status: { readyReplicas: replicas } });
      const healthy = await waitKarmada(context, 'both members Healthy (6 and 4)', bindingPath(ns, name), (binding) => {
        const items = [[push, 6], [pull, 4]].map(([member, ready]) => expectCollected(aggregated(binding).find((item) => item.clusterName === member), { readyReplicas: ready }, 'Healthy'));
        return items.every((item) => item !== undefined) ? items.join(', ') : undefined;
      });
      const summed = await waitKarmada(context, 'control-plane readyReplicas 10', v2Path, (object) => expectSummed(object, 10));
      return `${unhealthy}; then ${healthy}; ${summed}`;
    });

    await check(`the calls after the switch went to region B (ReviseReplica, Retain, InterpretStatus, InterpretHealth, AggregateStatus, none failed); region A is gone and its log did not grow; Karmada logged no failed call once propagation had resumed`, async () => {
      const lines = callLines(env, regions.b);
      const failed = lines.filter((line) => line.successful === false);
      if (failed.length > 0) throw new Error(`${failed.length} failed call(s) at ${regions.b}, e.g. ${show(failed[0])}`);
      const operations = new Map<string, number>();
      for (const line of lines) if (line.operation) operations.set(line.operation, (operations.get(line.operation) ?? 0) + 1);
      const missing = ['ReviseReplica', 'Retain', 'InterpretStatus', 'InterpretHealth', 'AggregateStatus'].filter((operation) => !operations.has(operation));
      if (missing.length > 0) throw new Error(`no ${missing.join(', ')} call at ${regions.b}: ${show(Object.fromEntries(operations))}`);
      if (env.supervisor.isRunning(regions.a)) throw new Error(`${regions.a} is running`);
      const aLog = statSync(join(env.logDir, `${regions.a}.log`)).size;
      if (aLog !== aLogAtStop) throw new Error(`${regions.a}'s log grew after the stop (${aLogAtStop} -> ${aLog} bytes)`);
      await sleep(1_000);
      return `${regions.b}: ${show(Object.fromEntries(operations))}; ${regions.a}: stopped, log unchanged at ${aLog} bytes; ${assertNoKarmadaWebhookFailures(resumeMark)}`;
    });
  },
};
