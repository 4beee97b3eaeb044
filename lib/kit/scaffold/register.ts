// Adds a kind to one of the lists in lib/kinds/. conversions.ts and admissions.ts: an import of the kind's module and
// an entry in the registry's array, which is rewritten one entry a line (`withEntry`); interpreters.ts: the kind's
// identity and a loader of its interpreter's module (`withLazyInterpreter`, docs/adr/0012-kinds-at-start-up.md).
import type { KindIdentity } from '../../review/kind';
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

/** A TypeScript literal in the project's style (single-quoted strings). */
function literal(value: string | boolean | readonly string[]): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return `[${value.map(literal).join(', ')}]`;
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/**
 * Adds a kind to lib/kinds/interpreters.ts: its identity written out (the list imports nothing of the kind, so that
 * a cold start loads no module of it) and a loader of its interpreter's module, `interpreter` exported by
 * `./<folder>/interpreter` (docs/adr/0012-kinds-at-start-up.md).
 */
export function withLazyInterpreter(source: string, file: string, identity: KindIdentity, interpreter: string, folder: string): string {
  if (source.includes(`'${identity.home}'`) || source.includes(`'./${folder}/interpreter'`)) throw new KitError(`${file} already lists ${identity.home}`);
  const close = source.lastIndexOf('\n]);');
  if (close === -1) throw new KitError(`${file}: cannot find the end of the registry's list (a line \`]);\`)`);
  const fields = (['group', 'kind', 'plural', 'versions', 'storageVersion', 'home', 'ownCrd'] as const).map((field) => `    ${field}: ${literal(identity[field])},`);
  const entry = ['  {', ...fields, `    load: async () => (await import('./${folder}/interpreter')).${interpreter},`, '  },'].join('\n');
  return `${source.slice(0, close)}\n${entry}${source.slice(close)}`;
}
