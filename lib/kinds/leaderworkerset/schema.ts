// The LeaderWorkerSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of sigs.k8s.io/lws v0.9.0 api/leaderworkerset/v1/leaderworkerset_types.go (json
// tags), read only where an operation uses them (see README.md).
import { countField, fieldPath, objectField } from '../../kube/fields';
import { metadataOf, podTemplateField, type ObjectMetaView, type PodTemplateSpec } from '../../kube/objects';
import { FieldFailure } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';
import { readOnce } from '../../shapes/ray-cluster';

/** The groups and their pods, as the spec asks for them (the CRD's defaults filled in: replicas 1, size 1). */
export interface LeaderWorkerSpec {
  /** `spec.replicas`: the number of leader-worker groups. */
  groups: number;
  /** `spec.leaderWorkerTemplate.size`: pods per group, the leader included (at least 1). */
  size: number;
  /** `leaderTemplate`; absent, the leader runs the worker template (the API's "Defaults to the worker template"). */
  leaderTemplate?: PodTemplateSpec;
  workerTemplate?: PodTemplateSpec;
}

export const leaderWorkerTemplatePath = 'object.spec.leaderWorkerTemplate';
export const leaderTemplatePath = `${leaderWorkerTemplatePath}.leaderTemplate`;
export const workerTemplatePath = `${leaderWorkerTemplatePath}.workerTemplate`;

/**
 * The LWS controller's counts of groups (int32, `omitempty`: absent is 0) and the scale subresource's selector (the
 * leader pods': `leaderworkerset.sigs.k8s.io/name=<name>,leaderworkerset.sigs.k8s.io/worker-index=0`).
 */
export const groupCounters = ['replicas', 'readyReplicas', 'updatedReplicas'] as const;
const lwsStatus = workloadStatus({ counters: groupCounters, agreed: ['hpaPodSelector'] });

export type LeaderWorkerSetStatus = WorkloadStatus<'replicas' | 'readyReplicas' | 'updatedReplicas', never, 'hpaPodSelector'> & {
  conditions?: Condition[];
};

/** What InterpretStatus returned for a member, read back by AggregateStatus. */
export type ReflectedStatus = LeaderWorkerSetStatus & ReportedGenerations;

export interface LeaderWorkerSet {
  metadata: ObjectMetaView;
  /** The spec, read when an operation first asks for it (health reads no spec, so refuses none of it). */
  spec: () => LeaderWorkerSpec;
  /** `spec.replicas` as written (Retain keeps the member's). */
  writtenReplicas: () => number | undefined;
  /** The status, undefined when the object has none. */
  status: () => LeaderWorkerSetStatus | undefined;
}

/** A member's status: each field read checked, nothing defaulted. */
export function readStatus(status: JsonObject, path: string): LeaderWorkerSetStatus {
  const read: LeaderWorkerSetStatus = lwsStatus.read(status, path);
  const conditions = readConditions(status, path);
  if (conditions !== undefined) read.conditions = conditions;
  return read;
}

export function readReflectedStatus(status: JsonObject, path: string): ReflectedStatus {
  return { ...readStatus(status, path), ...readReportedGenerations(status, path) };
}

function readSpec(object: JsonObject): LeaderWorkerSpec {
  const spec = objectField(object, 'spec', 'object.spec');
  const template = objectField(spec, 'leaderWorkerTemplate', leaderWorkerTemplatePath);
  const sizePath = fieldPath(leaderWorkerTemplatePath, 'size');
  const size = countField(template, 'size', sizePath) ?? 1;
  // The LWS webhook refuses a size below 1 (pkg/webhooks/leaderworkerset_webhook.go: a group always has its leader).
  if (size < 1) throw new FieldFailure(sizePath, 'must be at least 1 (a group always has its leader)');
  const read: LeaderWorkerSpec = { groups: countField(spec, 'replicas', 'object.spec.replicas') ?? 1, size };
  const leaderTemplate = podTemplateField(template, 'leaderTemplate', leaderTemplatePath);
  if (leaderTemplate !== undefined) read.leaderTemplate = leaderTemplate;
  const workerTemplate = podTemplateField(template, 'workerTemplate', workerTemplatePath);
  if (workerTemplate !== undefined) read.workerTemplate = workerTemplate;
  return read;
}

export function readLeaderWorkerSet(object: JsonObject, path: string): LeaderWorkerSet {
  const statusPath = fieldPath(path, 'status');
  return {
    metadata: metadataOf(object, path),
    spec: readOnce(() => readSpec(object)),
    writtenReplicas: readOnce(() => countField(objectField(object, 'spec', fieldPath(path, 'spec')), 'replicas', fieldPath(path, 'spec.replicas'))),
    status: readOnce(() => {
      const status = objectField(object, 'status', statusPath);
      return status === undefined ? undefined : readStatus(status, statusPath);
    }),
  };
}
