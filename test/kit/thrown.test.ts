// What a kind's exception says to its author: its message and its first frame in this repository, in one line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../lib/kit/kinds';
import { repositoryPath, thrownAt, thrownLine, thrownStack } from '../../lib/kit/thrown';

/** An Error whose stack is exactly these frames (as V8 prints them), under its header. */
function errorWithFrames(message: string, frames: string[], Kind: ErrorConstructor = Error): Error {
  const error = new Kind(message);
  error.stack = [`${error.name}: ${message}`, ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

const kindFile = join(repositoryRoot, 'lib/kinds/workload/interpreter.ts');
const shapeFile = join(repositoryRoot, 'lib/shapes/aggregation.ts');

function readsAbsentField(object: { spec?: { replicas: number } }): number {
  return object.spec!.replicas; // the line thrownAt must name
}

describe('thrownLine', () => {
  it('names the message and the first frame in this repository, relative, past node_modules and node internals', () => {
    // Prepare
    const error = errorWithFrames("Cannot read properties of undefined (reading 'replicas')", [
      'get (/somewhere/node_modules/yaml/dist/index.js:10:5)',
      'node:internal/process/task_queues:95:5',
      `interpretStatus (${kindFile}:34:25)`,
      `sumOf (${shapeFile}:12:3)`,
    ], TypeError);

    // Act
    const line = thrownLine(error);

    // Assess
    expect(line).toBe("threw TypeError: Cannot read properties of undefined (reading 'replicas') at lib/kinds/workload/interpreter.ts:34:25");
  });

  it('reads frames as file:// URLs and frames without a function name', () => {
    const error = errorWithFrames('boom', [`${pathToFileURL(kindFile).href}:7:11`]);

    expect(thrownAt(error)).toBe('lib/kinds/workload/interpreter.ts:7:11');
  });

  it('names the line of a real exception thrown by code of this repository', () => {
    // Prepare: the line of the field read above, in this file.
    const line = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').findIndex((text) => text.includes('// the line thrownAt must name')) + 1;
    let thrown: unknown;

    // Act
    try {
      readsAbsentField({});
    } catch (error) {
      thrown = error;
    }

    // Assess
    expect(thrownAt(thrown)).toMatch(new RegExp(`^test/kit/thrown\\.test\\.ts:${line}:\\d+$`));
    expect(thrownLine(thrown)).toBe(`threw TypeError: Cannot read properties of undefined (reading 'replicas') at ${thrownAt(thrown)}`);
  });

  it('says so when no frame is in this repository, or the value thrown is no Error', () => {
    expect(thrownLine(errorWithFrames('boom', ['/elsewhere/app.js:1:1', 'node:internal/x:1:1']))).toBe('threw Error: boom (its stack names no file of this repository)');
    expect(thrownLine('boom')).toBe('threw string "boom" (not an Error: no stack)');
    expect(thrownLine(undefined)).toBe('threw undefined undefined (not an Error: no stack)');
    expect(thrownLine({ toString: () => { throw new Error('no'); } })).toBe('threw object a value that cannot be turned into a string (not an Error: no stack)');
  });

  it('keeps one line: the first of a message over lines, never a frame written in the message', () => {
    const error = errorWithFrames(`first\n    at ${kindFile}:1:1`, [`${shapeFile}:12:3`]);

    expect(thrownLine(error)).toBe('threw Error: first at lib/shapes/aggregation.ts:12:3');
  });

  it('cuts a very long message', () => {
    const line = thrownLine(new Error('x'.repeat(10_000)));

    expect(line.length).toBeLessThan(400);
  });
});

describe('thrownStack', () => {
  it("lists every frame, this repository's with relative paths", () => {
    const error = errorWithFrames('boom', [`interpretStatus (${kindFile}:34:25)`, 'get (/somewhere/node_modules/yaml/dist/index.js:10:5)']);

    expect(thrownStack(error)).toEqual(['at interpretStatus (lib/kinds/workload/interpreter.ts:34:25)', 'at get (/somewhere/node_modules/yaml/dist/index.js:10:5)']);
    expect(thrownStack('boom')).toEqual([]);
  });
});

describe('repositoryPath', () => {
  it('is relative inside this repository, undefined outside it or in its node_modules', () => {
    expect(repositoryPath(kindFile)).toBe('lib/kinds/workload/interpreter.ts');
    expect(repositoryPath(join(repositoryRoot, 'node_modules/yaml/dist/index.js'))).toBeUndefined();
    expect(repositoryPath('/elsewhere/lib/kinds/x.ts')).toBeUndefined();
    expect(repositoryPath('file://elsewhere/lib/kinds/x.ts')).toBeUndefined();
  });
});
