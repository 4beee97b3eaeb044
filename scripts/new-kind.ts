// `npm run new-kind -- --crd <file>`: writes a new kind's folder under lib/kinds/ from its CRD manifest (identity,
// types from the schema, the reader, an interpreter skeleton with what the schema makes obvious, a conversion
// skeleton when it serves several versions, an admission skeleton with --admission, the CRD, cases recorded from
// the skeleton) and adds it to the lists in lib/kinds/. Nothing is written when anything is in the way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import type { AdmittedKind } from '../lib/admission/registry';
import type { ConvertibleKind } from '../lib/conversion/registry';
import type { ResourceInterpreter } from '../lib/interpreter/registry';
import type { KindIdentity } from '../lib/review/kind';
import { KitError } from '../lib/kit/cases';
import { kindFolders, repositoryRoot } from '../lib/kit/kinds';
import { admissionCaseFile, conversionCaseFile, interpreterCaseFiles } from '../lib/kit/scaffold/cases';
import { readCrd } from '../lib/kit/scaffold/crd';
import { withEntry, withLazyInterpreter } from '../lib/kit/scaffold/register';
import { admissionSource, conversionSource, identitySource, interpreterSource, namesOf, schemaSource } from '../lib/kit/scaffold/sources';
import { typesModule } from '../lib/kit/scaffold/types';
import { isEntryPoint } from './entry';

