// Members' conditions as one list map keyed by `type` (what a CRD declares with `x-kubernetes-list-type: map`, as
// KubeRay's and LeaderWorkerSet's do): one condition per type, the members' status where they agree, and where they
// differ the status that tells an operator something is not yet right, from what the kind's controller means by it.
import { latestTime, type Member } from './aggregation';
import type { Condition } from './conditions';

/**
 * How members' answers for one condition type combine when they differ: `every` for a type that is True when
 * something is ready or done (the fleet is only when every member is: False if any member's is False); `any` for a
 * type that is True when something is failing or under way (True if any member's is True). Members that disagree
 * otherwise (True beside Unknown) give Unknown, as do members that disagree on a type the kind does not list.
 */
export type ConditionMergeRules = Readonly<Record<string, 'every' | 'any'>>;

/**
 * The status the fleet has for a type whose members report `statuses` (at least one; undefined where a member's
 * condition has none). Members that agree give what they wrote, whatever it is: the same CRD admitted it in each
 * member, and an absent status stays absent rather than becoming `""`. Members that differ give one of Kubernetes'
 * three, which the control plane's CRD admits however its members' controllers spell theirs: a status outside the
 * three (`true`, a controller's own word, none) says neither True nor False, so it can only make the fleet Unknown.
 */
function mergedConditionStatus(rules: ConditionMergeRules, type: string, statuses: readonly (string | undefined)[]): string | undefined {
  const first = statuses[0];
  if (statuses.every((status) => status === first)) return first;
  const rule = Object.hasOwn(rules, type) ? rules[type] : undefined;
  if (rule === undefined) return 'Unknown';
  const notRight = rule === 'every' ? 'False' : 'True';
  return statuses.includes(notRight) ? notRight : 'Unknown';
}

/** The reason (metav1.Condition requires one) of an Unknown no member reported, given because members disagree. */
export const disagreeingReason = 'MembersDisagree';

/** A condition's `lastTransitionTime` when it is a string (RFC 3339 in UTC as controllers write it, so text orders it). */
function timeOf(condition: Condition): string | undefined {
  const time = condition.lastTransitionTime;
  return typeof time === 'string' ? time : undefined;
}

/**
 * One condition per type, in the order the types first appear. The status is the members' when they agree, else
 * `rules` decide; the condition is the first member's with that status, with the reason they share (the first's
 * when they differ), the message of each member reporting the type as `cluster=message` joined by ", " (members with
 * an empty message left out), and the latest `lastTransitionTime` of those with that status (of all, for an Unknown
 * none of them said).
 */
export function conditionsOnePerType(members: readonly Member<{ conditions?: Condition[] }>[], rules: ConditionMergeRules): Condition[] {
  const byType = new Map<string, { clusterName: string; condition: Condition }[]>();
  for (const { clusterName, status } of members) {
    for (const condition of status.conditions ?? []) {
      const reported = byType.get(condition.type);
      if (reported === undefined) byType.set(condition.type, [{ clusterName, condition }]);
      else reported.push({ clusterName, condition });
    }
  }
  return [...byType].map(([type, reported]) => {
    const status = mergedConditionStatus(rules, type, reported.map(({ condition }) => condition.status));
    const chosen = reported.filter(({ condition }) => condition.status === status);
    const messages = reported.filter(({ condition }) => (condition.message ?? '') !== '').map(({ clusterName, condition }) => `${clusterName}=${condition.message}`);
    // An Unknown no member said (they disagree): the first member's condition, with a reason saying why.
    const from = chosen.length > 0 ? chosen : reported;
    const merged: Condition = { ...from[0]!.condition, message: messages.join(', ') };
    if (status !== undefined) merged.status = status;
    if (chosen.length === 0) merged.reason = disagreeingReason;
    const latest = latestTime(from.map(({ condition }) => timeOf(condition)));
    if (latest !== undefined) merged.lastTransitionTime = latest;
    return merged;
  });
}
