// The LeaderWorkerSet's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of sigs.k8s.io/lws v0.9.0 api/leaderworkerset/v1/leaderworkerset_types.go (json
// tags), read only where an operation uses them (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import { readConditions, type Condition } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import { workloadStatus, type WorkloadStatus } from '../../shapes/workload-status';

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

/** Read by part: health reads no spec, so refuses none of it; replicas read no status. */
export interface LeaderWorkerSet {
  metadata: ObjectMetaView;
  spec: LeaderWorkerSpec;
  /** `spec.replicas` as written (Retain keeps the member's). */
  writtenReplicas?: number;
  status?: LeaderWorkerSetStatus;
}

/** A member's status: each field read checked, nothing defaulted. */
export function readStatus(status: Cursor): LeaderWorkerSetStatus {
  return defined({ ...lwsStatus.read(status), conditions: readConditions(status) });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return { ...readStatus(status), ...readReportedGenerations(status) };
}

function readSpec(spec: Cursor): LeaderWorkerSpec {
  const template = spec.object('leaderWorkerTemplate');
  const size = template.count('size') ?? 1;
  // The LWS webhook refuses a size below 1 (pkg/webhooks/leaderworkerset_webhook.go: a group always has its leader).
  if (size < 1) template.fail('size', 'must be at least 1 (a group always has its leader)');
  return defined({
    groups: spec.count('replicas') ?? 1,
    size,
    leaderTemplate: template.podTemplate('leaderTemplate'),
    workerTemplate: template.podTemplate('workerTemplate'),
  });
}

export function readLeaderWorkerSet(object: Cursor): LeaderWorkerSet {
  return readByPart<LeaderWorkerSet>({
    metadata: () => readMetadata(object),
    spec: () => readSpec(object.object('spec')),
    writtenReplicas: () => object.object('spec').count('replicas'),
    status: () => object.part('status', readStatus),
  });
}
