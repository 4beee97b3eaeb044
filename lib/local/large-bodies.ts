// Large bodies are answered in a worker thread. A body of megabytes costs up to a second of CPU, during which the
// server's one event loop would answer nothing else: not /healthz (a liveness probe that restarts it), not the small
// calls of every other object. The worker runs the same handlers, from the same bundle loaded once more in the
// thread. The first large body starts it and a quiet spell stops it, which gives back all that the large bodies
// left in its heap: the server returns to its idle size instead of keeping their high-water mark.
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { HttpApiHandler } from '../transport/http-api';

/** The `workerData.role` a bundle started as this worker sees: main.ts then answers large bodies instead of serving. */
export const largeBodyRole = 'karmada-interpreter-large-bodies';

export interface LargeBodyOptions {
  /** The script the worker runs: the local server's bundle (main.ts answers as the worker when started as one). */
  script: string;
  /** Bodies of at least this many bytes go to the worker. */
  minBytes: number;
  /** The worker stops after this long without a body to answer. */
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
  /** Stops the worker now (a server closing). */
  stop(): Promise<void>;
}

export function largeBodies({ script, minBytes, idleMs }: LargeBodyOptions): LargeBodies {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | undefined;

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker !== undefined) return worker;
    const thread = new Worker(script, { workerData: { role: largeBodyRole } });
    thread.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id);
      if (waiting === undefined) return;
      pending.delete(answer.id);
      if ('result' in answer) waiting.resolve(answer.result);
      else waiting.reject(new Error(answer.error));
      if (pending.size === 0) idleTimer = setTimeout(() => void stop(), idleMs).unref();
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      failAll(new Error(`the large-body worker stopped (exit code ${code})`));
    });
    // The worker alone never keeps the server's process alive.
    thread.unref();
    worker = thread;
    return thread;
  }

  async function stop(): Promise<void> {
    // A new body clears the timer, so the idle stop never finds one waiting; a closing server's does end them.
    clearTimeout(idleTimer);
    const thread = worker;
    worker = undefined;
    if (thread !== undefined) await thread.terminate();
  }

  return {
    minBytes,
    answer(functionName, event) {
      clearTimeout(idleTimer);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().postMessage({ id, functionName, event });
      });
    },
    stop,
  };
}

/** The worker's side: answers each body it is sent with the named function's handler, one after another. */
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