export const usage = `Usage: npm run new-kind -- --crd <crd.yaml> [--kind Kind] [--folder name] [--admission]

Writes lib/kinds/<folder>/ for the CRD's kind and lists it in lib/kinds/interpreters.ts (and conversions.ts
when the CRD serves several versions, admissions.ts with --admission):
  identity.ts       group, kind, plural, served and storage versions
  types.ts          TypeScript types of spec and status, from the CRD's schema
  schema.ts         the one reader: object -> typed view, or a field error naming the field
  interpreter.ts    the operations the schema makes obvious (replicas, pod template, status counts)
  conversion.ts     several served versions: converters through the storage version, unchanged copies to start
  admission.ts      --admission: defaulting and validation skeleton
  crd.yaml          the CRD (webhook-config --objects crd prints it with its conversion webhook)
  testdata/<version>/*-test.yaml, conversion-cases.yaml, admission-cases.yaml: cases recorded from the skeleton

Then fill in what the schema could not say, correct the recorded cases, and run:
  npm run -s interpret -- --check lib/kinds/<folder>
  npm run typecheck && npm test

Options:
  --crd FILE     The CustomResourceDefinition manifest (YAML). Required.
  --kind KIND    Which CRD, when the file holds several.
  --folder NAME  The folder under lib/kinds (default: the kind in lower case).
  --admission    Also write an admission (defaulting and validation) skeleton.
  -h, --help     Show this help.
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The repository to write into (tests use a scratch copy). */
  root?: string;
}

async function imported<T>(file: string, name: string): Promise<T> {
  return ((await import(pathToFileURL(file).href)) as Record<string, T>)[name]!;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const root = io.root ?? repositoryRoot;
  const written: string[] = [];
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { crd: { type: 'string' }, kind: { type: 'string' }, folder: { type: 'string' }, admission: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(usage);
      return 0;
    }
    if (positionals.length > 0) throw new KitError(`unexpected argument ${JSON.stringify(positionals[0])}; every option takes the form --name value`);
    if (values.crd === undefined) throw new KitError('--crd is required');
    const facts = readCrd(values.crd, values.kind);
    const names = namesOf(facts.kind, values.folder);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(names.folder)) throw new KitError(`--folder ${JSON.stringify(names.folder)}: use lower-case letters, digits and '-'`);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(facts.kind)) throw new KitError(`kind ${JSON.stringify(facts.kind)} is not a Kubernetes kind name`);
    const served = kindFolders().find((kind) => kind.identity.group === facts.group && kind.identity.kind === facts.kind);
    if (served !== undefined) throw new KitError(`${facts.kind}.${facts.group} is served already, by ${served.identity.home}`);
    const home = join(root, 'lib/kinds', names.folder);
    if (existsSync(home)) throw new KitError(`lib/kinds/${names.folder} exists already; choose another --folder`);
    const converted = facts.versions.length > 1;
    const lists = [
      { file: 'interpreters.ts', name: `${names.value}Interpreter`, module: 'interpreter' },
      ...(converted ? [{ file: 'conversions.ts', name: `${names.value}Conversion`, module: 'conversion' }] : []),
      ...(values.admission ? [{ file: 'admissions.ts', name: `${names.value}Admission`, module: 'admission' }] : []),
    ];
    // What identity.ts declares (identitySource): interpreters.ts lists the kind by it.
    const identity: KindIdentity = { group: facts.group, kind: facts.kind, plural: facts.plural, versions: facts.versions, storageVersion: facts.storageVersion, home: `lib/kinds/${names.folder}`, ownCrd: true };
    // Every list edit is computed before anything is written, so a list that cannot take the kind stops it all.
    const listEdits = lists.map(({ file, name, module }) => {
      const path = join(root, 'lib/kinds', file);
      const source = readFileSync(path, 'utf8');
      const text = file === 'interpreters.ts' ? withLazyInterpreter(source, `lib/kinds/${file}`, identity, name, names.folder) : withEntry(source, `lib/kinds/${file}`, name, `./${names.folder}/${module}`);
      return { path, text };
    });

    const write = (path: string, text: string) => {
      const full = join(home, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      written.push(relative(root, full));
    };
    write('identity.ts', identitySource(facts, names));
    write('types.ts', typesModule(facts.kind, facts.schema, relative(root, values.crd) || values.crd));
    write('schema.ts', schemaSource(facts, names));
    write('interpreter.ts', interpreterSource(facts, names));
    if (converted) write('conversion.ts', conversionSource(facts, names));
    if (values.admission) write('admission.ts', admissionSource(facts, names));
    write('crd.yaml', `# ${facts.kind}'s CRD, copied by \`npm run new-kind\`; the one source of its schema in this repository.\n${stringify(facts.manifest, { lineWidth: 0 })}`);

    const interpreter = await imported<ResourceInterpreter>(join(home, 'interpreter.ts'), `${names.value}Interpreter`);
    for (const { path, text } of interpreterCaseFiles(facts, interpreter)) write(path, text);
    if (converted) write('conversion-cases.yaml', conversionCaseFile(facts, await imported<ConvertibleKind>(join(home, 'conversion.ts'), `${names.value}Conversion`)));
    if (values.admission) write('admission-cases.yaml', admissionCaseFile(facts, await imported<AdmittedKind>(join(home, 'admission.ts'), `${names.value}Admission`)));
    for (const { path, text } of listEdits) writeFileSync(path, text);

    io.stdout(`${[
      `wrote lib/kinds/${names.folder}/:`,
      ...written.map((file) => `  ${relative(`lib/kinds/${names.folder}`, file)}`),
      `listed ${facts.kind} in ${lists.map(({ file }) => `lib/kinds/${file}`).join(', ')}`,
      `operations the schema made obvious: ${Object.keys(interpreter.operations).join(', ') || 'none (write them in interpreter.ts)'}`,
      'next: fill in interpreter.ts (Retain, InterpretHealth) and the rest, correct the recorded cases, then',
      `  npm run -s interpret -- --check lib/kinds/${names.folder}`,
      '  npm run typecheck && npm test',
    ].join('\n')}\n`);
    return 0;
  } catch (error) {
    const known = error instanceof KitError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    io.stderr(`new-kind: ${known ? (error as Error).message : `unexpected error: ${(error as Error).message}`}\n`);
    if (written.length > 0) io.stderr(`new-kind: stopped after writing ${written.join(', ')}; remove lib/kinds/${written[0]!.split('/')[2]} before trying again\n`);
    return known ? 2 : 1;
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
