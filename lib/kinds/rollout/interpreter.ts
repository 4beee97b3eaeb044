// Argo Rollouts' Rollout interpreter: replicas, retention, status, health and dependencies, following what Argo
// Rollouts' controller and `kubectl argo rollouts` write and what Argo CD reports (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent, replicasAndRequirements, reviseSpecReplicas } from '../../interpreter/replicated';
import { memberStatusesOf } from '../../interpreter/member-statuses';
import { templateDependenciesOf } from '../../interpreter/pod-template';
import { invalidInput } from '../../interpreter/wire/errors';
import { int32Max } from '../../review/json';
import type { PatchBuilder } from '../../review/patch';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import type { JsonObject, JsonValue } from '../../review/json';
import { FieldFailure } from '../../review/core';
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

const retainReplicasLabel = 'resourcetemplate.karmada.io/retain-replicas';
/** Karmada puts the template's generation on every member object (work/v1alpha2 ResourceTemplateGenerationAnnotationKey). */
const templateGenerationAnnotation = 'resourcetemplate.karmada.io/generation';
/** The controller records the workloadRef's generation here (annotations.WorkloadGenerationAnnotation). */
const workloadGenerationAnnotation = 'rollout.argoproj.io/workload-generation';

type Request = TypedRequest<Rollout>;

/** `spec.replicas`, defaulting to 1 as the Rollout CRD and Argo's `GetReplicasOrDefault` do. */
function desiredReplicasOf(object: Rollout): number {
  return object.spec?.replicas ?? 1;
}

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

function interpretReplica({ object }: Request) {
  const replicas = desiredReplicasOf(object);
  // With workloadRef the pod template lives in another object this request does not carry: say nothing rather than guess.
  if (object.spec?.workloadRef !== undefined) return { replicas };
  return replicasAndRequirements(replicas, object.spec?.template);
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
  const paused = observed.spec?.paused;
  if (paused !== undefined) patch.add(['spec', 'paused'], paused);

  // restart on the member sets spec.restartAt: the later of the two times (a restart asked on either side happens).
  const restartAt = laterTime(object.spec?.restartAt, observed.spec?.restartAt);
  if (restartAt !== undefined && restartAt !== object.spec?.restartAt) patch.add(['spec', 'restartAt'], restartAt);

  if (object.metadata.labels?.[retainReplicasLabel] === 'true') {
    const observedReplicas = observed.spec?.replicas;
    if (observedReplicas !== undefined) patch.add(['spec', 'replicas'], observedReplicas);
  }
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

function templateGenerationOf(object: Rollout): number | undefined {
  const text = object.metadata.annotations?.[templateGenerationAnnotation];
  if (text === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,17})$/.test(text)) {
    throw new FieldFailure(`object.metadata.annotations[${templateGenerationAnnotation}]`, `must be a generation (a non-negative integer), got ${JSON.stringify(text.slice(0, 40))}`);
  }
  return Number(text);
}

function interpretStatus({ object }: Request) {
  const rawStatus: JsonObject = {};
  const status = object.status ?? {};
  for (const name of reflectedFields) {
    const value = status[name];
    if (value !== undefined) rawStatus[name] = value as JsonValue;
  }
  if (object.metadata.generation !== undefined) rawStatus.generation = object.metadata.generation;
  const templateGeneration = templateGenerationOf(object);
  if (templateGeneration !== undefined) rawStatus.resourceTemplateGeneration = templateGeneration;
  return { rawStatus };
}

// ---- InterpretHealth ----

/** Argo CD's health of a Rollout (resource_customizations/argoproj.io/Rollout/health.lua). */
type ArgoHealth = 'Healthy' | 'Progressing' | 'Suspended' | 'Degraded';

const degradedReasons = new Set(['RolloutAborted', 'ProgressDeadlineExceeded']);

function hasCondition(status: RolloutStatus, test: (condition: RolloutCondition) => boolean): boolean {
  return (status.conditions ?? []).some(test);
}

/** Argo's isGenerationObserved: a numeric observedGeneration must equal metadata.generation (a pre-v0.10 hash counts as observed). */
function generationObserved(object: Rollout, status: RolloutStatus): boolean {
  const generation = object.metadata.generation;
  const observed = status.observedGeneration ?? '';
  if (generation === undefined || !/^[0-9]{1,18}$/.test(observed)) return true;
  const observedNumber = Number(observed);
  return observedNumber > generation || observedNumber === generation;
}

/** Argo's isWorkloadGenerationObserved (a workloadRef Rollout whose Deployment changed and was not yet observed). */
function workloadGenerationObserved(object: Rollout, status: RolloutStatus): boolean {
  const annotation = object.metadata.annotations?.[workloadGenerationAnnotation];
  if (object.spec?.workloadRef === undefined || annotation === undefined) return true;
  return Number(annotation) === Number(status.workloadObservedGeneration);
}

