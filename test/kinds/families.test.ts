// Where code that several kinds share lives: lib/shapes/ holds what any kind may use, lib/families/<project>/ what
// one upstream project's kinds share, its README naming those kinds. Checked from the imports, not from a list.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const lib = join(root, 'lib');

function filesBelow(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesBelow(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The lib/ files a module imports (relative specifiers only), as paths relative to lib/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gms)].map(([, specifier]) => relative(lib, resolve(dirname(file), specifier!)));
}

const families = existsSync(join(lib, 'families')) ? readdirSync(join(lib, 'families')).filter((name) => statSync(join(lib, 'families', name)).isDirectory()) : [];
const kindFolders = readdirSync(join(lib, 'kinds')).filter((name) => statSync(join(lib, 'kinds', name)).isDirectory());

/** The kind folders that import a module of `family`, directly. */
function kindsImporting(family: string): string[] {
  return kindFolders.filter((kind) => filesBelow(join(lib, 'kinds', kind)).some((file) => importsOf(file).some((target) => target.startsWith(`families/${family}/`))));
}

describe('family modules', () => {
  it.each(families)('lib/families/%s names the kinds that use it in its README', (family) => {
    const readme = join(lib, 'families', family, 'README.md');
    expect(existsSync(readme), `${relative(root, readme)} is missing`).toBe(true);
    const line = readFileSync(readme, 'utf8').match(/^Kinds: (.+)$/m);
    expect(line, `${relative(root, readme)} has no "Kinds: a, b" line`).not.toBeNull();
    const listed = line![1]!.split(',').map((name) => name.trim()).sort();
    expect(listed).toEqual(kindsImporting(family).sort());
  });

  it('lib/shapes/ imports no family and no kind: it is what any kind may use', () => {
    const wrong = filesBelow(join(lib, 'shapes')).flatMap((file) =>
      importsOf(file).filter((target) => target.startsWith('families/') || target.startsWith('kinds/')).map((target) => `${relative(root, file)} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a family imports no kind and no other family', () => {
    const wrong = families.flatMap((family) =>
      filesBelow(join(lib, 'families', family)).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('kinds/') || (target.startsWith('families/') && !target.startsWith(`families/${family}/`)))
          .map((target) => `${relative(root, file)} -> ${target}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("a kind's folder is imported only by itself and the registries", () => {
    const registries = new Set(['kinds/interpreters.ts', 'kinds/admissions.ts', 'kinds/conversions.ts']);
    const wrong = filesBelow(lib).flatMap((file) => {
      const from = relative(lib, file);
      if (registries.has(from)) return [];
      const own = from.startsWith('kinds/') ? from.split('/').slice(0, 2).join('/') : undefined;
      return importsOf(file)
        .filter((target) => /^kinds\/[^/]+\//.test(target) && target.split('/').slice(0, 2).join('/') !== own)
        .map((target) => `${from} -> ${target}`);
    });
    expect(wrong).toEqual([]);
  });
});
