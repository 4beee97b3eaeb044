// Karmada's catalogue cases a kind answers differently on purpose, as its README lists them: the one rule the
// catalogue checks share (test/karmada-catalogue.test.ts, `npm run catalogue`, and TestKarmadaCatalogue in
// test/karmada-conformance, which reads the same bullets). The form is documented in test/karmada-conformance/README.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseOutcome } from './check';
import { folderFiles } from './kind-contract';

/**
 * A departure bullet that names one catalogue case: `- \`<Operation>\` \`<case name> | <variation>\` differs: <reason>`
 * under the README's "## Departures from Karmada's built-in" heading, with a named operation (not `*`), a case name
 * without `*`, and the variation `as written` itself: a pattern such as `<case name> | *` excuses the differential's
 * variations of a case, not the case.
 */
export interface ListedDifference {
  operation: string;
  caseName: string;
  /** The README's line, for messages. */
  line: number;
  reason: string;
}

const departuresHeading = /^##\s+Departures from Karmada's built-in/;
const departureBullet = /^- `([A-Za-z]+|\*)` `([^`]+)` (differs|refused):\s*(\S.*)$/;

/** The lines of a README under the `#`/`##` heading `heading` matches, up to the next such heading, numbered from 1. */
export function sectionLines(readme: string, heading: RegExp): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let inSection = false;
  readme.split('\n').forEach((line, index) => {
    if (line.startsWith('# ') || line.startsWith('## ')) inSection = heading.test(line);
    else if (inSection) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** The catalogue cases a README's departures list as answered differently (malformed bullets are the differential's to refuse). */
export function listedDifferencesIn(readme: string): ListedDifference[] {
  const listed: ListedDifference[] = [];
  sectionLines(readme, departuresHeading).forEach(({ line, number }) => {
    const bullet = departureBullet.exec(line);
    if (bullet === null || bullet[1] === '*' || bullet[3] !== 'differs') return;
    const asWritten = ' | as written';
    if (!bullet[2]!.endsWith(asWritten)) return;
    const caseName = bullet[2]!.slice(0, -asWritten.length);
    if (caseName.includes('*')) return;
    listed.push({ operation: bullet[1]!, caseName, line: number, reason: bullet[4]! });
  });
  return listed;
}

/** The listed differences of a kind (its folder `home`, relative to `root`): none without a README. */
export function listedDifferencesOf(root: string, home: string): ListedDifference[] {
  const file = join(root, home, folderFiles.readme);
  return existsSync(file) ? listedDifferencesIn(readFileSync(file, 'utf8')) : [];
}

/** The listing of one case, if any. */
export function listingFor(listed: readonly ListedDifference[], operation: string | undefined, caseName: string): ListedDifference | undefined {
  return listed.find((each) => each.operation === operation && each.caseName === caseName);
}

/**
 * A catalogue case judged against the listing: `passed` as Karmada expects; `differed` when the README lists it and
 * the webhook answered, differently (only expected values differ); `failed` otherwise, with why: a case not listed
 * that fails, a listed case that passes anyway (the listing is stale), or a listed case that is not answered (an
 * error or a refusal is never a listed difference).
 */
export function judgeListed(outcome: CaseOutcome, listing: ListedDifference | undefined, readme: string): { verdict: 'passed' | 'differed' | 'failed'; problems: string[] } {
  if (listing === undefined) return outcome.passed ? { verdict: 'passed', problems: [] } : { verdict: 'failed', problems: outcome.problems };
  const where = `${readme}:${listing.line}`;
  if (outcome.passed) return { verdict: 'failed', problems: [`${where} lists it as answered differently, but it passes as Karmada expects: remove the listing`] };
  if (!outcome.differed) return { verdict: 'failed', problems: [...outcome.problems, `${where} lists it as answered differently, but it was not answered: a listing never excuses an error`] };
  return { verdict: 'differed', problems: outcome.problems };
}

/** The figure every catalogue check prints, e.g. "562 of 564 cases pass as Karmada expects, 2 answered differently as each kind's README lists". */
export function catalogueFigure(passed: number, differed: number, total: number): string {
  if (differed === 0) return `${passed} of ${total} cases pass`;
  return `${passed} of ${total} cases pass as Karmada expects, ${differed} answered differently as each kind's README lists`;
}
