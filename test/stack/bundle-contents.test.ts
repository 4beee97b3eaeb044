// Each function bundles only the review kind it serves, and every registered kind's module for it: module-level
// registries are calls esbuild cannot drop, so an import of another review's composition would put its whole code
// in every bundle (docs/results/performance-history.md). Kinds are found from the registries (each kind's folder names its modules
// interpreter.ts, conversion.ts, admission.ts), so a new kind is checked with no edit here. An interpreter function's
// start holds no kind's module: each kind's interpreter is a chunk, imported when a request names the kind, so a cold
// start costs the same however many kinds there are (docs/adr/0013-kinds-at-start-up.md).
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleSettings } from '../../bench/artifacts';
import { kindFolders } from '../../lib/kit/kinds';
import { functionNames } from '../../lib/routes';
import { projectRoot } from './packaging';

async function bundled(functionName: string): Promise<Metafile> {
  const result = await build({ ...bundleSettings, entryPoints: [join(projectRoot, 'functions', `${functionName}.ts`)], write: false, outdir: '/nonexistent', metafile: true });
  return result.metafile;
}

async function bundledSources(functionName: string): Promise<string[]> {
  return Object.keys((await bundled(functionName)).inputs).filter((input) => input.startsWith('lib/'));
}

/** The sources in the function's file and in the chunks it imports statically: what a cold start compiles. */
function startSources(metafile: Metafile, functionName: string): string[] {
  // Each kind's chunk is an entry point too (of its dynamic import): the function's own is the one of functions/.
  const entry = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]!.entryPoint === `functions/${functionName}.ts`)!;
  const started = new Set([entry]);
  for (const output of started) {
    for (const imported of metafile.outputs[output]!.imports) if (imported.kind === 'import-statement' && !imported.external) started.add(imported.path);
  }
  return [...started].flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
}

const reviews = ['interpreter', 'conversion', 'admission'] as const;
type Review = (typeof reviews)[number];
const reviewOf = (name: string): Review => (name === 'convert' ? 'conversion' : name === 'mutate' || name === 'validate' ? 'admission' : 'interpreter');
const servedBy: Record<Review, 'interpreted' | 'converted' | 'admitted'> = { interpreter: 'interpreted', conversion: 'converted', admission: 'admitted' };

describe('function bundles', () => {
  it.each(functionNames)('%s holds its own review kind, every kind registered for it, and nothing of the others', async (name) => {
    const sources = await bundledSources(name);
    const review = reviewOf(name);
    expect(sources).toContain(`lib/handlers/${review}.ts`);
    const kinds = kindFolders().filter((kind) => kind[servedBy[review]]);
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(sources).toContain(`${kind.identity.home}/${review}.ts`);
    const others = reviews.filter((other) => other !== review);
    const foreign = sources.filter((source) =>
      others.some((other) => source.startsWith(`lib/${other}/`) || source === `lib/kinds/${other === 'interpreter' ? 'interpreters' : `${other}s`}.ts` || (source.startsWith('lib/kinds/') && source.endsWith(`/${other}.ts`))),
    );
    expect(foreign).toEqual([]);
  });

  it.each(functionNames.filter((name) => reviewOf(name) === 'interpreter'))('%s starts without any kind\'s module: each loads when a request names it', async (name) => {
    const started = startSources(await bundled(name), name);
    expect(started).toContain('lib/kinds/interpreters.ts');
    expect(started.filter((source) => /^lib\/kinds\/[^/]+\//.test(source))).toEqual([]);
  });
});
