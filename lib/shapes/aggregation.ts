// Status aggregation building blocks: member statuses summed, kept where every member agrees, or taken from the
// worst member, and written into the control plane's status with a patch that always applies.
import { invalidInput } from '../interpreter/wire/errors';
import { memberStatusesOf } from '../interpreter/member-statuses';
import type { AggregatedStatusItem } from '../interpreter/wire/types';
import { int32Max } from '../review/json';
import type { JsonObject, JsonValue } from '../review/json';
import type { PatchBuilder } from '../review/patch';
import type { Cursor } from '../kube/cursor';

/** One member's status, as the kind read it back from what its InterpretStatus returned. */
export interface Member<S> {
  clusterName: string;
  status: S;
}

/** The members of an AggregateStatus request: those with a status, read by the kind, and how many Karmada listed. */
export interface Members<S> {
  /** Members with a status, in Karmada's order. */
  reporting: Member<S>[];
  /** Every item of `request.aggregatedStatus`, with or without a status. */
  listed: number;
}

export function membersOf<S>(items: readonly AggregatedStatusItem[] | undefined, read: (status: Cursor) => S): Members<S> {
  return { reporting: memberStatusesOf(items, read), listed: items?.length ?? 0 };
}

/** A count summed over members: an int32 in Kubernetes, so a sum past it is a 400 naming the field (never a wrap). */
export function sumOf<S>(statuses: readonly S[], count: (status: S) => number | undefined, field: string): number {
  let sum = 0;
  for (const status of statuses) sum += count(status) ?? 0;
  if (sum > int32Max) throw invalidInput(`the aggregated status.${field} (${sum}) does not fit in an int32`);
  return sum;
}

/** Each named counter summed over the members (absent counts as 0), in the order named. */
export function sumCounters<S extends object, F extends keyof S & string>(statuses: readonly S[], fields: readonly F[]): Record<F, number> {
  const totals = {} as Record<F, number>;
  for (const field of fields) totals[field] = sumOf(statuses, (status) => status[field] as number | undefined, field);
  return totals;
}

/**
 * Whether any member reports `true` for a flag (a pause, a suspension: one member raising it is news), or undefined
 * when no member reports the flag at all, for the caller to say what stands then. A flag every member must hold
 * (ready) is `every`, not this.
 */
export function anyOf<S>(statuses: readonly S[], flag: (status: S) => boolean | undefined): boolean | undefined {
  let reported: boolean | undefined;
  for (const status of statuses) {
    const value = flag(status);
    if (value === true) return true;
    if (value === false) reported = false;
  }
  return reported;
}

/** The least number the members report (the furthest behind), or undefined when none reports one. */
export function leastOf<S>(statuses: readonly S[], value: (status: S) => number | undefined): number | undefined {
  let least: number | undefined;
  for (const status of statuses) {
    const number = value(status);
    if (number !== undefined && (least === undefined || number < least)) least = number;
  }
  return least;
}

/** Whether two JSON values are equal (objects by their keys, whatever the order). */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as JsonValue[]).length && a.every((item, i) => sameJson(item, (b as JsonValue[])[i]));
  const aKeys = Object.keys(a);
  const bObject = b as JsonObject;
  return aKeys.length === Object.keys(bObject).length && aKeys.every((key) => Object.hasOwn(bObject, key) && sameJson(a[key], bObject[key]));
}

/**
 * The value every listed member reports for a field that cannot be merged (a revision hash, a selector), or
 * undefined when one differs, one has no status, or none reports it. A mix would describe a state no cluster is in.
 */
export function agreedValue<S>({ reporting, listed }: Members<S>, valueOf: (status: S) => JsonValue | undefined): JsonValue | undefined {
  if (reporting.length === 0 || reporting.length !== listed) return undefined;
  const first = valueOf(reporting[0]!.status);
  if (first === undefined) return undefined;
  return reporting.every(({ status }) => sameJson(valueOf(status), first)) ? first : undefined;
}

/**
 * The worst member by `rank` (higher is worse), the first in Karmada's order among equals; members `rank` says
 * nothing of (undefined) are passed over. Taking several fields from that one member keeps them consistent.
 */
export function worstMember<S>(members: readonly Member<S>[], rank: (status: S) => number | undefined): Member<S> | undefined {
  let worst: Member<S> | undefined;
  let worstRank = Number.NEGATIVE_INFINITY;
  for (const member of members) {
    const memberRank = rank(member.status);
    if (memberRank === undefined || memberRank <= worstRank) continue;
    worst = member;
    worstRank = memberRank;
  }
  return worst;
}

/** A rank from a list of values, best first; a value not listed ranks as `unknown` (a name from the same list). */
export function rankFrom<V extends string>(bestFirst: readonly V[], unknown: V): (value: string | undefined) => number | undefined {
  const ranks = new Map<string, number>(bestFirst.map((value, index) => [value, index]));
  return (value) => (value === undefined ? undefined : ranks.get(value) ?? ranks.get(unknown));
}

/** `status.<name>` set to `value`, or removed when there is none (nothing is invented). */
export function setOrRemove(patch: PatchBuilder, name: string, value: JsonValue | undefined): void {
  if (value === undefined) patch.remove(['status', name]);
  else patch.add(['status', name], value);
}

/**
 * The latest of the members' times (`earliest`: the earliest), undefined when none reports one. Kubernetes writes a
 * metav1.Time as RFC 3339 in UTC, so the times order as their text, as Karmada's Lua compares them.
 */
export function latestTime(times: Iterable<string | undefined>, earliest = false): string | undefined {
  let found: string | undefined;
  for (const time of times) {
    if (time === undefined) continue;
    if (found === undefined || (earliest ? time < found : time > found)) found = time;
  }
  return found;
}
