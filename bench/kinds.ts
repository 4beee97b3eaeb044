// `npm run bench -- kinds`: the function bundles with today's kinds and with thirty, the extra ones generated for the
// measurement in a scratch copy of the repository (copies of lib/kinds/rollout under their own group and kind; never
// committed), each function built with the project's own esbuild settings.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { functionNames } from '../lib/routes';
import { writeKindLists } from '../lib/kit/kind-lists';
import { rollout } from '../lib/kinds/rollout/identity';
import type { KindIdentity } from '../lib/review/kind';
import { routeSegmentOf, type InterpreterOperation } from '../lib/interpreter/wire/operations';
import { httpApiEvent } from '../test/support/events';
import type { JsonMap } from '../test/support/karmada';
import { admissionReview, conversionReview } from '../test/support/reviews';
import { copyRepository } from '../test/support/scratch';
import { bundleOf, bundleSettings, projectRoot, workDir, type Bundle } from './artifacts';
import { typicalBody, typicalWorkload } from './bodies';
import { measureCold, pairedRatios, type ColdSamples } from './cold';
import { median } from './report';
import type { KindsWarmFigures, KindsWarmManifest } from './kinds-warm-child';

/** The kind every generated one copies: the largest interpreter (all eight operations), so the estimate errs high. */
const template = rollout.home;

export interface KindsVariant {
  /** e.g. "2 kinds (today)" */
  name: string;
  kinds: number;
  bundles: BuiltFunction[];
}

/** How many kinds a checkout's interpreter registry serves (its lib/kinds/interpreters.ts, imported from there). */
export async function interpretedKinds(root: string): Promise<number> {
  const list = (await import(pathToFileURL(join(root, 'lib/kinds/interpreters.ts')).href)) as typeof import('../lib/kinds/interpreters');
  return list.interpreterRegistry.kinds.length;
}

function replaced(source: string, file: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`${file}: the generated kinds rewrite ${JSON.stringify(from)}, which is no longer there; update bench/kinds.ts`);
  return source.split(from).join(to);
}

/**
 * Copies the template kind `count` times into `root`/lib/kinds/bench-kind-NN/ (its own group, kind, plural and home)
 * and lists them as new-kind would (npm run kinds' generator). Returns the folders written.
 */
export async function generateKinds(root: string, count: number): Promise<string[]> {
  const folders: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = String(n).padStart(2, '0');
    const folder = `lib/kinds/bench-kind-${id}`;
    const home = join(root, folder);
    // The modules only: the copies are bundled, not tested.
    for (const file of readdirSync(join(root, template)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      cpSync(join(root, template, file), join(home, file));
    }
    const identity: KindIdentity = { ...rollout, group: `kind${id}.bench.example.io`, kind: `BenchKind${id}`, plural: `benchkind${id}s`, home: folder };
    const identityFile = join(home, 'identity.ts');
    let source = readFileSync(identityFile, 'utf8');
    for (const field of ['group', 'kind', 'plural', 'home'] as const) source = replaced(source, identityFile, `${field}: '${rollout[field]}'`, `${field}: '${identity[field]}'`);
    writeFileSync(identityFile, source);
    writeFileSync(join(home, 'README.md'), `# ${identity.kind}: a copy of the Rollout for the kinds benchmark (never committed)\n`);
    folders.push(folder);
  }
  const { problems } = await writeKindLists(root);
  if (problems.length > 0) throw new Error(`the generated kinds break the folder contract: ${problems.join('; ')}`);
  return folders;
}

/** A function built from one checkout: its entry (the bundle Lambda imports) and what comes with it. */
export interface BuiltFunction extends Bundle {
  /** The entry and every file it imports statically: what a cold start reads and compiles. */
  startBytes: number;
  /** Every file of the build, the chunks imported on demand included. */
  totalBytes: number;
  files: number;
}

/** The bytes of `output` and of every file it imports statically, each counted once. */
function staticBytes(outputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }>, output: string, seen = new Set<string>()): number {
  if (seen.has(output) || outputs[output] === undefined) return 0;
  seen.add(output);
  const { bytes, imports } = outputs[output]!;
  return bytes + imports.filter((entry) => entry.kind === 'import-statement' && entry.external !== true).reduce((sum, entry) => sum + staticBytes(outputs, entry.path, seen), 0);
}

/**
 * Every function of lib/routes.ts built from `root` with esbuild.config.cjs's options into `outDir`/<function>/functions/,
 * as serverless-esbuild builds it (an output directory, `.mjs`).
 */
