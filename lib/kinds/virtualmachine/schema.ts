// VirtualMachine's one reader: the fields the operations use become the typed view, or a FieldFailure naming the
// field (a 400 for the interpreter). It reads by part: InterpretReplica reads `spec.template.spec`'s scheduling and
// resource fields, InterpretDependency the objects the VM names, Retain what the VM controller writes into the spec,
// the status operations the status. It never defaults or changes a value: patches apply to the object as sent.
import { readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateList } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { JsonObject, JsonValue } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { controllerTemplateAnnotations } from './identity';

/** What InterpretReplica reads: the VMI spec the VM runs, as sent, and the fields read beside it. */
export interface ReplicaView {
  /** `spec.template.spec` as sent (its nodeSelector, tolerations, affinity and domain.resources are read by the pod-spec reader). */
  vmiSpec: JsonObject;
  /** `spec.template.spec.domain`, whose `resources` count as the virt-launcher's compute container's. */
  domain?: JsonObject;
  /** `spec.template.spec.domain.memory.guest`, as sent, when it is a valid quantity. */
  guestMemory?: string | number;
  priorityClassName?: string;
}

/** One object a VirtualMachine names, by kind. */
export interface References {
  /** `spec.dataVolumeTemplates[].metadata.name`: DataVolumes the VM controller creates itself. */
  templateDataVolumes: Set<string>;
  dataVolumes: string[];
  claims: string[];
  secrets: string[];
  configMaps: string[];
  serviceAccounts: string[];
  /** `spec.template.spec.networks[].multus.networkName`: `<name>` or `<namespace>/<name>` of a NetworkAttachmentDefinition. */
  networks: { name: string; path: string }[];
  instancetype?: { name?: string; kind?: string };
  preference?: { name?: string; kind?: string };
}

/** What Retain reads of the member's VM: the spec fields the VM controller writes there. */
export interface ControllerOwned {
  firmwareUuid?: string;
  /** Each of `controllerTemplateAnnotations` the member's template has. */
  templateAnnotations: Record<string, string>;
}

/** The status fields reflected to the control plane (what `kubectl get vm` shows, and what health reads). */
export interface VirtualMachineStatusView {
  printableStatus?: string;
  ready?: boolean;
  created?: boolean;
  runStrategy?: string;
  conditions?: Condition[];
  observedGeneration?: number;
  desiredGeneration?: number;
}

export interface VirtualMachine {
  metadata: ObjectMetaView;
  replica?: ReplicaView;
  references: References;
  controllerOwned: ControllerOwned;
  status?: VirtualMachineStatusView;
}

function readReplica(vmiSpec: Cursor): ReplicaView {
  const domain = vmiSpec.object('domain');
  const memory = domain.object('memory');
  // Read through the cursor so that a bad guest quantity is refused with its own path.
  const guestMemory = memory.quantity('guest') === undefined ? undefined : (memory.raw('guest') as string | number);
  const view: ReplicaView = { vmiSpec: vmiSpec.value! };
  if (domain.value !== undefined) view.domain = domain.value;
  if (guestMemory !== undefined) view.guestMemory = guestMemory;
  const priorityClassName = vmiSpec.string('priorityClassName');
  if (priorityClassName !== undefined) view.priorityClassName = priorityClassName;
  return view;
}

function readMatcher(matcher: Cursor): { name?: string; kind?: string } {
  const view: { name?: string; kind?: string } = {};
  const name = matcher.objectName('name');
  const kind = matcher.string('kind');
  if (name !== undefined) view.name = name;
  if (kind !== undefined) view.kind = kind;
  return view;
}

