// The Notebook's one reader (all three versions share the shape): an object becomes the typed view the operations
// use, or a FieldFailure naming the field (a 400). Types are hand-written from kubeflow/kubeflow v1.10.0
// components/notebook-controller/api/{v1,v1alpha1,v1beta1}/notebook_types.go, for the fields read only.
import { countField, fieldPath, fieldValue, objectField, stringField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
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

function containerStateOf(state: JsonObject, path: string): ContainerState {
  const at = (name: string) => fieldPath(path, name);
  const waiting = objectField(state, 'waiting', at('waiting'));
  const terminated = objectField(state, 'terminated', at('terminated'));
  const result: ContainerState = { running: objectField(state, 'running', at('running')) !== undefined, waiting: waiting !== undefined, raw: state };
  const reason = stringField(waiting, 'reason', at('waiting.reason'));
  if (reason !== undefined) result.waitingReason = reason;
  if (terminated !== undefined) {
    const exitCode = fieldValue(terminated, 'exitCode');
    if (exitCode !== undefined && (typeof exitCode !== 'number' || !Number.isInteger(exitCode) || Math.abs(exitCode) > 2147483648)) {
      throw new FieldFailure(at('terminated.exitCode'), `must be an integer that fits in an int32, got ${typeof exitCode === 'number' ? exitCode : describeJson(exitCode)}`);
    }
    result.terminated = {};
    const terminatedReason = stringField(terminated, 'reason', at('terminated.reason'));
    if (terminatedReason !== undefined) result.terminated.reason = terminatedReason;
    if (exitCode !== undefined) result.terminated.exitCode = exitCode;
  }
  return result;
}

/** A member's status (or what InterpretStatus returned for it). */
export function readStatus(status: JsonObject, path: string): NotebookStatus {
  const result: NotebookStatus = { raw: status };
  const ready = countField(status, 'readyReplicas', fieldPath(path, 'readyReplicas'));
  if (ready !== undefined) result.readyReplicas = ready;
  const state = objectField(status, 'containerState', fieldPath(path, 'containerState'));
  if (state !== undefined) result.containerState = containerStateOf(state, fieldPath(path, 'containerState'));
  const conditions = fieldValue(status, 'conditions');
  if (Array.isArray(conditions)) result.conditions = conditions;
  return result;
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readNotebook(object: JsonObject, path: string): Notebook {
  const notebook: Notebook = { metadata: metadataOf(object, path) };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) {
    const template = podTemplateField(spec, 'template', fieldPath(path, 'spec.template'));
    notebook.spec = template === undefined ? {} : { template };
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) notebook.status = readStatus(status, fieldPath(path, 'status'));
  return notebook;
}
