// AggregateStatus framed as several of Karmada's catalogue customizations frame it (Spark, Notebook, KubeRay's
// RayCluster, RayJob and RayService): one member listed gives its status whole, several are merged by the kind, and
// no member either leaves the status as it is or is merged like several, as the kind's Lua does.
import type { PatchBuilder } from '../review/patch';
import type { JsonObject } from '../review/json';
import type { Member, Members } from './aggregation';
import { withoutEmptyContainers } from './empty-values';

export interface CatalogueFrame {
  /** With no member listed: `keep` the status as it is (Spark, Notebook), or `merge` none as `several([])` (Ray). */
  none: 'keep' | 'merge';
}

/**
 * The patch for `members`: the one member's status as written, without the empty maps and lists Karmada's Lua path
 * drops; or `several(reporting)`. A status that is none or empty is removed: the Lua's empty table becomes no status.
 */
export function aggregateAsCatalogue<S extends { raw: JsonObject }>(
  patch: PatchBuilder,
  members: Members<S>,
  several: (reporting: Member<S>[]) => JsonObject,
  { none }: CatalogueFrame = { none: 'keep' },
): PatchBuilder['operations'] {
  if (members.listed === 0 && none === 'keep') return patch.operations;
  let status: JsonObject | undefined;
  if (members.listed === 1) {
    const only = members.reporting[0];
    if (only !== undefined) status = withoutEmptyContainers(only.status.raw) as JsonObject;
  } else status = several(members.reporting);
  if (status === undefined || Object.keys(status).length === 0) patch.remove(['status']);
  else patch.add(['status'], status);
  return patch.operations;
}
