// The kind folder contract: what lib/kinds/<kind>/ holds. The one definition the tools, the tests and (through
// `npm run -s kinds -- --json`) the Go harness use. It imports no kind, so a broken list can still be regenerated.
import { fileURLToPath } from 'node:url';

/** Where the kind folders are, relative to the repository root. */
export const kindsFolder = 'lib/kinds';

/**
 * What a kind folder may hold. identity.ts (one KindIdentity), interpreter.ts (one interpreter) and README.md (where
 * the semantics come from, every departure from Karmada's built-in) are required; the CRD, conversion, admission and
 * their cases only for a kind whose CRD this service owns (`ownCrd`). Anything else is the kind's own business
 * (schema.ts, types.ts, policies).
 */
export const folderFiles = {
  identity: 'identity.ts',
  readme: 'README.md',
  interpreter: 'interpreter.ts',
  conversion: 'conversion.ts',
  admission: 'admission.ts',
  crd: 'crd.yaml',
  /** testdata/<version>/<operation>-test.yaml, Karmada's case format. */
  testdata: 'testdata',
  conversionCases: 'conversion-cases.yaml',
  admissionCases: 'admission-cases.yaml',
  validatingAdmissionPolicy: 'validating-admission-policy.yaml',
  webhookMatchConditions: 'webhook-match-conditions.yaml',
} as const;

/** The generated lists of kinds, one per review, in lib/kinds/. */
export const listFiles = { interpreters: 'interpreters.ts', conversions: 'conversions.ts', admissions: 'admissions.ts' } as const;
export type ListName = keyof typeof listFiles;

/** The repository root, from a module `depth` folders below it (its import.meta.url). */
export function repositoryRootOf(moduleUrl: string, depth: number): string {
  return fileURLToPath(new URL(`${'../'.repeat(depth)}`, moduleUrl));
}
