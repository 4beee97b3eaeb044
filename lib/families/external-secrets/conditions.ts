// External Secrets Operator's Ready condition, shared by its sync kinds (ExternalSecret, PushSecret,
// ClusterExternalSecret): health from it, and the members' conditions as the control plane shows them
// (external-secrets v1.3.2: pkg/controllers/externalsecret/util.go, pushsecret/pushsecret_controller.go,
// clusterexternalsecret/util.go; Argo CD v3.5.1's resource_customizations/external-secrets.io/*/health.lua).
import { latestTime, type Member, type Members } from '../../shapes/aggregation';
import { conditionOf, type Condition } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

/** The one condition type ESO's sync controllers write; the fleet is Ready only where every member is. */
const readyRules: ConditionMergeRules = { Ready: 'every' };

/**
 * Health from the Ready condition, which every reconcile of the member's controller sets (True on a sync, False on
 * any failure: markAsDone / markAsFailed): True is healthy, False unhealthy, and none at all unhealthy too: the
 * controller writes Ready on its first reconcile, so a member without one has no ESO controller reconciling the
 * object (none installed, a store of another controller class, ClusterSecretStores disabled) and nothing will ever
 * sync there. No generation is compared (see the kinds' READMEs: the controller writes no observedGeneration, and a
 * `CreatedOnce` ExternalSecret never syncs a changed spec again, by design).
 */
export function readyHealth(conditions: readonly Condition[] | undefined): Health {
  const ready = conditionOf(conditions, 'Ready');
  if (ready?.status === 'True') return healthy(conditionReason(ready, 'Ready'));
  if (ready === undefined) return unhealthy(`${conditionReason(ready, 'Ready')}: no External Secrets controller has reconciled it here`);
  return unhealthy(conditionReason(ready, 'Ready'));
}

/**
 * The members' conditions, one per type (conditions-by-type.ts): Ready is False where any member's is False, the
 * message lists each member's as `cluster=message` (left out where none wrote one). One per type although the CRDs do not key the list by type:
 * the controllers write one of each, and so does the control plane.
 */
export function fleetConditions(members: readonly Member<{ conditions?: Condition[] }>[]): Condition[] | undefined {
  // A merged message is empty only where no member wrote one: left out, as the controllers leave theirs out.
  const conditions = conditionsOnePerType(members, readyRules);
  for (const condition of conditions) if (condition.message === '') delete condition.message;
  return conditions.length > 0 ? conditions : undefined;
}

/**
 * The earliest `refreshTime` of the members, only when every listed member reports one: the fleet's secrets were all
 * fetched at least that recently; a member that never synced (or has not reported yet) has none, and then the fleet
 * has none either.
 */
export function fleetRefreshTime({ reporting, listed }: Members<{ refreshTime?: string }>): string | undefined {
  if (reporting.length === 0 || reporting.length !== listed || reporting.some(({ status }) => status.refreshTime === undefined)) return undefined;
  return latestTime(
    reporting.map(({ status }) => status.refreshTime),
    true,
  );
}
