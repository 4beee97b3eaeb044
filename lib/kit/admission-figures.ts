// What the admission oracle (`npm run admission`, test/admission-oracle) found per kind, recorded in
// lib/kinds/admission.json by `npm run admission -- --record` and shown in the README's table of kinds by
// `npm run kinds`; the oracle fails when its run no longer matches the file, so the column cannot drift.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const admissionFiguresFile = 'lib/kinds/admission.json';

/** One kind's figures: cases put to its CRD, those whose inputs it refuses, and versions it could not check. */
export interface KindAdmission {
  checked: number;
  /** Cases whose input objects the CRD refuses: hostile cases, and Karmada's inputs listed in the kind's README. */
  refused: number;
  /** Versions none of the kind's published CRDs serves: their cases are not checked. */
  unchecked?: string[];
  /** The kind names no CRD a registry here serves (publishedCrd.unavailable). */
  exempt?: true;
}

export type AdmissionFigures = Record<string, KindAdmission>;

export function admissionFiguresText(figures: AdmissionFigures): string {
  const sorted = Object.fromEntries(Object.keys(figures).sort().map((home) => [home, figures[home]!]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** The recorded figures, undefined when the file is missing or unreadable. */
export function readAdmissionFigures(root: string): AdmissionFigures | undefined {
  const file = join(root, admissionFiguresFile);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AdmissionFigures;
  } catch {
    return undefined;
  }
}

/** The README's cell for one kind: "checked / refused", or why it is not checked. */
export function admissionCell(figures: AdmissionFigures | undefined, home: string): string {
  const kind = figures?.[home];
  if (kind === undefined) return '?';
  if (kind.exempt) return 'exempt (no CRD published)';
  const unchecked = kind.unchecked === undefined || kind.unchecked.length === 0 ? '' : `; ${kind.unchecked.map((version) => `\`${version}\``).join(', ')} not checked`;
  return `${kind.checked} / ${kind.refused}${unchecked}`;
}
