// KubeRay's RayJob interpreter: the embedded cluster's head and worker groups as Karmada components
// (lib/families/ray/cluster.ts), health from KubeRay's job deployment status, the worst member's status, and the pod
// templates' and the selected cluster's dependencies (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { mergedReferences, namespaceOf, NamedReferences, templatesDependencies } from '../../shapes/dependencies';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { componentsOf } from '../../shapes/multi-template-workload';
import { aggregateRayStatus, rayClusterComponents } from '../../families/ray/cluster';
import type { JsonObject } from '../../review/json';
import { rayJob } from './identity';
import { readRayJob, readRayJobStatus, statusNotIn, statusStrings, type RayJob, type RayJobStatus } from './schema';

type Request = TypedRequest<RayJob>;

/** KubeRay's label in `clusterSelector` naming the RayCluster a job runs on (RayJobDefaultClusterSelectorKey). */
const clusterSelectorKey = 'ray.io/cluster';

/**
 * Healthy while KubeRay runs the job, or once it completed with the Ray job SUCCEEDED, as Karmada's catalogue says;
 * every other state (starting, waiting, retrying, suspended, failed, stopped) is not.
 */
function interpretHealth({ object }: Request) {
  const { jobDeploymentStatus, jobStatus } = object.status ?? {};
  const deployment = valueReason('jobDeploymentStatus', jobDeploymentStatus);
  if (jobDeploymentStatus === 'Running') return healthy(deployment);
  if (jobDeploymentStatus !== 'Complete') return unhealthy(deployment);
  return (jobStatus === 'SUCCEEDED' ? healthy : unhealthy)(`${deployment}, ${valueReason('jobStatus', jobStatus)}`);
}

/** Deployment states, least to most severe (Karmada's catalogue ranks so; an unknown or empty one ranks least). */
const deploymentRank: Readonly<Record<string, number>> = {
  Initializing: 1, Waiting: 2, Suspending: 3, Suspended: 3, Retrying: 4, Running: 5, Complete: 6, ValidationFailed: 7, Failed: 8,
};
/** Ray job states, least to most severe. */
const jobRank: Readonly<Record<string, number>> = { PENDING: 1, RUNNING: 2, SUCCEEDED: 3, STOPPED: 4, FAILED: 5 };

/**
 * Several members as one job: the most severe deployment state, with that member's reason and message, and the most
 * severe Ray job state any member reports (the first member among equals), as Karmada's catalogue.
 */
function combine(members: readonly { status: RayJobStatus }[]): JsonObject {
  let deployment: RayJobStatus | undefined;
  let deploymentLevel = -1;
  let job: string | undefined;
  let jobLevel = -1;
  for (const { status } of members) {
    if (status.jobDeploymentStatus !== undefined) {
      const level = deploymentRank[status.jobDeploymentStatus] ?? 0;
      if (level > deploymentLevel) [deployment, deploymentLevel] = [status, level];
    }
    if (status.jobStatus !== undefined && status.jobStatus !== '') {
      const level = jobRank[status.jobStatus] ?? 0;
      if (level > jobLevel) [job, jobLevel] = [status.jobStatus, level];
    }
  }
  const result: JsonObject = {};
  if (job !== undefined) result.jobStatus = job;
  for (const name of statusStrings.slice(1)) {
    const value = deployment?.[name];
    if (value !== undefined) result[name] = value;
  }
  return result;
}

function aggregateStatus({ aggregatedStatus, patch, kind }: Request) {
  return aggregateRayStatus(aggregatedStatus, patch(), readRayJobStatus, combine, statusNotIn(kind.version));
}

/** The cluster's and the submitter's pod templates' objects, and the RayCluster `clusterSelector` names. */
function interpretDependency({ object, namespace }: Request) {
  const where = namespaceOf(object.metadata, namespace);
  const spec = object.spec;
  const templates = rayClusterComponents(spec.cluster).map(({ template, templatePath }) => ({ template, path: templatePath }));
  if (spec.submitterPodTemplate !== undefined) templates.push({ template: spec.submitterPodTemplate, path: 'object.spec.submitterPodTemplate' });
  const selected = new NamedReferences(where).add('ray.io/v1', 'RayCluster', spec.clusterSelector?.[clusterSelectorKey]);
  return { dependencies: mergedReferences([templatesDependencies(templates, where), selected.list()]) };
}

export const rayJobInterpreter = defineInterpreter<RayJob>({
  ...rayJob,
  decode: readRayJob,
  operations: {
    InterpretComponent: ({ object }) => componentsOf(rayClusterComponents(object.spec.cluster)),
    InterpretDependency: interpretDependency,
    InterpretHealth: interpretHealth,
    AggregateStatus: aggregateStatus,
  },
});
