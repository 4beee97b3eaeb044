// The ScaledObject's one reader: turns an object into the typed ScaledObject, or a FieldFailure naming the field. It
// reads exactly the fields the interpreter uses; the types are hand-written from KEDA v2.21.0's
// apis/keda/v1alpha1/scaledobject_types.go (json tags), for those fields only.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readKedaStatus, readMetricHealth, readStringList, readTriggers, type KedaStatus, type MetricHealth, type ScaleTrigger } from '../../families/keda/keda';

export interface ScaledObject {
  metadata: ObjectMetaView;
  spec?: ScaledObjectSpec;
  status?: ScaledObjectStatus;
  /** `status` as KEDA wrote it, once read (checked) as `status`: InterpretStatus passes its fields on unchanged. */
  statusObject?: JsonObject;
}

export interface ScaledObjectSpec {
  scaleTargetRef?: ScaleTarget;
  triggers?: ScaleTrigger[];
}

/** `spec.scaleTargetRef`: apiVersion defaults to apps/v1 and kind to Deployment (KEDA's ParseGVKR). */
export interface ScaleTarget {
  name?: string;
  apiVersion?: string;
  kind?: string;
}

/** `ScaledObjectStatus`: the fields the interpreter reflects and adds up. */
export interface ScaledObjectStatus extends KedaStatus {
  scaleTargetKind?: string;
  scaleTargetGVKR?: JsonObject;
  originalReplicaCount?: number;
  resourceMetricNames?: string[];
  compositeScalerName?: string;
  health?: Record<string, MetricHealth>;
  pausedReplicaCount?: number;
  hpaName?: string;
}

/** A ScaledObject status as KEDA wrote it (a member's, or what InterpretStatus reflected of it). */
export function readStatus(status: Cursor): ScaledObjectStatus {
  return defined({
    ...readKedaStatus(status),
    scaleTargetKind: status.string('scaleTargetKind'),
    compositeScalerName: status.string('compositeScalerName'),
    hpaName: status.string('hpaName'),
    originalReplicaCount: status.count('originalReplicaCount'),
    pausedReplicaCount: status.count('pausedReplicaCount'),
    scaleTargetGVKR: status.part('scaleTargetGVKR', (gvkr) => {
      for (const name of ['group', 'version', 'kind', 'resource']) gvkr.string(name);
      return gvkr.value;
    }),
    resourceMetricNames: readStringList(status, 'resourceMetricNames'),
    health: readMetricHealth(status),
  });
}

/** Reads, by part, every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readScaledObject(object: Cursor): ScaledObject {
  const view: ScaledObject = readByPart<ScaledObject>({
    metadata: () => readMetadata(object),
    spec: () =>
      object.part('spec', (spec) => ({
        scaleTargetRef: spec.part('scaleTargetRef', (target) => ({ name: target.string('name'), apiVersion: target.string('apiVersion'), kind: target.string('kind') })),
        triggers: readTriggers(spec),
      })),
    status: () => object.part('status', readStatus),
    statusObject: () => view.status && object.object('status').value,
  });
  return view;
}
