// The RayService's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/rayservice_types.go (json tags), read only
// where an operation uses them (see README.md).
import { defined, readByPart, type Cursor } from '../../kube/cursor';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { fieldsUnder, rayClusterStatusOnlyInV1, readRayClusterSpec, type RayClusterShape } from '../../families/ray/cluster';

/** One Serve application's status in `activeServiceStatus.applicationStatuses`. */
export interface ApplicationStatus {
  raw: JsonObject;
  status?: string;
}

export interface RayServiceStatus {
  conditions?: Condition[];
  numServeEndpoints?: number;
  lastUpdateTime?: string;
  observedGeneration?: number;
  serviceStatus?: string;
  activeServiceStatus?: JsonObject;
  /** `activeServiceStatus.applicationStatuses`, by application name. */
  applications?: Map<string, ApplicationStatus>;
  pendingServiceStatus?: JsonObject;
}

/** Read by part: health reads no spec and only the status field it uses, replicas no status. */
export interface RayService {
  metadata: ObjectMetaView;
  /** `spec.rayClusterConfig`: the cluster KubeRay runs Serve on. */
  cluster: RayClusterShape;
  /** `status.conditions` alone. */
  conditions?: Condition[];
  /** `status.serviceStatus` alone: what a v1alpha1 status says of serving, having no conditions (see `conditionsIn`). */
  serviceStatus?: string;
}

/** `activeServiceStatus.applicationStatuses`, each named as a map key (`applicationStatuses["app"]`). */
function applicationsOf(status: Cursor): Map<string, ApplicationStatus> | undefined {
  const map = status.at(['activeServiceStatus', 'applicationStatuses']);
  if (!map.present) return undefined;
  const applications = new Map<string, ApplicationStatus>();
  const keyed = map.keyed();
  for (const name of Object.keys(map.value!)) {
    const application = keyed.object(name);
    if (application.present) applications.set(name, defined({ raw: application.value!, status: application.string('status') }));
  }
  return applications;
}

export function readRayServiceStatus(status: Cursor): RayServiceStatus {
  return defined({
    conditions: readConditions(status),
    numServeEndpoints: status.count('numServeEndpoints'),
    lastUpdateTime: status.string('lastUpdateTime'),
    observedGeneration: status.generation('observedGeneration'),
    serviceStatus: status.string('serviceStatus'),
    activeServiceStatus: status.object('activeServiceStatus').value,
    applications: applicationsOf(status),
    pendingServiceStatus: status.object('pendingServiceStatus').value,
  });
}

export function readRayService(object: Cursor, kind: GroupVersionKind): RayService {
  const status = () => object.object('status');
  return readByPart<RayService>({
    metadata: () => readMetadata(object),
    cluster: () => readRayClusterSpec(object.at(['spec', 'rayClusterConfig']), kind.version),
    conditions: () => readConditions(status()),
    serviceStatus: () => status().string('serviceStatus'),
  });
}

/** Whether a `version` object can carry `status.conditions` (v1alpha1's CRD prunes them; see `statusNotIn`). */
export function conditionsIn(version: string): boolean {
  return !statusNotIn(version).includes('conditions');
}

/** ray.io/v1 RayService status fields v1alpha1 has not (ray-operator v1.5.0 `config/crd/bases/ray.io_rayservices.yaml`). */
const onlyInV1 = [
  'conditions',
  'numServeEndpoints',
  ...['activeServiceStatus', 'pendingServiceStatus'].flatMap((service) => [
    ...fieldsUnder(service, ['lastTrafficMigratedTime', 'targetCapacity', 'trafficRoutedPercent']),
    ...fieldsUnder(`${service}.rayClusterStatus`, rayClusterStatusOnlyInV1),
  ]),
];

/** The status fields a `version` object does not have: the API server prunes them from a v1alpha1 RayService. */
export function statusNotIn(version: string): readonly string[] {
  return version === 'v1alpha1' ? onlyInV1 : [];
}
