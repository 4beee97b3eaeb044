// Gateway API's kinds (gateway.networking.k8s.io Gateway, HTTPRoute, GRPCRoute): the references their specs make
// (apis/v1/object_reference_types.go, shared_types.go, gateway_types.go, httproute_types.go, grpcroute_types.go of
// sigs.k8s.io/gateway-api v1.7.0), the conditions their controllers write (read against metadata.generation), how a
// route's status.parents is judged and added up across members (see README.md).
import type { TypedRequest } from '../../interpreter/define';
import type { OperationResults } from '../../interpreter/registry';
import { tooManyDependencies } from '../../interpreter/dependency-bounds';
import type { DependentObjectReference } from '../../interpreter/wire/types';
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { checkedNamespace, checkedObjectName } from '../../kube/fields';
import { conditionFieldLengths, conditionList, dependencyList, type ListBound } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { latestTime, membersOf, type Member } from '../../shapes/aggregation';
import { conditionOf, type Condition } from '../../shapes/conditions';
import { conditionsOnePerType, type ConditionMergeRules } from '../../shapes/conditions-by-type';
import { namespaceOf } from '../../shapes/dependencies';
import { readReportedGenerations, reportGenerations, type ReportedGenerations } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, type Health } from '../../shapes/health';

export const gatewayGroup = 'gateway.networking.k8s.io';
/** The version a dependency names a Gateway API object at: v1, served by every standard-channel release since v1.0. */
export const gatewayApiVersion = `${gatewayGroup}/v1`;

// ---- References ---------------------------------------------------------------------------------------------------

/** A reference as the spec writes it (ParentReference, BackendObjectReference, SecretObjectReference…). */
export interface ObjectRef {
  group?: string;
  kind?: string;
  namespace?: string;
  name?: string;
}

/** group, kind, namespace and name of a reference object, each checked to be a string (the rest is not read). */
export function readObjectRef(ref: Cursor): ObjectRef {
  return defined({ group: ref.string('group'), kind: ref.string('kind'), namespace: ref.string('namespace'), name: ref.string('name') });
}

/**
 * The kinds a reference may name that the member must hold, by `group/kind` (the group as the reference writes it:
 * "" for the core group), with the apiVersion a dependency names them at. Kinds outside these are
 * implementation-specific (their version is not in the reference), and are left out.
 */
export type KnownKinds = Readonly<Record<string, string>>;

/**
 * Whether a reference names another namespace than the object's. Karmada v1.18.2 builds the binding of a dependency
 * in the namespace of the object that depends on it, owned by the dependency (pkg/dependenciesdistributor,
 * `buildAttachedBinding`); an owner in another namespace is one Kubernetes' garbage collector takes as absent and
 * deletes the binding for, so such a dependency would be created and collected over and over. It is left out.
 */
export function crossNamespace(named: string | undefined, ownNamespace: string | undefined): boolean {
  return named !== undefined && named !== '' && ownNamespace !== undefined && ownNamespace !== '' && named !== ownNamespace;
}

/** Dependencies of one object, each once, grouped by kind in the order kinds were first named, sorted within a kind. */
export class References {
  private readonly groups = new Map<string, { apiVersion: string; kind: string; objects: Map<string, DependentObjectReference> }>();
  private size = 0;

  /**
   * The object `ref` names, when its group and kind are `known` and it is in `ownNamespace` (a `ref.namespace` that
   * is another is left out: see `crossNamespace`), or cluster-scoped. `defaults` are the CRD's defaults for an
   * absent group or kind.
   */
  add(ref: ObjectRef | undefined, defaults: { group: string; kind: string }, known: KnownKinds, ownNamespace: string | undefined, path: string, clusterScoped = false): this {
    if (ref === undefined || ref.name === undefined || ref.name === '') return this;
    const group = ref.group ?? defaults.group;
    const kind = ref.kind ?? defaults.kind;
    const apiVersion = Object.hasOwn(known, `${group}/${kind}`) ? known[`${group}/${kind}`] : undefined;
    if (apiVersion === undefined) return this;
    checkedObjectName(ref.name, `${path}.name`);
    const named = clusterScoped ? undefined : checkedNamespace(ref.namespace, `${path}.namespace`);
    if (crossNamespace(named, ownNamespace)) return this;
    const namespace = clusterScoped ? undefined : named || ownNamespace;
    const key = `${apiVersion}\u0000${kind}`;
    let entry = this.groups.get(key);
    if (entry === undefined) this.groups.set(key, (entry = { apiVersion, kind, objects: new Map() }));
    const objectKey = `${namespace ?? ''}\u0000${ref.name}`;
    if (entry.objects.has(objectKey)) return this;
    if (this.size === dependencyList.maxItems) throw tooManyDependencies(path);
    const reference: DependentObjectReference = { apiVersion, kind, name: ref.name };
    if (namespace !== undefined && namespace !== '') reference.namespace = namespace;
    entry.objects.set(objectKey, reference);
    this.size += 1;
    return this;
  }

