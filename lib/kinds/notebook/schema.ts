// The Notebook's one reader (all three versions share the shape): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). Types are hand-written from kubeflow/kubeflow v1.10.0
// components/notebook-controller/api/{v1,v1alpha1,v1beta1}/notebook_types.go, for the fields read only.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { describeJson, type JsonObject, type JsonValue } from '../../review/json';

/** corev1.ContainerState of the notebook's container, as health reads it. */
export interface ContainerState {
  running: boolean;
  waitingReason?: string;
  waiting: boolean;
  terminated?: { reason?: string; exitCode?: number };
  /** The state as written. */
  raw: JsonObject;
}

/** NotebookStatus: what the controller copies from the notebook's pod and StatefulSet. */
export interface NotebookStatus {
  readyReplicas?: number;
  containerState?: ContainerState;
  /** `conditions` as written (the pod's conditions), when a list. */
  conditions?: JsonValue[];
  /** The status as written. */
  raw: JsonObject;
}

export interface Notebook {
  metadata: ObjectMetaView;
  spec?: { template?: PodTemplateSpec };
  status?: NotebookStatus;
}

function containerStateOf(state: Cursor): ContainerState {
  const waiting = state.object('waiting');
  const terminated = state.object('terminated');
  const running = state.object('running').present;
  const waitingReason = waiting.string('reason');
  return defined({ running, waitingReason, waiting: waiting.present, terminated: terminated.present ? terminatedOf(terminated) : undefined, raw: state.value! });
}

function terminatedOf(terminated: Cursor): { reason?: string; exitCode?: number } {
  const exitCode = terminated.raw('exitCode');
  if (exitCode !== undefined && (typeof exitCode !== 'number' || !Number.isInteger(exitCode) || Math.abs(exitCode) > 2147483648)) {
    terminated.fail('exitCode', `must be an integer that fits in an int32, got ${typeof exitCode === 'number' ? exitCode : describeJson(exitCode)}`);
  }
  return defined({ reason: terminated.string('reason'), exitCode });
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: Cursor): NotebookStatus {
  const conditions = status.raw('conditions');
  return defined({
    readyReplicas: status.count('readyReplicas'),
    containerState: status.part('containerState', containerStateOf),
    conditions: Array.isArray(conditions) ? conditions : undefined,
    raw: status.value!,
  });
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readNotebook(object: Cursor): Notebook {
  return readByPart<Notebook>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', (spec) => defined({ template: spec.podTemplate('template') })),
    status: () => object.part('status', readStatus),
  });
}
