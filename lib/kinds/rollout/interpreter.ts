// Argo Rollouts' Rollout interpreter: a pod-template workload (replicas, requirements, revision) with its own
// retention, status, health and dependencies, following what Argo Rollouts' controller and `kubectl argo rollouts`
// write and what Argo CD reports (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent } from '../../interpreter/replicated';
import type { JsonValue } from '../../review/json';
import { agreedValue, membersOf, rankFrom, setOrRemove, sumCounters, worstMember } from '../../shapes/aggregation';
import { namespaceOf, NamedReferences, templateDependencies } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { conditionReason, countReason, generationReason, healthy, unhealthy, valueReason } from '../../shapes/health';
import { podTemplateWorkload } from '../../shapes/pod-template-workload';
import { keepMemberValue, retainsReplicas } from '../../shapes/retention';
import { argoApiVersion, ingressApiVersion, rollout as rolloutIdentity } from './identity';
import {
  readReflectedStatus,
  readRollout,
  type AnalysisTemplateRef,
  type PauseCondition,
  type ReflectedStatus,
  type Rollout,
  type RolloutCondition,
  type RolloutStatus,
} from './schema';

/** The controller records the workloadRef's generation here (annotations.WorkloadGenerationAnnotation). */
const workloadGenerationAnnotation = 'rollout.argoproj.io/workload-generation';

type Request = TypedRequest<Rollout>;

/** `spec.replicas` and `spec.template`, the count defaulting to 1 as the Rollout CRD and Argo's `GetReplicasOrDefault` do. */
const shape = podTemplateWorkload<Rollout>({ defaultReplicas: 1 });
const desiredReplicasOf = shape.desiredReplicas;

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

function interpretReplica(request: Request) {
  // With workloadRef the pod template lives in another object this request does not carry: say nothing rather than guess.
  if (request.object.spec?.workloadRef !== undefined) return { replicas: desiredReplicasOf(request.object) };
  return shape.operations.InterpretReplica(request);
}

// ---- Retain ----

/** The later of two RFC 3339 times (an unparsable one loses; the CRD validates the format, so that is theory). */
function laterTime(desired: string | undefined, observed: string | undefined): string | undefined {
  if (observed === undefined) return desired;
  if (desired === undefined) return observed;
  const desiredTime = Date.parse(desired);
  const observedTime = Date.parse(observed);
  if (Number.isNaN(observedTime)) return desired;
  if (Number.isNaN(desiredTime)) return observed;
  return observedTime > desiredTime ? observed : desired;
}

/**
 * Keeps what the member cluster owns. Status is not touched: Karmada prunes it from the Work and updates the member
 * through the main resource, which ignores `.status` (the CRD has a status subresource), so the controller's status
 * and the plugin's status edits (promote, abort, retry) survive without us.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();

  // pause (spec.paused: true) and promote (spec.paused: false) on the member: the member's value wins once it has one.
  keepMemberValue(patch, ['spec', 'paused'], observed.spec?.paused, 'template');

  // restart on the member sets spec.restartAt: the later of the two times (a restart asked on either side happens).
  const restartAt = laterTime(object.spec?.restartAt, observed.spec?.restartAt);
  if (restartAt !== undefined && restartAt !== object.spec?.restartAt) patch.add(['spec', 'restartAt'], restartAt);

  if (retainsReplicas(object.metadata) && observed.spec?.replicas !== undefined) patch.add(['spec', 'replicas'], observed.spec.replicas);
  return patch.operations;
}

// ---- InterpretStatus ----

/** The fields of a member's status the control plane needs, in the shapes the controller wrote them. */
const reflectedFields = [
  'replicas',
  'updatedReplicas',
  'readyReplicas',
  'availableReplicas',
  'HPAReplicas',
  'selector',
  'phase',
  'message',
  'observedGeneration',
  'currentPodHash',
  'stableRS',
  'currentStepIndex',
  'pauseConditions',
  'conditions',
  'abort',
  'canary',
  'blueGreen',
] as const satisfies readonly (keyof RolloutStatus)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

// ---- InterpretHealth ----

/** Argo CD's health of a Rollout (resource_customizations/argoproj.io/Rollout/health.lua). */
type ArgoHealth = 'Healthy' | 'Progressing' | 'Suspended' | 'Degraded';

const degradedReasons = new Set(['RolloutAborted', 'ProgressDeadlineExceeded']);

function hasCondition(status: RolloutStatus, test: (condition: RolloutCondition) => boolean): boolean {
  return (status.conditions ?? []).some(test);
}

/**
 * Argo's isGenerationObserved: a numeric observedGeneration must equal metadata.generation (a pre-v0.10 hash counts
 * as observed). Undefined when observed; otherwise the generations, for the reason.
 */
function generationLag(object: Rollout, status: RolloutStatus): string | undefined {
  const generation = object.metadata.generation;
  const observed = status.observedGeneration ?? '';
  if (generation === undefined || !/^[0-9]{1,18}$/.test(observed)) return undefined;
  const observedNumber = Number(observed);
  return observedNumber >= generation ? undefined : generationReason(observedNumber, generation);
}

