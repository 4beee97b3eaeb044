// The reasons the most intricate kinds give with their health: each names the check that decided the answer (a
// condition, a phase, a count, a generation), for a healthy answer and an unhealthy one alike. Karmada never sees a
// reason; an operator reads it in the call's log line, so it must say why in a few words.
import { describe, expect, it } from 'vitest';
import type { OperationResults, ResourceInterpreter } from '../../lib/interpreter/registry';
import type { ResourceInterpreterRequest } from '../../lib/interpreter/wire/types';
import { cnpgClusterInterpreter } from '../../lib/kinds/cnpg-cluster/interpreter';
import { flinkDeploymentInterpreter } from '../../lib/kinds/flinkdeployment/interpreter';
import { inferenceServiceInterpreter } from '../../lib/kinds/inferenceservice/interpreter';
import { rolloutInterpreter } from '../../lib/kinds/rollout/interpreter';
import { sparkApplicationInterpreter } from '../../lib/kinds/sparkapplication/interpreter';
import { volcanoJobInterpreter } from '../../lib/kinds/volcano-job/interpreter';
import type { JsonObject } from '../../lib/review/json';
import { interpreterContext, type JsonMap } from '../support/karmada';

type Case = [name: string, object: JsonObject, expected: OperationResults['InterpretHealth']];

function healthOf(interpreter: ResourceInterpreter, object: JsonObject): OperationResults['InterpretHealth'] {
  const { request } = interpreterContext({ operation: 'InterpretHealth', object: object as JsonMap }) as unknown as { request: ResourceInterpreterRequest };
  return interpreter.operations.InterpretHealth!(request);
}

function objectOf(apiVersion: string, kind: string, rest: JsonObject): JsonObject {
  return { apiVersion, kind, metadata: { name: 'app', namespace: 'shop', generation: 4, ...(rest.metadata as JsonObject | undefined) }, ...rest };
}

const rollout = (rest: JsonObject) => objectOf('argoproj.io/v1alpha1', 'Rollout', { spec: { replicas: 3 }, ...rest });
const progressing = (reason: string, status = 'False') => ({ type: 'Progressing', status, reason });

describe('Rollout', () => {
  it.each<Case>([
    ['Argo says Healthy', rollout({ status: { observedGeneration: '4', phase: 'Healthy' } }), { healthy: true, reason: 'Healthy: phase=Healthy' }],
    [
      'a spec not observed yet is Progressing',
      rollout({ status: { observedGeneration: '3', phase: 'Degraded' } }),
      { healthy: true, reason: 'Progressing: status.observedGeneration 3 != metadata.generation 4' },
    ],
    [
      'a workloadRef whose Deployment changed is Progressing',
      rollout({
        metadata: { annotations: { 'rollout.argoproj.io/workload-generation': '2' } },
        spec: { workloadRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'app' } },
        status: { observedGeneration: '4', workloadObservedGeneration: '1', phase: 'Healthy' },
      }),
      { healthy: true, reason: 'Progressing: status.workloadObservedGeneration=1 != rollout.argoproj.io/workload-generation 2' },
    ],
    ['a pause at a step is Suspended', rollout({ status: { observedGeneration: '4', phase: 'Paused' } }), { healthy: true, reason: 'Suspended: phase=Paused' }],
    [
      'Degraded names its Progressing condition',
      rollout({ status: { observedGeneration: '4', phase: 'Degraded', conditions: [progressing('ProgressDeadlineExceeded')] } }),
      { healthy: false, reason: 'Degraded: phase=Degraded, Progressing=False reason=ProgressDeadlineExceeded' },
    ],
    [
      'a pre-1.0 controller is judged by its conditions',
      rollout({ status: { observedGeneration: '4', conditions: [{ type: 'InvalidSpec', status: 'True', reason: 'InvalidSpec' }] } }),
      { healthy: false, reason: 'Degraded: InvalidSpec=True reason=InvalidSpec' },
    ],
    [
      'an abort back on a stable ReplicaSet at full strength',
      rollout({ status: { observedGeneration: '4', phase: 'Degraded', stableRS: 'abc', availableReplicas: 3, conditions: [progressing('RolloutAborted')] } }),
      { healthy: true, reason: 'RolloutAborted back to stableRS (availableReplicas 3 >= replicas 3)' },
    ],
    ['no controller reconciled it', rollout({ status: { phase: 'Healthy' } }), { healthy: false, reason: 'no status.observedGeneration' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(rolloutInterpreter, object)).toEqual(expected);
  });
});

const cnpg = (rest: JsonObject) => objectOf('postgresql.cnpg.io/v1', 'Cluster', { spec: { instances: 3 }, ...rest });

