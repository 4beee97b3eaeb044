// `npm start`: bundles the local server (the same handler code Lambda runs) with esbuild, then runs it.
import { build } from 'esbuild';

const outfile = new URL('../.build/local-server.mjs', import.meta.url).pathname;
await build({
  entryPoints: [new URL('../lib/local/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  packages: 'external',
  logLevel: 'warning',
});
await import(outfile);
