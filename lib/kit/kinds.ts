// Where every registered kind's files are, read from the three registries and the folder contract
// (kind-contract.ts): the case runners, webhook-config, the bundle check and the harnesses find kinds here.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admissionRegistry } from '../kinds/admissions';
import { conversionRegistry } from '../kinds/conversions';
import { interpreterRegistry } from '../kinds/interpreters';
import type { KindIdentity } from '../review/kind';
import { folderFiles } from './kind-contract';

export { folderFiles, kindsFolder, listFiles, type ListName } from './kind-contract';

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
        // A kind whose CRD its project owns never has a CRD of ours, whatever files its folder holds.
        crd: identity.ownCrd ? present(join(folder, folderFiles.crd)) : undefined,
        testdata: present(join(folder, folderFiles.testdata)),
        conversionCases: present(join(folder, folderFiles.conversionCases)),
        admissionCases: present(join(folder, folderFiles.admissionCases)),
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
