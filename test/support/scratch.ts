// A scratch copy of the repository, as a fresh clone has it (node_modules linked): for tests that follow a
// walkthrough or run a command that writes into the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeKindLists } from '../../lib/kit/kind-lists';

/** What a clone would not have, when the repository is not a git checkout (a scratch copy itself). */
const notCloned = new Set(['node_modules', '.git', '.serverless', '.esbuild', '.build', 'coverage']);

function walked(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (notCloned.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walked(root, path) : [relative(root, path)];
  });
}

/** The files of a fresh clone: tracked, plus new ones not yet committed (git), or every file but the build outputs. */
export function repositoryFiles(root: string): string[] {
  if (!existsSync(join(root, '.git'))) return walked(root);
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  // A node_modules that is a symlink (a git worktree sharing another checkout's) is not matched by `node_modules/`
  // in .gitignore, so git lists it as untracked: it is still not part of a clone.
  return listed.stdout.split('\0').filter((file) => file !== '' && !notCloned.has(file.split('/')[0]!) && existsSync(join(root, file)));
}

/** Copies the repository at `root` into `into` and links its node_modules there. */
export function copyRepository(root: string, into: string): void {
  for (const file of repositoryFiles(root)) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(root, file), join(into, file));
  }
  symlinkSync(join(root, 'node_modules'), join(into, 'node_modules'));
}

/**
 * Takes a kind out of a copy of the repository: its folder and its entries in lib/kinds' lists. A checkout where a
 * walkthrough was followed has the walkthrough's kinds; a test that follows it again starts without them.
 */
export async function withoutKind(root: string, folder: string): Promise<void> {
  rmSync(join(root, 'lib/kinds', folder), { recursive: true, force: true });
  await writeKindLists(root);
}
