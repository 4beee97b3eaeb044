// Each function bundles only the review kind it serves, and every registered kind's module for it: module-level
// registries are calls esbuild cannot drop, so an import of another review's composition would put its whole code
// in every bundle (docs/performance.md). Kinds are found from the registries (each kind's folder names its modules
// interpreter.ts, conversion.ts, admission.ts), so a new kind is checked with no edit here.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleSettings } from '../../bench/artifacts';
import { kindFolders } from '../../lib/kit/kinds';
import { functionNames } from '../../lib/routes';
import { projectRoot } from './packaging';

async function bundledSources(functionName: string): Promise<string[]> {
  const result = await build({ ...bundleSettings, entryPoints: [join(projectRoot, 'functions', `${functionName}.ts`)], write: false, outdir: '/nonexistent', metafile: true });
  return Object.keys(result.metafile.inputs).filter((input) => input.startsWith('lib/'));
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
});