function readReferences(object: Cursor): References {
  const spec = object.object('spec');
  const vmiSpec = spec.at(['template', 'spec']);
  const references: References = {
    templateDataVolumes: new Set(),
    dataVolumes: [],
    claims: [],
    secrets: [],
    configMaps: [],
    serviceAccounts: [],
    networks: [],
  };
  const push = (list: string[], name: string | undefined) => {
    if (name !== undefined && name !== '') list.push(name);
  };
  for (const template of spec.items('dataVolumeTemplates', podTemplateList)) {
    const name = template.object('metadata').objectName('name');
    if (name !== undefined) references.templateDataVolumes.add(name);
  }
  for (const volume of vmiSpec.items('volumes', podTemplateList)) {
    push(references.dataVolumes, volume.object('dataVolume').objectName('name'));
    push(references.claims, volume.object('persistentVolumeClaim').objectName('claimName'));
    push(references.claims, volume.at(['ephemeral', 'persistentVolumeClaim']).objectName('claimName'));
    for (const cloudInit of ['cloudInitNoCloud', 'cloudInitConfigDrive']) {
      const source = volume.object(cloudInit);
      push(references.secrets, source.object('secretRef').objectName('name'));
      push(references.secrets, source.object('networkDataSecretRef').objectName('name'));
    }
    push(references.secrets, volume.object('secret').objectName('secretName'));
    push(references.configMaps, volume.object('configMap').objectName('name'));
    push(references.serviceAccounts, volume.object('serviceAccount').objectName('serviceAccountName'));
    const sysprep = volume.object('sysprep');
    push(references.secrets, sysprep.object('secret').objectName('name'));
    push(references.configMaps, sysprep.object('configMap').objectName('name'));
    push(references.secrets, volume.object('containerDisk').objectName('imagePullSecret'));
  }
  for (const network of vmiSpec.items('networks', podTemplateList)) {
    const multus = network.object('multus');
    const name = multus.string('networkName');
    if (name !== undefined && name !== '') references.networks.push({ name, path: multus.pathOf('networkName') });
  }
  for (const credential of vmiSpec.items('accessCredentials', podTemplateList)) {
    push(references.secrets, credential.at(['sshPublicKey', 'source', 'secret']).objectName('secretName'));
    push(references.secrets, credential.at(['userPassword', 'source', 'secret']).objectName('secretName'));
  }
  const instancetype = spec.part('instancetype', readMatcher);
  if (instancetype !== undefined) references.instancetype = instancetype;
  const preference = spec.part('preference', readMatcher);
  if (preference !== undefined) references.preference = preference;
  return references;
}

function readControllerOwned(object: Cursor): ControllerOwned {
  const template = object.object('spec').object('template');
  const firmwareUuid = template.at(['spec', 'domain', 'firmware']).string('uuid');
  const annotations = template.object('metadata').stringMap('annotations') ?? {};
  const templateAnnotations: Record<string, string> = {};
  for (const name of controllerTemplateAnnotations) {
    if (Object.hasOwn(annotations, name)) templateAnnotations[name] = annotations[name]!;
  }
  return firmwareUuid === undefined ? { templateAnnotations } : { firmwareUuid, templateAnnotations };
}

export function readStatus(status: Cursor): VirtualMachineStatusView {
  const view: VirtualMachineStatusView = {};
  const set = <K extends keyof VirtualMachineStatusView>(name: K, value: VirtualMachineStatusView[K] | undefined) => {
    if (value !== undefined) view[name] = value;
  };
  set('printableStatus', status.string('printableStatus'));
  set('ready', status.boolean('ready'));
  set('created', status.boolean('created'));
  set('runStrategy', status.string('runStrategy'));
  set('conditions', readConditions(status));
  set('observedGeneration', status.generation('observedGeneration'));
  set('desiredGeneration', status.generation('desiredGeneration'));
  return view;
}

export function readVirtualMachine(object: Cursor): VirtualMachine {
  return readByPart<VirtualMachine>({
    metadata: () => readMetadata(object),
    replica: () => object.object('spec').object('template').part('spec', readReplica),
    references: () => readReferences(object),
    controllerOwned: () => readControllerOwned(object),
    status: () => object.part('status', readStatus),
  });
}

/** The status as reflected, for AggregateStatus to write back whole. */
export function statusJson(status: VirtualMachineStatusView): JsonObject {
  const json: JsonObject = {};
  for (const [name, value] of Object.entries(status)) if (value !== undefined) json[name] = value as JsonValue;
  return json;
}