export async function buildFunctions(root: string, outDir: string): Promise<BuiltFunction[]> {
  rmSync(outDir, { recursive: true, force: true });
  return Promise.all(
    functionNames.map(async (name) => {
      const dir = join(outDir, name, 'functions');
      const result = await build({ ...bundleSettings, absWorkingDir: root, entryPoints: [join(root, 'functions', `${name}.ts`)], outdir: dir, outExtension: { '.js': '.mjs' }, metafile: true });
      const outputs = result.metafile.outputs;
      // The function's own file: each kind's chunk is an entry point too (of its dynamic import).
      const entry = Object.keys(outputs).find((output) => outputs[output]!.entryPoint === `functions/${name}.ts`)!;
      return {
        ...bundleOf(name, join(root, entry)),
        startBytes: staticBytes(outputs, entry),
        totalBytes: Object.values(outputs).reduce((sum, output) => sum + output.bytes, 0),
        files: Object.keys(outputs).length,
      };
    }),
  );
}

/**
 * The two variants: the repository as it is, and a scratch copy of it with kinds generated up to `total`. Both are
 * built the same way, into .build/bench/kinds/ (under the project, so `@aws-sdk/*` resolves from node_modules).
 */
export async function kindsVariants(total: number, log: (line: string) => void): Promise<KindsVariant[]> {
  const today = await interpretedKinds(projectRoot);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-kinds-'));
  try {
    copyRepository(projectRoot, scratch);
    const generated = await generateKinds(scratch, Math.max(0, total - today));
    const scaled = await interpretedKinds(scratch);
    log(`kinds: today ${today}; a scratch copy with ${generated.length} generated from ${template} (${generated[0] ?? '-'} … ${generated.at(-1) ?? '-'}): ${scaled}`);
    const outDir = join(workDir, 'kinds');
    const [todayBundles, scaledBundles] = await Promise.all([buildFunctions(projectRoot, join(outDir, `${today}-kinds`)), buildFunctions(scratch, join(outDir, `${scaled}-kinds`))]);
    return [
      { name: `${today} kinds (today)`, kinds: today, bundles: todayBundles },
      { name: `${scaled} kinds`, kinds: scaled, bundles: scaledBundles },
    ];
  } finally {
    if (existsSync(scratch)) rmSync(scratch, { recursive: true, force: true });
  }
}

/** A figure over repeated measurements: the median of the repeats' medians, and the lowest and highest of them. */
export interface Spread {
  median: number;
  low: number;
  high: number;
  repeats: number[];
}

export function spreadOf(repeats: number[]): Spread {
  return { median: median(repeats), low: Math.min(...repeats), high: Math.max(...repeats), repeats };
}

export interface StartFigures {
  /** Wall time ÷ the empty bundle's, paired per round: the median of each repeat, then over repeats. */
  wall: Spread;
  /** CPU time (user + system) of the process ÷ the empty bundle's, paired the same way. */
  cpu: Spread;
  /** The process's CPU time minus the empty bundle's (medians of the rounds), ms. */
  cpuDeltaMs: Spread;
}

/** Cold starts of every function of both variants and the empty bundle, in `repeats` interleaved measurements. */
function measureStarts(variants: readonly KindsVariant[], empty: Bundle, runs: number, repeats: number, env: NodeJS.ProcessEnv, firstCall: boolean): Map<Bundle, StartFigures> {
  const all: Bundle[] = [empty, ...variants.flatMap((variant) => variant.bundles)];
  const starter = firstCall ? firstCallStarter(all) : undefined;
  const perRepeat: Map<Bundle, ColdSamples>[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) perRepeat.push(measureCold(all, runs, env, 2, starter));
  return new Map(
    all.map((bundle) => [
      bundle,
      {
        wall: spreadOf(perRepeat.map((samples) => median(pairedRatios(samples, bundle, empty, 'wallMs')))),
        cpu: spreadOf(perRepeat.map((samples) => median(pairedRatios(samples, bundle, empty, 'cpuMs')))),
        cpuDeltaMs: spreadOf(perRepeat.map((samples) => median(samples.get(bundle)!.cpuMs) - median(samples.get(empty)!.cpuMs))),
      },
    ]),
  );
}

const firstCallChild = fileURLToPath(new URL('./first-call-child.mjs', import.meta.url));

