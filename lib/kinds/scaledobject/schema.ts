// The ScaledObject's one reader: turns an object into the typed ScaledObject, or a FieldFailure naming the field. It
// reads exactly the fields the interpreter uses; the types are hand-written from KEDA v2.21.0's
// apis/keda/v1alpha1/scaledobject_types.go (json tags), for those fields only.
import { countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readKedaStatus, readMetricHealth, readStringList, readTriggers, type KedaStatus, type MetricHealth, type ScaleTrigger } from '../../shapes/keda';

export interface ScaledObject {
  metadata: ObjectMetaView;
  spec?: ScaledObjectSpec;
  status?: ScaledObjectStatus;
  /** `status` as KEDA wrote it, after `status` was read from it: InterpretStatus passes its fields on unchanged. */
  statusObject?: JsonObject;
}

export interface ScaledObjectSpec {
  scaleTargetRef?: ScaleTarget;
  minReplicaCount?: number;
  maxReplicaCount?: number;
  idleReplicaCount?: number;
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
export function readStatus(status: JsonObject, path: string): ScaledObjectStatus {
  const result: ScaledObjectStatus = readKedaStatus(status, path);
  for (const name of ['scaleTargetKind', 'compositeScalerName', 'hpaName'] as const) {
    const value = stringField(status, name, fieldPath(path, name));
    if (value !== undefined) result[name] = value;
  }
  for (const name of ['originalReplicaCount', 'pausedReplicaCount'] as const) {
    const value = countField(status, name, fieldPath(path, name));
    if (value !== undefined) result[name] = value;
  }
  const gvkr = objectField(status, 'scaleTargetGVKR', fieldPath(path, 'scaleTargetGVKR'));
  if (gvkr !== undefined) {
    for (const name of ['group', 'version', 'kind', 'resource']) stringField(gvkr, name, fieldPath(fieldPath(path, 'scaleTargetGVKR'), name));
    result.scaleTargetGVKR = gvkr;
  }
  const resourceMetricNames = readStringList(status, 'resourceMetricNames', fieldPath(path, 'resourceMetricNames'));
  if (resourceMetricNames !== undefined) result.resourceMetricNames = resourceMetricNames;
  const health = readMetricHealth(status, path);
  if (health !== undefined) result.health = health;
  return result;
}

/** Reads every field the interpreter uses, checking types as it goes; it never defaults or alters a value. */
export function readScaledObject(object: JsonObject, path: string): ScaledObject {
  const scaledObject: ScaledObject = { metadata: metadataOf(object, path) };
  const specPath = fieldPath(path, 'spec');
  const spec = objectField(object, 'spec', specPath);
  if (spec !== undefined) {
    const targetPath = fieldPath(specPath, 'scaleTargetRef');
    const target = objectField(spec, 'scaleTargetRef', targetPath);
    scaledObject.spec = {
      scaleTargetRef: target === undefined ? undefined : {
        name: stringField(target, 'name', fieldPath(targetPath, 'name')),
        apiVersion: stringField(target, 'apiVersion', fieldPath(targetPath, 'apiVersion')),
        kind: stringField(target, 'kind', fieldPath(targetPath, 'kind')),
      },
      minReplicaCount: countField(spec, 'minReplicaCount', fieldPath(specPath, 'minReplicaCount')),
      maxReplicaCount: countField(spec, 'maxReplicaCount', fieldPath(specPath, 'maxReplicaCount')),
      idleReplicaCount: countField(spec, 'idleReplicaCount', fieldPath(specPath, 'idleReplicaCount')),
      triggers: readTriggers(spec, specPath),
    };
  }
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) {
    scaledObject.status = readStatus(status, fieldPath(path, 'status'));
    scaledObject.statusObject = status;
  }
  return scaledObject;
}
