// Each function bundles only the review kind it serves: module-level registries are calls esbuild cannot drop, so
// an import of another kind's composition would put its whole code in every bundle (docs/performance.md).
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleSettings } from '../../bench/artifacts';
import { functionNames } from '../../lib/routes';
import { projectRoot } from './packaging';

async function bundledSources(functionName: string): Promise<string[]> {
  const result = await build({ ...bundleSettings, entryPoints: [join(projectRoot, 'functions', `${functionName}.ts`)], write: false, outdir: '/nonexistent', metafile: true });
  return Object.keys(result.metafile.inputs).filter((input) => input.startsWith('lib/'));
}

const reviewKindOf = (name: string) => (name === 'convert' ? 'conversion' : name === 'mutate' || name === 'validate' ? 'admission' : 'interpreter');

describe('function bundles', () => {
  it.each(functionNames)('%s holds only its own review kind', async (name) => {
    const sources = await bundledSources(name);
    const kind = reviewKindOf(name);
    expect(sources).toContain(`lib/handlers/${kind}.ts`);
    const foreign = sources.filter((source) =>
      kind === 'interpreter'
        ? /^lib\/(conversion|admission)\/|^lib\/interpreters\/workload-(conversion|admission)\.ts$/.test(source)
        : /^lib\/interpreters\/(index|interpret|workload)\.ts$/.test(source) || source.startsWith(`lib/${kind === 'conversion' ? 'admission' : 'conversion'}/`),
    );
    expect(foreign).toEqual([]);
  });
});
