// `npm start`: serves the Lambda handlers on HOST:PORT (127.0.0.1:8080), over HTTPS when TLS_CERT/TLS_KEY are set.
// WORKERS=N (default 1) runs N server processes on the same port with node:cluster, to use more than one core.
// No top-level await: the bundle is CommonJS (scripts/start.cjs says why).
import cluster from 'node:cluster';
import { largeBodyRole, roleVariable } from './large-bodies';

// EMF metric lines are for CloudWatch; locally they would double the output. Set before the handlers load.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

const workersText = process.env.WORKERS ?? '1';
const workers = Number(workersText);
if (!/^[0-9]+$/.test(workersText) || workers < 1 || workers > 64) {
  console.error(`WORKERS must be a whole number of server processes from 1 to 64, got ${JSON.stringify(process.env.WORKERS)}`);
  process.exit(2);
}

// The primary only forks and watches: it never loads the handlers. A child started with the large-body role answers
// the bodies its server hands it (large-bodies.ts) and serves nothing itself; it ends with its server.
const largeBodyChild = process.env[roleVariable] === largeBodyRole && process.send !== undefined;
// Before anything loads: a server gone while its child starts must not leave the child behind.
if (largeBodyChild) process.once('disconnect', () => process.exit(0));
const started = largeBodyChild
  ? Promise.all([import('./large-bodies'), import('./functions')]).then(([{ answerLargeBodies }, { handlersByFunction }]) => {
      answerLargeBodies({ on: (event, listener) => process.on(event, listener as (message: unknown) => void), postMessage: (answer) => process.send!(answer) }, handlersByFunction);
    })
  : workers > 1 && cluster.isPrimary
    ? import('./primary').then(({ runPrimary }) => runPrimary(workers))
    : import('./serve').then(({ serve }) => serve());
started.catch((error: unknown) => {
  // Only a programming error gets here (every bad setting is refused with its own line): say so, without a stack.
  console.error(`karmada-interpreter: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
