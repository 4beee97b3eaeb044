// `npm start`'s stack traces name the checkout's own files: a kind that throws, served by the local server of a scratch
// copy, logs a stack whose frames are the copy's lib/…ts files at the line that threw (the bundle's source map is
// written where it is read, so its relative `sources` resolve inside the checkout).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/kit/kinds';
import { interpreterContextFor } from '../../lib/kit/request';
import { postJson } from '../support/http';
import { copyRepository } from '../support/scratch';
import { startLocalServer, type LocalServer } from '../support/server';

const scratch = mkdtempSync(join(tmpdir(), 'start-stack-traces-'));
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Replaces the Workload's InterpretStatus with a throw; the 1-based line of the throw. */
function injectThrow(file: string): number {
  const text = readFileSync(file, 'utf8');
  const anchor = /^( *)InterpretStatus: interpretStatus,$/m.exec(text);
  if (anchor === null) throw new Error(`${file}: no "InterpretStatus: interpretStatus," line to replace`);
  writeFileSync(file, text.replace(anchor[0], `${anchor[1]}InterpretStatus: () => { throw new Error('injected for the stack-trace test'); },`));
  return text.slice(0, anchor.index).split('\n').length;
}

/** The files and lines a V8 stack names: `at f (/path/file.ts:12:7)` and `at /path/file.ts:12:7`. */
function framesOf(stack: string): { file: string; line: number }[] {
  return [...stack.matchAll(/^\s+at (?:.*\()?(\/[^\s():]+):(\d+):\d+\)?$/gm)].map(([, file, line]) => ({ file: file!, line: Number(line) }));
}

describe('npm start', () => {
  it("logs stack traces that name the checkout's own TypeScript files, at the line that threw", async () => {
    // Prepare: a scratch copy whose Workload throws in InterpretStatus.
    copyRepository(repositoryRoot, scratch);
    const interpreter = join(scratch, 'lib/kinds/workload/interpreter.ts');
    const line = injectThrow(interpreter);
    const { context } = interpreterContextFor({
      operation: 'InterpretStatus',
      observed: { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 1 } },
    });

    // Act
    server = await startLocalServer({ root: scratch, env: { POWERTOOLS_LOG_LEVEL: 'INFO' } });
    const answer = await postJson(`${server.url}/interpreter`, context);
    const [logLine] = await server.waitForOutput(/^\{.*"code":500.*\}$/m);

    // Assess: the caller gets the generic 500; the log's stack starts at the throw, and every frame of ours exists.
    expect(JSON.parse(answer.text).response).toMatchObject({ successful: false, status: { code: 500 } });
    const { error } = JSON.parse(logLine) as { error: { message: string; stack: string } };
    expect(error.message).toBe('injected for the stack-trace test');
    const frames = framesOf(error.stack).filter(({ file }) => !file.includes('/node_modules/'));
    expect(frames[0]).toEqual({ file: interpreter, line });
    const ours = frames.filter(({ file }) => file.endsWith('.ts'));
    expect(ours.length).toBeGreaterThan(1);
    for (const { file } of ours) expect(existsSync(file), `${file} (named by the stack) exists`).toBe(true);
    expect(frames.every(({ file }) => file.startsWith(`${scratch}/`)), `every frame is in the checkout:\n${error.stack}`).toBe(true);

    // The map itself: each source, resolved as node resolves it (beside the map), is a file of the copy.
    const build = join(scratch, '.build');
    const [mapFile, ...others] = readdirSync(build).filter((name) => name.endsWith('.cjs.map'));
    expect(others).toEqual([]);
    const map = JSON.parse(readFileSync(join(build, mapFile!), 'utf8')) as { sources: string[]; sourceRoot?: string };
    const sources = map.sources.map((source) => resolve(build, map.sourceRoot ?? '', source));
    expect(sources.length).toBeGreaterThan(50);
    for (const source of sources) expect(existsSync(source) && source.startsWith(`${scratch}/`), `${source} is a file of the copy`).toBe(true);
  }, 120_000); // a copy, and its first build
});
