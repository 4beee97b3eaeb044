// Alertmanager's interpreter: `spec.replicas` pods (one StatefulSet, a gossip cluster) with the requirements of the
// spec's pod fields, the counts the operator reports added up, health from its Available condition as Argo CD reads a
// Prometheus', and the Secrets, ConfigMaps and AlertmanagerConfig the spec names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent } from '../../interpreter/replicated';
import type { OperationResults } from '../../interpreter/registry';
import { membersOf } from '../../shapes/aggregation';
import { NamedReferences, namespaceOf } from '../../shapes/dependencies';
import { retainsReplicas } from '../../shapes/retention';
import { podDependencies, podRequirements } from '../../families/prometheus-operator/pod';
import { aggregateOperatorStatus, operatorHealth, readOperatorStatus, reflectOperatorStatus } from '../../families/prometheus-operator/status';
import { alertmanager, alertmanagerConfigApiVersion, configSecretPrefix } from './identity';
import { readAlertmanager, type Alertmanager } from './schema';

type Request = TypedRequest<Alertmanager>;

/** The containers the operator builds; a `spec.containers` item of one of these names patches it (MergePatchContainers). */
const operatorContainers = ['alertmanager', 'config-reloader'];

/**
 * pkg/alertmanager/statefulset.go `makeStatefulSet`: absent is 1 (`minReplicas`). (It runs a negative count as 0, but
 * the API server refuses one: `spec.replicas` is the scale subresource's field.)
 */
export function replicasOf({ replicas }: Alertmanager): number {
  return replicas ?? 1;
}

function interpretReplica({ object }: Request): OperationResults['InterpretReplica'] {
  const replicas = replicasOf(object);
  const replicaRequirements = podRequirements(object.spec, operatorContainers);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * `spec.replicas` = the member's share. Under Duplicated the share is InterpretReplica's own answer: nothing is
 * written then, so an absent `spec.replicas` stays absent.
 */
function reviseReplica({ object, replicas, patch }: Request) {
  if (replicas === replicasOf(object)) return [];
  return patch().add(['spec', 'replicas'], replicas).operations;
}

/** Under Karmada's retain-replicas label, the member's `spec.replicas` (the scale subresource's field). */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const observed = observedObject!.replicas;
  if (retainsReplicas(object.metadata) && observed !== undefined) patch.add(['spec', 'replicas'], observed);
  return patch.operations;
}

/**
 * The pod fields' objects, the named Secrets and ConfigMaps, the configuration secret (`configSecret`, else
 * `alertmanager-<name>`: the operator reads it, and runs a default configuration without it) and the
 * AlertmanagerConfig `alertmanagerConfiguration.name` names.
 */
function interpretDependency({ object, namespace }: Request) {
  const where = namespaceOf(object.metadata, namespace);
  const named = object.named;
  const name = object.metadata.name;
  // A name too long for the default secret's (253 characters) leaves none the operator could read.
  const defaultSecret = name ? `${configSecretPrefix}${name}` : undefined;
  const configSecret = named.configSecret || (defaultSecret !== undefined && defaultSecret.length <= 253 ? defaultSecret : undefined);
  const extra = new NamedReferences(where);
  extra.add(alertmanagerConfigApiVersion, 'AlertmanagerConfig', named.alertmanagerConfig, { path: 'object.spec.alertmanagerConfiguration.name' });
  return { dependencies: podDependencies(object.spec, { secrets: [configSecret, ...named.secrets], configMaps: named.configMaps }, where, extra) };
}

export const alertmanagerInterpreter = defineInterpreter<Alertmanager>({
  ...alertmanager,
  decode: readAlertmanager,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretStatus: ({ object }) => ({ rawStatus: reflectOperatorStatus(object.status, object.paused) }),
    AggregateStatus: ({ object, aggregatedStatus, patch: newPatch }) => {
      const patch = newPatch();
      aggregateOperatorStatus(patch, membersOf(aggregatedStatus, readOperatorStatus), object.paused);
      return patch.operations;
    },
    InterpretHealth: ({ object }) => operatorHealth(object.paused, object.status),
    InterpretDependency: interpretDependency,
  },
});
