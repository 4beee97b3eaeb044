// `npm run kinds`: regenerates the lists of kinds (lib/kinds/interpreters.ts, conversions.ts, admissions.ts) from the
// kind folders and checks the folder contract; `--check` only checks; `--json` prints every kind folder for the Go
// harness, so it finds kinds as the TypeScript side does.
import { relative } from 'node:path';
import { isEntryPoint, parsedArguments, runCommand, stopped, type Tool, type ToolIo } from './entry';
import { kindLists, writeKindLists } from '../lib/kit/kind-lists';
import { repositoryRootOf } from '../lib/kit/kind-contract';
import { KitError } from '../lib/kit/cases';
import { loaded } from '../lib/kit/modules';

export const usage = `Usage:
  npm run kinds                 regenerate lib/kinds/{interpreters,conversions,admissions}.ts from the folders
  npm run kinds -- --check      only check: lists current, every folder keeps the contract (exit 1 if not)
  npm run -s kinds -- --json    every kind folder and its files, as JSON (the Go harness reads it)
`;

export type KindsIo = ToolIo;

export const tool: Tool = { name: 'kinds', inputErrors: [KitError] };

export async function main(argv: readonly string[], io: KindsIo, root = repositoryRootOf(import.meta.url, 1)): Promise<number> {
  let values;
  try {
    ({ values } = parsedArguments({ args: [...argv], strict: true, options: { check: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    return stopped(tool, error, io);
  }
  if (values.help) {
    io.stdout(usage);
    return 0;
  }
  if (values.json) {
    // Imported here: the lists must be importable for this, not for regenerating them.
    const { kindFolders } = await loaded('the kinds (lib/kinds/)', () => import('../lib/kit/kinds'));
    const folders = kindFolders().map(({ identity, folder, ...files }) => ({ ...identity, folder: relative(root, folder), dir: folder, ...files }));
    io.stdout(`${JSON.stringify(folders, null, 2)}\n`);
    return 0;
  }
  if (values.check) {
    const { stale, problems } = await kindLists(root);
    for (const line of [...stale, ...problems]) io.stderr(`${line}\n`);
    return stale.length + problems.length === 0 ? 0 : 1;
  }
  const { changed, problems } = await writeKindLists(root);
  for (const file of changed) io.stdout(`wrote ${file}\n`);
  if (changed.length === 0) io.stdout('the lists are current\n');
  for (const line of problems) io.stderr(`${line}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main);
