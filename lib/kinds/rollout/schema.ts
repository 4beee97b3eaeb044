// The Rollout's one reader: turns an object into the typed Rollout, or a FieldFailure naming the field. It reads
// exactly the fields the interpreter uses; the types below are hand-written from Argo Rollouts v1.8.3's
// pkg/apis/rollouts/v1alpha1/types.go (json tags), for those fields only (see README.md, "Types").
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { describeJson, type JsonObject } from '../../review/json';
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

/** A list of strings, undefined when absent; a null item is refused too (Argo's `[]string` has none). */
function stringItems(parent: Cursor, name: string): string[] | undefined {
  return parent.has(name) ? parent.strings(name, maxItems) : undefined;
}

function templateRefs(parent: Cursor, name: string): AnalysisTemplateRef[] | undefined {
  if (!parent.has(name)) return undefined;
  return parent.items(name, maxItems).map((item) => ({ templateName: item.string('templateName'), clusterScope: item.boolean('clusterScope') }));
}

function analysisOf(parent: Cursor, name: string): RolloutAnalysis | undefined {
  return parent.part(name, (analysis) => ({ templates: templateRefs(analysis, 'templates') }));
}

function canaryOf(canary: Cursor): CanaryStrategy {
  const pingPong = canary.object('pingPong');
  const routing = canary.object('trafficRouting');
  const nginx = routing.object('nginx');
  const alb = routing.object('alb');
  const steps = canary.has('steps')
    ? canary.items('steps', maxItems).map((item) => {
        const experiment = item.object('experiment');
        const step: CanaryStep = { analysis: analysisOf(item, 'analysis') };
        if (experiment.present) step.experiment = { analyses: templateRefs(experiment, 'analyses') };
        return step;
      })
    : undefined;
  return {
    canaryService: canary.string('canaryService'),
    stableService: canary.string('stableService'),
    pingPong: pingPong.present ? { pingService: pingPong.string('pingService'), pongService: pingPong.string('pongService') } : undefined,
    analysis: analysisOf(canary, 'analysis'),
    steps,
    trafficRouting: routing.present
      ? {
          nginx: nginx.present ? { stableIngress: nginx.string('stableIngress'), stableIngresses: stringItems(nginx, 'stableIngresses') } : undefined,
          alb: alb.present ? { ingress: alb.string('ingress'), ingresses: stringItems(alb, 'ingresses'), rootService: alb.string('rootService') } : undefined,
        }
      : undefined,
  };
}

function blueGreenOf(blueGreen: Cursor): BlueGreenStrategy {
  return {
    activeService: blueGreen.string('activeService'),
    previewService: blueGreen.string('previewService'),
    prePromotionAnalysis: analysisOf(blueGreen, 'prePromotionAnalysis'),
    postPromotionAnalysis: analysisOf(blueGreen, 'postPromotionAnalysis'),
  };
}

function specOf(spec: Cursor): RolloutSpec {
  const workloadRef = spec.object('workloadRef');
  const strategy = spec.object('strategy');
  return {
    replicas: spec.count('replicas'),
    template: spec.podTemplate('template'),
    workloadRef: workloadRef.present ? { apiVersion: workloadRef.string('apiVersion'), kind: workloadRef.string('kind'), name: workloadRef.string('name') } : undefined,
    paused: spec.boolean('paused'),
    restartAt: spec.string('restartAt'),
    strategy: strategy.present ? { canary: strategy.part('canary', canaryOf), blueGreen: strategy.part('blueGreen', blueGreenOf) } : undefined,
  };
}

function conditionsOf(status: Cursor): RolloutCondition[] | undefined {
  if (!status.has('conditions')) return undefined;
  return status.items('conditions', maxItems).map((item) => {
    if (item.string('type') === undefined) item.fail('type', 'is required');
    item.string('status');
    item.string('reason');
    item.string('message');
    return item.value as RolloutCondition;
  });
}

function pauseConditionsOf(status: Cursor): PauseCondition[] | undefined {
  if (!status.has('pauseConditions')) return undefined;
  return status.items('pauseConditions', maxItems).map((item) => {
    if (item.string('reason') === undefined) item.fail('reason', 'is required');
    item.string('startTime');
    return item.value as PauseCondition;
  });
}

/** A Rollout status as its controller wrote it (a member's, or the control plane's aggregate). Absent fields stay absent. */
export function readStatus(status: Cursor): RolloutStatus {
  const result: RolloutStatus = {};
  for (const name of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'HPAReplicas'] as const) result[name] = status.count(name);
  for (const name of ['selector', 'phase', 'message', 'observedGeneration', 'currentPodHash', 'stableRS', 'workloadObservedGeneration'] as const) {
    result[name] = status.string(name);
  }
  // A pointer in Go: 0 is a step, not absence.
  result.currentStepIndex = status.count('currentStepIndex');
  result.pauseConditions = pauseConditionsOf(status);
  result.conditions = conditionsOf(status);
  for (const name of ['controllerPause', 'abort'] as const) result[name] = status.boolean(name);
  result.canary = status.object('canary').value;
  const blueGreen = status.object('blueGreen');
  blueGreen.string('activeSelector');
  result.blueGreen = blueGreen.value as BlueGreenStatusView | undefined;
  return defined(result);
}

/** What InterpretStatus returned for a member, read back by AggregateStatus at `request.aggregatedStatus[i].status`. */
export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

/** Reads, by part, every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readRollout(object: Cursor): Rollout {
  return readByPart<Rollout>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', readStatus),
  });
}
