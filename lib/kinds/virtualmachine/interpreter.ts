// KubeVirt's VirtualMachine interpreter: one VM is one replica with the requirements of the VMI it runs, the spec
// fields the VM controller writes in the member kept, status reflected and taken from the worst member, health from
// the VM controller's printable status and Failure condition, and the objects its volumes and instancetype name
// (see README.md for every decision).
import { defineInterpreter, type TypedRequest } from '../../interpreter/define';
import { podSpecRequirementsOf, type PlacedContainer } from '../../interpreter/pod-template';
import type { DependentObjectReference, ReplicaRequirements } from '../../interpreter/wire/types';
import { dns1123LabelMaxLength } from '../../kube/names';
import { FieldFailure } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { membersOf, rankFrom, setOrRemove, worstMember } from '../../shapes/aggregation';
import { conditionOf } from '../../shapes/conditions';
import { namespaceOf, NamedReferences } from '../../shapes/dependencies';
import { reflectFields } from '../../shapes/generations';
import { conditionReason, healthy, unhealthy, valueReason } from '../../shapes/health';
import { controllerTemplateAnnotations, dataVolumeApiVersion, instancetypeApiVersion, networkAttachmentApiVersion, virtualMachine } from './identity';
import { readStatus, readVirtualMachine, type VirtualMachine, type VirtualMachineStatusView } from './schema';

type Request = TypedRequest<VirtualMachine>;

// ---- InterpretReplica ----

/**
 * One VM is one VMI, run by one virt-launcher pod whose compute container asks for `domain.resources` (requests,
 * defaulted from limits), or for the guest memory when the domain asks for no memory (KubeVirt's defaulting sets the
 * memory request from `domain.memory.guest`), placed by the VMI's nodeSelector, tolerations and required node affinity.
 */
function interpretReplica({ object }: Request) {
  const replica = object.replica;
  if (replica === undefined) return { replicas: 1 };
  const path = 'object.spec.template.spec';
  const containers: PlacedContainer[] = [];
  if (replica.domain !== undefined) containers.push({ item: replica.domain, path: `${path}.domain` });
  const resources = replica.domain?.resources as JsonObject | undefined;
  const asksMemory = [resources?.requests, resources?.limits].some((list) => typeof list === 'object' && list !== null && Object.hasOwn(list, 'memory'));
  if (!asksMemory && replica.guestMemory !== undefined) {
    containers.push({ item: { resources: { requests: { memory: replica.guestMemory } } }, path: `${path}.domain.memory.guest` });
  }
  const requirements: ReplicaRequirements = podSpecRequirementsOf(replica.vmiSpec, path, containers) ?? {};
  if (replica.priorityClassName !== undefined && replica.priorityClassName !== '') requirements.priorityClassName = replica.priorityClassName;
  return Object.keys(requirements).length === 0 ? { replicas: 1 } : { replicas: 1, replicaRequirements: requirements };
}

// ---- Retain ----

/**
 * The VM controller writes two things into the member's spec: the firmware UUID it derives from the VM's name
 * (firmware.go) and the PCI topology annotations of the VMI's template (vm.go, syncPCITopologyAnnotationsToVM).
 * The template rarely has them; where it has none, the member's stay, so a sync does not strip them (which would
 * change the guest's PCI layout at its next boot). A value the template sets wins.
 */
function retain({ object, observedObject, patch: newPatch }: Request) {
  const observed = observedObject!.controllerOwned;
  const desired = object.controllerOwned;
  const patch = newPatch();
  if (observed.firmwareUuid !== undefined && desired.firmwareUuid === undefined) {
    patch.add(['spec', 'template', 'spec', 'domain', 'firmware', 'uuid'], observed.firmwareUuid);
  }
  for (const name of controllerTemplateAnnotations) {
    const value = observed.templateAnnotations[name];
    if (value !== undefined && desired.templateAnnotations[name] === undefined) {
      patch.add(['spec', 'template', 'metadata', 'annotations', name], value);
    }
  }
  return patch.operations;
}

