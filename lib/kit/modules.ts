// The project's own modules a tool loads only to run (the kinds and their lists): one that does not load (a kind's
// syntax error, an import of a name its module does not export, a throw while loading) is one line naming its file
// and line, not a stack trace. Loaded on use, so that the tool itself still starts and can say it.
import { KitError } from './cases';
import { repositoryPath } from './thrown';

/** `<file>:<line>` (a link error's first stack line), `(<file>:<line>:<col>)` (a frame), `file:///…` either way. */
const location = /(?:file:\/\/)?(\/[^\s():]+):(\d+)(?::\d+)?/;

function shown(path: string): string {
  return repositoryPath(path) ?? path;
}

/** Where loading failed and why, in one line: the first place in this repository (not node_modules) the error names. */
export function loadFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // esbuild, through tsx: "Transform failed with 1 error:\n<file>:<line>:<col>: ERROR: <what>".
  const transform = message.split('\n').find((line) => line.includes(': ERROR: '));
  if (transform !== undefined) {
    const [, file] = location.exec(transform) ?? [];
    return file === undefined ? transform.trim() : transform.trim().replace(file, shown(file));
  }
  const reason = message.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  const where = (error instanceof Error ? error.stack ?? '' : '')
    .split('\n')
    .map((line) => location.exec(line))
    .find((match) => match !== null && repositoryPath(match[1]!) !== undefined);
  return where ? `${shown(where[1]!)}:${where[2]}: ${reason}` : reason;
}

/** `load()`'s module, or `Failure` (a KitError) saying in one line why `what` does not load and how to see all. */
export async function loaded<T>(what: string, load: () => Promise<T>, Failure: new (message: string) => KitError = KitError): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new Failure(`cannot load ${what}: ${loadFailure(error)} (npm run typecheck lists every such error)`);
  }
}
