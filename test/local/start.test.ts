// `npm start` as a user runs it: `kill <pid>` of what was started stops the server (no orphan keeps the port), and a
// port in use is one line, not a stack trace.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { heldPort, portIsFree } from '../support/ports';
import { runLocalServer, startLocalServer, startScriptEnv, type LocalServer } from '../support/server';
import { waitFor } from '../support/wait';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops on %s to the npm process: the port is free afterwards, exit code 0', async (signal) => {
    server = await startLocalServer({ via: 'npm' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    server.process.kill(signal);
    expect(await server.exited()).toBe(0);
    // npm exits once node has: the port must be free by then, not a moment later.
    expect(await portIsFree(server.port)).toBe(true);
  });

  // ADR 0011: a fixed glibc mmap threshold keeps the TLS buffers of closed connections from staying resident.
  it.runIf(process.platform === 'linux')('gives node the start script\'s malloc setting (npm → sh → exec node)', async () => {
    expect(startScriptEnv).toEqual({ MALLOC_MMAP_THRESHOLD_: '32768' });
    server = await startLocalServer({ via: 'npm' });
    const npmPid = server.process.pid!;
    const [nodePid] = readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, 'utf8').trim().split(/\s+/);
    const environment = readFileSync(`/proc/${nodePid}/environ`, 'utf8').split('\0');
    expect(readFileSync(`/proc/${nodePid}/comm`, 'utf8').trim()).toBe('node');
    expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=32768');
  });

  it('stops with WORKERS=2 on SIGTERM to the npm process', async () => {
    server = await startLocalServer({ via: 'npm', env: { WORKERS: '2' } });
    server.process.kill('SIGTERM');
    expect(await server.exited()).toBe(0);
    // The workers close their handles a moment after the primary reports them gone.
    await waitFor(`port ${server.port} to be free`, async () => ((await portIsFree(server!.port)) ? true : undefined), { timeoutMs: 5_000 });
  });

  it.runIf(process.platform === 'linux')('answers a large body in a child process (so /healthz is answered meanwhile), and a small one itself', async () => {
    // Prepare: an InterpretReplica whose object carries 2 MB the operation does not read
    server = await startLocalServer({ via: 'node' });
    const pid = server.process.pid!;
    const children = () => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter((child) => child !== '').length;
    const call = (filler: string) => {
      const object = { apiVersion: 'workload.example.io/v1alpha1', kind: 'Workload', metadata: { name: 'w', namespace: 'n', annotations: { filler } }, spec: { replicas: 2 } };
      const body = { apiVersion: 'config.karmada.io/v1alpha1', kind: 'ResourceInterpreterContext', request: { uid: 'u', kind: { group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload' }, operation: 'InterpretReplica', object } };
      return fetch(`${server!.url}/interpreter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json());
    };
    expect(await call('small')).toMatchObject({ response: { uid: 'u', successful: true, replicas: 2 } });
    const before = children();

    // Act
    const large = call('f'.repeat(2 * 1024 * 1024));
    const during = await waitFor('the large-body child process', async () => (children() > before ? children() : undefined), { timeoutMs: 10_000 });
    const healthz = await fetch(`${server.url}/healthz`);

    // Assess
    expect(before).toBe(0);
    expect(during).toBe(1);
    expect(healthz.status).toBe(200);
    expect(await large).toMatchObject({ response: { uid: 'u', successful: true, replicas: 2 } });
  });

  describe('on a port in use', () => {
    it.each([
      ['node scripts/start.cjs', 'node', {}],
      ['npm start', 'npm', {}],
      ['WORKERS=2 npm start', 'npm', { WORKERS: '2' }],
    ] as const)('%s: one line naming the port, exit code 2', async (_name, via, env) => {
      const busy = await heldPort();
      try {
        const { status, stdout, stderr } = runLocalServer({ via, env: { ...env, PORT: String(busy.port) } });
        expect(status).toBe(2);
        expect(stdout).toBe('');
        // npm may add lines of its own (a config warning); everything else is the server's one line.
        const lines = stderr.split('\n').filter((line) => via === 'node' || !line.startsWith('npm '));
        expect(lines).toEqual([`port ${busy.port} on 127.0.0.1 is in use: set PORT to a free port (or stop what holds it)`]);
      } finally {
        await busy.release();
      }
    });
  });
});
