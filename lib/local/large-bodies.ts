// Large bodies are answered in a child process. A body of megabytes costs up to a second of CPU, during which the
// server's one event loop would answer nothing else: not /healthz (a liveness probe that restarts it), not the small
// calls of every other object. The child runs the same handlers, from the same bundle. The first large body starts
// it and a quiet spell stops it: all that the large bodies cost (their parse, their heap, the code they ran) is the
// child's and goes with it, so the server keeps its idle size and its peak stays that of the bodies' bytes. A worker
// thread did the same in the server's own process, whose memory kept ~4 MB a thread and the pages the bodies' code
// touched (docs/adr/0018-large-bodies-off-the-event-loop.md).
import { fork, type ChildProcess } from 'node:child_process';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpApiHandler } from '../transport/http-api';

/** The role a bundle started as this child sees in `roleVariable`: main.ts then answers large bodies instead of serving. */
export const largeBodyRole = 'karmada-interpreter-large-bodies';
export const roleVariable = 'KARMADA_INTERPRETER_ROLE';

export interface LargeBodyOptions {
  /** The script the child runs: the local server's bundle (main.ts answers as the child when started as one). */
  script: string;
  /** Bodies of at least this many bytes go to the worker. */
  minBytes: number;
  /** The child stops after this long without a body to answer. */
  idleMs: number;
}

interface Pending {
  resolve: (result: APIGatewayProxyStructuredResultV2) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; result: APIGatewayProxyStructuredResultV2 } | { id: number; error: string };

export interface LargeBodies {
  readonly minBytes: number;
  answer(functionName: string, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2>;
  /** Stops the child now (a server closing). */
  stop(): Promise<void>;
}

export function largeBodies({ script, minBytes, idleMs }: LargeBodyOptions): LargeBodies {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function started(): ChildProcess {
    if (child !== undefined) return child;
    // The server's own node options (its heap settings) and environment; `advanced` serialization passes a body of
    // megabytes as one structured clone rather than as JSON text.
    const process_ = fork(script, [], { env: { ...process.env, [roleVariable]: largeBodyRole }, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    process_.on('message', (message) => {
      const answer = message as Answer;
      const waiting = pending.get(answer.id);
      if (waiting === undefined) return;
      pending.delete(answer.id);
      if ('result' in answer) waiting.resolve(answer.result);
      else waiting.reject(new Error(answer.error));
      if (pending.size === 0) idleTimer = setTimeout(() => void stop(), idleMs).unref();
    });
    process_.on('error', (error) => failAll(error));
    process_.on('exit', (code, signal) => {
      if (child === process_) child = undefined;
      failAll(new Error(`the large-body process stopped (${code === null ? `signal ${String(signal)}` : `exit code ${code}`})`));
    });
    // The child alone never keeps the server's process alive.
    process_.unref();
    process_.channel?.unref();
    child = process_;
    return process_;
  }

  async function stop(): Promise<void> {
    // A new body clears the timer, so the idle stop never finds one waiting; a closing server's does end them.
    clearTimeout(idleTimer);
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill();
    await exited;
  }

  return {
    minBytes,
    answer(functionName, event) {
      clearTimeout(idleTimer);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().send({ id, functionName, event });
      });
    },
    stop,
  };
}

/** The child's side: answers each body it is sent with the named function's handler, one after another. */
export function answerLargeBodies(port: { on(event: 'message', listener: (message: { id: number; functionName: string; event: APIGatewayProxyEventV2 }) => void): void; postMessage(answer: Answer): void }, handlers: Readonly<Record<string, HttpApiHandler>>): void {
  port.on('message', ({ id, functionName, event }) => {
    const handler = handlers[functionName];
    if (handler === undefined) return port.postMessage({ id, error: `no function named ${functionName}` });
    handler(event).then(
      (result) => port.postMessage({ id, result: result as APIGatewayProxyStructuredResultV2 }),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
