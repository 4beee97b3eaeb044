'use strict';
// The one esbuild configuration of the function bundles. serverless-esbuild reads it (`custom.esbuild.config` in
// serverless.yml), and the benchmarks, the bundle-contents test and `npm start` (scripts/start.cjs) build from the
// same options, so what is measured and checked is what is deployed.

/**
 * esbuild's own build options: one minified, tree-shaken ESM file per function, no source maps. @aws-sdk/* stays
 * external: the Lambda Node.js runtime ships SDK v3 (docs/adr/0001-aws-sdk-bundled-or-external.md). Each kind's
 * interpreter is a chunk of its own (chunks/, beside the function's file), imported the first time a request names
 * the kind, so that a cold start compiles no kind's code however many kinds there are (docs/adr/0013-kinds-at-start-up.md).
 * Code splitting needs an output directory (`outdir`), not a single `outfile`.
 * @type {import('esbuild').BuildOptions}
 */
const buildOptions = Object.freeze({
  bundle: true,
  minify: true,
  treeShaking: true,
  sourcemap: false,
  legalComments: 'none',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: ['@aws-sdk/*'],
  // Bundled CommonJS code may call require(); ESM has none, so provide one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

/**
 * serverless-esbuild's options: the same, except that it takes `exclude` (external to esbuild and left out of the
 * zip; its `external` would copy the package into the zip) and names the output .mjs so Lambda loads it as ESM.
 */
function serverlessEsbuildOptions() {
  const { external, logLevel, ...rest } = buildOptions;
  return { ...rest, exclude: [...external], outputFileExtension: '.mjs' };
}

module.exports = serverlessEsbuildOptions;
module.exports.buildOptions = buildOptions;
