// Gateway API's Gateway interpreter: health from Accepted and Programmed and each listener's conditions (only those
// that answer for the current generation), the members' statuses added up per condition type, listener and
// address, and the GatewayClass, Secrets and ConfigMaps it names (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import type { Cursor } from '../../kube/cursor';
import type { JsonObject } from '../../review/json';
import { leastOf, membersOf, setOrRemove, type Member } from '../../shapes/aggregation';
import type { Condition } from '../../shapes/conditions';
import type { ConditionMergeRules } from '../../shapes/conditions-by-type';
import { namespaceOf } from '../../shapes/dependencies';
import { readReportedGenerations, reportGenerations, type ReportedGenerations } from '../../shapes/generations';
import { healthy, unhealthy, type Health } from '../../shapes/health';
import {
  conditionFailure,
  gatewayApiVersion,
  gatewayGroup,
  mergedConditions,
  References,
  retainNothing,
  type KnownKinds,
} from '../../families/gateway-api/gateway-api';
import { gateway } from './identity';
import { gatewayLists, readGateway, readGatewayStatus, type Gateway, type GatewayStatus, type ListenerStatus } from './schema';

/** Accepted and Programmed must be True; ResolvedRefs False (a Gateway-level reference, such as a client certificate) fails too. */
function gatewayHealth({ metadata, status }: Gateway): Health {
  const generation = metadata.generation;
  if (status?.conditions === undefined && (status?.listeners ?? []).length === 0) return unhealthy('no status from a gateway controller yet');
  const failure =
    conditionFailure(status?.conditions, 'Accepted', generation, 'required') ??
    conditionFailure(status?.conditions, 'Programmed', generation, 'required') ??
    conditionFailure(status?.conditions, 'ResolvedRefs', generation, 'False');
  if (failure !== undefined) return unhealthy(failure);
  for (const listener of status?.listeners ?? []) {
    const listenerFailure =
      conditionFailure(listener.conditions, 'Accepted', generation, 'notTrue') ??
      conditionFailure(listener.conditions, 'ResolvedRefs', generation, 'False') ??
      conditionFailure(listener.conditions, 'Conflicted', generation, 'True') ??
      conditionFailure(listener.conditions, 'Programmed', generation, 'notTrue');
    if (listenerFailure !== undefined) return unhealthy(`listener ${(listener.name ?? '').slice(0, 253)}: ${listenerFailure}`);
  }
  return healthy('Accepted=True, Programmed=True, no listener failing');
}

/** InterpretStatus: the status as the member's controller wrote it (the fields the CRD declares), and the member's generations. */
function reflectGateway({ object }: TypedRequest<Gateway>): OperationResults['InterpretStatus'] {
  const rawStatus: JsonObject = {};
  for (const [name, value] of Object.entries(object.status ?? {})) if (value !== undefined) rawStatus[name] = value;
  return { rawStatus: reportGenerations(rawStatus, object.metadata) };
}

type ReflectedGateway = GatewayStatus & ReportedGenerations;

function readReflectedGateway(status: Cursor): ReflectedGateway {
  return { ...readGatewayStatus(status), ...readReportedGenerations(status) };
}

const gatewayConditionRules: ConditionMergeRules = { Accepted: 'every', Programmed: 'every', ResolvedRefs: 'every' };
const listenerConditionRules: ConditionMergeRules = { Accepted: 'every', Programmed: 'every', ResolvedRefs: 'every', Conflicted: 'any' };

/** Listeners by name, in the order members first report them; each with its members' conditions, the fewest attached routes. */
function mergedListeners(reporting: readonly Member<ReflectedGateway>[], templateGeneration: number | undefined): JsonObject[] {
  const byName = new Map<string, Member<ListenerStatus & ReportedGenerations>[]>();
  for (const { clusterName, status } of reporting) {
    for (const listener of status.listeners ?? []) {
      if (listener.name === undefined || listener.name === '') continue;
      const members = byName.get(listener.name) ?? [];
      if (members.some((member) => member.clusterName === clusterName)) continue;
      members.push({ clusterName, status: { ...listener, generation: status.generation, resourceTemplateGeneration: status.resourceTemplateGeneration } });
      byName.set(listener.name, members);
    }
  }
  return [...byName].slice(0, gatewayLists.listeners.maxItems).map(([name, members]) => {
    const listener: JsonObject = {
      name,
      attachedRoutes: leastOf(members.map(({ status }) => status), (status) => status.attachedRoutes) ?? 0,
      conditions: mergedConditions(members, [], [], listenerConditionRules, templateGeneration),
    };
    const kinds = new Map<string, JsonObject>();
    for (const { status } of members) {
      for (const { group, kind } of status.supportedKinds ?? []) {
        if (kind === undefined) continue;
        const entry: JsonObject = group === undefined ? { kind } : { group, kind };
        kinds.set(`${group ?? gatewayGroup}\u0000${kind}`, entry);
      }
    }
    if (kinds.size > 0) listener.supportedKinds = [...kinds.values()].slice(0, gatewayLists.supportedKinds.maxItems);
    return listener;
  });
}

