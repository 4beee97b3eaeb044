// Measures the cold import cost of `@aws-sdk/client-secrets-manager` in a Lambda-style ESM bundle, two ways:
// bundled into the .mjs by esbuild, or left external (resolved from node_modules, as the Lambda runtime's copy is).
// Each sample is a fresh `node` process; we report the median (and p10/p90) of N samples per variant.
// Usage: node test/stack/sdk-cold-import.mjs [samples=25]   — the figures feed docs/adr/0001.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const samples = Number(process.argv[2] ?? 25);
const work = mkdtempSync(join(tmpdir(), 'sdk-cold-import-'));
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');

// The real dispatcher function, plus the SDK imported lazily as lib/auth does (only when protection is on).
const entry = join(work, 'entry.mjs');
writeFileSync(
  entry,
  `export { handler } from ${JSON.stringify(join(root, 'functions', 'dispatcher.ts'))};
   export async function loadClient() {
     const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
     const client = new SecretsManagerClient({ region: 'us-east-1' });
     return [client, new GetSecretValueCommand({ SecretId: 'x' })];
   }`,
);

const common = {
  entryPoints: [entry],
  bundle: true,
  minify: true,
  treeShaking: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  logLevel: 'error',
};
const variants = {
  bundled: join(work, 'bundled', 'index.mjs'),
  'bundled, split chunk': join(work, 'split', 'index.mjs'),
  external: join(work, 'external', 'index.mjs'),
};
for (const dir of ['bundled', 'split', 'external']) mkdirSync(join(work, dir));
await build({ ...common, outfile: variants.bundled });
// esbuild code splitting: the lazily imported SDK goes to its own chunk, loaded only by the dynamic import.
await build({
  ...common,
  entryPoints: { index: entry },
  outdir: join(work, 'split'),
  outExtension: { '.js': '.mjs' },
  splitting: true,
});
await build({ ...common, outfile: variants.external, external: ['@aws-sdk/*'] });
const sizeKB = (dir) =>
  Math.round((readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / 1024) * 10) / 10;

// Two scenarios: module import only (protection off: SDK never loaded), and import + loadClient() (protection on).
const probe = (file, loadSdk) => `
  const t0 = performance.now();
  const m = await import(${JSON.stringify(file)});
  const t1 = performance.now();
  ${loadSdk ? 'await m.loadClient();' : ''}
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ importMs: t1 - t0, totalMs: t2 - t0 }));`;

function run(file, loadSdk) {
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', probe(file, loadSdk)], {
    cwd: work,
    env: { PATH: process.env.PATH, AWS_EC2_METADATA_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  return { ...JSON.parse(String(out)), processMs: performance.now() - started };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Samples are interleaved (one of each case per round) so that load changes on the machine hit every case alike.
const cases = Object.entries(variants).flatMap(([name, file]) => [false, true].map((loadSdk) => ({ name, file, loadSdk })));
for (const { file, loadSdk } of cases) run(file, loadSdk); // warm the OS file cache once
const rows = cases.map(() => []);
for (let round = 0; round < samples; round++) cases.forEach(({ file, loadSdk }, index) => rows[index].push(run(file, loadSdk)));

const results = cases.map(({ name, file, loadSdk }, index) => {
  const values = rows[index].map((row) => (loadSdk ? row.totalMs : row.importMs));
  return {
    variant: name,
    scenario: loadSdk ? 'import + SDK client (protection on)' : 'import only (protection off)',
    entryKB: Math.round((statSync(file).size / 1024) * 10) / 10,
    allFilesKB: sizeKB(dirname(file)),
    samples,
    medianMs: Math.round(median(values) * 10) / 10,
    p10Ms: Math.round(quantile(values, 0.1) * 10) / 10,
    p90Ms: Math.round(quantile(values, 0.9) * 10) / 10,
    medianProcessMs: Math.round(median(rows[index].map((row) => row.processMs)) * 10) / 10,
  };
});
console.table(results);
console.log(`node ${process.version} ${process.arch}`);
rmSync(work, { recursive: true, force: true });
