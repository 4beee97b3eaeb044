// The inputs a kind's README lists as refused by its CRD, under "## Inputs its CRD refuses": one bullet per case,
// ``- `<case file>` `<case name>`: <the API server's message>``, the file as the oracle names it (own cases relative to
// the kind's testdata/, Karmada's relative to its catalogue, prefixed "Karmada's").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folderFiles, repositoryRoot } from '../../lib/kit/kinds';
import { sectionLines } from '../../lib/kit/listed-differences';
import type { OracleCase } from './cases';

export interface InputListing {
  karmada: boolean;
  file: string;
  caseName: string;
  readme: string;
  line: number;
}

const heading = /^##\s+Inputs its CRD refuses/;
const bullet = /^- (Karmada's )?`([^`]+)` `([^`]+)`: \S/;

export function inputListingsIn(text: string, readme: string): InputListing[] {
  return sectionLines(text, heading).flatMap(({ line, number }) => {
    const match = bullet.exec(line);
    return match === null ? [] : [{ karmada: match[1] !== undefined, file: match[2]!, caseName: match[3]!, readme, line: number }];
  });
}

export function inputListingsOf(home: string): InputListing[] {
  const readme = join(home, folderFiles.readme);
  const file = join(repositoryRoot, readme);
  return existsSync(file) ? inputListingsIn(readFileSync(file, 'utf8'), readme) : [];
}

export function inputListingFor(listings: readonly InputListing[], item: OracleCase): InputListing | undefined {
  return listings.find((listing) => listing.karmada === (item.origin === 'karmada') && listing.file === item.file && listing.caseName === item.case.name);
}
