// The lists of kinds (lib/kinds/interpreters.ts, conversions.ts, admissions.ts), generated from the kind folders, and
// the check that folders, lists and identities agree: one line a problem, naming the folder or file to fix.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { FamilyIdentity, KindIdentity } from '../review/kind';
import { caseFiles, readCases } from './cases';
import { readAdmissionFigures } from './admission-figures';
import { catalogueEnd, catalogueStart, catalogueTable, withCatalogue } from './kind-catalogue';
import { catalogueCounts, catalogueCountsFile, catalogueCountsText, pinnedKarmadaRelease } from './karmada-catalogue';
import { folderFiles, kindsFolder, listFiles, type ListName } from './kind-contract';

/** What one folder under lib/kinds/ declares, as read by importing its modules. */
export interface FoundKind {
  /** The folder's name (`workload`). */
  folder: string;
  identity?: KindIdentity;
  /** A family folder's identity (then `identity` is absent): its examples are the kinds it lists. */
  family?: FamilyIdentity;
  /** Export names of the folder's registry entries, by list; absent where the folder has no such module. */
  exports: Partial<Record<ListName, string>>;
  /** The operations its interpreter answers, in its own order (the README's catalogue lists them). */
  operations?: string[];
}

export interface FoundKinds {
  kinds: FoundKind[];
  /** Everything that breaks the folder contract, one line each. */
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isIdentity(value: unknown): value is KindIdentity {
  return isObject(value) && typeof value.group === 'string' && typeof value.kind === 'string' && typeof value.home === 'string' && Array.isArray(value.versions);
}

function isFamilyIdentity(value: unknown): value is FamilyIdentity {
  return isObject(value) && typeof value.family === 'string' && typeof value.home === 'string' && Array.isArray(value.groups) && Array.isArray(value.examples);
}

/** The kinds a folder lists: its kind, or a family folder's examples. */
export function identitiesOf(found: { identity?: KindIdentity; family?: FamilyIdentity }): readonly KindIdentity[] {
  return found.identity !== undefined ? [found.identity] : (found.family?.examples ?? []);
}

/** How each list's registry entry looks, so the generator finds it among a module's exports by its shape. */
const entryShapes: Readonly<Record<ListName, (value: unknown) => boolean>> = {
  interpreters: (value) => (isIdentity(value) || isFamilyIdentity(value)) && isObject((value as unknown as Record<string, unknown>).operations),
  conversions: (value) => isIdentity(value) && isObject((value as unknown as Record<string, unknown>).spokes),
  admissions: (value) => isIdentity(value) && typeof (value as unknown as Record<string, unknown>).validate === 'function',
};

const moduleOf: Readonly<Record<ListName, string>> = {
  interpreters: folderFiles.interpreter,
  conversions: folderFiles.conversion,
  admissions: folderFiles.admission,
};

async function exportsOf(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** The folders under lib/kinds/, sorted by name (files there are the lists themselves). */
export function kindFolderNames(root: string): string[] {
  return readdirSync(join(root, kindsFolder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** What a folder's files say about its identity: the contract's rules that need no import. */
function fileProblems(root: string, folder: string, identity: KindIdentity): string[] {
  const home = `${kindsFolder}/${folder}`;
  const dir = join(root, home);
  const problems: string[] = [];
  if (identity.home !== home) problems.push(`${home}/identity.ts: home is ${JSON.stringify(identity.home)}, the folder is ${home}`);
  if (!identity.versions.includes(identity.storageVersion)) problems.push(`${home}/identity.ts: storageVersion ${identity.storageVersion} is not one of its versions (${identity.versions.join(', ')})`);
  if (!existsSync(join(dir, folderFiles.readme))) problems.push(`${home}: no ${folderFiles.readme} (where the kind's semantics come from, and every departure from Karmada's built-in)`);
  if (!identity.ownCrd) {
    for (const file of [folderFiles.crd, folderFiles.conversion, folderFiles.admission, folderFiles.conversionCases, folderFiles.admissionCases]) {
      if (existsSync(join(dir, file))) problems.push(`${home}/${file}: ${identity.kind}'s CRD belongs to its project (ownCrd: false), so the folder holds no ${file}`);
    }
  }
  const crdFile = join(dir, folderFiles.crd);
  if (identity.ownCrd && existsSync(crdFile)) {
    const crd = parse(readFileSync(crdFile, 'utf8')) as { spec?: { group?: string; names?: { kind?: string; plural?: string }; versions?: { name?: string; served?: boolean; storage?: boolean }[] } } | null;
    const spec = crd?.spec;
    const served = (spec?.versions ?? []).filter((v) => v.served).map((v) => v.name ?? '');
    const storage = (spec?.versions ?? []).find((v) => v.storage)?.name;
    if (spec?.group !== identity.group || spec.names?.kind !== identity.kind || spec.names.plural !== identity.plural) {
      problems.push(`${home}/crd.yaml: names ${spec?.names?.kind}.${spec?.group} (plural ${spec?.names?.plural}), identity.ts says ${identity.kind}.${identity.group} (plural ${identity.plural})`);
    }
    if (!sameList(served, identity.versions)) problems.push(`${home}/crd.yaml: serves ${served.join(', ')}, identity.ts says ${identity.versions.join(', ')}`);
    if (storage !== identity.storageVersion) problems.push(`${home}/crd.yaml: stores ${storage}, identity.ts says ${identity.storageVersion}`);
  }
  const testdata = join(dir, folderFiles.testdata);
  if (existsSync(testdata)) {
    for (const version of readdirSync(testdata).sort()) {
      if (!identity.versions.includes(version)) {
        problems.push(`${home}/testdata/${version}: not a version ${identity.kind} serves (${identity.versions.join(', ')}); cases go under testdata/<version>/`);
        continue;
      }
      const apiVersion = identity.group === '' ? version : `${identity.group}/${version}`;
      for (const file of caseFiles(join(testdata, version))) {
        const shown = `${home}/testdata/${version}/${basename(file)}`;
        let cases;
        try {
          cases = readCases(file, shown);
        } catch (error) {
          problems.push((error as Error).message);
          continue;
        }
        // An object of another kind or version in a case is a case filed in the wrong folder.
        const stray = cases.flatMap((c) => [c.desiredObj, c.observedObj]).find((object) => object !== undefined && (object.apiVersion !== apiVersion || object.kind !== identity.kind));
        if (stray !== undefined) problems.push(`${shown}: holds a ${String(stray.kind)} of ${String(stray.apiVersion)}, the folder is for ${identity.kind} of ${apiVersion}`);
      }
    }
  }
  return problems;
}

/**
 * What a family folder's files say: a README; examples of its own groups, each at home here, each with the family's
 * name; no CRD of ours; cases under testdata/<version>/ of an example serving that version.
 */
function familyProblems(root: string, folder: string, family: FamilyIdentity): string[] {
  const home = `${kindsFolder}/${folder}`;
  const dir = join(root, home);
  const problems: string[] = [];
  if (family.home !== home) problems.push(`${home}/identity.ts: home is ${JSON.stringify(family.home)}, the folder is ${home}`);
  if (!existsSync(join(dir, folderFiles.readme))) problems.push(`${home}: no ${folderFiles.readme} (where the family's semantics come from, and every departure)`);
  if (family.groups.length === 0) problems.push(`${home}/identity.ts: the ${family.family} family serves no group`);
  for (const pattern of family.groups) {
    if (!/^(\*\.)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(pattern) || !pattern.includes('.')) problems.push(`${home}/identity.ts: group ${JSON.stringify(pattern)} is neither a group (x.y) nor a suffix pattern (*.x.y)`);
  }
  for (const file of [folderFiles.crd, folderFiles.conversion, folderFiles.admission, folderFiles.conversionCases, folderFiles.admissionCases]) {
    if (existsSync(join(dir, file))) problems.push(`${home}/${file}: a family folder's CRDs belong to their projects, so the folder holds no ${file}`);
  }
  if (family.examples.length === 0) problems.push(`${home}/identity.ts: the ${family.family} family lists no example kind (the tests run on its examples)`);
  for (const example of family.examples) {
    const name = `${example.kind}.${example.group}`;
    if (example.home !== home) problems.push(`${home}/identity.ts: example ${name} has home ${JSON.stringify(example.home)}, the folder is ${home}`);
    if (example.family !== family.family) problems.push(`${home}/identity.ts: example ${name} must say family: ${JSON.stringify(family.family)}`);
    if (example.ownCrd) problems.push(`${home}/identity.ts: example ${name} says ownCrd, a family's CRDs are their projects'`);
    if (!example.versions.includes(example.storageVersion)) problems.push(`${home}/identity.ts: example ${name}: storageVersion ${example.storageVersion} is not one of its versions`);
    if (!family.groups.some((pattern) => (pattern.startsWith('*.') ? example.group.endsWith(pattern.slice(1)) : example.group === pattern))) problems.push(`${home}/identity.ts: example ${name} is not of the family's groups (${family.groups.join(', ')})`);
  }
  const testdata = join(dir, folderFiles.testdata);
  if (existsSync(testdata)) {
    for (const version of readdirSync(testdata).sort()) {
      const ofVersion = family.examples.filter((example) => example.versions.includes(version));
      if (ofVersion.length === 0) {
        problems.push(`${home}/testdata/${version}: no example of the ${family.family} family serves ${version}; cases go under testdata/<version>/`);
        continue;
      }
      for (const file of caseFiles(join(testdata, version))) {
        const shown = `${home}/testdata/${version}/${basename(file)}`;
        let cases;
        try {
          cases = readCases(file, shown);
        } catch (error) {
          problems.push((error as Error).message);
          continue;
        }
        const allowed = ofVersion.map((example) => `${example.group}/${version} ${example.kind}`);
        const stray = cases.flatMap((c) => [c.desiredObj, c.observedObj]).find((object) => object !== undefined && !allowed.includes(`${String(object.apiVersion)} ${String(object.kind)}`));
        if (stray !== undefined) problems.push(`${shown}: holds a ${String(stray.kind)} of ${String(stray.apiVersion)}, the folder's ${version} examples are ${allowed.join(', ')}`);
      }
    }
  }
  return problems;
}

/** Reads every folder under lib/kinds/ by importing its identity and registry modules, and checks the contract. */
export async function findKinds(root: string): Promise<FoundKinds> {
  const kinds: FoundKind[] = [];
  const problems: string[] = [];
  for (const folder of kindFolderNames(root)) {
    const dir = join(root, kindsFolder, folder);
    const home = `${kindsFolder}/${folder}`;
    const found: FoundKind = { folder, exports: {} };
    kinds.push(found);
    const identityFile = join(dir, folderFiles.identity);
    if (!existsSync(identityFile)) {
      problems.push(`${home}: no identity.ts (every kind folder declares its group, kind, plural, versions and home there)`);
      continue;
    }
    const identityExports = Object.values(await exportsOf(identityFile));
    const families = identityExports.filter(isFamilyIdentity);
    if (families.length === 1 && !identityExports.some(isIdentity)) {
      const family = families[0]!;
      found.family = family;
      problems.push(...familyProblems(root, folder, family));
      const file = join(dir, moduleOf.interpreters);
      const entries = existsSync(file) ? Object.entries(await exportsOf(file)).filter(([, value]) => isFamilyIdentity(value) && entryShapes.interpreters(value)) : [];
      if (entries.length !== 1) {
        problems.push(`${home}/${moduleOf.interpreters}: exports ${entries.length} family interpreters, the contract is exactly one`);
        continue;
      }
      const [name, entry] = entries[0]!;
      if ((entry as FamilyIdentity).family !== family.family || (entry as FamilyIdentity).home !== family.home) {
        problems.push(`${home}/${moduleOf.interpreters}: ${name} is the ${(entry as FamilyIdentity).family} family at ${(entry as FamilyIdentity).home}, identity.ts says ${family.family} at ${family.home}`);
        continue;
      }
      found.exports.interpreters = name;
      found.operations = Object.keys((entry as unknown as { operations: object }).operations);
      continue;
    }
    const identities = identityExports.filter(isIdentity);
    if (identities.length !== 1) {
      problems.push(`${home}/identity.ts: exports ${identities.length} kind identities, the contract is exactly one`);
      continue;
    }
    const identity = identities[0]!;
    found.identity = identity;
    problems.push(...fileProblems(root, folder, identity));
    for (const list of Object.keys(moduleOf) as ListName[]) {
      const file = join(dir, moduleOf[list]);
      if (!existsSync(file)) continue;
      const entries = Object.entries(await exportsOf(file)).filter(([, value]) => entryShapes[list](value));
      if (entries.length !== 1) {
        problems.push(`${home}/${moduleOf[list]}: exports ${entries.length} ${list.slice(0, -1)} entries, the contract is exactly one`);
        continue;
      }
      const [name, entry] = entries[0]!;
      const { group, kind, home: entryHome } = entry as KindIdentity;
      if (group !== identity.group || kind !== identity.kind || entryHome !== identity.home) {
        problems.push(`${home}/${moduleOf[list]}: ${name} is ${kind}.${group} at ${entryHome}, identity.ts says ${identity.kind}.${identity.group} at ${identity.home}`);
        continue;
      }
      found.exports[list] = name;
      if (list === 'interpreters') found.operations = Object.keys((entry as unknown as { operations: object }).operations);
    }
    if (found.exports.interpreters === undefined) problems.push(`${home}: no interpreter.ts exporting an interpreter (every kind is interpreted)`);
  }
  return { kinds, problems };
}

const listHeads: Readonly<Record<ListName, { what: string; factory: string; from: string; name: string }>> = {
  interpreters: { what: 'interprets', factory: 'createInterpreterRegistry', from: '../interpreter/registry', name: 'interpreterRegistry' },
  conversions: { what: 'converts between versions', factory: 'createConversionRegistry', from: '../conversion/registry', name: 'conversionRegistry' },
  admissions: { what: 'admits (defaults and validates)', factory: 'createAdmissionRegistry', from: '../admission/registry', name: 'admissionRegistry' },
};

const literal = (value: unknown): string => (typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value));

/**
 * An interpreted kind's entry: its identity written out and a loader of its interpreter's module (a literal import
 * path, so esbuild splits the kind into a chunk loaded the first time a request names it; importing identity.ts here
 * would put every kind's identity module in every cold start: docs/adr/0013-kinds-at-start-up.md).
 */
function lazyEntry(kind: FoundKind): string {
  return entryText([...identityFields(kind.identity!), loaderField(kind)]);
}

/** An identity written out, field by field, as the list's entries hold it. */
function identityFields(identity: KindIdentity): string[] {
  return [
    `group: ${literal(identity.group)}`,
    `kind: ${literal(identity.kind)}`,
    `plural: ${literal(identity.plural)}`,
    `versions: [${identity.versions.map(literal).join(', ')}]`,
    `storageVersion: ${literal(identity.storageVersion)}`,
    `home: ${literal(identity.home)}`,
    `ownCrd: ${identity.ownCrd}`,
  ];
}

/** The loader of a folder's interpreter module (a literal path, so that esbuild splits it into a chunk). */
function loaderField(kind: FoundKind): string {
  return `load: async () => (await import('./${kind.folder}/${moduleOf.interpreters.replace(/\.ts$/, '')}')).${kind.exports.interpreters}`;
}

function entryText(fields: readonly string[]): string {
  return `  {\n${fields.map((field) => `    ${field},`).join('\n')}\n  },`;
}

/** A family folder's example kinds, each loading the family's interpreter (the registry binds it to the kind). */
function exampleEntries(kind: FoundKind): string[] {
  return kind.family!.examples.map((example) => entryText([...identityFields(example), `family: ${literal(example.family)}`, loaderField(kind)]));
}

/** A family folder's entry: its groups and the loader of its interpreter. */
function familyEntry(kind: FoundKind): string {
  const family = kind.family!;
  return entryText([`family: ${literal(family.family)}`, `home: ${literal(family.home)}`, 'ownCrd: false', `groups: [${family.groups.map(literal).join(', ')}]`, loaderField(kind)]);
}

/** The source of one list file, from the folders, in folder order. */
export function listSource(list: ListName, kinds: readonly FoundKind[]): string {
  const head = listHeads[list];
  const listed = kinds.filter((kind) => kind.exports[list] !== undefined && kind.identity !== undefined);
  if (list === 'interpreters') {
    const families = kinds.filter((kind) => kind.exports.interpreters !== undefined && kind.family !== undefined);
    const entries = [...listed.map(lazyEntry), ...families.flatMap(exampleEntries)];
    const familyList = families.length === 0 ? '' : `, [\n${families.map(familyEntry).join('\n')}\n]`;
    return [
      '// Every kind this service interprets, one entry a kind: its identity (as its identity.ts declares it) and its',
      "// interpreter's module, which a function loads the first time a request names the kind. Generated from the",
      '// folders under lib/kinds/ by `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails',
      '// when it is not current, and loading a kind checks that its interpreter is the identity written here. A family',
      "// folder's example kinds follow the kinds, and the families themselves (every kind of their groups) come last.",
      `import { ${head.factory} } from '${head.from}';`,
      '',
      `export const ${head.name} = ${head.factory}([${entries.length === 0 ? '' : `\n${entries.join('\n')}\n`}]${familyList});`,
      '',
    ].join('\n');
  }
  const entries = listed.map((kind) => ({ name: kind.exports[list]!, from: `./${kind.folder}/${moduleOf[list].replace(/\.ts$/, '')}` }));
  return [
    `// Every kind this service ${head.what}, one line a kind. Generated from the folders under lib/kinds/ by`,
    '// `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails when it is not current.',
    `import { ${head.factory} } from '${head.from}';`,
    ...entries.map((entry) => `import { ${entry.name} } from '${entry.from}';`),
    '',
    `export const ${head.name} = ${head.factory}([${entries.length === 0 ? '' : `\n${entries.map((entry) => `  ${entry.name},`).join('\n')}\n`}]);`,
    '',
  ].join('\n');
}

/** The kinds a list file names today (an import, or a loader's import): what the check compares with the folders. */
function listedNames(source: string): string[] {
  const imports = [...source.matchAll(/^import \{ (\w+) \} from '\.\/([^/']+)\//gm)].map((match) => `${match[1]} (${match[2]})`);
  const loaders = [...source.matchAll(/import\('\.\/([^/']+)\/[^']+'\)\)\.(\w+)/g)].map((match) => `${match[2]} (${match[1]})`);
  return [...imports, ...loaders];
}

/** The list files as the folders say they should be, with one line per disagreement with the files as they are. */
export async function kindLists(root: string): Promise<{ sources: Record<ListName, string>; stale: string[]; problems: string[]; readme?: string; counts?: string }> {
  const { kinds, problems } = await findKinds(root);
  const sources = {} as Record<ListName, string>;
  const stale: string[] = [];
  for (const list of Object.keys(listHeads) as ListName[]) {
    const source = listSource(list, kinds);
    sources[list] = source;
    const file = `${kindsFolder}/${listFiles[list]}`;
    const current = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '';
    if (current === source) continue;
    const want = listedNames(source);
    const have = listedNames(current);
    const missing = want.filter((name) => !have.includes(name));
    const extra = have.filter((name) => !want.includes(name));
    for (const name of missing) stale.push(`${file} does not list ${name}: run npm run kinds`);
    for (const name of extra) stale.push(`${file} lists ${name}, which no folder declares: run npm run kinds`);
    if (missing.length === 0 && extra.length === 0) stale.push(`${file} is not as generated: run npm run kinds`);
  }
  const readme = readmeWithCatalogue(root, kinds);
  if (readme.problem !== undefined) problems.push(readme.problem);
  if (readme.stale) stale.push(`README.md: its table of kinds is not as generated: run npm run kinds`);
  if (readme.countsStale) stale.push(`${catalogueCountsFile}: not Karmada ${pinnedKarmadaRelease(root) ?? ''}'s catalogue as counted from its module: run npm run kinds (Go's module cache must hold that release)`);
  return {
    sources,
    stale,
    problems,
    ...(readme.text === undefined ? {} : { readme: readme.text }),
    ...(readme.counts === undefined ? {} : { counts: readme.counts }),
  };
}

/**
 * The README with the table of kinds as the folders say (text), whether that differs from the file (stale); with the
 * counts of Karmada's catalogue as counted from its module (`counts`, when Go's module cache has the pinned release,
 * `countsStale` when the checked file differs), else as the checked file holds them.
 */
function readmeWithCatalogue(root: string, kinds: readonly FoundKind[]): { text?: string; stale: boolean; problem?: string; counts?: string; countsStale?: boolean } {
  const path = join(root, 'README.md');
  if (!existsSync(path)) return { stale: false };
  const current = readFileSync(path, 'utf8');
  const { counts, counted } = catalogueCounts(root);
  const countsPath = join(root, catalogueCountsFile);
  const countsText = counted && counts !== undefined ? catalogueCountsText(counts) : undefined;
  const pinned = pinnedKarmadaRelease(root);
  // Without the module, the checked counts stand, if they are of the release the harness pins.
  const countsStale =
    countsText !== undefined ? !existsSync(countsPath) || readFileSync(countsPath, 'utf8') !== countsText : pinned !== undefined && counts?.release !== pinned;
  const text = withCatalogue(current, catalogueTable(kinds, counts, readAdmissionFigures(root)));
  if (text === undefined) return { stale: false, problem: `README.md: no table of kinds (a line ${catalogueStart}, the table, then ${catalogueEnd})` };
  return { text, stale: text !== current, countsStale, ...(countsText === undefined ? {} : { counts: countsText }) };
}

/** Rewrites the list files from the folders; returns the files it changed (relative to root). */
export async function writeKindLists(root: string): Promise<{ changed: string[]; problems: string[] }> {
  const { sources, problems, readme, counts } = await kindLists(root);
  const changed: string[] = [];
  const countsPath = join(root, catalogueCountsFile);
  if (counts !== undefined && (!existsSync(countsPath) || readFileSync(countsPath, 'utf8') !== counts)) {
    writeFileSync(countsPath, counts);
    changed.push(catalogueCountsFile);
  }
  if (readme !== undefined && readFileSync(join(root, 'README.md'), 'utf8') !== readme) {
    writeFileSync(join(root, 'README.md'), readme);
    changed.push('README.md');
  }
  for (const list of Object.keys(sources) as ListName[]) {
    const file = `${kindsFolder}/${listFiles[list]}`;
    const path = join(root, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === sources[list]) continue;
    writeFileSync(path, sources[list]);
    changed.push(file);
  }
  return { changed, problems };
}
