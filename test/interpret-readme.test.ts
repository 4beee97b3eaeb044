// The README's "Add a resource kind" walkthrough, performed from its text in a scratch copy of the project:
// the module and cases it shows compile, pass `interpret --check`, and reach the webhook configuration.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Add a resource kind'), readme.indexOf('\n## ', readme.indexOf('## Add a resource kind') + 1));

/** Fenced blocks whose info string names a file: ```ts lib/interpreters/webapp.ts */
const files = [...section.matchAll(/^```(?:ts|yaml) (\S+)\n([\s\S]*?)^```$/gm)].map(([, path, text]) => ({ path: path!, text: text! }));
const registration = /^```ts\n(import \{ (\w+) \} from '\.\/(\w+)';)\n[^\n]*\[[^\]]*\b\2\b[^\]]*\];\n```$/m.exec(section);

const scratch = mkdtempSync(join(tmpdir(), 'readme-walkthrough-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function inScratch(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: scratch, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('README: Add a resource kind', () => {
  it('shows a module, its registration and its case files', () => {
    expect(files.map((f) => f.path)).toContain('lib/interpreters/webapp.ts');
    expect(files.filter((f) => f.path.endsWith('-test.yaml')).length).toBeGreaterThanOrEqual(2);
    expect(registration, 'the import and list line of step 2').not.toBeNull();
  });

  it('works when followed in a scratch copy: typecheck, interpret --check, webhook-config', () => {
    // Prepare: the project as a newcomer has it, then the README's steps.
    for (const entry of ['lib', 'scripts', 'functions', 'test/cases', 'package.json', 'tsconfig.json']) {
      cpSync(join(root, entry), join(scratch, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
    for (const { path, text } of files) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    const [, importLine, name] = registration!;
    const indexPath = join(scratch, 'lib/interpreters/index.ts');
    const index = readFileSync(indexPath, 'utf8');
    const lastImport = index.lastIndexOf('\nimport ');
    const endOfImport = index.indexOf('\n', lastImport + 1);
    writeFileSync(
      indexPath,
      `${index.slice(0, endOfImport + 1)}${importLine}\n${index.slice(endOfImport + 1)}`.replace(/(interpreters: readonly ResourceInterpreter\[\] = \[[^\]]*)\]/, `$1, ${name}]`),
    );
    const caseFolder = files.find((f) => f.path.endsWith('-test.yaml'))!.path.split('/').slice(0, 3).join('/');
    const caseCount = files.filter((f) => f.path.endsWith('-test.yaml')).reduce((n, f) => n + f.text.split(/^---$/m).length, 0);

    // Act
    const typecheck = inScratch(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']);
    const check = inScratch(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/interpret.ts', '--check', caseFolder]);
    const config = inScratch(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/webhook-config.ts', '--url', 'https://interpreter.example.org']);

    // Assess
    expect(typecheck.stdout + typecheck.stderr).toBe('');
    expect(typecheck.status).toBe(0);
    expect(check.stdout).toContain(`${caseCount} passed, 0 failed`);
    expect(check.status).toBe(0);
    expect(config.status).toBe(0);
    const webhooks = (parse(config.stdout) as { webhooks: { name: string; rules: { apiGroups: string[]; kinds: string[] }[] }[] }).webhooks;
    const added = webhooks.filter((w) => w.name.endsWith('.webapps.apps.example.io'));
    expect(added.length).toBe(6);
    expect(added[0]!.rules).toEqual([expect.objectContaining({ apiGroups: ['apps.example.io'], apiVersions: ['v1alpha1'], kinds: ['WebApp'] })]);
  }, 180_000);
});
