// A LeaderWorkerSet's groups as Karmada schedules them: the leader and worker pods as two components, and one group
// as the replica Karmada divides (its requirements those of the whole group: the leader and size-1 workers).
import { replicaRequirementsOf } from '../../interpreter/pod-template';
import { invalidInput } from '../../interpreter/wire/errors';
import type { OperationResults } from '../../interpreter/registry';
import type { ReplicaRequirements, ResourceList } from '../../interpreter/wire/types';
import { addQuantity, formatQuantity, parseQuantity, type Quantity } from '../../kube/quantity';
import { int32Max, type JsonObject } from '../../review/json';
import { sameJson } from '../../shapes/aggregation';
import type { ReplicaSpec } from '../../shapes/multi-template-workload';
import { leaderTemplatePath, workerTemplatePath, type LeaderWorkerSpec } from './schema';

/** Component names (Karmada's ResourceBinding `spec.components[].name`). */
export const leaderComponent = 'leader';
export const workerComponent = 'worker';

/** The leader's template and its path: `leaderTemplate`, or the worker template when there is none (as the controller). */
function leaderTemplateOf(spec: LeaderWorkerSpec): { template: LeaderWorkerSpec['workerTemplate']; path: string } {
  return spec.leaderTemplate !== undefined
    ? { template: spec.leaderTemplate, path: leaderTemplatePath }
    : { template: spec.workerTemplate, path: workerTemplatePath };
}

/** Worker pods over all groups: groups x (size - 1), an int32 in Karmada's component. */
function workerPods(spec: LeaderWorkerSpec): number {
  const pods = spec.groups * (spec.size - 1);
  if (pods > int32Max) {
    throw invalidInput(`object.spec.replicas (${spec.groups}) x (object.spec.leaderWorkerTemplate.size - 1) (${spec.size - 1}) = ${pods} worker pods does not fit in an int32 (Karmada's component replicas)`);
  }
  return pods;
}

/**
 * The components: `leader`, one pod per group, and `worker`, size-1 pods per group, each with its own template's
 * per-pod requirements. A group of size 1 has no worker pods (the controller makes a 0-replica worker StatefulSet):
 * no `worker` component then, since a component of 0 pods asks Karmada for nothing.
 */
export function groupComponents(spec: LeaderWorkerSpec): ReplicaSpec[] {
  const leader = leaderTemplateOf(spec);
  const components: ReplicaSpec[] = [
    { name: leaderComponent, namePath: 'object.spec.leaderWorkerTemplate', replicas: spec.groups, templatePath: leader.path, ...(leader.template === undefined ? {} : { template: leader.template }) },
  ];
  if (spec.size > 1) {
    const worker: ReplicaSpec = { name: workerComponent, namePath: 'object.spec.leaderWorkerTemplate', replicas: workerPods(spec), templatePath: workerTemplatePath };
    if (spec.workerTemplate !== undefined) worker.template = spec.workerTemplate;
    components.push(worker);
  }
  return components;
}

/** q x times (times >= 0), by doubling: at most 31 additions for an int32. */
function timesQuantity(q: Quantity, times: number): Quantity {
  let result = parseQuantity('0');
  let base = q;
  for (let n = times; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = addQuantity(result, base);
    if (n > 1) base = addQuantity(base, base);
  }
  return result;
}

/** The leader's resources plus `workers` times the worker's, resource by resource (zeros left out, as Karmada). */
function groupResources(leader: ResourceList | undefined, worker: ResourceList | undefined, workers: number): ResourceList | undefined {
  const names = [...new Set([...Object.keys(leader ?? {}), ...Object.keys(worker ?? {})])];
  const total: ResourceList = {};
  for (const name of names) {
    const own = leader?.[name] === undefined ? parseQuantity('0') : parseQuantity(leader[name]);
    const each = worker?.[name] === undefined ? parseQuantity('0') : parseQuantity(worker[name]);
    const sum = addQuantity(own, timesQuantity(each, workers));
    if (sum.digits !== '') total[name] = formatQuantity(sum);
  }
  return Object.keys(total).length > 0 ? total : undefined;
}

/**
 * InterpretReplica: `spec.replicas` groups (the unit Karmada divides: a group's pods must run in one cluster, the
 * leader addressing its workers by the group's headless service), each needing the whole group: the leader's
 * resources plus size-1 times a worker's. The node claim is the templates' when leader and workers share it (a
 * group of size 1: the leader's); where they differ no single claim is true of the group, so none is sent.
 */
export function groupReplica(spec: LeaderWorkerSpec): OperationResults['InterpretReplica'] {
  const leader = leaderTemplateOf(spec);
  const leaderRequirements = replicaRequirementsOf(leader.template as JsonObject | undefined, leader.path);
  const workers = spec.size - 1;
  const workerRequirements = workers > 0 ? replicaRequirementsOf(spec.workerTemplate as JsonObject | undefined, workerTemplatePath) : undefined;
  const requirements: ReplicaRequirements = {};
  const resourceRequest = groupResources(leaderRequirements?.resourceRequest, workerRequirements?.resourceRequest, workers);
  if (resourceRequest !== undefined) requirements.resourceRequest = resourceRequest;
  const nodeClaim = leaderRequirements?.nodeClaim;
  if (nodeClaim !== undefined && (workers === 0 || sameJson(nodeClaim as JsonObject, workerRequirements?.nodeClaim as JsonObject | undefined))) {
    requirements.nodeClaim = nodeClaim;
  }
  return Object.keys(requirements).length > 0 ? { replicas: spec.groups, replicaRequirements: requirements } : { replicas: spec.groups };
}