/** The function's first request: a typical Workload for its operation or review (the empty bundle answers anything). */
function firstEvent(functionName: string): JsonMap {
  const object = typicalWorkload();
  const operation = (Object.entries(routeSegmentOf) as [InterpreterOperation, string][]).find(([, segment]) => segment === functionName)?.[0];
  const event = (routePath: string, body: JsonMap) => httpApiEvent({ routePath, body }) as unknown as JsonMap;
  if (operation !== undefined) return event(`/interpreter/${functionName}`, typicalBody(operation, 'bench-first-call'));
  if (functionName === 'convert') return event('/convert', conversionReview('workload.example.io/v1alpha2', [object], 'bench-first-call'));
  if (functionName === 'mutate' || functionName === 'validate') {
    return event(`/${functionName}`, admissionReview({ operation: 'CREATE', group: 'workload.example.io', version: 'v1alpha1', kind: 'Workload', object, name: 'checkout', namespace: 'shop', uid: 'bench-first-call' }));
  }
  return event('/interpreter', typicalBody('InterpretReplica', 'bench-first-call'));
}

function firstCallStarter(bundles: readonly Bundle[]) {
  const dir = join(workDir, 'kinds', 'events');
  mkdirSync(dir, { recursive: true });
  const eventFiles = new Map<string, string>();
  for (const name of new Set(bundles.map((bundle) => bundle.name))) {
    const file = join(dir, `${name.replace(/[^a-z-]/g, '') || 'empty'}.json`);
    writeFileSync(file, JSON.stringify(firstEvent(name)));
    eventFiles.set(name, file);
  }
  return {
    child: firstCallChild,
    args: (bundle: Bundle) => [bundle.file, eventFiles.get(bundle.name)!],
    check(bundle: Bundle, report: Record<string, unknown>) {
      if (report.statusCode !== 200 || report.successful === false || report.allowed === false) throw new Error(`${bundle.file}: the first call did not succeed: ${JSON.stringify(report)}`);
    },
  };
}

export interface KindsWarmRow {
  name: string;
  todayUs: number;
  scaledUs: number;
  /** Scaled ÷ today per call: each process's median over batch pairs, then over processes. */
  ratio: Spread;
}

/** Warm per-call cost of today's and the scaled build of every warm case, in `repeats` fresh processes one after the other. */
async function measureWarmKinds(variants: readonly KindsVariant[], timeMs: number, repeats: number, env: NodeJS.ProcessEnv): Promise<KindsWarmRow[]> {
  const [today, scaled] = variants as [KindsVariant, KindsVariant];
  const files = (variant: KindsVariant) => Object.fromEntries(variant.bundles.map((bundle) => [bundle.name, bundle.file]));
  const runs: KindsWarmFigures[][] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const manifestFile = join(workDir, 'kinds', 'warm.json');
    const out = join(workDir, 'kinds', 'warm-result.json');
    const manifest: KindsWarmManifest = { today: files(today), scaled: files(scaled), timeMs, out };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./kinds-warm-child.ts', import.meta.url)), manifestFile], { cwd: projectRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the kinds warm benchmark exited with ${code}`);
    runs.push((JSON.parse(readFileSync(out, 'utf8')) as { figures: KindsWarmFigures[] }).figures);
  }
  return runs[0]!.map((first, index) => ({
    name: first.name,
    todayUs: median(runs.map((run) => run[index]!.todayMs)) * 1000,
    scaledUs: median(runs.map((run) => run[index]!.scaledMs)) * 1000,
    ratio: spreadOf(runs.map((run) => run[index]!.ratio)),
  }));
}

export interface KindsSettings {
  kinds: number;
  runs: number;
  repeats: number;
  warmMs: number;
}

export interface KindsFigures {
  variants: KindsVariant[];
  cold: Map<Bundle, StartFigures>;
  firstCall: Map<Bundle, StartFigures>;
  warm: KindsWarmRow[];
}

export async function measureKinds(settings: KindsSettings, empty: Bundle, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<KindsFigures> {
  const variants = await kindsVariants(settings.kinds, log);
  log(`kinds: cold import, ${settings.repeats} × ${settings.runs} rounds of fresh node processes (+2 warm-up rounds each), every bundle of both variants and the empty one per round...`);
  const cold = measureStarts(variants, empty, settings.runs, settings.repeats, env, false);
  log(`kinds: cold start + first call (a typical Workload), ${settings.repeats} × ${settings.runs} rounds...`);
  const firstCall = measureStarts(variants, empty, settings.runs, settings.repeats, env, true);
  log(`kinds: warm handlers, both variants loaded in one process, alternating ~2 ms batches for ${settings.warmMs} ms per case, ${settings.repeats} processes...`);
  const warm = await measureWarmKinds(variants, settings.warmMs, settings.repeats, env);
  return { variants, cold, firstCall, warm };
}
