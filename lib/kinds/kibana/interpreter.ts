// ECK's Kibana interpreter: a Deployment of `spec.count` Kibana pods (pkg/controller/kibana/driver.go), with the
// requirements of the pod ECK builds, the member's count kept under Karmada's retain-replicas label, status added
// up, health from ECK's health colour, and what the spec names: the Elasticsearch it connects to and its Secrets.
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { oneComponent } from '../../interpreter/replicated';
import { agreedValue, membersOf, setOrRemove, sumOf, worstMember } from '../../shapes/aggregation';
import { mergedConditions } from '../../shapes/conditions';
import { mergedReferences, namespaceOf, templateDependencies } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { retainsReplicas } from '../../shapes/retention';
import { EckReferences, elasticsearchApiVersion } from '../../families/eck/eck';
import { addAssociation, addHttpCertificate, addMonitoring, addSecureSettings } from '../../families/eck/references';
import { kibana } from './identity';
import { readKibana, readReflectedStatus, type Kibana, type KibanaStatusView } from './schema';

type Request = TypedRequest<Kibana>;

/** `spec.count`, the scale subresource's specReplicasPath; absent is 0 (the Deployment ECK builds has 0 replicas). */
const countOf = (object: Kibana) => object.count ?? 0;

function interpretReplica({ object }: Request) {
  const replicas = countOf(object);
  const replicaRequirements = object.requirements;
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/**
 * `spec.count` set to this member's share: under Duplicated the share is InterpretReplica's answer, so nothing
 * changes (not even an absent count written as 0); under Divided each member runs its share of Kibana's pods.
 */
function reviseReplica({ object, replicas, patch }: Request) {
  if (replicas === countOf(object)) return [];
  return patch().add(['spec', 'count'], replicas).operations;
}

/** The operator writes no spec field; an HPA in the member scales `spec.count` through the scale subresource. */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  const count = observedObject!.count;
  if (retainsReplicas(object.metadata) && count !== undefined) patch.add(['spec', 'count'], count);
  return patch.operations;
}

/** v1beta1's status schema has only these; v1's has the rest (the API server would prune them from v1beta1). */
const v1beta1Fields = ['availableNodes', 'health', 'associationStatus'] as const;
const v1Fields = ['count', 'availableNodes', 'health', 'version', 'selector', 'observedGeneration', 'conditions', 'elasticsearchAssociationStatus'] as const;

function interpretStatus({ object, kind }: Request) {
  const fields: (keyof KibanaStatusView)[] = kind.version === 'v1beta1' ? [...v1beta1Fields] : [...v1Fields];
  return { rawStatus: reflectFields<KibanaStatusView>(object.status, fields, object.metadata) };
}

/** ECK's Kibana health (pkg/controller/common/status.go): green when its Deployment is Available, red otherwise. */
const healthRanks: Record<string, number> = { green: 0, red: 2 };

function aggregateStatus({ object, kind, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  const reported = statuses.length > 0;
  setOrRemove(patch, 'availableNodes', reported ? sumOf(statuses, (status) => status.availableNodes, 'availableNodes') : undefined);
  setOrRemove(patch, 'health', worstMember(members.reporting, (status) => (status.health === undefined ? undefined : (healthRanks[status.health] ?? 1)))?.status.health);
  if (kind.version === 'v1beta1') {
    setOrRemove(patch, 'associationStatus', agreedValue(members, (status) => status.associationStatus));
    return patch.operations;
  }
  setOrRemove(patch, 'count', reported ? sumOf(statuses, (status) => status.count, 'count') : undefined);
  for (const name of ['version', 'selector', 'elasticsearchAssociationStatus'] as const) setOrRemove(patch, name, agreedValue(members, (status) => status[name]));
  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  const generation = object.metadata.generation;
  if (observedByEveryMember(generation, { members: members.listed, reported: statuses }, false)) patch.add(['status', 'observedGeneration'], generation!);
  return patch.operations;
}

/**
 * ECK's own verdict: green when the Deployment is Available (at least count - maxUnavailable pods ready), red when
 * not. Karmada's application failover evicts on unhealthy; Kibana keeps no state of its own (it lives in
 * Elasticsearch), so moving it loses nothing.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  if (status === undefined) return unhealthy('no status: no ECK operator has reconciled this Kibana');
  if (status.health === 'green') return healthy(`${valueReason('status.health', status.health)} (its Deployment is Available)`);
  return unhealthy(valueReason('status.health', status.health));
}

function interpretDependency({ object, namespace }: Request) {
  const own = namespaceOf(object.metadata, namespace);
  const spec = object.spec;
  const references = new EckReferences(own);
  addAssociation(references, spec.object('elasticsearchRef'), elasticsearchApiVersion, 'Elasticsearch');
  addAssociation(references, spec.object('enterpriseSearchRef'), 'enterprisesearch.k8s.elastic.co/v1', 'EnterpriseSearch');
  addAssociation(references, spec.object('packageRegistryRef'), 'packageregistry.k8s.elastic.co/v1alpha1', 'PackageRegistry');
  addHttpCertificate(references, spec);
  addSecureSettings(references, spec);
  references.add('v1', 'ServiceAccount', spec.string('serviceAccountName'), spec.pathOf('serviceAccountName'));
  addMonitoring(references, spec);
  return { dependencies: mergedReferences([templateDependencies(object.template, 'object.spec.podTemplate', own), references.list()]) };
}

export const kibanaInterpreter = defineInterpreter<Kibana>({
  ...kibana,
  decode: readKibana,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: (request) => oneComponent(interpretReplica(request)),
    ReviseReplica: reviseReplica,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
