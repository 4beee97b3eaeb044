// The Rollout's one reader: turns an object into the typed Rollout, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types below are hand-written from Argo Rollouts v1.8.3's
// pkg/apis/rollouts/v1alpha1/types.go (json tags), for those fields only (see README.md, "Types").
import { arrayField, booleanField, checkListLength, countField, fieldPath, fieldValue, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { describeJson } from '../../review/json';
import type { JsonObject } from '../../review/json';
import { FieldFailure } from '../../review/core';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';

/** Argo's bound for lists (steps, analysis templates, ingresses, conditions): generous, as for pod templates. */
const maxItems = podTemplateLimits.listItems;

export interface Rollout {
  metadata: ObjectMetaView;
  spec?: RolloutSpec;
  status?: RolloutStatus;
}

export interface RolloutSpec {
  /** Defaults to 1 (the Rollout type documents it; `defaults.GetReplicasOrDefault`). */
  replicas?: number;
  template?: PodTemplateSpec;
  /** A workload that provides the pod template instead of `template` (Argo Rollouts ≥ 1.1). */
  workloadRef?: ObjectRef;
  paused?: boolean;
  /** RFC 3339 time at which every pod is restarted (`kubectl argo rollouts restart`). */
  restartAt?: string;
  strategy?: RolloutStrategy;
}

export interface ObjectRef {
  apiVersion?: string;
  kind?: string;
  name?: string;
}

export interface RolloutStrategy {
  canary?: CanaryStrategy;
  blueGreen?: BlueGreenStrategy;
}

export interface CanaryStrategy {
  canaryService?: string;
  stableService?: string;
  pingPong?: { pingService?: string; pongService?: string };
  /** Background analysis (`RolloutAnalysisBackground`, inlining `RolloutAnalysis`). */
  analysis?: RolloutAnalysis;
  steps?: CanaryStep[];
  trafficRouting?: TrafficRouting;
}

export interface CanaryStep {
  analysis?: RolloutAnalysis;
  experiment?: { analyses?: AnalysisTemplateRef[] };
}

export interface RolloutAnalysis {
  templates?: AnalysisTemplateRef[];
}

/** `AnalysisTemplateRef` and the experiment's `RolloutExperimentStepAnalysisTemplateRef` share these two fields. */
export interface AnalysisTemplateRef {
  templateName?: string;
  /** true: a ClusterAnalysisTemplate (cluster-scoped); otherwise an AnalysisTemplate in the Rollout's namespace. */
  clusterScope?: boolean;
}

export interface TrafficRouting {
  nginx?: { stableIngress?: string; stableIngresses?: string[] };
  alb?: { ingress?: string; ingresses?: string[]; rootService?: string };
}

export interface BlueGreenStrategy {
  activeService?: string;
  previewService?: string;
  prePromotionAnalysis?: RolloutAnalysis;
  postPromotionAnalysis?: RolloutAnalysis;
}

/** Argo's `RolloutPhase` (v1.0+); another string may come from a controller this reader does not know. */
export type RolloutPhase = 'Healthy' | 'Progressing' | 'Paused' | 'Degraded';

/** A `RolloutCondition`: the fields health reads, on the object as the controller wrote it (passed through whole). */
export type RolloutCondition = JsonObject & {
  type: string;
  status?: string;
  reason?: string;
  message?: string;
};

export type PauseCondition = JsonObject & {
  reason: string;
  /** RFC 3339. */
  startTime?: string;
};

/** The fields of `RolloutStatus` the interpreter reads (a member's status, or the control plane's aggregate). */
export interface RolloutStatus {
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  /** The scale subresource's `statusReplicasPath` (an HPA or FederatedHPA reads it). */
  HPAReplicas?: number;
  /** The scale subresource's `labelSelectorPath`. */
  selector?: string;
  phase?: string;
  message?: string;
  /** A string in Argo (`strconv.Itoa(metadata.generation)`; a template hash before v0.10). */
  observedGeneration?: string;
  currentPodHash?: string;
  stableRS?: string;
  currentStepIndex?: number;
  pauseConditions?: PauseCondition[];
  controllerPause?: boolean;
  abort?: boolean;
  conditions?: RolloutCondition[];
  /** Passed through as the controller wrote them (`CanaryStatus`, `BlueGreenStatus`). */
  canary?: JsonObject;
  blueGreen?: BlueGreenStatusView;
  workloadObservedGeneration?: string;
}

export type BlueGreenStatusView = JsonObject & { activeSelector?: string };

/** What InterpretStatus reflects beyond the member's status: the generations AggregateStatus compares. */
export type ReflectedStatus = RolloutStatus & Omit<ReportedGenerations, 'observedGeneration'>;

const at = fieldPath;

function stringItems(parent: JsonObject | undefined, name: string, path: string): string[] | undefined {
  if (fieldValue(parent, name) === undefined) return undefined;
  const list = arrayField(parent, name, path);
  checkListLength(list.length, maxItems, path);
  return list.map((item, index) => {
    if (typeof item !== 'string') throw new FieldFailure(`${path}[${index}]`, `must be a string, got ${describeJson(item)}`);
    return item;
  });
}

function templateRefs(parent: JsonObject | undefined, name: string, path: string): AnalysisTemplateRef[] | undefined {
  if (fieldValue(parent, name) === undefined) return undefined;
  return objectItems(parent, name, path, maxItems).map(({ item, path: itemPath }) => ({
    templateName: stringField(item, 'templateName', at(itemPath, 'templateName')),
    clusterScope: booleanField(item, 'clusterScope', at(itemPath, 'clusterScope')),
  }));
}

function analysisOf(parent: JsonObject | undefined, name: string, path: string): RolloutAnalysis | undefined {
  const analysis = objectField(parent, name, path);
  if (analysis === undefined) return undefined;
  return { templates: templateRefs(analysis, 'templates', at(path, 'templates')) };
}

function canaryOf(strategy: JsonObject | undefined, path: string): CanaryStrategy | undefined {
  const canary = objectField(strategy, 'canary', path);
  if (canary === undefined) return undefined;
  const pingPong = objectField(canary, 'pingPong', at(path, 'pingPong'));
  const routing = objectField(canary, 'trafficRouting', at(path, 'trafficRouting'));
  const routingPath = at(path, 'trafficRouting');
  const nginx = objectField(routing, 'nginx', at(routingPath, 'nginx'));
  const alb = objectField(routing, 'alb', at(routingPath, 'alb'));
  const stepsPath = at(path, 'steps');
  const steps = fieldValue(canary, 'steps') === undefined
    ? undefined
    : objectItems(canary, 'steps', stepsPath, maxItems).map(({ item, path: stepPath }) => {
        const experiment = objectField(item, 'experiment', at(stepPath, 'experiment'));
        const step: CanaryStep = { analysis: analysisOf(item, 'analysis', at(stepPath, 'analysis')) };
        if (experiment !== undefined) step.experiment = { analyses: templateRefs(experiment, 'analyses', at(stepPath, 'experiment.analyses')) };
        return step;
      });
  return {
    canaryService: stringField(canary, 'canaryService', at(path, 'canaryService')),
    stableService: stringField(canary, 'stableService', at(path, 'stableService')),
    pingPong: pingPong === undefined ? undefined : {
      pingService: stringField(pingPong, 'pingService', at(path, 'pingPong.pingService')),
      pongService: stringField(pingPong, 'pongService', at(path, 'pingPong.pongService')),
    },
    analysis: analysisOf(canary, 'analysis', at(path, 'analysis')),
    steps,
    trafficRouting: routing === undefined ? undefined : {
      nginx: nginx === undefined ? undefined : {
        stableIngress: stringField(nginx, 'stableIngress', at(routingPath, 'nginx.stableIngress')),
        stableIngresses: stringItems(nginx, 'stableIngresses', at(routingPath, 'nginx.stableIngresses')),
      },
      alb: alb === undefined ? undefined : {
        ingress: stringField(alb, 'ingress', at(routingPath, 'alb.ingress')),
        ingresses: stringItems(alb, 'ingresses', at(routingPath, 'alb.ingresses')),
        rootService: stringField(alb, 'rootService', at(routingPath, 'alb.rootService')),
      },
    },
  };
}

function blueGreenOf(strategy: JsonObject | undefined, path: string): BlueGreenStrategy | undefined {
  const blueGreen = objectField(strategy, 'blueGreen', path);
  if (blueGreen === undefined) return undefined;
  return {
    activeService: stringField(blueGreen, 'activeService', at(path, 'activeService')),
    previewService: stringField(blueGreen, 'previewService', at(path, 'previewService')),
    prePromotionAnalysis: analysisOf(blueGreen, 'prePromotionAnalysis', at(path, 'prePromotionAnalysis')),
    postPromotionAnalysis: analysisOf(blueGreen, 'postPromotionAnalysis', at(path, 'postPromotionAnalysis')),
  };
}

function specOf(object: JsonObject, path: string): RolloutSpec | undefined {
  const spec = objectField(object, 'spec', at(path, 'spec'));
  if (spec === undefined) return undefined;
  const specPath = at(path, 'spec');
  const workloadRef = objectField(spec, 'workloadRef', at(specPath, 'workloadRef'));
  const strategy = objectField(spec, 'strategy', at(specPath, 'strategy'));
  const strategyPath = at(specPath, 'strategy');
  return {
    replicas: countField(spec, 'replicas', at(specPath, 'replicas')),
    template: podTemplateField(spec, 'template', at(specPath, 'template')),
    workloadRef: workloadRef === undefined ? undefined : {
      apiVersion: stringField(workloadRef, 'apiVersion', at(specPath, 'workloadRef.apiVersion')),
      kind: stringField(workloadRef, 'kind', at(specPath, 'workloadRef.kind')),
      name: stringField(workloadRef, 'name', at(specPath, 'workloadRef.name')),
    },
    paused: booleanField(spec, 'paused', at(specPath, 'paused')),
    restartAt: stringField(spec, 'restartAt', at(specPath, 'restartAt')),
    strategy: strategy === undefined ? undefined : {
      canary: canaryOf(strategy, at(strategyPath, 'canary')),
      blueGreen: blueGreenOf(strategy, at(strategyPath, 'blueGreen')),
    },
  };
}

function conditionsOf(status: JsonObject, path: string): RolloutCondition[] | undefined {
  if (fieldValue(status, 'conditions') === undefined) return undefined;
  return objectItems(status, 'conditions', at(path, 'conditions'), maxItems).map(({ item, path: itemPath }) => {
    const type = stringField(item, 'type', at(itemPath, 'type'));
    if (type === undefined) throw new FieldFailure(at(itemPath, 'type'), 'is required');
    stringField(item, 'status', at(itemPath, 'status'));
    stringField(item, 'reason', at(itemPath, 'reason'));
    stringField(item, 'message', at(itemPath, 'message'));
    return item as RolloutCondition;
  });
}

function pauseConditionsOf(status: JsonObject, path: string): PauseCondition[] | undefined {
  if (fieldValue(status, 'pauseConditions') === undefined) return undefined;
  return objectItems(status, 'pauseConditions', at(path, 'pauseConditions'), maxItems).map(({ item, path: itemPath }) => {
    const reason = stringField(item, 'reason', at(itemPath, 'reason'));
    if (reason === undefined) throw new FieldFailure(at(itemPath, 'reason'), 'is required');
    stringField(item, 'startTime', at(itemPath, 'startTime'));
    return item as PauseCondition;
  });
}

/** A Rollout status as its controller wrote it (a member's, or the control plane's aggregate). Absent fields stay absent. */
export function readStatus(status: JsonObject, path: string): RolloutStatus {
  const result: RolloutStatus = {};
  const counts = ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'HPAReplicas'] as const;
  for (const name of counts) {
    const value = countField(status, name, at(path, name));
    if (value !== undefined) result[name] = value;
  }
  const strings = ['selector', 'phase', 'message', 'observedGeneration', 'currentPodHash', 'stableRS', 'workloadObservedGeneration'] as const;
  for (const name of strings) {
    const value = stringField(status, name, at(path, name));
    if (value !== undefined) result[name] = value;
  }
  // A pointer in Go: 0 is a step, not absence.
  const currentStepIndex = countField(status, 'currentStepIndex', at(path, 'currentStepIndex'));
  if (currentStepIndex !== undefined) result.currentStepIndex = currentStepIndex;
  const pauseConditions = pauseConditionsOf(status, path);
  if (pauseConditions !== undefined) result.pauseConditions = pauseConditions;
  const conditions = conditionsOf(status, path);
  if (conditions !== undefined) result.conditions = conditions;
  for (const name of ['controllerPause', 'abort'] as const) {
    const value = booleanField(status, name, at(path, name));
    if (value !== undefined) result[name] = value;
  }
  const canary = objectField(status, 'canary', at(path, 'canary'));
  if (canary !== undefined) result.canary = canary;
  const blueGreen = objectField(status, 'blueGreen', at(path, 'blueGreen'));
  if (blueGreen !== undefined) {
    stringField(blueGreen, 'activeSelector', at(path, 'blueGreen.activeSelector'));
    result.blueGreen = blueGreen as BlueGreenStatusView;
  }
  return result;
}

/** What InterpretStatus returned for a member, read back by AggregateStatus at `request.aggregatedStatus[i].status`. */
export function readReflectedStatus(status: JsonObject, path: string): ReflectedStatus {
  return Object.assign(readStatus(status, path), readReportedGenerations(status, path));
}

/** Reads every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readRollout(object: JsonObject, path: string): Rollout {
  const rollout: Rollout = { metadata: metadataOf(object, path) };
  const spec = specOf(object, path);
  if (spec !== undefined) rollout.spec = spec;
  const status = objectField(object, 'status', at(path, 'status'));
  if (status !== undefined) rollout.status = readStatus(status, at(path, 'status'));
  return rollout;
}
