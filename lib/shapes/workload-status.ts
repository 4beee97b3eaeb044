// The status of a replicated workload (Deployment-like: counters, revision strings, observedGeneration): its reader,
// what InterpretStatus reflects, how AggregateStatus adds members up, and health from generations and counters.
import type { TypedRequest } from '../interpreter/define';
import type { OperationResults } from '../interpreter/registry';
import type { Cursor } from '../kube/cursor';
import type { ObjectMetaView } from '../kube/objects';
import type { JsonObject, JsonValue } from '../review/json';
import { agreedValue, membersOf, setOrRemove, sumCounters } from './aggregation';
import { observedByEveryMember, readReportedGenerations, reportGenerations, type ReportedGenerations } from './generations';
import { countReason, countShown, healthy, unhealthy, type Health } from './health';

/** The fields of a workload's status, by what aggregation does with them. */
export interface WorkloadStatusFields<C extends string, R extends string, A extends string> {
  /** Counts (int32) summed over members and always written (0 when no member reports one). */
  readonly counters: readonly C[];
  /** Counts summed over members and written only when some member reports them (newer controllers' fields). */
  readonly reportedCounters?: readonly R[];
  /** Strings that cannot be merged (revisions, selectors): kept when every member reports the same one. */
  readonly agreed?: readonly A[];
}

/** A member's status as the reader returns it: only the named fields, each absent when the member has none. */
export type WorkloadStatus<C extends string, R extends string = never, A extends string = never> = { [K in C | R]?: number } & {
  [K in A]?: string;
} & { observedGeneration?: number };

/** What InterpretStatus returned for a member, read back by AggregateStatus: the status and the member's generations. */
export type ReflectedWorkloadStatus<C extends string, R extends string = never, A extends string = never> = WorkloadStatus<C, R, A> & ReportedGenerations;

/** The object side a workload status needs: generations live in metadata. */
export interface WithWorkloadStatus<S> {
  metadata: ObjectMetaView;
  status?: S;
}

/** How AggregateStatus writes what it cannot add up. */
export interface AggregationChoices {
  /**
   * An agreed field that members do not agree on (or do not report): removed, or '' (Karmada's catalogue writes '';
   * a Go `string` with `omitempty` reads both as empty). With no member listed at all it is always removed.
   */
  readonly unagreed: 'remove' | 'empty';
  /** `status.observedGeneration` when no member is listed: the template's generation (as Karmada's Deployment), or left. */
  readonly observedWithNoMembers: boolean;
}

export function workloadStatus<C extends string, R extends string = never, A extends string = never>(fields: WorkloadStatusFields<C, R, A>) {
  type Status = WorkloadStatus<C, R, A>;
  type Reflected = ReflectedWorkloadStatus<C, R, A>;
  const counters = fields.counters;
  const reportedCounters = fields.reportedCounters ?? [];
  const agreed = fields.agreed ?? [];
  const reflected: readonly (C | R | A | 'observedGeneration')[] = [...counters, ...reportedCounters, ...agreed, 'observedGeneration'];

  /** A member's status (the kind's reader uses it for `status`): each named field checked, absent ones left out. */
  function read(status: Cursor): Status {
    const result: Record<string, number | string> = {};
    for (const name of counters) {
      const value = status.count(name);
      if (value !== undefined) result[name] = value;
    }
    for (const name of reportedCounters) {
      const value = status.count(name);
      if (value !== undefined) result[name] = value;
    }
    for (const name of agreed) {
      const value = status.string(name);
      if (value !== undefined) result[name] = value;
    }
    const observedGeneration = status.generation('observedGeneration');
    if (observedGeneration !== undefined) result.observedGeneration = observedGeneration;
    return result as Status;
  }

  function readReflected(status: Cursor): Reflected {
    return { ...read(status), ...readReportedGenerations(status) } as Reflected;
  }

  /** InterpretStatus: the named fields the member reports, with its generations (a member without status reports those only). */
  function reflect<T extends WithWorkloadStatus<Status>>({ object }: TypedRequest<T>): OperationResults['InterpretStatus'] {
    const rawStatus: JsonObject = {};
    const status = object.status as Record<string, JsonValue | undefined> | undefined;
    for (const name of reflected) {
      const value = status?.[name];
      if (value !== undefined) rawStatus[name] = value;
    }
    return { rawStatus: reportGenerations(rawStatus, object.metadata) };
  }

  /**
   * AggregateStatus: counters summed (a sum past int32 is a 400), agreed strings kept, and `observedGeneration` set
   * to the template's generation only when every member observed it (see `observedByEveryMember`); otherwise left.
   */
  function aggregate<T extends WithWorkloadStatus<Status>>(
    { object, aggregatedStatus, patch: newPatch }: TypedRequest<T>,
    choices: AggregationChoices,
  ): OperationResults['AggregateStatus'] {
    const members = membersOf(aggregatedStatus, readReflected);
    const statuses = members.reporting.map(({ status }) => status);
    const patch = newPatch();
    const totals = sumCounters(statuses, [...counters, ...reportedCounters] as (C | R)[]);
    for (const name of counters) patch.add(['status', name], totals[name]);
    for (const name of reportedCounters) {
      setOrRemove(patch, name, statuses.some((status) => status[name] !== undefined) ? totals[name] : undefined);
    }
    for (const name of agreed) {
      const value = agreedValue(members, (status) => status[name] as string | undefined);
      setOrRemove(patch, name, value ?? (choices.unagreed === 'empty' && members.listed > 0 ? '' : undefined));
    }
    const generation = object.metadata.generation;
    if (observedByEveryMember(generation, { members: members.listed, reported: statuses }, choices.observedWithNoMembers)) {
      patch.add(['status', 'observedGeneration'], generation!);
    }
    return patch.operations;
  }

  return { fields, read, readReflected, reflect, aggregate };
}

