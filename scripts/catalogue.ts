// `npm run -s catalogue [-- --url URL …]`: Karmada's own third-party catalogue cases (the release test/karmada-conformance
// pins, fetched through the Go module proxy when the module cache lacks it), unedited, for every kind this service
// serves: `--check` per kind folder, against the local interpreters or any webhook URL, and the totals.
import { spawnSync } from 'node:child_process';
import { repositoryRootOf } from '../lib/kit/kind-contract';
import { catalogueFolders, karmadaModuleCatalogue, pinnedKarmadaRelease } from '../lib/kit/karmada-catalogue';
import { KitError } from '../lib/kit/cases';
import { catalogueFigure, listedDifferencesOf } from '../lib/kit/listed-differences';
import { folderFiles } from '../lib/kit/kind-contract';
import { loaded } from '../lib/kit/modules';
import { isEntryPoint, parsedArguments, runCommand, stopped, UsageError, type Tool, type ToolIo } from './entry';
import { main as interpret } from './interpret';

export const usage = `Usage: npm run -s catalogue [-- --url URL [--ca-bundle FILE] [--timeout-seconds N]] [--all]

Runs Karmada's third-party catalogue cases (pkg/resourceinterpreter/default/thirdparty/resourcecustomizations of the
Karmada release test/karmada-conformance/go.mod pins), unedited, through --check for every <group>/<version>/<Kind>
this service serves, and prints one line per kind and the totals. A case a kind answers differently on purpose passes
only when the kind's README lists it (a departure naming its operation and case, \`differs\`; see
test/karmada-conformance/README.md), and then is counted apart; a listed case that passes anyway fails. Without --url, against the local interpreters;
with it, against that webhook (as npm run -s interpret -- --check). --all also counts the kinds not served (their
cases fail with 404). Fetches the Karmada module with \`go mod download\` when it is not in the Go module cache.
Exits 1 when a case fails, 2 when it cannot run.
`;

export const tool: Tool = { name: 'catalogue', inputErrors: [KitError] };

/** The catalogue folder of the pinned release, downloaded through the Go module proxy when missing. */
function catalogueOf(root: string): string {
  const found = karmadaModuleCatalogue();
  if (found !== undefined && found.includes(`@${pinnedKarmadaRelease(root)}/`)) return found;
  const release = pinnedKarmadaRelease(root);
  if (release === undefined) throw new KitError('test/karmada-conformance/go.mod names no github.com/karmada-io/karmada release');
  const run = spawnSync('go', ['mod', 'download', `github.com/karmada-io/karmada@${release}`], { cwd: `${root}/test/karmada-conformance`, encoding: 'utf8', timeout: 600_000 });
  if (run.error !== undefined) throw new KitError(`go mod download github.com/karmada-io/karmada@${release}: ${run.error.message} (install Go: https://go.dev/doc/install)`);
  if (run.status !== 0) throw new KitError(`go mod download github.com/karmada-io/karmada@${release} failed: ${run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`}`);
  const downloaded = karmadaModuleCatalogue();
  if (downloaded === undefined) throw new KitError(`Karmada ${release}'s module has no third-party catalogue`);
  return downloaded;
}

export async function main(argv: readonly string[], io: ToolIo, root = repositoryRootOf(import.meta.url, 1)): Promise<number> {
  try {
    const { values, positionals } = parsedArguments({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { url: { type: 'string' }, 'ca-bundle': { type: 'string' }, 'timeout-seconds': { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(usage);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument(s) ${positionals.map((value) => JSON.stringify(value.slice(0, 60))).join(', ')}; see --help`);
    const catalogue = catalogueOf(root);
    const { interpreterRegistry } = await loaded('the interpreters (lib/kinds/interpreters.ts)', () => import('../lib/kinds/interpreters'));
    const remote = [
      ...(values.url === undefined ? [] : ['--url', values.url]),
      ...(values['ca-bundle'] === undefined ? [] : ['--ca-bundle', values['ca-bundle']]),
      ...(values['timeout-seconds'] === undefined ? [] : ['--timeout-seconds', values['timeout-seconds']]),
    ];
    let passed = 0;
    let differed = 0;
    let failed = 0;
    let kinds = 0;
    io.stdout(`Karmada ${pinnedKarmadaRelease(root)}'s catalogue: ${catalogue}\n`);
    for (const folder of catalogueFolders(catalogue)) {
      const name = `${folder.group}/${folder.version}/${folder.kind}`;
      const identity = interpreterRegistry.kindFor(folder);
      if (identity === undefined && values.all !== true) {
        io.stdout(`${name}: not served here (Karmada's built-in Lua answers it)\n`);
        continue;
      }
      let output = '';
      const listing = identity === undefined ? undefined : { differences: listedDifferencesOf(root, identity.home), readme: `${identity.home}/${folderFiles.readme}` };
      const code = await interpret(['--check', folder.testdata, ...remote], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, listing);
      const totals = /^(\d+) passed, (?:(\d+) answered differently as \S+ lists, )?(\d+) failed$/m.exec(output);
      if (code === 2 || totals === null) {
        io.stderr(`catalogue: ${name}: ${output.trim().split('\n').at(-1) ?? 'no answer'}\n`);
        return 2;
      }
      kinds += 1;
      passed += Number(totals[1]);
      differed += Number(totals[2] ?? 0);
      failed += Number(totals[3]);
      io.stdout(`${name}: ${totals[0]}\n`);
      for (const line of output.split('\n').filter((line) => line.startsWith('FAIL') || line.startsWith('DIFF'))) io.stdout(`  ${line}\n`);
    }
    const total = passed + differed + failed;
    io.stdout(`${kinds} kinds: ${catalogueFigure(passed, differed, total)}, ${failed} failed\n`);
    return failed === 0 ? 0 : 1;
  } catch (error) {
    return stopped(tool, error, io);
  }
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main);