/**
 * Argo's isWorkloadGenerationObserved (a workloadRef Rollout whose Deployment changed and was not yet observed).
 * Undefined when observed; otherwise the two generations, for the reason.
 */
function workloadGenerationLag(object: Rollout, status: RolloutStatus): string | undefined {
  const annotation = object.metadata.annotations?.[workloadGenerationAnnotation];
  if (object.spec?.workloadRef === undefined || annotation === undefined) return undefined;
  if (Number(annotation) === Number(status.workloadObservedGeneration)) return undefined;
  return `${valueReason('status.workloadObservedGeneration', status.workloadObservedGeneration)} != ${workloadGenerationAnnotation} ${annotation}`;
}

/**
 * Argo CD's mapping, for a status its controller has reconciled (phase first, conditions for pre-v1.0 controllers),
 * with what decided it.
 */
function argoHealthOf(object: Rollout, status: RolloutStatus): { health: ArgoHealth; reason: string } {
  const lag = generationLag(object, status) ?? workloadGenerationLag(object, status);
  if (lag !== undefined) return { health: 'Progressing', reason: lag };
  const pauses = status.pauseConditions ?? [];
  if (status.controllerPause === true && pauses.length === 0) return { health: 'Progressing', reason: 'status.controllerPause without pauseConditions (unpausing)' };
  const phase = valueReason('phase', status.phase);
  switch (status.phase) {
    case 'Healthy':
    case 'Progressing':
      return { health: status.phase, reason: phase };
    case 'Degraded': {
      // The phase says Degraded; InvalidSpec, or the Progressing condition's reason (RolloutAborted…), says why.
      const conditions = status.conditions ?? [];
      const why = conditions.find((c) => c.type === 'InvalidSpec') ?? conditions.find((c) => c.type === 'Progressing');
      return { health: 'Degraded', reason: why === undefined ? phase : `${phase}, ${conditionReason(why, why.type)}` };
    }
    case 'Paused':
      return { health: 'Suspended', reason: phase };
  }
  const degrading = (status.conditions ?? []).find((c) => c.type === 'InvalidSpec' || (c.type === 'Progressing' && degradedReasons.has(c.reason ?? '')));
  if (degrading !== undefined) return { health: 'Degraded', reason: conditionReason(degrading, degrading.type) };
  if (pauses.length > 0) return { health: 'Suspended', reason: valueReason('status.pauseConditions[0].reason', pauses[0]!.reason) };
  if (object.spec?.paused === true) return { health: 'Suspended', reason: 'spec.paused' };
  // Progressing or Healthy: the same answer for Karmada.
  return { health: 'Progressing', reason: `${phase}, no InvalidSpec nor degraded Progressing condition` };
}

/**
 * An aborted update whose stable ReplicaSet serves at full strength: the canary was rolled back on purpose (a failed
 * analysis, `kubectl argo rollouts abort`) and the stable version runs as before. The reason when so, else undefined.
 */
function abortedOnStable(object: Rollout, status: RolloutStatus): string | undefined {
  if (hasCondition(status, (c) => c.type === 'InvalidSpec')) return undefined;
  if (!hasCondition(status, (c) => c.type === 'Progressing' && c.reason === 'RolloutAborted')) return undefined;
  const stableRS = status.stableRS ?? '';
  const desired = desiredReplicasOf(object);
  if (stableRS === '' || (status.availableReplicas ?? 0) < desired) return undefined;
  // Blue-green: the active Service must point back at the stable ReplicaSet.
  if (object.spec?.strategy?.blueGreen !== undefined && status.blueGreen?.activeSelector !== stableRS) return undefined;
  return `RolloutAborted back to stableRS (${countReason('availableReplicas', status.availableReplicas, '>=', 'replicas', desired)})`;
}

function interpretHealth({ object }: Request) {
  const status = object.status;
  // No status, or one no controller reconciled: no Argo Rollouts controller runs there (or not yet).
  if (status === undefined) return unhealthy('no status');
  if ((status.observedGeneration ?? '') === '') return unhealthy(valueReason('status.observedGeneration', status.observedGeneration));
  const { health, reason } = argoHealthOf(object, status);
  if (health !== 'Degraded') return healthy(`${health}: ${reason}`);
  const aborted = abortedOnStable(object, status);
  return aborted === undefined ? unhealthy(`Degraded: ${reason}`) : healthy(aborted);
}

// ---- AggregateStatus ----

/** Best first: the aggregate's phase is the worst member's. An unknown phase ranks as Progressing. */
const phaseRank = rankFrom(['Healthy', 'Paused', 'Progressing', 'Degraded'], 'Progressing');

/** Values that cannot be merged: kept when every member reports the same one, left out otherwise. */
const agreedFields = ['currentPodHash', 'stableRS', 'currentStepIndex', 'selector', 'canary', 'blueGreen'] as const;
const summedFields = ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'HPAReplicas'] as const;

/** Whether `a` started before `b` (a condition with a start time before one without). */
function startsEarlier(a: PauseCondition, b: PauseCondition): boolean {
  const aTime = a.startTime === undefined ? Number.NaN : Date.parse(a.startTime);
  const bTime = b.startTime === undefined ? Number.NaN : Date.parse(b.startTime);
  if (Number.isNaN(aTime)) return false;
  return Number.isNaN(bTime) || aTime < bTime;
}

