// The HelmRelease's one reader: an object of any served version becomes the typed view the operations use, or a
// FieldFailure naming the field (a 400). Types are hand-written from helm-controller's api/{v2beta1,v2beta2,v2}/
// helmrelease_types.go (json tags, the same paths in every version), for the fields read only (see README.md).
import { booleanField, fieldPath, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import { metadataOf, type ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
import type { JsonObject } from '../../review/json';
import { fluxStatus, type FluxStatus } from '../../families/flux/status';

/** HelmReleaseStatus: the fields Karmada's catalogue reflects, in every version. */
export const helmReleaseStatus = fluxStatus({
  latestStrings: ['lastAttemptedRevision', 'lastAttemptedValuesChecksum', 'helmChart'],
  latestNumbers: ['lastReleaseRevision'],
  sums: ['failures', 'upgradeFailures', 'installFailures'],
});

export interface HelmRelease {
  metadata: ObjectMetaView;
  version: string;
  spec?: HelmReleaseSpec;
  status?: FluxStatus;
}

export interface ValuesReference {
  kind?: string;
  name?: string;
}

export interface HelmReleaseSpec {
  suspend?: boolean;
  serviceAccountName?: string;
  /** `valuesFrom[]`: Secrets and ConfigMaps in the HelmRelease's namespace. */
  valuesFrom: ValuesReference[];
  /** `kubeConfig.secretRef.name`: in the HelmRelease's namespace. */
  kubeConfigSecret?: string;
  /** `kubeConfig.configMapRef.name` (Flux ≥ 2.6, a workload identity's cluster): in the HelmRelease's namespace. */
  kubeConfigConfigMap?: string;
  /** `chart.spec.verify.secretRef.name`: read by source-controller in the HelmChart's namespace. */
  verifySecret?: string;
  /** `chart.spec.sourceRef.namespace`: where helm-controller creates the HelmChart (the HelmRelease's when empty). */
  chartNamespace?: string;
}

function nestedObject(parent: JsonObject | undefined, path: string, names: readonly string[]): { object: JsonObject | undefined; path: string } {
  let object = parent;
  let at = path;
  for (const name of names) {
    at = fieldPath(at, name);
    object = objectField(object, name, at);
  }
  return { object, path: at };
}

function specOf(spec: JsonObject, path: string): HelmReleaseSpec {
  const valuesFrom = objectItems(spec, 'valuesFrom', fieldPath(path, 'valuesFrom'), podTemplateLimits.listItems).map(({ item, path: itemPath }) => ({
    kind: stringField(item, 'kind', fieldPath(itemPath, 'kind')),
    name: stringField(item, 'name', fieldPath(itemPath, 'name')),
  }));
  const kubeConfig = nestedObject(spec, path, ['kubeConfig', 'secretRef']);
  const kubeConfigMap = nestedObject(spec, path, ['kubeConfig', 'configMapRef']);
  const chartSpec = nestedObject(spec, path, ['chart', 'spec']);
  const verify = nestedObject(chartSpec.object, chartSpec.path, ['verify', 'secretRef']);
  const source = nestedObject(chartSpec.object, chartSpec.path, ['sourceRef']);
  return {
    suspend: booleanField(spec, 'suspend', fieldPath(path, 'suspend')),
    serviceAccountName: stringField(spec, 'serviceAccountName', fieldPath(path, 'serviceAccountName')),
    valuesFrom,
    kubeConfigSecret: stringField(kubeConfig.object, 'name', fieldPath(kubeConfig.path, 'name')),
    kubeConfigConfigMap: stringField(kubeConfigMap.object, 'name', fieldPath(kubeConfigMap.path, 'name')),
    verifySecret: stringField(verify.object, 'name', fieldPath(verify.path, 'name')),
    chartNamespace: stringField(source.object, 'namespace', fieldPath(source.path, 'namespace')),
  };
}

/** Reads every field the interpreter uses; it never defaults or alters a value. */
export function readHelmRelease(object: JsonObject, path: string, kind: GroupVersionKind): HelmRelease {
  const release: HelmRelease = { metadata: metadataOf(object, path), version: kind.version };
  const spec = objectField(object, 'spec', fieldPath(path, 'spec'));
  if (spec !== undefined) release.spec = specOf(spec, fieldPath(path, 'spec'));
  const status = objectField(object, 'status', fieldPath(path, 'status'));
  if (status !== undefined) release.status = helmReleaseStatus.read(status, fieldPath(path, 'status'));
  return release;
}
