// vitest's global setup (vitest.config.ts): the run fails when a local server it started outlives it, one line per
// survivor, each killed first. Only this run's servers count, never those of other checkouts running in parallel:
// a `scripts/start` process started after the run began whose working folder is this checkout, or a scratch copy of
// it (test/support/scratch.ts and test/stack/packaging.ts link a copy's node_modules to this checkout's; the name is
// the caller's), or whose environment carries this run's mark (its folder deleted since).
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processesMatching, signal, startOf, type ProcessEntry } from './process-table';

const checkout = realpathSync(fileURLToPath(new URL('../..', import.meta.url)));
const ourModules = realpathSync(join(checkout, 'node_modules'));
const scratchRoot = realpathSync(tmpdir());
/** Set in the environment every worker, and so every server a test starts, inherits. */
const runMark = 'KARMADA_SERVERLESS_TEST_RUN';

function inside(folder: string, root: string): boolean {
  const path = relative(root, folder);
  return path === '' || (path.split(sep)[0] !== '..' && !isAbsolute(path));
}

/** Whether `folder` is in a scratch copy of this checkout: a folder above it in tmpdir links our node_modules. */
function inOurScratchCopy(folder: string): boolean {
  for (let dir = folder; inside(dir, scratchRoot) && dir !== scratchRoot; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    try {
      if (existsSync(modules) && lstatSync(modules).isSymbolicLink() && realpathSync(modules) === ourModules) return true;
    } catch {
      // Removed meanwhile: not a copy any more.
    }
  }
  return false;
}

function isOurs(server: ProcessEntry, mark: string): boolean {
  const cwd = server.cwd;
  if (cwd !== undefined && !cwd.endsWith(' (deleted)') && (inside(cwd, checkout) || inOurScratchCopy(cwd))) return true;
  return server.environment().includes(`${runMark}=${mark}`);
}

export function setup(): () => void {
  const began = startOf(process.pid) ?? 0;
  const mark = String(process.pid);
  process.env[runMark] = mark;
  return () => {
    const survivors = processesMatching(/scripts\/start/).filter((server) => server.started >= began && isOurs(server, mark));
    for (const server of survivors) {
      signal(server, 'SIGKILL');
      process.stderr.write(`a local server outlived the tests (killed now; a test must stop what it starts): pid ${server.pid} in ${server.cwd ?? '?'}: ${server.commandLine}\n`);
    }
    // A teardown's exception is only printed; the exit code is what CI reads.
    if (survivors.length > 0) process.exitCode = 1;
  };
}
