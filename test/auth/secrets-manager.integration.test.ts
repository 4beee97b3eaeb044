// The token path against a real Secrets Manager API on loopback (moto), over HTTP against `npm start`.
import { createServer, type Server } from 'node:net';
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceInterpreterContext } from '../../lib/interpreter/wire/types';
import { interpreterContext, readyWorkload } from '../support/karmada';
import { localAwsEnv, startMoto, type Moto } from '../support/moto';
import { freePort } from '../support/ports';
import { startLocalServer, type LocalServer } from '../support/server';
import { requireTool } from '../support/tools';

const workload = readyWorkload(1);
const motoServer = requireTool('moto_server');

const firstToken = 'first-token-Zq8kWm3r5T';
const secondToken = 'second-token-Hx2Lp9Vd4N';

async function callInterpreter(server: LocalServer, token: string | undefined) {
  const path = token === undefined ? '/interpreter/interpret-health' : `/${token}/interpreter/interpret-health`;
  const response = await fetch(`${server.url}${path}?timeout=10s`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(interpreterContext({ operation: 'InterpretHealth', object: workload, uid: 'uid-auth' })),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), context: (await response.json()) as ResourceInterpreterContext };
}

describe.skipIf(motoServer.missing)(`caller token from Secrets Manager (moto_server on loopback)${motoServer.note}`, () => {
  let moto: Moto;
  let warm: LocalServer;
  let client: SecretsManagerClient;
  const started: LocalServer[] = [];

  beforeAll(async () => {
    moto = await startMoto();
    const env = localAwsEnv(moto.endpoint);
    client = new SecretsManagerClient({ region: env.AWS_REGION, endpoint: moto.endpoint, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
    await client.send(new CreateSecretCommand({ Name: 'interpreter-token', SecretString: firstToken }));
    await client.send(new CreateSecretCommand({ Name: 'malformed-token', SecretString: 'not a url/safe token!' }));
    warm = await startLocalServer({ env: { ...env, AUTH_SECRET_ID: 'interpreter-token', POWERTOOLS_LOG_LEVEL: 'INFO' } });
    started.push(warm);
  });

  afterAll(async () => {
    for (const server of started) await server.stop();
    await moto?.stop();
    for (const server of started) {
      expect(server.output()).not.toContain(firstToken);
      expect(server.output()).not.toContain(secondToken);
      expect(server.output()).not.toContain('not a url/safe token!');
    }
  });

  it('refuses a call without the token segment with 401', async () => {
    const { status, context } = await callInterpreter(warm, undefined);
    expect(status).toBe(200);
    expect(context.response).toMatchObject({ successful: false, status: { code: 401 } });
  });

  it('serves a call with the current token', async () => {
    const { context } = await callInterpreter(warm, firstToken);
    expect(context.response).toEqual({ uid: 'uid-auth', successful: true, healthy: true });
  });

  it('refuses a wrong token with 401', async () => {
    const { context } = await callInterpreter(warm, 'wrong-token');
    expect(context.response?.status?.code).toBe(401);
  });

  it('after a rotation, serves the new token on the very next call after a wrong-token probe, and still the previous one', async () => {
    expect((await callInterpreter(warm, 'probe-before-rotation')).context.response?.status?.code).toBe(401);
    await client.send(new PutSecretValueCommand({ SecretId: 'interpreter-token', SecretString: secondToken }));
    const began = performance.now();
    expect((await callInterpreter(warm, secondToken)).context.response).toEqual({ uid: 'uid-auth', successful: true, healthy: true });
    console.info(`rotation: new token accepted on the first call after the rotation, in ${(performance.now() - began).toFixed(1)} ms (one re-read)`);
    expect((await callInterpreter(warm, firstToken)).context.response?.successful).toBe(true);
    expect((await callInterpreter(warm, 'probe-after-rotation')).context.response?.status?.code).toBe(401);
  });

  it('answers HTTP 503 + Retry-After when the secret is malformed and nothing is cached, and logs no secret', async () => {
    const server = await startLocalServer({ env: { ...localAwsEnv(moto.endpoint), AUTH_SECRET_ID: 'malformed-token', POWERTOOLS_LOG_LEVEL: 'INFO' } });
    started.push(server);
    const { status, retryAfter, context } = await callInterpreter(server, 'not');
    expect(status).toBe(503);
    expect(retryAfter).toBe('1');
    expect(context.response?.status?.code).toBe(503);
    expect(server.output()).toContain('caller token read failed');
  });

  it('keeps serving from the cache when Secrets Manager goes down', async () => {
    await moto.stop();
    const { context } = await callInterpreter(warm, secondToken);
    expect(context.response?.successful).toBe(true);
  });

  it('answers HTTP 503 + Retry-After: 1 when Secrets Manager is down and the cache is cold', async () => {
    const cold = await startLocalServer({ env: { ...localAwsEnv(moto.endpoint), AUTH_SECRET_ID: 'interpreter-token' } });
    started.push(cold);
    const { status, retryAfter, context } = await callInterpreter(cold, secondToken);
    expect(status).toBe(503);
    expect(retryAfter).toBe('1');
    expect(context.response).toMatchObject({ uid: 'uid-auth', successful: false, status: { code: 503 } });
    expect((await fetch(`${cold.url}/healthz`)).status).toBe(200);
  });

  it('answers 503 in bounded time when Secrets Manager accepts connections but never answers', async () => {
    const port = await freePort();
    const sockets: import('node:net').Socket[] = [];
    const blackhole: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(port, '127.0.0.1', resolve));
    try {
      const slow = await startLocalServer({ env: { ...localAwsEnv(`http://127.0.0.1:${port}`), AUTH_SECRET_ID: 'interpreter-token' } });
      started.push(slow);
      const began = Date.now();
      const { status } = await callInterpreter(slow, secondToken);
      expect(status).toBe(503);
      expect(Date.now() - began).toBeLessThan(9_000);
      expect((await callInterpreter(slow, undefined)).context.response?.status?.code).toBe(401);
    } finally {
      for (const socket of sockets) socket.destroy();
      blackhole.close();
    }
  }, 20_000);
});
