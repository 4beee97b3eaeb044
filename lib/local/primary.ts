// WORKERS > 1: the node:cluster primary. It forks the workers (each a whole local server on the same port), passes
// SIGINT/SIGTERM on, and stops when one worker stops: a worker that fails (a bad TLS file, a port in use) exits with
// its own message (printed once, by the primary) and code, and the primary exits with that code rather than restart
// it in a loop.
import cluster from 'node:cluster';

export function runPrimary(workers: number): void {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  // Every worker refuses a bad setting alike (see refuse() in serve.ts): one line is enough.
  let explained = false;
  cluster.on('message', (_worker, message: unknown) => {
    const refused = (message as { refused?: unknown } | null)?.refused;
    if (typeof refused !== 'string' || explained) return;
    explained = true;
    console.error(refused);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      // Exit code 2 with its line printed is a setting refused (a port in use, a bad TLS file): nothing to add.
      if (code !== 2 || !explained) console.error(`karmada-interpreter: worker ${worker.id} stopped (${signal ?? `exit code ${code}`}); stopping the others`);
      stopAll('SIGTERM');
      process.exitCode = code === 0 || code === null ? 1 : code;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  process.once('SIGINT', () => stopAll('SIGINT'));
  process.once('SIGTERM', () => stopAll('SIGTERM'));
}