/** Argo CD's mapping, for a status its controller has reconciled (phase first, conditions for pre-v1.0 controllers). */
function argoHealthOf(object: Rollout, status: RolloutStatus): ArgoHealth {
  if (!generationObserved(object, status) || !workloadGenerationObserved(object, status)) return 'Progressing';
  if (status.controllerPause === true && (status.pauseConditions ?? []).length === 0) return 'Progressing'; // unpausing
  switch (status.phase) {
    case 'Healthy':
    case 'Progressing':
    case 'Degraded':
      return status.phase;
    case 'Paused':
      return 'Suspended';
  }
  if (hasCondition(status, (c) => c.type === 'InvalidSpec' || (c.type === 'Progressing' && degradedReasons.has(c.reason ?? '')))) return 'Degraded';
  if ((status.pauseConditions ?? []).length > 0 || object.spec?.paused === true) return 'Suspended';
  return 'Progressing'; // Progressing or Healthy: the same answer for Karmada
}

/**
 * An aborted update whose stable ReplicaSet serves at full strength: the canary was rolled back on purpose (a failed
 * analysis, `kubectl argo rollouts abort`) and the stable version runs as before.
 */
function abortedOnStable(object: Rollout, status: RolloutStatus): boolean {
  if (hasCondition(status, (c) => c.type === 'InvalidSpec')) return false;
  if (!hasCondition(status, (c) => c.type === 'Progressing' && c.reason === 'RolloutAborted')) return false;
  const stableRS = status.stableRS ?? '';
  if (stableRS === '' || (status.availableReplicas ?? 0) < desiredReplicasOf(object)) return false;
  // Blue-green: the active Service must point back at the stable ReplicaSet.
  if (object.spec?.strategy?.blueGreen !== undefined && status.blueGreen?.activeSelector !== stableRS) return false;
  return true;
}

function interpretHealth({ object }: Request) {
  const status = object.status;
  // No status, or one no controller reconciled: no Argo Rollouts controller runs there (or not yet).
  if (status === undefined || (status.observedGeneration ?? '') === '') return { healthy: false };
  const health = argoHealthOf(object, status);
  return { healthy: health !== 'Degraded' || abortedOnStable(object, status) };
}

// ---- AggregateStatus ----

/** Worst first: the aggregate's phase is the worst member's. An unknown phase ranks as Progressing. */
const phaseRank: Readonly<Record<string, number>> = { Healthy: 0, Paused: 1, Progressing: 2, Degraded: 3 };
const rankOf = (phase: string): number => phaseRank[phase] ?? phaseRank.Progressing!;

/** Values that cannot be merged: kept when every member reports the same one, left out otherwise. */
const agreedFields = ['currentPodHash', 'stableRS', 'currentStepIndex', 'selector', 'canary', 'blueGreen'] as const;
const summedFields = ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'HPAReplicas'] as const;

function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as JsonValue[]).length && a.every((item, i) => sameJson(item, (b as JsonValue[])[i]));
  const aKeys = Object.keys(a);
  const bObject = b as JsonObject;
  return aKeys.length === Object.keys(bObject).length && aKeys.every((key) => Object.hasOwn(bObject, key) && sameJson(a[key], bObject[key]));
}

function setOrRemove(patch: PatchBuilder, name: string, value: JsonValue | undefined): void {
  if (value === undefined) patch.remove(['status', name]);
  else patch.add(['status', name], value);
}

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

function observedEverywhere(object: Rollout, items: number, statuses: readonly ReflectedStatus[]): boolean {
  const templateGeneration = object.metadata.generation;
  if (templateGeneration === undefined || items === 0 || statuses.length !== items) return false;
  return statuses.every((status) => {
    const observed = status.observedGeneration ?? '';
    if (!/^[0-9]{1,18}$/.test(observed) || status.generation === undefined || status.resourceTemplateGeneration === undefined) return false;
    return Number(observed) >= status.generation && status.resourceTemplateGeneration >= templateGeneration;
  });
}

