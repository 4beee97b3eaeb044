// `WORKERS=N npm start`: N server processes on one port (node:cluster), one listening line, stopped together.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runLocalServer, startLocalServer, type LocalServer } from '../support/server';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

/** Workers of `pid` (node:cluster forks them as its children). */
function childrenOf(pid: number): number[] {
  const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return ps.stdout.split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
}

describe('WORKERS', () => {
  it('a value that is not a whole number from 1 to 64: one line, exit 2', () => {
    for (const value of ['x', '0', '65', '1.5']) {
      const run = runLocalServer({ env: { WORKERS: value } });
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`WORKERS must be a whole number of server processes from 1 to 64, got ${JSON.stringify(value)}`);
    }
  });

  it('WORKERS=2 serves from two worker processes on one port and stops them all on SIGTERM', async () => {
    server = await startLocalServer({ env: { WORKERS: '2' } });
    const { port } = server;
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(childrenOf(server.process.pid!)).toHaveLength(2);
    expect(server.output().match(/listening on/g)).toHaveLength(1);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 30_000);
});