// ---- InterpretStatus, AggregateStatus ----

const reflectedFields = ['printableStatus', 'ready', 'created', 'runStrategy', 'conditions', 'observedGeneration', 'desiredGeneration'] as const satisfies readonly (keyof VirtualMachineStatusView)[];

function interpretStatus({ object }: Request) {
  return { rawStatus: reflectFields(object.status, reflectedFields, object.metadata) };
}

/**
 * What AggregateStatus writes: the reflected fields but the generations, which count the member's object, not the
 * control plane's (Karmada's own bookkeeping tells whether members saw the template).
 */
const aggregatedFields = ['printableStatus', 'ready', 'created', 'runStrategy', 'conditions'] as const satisfies readonly (keyof VirtualMachineStatusView)[];

/** The printable statuses in which the VM cannot run in that member without a change (kubevirt.io/api core/v1/types.go). */
const brokenStatuses = new Set(['CrashLoopBackOff', 'ErrorUnschedulable', 'ErrImagePull', 'ImagePullBackOff', 'ErrorPvcNotFound', 'DataVolumeError']);
/** Settled states; anything else (Starting, Provisioning, Migrating, a status this code does not know) is work under way. */
const settledStatuses = ['Running', 'Stopped', 'Paused'] as const;

const rank = rankFrom(['settled', 'working', 'broken'] as const, 'working');
function statusRank(status: VirtualMachineStatusView): number | undefined {
  const printable = status.printableStatus;
  if (printable === undefined) return undefined;
  if (brokenStatuses.has(printable) || conditionOf(status.conditions, 'Failure')?.status === 'True') return rank('broken');
  return rank((settledStatuses as readonly string[]).includes(printable) ? 'settled' : 'working');
}

/**
 * A VM runs in one member (README.md, "Placement"): the control plane shows that member's status. Under Duplicated to
 * several members each runs a VM of its own, and the control plane shows the worst one's, whole, so its fields agree.
 */
function aggregateStatus({ aggregatedStatus, patch: newPatch }: Request) {
  const members = membersOf(aggregatedStatus, readStatus);
  const lead = worstMember(members.reporting, statusRank) ?? members.reporting[0];
  const patch = newPatch();
  for (const name of aggregatedFields) setOrRemove(patch, name, lead?.status[name]);
  return patch.operations;
}

// ---- InterpretHealth ----

/**
 * Karmada's application failover evicts on unhealthy, and a VM moved is a VM started elsewhere from its disks (which
 * do not move with it). Unhealthy therefore means the VM cannot run in this member without a change: a printable
 * status of the VM controller's that says so, or its Failure condition (a VMI it could not create). Stopped (by
 * runStrategy or a user), Paused, and every state of work (Starting, Provisioning, Migrating…) are healthy.
 */
function interpretHealth({ object }: Request) {
  const status = object.status;
  const failure = conditionOf(status?.conditions, 'Failure');
  if (failure?.status === 'True') return unhealthy(conditionReason(failure, 'Failure'));
  const printable = status?.printableStatus;
  if (printable !== undefined && brokenStatuses.has(printable)) return unhealthy(valueReason('printableStatus', printable));
  if (status === undefined) return healthy('no status (the VM controller has not reported)');
  if (printable === undefined || printable === '') return healthy(`${valueReason('printableStatus', printable)} (not one known to be broken)`);
  return healthy(
    (settledStatuses as readonly string[]).includes(printable)
      ? valueReason('printableStatus', printable)
      : `${valueReason('printableStatus', printable)} (not one known to be broken)`,
  );
}

// ---- InterpretDependency ----

