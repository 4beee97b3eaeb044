// E2E_MUTATE: a deliberately wrong interpreter, to show that the scenarios' checks catch a wrong answer (checks.ts
// rule 10). A TLS proxy on the interpreter's port forwards every request to the real `npm start` behind it and
// rewrites the answers to one operation; everything else (conversion, admission, /healthz, other operations) passes
// through unchanged. It lives in the test harness, never in lib/: the product has no way to answer wrongly.
import { appendFileSync, readFileSync } from 'node:fs';
import { request as httpsRequest, createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';

interface InterpreterResponse {
  successful?: boolean;
  healthy?: boolean;
  rawStatus?: unknown;
  replicas?: number;
  patch?: string;
  patchType?: string;
  dependencies?: unknown[];
  components?: { replicas?: number }[];
}

interface Mutation {
  operation: string;
  /** What the wrong answer is, for the run's log and docs/results/e2e-mutations.md. */
  describes: string;
  rewrite(response: InterpreterResponse, request: { object?: { status?: unknown } }): void;
}

/** An empty JSON patch: a successful answer that changes nothing. */
const noPatch = (response: InterpreterResponse) => {
  response.patchType = 'JSONPatch';
  response.patch = Buffer.from('[]').toString('base64');
};

export const mutations: Record<string, Mutation> = {
  'health-always-healthy': { operation: 'InterpretHealth', describes: 'every InterpretHealth answers healthy', rewrite: (response) => { response.healthy = true; } },
  'health-always-unhealthy': { operation: 'InterpretHealth', describes: 'every InterpretHealth answers unhealthy', rewrite: (response) => { response.healthy = false; } },
  'status-empty': { operation: 'InterpretStatus', describes: 'every InterpretStatus answers {}', rewrite: (response) => { response.rawStatus = {}; } },
  'status-whole': {
    operation: 'InterpretStatus',
    describes: "every InterpretStatus answers the member's whole status (Karmada's default)",
    rewrite: (response, request) => { response.rawStatus = request.object?.status ?? {}; },
  },
  'aggregate-none': { operation: 'AggregateStatus', describes: 'every AggregateStatus answers an empty patch', rewrite: noPatch },
  'retain-none': { operation: 'Retain', describes: 'every Retain answers an empty patch (nothing kept)', rewrite: noPatch },
  'revise-none': { operation: 'ReviseReplica', describes: 'every ReviseReplica answers an empty patch (the template\'s count stays)', rewrite: noPatch },
  'replicas-wrong': {
    operation: 'InterpretReplica',
    describes: 'every InterpretReplica answers one replica more',
    rewrite: (response) => { response.replicas = (response.replicas ?? 0) + 1; },
  },
  'dependencies-none': { operation: 'InterpretDependency', describes: 'every InterpretDependency answers no dependencies', rewrite: (response) => { response.dependencies = []; } },
  'components-wrong': {
    operation: 'InterpretComponent',
    describes: "every InterpretComponent answers its first component's replicas plus one",
    rewrite: (response) => { if (response.components?.[0] !== undefined) response.components[0].replicas = (response.components[0].replicas ?? 0) + 1; },
  },
};

/** The mutation E2E_MUTATE names, or undefined; an unknown name is refused with the list. */
export function selectedMutation(): (Mutation & { name: string }) | undefined {
  const name = process.env.E2E_MUTATE;
  if (name === undefined || name === '') return undefined;
  const mutation = mutations[name];
  if (mutation === undefined) throw new Error(`E2E_MUTATE: unknown mutation ${JSON.stringify(name)}; known: ${Object.keys(mutations).join(', ')}`);
  return { name, ...mutation };
}

const readBody = (message: IncomingMessage) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = [];
  message.on('data', (chunk: Buffer) => chunks.push(chunk));
  message.on('end', () => resolve(Buffer.concat(chunks)));
  message.on('error', reject);
});

/** The wrong answer for one body, or the body unchanged (not a ResourceInterpreterContext for the mutated operation). */
function rewritten(mutation: Mutation, requestBody: Buffer, responseBody: Buffer): { body: Buffer; rewritten?: string } {
  let request: { request?: { operation?: string; kind?: { kind?: string }; namespace?: string; name?: string; object?: { status?: unknown } } };
  let response: { response?: InterpreterResponse };
  try {
    request = JSON.parse(requestBody.toString('utf8')) as typeof request;
    response = JSON.parse(responseBody.toString('utf8')) as typeof response;
  } catch {
    return { body: responseBody };
  }
  if (request.request?.operation !== mutation.operation || response.response?.successful !== true) return { body: responseBody };
  mutation.rewrite(response.response, request.request);
  return { body: Buffer.from(JSON.stringify(response)), rewritten: `${mutation.operation} ${request.request.kind?.kind ?? '?'} ${request.request.namespace ?? ''}/${request.request.name ?? ''}` };
}

/**
 * Listens on `port` (the interpreter's, which Karmada's configuration names) with the run's server certificate and
 * forwards to `backendPort`; each rewritten answer is a line in `logFile`.
 */
export function startMutatingProxy(options: { port: number; backendPort: number; cert: string; key: string; ca: string; mutation: Mutation; logFile: string }): Promise<Server> {
  const ca = readFileSync(options.ca);
  /** One exchange with `npm start`, on a connection of its own: a kept-alive one can be closed by the server as it is reused. */
  const forward = (method: string | undefined, path: string | undefined, headers: Record<string, string | string[] | undefined>, body: Buffer) =>
    new Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const forwarded = httpsRequest({ host: '127.0.0.1', port: options.backendPort, method, path, headers, ca, agent: false }, (answer) => {
        readBody(answer).then((answerBody) => resolve({ statusCode: answer.statusCode ?? 502, headers: answer.headers, body: answerBody }), reject);
      });
      forwarded.on('error', reject);
      forwarded.end(body);
    });
  const server = createServer({ cert: readFileSync(options.cert), key: readFileSync(options.key) }, (incoming, outgoing) => {
    let body: Buffer | undefined;
    void (async () => {
      body = await readBody(incoming);
      const headers = { ...incoming.headers, host: `127.0.0.1:${options.backendPort}`, 'content-length': String(body.length), connection: 'close' };
      const answer = await forward(incoming.method, incoming.url, headers, body);
      const result = rewritten(options.mutation, body, answer.body);
      if (result.rewritten !== undefined) appendFileSync(options.logFile, `${new Date().toISOString()} ${result.rewritten}\n`);
      const answerHeaders: Record<string, string | string[] | undefined> = { ...answer.headers, 'content-length': String(result.body.length) };
      delete answerHeaders['transfer-encoding'];
      delete answerHeaders.connection;
      outgoing.writeHead(answer.statusCode, answerHeaders);
      outgoing.end(result.body);
    })().catch((error: unknown) => {
      // The interpreter behind it down (the failures scenario stops it): the caller sees the connection fail, as it
      // would without the proxy. Logged, so that a proxy fault is not mistaken for a check's.
      appendFileSync(`${options.logFile}.errors`, `${new Date().toISOString()} ${incoming.method ?? ''} (${body === undefined ? 'reading the request' : 'forwarding'}): ${String(error)}\n`);
      outgoing.destroy();
    });
  });
  // As npm start's (lib/local/server.ts): longer than a caller keeps an idle connection, so that the proxy never
  // closes one the API server or Karmada is about to reuse (the caller would see EOF).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
