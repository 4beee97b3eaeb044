// OpenKruise's AdvancedCronJob interpreter: the members' running jobs and schedules added up, and the objects the
// pod template of its Job or BroadcastJob template references (see README.md for every decision).
import type { TypedRequest } from '../../interpreter/define';
import { defineInterpreter } from '../../interpreter/define';
import type { JsonObject } from '../../review/json';
import { membersOf, setOrRemove } from '../../shapes/aggregation';
import { namespaceOf, templateDependencies } from '../../shapes/dependencies';
import { advancedCronJob } from './identity';
import { readAdvancedCronJob, readAdvancedCronJobStatus, type AdvancedCronJob, type AdvancedCronJobStatus } from './schema';

/** The template kind the members report (`Job` or `BroadcastJob`), when those that report one agree; '' otherwise. */
function agreedType(statuses: readonly AdvancedCronJobStatus[]): string {
  const types = new Set(statuses.flatMap(({ type }) => (type === undefined ? [] : [type])));
  return types.size === 1 ? [...types][0]! : '';
}

/** The latest schedule any member made (the time a job was last scheduled anywhere). */
function latestSchedule(statuses: readonly AdvancedCronJobStatus[]): string | undefined {
  let latest: AdvancedCronJobStatus | undefined;
  for (const status of statuses) {
    if (status.lastScheduled !== undefined && (latest === undefined || status.lastScheduled > latest.lastScheduled!)) latest = status;
  }
  return latest?.lastScheduleTime;
}

/**
 * Every member's running jobs, one list (each reference names its own namespace and uid, so a job is told apart from
 * its namesake in another member); the template kind; and the latest schedule time.
 */
function aggregateStatus({ aggregatedStatus, patch }: TypedRequest<AdvancedCronJob>) {
  const statuses = membersOf(aggregatedStatus, readAdvancedCronJobStatus).reporting.map(({ status }) => status);
  const active: JsonObject[] = [];
  for (const status of statuses) for (const reference of status.active ?? []) active.push(reference);
  const builder = patch();
  setOrRemove(builder, 'active', active.length > 0 ? active : undefined);
  // '' where no member reports one, as Karmada's catalogue writes (the field is omitempty: '' reads as absent).
  builder.add(['status', 'type'], agreedType(statuses));
  setOrRemove(builder, 'lastScheduleTime', latestSchedule(statuses));
  return builder.operations;
}

export const advancedCronJobInterpreter = defineInterpreter<AdvancedCronJob>({
  ...advancedCronJob,
  decode: readAdvancedCronJob,
  operations: {
    AggregateStatus: aggregateStatus,
    InterpretDependency: ({ object, namespace }) => ({
      dependencies: templateDependencies(object.podTemplate?.template, object.podTemplate?.path ?? 'object.spec.template', namespaceOf(object.metadata, namespace)),
    }),
  },
});
