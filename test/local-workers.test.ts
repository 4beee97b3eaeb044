// `WORKERS=N npm start`: N server processes on one port (node:cluster), one listening line, stopped together.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

/** Workers of `pid` (node:cluster forks them as its children). */
function childrenOf(pid: number): number[] {
  const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return ps.stdout.split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
}

describe('WORKERS', () => {
  it('a value that is not a whole number from 1 to 64: one line, exit 2', () => {
    for (const value of ['x', '0', '65', '1.5']) {
      const run = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: '0', WORKERS: value }, encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(2);
      expect(run.stderr.trim()).toBe(`WORKERS must be a whole number of server processes from 1 to 64, got ${JSON.stringify(value)}`);
    }
  });

  it('WORKERS=2 serves from two worker processes on one port and stops them all on SIGTERM', async () => {
    child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', WORKERS: '2' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 50);
      child!.once('exit', () => reject(new Error(`exited: ${output}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(childrenOf(child.pid!)).toHaveLength(2);
    expect(output.match(/listening on/g)).toHaveLength(1);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
