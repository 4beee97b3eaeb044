// ECK's Elasticsearch interpreter: one Elasticsearch cluster of several node sets (components), per-node
// requirements where all node sets agree, the member's autoscaled sizes kept, status added up, health from ECK's
// health colour and phase, and the Secrets, ConfigMaps and Elasticsearch clusters the spec names (README.md).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { invalidInput } from '../../interpreter/wire/errors';
import type { ComponentRequirements, ReplicaRequirements } from '../../interpreter/wire/types';
import { anyList } from '../../kube/limits';
import { int32Max } from '../../review/json';
import { agreedValue, membersOf, setOrRemove, sumOf, worstMember } from '../../shapes/aggregation';
import { mergedConditions } from '../../shapes/conditions';
import { namespaceOf, templatesDependencies, mergedReferences } from '../../shapes/dependencies';
import { observedByEveryMember, reflectFields } from '../../shapes/generations';
import { healthy, unhealthy, valueReason } from '../../shapes/health';
import { componentsOf } from '../../shapes/multi-template-workload';
import { retainsReplicas } from '../../shapes/retention';
import { EckReferences, elasticsearchApiVersion } from '../../families/eck/eck';
import { addAssociation, addHttpCertificate, addMonitoring, addSecureSettings } from '../../families/eck/references';
import { elasticsearch } from './identity';
import { readElasticsearch, readReflectedStatus, type Elasticsearch, type ElasticsearchStatusView } from './schema';

type Request = TypedRequest<Elasticsearch>;

// ---- InterpretReplica, InterpretComponent ----

/** Every node of the cluster: the sum of the node sets' counts (ElasticsearchSpec.NodeCount), an int32. */
function nodeCountOf(object: Elasticsearch): number {
  let sum = 0;
  for (const nodeSet of object.nodeSets) sum += nodeSet.count;
  if (sum > int32Max) throw invalidInput(`the node sets' counts add up to ${sum}, past an int32 (spec.nodeSets[].count)`);
  return sum;
}

/**
 * Karmada's requirements are per replica: well defined only when every node set that has nodes asks the same of
 * each (one node set, or identical pods). Otherwise none: the components carry each node set's own.
 */
function sharedRequirements(object: Elasticsearch): ReplicaRequirements | undefined {
  let shared: ReplicaRequirements | undefined;
  let sharedText: string | undefined;
  for (const nodeSet of object.nodeSets) {
    if (nodeSet.count === 0) continue;
    const requirements = nodeSet.requirements();
    const text = JSON.stringify(requirements ?? null);
    if (sharedText === undefined) [shared, sharedText] = [requirements, text];
    else if (text !== sharedText) return undefined;
  }
  return shared;
}

function interpretReplica({ object }: Request) {
  const replicas = nodeCountOf(object);
  const replicaRequirements = sharedRequirements(object);
  return replicaRequirements === undefined ? { replicas } : { replicas, replicaRequirements };
}

/** One component per node set, named as the node set (the CRD keeps names to 23 characters; past 32 is a 400). */
function interpretComponent({ object }: Request) {
  nodeCountOf(object);
  return componentsOf(
    object.nodeSets.map((nodeSet) => {
      const requirements = nodeSet.requirements() as ComponentRequirements | undefined;
      return {
        name: nodeSet.name ?? '',
        get namePath() {
          return nodeSet.namePath;
        },
        replicas: nodeSet.count,
        templatePath: nodeSet.templatePath,
        ...(requirements === undefined ? {} : { requirements }),
      };
    }),
  );
}

// ---- Retain ----

/**
 * ECK's operator writes nothing in spec. ECK's ElasticsearchAutoscaler, running in the member, writes each
 * autoscaled node set's `count`, `resources` and `volumeClaimTemplates` (pkg/controller/autoscaling/elasticsearch/
 * reconcile.go); under Karmada's retain-replicas label those stay the member's, node set by node set (by name).
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const patch = newPatch();
  if (!retainsReplicas(object.metadata)) return patch.operations;
  const observed = new Map(observedObject!.scaled.map((nodeSet) => [nodeSet.name, nodeSet]));
  object.scaled.forEach((nodeSet, index) => {
    const member = nodeSet.name === undefined ? undefined : observed.get(nodeSet.name);
    if (member === undefined) return;
    for (const field of ['count', 'resources', 'volumeClaimTemplates'] as const) {
      const value = member[field];
      if (value !== undefined) patch.add(['spec', 'nodeSets', String(index), field], value);
    }
  });
  return patch.operations;
}

// ---- InterpretStatus, AggregateStatus ----

/** v1beta1's status schema has only these; v1's has the rest (the API server would prune them from v1beta1). */
const v1beta1Fields = ['availableNodes', 'health', 'phase'] as const;
const v1Fields = [...v1beta1Fields, 'version', 'observedGeneration', 'conditions'] as const;
const fieldsOf = (version: string) => (version === 'v1beta1' ? v1beta1Fields : v1Fields);

function interpretStatus({ object, kind }: Request) {
  return { rawStatus: reflectFields<ElasticsearchStatusView>(object.status, [...fieldsOf(kind.version)], object.metadata) };
}

