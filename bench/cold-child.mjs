// One cold start: a fresh node process that imports a bundle and calls nothing; prints how long the import took.
const started = performance.now();
await import(new URL(`file://${process.argv[2]}`).href);
const imported = performance.now();
// performance.now() counts from the process's time origin, so `imported` is also "process start → module ready".
process.stdout.write(JSON.stringify({ importMs: imported - started, readyMs: imported }));
