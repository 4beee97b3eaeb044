// `npm run new-kind -- --crd <file> --owner us|project`: writes a new kind's folder under lib/kinds/ from its CRD
// manifest (identity, types from the schema, the reader, an interpreter skeleton with what the schema makes obvious,
// cases recorded from the skeleton) and lists it in lib/kinds/. A CRD we own also gets its crd.yaml, a conversion
// skeleton when it serves several versions (refused when their schemas differ, unless --converter copy) and an
// admission skeleton with --admission; a CRD that belongs to its project gets none of them: it is interpreted only.
// Nothing is written when anything is in the way. `--record <kind folder>` re-records a kind's expected outputs;
// `--update <kind folder> --crd <newer CRD>` regenerates its types.ts and prints the diff.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import type { AdmittedKind } from '../lib/admission/registry';
import type { ConvertibleKind } from '../lib/conversion/registry';
import type { ResourceInterpreter } from '../lib/interpreter/registry';
import type { KindIdentity } from '../lib/review/kind';
import { KitError } from '../lib/kit/cases';
import { repositoryRootOf } from '../lib/kit/kind-contract';
import { loaded } from '../lib/kit/modules';
import { describeRecording, interpreterOfFolder, recordCases } from '../lib/kit/record';
import { admissionCaseFile, conversionCaseFile, interpreterCaseFiles } from '../lib/kit/scaffold/cases';
import { readCrd, type CrdFacts } from '../lib/kit/scaffold/crd';
import { writeKindLists } from '../lib/kit/kind-lists';
import { describeDifferences, versionDifferences } from '../lib/kit/scaffold/schema-differences';
import { admissionSource, conversionSource, identitySource, interpreterSource, namesOf, readmeSource, schemaSource } from '../lib/kit/scaffold/sources';
import { crdSourceName, typesModule } from '../lib/kit/scaffold/types';
import { updatedTypes } from '../lib/kit/scaffold/update-types';
import { diffFigures } from '../lib/kit/unified-diff';
import { cannotRun, failureLine, isEntryPoint, parsedArguments, processIo, runCommand, stopped, UsageError, type Tool, type ToolIo } from './entry';

export const usage = `Usage: npm run new-kind -- --crd <crd.yaml> --owner us|project [--kind Kind] [--folder name] [--admission] [--converter copy]
       npm run new-kind -- --record lib/kinds/<folder> [--write]     (also: npm run record -- lib/kinds/<folder>)
       npm run new-kind -- --update lib/kinds/<folder> --crd <newer crd.yaml>|published

Writes lib/kinds/<folder>/ for the CRD's kind and lists it in lib/kinds/interpreters.ts (and, for a CRD we own,
conversions.ts when it serves several versions, admissions.ts with --admission):
  identity.ts       group, kind, plural, served and storage versions, whose CRD it is (ownCrd)
  types.ts          TypeScript types of spec and status, from the CRD's schema
  schema.ts         the one reader: object -> typed view, or a field error naming the field
  interpreter.ts    the operations the schema makes obvious (replicas where the scale subresource says, pod
                    template, status counts), every status it writes with each field the status schema requires
  conversion.ts     ours, several served versions: converters through the storage version, unchanged copies to start
  admission.ts      ours, --admission: defaulting and validation skeleton
  crd.yaml          ours: the CRD (webhook-config --objects crd prints it with its conversion webhook)
  testdata/<version>/*-test.yaml, conversion-cases.yaml, admission-cases.yaml: cases recorded from the skeleton

Then fill in what the schema could not say, correct the recorded cases, and run:
  npm run -s interpret -- --check lib/kinds/<folder>
  npm run typecheck && npm test

Options:
  --crd FILE         The CustomResourceDefinition manifest (YAML). Required.
  --owner us|project Whose CRD it is. us: this service owns it (its crd.yaml, conversion and admission are served
                     from here). project: its own project ships it (OpenKruise, Flux, Argo...): the kind is
                     interpreted only, and webhook-config never prints its CRD, conversion or admission.
                     Asked when stdin is a terminal; required otherwise.
  --kind KIND        Which CRD, when the file holds several (it names them when --kind is missing).
  --folder NAME      The folder under lib/kinds (default: the kind in lower case).
  --admission        Also write an admission (defaulting and validation) skeleton (ours only).
  --converter copy   Ours, several versions whose schemas differ: write the unchanged-copy converter anyway (it
                     says which fields differ; convert them before serving). Without it new-kind refuses.
  --record FOLDER    Re-record the expected output of every case under FOLDER/testdata from what the kind's
                     interpreter now answers: prints what would change per case (exit 1 if anything would, 0 if
                     not). Cases that expect an error are never touched.
  --write            With --record: write the new outputs into the case files.
  --update FOLDER    Regenerate FOLDER/types.ts from --crd (a newer CRD manifest; a bundle is searched for the
                     kind; published: the CRD FOLDER/identity.ts names) and print the unified diff from the
                     types.ts it replaces (one line when nothing changed). Notes on stderr name versions the CRD
                     serves differently from identity.ts.
  -h, --help         Show this help.
`;

