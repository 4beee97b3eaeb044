// Karmada's own third-party catalogue, unedited, for every kind of it this service serves: each folder
// (<group>/<version>/<Kind>/testdata of the pinned release, read from the Go module cache) passes `--check` (in
// process, against the local interpreters) and every case passes through the deployed handler, but a case the kind's
// README lists as answered differently (lib/kit/listed-differences.ts), which must be answered and differ. The Go
// harness runs the same folders, with the same rule, through Karmada's webhook client (TestKarmadaCatalogue in
// test/karmada-conformance).
import { relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handler } from '../functions/dispatcher';
import { caseFiles, KitError, readCaseDocuments, type CaseDocument } from '../lib/kit/cases';
import { checkCase } from '../lib/kit/check';
import type { Webhook } from '../lib/kit/webhook';
import { interpreterRegistry } from '../lib/kinds/interpreters';
import { main } from '../scripts/interpret';
import { catalogueCounts, catalogueFolders, karmadaCatalogue } from '../lib/kit/karmada-catalogue';
import { folderFiles, repositoryRoot } from '../lib/kit/kinds';
import { catalogueFigure, judgeListed, listedDifferencesOf, listingFor } from '../lib/kit/listed-differences';
import { httpApiEvent } from './support/events';
import { requireTool } from './support/tools';

/** The dispatcher Lambda handler behind an API Gateway event, as Karmada reaches it. */
const deployedHandler: Webhook = async (context) => {
  const result = await handler(httpApiEvent({ body: context }));
  if (result.statusCode !== 200) throw new Error(`HTTP ${result.statusCode}`);
  return JSON.parse(result.body ?? '');
};

// Go finds the module cache; under CI=true a missing go fails here instead of skipping.
const goTool = requireTool('go');
const catalogue = goTool.missing && process.env.KARMADA_CATALOGUE_DIR === undefined ? undefined : karmadaCatalogue();
const skipped = goTool.missing ? goTool.note : catalogue === undefined ? " (skipped: Karmada's module is not in the Go module cache; npm run conformance downloads it)" : '';

/** The file's documents, or why it cannot be read (that file's one failure, not the whole run's). */
function documentsOf(file: string, name: string): CaseDocument[] | KitError {
  try {
    return readCaseDocuments(file, name);
  } catch (error) {
    if (error instanceof KitError) return error;
    throw error;
  }
}

const allFolders = catalogue === undefined ? [] : catalogueFolders(catalogue);
// KARMADA_CATALOGUE_DIR (another tree of cases, e.g. a kind Karmada lacks) is not Karmada's release: not held to it.
const isKarmadaRelease = (process.env.KARMADA_CATALOGUE_DIR ?? '') === '';
const folders = allFolders.filter((folder) => interpreterRegistry.kindFor(folder) !== undefined);

/**
 * The figure `npm test` prints: Karmada's cases that passed through the deployed handler, and those answered
 * differently as the kind's README lists, of all its catalogue's.
 */
const passedCases = new Set<string>();
const differedCases = new Set<string>();

/** The cases of one catalogue folder, as `--check` counts them (a file it cannot read counts none). */
function casesIn(folder: { testdata: string }): number {
  return caseFiles(folder.testdata).reduce((sum, file) => {
    const documents = documentsOf(file, file);
    return sum + (documents instanceof KitError ? 0 : documents.length);
  }, 0);
}

describe.skipIf(catalogue === undefined)(`Karmada's third-party catalogue, the kinds this service serves${skipped}`, () => {
  it('has at least one kind this service serves', () => {
    expect(folders.map((folder) => `${folder.group}/${folder.version}/${folder.kind}`), `served kinds in ${catalogue}`).not.toEqual([]);
  });

  it.runIf(isKarmadaRelease)("serves every kind of it (the README's table counts each kind's cases)", () => {
    const unserved = allFolders.filter((folder) => interpreterRegistry.kindFor(folder) === undefined).map((folder) => `${folder.group}/${folder.version}/${folder.kind}`);
    expect(unserved, `kinds of ${catalogue} no folder under lib/kinds/ serves`).toEqual([]);
  });

  it.runIf(isKarmadaRelease)("has the cases lib/kinds/karmada-catalogue.json records (npm run kinds counts them into the README's table)", () => {
    // Prepare
    const { counts } = catalogueCounts(repositoryRoot);
    const counted = Object.fromEntries(allFolders.map((folder) => [`${folder.group}/${folder.version}/${folder.kind}`, casesIn(folder)]));

    // Assess
    expect(counts?.cases).toEqual(counted);
  });

  afterAll(() => {
    const total = allFolders.reduce((sum, folder) => sum + casesIn(folder), 0);
    // A kind passes when every one of its cases did (or was answered differently as its README lists).
    const passing = folders.filter((folder) => {
      const name = `${folder.group}/${folder.version}/${folder.kind}`;
      return [...passedCases, ...differedCases].filter((id) => id.startsWith(`${name} `)).length === casesIn(folder);
    }).length;
    const kinds = passing === allFolders.length ? `${passing} kinds` : `${passing} of ${allFolders.length} kinds`;
    console.info(`Karmada's catalogue: ${catalogueFigure(passedCases.size, differedCases.size, total)} (${kinds})`);
  });

  for (const folder of folders) {
    const name = `${folder.group}/${folder.version}/${folder.kind}`;
    const files = caseFiles(folder.testdata).map((file) => ({ file: relative(folder.testdata, file), documents: documentsOf(file, relative(folder.testdata, file)) }));
    const documents = files.flatMap(({ documents }) => (documents instanceof KitError ? [] : documents));
    const home = interpreterRegistry.kindFor(folder)!.home;
    const listing = { differences: listedDifferencesOf(repositoryRoot, home), readme: `${home}/${folderFiles.readme}` };
    const listed = documents.filter((input) => listingFor(listing.differences, input.operation, input.name) !== undefined).length;

    describe(name, () => {
      it('passes --check (every case, local interpreters; those its README lists answered differently)', async () => {
        // Act
        let stdout = '';
        const code = await main(['--check', folder.testdata], { stdout: (text) => (stdout += text), stderr: (text) => (stdout += text) }, listing);

        // Assess
        expect(stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([]);
        const differently = listed === 0 ? '' : `${listed} answered differently as ${listing.readme} lists, `;
        expect(stdout).toContain(`\n${documents.length - listed} passed, ${differently}0 failed\n`);
        expect(files.filter(({ documents }) => documents instanceof KitError).map(({ file }) => file)).toEqual([]);
        expect(code).toBe(0);
      });

      it('names only cases of the folder where its README lists cases as answered differently', () => {
        // Prepare
        const cases = new Set(documents.map((input) => `${input.operation} ${input.name}`));

        // Assess
        const unknown = listing.differences.filter(({ operation, caseName }) => !cases.has(`${operation} ${caseName}`));
        expect(unknown.map(({ line, operation, caseName }) => `${listing.readme}:${line}: ${operation} ${caseName}`)).toEqual([]);
      });

      for (const input of documents) {
        it(`${input.source.file}#${input.source.document} ${input.name}`, async () => {
          // Act
          const outcome = await checkCase(input, deployedHandler);

          // Assess
          const { verdict, problems } = judgeListed(outcome, listingFor(listing.differences, input.operation, input.name), listing.readme);
          expect(verdict === 'failed' ? problems : []).toEqual([]);
          (verdict === 'differed' ? differedCases : passedCases).add(`${name} ${input.source.file}#${input.source.document}`);
        });
      }
    });
  }
});