/**
 * AggregateStatus: conditions one per type (Accepted and Programmed False where any member's is, Unknown Pending
 * for a member with none), listeners by name, every member's addresses (each once, at most 16), and the fewest
 * attached ListenerSets. A field no member reports is removed.
 */
function aggregateGateway({ object, aggregatedStatus, patch: newPatch }: TypedRequest<Gateway>): OperationResults['AggregateStatus'] {
  const { reporting } = membersOf(aggregatedStatus, readReflectedGateway);
  const withConditions = reporting.filter(({ status }) => status.conditions !== undefined);
  const pending = (aggregatedStatus ?? []).map(({ clusterName }) => clusterName).filter((name) => !withConditions.some((member) => member.clusterName === name));
  const generation = object.metadata.generation;
  const patch = newPatch();
  const conditions: Condition[] = withConditions.length + pending.length === 0 ? [] : mergedConditions(withConditions, pending, ['Accepted', 'Programmed'], gatewayConditionRules, generation);
  setOrRemove(patch, 'conditions', conditions.length > 0 ? conditions : undefined);
  const listeners = mergedListeners(reporting, generation);
  setOrRemove(patch, 'listeners', listeners.length > 0 ? listeners : undefined);
  const addresses = new Map<string, JsonObject>();
  for (const { status } of reporting) {
    for (const { type, value } of status.addresses ?? []) {
      if (value === undefined) continue;
      addresses.set(`${type ?? 'IPAddress'}\u0000${value}`, type === undefined ? { value } : { type, value });
    }
  }
  setOrRemove(patch, 'addresses', addresses.size > 0 ? [...addresses.values()].slice(0, gatewayLists.addresses.maxItems) : undefined);
  setOrRemove(patch, 'attachedListenerSets', leastOf(reporting.map(({ status }) => status), (status) => status.attachedListenerSets));
  return patch.operations;
}

const secretKinds: KnownKinds = { '/Secret': 'v1' };
/** CA certificates: a ConfigMap (core support) or a Secret (implementation-specific), of the core group. */
const caKinds: KnownKinds = { '/ConfigMap': 'v1', '/Secret': 'v1' };
const gatewayClassKinds: KnownKinds = { [`${gatewayGroup}/GatewayClass`]: gatewayApiVersion };

/**
 * InterpretDependency: the GatewayClass (cluster-scoped), the listeners' certificate Secrets, the client certificate
 * Secret, the CA ConfigMaps or Secrets of frontend validation, and a ConfigMap or Secret named as infrastructure
 * parameters, all in the Gateway's namespace: a reference into another namespace is left out (`crossNamespace`).
 */
function gatewayDependencies({ object, namespace }: TypedRequest<Gateway>): OperationResults['InterpretDependency'] {
  const own = namespaceOf(object.metadata, namespace);
  const { gatewayClassName, certificateRefs, caCertificateRefs, clientCertificateRef, parametersRef } = object.references;
  const references = new References();
  references.add({ name: gatewayClassName }, { group: gatewayGroup, kind: 'GatewayClass' }, gatewayClassKinds, own, 'object.spec.gatewayClassName', true);
  for (const { ref, path } of certificateRefs) references.add(ref, { group: '', kind: 'Secret' }, secretKinds, own, path);
  if (clientCertificateRef !== undefined) references.add(clientCertificateRef.ref, { group: '', kind: 'Secret' }, secretKinds, own, clientCertificateRef.path);
  for (const { ref, path } of caCertificateRefs) references.add(ref, { group: '', kind: '' }, caKinds, own, path);
  if (parametersRef !== undefined) references.add({ ...parametersRef.ref, namespace: undefined }, { group: '', kind: '' }, caKinds, own, parametersRef.path);
  return { dependencies: references.list() };
}

export const gatewayInterpreter = defineInterpreter<Gateway>({
  ...gateway,
  decode: readGateway,
  operations: {
    InterpretHealth: ({ object }) => gatewayHealth(object),
    InterpretStatus: reflectGateway,
    AggregateStatus: aggregateGateway,
    InterpretDependency: gatewayDependencies,
    Retain: retainNothing,
  },
});