export interface CliIo extends ToolIo {
  /** The repository to write into (tests use a scratch copy). */
  root?: string;
  /** Asks a question on the terminal and returns the answer; absent when stdin is not a terminal. */
  ask?: (question: string) => Promise<string>;
}

const owners = ['us', 'project'] as const;
type Owner = (typeof owners)[number];

const ownerRequired = '--owner is required when stdin is not a terminal: --owner us (this service owns the CRD: crd.yaml, conversion, admission) or --owner project (its project ships it: interpreted only)';

function ownerOf(value: string): Owner {
  if (!(owners as readonly string[]).includes(value)) throw new KitError(`--owner takes us or project, got ${JSON.stringify(value)}`);
  return value as Owner;
}

async function askedOwner(ask: (question: string) => Promise<string>, facts: CrdFacts): Promise<Owner> {
  const question = `Whose CRD is ${facts.plural}.${facts.group}? us: this service owns it (crd.yaml, conversion, admission); project: its project ships it (interpreted only). [us/project] `;
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = (await ask(question)).trim().toLowerCase();
    if ((owners as readonly string[]).includes(answer)) return answer as Owner;
  }
  throw new KitError('no answer us or project; pass --owner us or --owner project');
}

/** `--record FOLDER [--write]`: the changed outputs per case, written only with --write. */
async function record(folder: string, write: boolean, io: CliIo): Promise<number> {
  const home = resolve(folder);
  const interpreter = await interpreterOfFolder(home);
  const recording = await recordCases(home, interpreter);
  const changed = recording.files.reduce((count, file) => count + file.cases.length, 0);
  if (changed > 0) io.stdout(`${describeRecording(recording)}\n`);
  for (const problem of recording.problems) io.stderr(`new-kind: ${problem}\n`);
  const files = recording.files.map((file) => relative(home, file.path));
  if (write) for (const file of recording.files) writeFileSync(file.path, file.text);
  io.stdout(changed === 0
    ? `every case's output is what ${'family' in interpreter ? `the ${interpreter.family} family` : interpreter.kind}'s interpreter answers: nothing to record\n`
    : write
      ? `recorded ${changed} case(s) in ${files.join(', ')}\n`
      : `${changed} case(s) in ${files.join(', ')} would change; run again with --write to write them\n`);
  return recording.problems.length > 0 || (changed > 0 && !write) ? 1 : 0;
}

/** `--update FOLDER --crd FILE|published`: the kind's types.ts regenerated, the diff printed, the file written. */
async function update(folder: string, crd: string, root: string, io: CliIo): Promise<number> {
  const { file, source, before, after, diff, notes } = await updatedTypes(resolve(root, folder), crd, root);
  for (const note of notes) io.stderr(`new-kind: note: ${note}\n`);
  if (diff === '') {
    io.stdout(`${file} is current: ${source} declares the same types\n`);
    return 0;
  }
  writeFileSync(join(root, file), after);
  const { added, removed } = diffFigures(diff);
  io.stdout(`${diff}${before === '' ? 'wrote' : 'updated'} ${file} from ${source}: ${added} line(s) added, ${removed} removed; npm run typecheck shows what uses a changed type\n`);
  return 0;
}