  list(): DependentObjectReference[] {
    const order = (reference: DependentObjectReference) => `${reference.namespace ?? ''}\u0000${reference.name ?? ''}`;
    return [...this.groups.values()].flatMap(({ objects }) => [...objects.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0)));
  }
}

// ---- Conditions ---------------------------------------------------------------------------------------------------

/** The fields of a metav1.Condition, as the CRDs declare them; nothing else of a condition is read or passed on. */
const conditionFields = ['type', 'status', 'reason', 'message', 'lastTransitionTime'] as const;

/**
 * A condition list (metav1.Condition, `x-kubernetes-list-type: map` keyed by type) rebuilt from the fields the CRD
 * declares, each checked: what a reflected or aggregated status repeats is bounded by the CRD's own bounds.
 */
export function readGatewayConditions(parent: Cursor): Condition[] | undefined {
  if (!parent.has('conditions')) return undefined;
  return parent.items('conditions', conditionList).map((item) => {
    const condition: JsonObject = {};
    for (const name of conditionFields) {
      const value = item.string(name);
      // metav1.Condition's bounds; a lastTransitionTime is an RFC 3339 time, far shorter than 64 characters.
      const max = name in conditionFieldLengths ? conditionFieldLengths[name as keyof typeof conditionFieldLengths] : 64;
      if (value !== undefined && value.length > max) {
        item.fail(name, `has ${value.length} characters; a condition's ${name} has at most ${max} (${name === 'lastTransitionTime' ? 'an RFC 3339 time' : 'metav1.Condition'})`);
      }
      if (value !== undefined) condition[name] = value;
    }
    if (condition.type === undefined) item.fail('type', 'is required');
    const observedGeneration = item.generation('observedGeneration');
    if (observedGeneration !== undefined) condition.observedGeneration = observedGeneration;
    return condition as Condition;
  });
}

/**
 * Whether a condition answers for the object's current spec: a condition older than `metadata.generation` describes
 * a spec that is gone, and is no answer. One without an observedGeneration (or an object without a generation) is
 * taken as current, as kstatus takes it.
 */
export function isCurrent(condition: Condition, generation: number | undefined): boolean {
  return condition.observedGeneration === undefined || generation === undefined || condition.observedGeneration >= generation;
}

/** `Accepted=False reason=X`, or `Accepted=True observedGeneration 1 < metadata.generation 2` for a stale one. */
export function staleReason(condition: Condition, type: string, generation: number | undefined): string {
  return `${conditionReason(condition, type)} observedGeneration ${condition.observedGeneration} < metadata.generation ${generation}`;
}

/**
 * The verdict of one condition type that must be True (`required`: absent is a failure too), or that fails when
 * False (`failsOn: 'False'`) or not True when present (`failsOn: 'notTrue'`). Undefined when it does not fail.
 */
export function conditionFailure(
  conditions: readonly Condition[] | undefined,
  type: string,
  generation: number | undefined,
  failsOn: 'required' | 'notTrue' | 'False' | 'True',
): string | undefined {
  const condition = conditionOf(conditions, type);
  if (condition === undefined) return failsOn === 'required' ? conditionReason(undefined, type) : undefined;
  if (!isCurrent(condition, generation)) return failsOn === 'required' ? staleReason(condition, type, generation) : undefined;
  if (failsOn === 'required' || failsOn === 'notTrue') return condition.status === 'True' ? undefined : conditionReason(condition, type);
  return condition.status === failsOn ? conditionReason(condition, type) : undefined;
}

