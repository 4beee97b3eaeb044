// Karmada's third-party catalogue (pkg/resourceinterpreter/default/thirdparty/resourcecustomizations) in the Go
// module cache, at the release the conformance harness pins: read where it lies (by the tests and by
// `npm run catalogue`), never copied into the repository.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const catalogueInModule = 'pkg/resourceinterpreter/default/thirdparty/resourcecustomizations';

/** The release test/karmada-conformance/go.mod pins (`v1.18.2`), undefined if it names none. */
export function pinnedKarmadaRelease(root = '.'): string | undefined {
  return /github\.com\/karmada-io\/karmada (v\S+)/.exec(readFileSync(join(root, 'test/karmada-conformance/go.mod'), 'utf8'))?.[1];
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
export function karmadaModuleCatalogue(): string | undefined {
  const go = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' });
  const cache = go.status === 0 && go.stdout.trim() !== '' ? go.stdout.trim() : (process.env.GOMODCACHE ?? join(homedir(), 'go/pkg/mod'));
  const owner = join(cache, 'github.com/karmada-io');
  if (!existsSync(owner)) return undefined;
  const pinned = pinnedKarmadaRelease();
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
