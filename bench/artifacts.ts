// The function bundles to measure: the real `npm run package` artifacts (.serverless/<function>.zip), else an
// esbuild build with the same options (esbuild.config.cjs); plus the empty bundle every cold-start figure is compared with.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import esbuildConfig from '../esbuild.config.cjs';
import { functionNames } from '../lib/routes';
import { readZip } from '../test/support/zip';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
/** Under the project, so that an external `@aws-sdk/*` import resolves from node_modules as it does in Lambda's runtime. */
export const workDir = join(projectRoot, '.build/bench');

/** What serverless-esbuild builds with (esbuild.config.cjs), for the fallback build and the empty bundle. */
export const bundleSettings: BuildOptions = esbuildConfig.buildOptions;

export interface Bundle {
  name: string;
  /** The bundled handler module (.mjs), as Lambda loads it. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Size of the deployment package, when measured from the real artifact. */
  zipBytes?: number;
}

export interface Bundles {
  /** How the function bundles were obtained. */
  source: string;
  functions: Bundle[];
  empty: Bundle;
}

export function bundleOf(name: string, file: string, zipBytes?: number): Bundle {
  const data = readFileSync(file);
  return { name, file, bytes: data.length, gzipBytes: gzipSync(data).length, ...(zipBytes !== undefined ? { zipBytes } : {}) };
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) newest = Math.max(newest, newestMtime(readdirSync(path).map((entry) => join(path, entry))));
    else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function packagingAvailable(): boolean {
  const scripts = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  return existsSync(join(projectRoot, 'serverless.yml')) && scripts.package !== undefined;
}

/** Why `.serverless/` must be rebuilt, or undefined when its zips are there and newer than every source. */
function repackageReason(): string | undefined {
  if (process.env.BENCH_REPACKAGE === '1') return 'BENCH_REPACKAGE=1';
  const zips = functionNames.map((name) => join(projectRoot, '.serverless', `${name}.zip`));
  const missing = zips.filter((zip) => !existsSync(zip));
  if (missing.length > 0) return `${missing.length} artifact(s) missing`;
  const sources = newestMtime(['lib', 'functions', 'serverless.yml', 'package-lock.json'].map((path) => join(projectRoot, path)));
  const oldest = Math.min(...zips.map((zip) => statSync(zip).mtimeMs));
  return oldest < sources ? 'artifacts older than the sources' : undefined;
}

function fromArtifacts(log: (line: string) => void): Bundle[] | undefined {
  const reason = repackageReason();
  if (reason !== undefined) {
    log(`packaging: ${reason}; running npm run package`);
    const packaged = spawnSync('npm', ['run', '--silent', 'package', '--', '--param=domain=interpreter.karmada.test', '--param=hostedZoneId=Z0TEST0000000000000000'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (packaged.status !== 0) {
      log(`npm run package failed (exit ${packaged.status}): ${(packaged.stderr || packaged.stdout).trim().split('\n').slice(-5).join(' | ')}`);
      return undefined;
    }
  }
  return functionNames.map((name) => {
    const zipFile = join(projectRoot, '.serverless', `${name}.zip`);
    const zip = readFileSync(zipFile);
    const entries = readZip(zip).filter((entry) => /\.(mjs|js|cjs)$/.test(entry.name) && !entry.name.includes('node_modules/'));
    const handler = entries.find((entry) => entry.name.replace(/\.(mjs|js|cjs)$/, '').endsWith(`functions/${name}`)) ?? entries[0];
    if (handler === undefined) throw new Error(`${zipFile} holds no bundled handler`);
    // The handler and the chunks beside it (each kind's interpreter, loaded on demand), as Lambda unpacks them.
    for (const entry of entries) {
      const file = join(workDir, 'artifacts', name, entry.name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, entry.data);
    }
    return bundleOf(name, join(workDir, 'artifacts', name, handler.name), zip.length);
  });
}

async function fromEsbuild(): Promise<Bundle[]> {
  return Promise.all(
    functionNames.map(async (name) => {
      const dir = join(workDir, 'esbuild', name, 'functions');
      await build({ ...bundleSettings, entryPoints: [join(projectRoot, 'functions', `${name}.ts`)], outdir: dir, outExtension: { '.js': '.mjs' } });
      return bundleOf(name, join(dir, `${name}.mjs`));
    }),
  );
}

export async function emptyBundle(): Promise<Bundle> {
  const dir = join(workDir, 'empty');
  await build({
    ...bundleSettings,
    stdin: { contents: 'export const handler = async () => ({ statusCode: 200 });', loader: 'js', resolveDir: projectRoot },
    outdir: dir,
    entryNames: 'empty',
    outExtension: { '.js': '.mjs' },
  });
  return bundleOf('(empty bundle)', join(dir, 'empty.mjs'));
}

/** The real artifacts when serverless packaging is set up (packaging first if needed), else an equivalent esbuild build. */
export async function functionBundles(log: (line: string) => void = console.log): Promise<Bundles> {
  const empty = await emptyBundle();
  if (process.env.BENCH_BUNDLES !== 'esbuild' && packagingAvailable()) {
    const functions = fromArtifacts(log);
    if (functions !== undefined) return { source: 'serverless package artifacts (.serverless/*.zip)', functions, empty };
    log('falling back to an esbuild build with the same settings');
  }
  return { source: 'esbuild with esbuild.config.cjs (what serverless-esbuild builds with)', functions: await fromEsbuild(), empty };
}
