'use strict';
// `npm start`: runs the local server (the same handler code Lambda runs) from a bundle cached under .build/, keyed on
// a hash of the sources: esbuild runs only when a source changed, so a start costs node, one require and a listen.
// package.json starts it with `exec node …`: npm passes SIGTERM/SIGINT on to its script's shell, which (dash) dies
// without passing them to node, so `kill <npm's pid>` left this server holding its port; with exec, node is that child.
//
// CommonJS, and so is the bundle it loads: an ES module entry makes node set up its ES module loader first (a dozen
// more internal modules to compile), which measured 3-5 ms more to the first answer and ~2 MB more resident memory
// for a server that never needs it (docs/adr/0011-local-server-start-and-memory.md). The Lambda bundles stay ES modules.
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
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
for (const file of [...sourceFiles(join(root, 'lib')), ...sourceFiles(join(root, 'functions')), esbuildConfig, __filename]) {
  hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
}
const key = hash.digest('hex').slice(0, 16);
const outfile = join(buildDir, `local-server-${key}.cjs`);

// The server answers large bodies in a child process that runs this same bundle (lib/local/large-bodies.ts).
globalThis.karmadaInterpreterBundle = outfile;
if (existsSync(outfile)) require(outfile);
else build().then(() => require(outfile), (error) => {
  console.error(`npm start: could not bundle the local server: ${error.message}`);
  process.exit(1);
});

async function build() {
  const esbuild = require('esbuild');
  const { buildOptions } = require(esbuildConfig);
  // The functions' options (esbuild.config.cjs), changed only where a local server differs from a Lambda bundle:
  // CommonJS (above; so no ESM `require` banner); node 20 is enough (package.json engines); dependencies load from
  // node_modules, so the build stays fast; readable code and a linked source map, so `--enable-source-maps` shows
  // stack traces in lib/; one file (CommonJS has no code splitting: a kind's dynamic import becomes a lazy
  // initialiser inside it).
  const { external: _lambdaExternal, banner: _esmBanner, splitting: _splitting, chunkNames: _chunkNames, ...shared } = buildOptions;
  // Built for its final place (the map's `sources` are relative to it: a map built elsewhere and moved names files
  // beside the checkout), kept in memory, and each file renamed into place from a name of this process's: servers
  // starting at once never load a half-written file.
  const { outputFiles } = await esbuild.build({
    ...shared,
    entryPoints: [join(root, 'lib/local/main.ts')],
    outfile,
    write: false,
    format: 'cjs',
    target: 'node20',
    minify: false,
    sourcemap: 'linked',
    sourcesContent: false,
    packages: 'external',
    // import.meta is empty in CommonJS: a module of the local server that reads it would be wrong, so refuse it.
    logOverride: { 'empty-import-meta': 'error' },
  });
  mkdirSync(buildDir, { recursive: true });
  // The map first: a bundle in place always finds its map.
  for (const file of [...outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')))) {
    const partial = `${file.path}.partial-${process.pid}`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // Earlier builds are dead weight; one being loaded right now is already loaded, so removing it is harmless.
  for (const entry of readdirSync(buildDir)) {
    if (/^local-server(-[0-9a-f]{16})?\.(c|m)js(\.map)?$/.test(entry) && !entry.startsWith(`local-server-${key}.`)) rmSync(join(buildDir, entry), { force: true });
  }
}