/** Every pause reason any member is paused for, once, with the earliest start time among those members. */
function unitedPauseConditions(statuses: readonly ReflectedStatus[]): PauseCondition[] {
  const byReason = new Map<string, PauseCondition>();
  for (const status of statuses) {
    for (const condition of status.pauseConditions ?? []) {
      const known = byReason.get(condition.reason);
      if (known === undefined || startsEarlier(condition, known)) byReason.set(condition.reason, condition);
    }
  }
  return [...byReason.values()];
}

/** Argo writes observedGeneration as a string: a number only where it is one (a pre-v0.10 hash is not). */
const observedNumber = (observed: string | undefined) => (observed !== undefined && /^[0-9]{1,18}$/.test(observed) ? Number(observed) : undefined);

function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();

  const totals = sumCounters(statuses, summedFields);
  for (const name of summedFields) {
    const reported = name !== 'HPAReplicas' || statuses.some((status) => status.HPAReplicas !== undefined);
    setOrRemove(patch, name, reported ? totals[name] : undefined);
  }

  // Phase, message and conditions come from one member, the worst (the first in Karmada's order among equals), so they agree.
  const lead = worstMember(members.reporting, (status) => phaseRank(status.phase));
  setOrRemove(patch, 'phase', lead?.status.phase);
  const message = lead?.status.message;
  // The member's name leads the message when Karmada gives one (an item may come without clusterName).
  const prefix = lead === undefined || lead.clusterName === '' ? '' : `${lead.clusterName}: `;
  setOrRemove(patch, 'message', lead === undefined || message === undefined || message === '' ? undefined : `${prefix}${message}`);
  setOrRemove(patch, 'conditions', lead?.status.conditions);

  for (const name of agreedFields) setOrRemove(patch, name, agreedValue(members, (status) => status[name] as JsonValue | undefined));

  setOrRemove(patch, 'abort', statuses.some((status) => status.abort === true) ? true : undefined);
  const pauseConditions = unitedPauseConditions(statuses);
  setOrRemove(patch, 'pauseConditions', pauseConditions.length > 0 ? pauseConditions : undefined);

  // Argo's observedGeneration is a string; set only when every member observed the current template, else left as
  // it is (also with no members at all: nothing observed it).
  const reported = statuses.map((status) => ({ ...status, observedGeneration: observedNumber(status.observedGeneration) }));
  if (observedByEveryMember(object.metadata.generation, { members: members.listed, reported }, false)) {
    patch.add(['status', 'observedGeneration'], String(object.metadata.generation));
  }
  return patch.operations;
}

// ---- InterpretDependency ----

function interpretDependency({ object, namespace }: Request) {
  const spec = object.spec;
  const canary = spec?.strategy?.canary;
  const blueGreen = spec?.strategy?.blueGreen;
  // Services, Ingresses, the workloadRef and analysis templates the strategy names, after the template's references.
  const named = new NamedReferences(namespaceOf(object.metadata, namespace));
  named.addAll('v1', 'Service', [
    canary?.canaryService,
    canary?.stableService,
    canary?.pingPong?.pingService,
    canary?.pingPong?.pongService,
    canary?.trafficRouting?.alb?.rootService,
    blueGreen?.activeService,
    blueGreen?.previewService,
  ]);
  named.add(ingressApiVersion, 'Ingress', canary?.trafficRouting?.nginx?.stableIngress);
  named.addAll(ingressApiVersion, 'Ingress', canary?.trafficRouting?.nginx?.stableIngresses);
  named.add(ingressApiVersion, 'Ingress', canary?.trafficRouting?.alb?.ingress);
  named.addAll(ingressApiVersion, 'Ingress', canary?.trafficRouting?.alb?.ingresses);
  const workloadRef = spec?.workloadRef;
  if (workloadRef?.apiVersion && workloadRef.kind) named.add(workloadRef.apiVersion, workloadRef.kind, workloadRef.name);
  const analyses = (refs: readonly AnalysisTemplateRef[] | undefined) => {
    for (const ref of refs ?? []) {
      const clusterScoped = ref.clusterScope === true;
      named.add(argoApiVersion, clusterScoped ? 'ClusterAnalysisTemplate' : 'AnalysisTemplate', ref.templateName, { clusterScoped });
    }
  };
  analyses(canary?.analysis?.templates);
  for (const step of canary?.steps ?? []) {
    analyses(step.analysis?.templates);
    analyses(step.experiment?.analyses);
  }
  analyses(blueGreen?.prePromotionAnalysis?.templates);
  analyses(blueGreen?.postPromotionAnalysis?.templates);
  const { template, path } = shape.templateOf(object);
  return { dependencies: [...templateDependencies(template, path, namespaceOf(object.metadata, namespace)), ...named.list()] };
}

export const rolloutInterpreter = defineInterpreter<Rollout>({
  ...rolloutIdentity,
  decode: readRollout,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: shape.operations.ReviseReplica,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
