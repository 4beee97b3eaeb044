// Where every registered kind's files are, read from the three registries: the case runners, webhook-config's CRD
// reader, the bundle check and the harnesses find kinds here instead of naming them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admissionRegistry } from '../kinds/admissions';
import { conversionRegistry } from '../kinds/conversions';
import { interpreterRegistry } from '../kinds/interpreters';
import type { KindIdentity } from '../review/kind';

/** The repository root (this file is lib/kit/kinds.ts). */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface KindFolder {
  identity: KindIdentity;
  /** Absolute path of the kind's folder. */
  folder: string;
  /** Which reviews serve the kind. */
  interpreted: boolean;
  converted: boolean;
  admitted: boolean;
  /** Absolute paths of the files the kind's folder may hold; undefined where the file is not there. */
  crd?: string;
  testdata?: string;
  conversionCases?: string;
  admissionCases?: string;
}

function present(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

/** Every kind any registry serves, once each, in the order the registries list them. */
export function kindFolders(): KindFolder[] {
  const byHome = new Map<string, KindFolder>();
  const visit = (identity: KindIdentity, review: 'interpreted' | 'converted' | 'admitted') => {
    let entry = byHome.get(identity.home);
    if (entry === undefined) {
      const folder = join(repositoryRoot, identity.home);
      entry = {
        identity,
        folder,
        interpreted: false,
        converted: false,
        admitted: false,
        crd: present(join(folder, 'crd.yaml')),
        testdata: present(join(folder, 'testdata')),
        conversionCases: present(join(folder, 'conversion-cases.yaml')),
        admissionCases: present(join(folder, 'admission-cases.yaml')),
      };
      byHome.set(identity.home, entry);
    }
    entry[review] = true;
  };
  for (const kind of interpreterRegistry.kinds) visit(kind, 'interpreted');
  for (const kind of conversionRegistry.kinds) visit(kind, 'converted');
  for (const kind of admissionRegistry.kinds) visit(kind, 'admitted');
  return [...byHome.values()];
}
