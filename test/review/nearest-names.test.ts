// Refusals that help: the valid names nearest an unknown one, and lists bounded to one short line.
import { describe, expect, it } from 'vitest';
import { bounded, boundedList, didYouMean, maxRefusalLength, nameAsGiven, nearestNames, quotedName } from '../../lib/review/nearest-names';

const kinds = ['CloneSet', 'DaemonSet', 'SidecarSet', 'StatefulSet', 'Kafka', 'KafkaNodePool', 'Policy', 'ClusterPolicy'];

describe('nearestNames', () => {
  it.each([
    ['a typo', 'Clonset', ['CloneSet']],
    ['another case', 'cloneset', ['CloneSet']],
    ['a part of a name, and the name itself first', 'Kafka', ['Kafka', 'KafkaNodePool']],
    ['an exact name in another case before a longer one containing it', 'policy', ['Policy', 'ClusterPolicy']],
    ['nothing near', 'Workflow', []],
    ['a short name far from every name', 'x', []],
  ])('%s: %s', (_what, wanted, expected) => {
    // Act + Assess
    expect(nearestNames(wanted, kinds)).toEqual(expected);
  });

  it('finds nothing near a two-character name, one edit from every short option', () => {
    expect(nearestNames('-x', ['-h', '-v', '--help'])).toEqual([]);
  });

  it('names at most three, the nearest first', () => {
    // Act
    const near = nearestNames('--verbose', ['--verbos', '--verbse', '--erbose', '--vrbose', '--url']);

    // Assess
    expect(near).toEqual(['--verbos', '--verbse', '--erbose']);
  });
});

describe('didYouMean', () => {
  it('is a parenthesis naming the nearest, or nothing', () => {
    // Act + Assess
    expect(didYouMean('Clonset', kinds)).toBe(' (did you mean CloneSet?)');
    expect(didYouMean('policy', kinds)).toBe(' (did you mean Policy or ClusterPolicy?)');
    expect(didYouMean('Workflow', kinds)).toBe('');
  });
});

describe('names as a refusal shows them', () => {
  it('quotes and cuts a long name, and leaves a short plain one as typed', () => {
    // Act + Assess
    expect(quotedName('a'.repeat(100))).toBe(`"${'a'.repeat(39)}…"`);
    expect(nameAsGiven('--kindz')).toBe('--kindz');
    expect(nameAsGiven('--a b')).toBe('"--a b"');
  });

  it('bounds a line to 200 characters', () => {
    // Act + Assess
    expect(bounded('x'.repeat(300))).toHaveLength(maxRefusalLength);
    expect(bounded('short')).toBe('short');
  });
});

describe('boundedList', () => {
  it('names every item that fits', () => {
    // Act + Assess
    expect(boundedList('kinds: ', ['A', 'B', 'C'])).toBe('kinds: A, B, C');
  });

  it('names as many as fit whole, then how many more, within the bound', () => {
    // Prepare
    const items = Array.from({ length: 40 }, (_, index) => `SomeRatherLongKindName${index}`);

    // Act
    const line = boundedList('bundle.yaml holds 40 CustomResourceDefinitions; pick one with --kind: ', items);

    // Assess
    expect(line.length).toBeLessThanOrEqual(maxRefusalLength);
    expect(line).toMatch(/: SomeRatherLongKindName0, SomeRatherLongKindName1, .* … and \d+ more$/);
    const shown = line.split(': ')[1]!.split(' … ')[0]!.split(', ').length;
    expect(line.endsWith(`and ${40 - shown} more`)).toBe(true);
  });
});
