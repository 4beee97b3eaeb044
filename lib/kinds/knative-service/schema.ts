// Knative Service's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400 for the interpreter). It reads by part: an operation reads only the parts it uses, so a wrong field it
// does not read never changes its answer. It never defaults or changes a value: patches apply to the object as
// Karmada sent it. The fields are those of knative.dev/serving v0.51.0's pkg/apis/serving/v1 (service_types.go,
// configuration_types.go, route_types.go) and knative.dev/pkg's duck/v1 Status and Addressable.
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView, PodTemplateSpec } from '../../kube/objects';
import type { JsonObject } from '../../review/json';
import { readConditionStatus, type ConditionStatus } from '../../shapes/conditions';
import { readReportedGenerations, type ReportedGenerations } from '../../shapes/generations';
import type { ServiceStatus } from './types';

/** What the operations read of a Knative Service. */
export interface KnativeService {
  metadata: ObjectMetaView;
  /** `spec.template` as a pod template (InterpretDependency): a RevisionTemplateSpec, whose spec is a PodSpec and more. */
  template?: PodTemplateSpec;
  /** `spec.template` as sent, whole (Retain compares the template with the member's). */
  rawTemplate?: JsonObject;
  status?: KnativeServiceStatus;
}

type Address = NonNullable<ServiceStatus['address']>;
type TrafficTarget = NonNullable<ServiceStatus['traffic']>[number];

/** ServiceStatus: duck/v1 Status (conditions, observedGeneration), RouteStatusFields and ConfigurationStatusFields. */
export interface KnativeServiceStatus extends ConditionStatus {
  url?: string;
  address?: Address;
  traffic?: TrafficTarget[];
  latestReadyRevisionName?: string;
  latestCreatedRevisionName?: string;
}

/** What InterpretStatus returned for a member, read back at `request.aggregatedStatus[i].status`. */
export type ReflectedStatus = KnativeServiceStatus & ReportedGenerations;

/** duck/v1 Addressable: the fields the CRD declares (the API server prunes any other), each a string. */
function readAddress(address: Cursor): Address {
  return defined({ name: address.string('name'), url: address.string('url'), CACerts: address.string('CACerts'), audience: address.string('audience') });
}

/** One TrafficTarget, its declared fields checked (`percent` is an int64 in the CRD). */
function readTrafficTarget(target: Cursor): TrafficTarget {
  return defined({
    tag: target.string('tag'),
    revisionName: target.string('revisionName'),
    configurationName: target.string('configurationName'),
    latestRevision: target.boolean('latestRevision'),
    percent: target.signed('percent', 'int64'),
    url: target.string('url'),
  });
}

/** A Service status as Knative's controller writes it (a member's, or the control plane's aggregate). */
export function readStatus(status: Cursor): KnativeServiceStatus {
  return defined({
    ...readConditionStatus(status),
    url: status.string('url'),
    address: status.part('address', readAddress),
    traffic: status.has('traffic') ? status.items('traffic').map(readTrafficTarget) : undefined,
    latestReadyRevisionName: status.string('latestReadyRevisionName'),
    latestCreatedRevisionName: status.string('latestCreatedRevisionName'),
  });
}

export function readReflectedStatus(status: Cursor): ReflectedStatus {
  return Object.assign(readStatus(status), readReportedGenerations(status));
}

export function readKnativeService(object: Cursor): KnativeService {
  return readByPart<KnativeService>({
    metadata: () => readMetadata(object),
    template: () => object.object('spec').podTemplate('template'),
    rawTemplate: () => object.object('spec').object('template').value,
    status: () => object.part('status', readStatus),
  });
}
