// `npm start`: runs the local server (the same handler code Lambda runs) from a bundle cached under .build/, keyed on
// a hash of the sources: esbuild runs only when a source changed, so a start costs node, one import and a listen.
// package.json starts it with `exec node …`: npm passes SIGTERM/SIGINT on to its script's shell, which (dash) dies
// without passing them to node, so `kill <npm's pid>` left this server holding its port; with exec, node is that child.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(root, '.build');

/** Every file the bundle is made of (lib/, functions/), in a stable order; the esbuild options and this script join the key. */
function sourceFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|mts|js|mjs|json)$/.test(entry.name)) found.push(path);
  }
  return found;
}

const esbuildConfig = join(root, 'esbuild.config.cjs');
const hash = createHash('sha256');
for (const file of [...sourceFiles(join(root, 'lib')), ...sourceFiles(join(root, 'functions')), esbuildConfig, fileURLToPath(import.meta.url)]) {
  hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
}
const key = hash.digest('hex').slice(0, 16);
const outfile = join(buildDir, `local-server-${key}.mjs`);

if (!existsSync(outfile)) {
  const { build } = await import('esbuild');
  const { buildOptions } = createRequire(import.meta.url)(esbuildConfig);
  // Built in a directory of its own and renamed into place: servers starting at once never import a half-written file.
  const partialDir = join(buildDir, `partial-${process.pid}`);
  const partial = join(partialDir, basename(outfile));
  // The functions' options (esbuild.config.cjs), changed only where a local server differs from a Lambda bundle:
  // node 20 is enough (package.json engines); dependencies load from node_modules, so the build stays fast; readable
  // code and a linked source map, so `--enable-source-maps` shows stack traces in lib/.
  const { external: _lambdaExternal, ...shared } = buildOptions;
  await build({
    ...shared,
    entryPoints: [join(root, 'lib/local/main.ts')],
    outfile: partial,
    target: 'node20',
    minify: false,
    sourcemap: 'linked',
    sourcesContent: false,
    packages: 'external',
  });
  renameSync(`${partial}.map`, `${outfile}.map`);
  renameSync(partial, outfile);
  rmSync(partialDir, { recursive: true, force: true });
  // Earlier builds are dead weight; one being imported right now is already loaded, so removing it is harmless.
  for (const entry of readdirSync(buildDir)) {
    if (/^local-server(-[0-9a-f]{16})?\.mjs(\.map)?$/.test(entry) && !entry.startsWith(`local-server-${key}.`)) rmSync(join(buildDir, entry), { force: true });
  }
}
await import(pathToFileURL(outfile).href);
