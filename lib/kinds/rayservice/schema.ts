// The RayService's one reader: an object becomes the typed view the operations use, or a FieldFailure naming the
// field (a 400). Fields are those of ray-operator v1.5.0 apis/ray/v1/rayservice_types.go (json tags), read only
// where an operation uses them (see README.md).
import { countField, fieldPath, objectField, stringField } from '../../kube/fields';
import { generationField, metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { readConditions, type Condition } from '../../shapes/conditions';
import { fieldsUnder, rayClusterStatusOnlyInV1, readOnce, readRayClusterSpec, type RayClusterShape } from '../../families/ray/cluster';

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

/** The spec and the conditions are read when an operation first asks for them (see `readOnce`). */
export interface RayService {
  metadata: ObjectMetaView;
  /** `spec.rayClusterConfig`: the cluster KubeRay runs Serve on. */
  cluster: () => RayClusterShape;
  /** `status.conditions` alone (health reads no other status field, so it refuses no other). */
  conditions: () => Condition[] | undefined;
  /** `status.serviceStatus` alone: what a v1alpha1 status says of serving, having no conditions (see `conditionsIn`). */
  serviceStatus: () => string | undefined;
}

function applicationsOf(active: JsonObject, path: string): Map<string, ApplicationStatus> | undefined {
  const mapPath = fieldPath(path, 'applicationStatuses');
  const map = objectField(active, 'applicationStatuses', mapPath);
  if (map === undefined) return undefined;
  const applications = new Map<string, ApplicationStatus>();
  for (const name of Object.keys(map)) {
    const appPath = `${mapPath}[${JSON.stringify(name)}]`;
    const raw = objectField(map, name, appPath);
    if (raw === undefined) continue;
    const application: ApplicationStatus = { raw };
    const status = stringField(raw, 'status', fieldPath(appPath, 'status'));
    if (status !== undefined) application.status = status;
    applications.set(name, application);
  }
  return applications;
}

export function readRayServiceStatus(status: JsonObject, path: string): RayServiceStatus {
  const read: RayServiceStatus = {};
  const conditions = readConditions(status, path);
  if (conditions !== undefined) read.conditions = conditions;
  const endpoints = countField(status, 'numServeEndpoints', fieldPath(path, 'numServeEndpoints'));
  if (endpoints !== undefined) read.numServeEndpoints = endpoints;
  const lastUpdateTime = stringField(status, 'lastUpdateTime', fieldPath(path, 'lastUpdateTime'));
  if (lastUpdateTime !== undefined) read.lastUpdateTime = lastUpdateTime;
  const generation = generationField(status, 'observedGeneration', fieldPath(path, 'observedGeneration'));
  if (generation !== undefined) read.observedGeneration = generation;
  const serviceStatus = stringField(status, 'serviceStatus', fieldPath(path, 'serviceStatus'));
  if (serviceStatus !== undefined) read.serviceStatus = serviceStatus;
  const activePath = fieldPath(path, 'activeServiceStatus');
  const active = objectField(status, 'activeServiceStatus', activePath);
  if (active !== undefined) {
    read.activeServiceStatus = active;
    const applications = applicationsOf(active, activePath);
    if (applications !== undefined) read.applications = applications;
  }
  const pending = objectField(status, 'pendingServiceStatus', fieldPath(path, 'pendingServiceStatus'));
  if (pending !== undefined) read.pendingServiceStatus = pending;
  return read;
}

export function readRayService(object: JsonObject, path: string, kind: GroupVersionKind): RayService {
  const specPath = fieldPath(path, 'spec');
  const clusterPath = fieldPath(specPath, 'rayClusterConfig');
  const statusPath = fieldPath(path, 'status');
  return {
    metadata: metadataOf(object, path),
    cluster: readOnce(() => {
      const spec = objectField(object, 'spec', specPath);
      return readRayClusterSpec(objectField(spec, 'rayClusterConfig', clusterPath), clusterPath, kind.version);
    }),
    conditions: readOnce(() => readConditions(objectField(object, 'status', statusPath), statusPath)),
    serviceStatus: readOnce(() => stringField(objectField(object, 'status', statusPath), 'serviceStatus', fieldPath(statusPath, 'serviceStatus'))),
  };
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
