// The catalogue checks' one rule for a Karmada case answered differently on purpose: which README bullets list a
// case, and how a listed case is judged (accepted only when answered and differing; stale when it passes).
import { describe, expect, it } from 'vitest';
import type { CaseDocument } from '../../lib/kit/cases';
import type { CaseOutcome } from '../../lib/kit/check';
import { catalogueFigure, judgeListed, listedDifferencesIn, listingFor } from '../../lib/kit/listed-differences';

const readme = [
  '# Kind',
  '',
  '- `AggregateStatus` `Outside | as written` differs: not in the section.',
  '',
  "## Departures from Karmada's built-in",
  '',
  '- `AggregateStatus` `Two members | as written` differs: one condition per type.',
  '- `AggregateStatus` `Two members | *` differs: its variations, not the case.',
  '- `*` `Any operation | as written` differs: no operation named.',
  '- `InterpretHealth` `Some * | as written` differs: no case named.',
  '- `InterpretHealth` `Refused | as written` refused: a refusal is never a listed difference.',
  '',
  '## Next',
].join('\n');

const outcome = (passed: boolean, differed: boolean, problems: string[] = passed ? [] : ['a problem']): CaseOutcome => ({ case: {} as CaseDocument, passed, problems, notes: [], schemaNotes: [], inputNotes: [], differed });

describe('listedDifferencesIn', () => {
  it('reads only the bullets of the departures section that name an operation and a case as written, with differs', () => {
    // Act
    const listed = listedDifferencesIn(readme);

    // Assess
    expect(listed).toEqual([{ operation: 'AggregateStatus', caseName: 'Two members', line: 7, reason: 'one condition per type.' }]);
    expect(listingFor(listed, 'AggregateStatus', 'Two members')).toBe(listed[0]);
    expect(listingFor(listed, 'InterpretHealth', 'Two members')).toBeUndefined();
  });
});

describe('judgeListed', () => {
  const [listing] = listedDifferencesIn(readme);

  it('accepts a listed case answered differently, and judges a case not listed as it passed or failed', () => {
    // Act
    const verdicts = [judgeListed(outcome(false, true), listing, 'README.md'), judgeListed(outcome(true, false), undefined, 'README.md'), judgeListed(outcome(false, true), undefined, 'README.md')];

    // Assess
    expect(verdicts.map(({ verdict }) => verdict)).toEqual(['differed', 'passed', 'failed']);
  });

  it('fails a listed case that passes anyway (a stale listing) and one not answered (an error is never a difference)', () => {
    // Act
    const stale = judgeListed(outcome(true, false), listing, 'README.md');
    const refused = judgeListed(outcome(false, false, ['the webhook answered successful: false, code 400']), listing, 'README.md');

    // Assess
    expect(stale).toEqual({ verdict: 'failed', problems: ['README.md:7 lists it as answered differently, but it passes as Karmada expects: remove the listing'] });
    expect(refused.verdict).toBe('failed');
    expect(refused.problems).toEqual(['the webhook answered successful: false, code 400', 'README.md:7 lists it as answered differently, but it was not answered: a listing never excuses an error']);
  });
});

describe('catalogueFigure', () => {
  it('says how many passed as Karmada expects and how many were answered differently as listed', () => {
    // Act
    const figures = [catalogueFigure(564, 0, 564), catalogueFigure(560, 4, 564)];

    // Assess
    expect(figures).toEqual(['564 of 564 cases pass', "560 of 564 cases pass as Karmada expects, 4 answered differently as each kind's README lists"]);
  });
});
