// Refusals that help: an unknown name (a kind, an option) answered with the valid names nearest to it, in one line
// short enough to read at a glance, instead of every valid name.
import { clipped } from './core';
import { distance } from 'fastest-levenshtein';

/** The most a refusal line naming valid names runs to, its tool's prefix included. */
export const maxRefusalLength = 200;

/** How many of the nearest names a refusal shows. */
const shown = 3;

/** A name as a refusal quotes it: JSON-quoted, cut to a length that leaves room for the suggestions. */
export function quotedName(name: string, max = 40): string {
  return JSON.stringify(name.length <= max ? name : `${name.slice(0, max - 1)}…`);
}

/** A name as typed when it is short and plain, else quoted and cut (`quotedName`). */
export function nameAsGiven(name: string, max = 40): string {
  return name.length <= max && /^[\w./-]+$/.test(name) ? name : quotedName(name, max);
}

/**
 * The valid names nearest `wanted`, nearest first (ties in the order given): by edit distance ignoring case, a name
 * that contains `wanted` (or is contained in it) counting as one edit away, since a partial name is a common way to
 * ask. Near is within about a third of the name's length, and no more than one edit further than the nearest: a
 * refusal names the likely ones, not every name that shares a suffix.
 */
export function nearestNames(wanted: string, names: readonly string[], limit = shown): string[] {
  // Two characters (`-x`) are one edit from every other short option: nothing is near them.
  if (wanted.length < 3) return [];
  const asked = wanted.toLowerCase();
  const scored = names.map((name, index) => {
    const candidate = name.toLowerCase();
    const contained = asked.length >= 3 && (candidate.includes(asked) || asked.includes(candidate));
    return { name, index, score: contained ? Math.min(1, distance(asked, candidate)) : distance(asked, candidate) };
  });
  const near = scored.filter(({ name, score }) => score <= Math.max(2, Math.ceil(Math.max(name.length, wanted.length) / 3)));
  const best = Math.min(...near.map(({ score }) => score));
  return near
    .filter(({ score }) => score <= best + 1)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map(({ name }) => name);
}

/** `a`, `a or b`, `a, b or c`. */
function alternatives(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** ` (did you mean a or b?)` naming the valid names near `wanted`, or '' when none is: a refusal adds it to its words. */
export function didYouMean(wanted: string, names: readonly string[]): string {
  return suggesting(nearestNames(wanted, names));
}

/** ` (did you mean a or b?)` for names already chosen as near, or '' for none. */
export function suggesting(near: readonly string[]): string {
  return near.length === 0 ? '' : ` (did you mean ${alternatives(near)}?)`;
}

/** `text`, or cut to `max` characters with `…` so a refusal never outruns its bound. */
export function bounded(text: string, max = maxRefusalLength): string {
  return clipped(text, max);
}

/**
 * Items named in one line of at most `max` characters: as many as fit whole, then `… and N more`.
 * `prefix` is what comes before them (its length counts).
 */
export function boundedList(prefix: string, items: readonly string[], max = maxRefusalLength): string {
  let line = prefix;
  for (const [index, item] of items.entries()) {
    const rest = items.length - index - 1;
    const next = `${line}${index === 0 ? '' : ', '}${item}`;
    const tail = rest === 0 ? '' : ` … and ${rest} more`;
    if (`${next}${tail}`.length > max) return `${line}${index === 0 ? '' : ' '}… and ${items.length - index} more`;
    line = next;
  }
  return line;
}