export const tool: Tool = { name: 'new-kind', inputErrors: [KitError] };

async function imported<T>(file: string, name: string): Promise<T> {
  return ((await import(pathToFileURL(file).href)) as Record<string, T>)[name]!;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const root = io.root ?? repositoryRootOf(import.meta.url, 1);
  const written: string[] = [];
  try {
    const { values, positionals } = parsedArguments({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        crd: { type: 'string' },
        owner: { type: 'string' },
        kind: { type: 'string' },
        folder: { type: 'string' },
        admission: { type: 'boolean' },
        converter: { type: 'string' },
        record: { type: 'string' },
        write: { type: 'boolean' },
        update: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(usage);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}; every option takes the form --name value`);
    if (values.record !== undefined) {
      const others = (['crd', 'owner', 'kind', 'folder', 'admission', 'converter', 'update'] as const).filter((name) => values[name] !== undefined);
      if (others.length > 0) throw new KitError(`--record takes a kind's folder and --write only; drop --${others.join(', --')}`);
      return await record(values.record, values.write ?? false, io);
    }
    if (values.update !== undefined) {
      const others = (['owner', 'kind', 'folder', 'admission', 'converter', 'write'] as const).filter((name) => values[name] !== undefined);
      if (others.length > 0) throw new KitError(`--update takes a kind's folder and --crd only; drop --${others.join(', --')}`);
      if (values.crd === undefined) throw new UsageError('--update needs --crd: the newer CRD manifest, or published (the one identity.ts names)');
      return await update(values.update, values.crd, root, io);
    }
    if (values.write) throw new KitError('--write goes with --record');
    if (values.crd === undefined) throw new UsageError('--crd is required: the manifest of the CRD whose kind to add');
    if (values.owner === undefined && io.ask === undefined) throw new KitError(ownerRequired);
    if (values.converter !== undefined && values.converter !== 'copy') throw new KitError(`--converter takes copy, got ${JSON.stringify(values.converter)}`);
    const facts = readCrd(values.crd, values.kind);
    const names = namesOf(facts.kind, values.folder);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(names.folder)) throw new KitError(`--folder ${JSON.stringify(names.folder)}: use lower-case letters, digits and '-'`);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(facts.kind)) throw new KitError(`kind ${JSON.stringify(facts.kind)} is not a Kubernetes kind name (UpperCamelCase letters and digits); correct the CRD's spec.names.kind`);
    // The kinds, loaded here: one that does not load is this tool's one line, not a stack trace at start.
    const { kindFolders } = await loaded('the kinds (lib/kinds/)', () => import('../lib/kit/kinds'));
    const served = kindFolders().find((kind) => kind.identity.group === facts.group && kind.identity.kind === facts.kind);
    if (served !== undefined) throw new KitError(`${facts.kind}.${facts.group} is served already, by ${served.identity.home}; edit that folder instead`);
    const home = join(root, 'lib/kinds', names.folder);
    if (existsSync(home)) throw new KitError(`lib/kinds/${names.folder} exists already; choose another --folder`);
    const owner = values.owner !== undefined ? ownerOf(values.owner) : await askedOwner(io.ask!, facts);
    const ownCrd = owner === 'us';
    if (!ownCrd) {
      // Another project's CRD: converting or admitting its objects here would take that over from its project.
      const refused = [...(values.admission ? ['--admission'] : []), ...(values.converter !== undefined ? ['--converter'] : [])];
      if (refused.length > 0) throw new KitError(`${refused.join(' and ')}: ${facts.kind}'s CRD belongs to its project, so it is interpreted only; drop ${refused.join(' and ')}`);
    }
    const converted = ownCrd && facts.versions.length > 1;
    const admitted = ownCrd && values.admission === true;
    const differences = converted ? versionDifferences(facts) : [];
    if (differences.length > 0 && values.converter !== 'copy') {
      throw new KitError(`${facts.kind}'s versions differ, so a converter that copies objects unchanged would lose or break fields: ${describeDifferences(differences)}; pass --converter copy to start from copies and convert these in conversion.ts`);
    }

    const write = (path: string, text: string) => {
      const full = join(home, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      written.push(relative(root, full));
    };
    write('identity.ts', identitySource(facts, names, ownCrd));
    write('README.md', readmeSource(facts, names, ownCrd));
    write('types.ts', typesModule(facts.kind, facts.schema, crdSourceName(values.crd, root), `lib/kinds/${names.folder}`));
    write('schema.ts', schemaSource(facts, names));
    write('interpreter.ts', interpreterSource(facts, names));
    if (converted) write('conversion.ts', conversionSource(facts, names, differences));
    if (admitted) write('admission.ts', admissionSource(facts, names));
    if (ownCrd) write('crd.yaml', `# ${facts.kind}'s CRD, copied by \`npm run new-kind\`; the one source of its schema in this repository.\n${stringify(facts.manifest, { lineWidth: 0 })}`);

    const interpreter = await imported<ResourceInterpreter>(join(home, 'interpreter.ts'), `${names.value}Interpreter`);
    for (const { path, text } of interpreterCaseFiles(facts, interpreter)) write(path, text);
    if (converted) write('conversion-cases.yaml', conversionCaseFile(facts, await imported<ConvertibleKind>(join(home, 'conversion.ts'), `${names.value}Conversion`)));
    if (admitted) write('admission-cases.yaml', admissionCaseFile(facts, await imported<AdmittedKind>(join(home, 'admission.ts'), `${names.value}Admission`)));
    // The lists in lib/kinds/ are generated from the folders: from here on they name the kind.
    const { changed: lists, problems } = await writeKindLists(root);
    for (const problem of problems) io.stderr(`new-kind: ${problem}\n`);
    if (differences.length > 0) {
      io.stderr(`new-kind: warning: conversion.ts copies objects unchanged although ${facts.kind}'s versions differ (${describeDifferences(differences)}): convert these in lib/kinds/${names.folder}/conversion.ts before it serves objects\n`);
    }

    io.stdout(`${[
      `wrote lib/kinds/${names.folder}/:`,
      ...written.map((file) => `  ${relative(`lib/kinds/${names.folder}`, file)}`),
      `listed ${facts.kind} in ${lists.filter((file) => file !== 'README.md').join(', ')}${lists.includes('README.md') ? " and README.md's table of kinds" : ''}`,
      ...(ownCrd ? [] : [`${facts.kind}'s CRD belongs to its project: interpreted only (no crd.yaml, conversion or admission; webhook-config prints its interpreter webhooks only)`]),
      `operations the schema made obvious: ${Object.keys(interpreter.operations).join(', ') || 'none (write them in interpreter.ts)'}`,
      'next: fill in interpreter.ts (Retain, InterpretHealth) and the rest, correct the recorded cases, then',
      `  npm run -s interpret -- --check lib/kinds/${names.folder}`,
      '  npm run typecheck && npm test',
    ].join('\n')}\n`);
    return 0;
  } catch (error) {
    // Nothing is written before every input is checked: only a bug stops it halfway, and then it says what to remove.
    if (written.length === 0) return stopped(tool, error, io);
    io.stderr(`${failureLine(tool, error)}; it stopped after writing ${written.join(', ')}: remove lib/kinds/${written[0]!.split('/')[2]} before trying again\n`);
    return cannotRun;
  }
}

/** Asks on the terminal (the prompt on stderr: stdout is the report). */
async function terminalAsk(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

if (isEntryPoint(import.meta.url)) await runCommand(tool, main, { ...processIo(), ...(process.stdin.isTTY ? { ask: terminalAsk } : {}) });
