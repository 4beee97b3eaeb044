// How the command-line tools (interpret, new-kind, webhook-config, deploy, kinds) start and fail: a tool runs as the
// process's entry point, and whatever stops it is ONE line on stderr with exit code 2, never a stack trace.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean, nameAsGiven } from '../lib/review/nearest-names';

/** The exit code of a run that could not do what was asked (bad options or inputs, unreachable webhook, a bug). */
export const cannotRun = 2;

/** A problem with the command line: the message names it; the line adds where the usage is. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/** Any error class, whatever its constructor takes. */
type ErrorClass = abstract new (...args: never[]) => Error;

export interface Tool {
  /** How its lines start: `interpret: …`. */
  name: string;
  /** Its own errors whose message says what is wrong with the input and how to fix it (KitError, …). */
  inputErrors: readonly ErrorClass[];
}

export interface ToolIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A tool's `main`: the arguments after the command, its streams; resolves with the exit code. */
export type Main<Io extends ToolIo> = (argv: readonly string[], io: Io) => Promise<number>;

/** The one line of an error: a message may carry a code frame or a cause below its first line. */
function firstLine(message: string): string {
  return message.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}

/**
 * node:util parseArgs says what went wrong in its own words (and suggests `--` for an unknown option, which these
 * tools never want); said again naming the option only, never a value: a value may be a token.
 */
function parseArgsProblem(error: Error & { code: string }): string {
  const option = /'(-[^' <]*)/.exec(error.message)?.[1] ?? 'an option';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (error.message.includes('does not take an argument')) return `${option} takes no value`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${option} needs a value`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'unexpected argument; every option takes the form --name value';
  return firstLine(error.message);
}

function isParseArgsError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | undefined)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/**
 * node:util's parseArgs, whose unknown option is a UsageError naming the tool's nearest options (`unknown option
 * --chek (did you mean --check?)`), so a typo is corrected without reading the whole usage. Every tool parses with it.
 */
export function parsedArguments<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if (!isParseArgsError(error) || error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error;
    const option = /'(-[^' <]*)/.exec(error.message)?.[1] ?? '';
    const options = Object.entries(config.options ?? {}).flatMap(([name, { short }]) => [`--${name}`, ...(short === undefined ? [] : [`-${short}`])]);
    throw new UsageError(`unknown option ${nameAsGiven(option)}${didYouMean(option, options)}`);
  }
}

/** What the tool prints when `error` stops it: one line, without the newline. */
export function failureLine(tool: Tool, error: unknown): string {
  if (isParseArgsError(error)) return `${tool.name}: ${parseArgsProblem(error)}; run with --help for usage`;
  if (error instanceof UsageError) return `${tool.name}: ${firstLine(error.message)}; run with --help for usage`;
  if (tool.inputErrors.some((known) => error instanceof known)) return `${tool.name}: ${firstLine((error as Error).message)}`;
  const what = error instanceof Error ? `${error.name}: ${firstLine(error.message)}` : firstLine(String(error));
  return `${tool.name}: unexpected error (a bug: please report it with the command that caused it): ${what}`;
}

/** Writes the failure line and returns the exit code: the `catch` of every tool's main. */
export function stopped(tool: Tool, error: unknown, io: Pick<ToolIo, 'stderr'>): number {
  io.stderr(`${failureLine(tool, error)}\n`);
  return cannotRun;
}

/** The process's own streams; a closed stdout (`| head`) ends the run quietly. */
export function processIo(): ToolIo {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  return { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };
}

/**
 * Runs `main` with the process's arguments and streams and sets the exit code. Anything that escapes it, even from
 * a callback after it returned, is the tool's one line and exit code 2.
 */
export async function runCommand<Io extends ToolIo>(tool: Tool, main: Main<Io>, io: Io = processIo() as Io): Promise<void> {
  const stop = (error: unknown) => {
    process.stderr.write(`${failureLine(tool, error)}\n`);
    process.exit(cannotRun);
  };
  process.on('uncaughtException', stop);
  process.on('unhandledRejection', stop);
  try {
    process.exitCode = await main(process.argv.slice(2), io);
  } catch (error) {
    stop(error);
  }
}

/** Whether a script module is the process's entry point (run directly), as opposed to imported by a test or a bin. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
