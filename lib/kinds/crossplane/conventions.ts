// Crossplane's status convention as its controllers write it: crossplane-runtime's conditions (apis/common/v1
// condition.go: `Ready` Available/Unavailable/Creating/Deleting, `Synced` ReconcileSuccess/ReconcileError/
// ReconcilePaused, `LastAsyncOperation`), the packages' `Installed` and `Healthy` (Crossplane's apis/pkg/v1), a
// definition's `Established` and `Offered` (apis/apiextensions/v1), and the kinds that write no status at all.
import { conditionOf, type Condition, type ConditionStatus } from '../../shapes/conditions';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';
import type { ConditionMergeRules } from '../../shapes/conditions-by-type';

/**
 * Conditions that say an object is ready, each its kind's own: a managed resource's, composite's or claim's `Ready`,
 * a package's `Installed` and `Healthy`, a revision's `RevisionHealthy`, a definition's `Established` and `Offered`,
 * a composition's function pipeline `ValidPipeline`. Every one the object reports must be True.
 */
export const readinessTypes = ['Ready', 'Installed', 'Healthy', 'RevisionHealthy', 'Established', 'Offered', 'ValidPipeline'] as const;

/**
 * Kinds that write no conditions by design (Argo CD's list, from Crossplane's own guide): configuration objects that
 * have nothing to reconcile. Healthy when they report none; a ProviderConfig with users is in use.
 */
export const kindsWithoutConditions = ['Composition', 'CompositionRevision', 'DeploymentRuntimeConfig', 'ClusterProviderConfig', 'ProviderConfig', 'ProviderConfigUsage', 'ClusterProviderConfigUsage', 'ControllerConfig', 'EnvironmentConfig', 'ImageConfig'];

/** The Synced reason of a paused object (annotation `crossplane.io/paused: "true"`): not an error. */
export const pausedReason = 'ReconcilePaused';

/** Where members' conditions differ, the fleet's: ready only where every member is; failing where any is. */
export const crossplaneConditionRules: ConditionMergeRules = {
  ...Object.fromEntries(readinessTypes.map((type) => [type, 'every'] as const)),
  Synced: 'every',
  LastAsyncOperation: 'every',
};

/**
 * Health by the convention: unhealthy where the last reconcile failed (`Synced` False, unless paused on purpose) or
 * the last asynchronous operation did (`LastAsyncOperation` False: an update the cloud refused, while Ready may still
 * say Available); otherwise healthy when it reports a readiness condition and every one it reports is True. No condition at all is healthy
 * only for a kind that writes none; for any other it is not reconciled yet.
 */
export function crossplaneHealth(kind: string, status: ConditionStatus | undefined): Health {
  const conditions = status?.conditions ?? [];
  if (conditions.length === 0) {
    return kindsWithoutConditions.includes(kind) ? healthy(`no conditions: a ${kind} writes none`) : unhealthy(`no conditions yet: no Crossplane controller reconciled this ${kind}`);
  }
  const synced = conditionOf(conditions, 'Synced');
  if (synced?.status === 'False' && synced.reason !== pausedReason) return unhealthy(conditionReason(synced, 'Synced'));
  const lastAsync = conditionOf(conditions, 'LastAsyncOperation');
  if (lastAsync?.status === 'False') return unhealthy(conditionReason(lastAsync, 'LastAsyncOperation'));
  const readiness = readinessTypes.flatMap((type) => {
    const condition = conditionOf(conditions, type);
    return condition === undefined ? [] : [{ type, condition }];
  });
  const notReady = readiness.find(({ condition }) => condition.status !== 'True');
  if (notReady !== undefined) return unhealthy(conditionReason(notReady.condition, notReady.type));
  const paused = synced?.reason === pausedReason ? `, ${conditionReason(synced, 'Synced')}` : '';
  // Synced alone says the provider reconciled without error, not that the external resource is there yet.
  if (readiness.length === 0) return unhealthy(`no readiness condition (Ready, Healthy, Established…), ${conditionReason(synced, 'Synced')}`);
  return healthy(`${readiness.map(({ condition, type }) => conditionReason(condition as Condition, type)).join(', ')}${paused}`);
}
