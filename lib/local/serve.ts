// One local server process: serves the Lambda handlers on HOST:PORT, over HTTPS when TLS_CERT/TLS_KEY are set.
// Run by main.ts, in every worker when WORKERS > 1. No top-level await: the local bundle is CommonJS (see
// scripts/start.cjs).
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';

export async function serve(): Promise<void> {
  // Loaded here, not imported at the top: main.ts sets the handlers' environment first.
  const { createLocalServer } = await import('./server');
  const { exposedGc } = await import('./idle-collector');
  const { handlersByFunction } = await import('./functions');
  const { largeBodies } = await import('./large-bodies');
  const { logger } = await import('../observability/call-record');
  // Under load many calls end in one event-loop turn: one write for all their log lines.
  logger.gatherLinesPerTurn();

  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 8080);
  const certFile = process.env.TLS_CERT;
  const keyFile = process.env.TLS_KEY;
  if ((certFile === undefined) !== (keyFile === undefined)) await refuse('Set both TLS_CERT and TLS_KEY (PEM file paths) to serve HTTPS, or neither for HTTP.');
  if (!Number.isInteger(port) || port < 0 || port > 65535) await refuse(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}`);

  const tls = certFile && keyFile ? { cert: await readPem('TLS_CERT', certFile), key: await readPem('TLS_KEY', keyFile) } : undefined;
  const server = await createServer();

  // A port in use (or not ours to take) is one line and exit code 2, as a bad setting is, not an unhandled 'error'.
  server.once('error', (error: NodeJS.ErrnoException) => {
    const where = `port ${port} on ${host}`;
    const reasons: Record<string, string> = {
      EADDRINUSE: `${where} is in use: set PORT to a free port (or stop what holds it)`,
      EACCES: `${where} is not ours to take (permission denied): set PORT above 1023`,
      EADDRNOTAVAIL: `${where}: ${host} is not an address of this machine: set HOST (default 127.0.0.1)`,
    };
    const reason = error.code === undefined ? undefined : reasons[error.code];
    if (reason === undefined) throw error;
    void refuse(reason);
  });

  server.listen(port, host, () => {
    const address = server.address();
    const boundPort = typeof address === 'object' && address !== null ? address.port : port;
    const scheme = tls ? 'https' : 'http';
    const shownHost = host.includes(':') ? `[${host}]` : host;
    // With WORKERS > 1 every worker listens on the same port: the first one says so.
    if (cluster.isWorker && cluster.worker?.id !== 1) return;
    console.log(`karmada-interpreter listening on ${scheme}://${shownHost}:${boundPort} (POST /interpreter, POST /interpreter/<operation>, POST /convert, POST /mutate, POST /validate, GET /healthz)`);
  });

  /**
   * A setting this process cannot serve with: one line on stderr and exit code 2, not a stack trace. With WORKERS > 1
   * every worker fails alike, so a worker hands its line to the primary, which prints the first one only; the promise
   * never settles, so nothing after an `await refuse(...)` runs meanwhile.
   */
  function refuse(line: string): Promise<never> {
    if (!cluster.isWorker || process.send === undefined) {
      console.error(line);
      process.exit(2);
    }
    return new Promise(() => process.send!({ refused: line }, () => process.exit(2)));
  }

  /** A missing or unreadable TLS file: one line naming the variable and the file. */
  async function readPem(variable: string, file: string): Promise<Buffer> {
    try {
      return readFileSync(file);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      return refuse(`${variable}=${file}: cannot read the file (${code ?? message}); set it to a readable PEM file`);
    }
  }

  /** A file that is not a PEM certificate/key pair fails when the TLS context is made: the same, one line. */
  async function createServer(): Promise<ReturnType<typeof createLocalServer>> {
    try {
      const collect = exposedGc();
      const largeBodies = largeBodiesChild();
      return createLocalServer({ handlers: handlersByFunction, ...(tls ? { tls } : {}), ...(collect ? { collect } : {}), ...(largeBodies ? { largeBodies } : {}) });
    } catch (error) {
      return refuse(`TLS_CERT/TLS_KEY: not a usable PEM certificate and private key (${(error as Error).message})`);
    }
  }

  /**
   * Bodies of 256 KiB and more are answered in a child process running this bundle (scripts/start.cjs names it), so
   * /healthz and small calls are answered meanwhile; it stops after 10 s without one. Run from source (tests), none.
   */
  function largeBodiesChild(): ReturnType<typeof largeBodies> | undefined {
    const script = (globalThis as { karmadaInterpreterBundle?: unknown }).karmadaInterpreterBundle;
    return typeof script === 'string' ? largeBodies({ script, minBytes: 256 * 1024, idleMs: 10_000 }) : undefined;
  }

  let stopping = false;
  // Ctrl-C reaches every process of the group, and a cluster primary passes it on too: stop once.
  function stop(signal: string): void {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker || cluster.worker?.id === 1) console.log(`karmada-interpreter: ${signal}, stopping`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 2_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