function aggregateStatus({ object, aggregatedStatus, patch: newPatch }: Request) {
  const members = memberStatusesOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.map(({ status }) => status);
  const itemCount = aggregatedStatus?.length ?? 0;
  const patch = newPatch();

  for (const name of summedFields) {
    let sum = 0;
    for (const status of statuses) sum += status[name] ?? 0;
    if (sum > int32Max) throw invalidInput(`the aggregated status.${name} (${sum}) does not fit in an int32`);
    if (name !== 'HPAReplicas' || statuses.some((status) => status.HPAReplicas !== undefined)) patch.add(['status', name], sum);
    else patch.remove(['status', name]);
  }

  // Phase, message and conditions come from one member, the worst (the first by cluster name among equals), so they agree.
  let lead: { clusterName: string; status: ReflectedStatus } | undefined;
  for (const member of members) {
    if (member.status.phase === undefined) continue;
    if (lead === undefined || rankOf(member.status.phase) > rankOf(lead.status.phase!)) lead = member;
  }
  setOrRemove(patch, 'phase', lead?.status.phase);
  const message = lead?.status.message;
  // The member's name leads the message when Karmada gives one (an item may come without clusterName).
  const prefix = lead === undefined || lead.clusterName === '' ? '' : `${lead.clusterName}: `;
  setOrRemove(patch, 'message', lead === undefined || message === undefined || message === '' ? undefined : `${prefix}${message}`);
  setOrRemove(patch, 'conditions', lead?.status.conditions);

  for (const name of agreedFields) {
    const first = statuses[0]?.[name] as JsonValue | undefined;
    const agreed = statuses.length === itemCount && first !== undefined && statuses.every((status) => sameJson(status[name] as JsonValue | undefined, first));
    setOrRemove(patch, name, agreed ? first : undefined);
  }

  setOrRemove(patch, 'abort', statuses.some((status) => status.abort === true) ? true : undefined);
  const pauseConditions = unitedPauseConditions(statuses);
  setOrRemove(patch, 'pauseConditions', pauseConditions.length > 0 ? pauseConditions : undefined);

  // Argo's observedGeneration is a string; set only when every member observed the current template, else left as it is.
  if (observedEverywhere(object, itemCount, statuses)) patch.add(['status', 'observedGeneration'], String(object.metadata.generation));
  return patch.operations;
}

// ---- InterpretDependency ----

function interpretDependency({ object, namespace }: Request) {
  const objectNamespace = object.metadata.namespace;
  const ns = objectNamespace !== undefined && objectNamespace !== '' ? objectNamespace : namespace;
  const spec = object.spec;
  const references = templateDependenciesOf(spec?.template, 'object.spec.template', ns);

  const named = new Map<string, Set<string>>();
  const note = (group: string, name: string | undefined) => {
    if (name === undefined || name === '') return;
    let names = named.get(group);
    if (names === undefined) named.set(group, (names = new Set()));
    names.add(name);
  };
  const noteAnalysis = (refs: readonly AnalysisTemplateRef[] | undefined) => {
    for (const ref of refs ?? []) note(ref.clusterScope === true ? 'ClusterAnalysisTemplate' : 'AnalysisTemplate', ref.templateName);
  };

  const canary = spec?.strategy?.canary;
  const blueGreen = spec?.strategy?.blueGreen;
  note('Service', canary?.canaryService);
  note('Service', canary?.stableService);
  note('Service', canary?.pingPong?.pingService);
  note('Service', canary?.pingPong?.pongService);
  note('Service', canary?.trafficRouting?.alb?.rootService);
  note('Service', blueGreen?.activeService);
  note('Service', blueGreen?.previewService);
  note('Ingress', canary?.trafficRouting?.nginx?.stableIngress);
  for (const name of canary?.trafficRouting?.nginx?.stableIngresses ?? []) note('Ingress', name);
  note('Ingress', canary?.trafficRouting?.alb?.ingress);
  for (const name of canary?.trafficRouting?.alb?.ingresses ?? []) note('Ingress', name);
  noteAnalysis(canary?.analysis?.templates);
  for (const step of canary?.steps ?? []) {
    noteAnalysis(step.analysis?.templates);
    noteAnalysis(step.experiment?.analyses);
  }
  noteAnalysis(blueGreen?.prePromotionAnalysis?.templates);
  noteAnalysis(blueGreen?.postPromotionAnalysis?.templates);

  const add = (apiVersion: string, kind: string, names: Iterable<string>, namespaced: boolean) => {
    for (const name of [...names].sort()) {
      const reference: DependentObjectReference = { apiVersion, kind, name };
      if (namespaced && ns !== undefined && ns !== '') reference.namespace = ns;
      references.push(reference);
    }
  };
  add('v1', 'Service', named.get('Service') ?? [], true);
  add(ingressApiVersion, 'Ingress', named.get('Ingress') ?? [], true);
  const workloadRef = spec?.workloadRef;
  if (workloadRef?.apiVersion && workloadRef.kind && workloadRef.name) add(workloadRef.apiVersion, workloadRef.kind, [workloadRef.name], true);
  add(argoApiVersion, 'AnalysisTemplate', named.get('AnalysisTemplate') ?? [], true);
  add(argoApiVersion, 'ClusterAnalysisTemplate', named.get('ClusterAnalysisTemplate') ?? [], false);
  return { dependencies: references };
}

export const rolloutInterpreter = defineInterpreter<Rollout>({
  ...rolloutIdentity,
  decode: readRollout,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseSpecReplicas,
    Retain: retain,
    AggregateStatus: aggregateStatus,
    InterpretStatus: interpretStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