describe('CloudNativePG Cluster', () => {
  it.each<Case>([
    ['healthy', cnpg({ status: { phase: 'Cluster in healthy state' } }), { healthy: true, reason: 'phase="Cluster in healthy state"' }],
    ['at work on purpose', cnpg({ status: { phase: 'Waiting for user action' } }), { healthy: true, reason: 'phase="Waiting for user action"' }],
    ['a broken phase', cnpg({ status: { phase: 'Failing over' } }), { healthy: false, reason: 'phase="Failing over"' }],
    ['a phase not known here', cnpg({ status: { phase: 'Rebalancing' } }), { healthy: true, reason: 'phase=Rebalancing (not one known to be broken)' }],
    [
      'hibernated, whatever the phase',
      cnpg({ status: { phase: 'Failing over', conditions: [{ type: 'cnpg.io/hibernation', status: 'True', reason: 'Hibernated' }] } }),
      { healthy: true, reason: 'cnpg.io/hibernation=True reason=Hibernated' },
    ],
    [
      'reconciliation switched off',
      cnpg({ metadata: { annotations: { 'cnpg.io/reconciliationLoop': 'disabled' } } }),
      { healthy: true, reason: 'cnpg.io/reconciliationLoop: disabled' },
    ],
    ['no operator picked it up', cnpg({ status: {} }), { healthy: false, reason: 'no phase' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(cnpgClusterInterpreter, object)).toEqual(expected);
  });
});

const flink = (status?: JsonObject) => objectOf('flink.apache.org/v1beta1', 'FlinkDeployment', status === undefined ? {} : { status });

describe('FlinkDeployment', () => {
  it.each<Case>([
    ['a running job', flink({ jobStatus: { state: 'RUNNING' } }), { healthy: true, reason: 'jobStatus.state=RUNNING' }],
    ['a job stuck starting', flink({ jobStatus: { state: 'CREATED' }, error: 'timeout' }), { healthy: false, reason: "jobStatus.state=CREATED: starting, no user's error" }],
    [
      "a job held up by the user's image",
      flink({ jobStatus: { state: 'CREATED' }, error: 'Back-off pulling image: ImagePullBackOff' }),
      { healthy: true, reason: "jobStatus.state=CREATED: error ImagePullBackOff (the user's)" },
    ],
    [
      'a session cluster ready and stable',
      flink({ jobManagerDeploymentStatus: 'READY', lifecycleState: 'STABLE' }),
      { healthy: true, reason: 'no jobStatus.state, jobManagerDeploymentStatus=READY, lifecycleState=STABLE' },
    ],
    [
      'a session cluster not yet stable',
      flink({ jobManagerDeploymentStatus: 'READY', lifecycleState: 'DEPLOYED' }),
      { healthy: false, reason: 'no jobStatus.state, jobManagerDeploymentStatus=READY, lifecycleState=DEPLOYED' },
    ],
    ['no status', flink(), { healthy: false, reason: 'no status' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(flinkDeploymentInterpreter, object)).toEqual(expected);
  });
});

const spark = (status?: JsonObject) => objectOf('sparkoperator.k8s.io/v1beta2', 'SparkApplication', status === undefined ? {} : { status });

describe('SparkApplication', () => {
  it.each<Case>([
    ['running', spark({ applicationState: { state: 'RUNNING' } }), { healthy: true, reason: 'applicationState.state=RUNNING' }],
    ['new (an empty state)', spark({ applicationState: { state: '' } }), { healthy: true, reason: 'applicationState.state=""' }],
    ['failed', spark({ applicationState: { state: 'FAILED' } }), { healthy: false, reason: 'applicationState.state=FAILED' }],
    ['not seen by the operator', spark(), { healthy: false, reason: 'no applicationState.state' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(sparkApplicationInterpreter, object)).toEqual(expected);
  });
});

const volcano = (status?: JsonObject) => objectOf('batch.volcano.sh/v1alpha1', 'Job', status === undefined ? {} : { status });

describe('Volcano Job', () => {
  it.each<Case>([
    ['running', volcano({ state: { phase: 'Running' } }), { healthy: true, reason: 'state.phase=Running' }],
    ['aborted on purpose', volcano({ state: { phase: 'Aborted' } }), { healthy: true, reason: 'state.phase=Aborted' }],
    ['failed past its retries', volcano({ state: { phase: 'Failed' } }), { healthy: false, reason: 'state.phase=Failed' }],
    ['a phase Volcano does not write', volcano({ state: { phase: 'Unknown' } }), { healthy: false, reason: 'state.phase=Unknown (not a phase Volcano writes)' }],
    ['no status', volcano(), { healthy: false, reason: 'no state.phase' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(volcanoJobInterpreter, object)).toEqual(expected);
  });
});

const kserve = (rest: JsonObject) => objectOf('serving.kserve.io/v1beta1', 'InferenceService', { spec: { predictor: { model: { modelFormat: { name: 'sklearn' } } } }, ...rest });
const ready = (type: string, status = 'True', reason?: string) => ({ type, status, ...(reason === undefined ? {} : { reason }) });

describe('InferenceService', () => {
  it.each<Case>([
    ['ready', kserve({ status: { conditions: [ready('PredictorReady'), ready('Ready')] } }), { healthy: true, reason: 'no condition False, Ready=True' }],
    [
      'the first False condition',
      kserve({ status: { conditions: [ready('IngressReady', 'False', 'RevisionFailed'), ready('Ready', 'False')] } }),
      { healthy: false, reason: 'IngressReady=False reason=RevisionFailed' },
    ],
    [
      'a model that failed to load',
      kserve({ status: { conditions: [ready('Ready')], modelStatus: { transitionStatus: 'BlockedByFailedLoad' } } }),
      { healthy: false, reason: 'modelStatus.transitionStatus=BlockedByFailedLoad' },
    ],
    [
      'a model loading, whatever the conditions',
      kserve({ status: { conditions: [ready('Ready', 'False')], modelStatus: { transitionStatus: 'InProgress' } } }),
      { healthy: true, reason: 'modelStatus.transitionStatus=InProgress' },
    ],
    ['stopped by its annotation', kserve({ metadata: { annotations: { 'serving.kserve.io/stop': 'true' } } }), { healthy: true, reason: 'serving.kserve.io/stop: true' }],
    ['no controller reported', kserve({}), { healthy: false, reason: 'no status.conditions' }],
  ])('%s', (_name, object, expected) => {
    // Act + Assess
    expect(healthOf(inferenceServiceInterpreter, object)).toEqual(expected);
  });
});
