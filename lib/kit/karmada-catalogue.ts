// Karmada's third-party catalogue (pkg/resourceinterpreter/default/thirdparty/resourcecustomizations) in the Go
// module cache, at the release the conformance harness pins: read where it lies (by the tests and by
// `npm run catalogue`), never copied into the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { caseFiles, readCaseDocuments } from './cases';

const catalogueInModule = 'pkg/resourceinterpreter/default/thirdparty/resourcecustomizations';

/** The release test/karmada-conformance/go.mod pins (`v1.18.2`), undefined if it names none (or there is no go.mod). */
export function pinnedKarmadaRelease(root = '.'): string | undefined {
  const goMod = join(root, 'test/karmada-conformance/go.mod');
  if (!existsSync(goMod)) return undefined;
  return /github\.com\/karmada-io\/karmada (v\S+)/.exec(readFileSync(goMod, 'utf8'))?.[1];
}

/**
 * The catalogue to run: KARMADA_CATALOGUE_DIR when set (another tree of <group>/<version>/<Kind>/testdata, e.g. to
 * try the mechanism on a kind Karmada's catalogue does not have), else the module's (karmadaModuleCatalogue).
 */
export function karmadaCatalogue(): string | undefined {
  const override = process.env.KARMADA_CATALOGUE_DIR;
  return override !== undefined && override !== '' ? override : karmadaModuleCatalogue();
}

/**
 * The catalogue of the pinned release in the Go module cache (any release there when the pinned one is missing);
 * undefined when there is none.
 */
export function karmadaModuleCatalogue(root = '.'): string | undefined {
  const go = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' });
  const cache = go.status === 0 && go.stdout.trim() !== '' ? go.stdout.trim() : (process.env.GOMODCACHE ?? join(homedir(), 'go/pkg/mod'));
  const owner = join(cache, 'github.com/karmada-io');
  if (!existsSync(owner)) return undefined;
  const pinned = pinnedKarmadaRelease(root);
  const releases = readdirSync(owner).filter((name) => name.startsWith('karmada@v'));
  const release = releases.find((name) => name === `karmada@${pinned}`) ?? releases.sort().at(-1);
  const folder = release && join(owner, release, catalogueInModule);
  return folder && existsSync(folder) ? folder : undefined;
}

/** One kind's folder of the catalogue: <group>/<version>/<Kind>/testdata. */
export interface CatalogueFolder {
  group: string;
  version: string;
  kind: string;
  testdata: string;
}

/** Every <group>/<version>/<Kind>/testdata folder of the catalogue, in name order. */
export function catalogueFolders(catalogue: string): CatalogueFolder[] {
  const folders: CatalogueFolder[] = [];
  const sorted = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  for (const group of sorted(catalogue)) {
    for (const version of sorted(join(catalogue, group))) {
      for (const kind of sorted(join(catalogue, group, version))) {
        const testdata = join(catalogue, group, version, kind, 'testdata');
        if (existsSync(testdata)) folders.push({ group, version, kind, testdata });
      }
    }
  }
  return folders;
}

/**
 * Karmada's catalogue as a count of its cases per `<group>/<version>/<Kind>`, at one release: written by
 * `npm run kinds` beside the README's table of kinds (which shows each kind's count), from the Go module cache when
 * the pinned release is there, and read back from the file where it is not (a machine without Go).
 */
export interface CatalogueCounts {
  release: string;
  cases: Record<string, number>;
}

/** The checked file of the counts, relative to the repository root. */
export const catalogueCountsFile = 'lib/kinds/karmada-catalogue.json';

/** The cases of each kind folder of a catalogue, as `--check` runs them (every document of every case file). */
export function countCatalogue(catalogue: string, release: string): CatalogueCounts {
  const cases: Record<string, number> = {};
  for (const folder of catalogueFolders(catalogue)) {
    cases[`${folder.group}/${folder.version}/${folder.kind}`] = caseFiles(folder.testdata).reduce((sum, file) => sum + readCaseDocuments(file).length, 0);
  }
  return { release, cases };
}

/** The counts as the file holds them. */
export function catalogueCountsText(counts: CatalogueCounts): string {
  return `${JSON.stringify(counts, null, 2)}\n`;
}

/**
 * The counts as they should be: from Karmada's module at the pinned release when the Go module cache has it
 * (`counted`), else from the checked file (undefined when it is missing or not counts).
 */
export function catalogueCounts(root: string): { counts?: CatalogueCounts; counted: boolean } {
  const release = pinnedKarmadaRelease(root);
  const module = release === undefined ? undefined : karmadaModuleCatalogue(root);
  if (release !== undefined && module?.includes(`/karmada@${release}/`)) return { counts: countCatalogue(module, release), counted: true };
  const file = join(root, catalogueCountsFile);
  if (!existsSync(file)) return { counted: false };
  const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<CatalogueCounts> | null;
  const valid = typeof read?.release === 'string' && typeof read.cases === 'object' && read.cases !== null && Object.values(read.cases).every((n) => Number.isSafeInteger(n));
  return valid ? { counts: read as CatalogueCounts, counted: false } : { counted: false };
}

/** A kind's cases in the catalogue, over every version of it there (Karmada's catalogue keeps one); undefined when absent. */
export function casesOfKind(counts: CatalogueCounts, group: string, kind: string): number | undefined {
  let total: number | undefined;
  for (const [key, cases] of Object.entries(counts.cases)) {
    const parts = key.split('/');
    if (parts[0] === group && parts[2] === kind) total = (total ?? 0) + cases;
  }
  return total;
}