/** KubeVirt reads `kind` case-insensitively; empty is the cluster-scoped kind (pkg/instancetype/find/spec.go). */
function scopeOf(kind: string | undefined, namespaced: string, clusterScoped: string): 'namespaced' | 'cluster' | undefined {
  const lower = (kind ?? '').toLowerCase();
  if (lower === namespaced || lower === `${namespaced}s`) return 'namespaced';
  if (lower === '' || lower === clusterScoped || lower === `${clusterScoped}s`) return 'cluster';
  return undefined;
}

function interpretDependency({ object, namespace }: Request): { dependencies: DependentObjectReference[] } {
  const refs = object.references;
  const references = new NamedReferences(namespaceOf(object.metadata, namespace));
  // The VM controller creates the DataVolumes of spec.dataVolumeTemplates itself: they are not propagated.
  references.addAll(dataVolumeApiVersion, 'DataVolume', refs.dataVolumes.filter((name) => !refs.templateDataVolumes.has(name)));
  references.addAll('v1', 'PersistentVolumeClaim', refs.claims.filter((name) => !refs.templateDataVolumes.has(name)));
  references.addAll('v1', 'Secret', refs.secrets);
  references.addAll('v1', 'ConfigMap', refs.configMaps);
  references.addAll('v1', 'ServiceAccount', refs.serviceAccounts);
  const dependencies = [] as DependentObjectReference[];
  // Multus networks: `<name>` in the VM's namespace, or `<namespace>/<name>` (the CRD's description of networkName).
  for (const { name: network, path } of refs.networks) {
    const slash = network.indexOf('/');
    const own = slash < 0;
    const inNamespace = own ? namespaceOf(object.metadata, namespace) : network.slice(0, slash);
    if (!own) checkedNamespace(inNamespace!, path);
    dependencies.push(...new NamedReferences(inNamespace).add(networkAttachmentApiVersion, 'NetworkAttachmentDefinition', own ? network : network.slice(slash + 1), { path }).list());
  }
  const matchers = [
    [refs.instancetype, 'virtualmachineinstancetype', 'virtualmachineclusterinstancetype', 'VirtualMachineInstancetype', 'VirtualMachineClusterInstancetype'],
    [refs.preference, 'virtualmachinepreference', 'virtualmachineclusterpreference', 'VirtualMachinePreference', 'VirtualMachineClusterPreference'],
  ] as const;
  for (const [matcher, namespaced, clusterScoped, namespacedKind, clusterKind] of matchers) {
    const scope = scopeOf(matcher?.kind, namespaced, clusterScoped);
    // A kind KubeVirt does not know names nothing it would read (the VM controller refuses it).
    if (scope === 'namespaced') references.add(instancetypeApiVersion, namespacedKind, matcher?.name);
    else if (scope === 'cluster') references.add(instancetypeApiVersion, clusterKind, matcher?.name, { clusterScoped: true });
  }
  return { dependencies: [...references.list(), ...uniqueReferences(dependencies)] };
}

/** A namespace named inside a string: at most a DNS label's length, so that no answer repeats a longer one. */
function checkedNamespace(namespace: string, path: string): void {
  if (namespace === '' || namespace.length > dns1123LabelMaxLength) {
    throw new FieldFailure(path, `names the namespace of ${namespace.length} characters; a namespace has 1 to ${dns1123LabelMaxLength} (a DNS label)`);
  }
}

/** Each object once, in the order first named. */
function uniqueReferences(references: readonly DependentObjectReference[]): DependentObjectReference[] {
  const seen = new Set<string>();
  return references.filter((reference) => {
    const key = `${reference.namespace ?? ''}/${reference.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const virtualMachineInterpreter = defineInterpreter<VirtualMachine>({
  ...virtualMachine,
  decode: readVirtualMachine,
  operations: {
    InterpretReplica: interpretReplica,
    Retain: retain,
    InterpretStatus: interpretStatus,
    AggregateStatus: aggregateStatus,
    InterpretHealth: interpretHealth,
    InterpretDependency: interpretDependency,
  },
});
