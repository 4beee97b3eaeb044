// Adds a kind to one of the lists in lib/kinds/ (interpreters.ts, conversions.ts, admissions.ts): an import and an
// entry in the registry's array, which is rewritten one entry a line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KitError } from '../cases';

const listPattern = /(create\w*Registry\(\[)([\s\S]*?)(\]\))/;

export function withEntry(source: string, file: string, name: string, modulePath: string): string {
  if (new RegExp(`\\b${name}\\b`).test(source)) throw new KitError(`${file} already lists ${name}`);
  const list = listPattern.exec(source);
  if (list === null) throw new KitError(`${file}: cannot find the registry's list (create…Registry([ … ]))`);
  const entries = list[2]!.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const rewritten = `${list[1]}\n${[...entries, name].map((entry) => `  ${entry},`).join('\n')}\n${list[3]}`;
  const withList = source.slice(0, list.index) + rewritten + source.slice(list.index + list[0].length);
  const importLine = `import { ${name} } from '${modulePath}';`;
  const lastImport = [...withList.matchAll(/^import .*;$/gm)].at(-1);
  if (lastImport === undefined) throw new KitError(`${file}: no import to add ${name} after`);
  const end = lastImport.index + lastImport[0].length;
  return `${withList.slice(0, end)}\n${importLine}${withList.slice(end)}`;
}

/** Which reviews serve a new kind: every kind is interpreted; only a kind whose CRD we own is converted or admitted. */
export interface KindEntry {
  /** The folder under lib/kinds (`webapp`). */
  folder: string;
  /** The identity's name (`webApp`): the modules export `webAppInterpreter`, `webAppConversion`, `webAppAdmission`. */
  value: string;
  converted: boolean;
  admitted: boolean;
}

/**
 * Lists a kind whose folder is written: new-kind's one registration call (once lib/kinds' lists are generated from
 * the folders, this is `writeKindLists(root)`). Every edit is computed before a list is written, so a list that
 * cannot take the kind changes none. Returns the list files it changed, relative to `root`.
 */
export function registerKind(root: string, entry: KindEntry): string[] {
  const lists = [
    { file: 'interpreters.ts', name: `${entry.value}Interpreter`, module: 'interpreter' },
    ...(entry.converted ? [{ file: 'conversions.ts', name: `${entry.value}Conversion`, module: 'conversion' }] : []),
    ...(entry.admitted ? [{ file: 'admissions.ts', name: `${entry.value}Admission`, module: 'admission' }] : []),
  ];
  const edits = lists.map(({ file, name, module }) => {
    const path = join(root, 'lib/kinds', file);
    return { path: `lib/kinds/${file}`, text: withEntry(readFileSync(path, 'utf8'), `lib/kinds/${file}`, name, `./${entry.folder}/${module}`) };
  });
  for (const { path, text } of edits) writeFileSync(join(root, path), text);
  return edits.map(({ path }) => path);
}
