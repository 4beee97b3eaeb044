// The cases the admission oracle puts to the API server: every kind's own (lib/kinds/<kind>/testdata) and Karmada's
// catalogue cases, unedited, for the kinds served here (the Go module cache's copy of the pinned release).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { caseFiles, caseOf, readCaseDocuments, type InterpreterCase } from '../../lib/kit/cases';
import { catalogueFolders, karmadaCatalogue } from '../../lib/kit/karmada-catalogue';
import { kindFolders, repositoryRoot } from '../../lib/kit/kinds';
import { interpreterRegistry } from '../../lib/kinds/interpreters';

export type Origin = 'own' | 'karmada' | 'differential';

export interface OracleCase {
  /** The kind's folder (identity.home). */
  home: string;
  origin: Origin;
  /**
   * The case file as a README's listing names it: `v1/retain-test.yaml` (own, under testdata/) or Karmada's
   * `ray.io/v1/RayCluster/testdata/…`; for the differential run's variations, the catalogue case's file.
   */
  file: string;
  case: InterpreterCase;
}

function casesIn(testdata: string, home: string, origin: Origin, root: string): OracleCase[] {
  return caseFiles(testdata).flatMap((file) =>
    readCaseDocuments(file, relative(repositoryRoot, file)).flatMap((document) =>
      document.malformed !== undefined ? [] : [{ home, origin, file: relative(root, file), case: document }],
    ),
  );
}

/** Every case of every interpreted kind; Karmada's only where its module is in the Go module cache (else undefined). */
export function oracleCases(homes?: ReadonlySet<string>): { cases: OracleCase[]; catalogue: string | undefined } {
  const cases: OracleCase[] = [];
  for (const folder of kindFolders()) {
    if (!folder.interpreted || folder.testdata === undefined) continue;
    if (homes !== undefined && !homes.has(folder.identity.home)) continue;
    cases.push(...casesIn(folder.testdata, folder.identity.home, 'own', folder.testdata));
  }
  const catalogue = karmadaCatalogue();
  if (catalogue !== undefined) {
    for (const folder of catalogueFolders(catalogue)) {
      const kind = interpreterRegistry.kindFor(folder);
      if (kind === undefined || (homes !== undefined && !homes.has(kind.home))) continue;
      cases.push(...casesIn(folder.testdata, kind.home, 'karmada', catalogue));
    }
  }
  return { cases, catalogue: catalogue === undefined ? undefined : join(catalogue) };
}

/**
 * The differential run's variations of Karmada's cases (TestDifferentialInputs in test/karmada-conformance writes
 * them, seeded as TestDifferential makes them): inputs a cluster may send, with no expected output. Undefined, with
 * why, when the Go harness cannot run here.
 */
export function differentialInputs(homes?: ReadonlySet<string>): { cases: OracleCase[] } | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), 'admission-inputs-'));
  try {
    const file = join(dir, 'inputs.jsonl');
    const go = spawnSync('go', ['test', '-count=1', '-run', '^TestDifferentialInputs$', '.'], {
      cwd: join(repositoryRoot, 'test/karmada-conformance'),
      env: { ...process.env, DIFFERENTIAL_INPUTS_FILE: file },
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    if (go.status !== 0) return { why: `go test -run TestDifferentialInputs failed: ${(go.error?.message ?? `${go.stdout}${go.stderr}`).trim().split('\n').slice(-3).join(' ')}` };
    const cases: OracleCase[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      const input = JSON.parse(line) as { folder: string; file: string; label: string; case: Record<string, unknown> };
      const home = `lib/kinds/${input.folder}`;
      if (homes !== undefined && !homes.has(home)) continue;
      const parsed = caseOf({ ...input.case, output: null, name: input.label } as never, { file: input.file, document: 0 });
      cases.push({ home, origin: 'differential', file: input.file, case: parsed });
    }
    return { cases };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
