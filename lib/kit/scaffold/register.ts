// Adds a kind to one of the lists in lib/kinds/ (interpreters.ts, conversions.ts, admissions.ts): an import and an
// entry in the registry's array, which is rewritten one entry a line.
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
