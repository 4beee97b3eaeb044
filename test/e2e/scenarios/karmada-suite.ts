// The Karmada release's own (v1.18.2, or v1.17.1 with E2E_KARMADA_VERSION) "Resource interpreter webhook testing" specs (test/e2e/suites/base), against our webhook, in an
// environment of their own wired as Karmada's e2e expects (run.ts, wiring 'karmada-example'): Karmada's example CRD
// serves v1alpha1 only, which the suite's PropagationPolicies select.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '../lib/checks';
import { applyWebhookConfig } from '../lib/interpreter';
import { run } from '../lib/kube';

/** Specs the focus selects in Karmada v1.18.2 and v1.17.1 alike (the same resourceinterpreter_test.go) once `skipped` is left out: a run of fewer would pass on less. */
const expectedSpecs = 7;

/** The context that installs a Lua ResourceInterpreterCustomization instead of exercising the webhook. */
const skipped = 'CustomResource InterpreterOperation InterpretDependency testing';

export const karmadaSuiteScenario: Scenario = {
  name: "Karmada's own resource interpreter webhook e2e specs",
  checks: 1,
  async run(context, check) {
    const { env } = context;
    await applyWebhookConfig(env, context.protectedInterpreter, { objects: ['interpreter'] });
    await check(`Karmada ${env.binaries.karmadaVersion} test/e2e/suites/base: "Resource interpreter webhook testing" (skipping "${skipped}"): exactly ${expectedSpecs} specs pass`, async () => {
      const log = join(env.logDir, 'karmada-e2e-suite.log');
      const pullBased = context.pullMembers.map((member) => `${member}:${env.kubeconfig}`).join(';');
      const result = await run(env.binaries.karmadaE2e, [
        '-test.v', '-test.timeout=20m',
        '-ginkgo.focus=Resource interpreter webhook testing', `-ginkgo.skip=${skipped}`,
        '-ginkgo.no-color', '-ginkgo.v',
        '--poll-interval=2s', '--poll-timeout=180s',
      ], { env: { KUBECONFIG: env.kubeconfig, PULL_BASED_CLUSTERS: pullBased }, cwd: env.dir, timeoutMs: 25 * 60_000 });
      writeFileSync(log, `${result.stdout}\n${result.stderr}`);
      const summary = `${result.stdout}\n${result.stderr}`.match(/Ran \d+ of \d+ Specs[^\n]*\n[^\n]*/)?.[0]?.replace(/\s+/g, ' ') ?? 'no ginkgo summary';
      if (result.code !== 0 || !/SUCCESS!/.test(result.stdout)) throw new Error(`exit ${result.code}: ${summary}; full output in ${log}`);
      const ran = Number(/Ran (\d+) of/.exec(summary)?.[1] ?? NaN);
      if (ran !== expectedSpecs) throw new Error(`ran ${ran} specs, expected exactly ${expectedSpecs}: ${summary}`);
      return `${summary} (output: ${log})`;
    });
  },
};