/** ECK's health colours, best first (pkg/apis/elasticsearch/v1/status.go); another value ranks as `unknown`. */
const healthRanks: Record<string, number> = { green: 0, yellow: 1, unknown: 2, red: 3 };
/** ECK's phases, best first: Invalid (a spec ECK refuses) and Stalled (a downscale waiting on data) are the worst. */
const phaseRanks: Record<string, number> = { Ready: 0, ApplyingChanges: 1, MigratingData: 2, Stalled: 3, Invalid: 4 };

/** The lowest of dotted versions (ECK reports the lowest version its nodes run), or undefined when one is not a version. */
function lowestVersion(versions: readonly string[]): string | undefined {
  const parsed = versions.map((version) => ({ version, parts: /^\d{1,9}(\.\d{1,9})*(-[0-9A-Za-z.-]+)?$/.test(version) ? version.split('-')[0]!.split('.').map(Number) : undefined }));
  if (parsed.length === 0 || parsed.some(({ parts }) => parts === undefined)) return undefined;
  const compare = (a: number[], b: number[]) => {
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) - (b[index] ?? 0);
    return 0;
  };
  return parsed.reduce((low, next) => (compare(next.parts!, low.parts!) < 0 ? next : low)).version;
}

function aggregateStatus({ object, kind, aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readReflectedStatus);
  const statuses = members.reporting.map(({ status }) => status);
  const patch = newPatch();
  setOrRemove(patch, 'availableNodes', statuses.length > 0 ? sumOf(statuses, (status) => status.availableNodes, 'availableNodes') : undefined);
  setOrRemove(patch, 'health', worstMember(members.reporting, (status) => (status.health === undefined ? undefined : (healthRanks[status.health] ?? 2)))?.status.health);
  setOrRemove(patch, 'phase', worstMember(members.reporting, (status) => (status.phase === undefined ? undefined : (phaseRanks[status.phase] ?? 1)))?.status.phase);
  if (kind.version === 'v1beta1') return patch.operations;
  const versions = statuses.flatMap((status) => (status.version === undefined || status.version === '' ? [] : [status.version]));
  setOrRemove(patch, 'version', versions.length === statuses.length ? (lowestVersion(versions) ?? agreedValue(members, (status) => status.version)) : undefined);
  const conditions = mergedConditions(members.reporting);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  const generation = object.metadata.generation;
  if (observedByEveryMember(generation, { members: members.listed, reported: statuses }, false)) patch.add(['status', 'observedGeneration'], generation!);
  return patch.operations;
}

// ---- InterpretHealth ----

/**
 * Karmada's application failover evicts on unhealthy, and an evicted Elasticsearch is a new, empty cluster
 * elsewhere: unhealthy means this member's cluster does not serve its data, or cannot take its spec.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  if (status === undefined) return unhealthy('no status: no ECK operator has reconciled this Elasticsearch');
  // ECK refuses the spec (pkg/controller/elasticsearch/driver/shared/reconcile.go): nothing here will apply it.
  if (status.phase === 'Invalid') return unhealthy(valueReason('status.phase', status.phase));
  const health = status.health;
  // green: every shard allocated; yellow: every primary allocated, some replica not (all data is served).
  if (health === 'green' || health === 'yellow') return healthy(`${valueReason('status.health', health)}, ${valueReason('status.phase', status.phase)}`);
  // red: a primary shard unallocated (data unavailable); unknown: ECK cannot reach the cluster's HTTP API.
  return unhealthy(valueReason('status.health', health));
}

// ---- InterpretDependency ----

function interpretDependency({ object, namespace }: Request) {
  const own = namespaceOf(object.metadata, namespace);
  const templates = templatesDependencies(
    object.nodeSets.map((nodeSet) => ({ template: nodeSet.template(), path: nodeSet.templatePath })),
    own,
  );
  const spec = object.spec;
  const references = new EckReferences(own);
  addHttpCertificate(references, spec);
  const transportTls = spec.at(['transport', 'tls']);
  references.add('v1', 'Secret', transportTls.object('certificate').string('secretName'), transportTls.object('certificate').pathOf('secretName'));
  addSecureSettings(references, spec);
  const auth = spec.object('auth');
  for (const list of ['roles', 'fileRealm']) for (const source of auth.items(list, anyList)) references.add('v1', 'Secret', source.string('secretName'), source.pathOf('secretName'));
  references.add('v1', 'ConfigMap', transportTls.object('certificateAuthorities').string('configMapName'), transportTls.object('certificateAuthorities').pathOf('configMapName'));
  references.add('v1', 'ServiceAccount', spec.string('serviceAccountName'), spec.pathOf('serviceAccountName'));
  for (const remote of spec.items('remoteClusters', anyList)) addAssociation(references, remote.object('elasticsearchRef'), elasticsearchApiVersion, 'Elasticsearch');
  addMonitoring(references, spec);
  return { dependencies: mergedReferences([templates, references.list()]) };
}

export const elasticsearchInterpreter = defineInterpreter<Elasticsearch>({
  ...elasticsearch,
  decode: readElasticsearch,
  operations: {
    InterpretReplica: interpretReplica,
    InterpretComponent: interpretComponent,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