/**
 * InterpretStatus (a `reflect`) for a kind whose CRD requires fields in every status (OpenKruise's counts, a revision
 * hash): a member whose controller has written no status yet reports each of them as its type's zero (0, or '' for a
 * string) beside what `reflect` reports, since a status without them is refused where a status is written
 * (`status.replicas: Required value`), and a member with no status counts no pod. A member with a status reports
 * what `reflect` reports.
 */
export function reflectingRequired<T extends { status?: object }>(
  reflect: (request: TypedRequest<T>) => OperationResults['InterpretStatus'],
  required: Readonly<Record<string, 0 | ''>>,
): (request: TypedRequest<T>) => OperationResults['InterpretStatus'] {
  return (request) => {
    const result = reflect(request);
    if (request.object.status !== undefined) return result;
    return { rawStatus: { ...required, ...result.rawStatus } };
  };
}

/** The names a rollout's reason gives its counts, as the kind's status spells them. */
export interface RolloutCountNames {
  desired: string;
  updated: string;
  available: string;
}

const deploymentCountNames: RolloutCountNames = { desired: 'replicas', updated: 'updatedReplicas', available: 'availableReplicas' };

/** Replicas a rollout keeps on old revisions on purpose (a partition), as its reason names them. */
export interface KeptBack {
  /** `partition`, `currentPartitions`. */
  name: string;
  count: number;
  /** How the reason shows the field when it is not the count itself (`40% (2)`). */
  shown?: string;
}

/** What a reason adds after the count replicas are kept back from: ` - partition 2`, or nothing when none are. */
export function lessKeptBack(keptBack: KeptBack | undefined): string {
  return keptBack === undefined || keptBack.count === 0 ? '' : ` - ${keptBack.name} ${keptBack.shown ?? keptBack.count}`;
}

/** `RolloutProgress` with what its reason names: the generations' lag, the counts' names, what holds it back. */
export interface RolloutCounts {
  /** Why the member's controller has not seen the current spec (`generationLag`); undefined when it has. */
  generationLag: string | undefined;
  /** Replicas the rollout is to reach before `keptBack`; undefined skips the check. */
  desired: number | undefined;
  /** Replicas of `desired` that stay on old revisions on purpose: only the rest must be updated. */
  keptBack?: KeptBack;
  /** What made `desired` undefined (`updateStrategy paused`), for the reason; the count of updated pods is not judged. */
  heldBackBy?: string;
  updated: number | undefined;
  available: number | undefined;
  /** The counts' names in the reason (default: `replicas`, `updatedReplicas`, `availableReplicas`). */
  names?: Partial<RolloutCountNames>;
}

/**
 * Karmada's health of a Deployment, a StatefulSet and their kin (the controller saw the current spec, at least
 * `desired` replicas run the current revision, every updated replica is available; absent counts are 0), with the
 * reason that decided it: the generation not observed (`status.observedGeneration 3 !=
 * metadata.generation 4`), too few updated (`updatedReplicas 1 < replicas 5 - partition 2`), an updated one not
 * available (`availableReplicas 2 < updatedReplicas 3`), or the counts that made it healthy.
 */
export function rolloutHealth({ generationLag, desired, keptBack, heldBackBy, updated, available, names: given }: RolloutCounts): Health {
  if (generationLag !== undefined) return unhealthy(generationLag);
  const names = { ...deploymentCountNames, ...given };
  const availability = countReason(names.available, available, '<', names.updated, updated);
  if (desired === undefined) {
    const notJudged = heldBackBy ?? `no ${names.desired}`;
    return (available ?? 0) < (updated ?? 0) ? unhealthy(availability) : healthy(`${notJudged}, ${countReason(names.available, available, '>=', names.updated, updated)}`);
  }
  const kept = lessKeptBack(keptBack);
  const toUpdate = Math.max(desired - (keptBack?.count ?? 0), 0);
  const updatedCount = updated ?? 0;
  const relation = updatedCount < toUpdate ? '<' : updatedCount === toUpdate ? '=' : '>';
  const updates = `${countReason(names.updated, updated, relation, names.desired, desired)}${kept}`;
  if (relation === '<') return unhealthy(updates);
  if ((available ?? 0) < updatedCount) return unhealthy(availability);
  return healthy(`${updates}, ${countShown(names.available, available)}`);
}
