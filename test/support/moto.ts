// moto's AWS API server on loopback: a local Secrets Manager for the caller-token checks.
import { spawn } from 'node:child_process';
import { freePort } from './ports';
import { track, type Running } from './processes';
import { waitFor } from './wait';

export interface Moto extends Running {
  endpoint: string;
}

/** Starts `moto_server` on a free loopback port and waits until it answers. */
export async function startMoto(timeoutMs = 20_000): Promise<Moto> {
  const port = await freePort();
  const running = track(spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitFor('moto_server to answer', async () => ((await fetch(`${endpoint}/moto-api/`)).ok ? true : undefined), {
      timeoutMs,
      gone: () => (running.process.exitCode === null ? undefined : `moto_server exited (${running.process.exitCode})`),
      details: () => `; output:\n${running.output().slice(-2000)}`,
    });
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
  return { ...running, endpoint };
}

/** SDK settings for a local endpoint: a region, dummy credentials and no instance metadata look-ups. */
export function localAwsEnv(endpoint: string): Record<string, string> {
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'testing',
    AWS_SECRET_ACCESS_KEY: 'testing',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
  };
}
