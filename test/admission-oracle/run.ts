// `npm run admission`: every case of every served kind put to the kind's own CRD in a real kube-apiserver (the
// admission oracle, docs/testing.md). Prints one line per refusal and a table per kind; exits 1 when an answer of
// ours is refused or an input the CRD refuses is neither a hostile case nor listed in the kind's README.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admissionFiguresFile, admissionFiguresText } from '../../lib/kit/admission-figures';
import { repositoryRoot } from '../../lib/kit/kinds';
import { localWebhook } from '../../lib/kit/webhook';
import { startOracleServer } from './api-server';
import { differentialInputs, oracleCases, type OracleCase } from './cases';
import { CaseChecker, type CaseResult } from './checks';
import { installCrds, kindCrds, resourceBindingCrd, withConversion, type KindCrd } from './crds';
import { admissionFiguresOf, judge, printReport } from './report';

const concurrency = 6;

async function main(): Promise<number> {
  const started = Date.now();
  const log = (line: string) => console.log(`admission: ${line}`);
  const only = process.env.ADMISSION_KINDS === undefined || process.env.ADMISSION_KINDS === '' ? undefined : new Set(process.env.ADMISSION_KINDS.split(',').map((home) => (home.includes('/') ? home : `lib/kinds/${home}`)));
  const { crds, exempt } = await kindCrds();
  const wanted = only === undefined ? crds : crds.filter((crd) => only.has(crd.identity.home));
  const { cases, catalogue } = oracleCases(only);
  if (catalogue === undefined) {
    console.error("admission: Karmada's module is not in the Go module cache (cd test/karmada-conformance && go mod download github.com/karmada-io/karmada): its catalogue cases and its ResourceBinding CRD are needed");
    return 2;
  }
  // The differential run's variations: ADMISSION_DIFFERENTIAL=0 leaves them out (a quicker run of the cases alone).
  if (process.env.ADMISSION_DIFFERENTIAL !== '0') {
    const inputs = differentialInputs(only);
    if ('why' in inputs) {
      if (process.env.CI === 'true') {
        console.error(`admission: ${inputs.why}`);
        return 1;
      }
      log(`the differential run's variations are not checked: ${inputs.why}`);
    } else {
      log(`${inputs.cases.length} variations of the differential run`);
      cases.push(...inputs.cases);
    }
  }
  const server = await startOracleServer(log, wanted.some((crd) => crd.convertsHere));
  try {
    log(`API server ready after ${Math.round((Date.now() - started) / 1000)} s; installing ${wanted.length} CRDs`);
    const binding = resourceBindingCrd(catalogue);
    const installed = wanted.map((crd) => (crd.convertsHere && server.conversion !== undefined ? withConversion(crd, server.conversion) : crd));
    await installCrds(server.kube, [...installed, { name: binding.metadata.name, object: binding }]);
    // A case's CRD: its kind folder's, or, in a family folder of several kinds, the one of the case's object.
    const crdOf = (item: OracleCase): KindCrd | undefined => {
      const ofHome = wanted.filter((crd) => crd.identity.home === item.home);
      if (ofHome.length <= 1) return ofHome[0];
      const object = item.case.desiredObj ?? item.case.observedObj;
      const apiVersion = typeof object?.apiVersion === 'string' ? object.apiVersion : '';
      const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
      return ofHome.find((crd) => crd.identity.group === group && crd.identity.kind === object?.kind);
    };
    const checker = new CaseChecker(server.kube, localWebhook());
    const results: { item: OracleCase; result: CaseResult }[] = [];
    const runnable = cases.filter((item) => crdOf(item) !== undefined);
    // A cluster-scoped kind's cases share names: one at a time, each removing what it created.
    const turns = new Map<string, Promise<void>>();
    let next = 0;
    const worker = async () => {
      while (next < runnable.length) {
        const index = next++;
        const item = runnable[index]!;
        const crd = crdOf(item)!;
        const namespace = `oracle-${index}`;
        await server.kube.create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
        const run = async () => {
          results[index] = { item, result: await checker.check(crd, item.case, namespace) };
          await checker.cleanUp(crd, item.case);
        };
        if (crd.namespaced) {
          await run();
        } else {
          const turnKey = `${crd.identity.group}/${crd.identity.kind}`;
          const turn = (turns.get(turnKey) ?? Promise.resolve()).then(run);
          turns.set(turnKey, turn.catch(() => undefined));
          await turn;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const judged = judge(results, wanted, exempt);
    printReport(judged, { seconds: (Date.now() - started) / 1000, catalogue });
    if (only !== undefined) return judged.failures.length === 0 ? 0 : 1;
    // A run over every kind holds the README's column (lib/kinds/admission.json) to what it found.
    const found = admissionFiguresText(admissionFiguresOf(judged));
    const path = join(repositoryRoot, admissionFiguresFile);
    if (process.argv.includes('--record')) {
      writeFileSync(path, found);
      log(`recorded ${admissionFiguresFile}; run npm run kinds to show it in the README`);
    } else if (!existsSync(path) || readFileSync(path, 'utf8') !== found) {
      console.log(`REFUSED ${admissionFiguresFile} does not hold what this run found: run npm run admission -- --record, then npm run kinds`);
      return 1;
    }
    return judged.failures.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`admission: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exit(2);
  },
);
