// A cold start plus the first call: a fresh node process imports a function bundle and invokes its handler once.
import { readFileSync } from 'node:fs';

const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const started = performance.now();
const { handler } = await import(new URL(`file://${bundle}`).href);
const imported = performance.now();
const result = await handler(event);
const answered = performance.now();
const { user, system } = process.cpuUsage();
const response = JSON.parse(result.body ?? '{}').response ?? {};
process.stdout.write(
  JSON.stringify({ importMs: imported - started, firstCallMs: answered - imported, readyMs: answered, cpuMs: (user + system) / 1000, statusCode: result.statusCode, successful: response.successful, allowed: response.allowed, status: response.status }),
);
