// Gateway's one reader: the fields the operations use become the typed view, or a FieldFailure naming the field (a
// 400 for the interpreter). It reads by part (InterpretDependency the spec's references, the rest the status), and
// never defaults or changes a value. v1 and v1beta1 have one schema.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import type { ListBound } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { readGatewayConditions, readObjectRef, type ObjectRef } from '../../families/gateway-api/gateway-api';
import type { Condition } from '../../shapes/conditions';

/** The CRD's maxItems: listeners and their status (64), addresses (16), supportedKinds (8), CA refs (16), certificateRefs and perPort (64). */
export const gatewayLists = {
  listeners: { maxItems: 64, why: "the CRD's maxItems" },
  addresses: { maxItems: 16, why: "the CRD's maxItems" },
  supportedKinds: { maxItems: 8, why: "the CRD's maxItems" },
  caCertificateRefs: { maxItems: 16, why: "the CRD's maxItems" },
  certificateRefs: { maxItems: 64, why: "the CRD's maxItems" },
  perPort: { maxItems: 64, why: "the CRD's maxItems" },
} as const satisfies Record<string, ListBound>;

/** A reference and the field it is at (for a refusal). */
export interface PlacedRef {
  ref: ObjectRef;
  path: string;
}

/** The objects a Gateway's spec names. */
export interface GatewayReferences {
  gatewayClassName?: string;
  /** `listeners[].tls.certificateRefs` (SecretObjectReference: kind Secret, group "" by default). */
  certificateRefs: PlacedRef[];
  /** `tls.frontend.default` and `tls.frontend.perPort[].tls` `validation.caCertificateRefs` (ObjectReference). */
  caCertificateRefs: PlacedRef[];
  /** `tls.backend.clientCertificateRef` (SecretObjectReference). */
  clientCertificateRef?: PlacedRef;
  /** `infrastructure.parametersRef` (LocalParametersReference: the Gateway's namespace). */
  parametersRef?: PlacedRef;
}

/** A listener's status (ListenerStatus). */
export interface ListenerStatus {
  name?: string;
  attachedRoutes?: number;
  supportedKinds?: { group?: string; kind?: string }[];
  conditions?: Condition[];
}

/** A Gateway's status (GatewayStatus). */
export interface GatewayStatus {
  conditions?: Condition[];
  listeners?: ListenerStatus[];
  addresses?: { type?: string; value?: string }[];
  attachedListenerSets?: number;
}

export interface Gateway {
  metadata: ObjectMetaView;
  references: GatewayReferences;
  status?: GatewayStatus;
}

function placed(ref: Cursor): PlacedRef | undefined {
  return ref.present ? { ref: readObjectRef(ref), path: ref.path } : undefined;
}

function readReferences(spec: Cursor): GatewayReferences {
  const references: GatewayReferences = { gatewayClassName: spec.string('gatewayClassName'), certificateRefs: [], caCertificateRefs: [] };
  for (const listener of spec.items('listeners', gatewayLists.listeners)) {
    for (const ref of listener.object('tls').items('certificateRefs', gatewayLists.certificateRefs)) references.certificateRefs.push(placed(ref)!);
  }
  const frontend = spec.at(['tls', 'frontend']);
  const validations = [frontend.at(['default', 'validation']), ...frontend.items('perPort', gatewayLists.perPort).map((port) => port.at(['tls', 'validation']))];
  for (const validation of validations) {
    for (const ref of validation.items('caCertificateRefs', gatewayLists.caCertificateRefs)) references.caCertificateRefs.push(placed(ref)!);
  }
  const client = placed(spec.at(['tls', 'backend']).object('clientCertificateRef'));
  if (client !== undefined) references.clientCertificateRef = client;
  const parameters = placed(spec.object('infrastructure').object('parametersRef'));
  if (parameters !== undefined) references.parametersRef = parameters;
  return references;
}

function readListenerStatus(listener: Cursor): ListenerStatus {
  const name = listener.string('name');
  if (name !== undefined && name.length > 253) listener.fail('name', `has ${name.length} characters; at most 253 (the CRD's maxLength)`);
  return defined({
    name,
    attachedRoutes: listener.count('attachedRoutes'),
    supportedKinds: listener.has('supportedKinds')
      ? listener.items('supportedKinds', gatewayLists.supportedKinds).map((kind) => defined({ group: short(kind, 'group'), kind: short(kind, 'kind') }))
      : undefined,
    conditions: readGatewayConditions(listener),
  });
}

/** A string the CRD bounds at 253 characters (a group, a kind, an address): longer is refused, never repeated. */
function short(item: Cursor, name: string): string | undefined {
  const value = item.string(name);
  if (value !== undefined && value.length > 253) item.fail(name, `has ${value.length} characters; at most 253 (the CRD's maxLength)`);
  return value;
}

export function readGatewayStatus(status: Cursor): GatewayStatus {
  return defined({
    conditions: readGatewayConditions(status),
    listeners: status.has('listeners') ? status.items('listeners', gatewayLists.listeners).map(readListenerStatus) : undefined,
    addresses: status.has('addresses')
      ? status.items('addresses', gatewayLists.addresses).map((address) => defined({ type: short(address, 'type'), value: short(address, 'value') }))
      : undefined,
    attachedListenerSets: status.count('attachedListenerSets'),
  });
}

export function readGateway(object: Cursor): Gateway {
  return readByPart<Gateway>({
    metadata: () => readMetadata(object),
    references: () => readReferences(object.object('spec')),
    status: () => object.part('status', readGatewayStatus),
  });
}
