// One local server process: serves the Lambda handlers on HOST:PORT, over HTTPS when TLS_CERT/TLS_KEY are set.
// Imported by main.ts, in every worker when WORKERS > 1.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';

const { createLocalServer } = await import('./server');
const { handlersByFunction } = await import('./functions');
const { logger } = await import('../observability/call-record');
// Under load many calls end in one event-loop turn: one write for all their log lines.
logger.gatherLinesPerTurn();

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);
const certFile = process.env.TLS_CERT;
const keyFile = process.env.TLS_KEY;
if ((certFile === undefined) !== (keyFile === undefined)) {
  console.error('Set both TLS_CERT and TLS_KEY (PEM file paths) to serve HTTPS, or neither for HTTP.');
  process.exit(2);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}

const tls = certFile && keyFile ? { cert: readPemOrExit('TLS_CERT', certFile), key: readPemOrExit('TLS_KEY', keyFile) } : undefined;
const server = createServerOrExit();

server.listen(port, host, () => {
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const scheme = tls ? 'https' : 'http';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  // With WORKERS > 1 every worker listens on the same port: the first one says so.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  console.log(`karmada-interpreter listening on ${scheme}://${shownHost}:${boundPort} (POST /interpreter, POST /interpreter/<operation>, POST /convert, POST /mutate, POST /validate, GET /healthz)`);
});

/** A missing or unreadable TLS file is one clear line and exit code 2, not a stack trace. */
function readPemOrExit(variable: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    console.error(`${variable}=${file}: cannot read the file (${code ?? message}); set it to a readable PEM file`);
    process.exit(2);
  }
}

/** A file that is not a PEM certificate/key pair fails when the TLS context is made: the same, one line. */
function createServerOrExit(): ReturnType<typeof createLocalServer> {
  try {
    return createLocalServer({ handlers: handlersByFunction, ...(tls ? { tls } : {}) });
  } catch (error) {
    console.error(`TLS_CERT/TLS_KEY: not a usable PEM certificate and private key (${(error as Error).message})`);
    process.exit(2);
  }
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
