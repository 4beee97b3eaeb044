// Argo Workflows' Workflow interpreter: replicas from `spec.parallelism`, the member's suspend, shutdown and status
// kept, health from the workflow's phase, and the objects it needs in the member (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { replicaRequirementsOf } from '../../interpreter/pod-template';
import { oneComponent } from '../../interpreter/replicated';
import { invalidInput } from '../../interpreter/wire/errors';
import type { JsonObject } from '../../review/json';
import { namespaceOf } from '../../shapes/dependencies';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { keepMemberValue } from '../../shapes/retention';
import { workflowDependencies } from './dependencies';
import { workflow as workflowIdentity } from './identity';
import { readWorkflow, replicaCountOf, type Workflow } from './schema';

type Request = TypedRequest<Workflow>;

/**
 * A pod template holding only the named fields of the Workflow's spec, the ones Argo's controller gives every pod
 * of the workflow under the same names (workflow/controller/workflowpod.go). Read at `object`, a wrong field is
 * named at its own path (`object.spec.nodeSelector`).
 */
function podFieldsOf(object: Workflow, names: readonly string[]): JsonObject | undefined {
  const written = object.spec?.written;
  if (written === undefined) return undefined;
  const spec: JsonObject = {};
  for (const name of names) {
    if (Object.hasOwn(written, name)) spec[name] = written[name]!;
  }
  return { spec };
}

// ---- InterpretReplica, InterpretComponent, ReviseReplica ----

/**
 * The replicas are the pods the workflow may run at once (`spec.parallelism`, 1 when absent as Karmada's catalogue
 * says); each is a pod placed by the workflow-wide `affinity`, `nodeSelector` and `tolerations`. Templates'
 * resources differ step by step, so no resource request is claimed for "a" pod.
 */
function interpretReplica({ object }: Request) {
  const replicas = replicaCountOf(object.spec) ?? 1;
  const replicaRequirements = replicaRequirementsOf(podFieldsOf(object, ['affinity', 'nodeSelector', 'tolerations']), 'object');
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * The member's share as `spec.parallelism`. None is no parallelism: the CRD's minimum is 1 (`spec.parallelism in
 * body should be greater than or equal to 1`), and writing 1 would run a pod the member was not given; a 400 says so.
 */
function reviseReplica({ replicas, patch }: Request) {
  if (replicas === 0) throw invalidInput('request.replicas is 0: a Workflow cannot run 0 pods at once (spec.parallelism is at least 1 in its CRD)');
  return patch().add(['spec', 'parallelism'], replicas).operations;
}

// ---- Retain ----

/**
 * Keeps what the member cluster owns. The CRD has no status subresource, so an update with the template (which has
 * no status) would wipe the controller's record of the run: the member's status stays whole. `argo suspend`/`resume`
 * and `argo stop`/`terminate` run against the member's object: its `spec.suspend` and `spec.shutdown` stay once
 * it has one, and the template's reach members that have none.
 */
function retain({ observedObject, patch: newPatch }: Request) {
  const observed = observedObject!;
  const patch = newPatch();
  keepMemberValue(patch, ['spec', 'suspend'], observed.spec?.suspend, 'template');
  keepMemberValue(patch, ['spec', 'shutdown'], observed.spec?.shutdown, 'template');
  if (observed.status !== undefined) patch.add(['status'], observed.status.written);
  return patch.operations;
}

// ---- InterpretHealth ----

/**
 * Unhealthy where the workflow could not run: no phase yet (no controller has reconciled it), or it ended Failed or
 * Error, unless it was shut down on purpose (`spec.shutdown`: the controller then fails it "Stopped with strategy"),
 * which failover must not run again elsewhere. Pending, Running (also suspended) and Succeeded are healthy.
 */
function interpretHealth({ object }: Request) {
  const phase = object.status?.phase ?? '';
  if (phase === '') return unhealthy(valueReason('phase', object.status?.phase));
  const stated = valueReason('phase', phase);
  if (phase !== 'Failed' && phase !== 'Error') return healthy(stated);
  const shutdown = object.spec?.shutdown ?? '';
  return shutdown === '' ? unhealthy(stated) : healthy(`${stated} after ${valueReason('spec.shutdown', shutdown)}`);
}

export const workflowInterpreter = defineInterpreter<Workflow>({
  ...workflowIdentity,
  decode: readWorkflow,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretHealth: interpretHealth,
    InterpretDependency: ({ object, namespace }) => ({ dependencies: workflowDependencies(object.spec, namespaceOf(object.metadata, namespace)) }),
  },
});
