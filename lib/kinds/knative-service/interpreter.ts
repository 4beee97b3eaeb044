// Knative Service's interpreter: what each member's Knative webhook writes kept, health from the Service's Ready,
// ConfigurationsReady and RoutesReady conditions, each member's status reflected and the fleet's shown, and the
// Secrets, ConfigMaps and ServiceAccount the revision template uses. No replicas: Knative's autoscaler owns the scale.
// Semantics from Knative Serving v0.51.0 (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { JsonValue } from '../../review/json';
import { agreedValue, membersOf, sameJson, setOrRemove } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { namespaceOf, templateDependencies } from '../../shapes/dependencies';
import { generationLag, observedByEveryMember, reflectFields } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';
import { creatorAnnotation, knativeService, lastModifierAnnotation } from './identity';
import { readKnativeService, readReflectedStatus, type KnativeService, type KnativeServiceStatus } from './schema';
import { onlyWebhookDefaults } from './webhook-defaults';

type Request = TypedRequest<KnativeService>;

// ---- Retain ----

/**
 * pkg/apis/serving/v1/service_validation.go (apis.ValidateCreatorAndModifier) refuses an update that changes the
 * creator annotation, or the last modifier without a spec change; the defaulting webhook (serving.SetUserInfo) rewrites
 * the last modifier when the spec changes. So the member's values always pass: kept, or removed where it has none.
 * The member's `spec.template` stays where it is the control plane's plus only what Knative's webhook added: with a
 * template name of one's own the webhook does not default an update that keeps the name (configuration_defaults.go)
 * and refuses one whose template differs (VerifyNameChange); without a name, re-sending the template without
 * `enableServiceLinks` (written at creation only) would stamp out a new Revision for nothing.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const observed = observedObject!;
  for (const key of [creatorAnnotation, lastModifierAnnotation]) {
    const member = observed.metadata.annotations?.[key];
    if (member === object.metadata.annotations?.[key]) continue;
    if (member === undefined) patch.remove(['metadata', 'annotations', key]);
    else patch.add(['metadata', 'annotations', key], member);
  }
  const desired = object.rawTemplate;
  const kept = observed.rawTemplate;
  if (desired !== undefined && kept !== undefined && !sameJson(desired, kept) && onlyWebhookDefaults(desired, kept)) patch.add(['spec', 'template'], kept);
  return patch.operations;
}

// ---- InterpretStatus, AggregateStatus ----

const reflectedFields = [
  'conditions',
  'observedGeneration',
  'url',
  'address',
  'traffic',
  'latestReadyRevisionName',
  'latestCreatedRevisionName',
] as const satisfies readonly (keyof KnativeServiceStatus)[];

/** The status the Service controller writes, field by field as the CRD declares it, and Karmada's generations. */
function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/** The Service's conditions (a LivingConditionSet): each True only where it is True in every member. */
const conditionMerge: ConditionMergeRules = { Ready: 'every', ConfigurationsReady: 'every', RoutesReady: 'every' };

/**
 * Conditions one per type (False where any member's is); `url`, `address`, `traffic` and the revision names only
 * where every member reports the same (each member's Knative names its own revisions and builds its own URLs from its
 * own domain configuration: a value from one member would send clients to that cluster alone); `observedGeneration`
 * once every member observed the template's generation. A field not agreed on is removed, never one member's.
 */
function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const patch = newPatch();
  const conditions = conditionsOnePerType(members.reporting, conditionMerge);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? (conditions as unknown as JsonValue[]) : undefined);
  for (const name of ['url', 'address', 'traffic', 'latestReadyRevisionName', 'latestCreatedRevisionName'] as const) {
    setOrRemove(patch, name, agreedValue(members, (status) => status[name] as JsonValue | undefined));
  }
  const generation = object.metadata.generation;
  const statuses = members.reporting.map(({ status }) => status);
  setOrRemove(patch, 'observedGeneration', observedByEveryMember(generation, { members: members.listed, reported: statuses }, false) ? generation : undefined);
  return patch.operations;
}

// ---- InterpretHealth ----

const dependentConditions = ['ConfigurationsReady', 'RoutesReady'] as const;

/**
 * Knative's own verdicts (service_lifecycle.go): IsReady is Ready True at the current generation, IsFailed Ready False
 * at it. Unhealthy: the controller has not seen the current spec (none there, or stuck), no Ready condition (no
 * Knative Serving reconciled it in that member), Ready or a condition it depends on False (a revision that fails, a
 * route that cannot be programmed, a name taken). Healthy: Ready True, or Unknown while a rollout is under way, which
 * Knative ends itself (a revision's progress deadline turns a stuck one False).
 */
function interpretHealth({ object }: Request): Health {
  const conditions = object.status?.conditions;
  const ready = conditionOf(conditions, 'Ready');
  if (ready === undefined) return unhealthy(conditionReason(ready, 'Ready'));
  const lag = generationLag(object.metadata, object.status?.observedGeneration);
  if (lag !== undefined) return unhealthy(`${conditionReason(ready, 'Ready')}, ${lag}`);
  const failed = [ready, ...dependentConditions.map((type) => conditionOf(conditions, type))].find((condition) => condition?.status === 'False');
  if (failed !== undefined) return unhealthy(conditionReason(failed, failed.type));
  if (ready.status === 'True') return healthy(conditionReason(ready, 'Ready'));
  if (ready.status === 'Unknown') return healthy(`${conditionReason(ready, 'Ready')}: under way`);
  return unhealthy(`${conditionReason(ready, 'Ready')}: neither True nor Unknown`);
}

// ---- InterpretDependency ----

/**
 * What the revision template's pods use (`spec.template.spec` is a PodSpec with Knative's fields beside it): the
 * ConfigMaps and Secrets of its volumes (configMap, secret, projected), env `valueFrom` and `envFrom`, its
 * `imagePullSecrets`, a ServiceAccount other than `default`, and PVCs (behind Knative's
 * kubernetes.podspec-persistent-volume-claim flag), read as Karmada reads a Deployment's template.
 */
function interpretDependency({ object, namespace }: Request) {
  return { dependencies: templateDependencies(object.template, 'object.spec.template', namespaceOf(object.metadata, namespace)) };
}

export const knativeServiceInterpreter = defineInterpreter<KnativeService>({
  ...knativeService,
  decode: readKnativeService,
  operations: {
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
