// Every version a kind's project serves today is served here: for each kind whose identity names where its project
// publishes its CRD (publishedCrd: a Go module or a Maven jar, fetched at test time), the CRD's group, kind, plural and
// served versions agree with the identity, and each served version of a project's kind has the team's own cases. A
// kind of Karmada's third-party catalogue must name its project's CRD, so it cannot quietly pin one old version as
// Karmada's Lua does; or say, as `publishedCrd: { unavailable }`, that no registry reachable here serves it and what was
// tried (reported by name as exempt).
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { findKinds } from '../../lib/kit/kind-lists';
import { repositoryRoot } from '../../lib/kit/kinds';
import { isPublishedCrd, type KindIdentity, type PublishedCrd } from '../../lib/review/kind';
import { catalogueFolders, karmadaModuleCatalogue } from '../../lib/kit/karmada-catalogue';
import { requireTool } from '../support/tools';
import { publishedFile, UpstreamUnavailable } from '../support/upstream';

interface Crd {
  kind?: string;
  spec?: { group?: string; names?: { kind?: string; plural?: string }; versions?: { name: string; served?: boolean }[] };
}

const { kinds } = await findKinds(repositoryRoot);
const identities = kinds.flatMap((found) => (found.identity === undefined ? [] : [found.identity]));
const go = requireTool('go');
const catalogue = go.missing ? undefined : karmadaModuleCatalogue();
const inCatalogue = new Set((catalogue === undefined ? [] : catalogueFolders(catalogue)).map((folder) => `${folder.group}/${folder.kind}`));

/** The CRD of the kind among the published file's documents, or why there is none. */
function crdOf(identity: KindIdentity, published: PublishedCrd, text: string): Crd {
  const crds = parseAllDocuments(text).map((document) => document.toJS() as Crd).filter((crd) => crd?.kind === 'CustomResourceDefinition');
  const crd = crds.find((one) => one.spec?.group === identity.group && one.spec?.names?.kind === identity.kind);
  if (crd === undefined) throw new Error(`${published.source} ${published.file} holds no CRD of ${identity.group}/${identity.kind}`);
  return crd;
}

describe(`each kind serves every version its project's published CRD serves${go.note}`, () => {
  for (const identity of identities) {
    const name = `${identity.group}/${identity.kind}`;

    // A kind of ours converts every version to the one its cases are written in; a project's kind has no converter
    // here, so each version it serves is read as it is and has its own cases.
    if (identity.ownCrd) continue;
    it(`${name}: every served version has the team's own cases (testdata/<version>/)`, () => {
      const missing = identity.versions.filter((version) => {
        const folder = join(repositoryRoot, identity.home, 'testdata', version);
        return !existsSync(folder) || readdirSync(folder).filter((file) => file.endsWith('-test.yaml')).length === 0;
      });
      expect(missing, `versions of ${identity.home}/identity.ts without ${identity.home}/testdata/<version>/*-test.yaml`).toEqual([]);
    });

    for (const earlier of identity.earlierCrds ?? []) {
      it.skipIf(go.missing)(`${name}: ${earlier.source} serves ${earlier.versions.join(', ')}, versions this kind serves beyond its newest CRD`, () => {
        // Act
        const crd = crdOf(identity, earlier, publishedFile(earlier));
        const served = (crd.spec?.versions ?? []).filter((version) => version.served !== false).map((version) => version.name);

        // Assess
        expect(earlier.versions.filter((version) => !served.includes(version)), `versions ${identity.home}/identity.ts earlierCrds names that ${earlier.source} does not serve`).toEqual([]);
        expect(earlier.versions.filter((version) => !identity.versions.includes(version)), `earlierCrds versions ${identity.home}/identity.ts does not serve`).toEqual([]);
      });
    }

    const published = identity.publishedCrd;
    if (published !== undefined && !isPublishedCrd(published)) {
      // Named in the report as exempt, with its reason: a kind whose project's CRD no registry here serves.
      it(`${name}: exempt, no published CRD reachable (${identity.home}/identity.ts publishedCrd.unavailable)`, () => {
        const readme = readFileSync(join(repositoryRoot, identity.home, 'README.md'), 'utf8');
        // Assess: the reason names what was tried, and the README where the versions were read instead.
        expect(published.unavailable.length, `${identity.home}/identity.ts publishedCrd.unavailable says what was tried`).toBeGreaterThan(80);
        expect(readme.includes('publishedCrd'), `${identity.home}/README.md says why publishedCrd is unavailable`).toBe(true);
        console.info(`${name}: exempt from the published CRD's versions, none reachable here (${identity.home}/identity.ts says what was tried)`);
      });
      continue;
    }
    it.skipIf(go.missing)(`${name}: the CRD its project publishes serves no version this kind does not`, (context) => {
      // Prepare
      if (published === undefined) {
        expect(inCatalogue.has(name), `${identity.home}/identity.ts names no publishedCrd, and Karmada's catalogue has ${name}`).toBe(false);
        context.skip();
        return;
      }
      let text: string;
      try {
        text = publishedFile(published);
      } catch (error) {
        if (!(error instanceof UpstreamUnavailable) || process.env.CI === 'true') throw error;
        context.skip(error.message);
        return;
      }

      // Act
      const crd = crdOf(identity, published, text);
      const served = (crd.spec?.versions ?? []).filter((version) => version.served !== false).map((version) => version.name);
      const readme = readFileSync(join(repositoryRoot, identity.home, 'README.md'), 'utf8');

      // Assess
      expect(crd.spec?.names?.plural).toBe(identity.plural);
      expect(served.filter((version) => !identity.versions.includes(version)), `versions ${published.source} serves that ${identity.home}/identity.ts does not`).toEqual([]);
      // A version beyond the published CRD (one the project serves on its main branch) is explained in the README.
      const beyond = identity.versions.filter((version) => !served.includes(version));
      expect(beyond.filter((version) => !readme.includes(`\`${version}\``)), `versions served beyond ${published.source}, not named in ${identity.home}/README.md`).toEqual([]);
    });
  }
});
