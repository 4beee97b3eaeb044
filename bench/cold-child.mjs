// One cold start: a fresh node process that imports a bundle and calls nothing; prints how long the import took, and
// the process's CPU time so far (node's start-up and the import: what a Lambda init at a fraction of a vCPU pays).
const started = performance.now();
await import(new URL(`file://${process.argv[2]}`).href);
const imported = performance.now();
const { user, system } = process.cpuUsage();
// performance.now() counts from the process's time origin, so `imported` is also "process start → module ready".
process.stdout.write(JSON.stringify({ importMs: imported - started, readyMs: imported, cpuMs: (user + system) / 1000 }));