/** A message of a merged condition cut to the CRD's maxLength (32768), on a character boundary. */
export function boundedMessage(message: string): string {
  const max = conditionFieldLengths.message;
  if (message.length <= max) return message;
  let end = max - 1;
  const code = message.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${message.slice(0, end)}…`;
}

/** The CRDs' own default for a condition no controller has written yet (the Gateway CRD's status default). */
const pendingTime = '1970-01-01T00:00:00Z';

/** A member's condition of one type, and whether it answers for the template's current generation. */
type MemberCondition = Condition & {
  /** Whether this member's controller wrote it for the template's current generation. */
  current: boolean;
};

/**
 * Members' condition lists as one, one condition per type: the members' status where they agree, else `rules`
 * (`every` False where any member's is), the message of each as `cluster=message` (cut to the CRD's bound).
 * `pending` members (listed, with nothing for this object) add an Unknown `Pending` condition of each `expected`
 * type, as the Gateway CRD's default does before a controller answers. `observedGeneration` is the template's
 * generation only when every contributing member's condition answers for it (a member's own generation means
 * nothing on the control plane), else left out; a merged condition always has the fields the CRD requires.
 */
export function mergedConditions(
  reporting: readonly Member<{ conditions?: Condition[] } & ReportedGenerations>[],
  pending: readonly string[],
  expected: readonly string[],
  rules: ConditionMergeRules,
  templateGeneration: number | undefined,
  pendingMessage = 'Waiting for controller',
): Condition[] {
  const members: Member<{ conditions: MemberCondition[] }>[] = reporting.map(({ clusterName, status }) => ({
    clusterName,
    status: {
      conditions: (status.conditions ?? []).map(({ observedGeneration, ...condition }) => ({
        ...condition,
        current:
          templateGeneration !== undefined &&
          observedGeneration !== undefined &&
          status.generation !== undefined &&
          observedGeneration >= status.generation &&
          status.resourceTemplateGeneration === templateGeneration,
      })),
    },
  }));
  for (const clusterName of pending) {
    members.push({
      clusterName,
      status: { conditions: expected.map((type) => ({ type, status: 'Unknown', reason: 'Pending', message: pendingMessage, lastTransitionTime: pendingTime, current: false })) },
    });
  }
  // A member whose list lacks an expected type has not answered it either.
  for (const member of members) {
    for (const type of expected) {
      if (conditionOf(member.status.conditions, type) === undefined) {
        member.status.conditions.push({ type, status: 'Unknown', reason: 'Pending', message: pendingMessage, lastTransitionTime: pendingTime, current: false });
      }
    }
  }
  return conditionsOnePerType(members, rules).map((merged) => {
    const { current: _current, ...condition } = merged as MemberCondition;
    const contributing = members.flatMap(({ status }) => status.conditions.filter((c) => c.type === condition.type));
    if (templateGeneration !== undefined && contributing.every((c) => c.current === true)) condition.observedGeneration = templateGeneration;
    condition.message = boundedMessage(condition.message ?? '');
    // A Pending condition stands for members that wrote nothing: its time is the latest a member did write.
    if (typeof condition.lastTransitionTime !== 'string' || condition.lastTransitionTime === pendingTime) {
      condition.lastTransitionTime = latestTime(contributing.map((c) => (typeof c.lastTransitionTime === 'string' ? c.lastTransitionTime : undefined))) ?? pendingTime;
    }
    if (condition.reason === undefined || condition.reason === '') condition.reason = 'Pending';
    if (condition.status === undefined) condition.status = 'Unknown';
    return condition as Condition;
  });
}

// ---- Routes (HTTPRoute, GRPCRoute) -----------------------------------------------------------------------------------

/** A route's `spec.parentRefs` and `status.parents` hold at most 32 entries (the CRDs' maxItems). */
export const routeParents: ListBound = { maxItems: 32, why: "the CRD's maxItems" };
/** The CRDs' maxItems of a route's rules (16), backendRefs (16) and filters (16): read no further than that. */
const routeRules: ListBound = { maxItems: 16, why: "the CRD's maxItems" };
const routeItems: ListBound = { maxItems: 16, why: "the CRD's maxItems" };

/** A ParentReference (shared_types.go), each field as written. */
export interface ParentRef extends ObjectRef {
  sectionName?: string;
  port?: number;
}

function readParentRef(ref: Cursor): ParentRef {
  return defined({ ...readObjectRef(ref), sectionName: ref.string('sectionName'), port: ref.count('port') });
}

/**
 * The parent a ParentReference names, with the CRD's and the spec's defaults: group gateway.networking.k8s.io, kind
 * Gateway, namespace the route's; a status entry names its parent as the spec did, with or without those defaults.
 */
export function parentKey(ref: ParentRef, routeNamespace: string | undefined): string {
  return [ref.group ?? gatewayGroup, ref.kind ?? 'Gateway', ref.namespace || routeNamespace || '', ref.name ?? '', ref.sectionName ?? '', ref.port ?? ''].join('\u0000');
}

/** `Gateway shop/web` (`:https` for a section, `:443` for a port): a parent as a reason names it. */
export function parentShown(ref: ParentRef, routeNamespace: string | undefined): string {
  const namespace = ref.namespace || routeNamespace;
  const section = ref.sectionName === undefined ? '' : `:${ref.sectionName}`;
  const port = ref.port === undefined ? '' : `:${ref.port}`;
  return `${ref.kind ?? 'Gateway'} ${namespace ? `${namespace}/` : ''}${ref.name ?? ''}${section}${port}`.slice(0, 300);
}

/** One entry of a route's `status.parents` (RouteParentStatus). */
export interface RouteParentStatus {
  parentRef: ParentRef;
  controllerName?: string;
  conditions?: Condition[];
}

/** A route's status: `parents` only (the CRD requires it). */
export interface RouteStatus {
  parents?: RouteParentStatus[];
}

function readRouteParentStatus(entry: Cursor): RouteParentStatus {
  const controllerName = entry.string('controllerName');
  if (controllerName !== undefined && controllerName.length > 253) entry.fail('controllerName', `has ${controllerName.length} characters; at most 253 (the CRD's maxLength)`);
  return defined({ parentRef: readParentRef(entry.object('parentRef')), controllerName, conditions: readGatewayConditions(entry) });
}

export function readRouteStatus(status: Cursor): RouteStatus {
  return defined({ parents: status.has('parents') ? status.items('parents', routeParents).map(readRouteParentStatus) : undefined });
}

/** The backends and filter objects of a route's rules (HTTPRoute and GRPCRoute alike). */
export interface RouteReferences {
  backends: { ref: ObjectRef; path: string }[];
  extensions: { ref: ObjectRef; path: string }[];
}

/** What the route operations read of an HTTPRoute or a GRPCRoute. */
export interface Route {
  metadata: ObjectMetaView;
  parentRefs: ParentRef[];
  references: RouteReferences;
  status?: RouteStatus;
}

function readFilters(owner: Cursor, references: RouteReferences): void {
  for (const filter of owner.items('filters', routeItems)) {
    const mirror = filter.at(['requestMirror', 'backendRef']);
    if (mirror.present) references.backends.push({ ref: readObjectRef(mirror), path: mirror.path });
    const extension = filter.object('extensionRef');
    if (extension.present) references.extensions.push({ ref: readObjectRef(extension), path: extension.path });
  }
}

function readRouteReferences(spec: Cursor): RouteReferences {
  const references: RouteReferences = { backends: [], extensions: [] };
  for (const rule of spec.items('rules', routeRules)) {
    readFilters(rule, references);
    for (const backend of rule.items('backendRefs', routeItems)) {
      references.backends.push({ ref: readObjectRef(backend), path: backend.path });
      readFilters(backend, references);
    }
  }
  return references;
}

/** Reads a route by part: InterpretDependency reads the spec, health the parentRefs and status, the rest the status. */
export function readRoute(object: Cursor): Route {
  return readByPart<Route>({
    metadata: () => readMetadata(object),
    parentRefs: () => object.object('spec').items('parentRefs', routeParents).map(readParentRef),
    references: () => readRouteReferences(object.object('spec')),
    status: () => object.part('status', readRouteStatus),
  });
}

/** The parents a route names, by the ParentReference's defaults: Gateways and ListenerSets, and a Service (mesh, GAMMA). */
const parentKinds: KnownKinds = { [`${gatewayGroup}/Gateway`]: gatewayApiVersion, [`${gatewayGroup}/ListenerSet`]: gatewayApiVersion, '/Service': 'v1' };
/** Backends: a Service, or a multi-cluster ServiceImport (mcs-api v1alpha1, the version Karmada serves). */
const backendKinds: KnownKinds = { '/Service': 'v1', 'multicluster.x-k8s.io/ServiceImport': 'multicluster.x-k8s.io/v1alpha1' };
/** A filter's extensionRef: only the core objects that hold configuration; other kinds are an implementation's CRDs. */
const extensionKinds: KnownKinds = { '/ConfigMap': 'v1', '/Secret': 'v1' };

/**
 * InterpretDependency of a route: each parent (a Gateway by default), each backend of its rules and of their mirror
 * filters (a Service by default), and a filter's core ConfigMap or Secret, all in the route's namespace: a reference
 * into another namespace is left out (`crossNamespace`; see README.md).
 */
export function routeDependencies({ object, namespace }: TypedRequest<Route>): OperationResults['InterpretDependency'] {
  const own = namespaceOf(object.metadata, namespace);
  const references = new References();
  object.parentRefs.forEach((ref, index) => references.add(ref, { group: gatewayGroup, kind: 'Gateway' }, parentKinds, own, `object.spec.parentRefs[${index}]`));
  for (const { ref, path } of object.references.backends) references.add(ref, { group: '', kind: 'Service' }, backendKinds, own, path);
  for (const { ref, path } of object.references.extensions) references.add({ ...ref, namespace: undefined }, { group: '', kind: '' }, extensionKinds, own, path);
  return { dependencies: references.list() };
}

/** The route's parents, each once (by the parent it names), in the spec's order. */
function distinctParents(parentRefs: readonly ParentRef[], routeNamespace: string | undefined): { key: string; ref: ParentRef }[] {
  const seen = new Map<string, ParentRef>();
  for (const ref of parentRefs) {
    const key = parentKey(ref, routeNamespace);
    if (!seen.has(key)) seen.set(key, ref);
  }
  return [...seen].map(([key, ref]) => ({ key, ref }));
}

/**
 * A route's health in one member, read per entry of `status.parents` (one per parent and controller), only from
 * conditions that answer for the current `metadata.generation`: unhealthy when a parent the spec names has no
 * current Accepted condition from any controller (not accepted yet: no gateway there, or no controller for it), or
 * when an entry for it says Accepted not True, ResolvedRefs False, or (an implementation's own) Programmed not True.
 */
export function routeHealth(object: Route, requestNamespace: string | undefined): Health {
  const own = object.metadata.namespace || requestNamespace;
  const generation = object.metadata.generation;
  const parents = distinctParents(object.parentRefs, own);
  if (parents.length === 0) return healthy('no spec.parentRefs: the route attaches to no parent');
  const entries = (object.status?.parents ?? []).map((entry) => ({ key: parentKey(entry.parentRef, own), entry }));
  for (const { key, ref } of parents) {
    const shown = parentShown(ref, own);
    const answering = entries.filter((candidate) => candidate.key === key).map(({ entry }) => entry);
    let accepted = false;
    for (const entry of answering) {
      const by = `${shown} (${(entry.controllerName ?? '').slice(0, 253)})`;
      const failure =
        conditionFailure(entry.conditions, 'Accepted', generation, 'notTrue') ??
        conditionFailure(entry.conditions, 'ResolvedRefs', generation, 'False') ??
        conditionFailure(entry.conditions, 'Programmed', generation, 'notTrue');
      if (failure !== undefined) return unhealthy(`${by}: ${failure}`);
      const condition = conditionOf(entry.conditions, 'Accepted');
      if (condition !== undefined && isCurrent(condition, generation)) accepted = true;
    }
    if (!accepted) {
      const stale = answering.map(({ conditions }) => conditionOf(conditions, 'Accepted')).find((condition) => condition !== undefined);
      return unhealthy(
        stale === undefined
          ? `${shown}: not accepted yet (no status.parents entry with an Accepted condition)`
          : `${shown}: not accepted yet (${staleReason(stale, 'Accepted', generation)})`,
      );
    }
  }
  return healthy(parents.length === 1 ? `${parentShown(parents[0]!.ref, own)}: Accepted=True` : `Accepted=True by each of its ${parents.length} parents`);
}

/** InterpretStatus of a route: `status.parents` as the member's controllers wrote them, and the member's generations. */
export function reflectRoute({ object }: TypedRequest<Route>): OperationResults['InterpretStatus'] {
  const parents = (object.status?.parents ?? []).map(({ parentRef, controllerName, conditions }) => {
    const entry: JsonObject = { parentRef: { ...parentRef } };
    if (controllerName !== undefined) entry.controllerName = controllerName;
    if (conditions !== undefined) entry.conditions = conditions;
    return entry;
  });
  return { rawStatus: reportGenerations({ parents }, object.metadata) };
}

type ReflectedRoute = RouteStatus & ReportedGenerations;

function readReflectedRoute(status: Cursor): ReflectedRoute {
  return { ...readRouteStatus(status), ...readReportedGenerations(status) };
}

/** A route's conditions where members differ: Accepted and ResolvedRefs are the fleet's only when every member's are. */
const routeConditionRules: ConditionMergeRules = { Accepted: 'every', ResolvedRefs: 'every', Programmed: 'every', PartiallyInvalid: 'any' };

/**
 * AggregateStatus of a route: one `status.parents` entry per parent the template names and controller that
 * answered for it in any member, its conditions one per type from every member (`cluster=message`; a member with no
 * entry for that parent and controller counts as Accepted Unknown, reason Pending), at most 32 (the CRD's maxItems),
 * in the spec's order of parents, then by controllerName. The spec's own parentRef is written, so entries
 * that name one parent differently in two members stay one entry.
 */
export function aggregateRoute({ object, aggregatedStatus, namespace, patch: newPatch }: TypedRequest<Route>): OperationResults['AggregateStatus'] {
  const own = object.metadata.namespace || namespace;
  const { reporting } = membersOf(aggregatedStatus, readReflectedRoute);
  const listed = (aggregatedStatus ?? []).map(({ clusterName }) => clusterName);
  const parents = distinctParents(object.parentRefs, own);
  const result: JsonObject[] = [];
  for (const { key, ref } of parents) {
    const byController = new Map<string, Member<{ conditions?: Condition[] } & ReportedGenerations>[]>();
    for (const { clusterName, status } of reporting) {
      for (const entry of status.parents ?? []) {
        if (entry.controllerName === undefined || entry.controllerName === '' || parentKey(entry.parentRef, own) !== key) continue;
        const members = byController.get(entry.controllerName) ?? [];
        // One entry per member and controller (a second one for the same parent would be the controller's mistake).
        if (!members.some((member) => member.clusterName === clusterName)) {
          members.push({ clusterName, status: { conditions: entry.conditions, generation: status.generation, resourceTemplateGeneration: status.resourceTemplateGeneration } });
        }
        byController.set(entry.controllerName, members);
      }
    }
    for (const controllerName of [...byController.keys()].sort()) {
      const members = byController.get(controllerName)!;
      const pending = listed.filter((clusterName) => !members.some((member) => member.clusterName === clusterName));
      const conditions = mergedConditions(members, pending, ['Accepted'], routeConditionRules, object.metadata.generation, `no status for this parent from ${controllerName}`);
      result.push({ parentRef: { ...ref }, controllerName, conditions });
    }
  }
  return newPatch().add(['status', 'parents'], result.slice(0, routeParents.maxItems)).operations;
}

/** Retain: a member's gateway controller writes only the status subresource (Karmada never overwrites it). */
export function retainNothing({ patch }: TypedRequest<object>): OperationResults['Retain'] {
  return patch().operations;
}

/** The operations an HTTPRoute and a GRPCRoute answer alike. */
export const routeOperations = {
  InterpretHealth: ({ object, namespace }: TypedRequest<Route>) => routeHealth(object, namespace),
  InterpretStatus: reflectRoute,
  AggregateStatus: aggregateRoute,
  InterpretDependency: routeDependencies,
  Retain: retainNothing,
};
