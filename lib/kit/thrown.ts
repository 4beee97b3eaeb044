// What a kind's exception says to its author, in one line: its message and the first place in this repository that
// threw it (`lib/kinds/<kind>/<file>.ts:<line>:<col>`). A local run only: the deployed answer stays the generic 500
// and the exception goes to the log (lib/interpreter/interpret.ts).
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A stack frame's place: `at f (/abs/file.ts:12:7)`, `at /abs/file.ts:12:7`, either as a `file://` URL. */
const framePlace = /^\s*at (?:.*?\()?((?:file:\/\/)?\/[^()]+?):(\d+):(\d+)\)?$/;

/** The path inside this repository (`lib/…`), or undefined for a file elsewhere or in node_modules. */
export function repositoryPath(path: string): string | undefined {
  let file = path;
  try {
    if (path.startsWith('file://')) file = fileURLToPath(path);
  } catch {
    return undefined; // a URL of another host: not a file of this machine
  }
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(/[\\/]/).includes('node_modules')) return undefined;
  return inside;
}

/** A stack line's file as the stack names it and as this repository names it, when it is a frame of this repository. */
function repositoryFile(line: string): { named: string; path: string; line: string; column: string } | undefined {
  const place = framePlace.exec(line);
  const path = place === null ? undefined : repositoryPath(place[1]!);
  return path === undefined ? undefined : { named: place![1]!, path, line: place![2]!, column: place![3]! };
}

/** The stack's frame lines: those after its header (`Name: message`, a message's own lines are never frames). */
function stackLines(thrown: unknown): string[] {
  if (!(thrown instanceof Error) || typeof thrown.stack !== 'string') return [];
  let header: number;
  try {
    header = String(thrown).split('\n').length;
  } catch {
    header = 1;
  }
  return thrown.stack.split('\n').slice(header).filter((line) => /^\s*at /.test(line));
}

/** `lib/kinds/<kind>/<file>.ts:<line>:<col>`: the first frame in this repository, if any. */
export function thrownAt(thrown: unknown): string | undefined {
  for (const line of stackLines(thrown)) {
    const file = repositoryFile(line);
    if (file !== undefined) return `${file.path}:${file.line}:${file.column}`;
  }
  return undefined;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '')?.trim() ?? '';
  return line.length <= 300 ? line : `${line.slice(0, 300)}…`;
}

/** `Error: boom`, `TypeError: Cannot read …`, or what a thrown non-Error is. */
function described(thrown: unknown): string {
  if (thrown instanceof Error) return `${thrown.name}: ${firstLine(thrown.message)}`;
  let text: string;
  try {
    text = typeof thrown === 'string' ? JSON.stringify(thrown) : String(thrown);
  } catch {
    text = 'a value that cannot be turned into a string';
  }
  return `${typeof thrown} ${firstLine(text)} (not an Error: no stack)`;
}

/** One line: what was thrown and where (`threw TypeError: Cannot read properties of undefined (reading 'b') at lib/kinds/x/interpreter.ts:3:15`). */
export function thrownLine(thrown: unknown): string {
  const where = thrownAt(thrown);
  if (where !== undefined) return `threw ${described(thrown)} at ${where}`;
  return `threw ${described(thrown)}${thrown instanceof Error ? ' (its stack names no file of this repository)' : ''}`;
}

/** The stack's frames, one a line, this repository's paths relative to it (for `--verbose`). */
export function thrownStack(thrown: unknown): string[] {
  return stackLines(thrown).map((line) => {
      const file = repositoryFile(line);
      return (file === undefined ? line : line.replace(file.named, file.path)).trim();
    });
}
