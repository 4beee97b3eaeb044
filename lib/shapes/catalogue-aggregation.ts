// AggregateStatus as several of Karmada's catalogue customizations shape it (Spark, Notebook): no member listed
// leaves the status as it is, one member gives its status whole, several are merged by the kind.
import type { PatchBuilder } from '../review/patch';
import type { JsonObject } from '../review/json';
import type { Member, Members } from './aggregation';
import { withoutEmptyFields } from './lua-tables';

/**
 * The patch for `members`: nothing with none listed (Karmada's Lua returns the template untouched), the one member's
 * status as written (without empty maps and lists, which Karmada's Lua path drops; removed when it has none), or
 * `several(reporting)` as the status.
 */
export function aggregateAsCatalogue<S extends { raw: JsonObject }>(
  patch: PatchBuilder,
  members: Members<S>,
  several: (reporting: Member<S>[]) => JsonObject,
): PatchBuilder['operations'] {
  if (members.listed === 0) return patch.operations;
  if (members.listed === 1) {
    const only = members.reporting[0];
    if (only === undefined) patch.remove(['status']);
    else patch.add(['status'], withoutEmptyFields(only.status.raw));
    return patch.operations;
  }
  patch.add(['status'], several(members.reporting));
  return patch.operations;
}
