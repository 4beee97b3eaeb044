// The HelmRelease's one reader: an object of any served version becomes the typed view the operations use, or a
// FieldFailure naming the field (a 400). Types are hand-written from helm-controller's api/{v2beta1,v2beta2,v2}/
// helmrelease_types.go (json tags, the same paths in every version), for the fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import type { GroupVersionKind } from '../../review/core';
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

function specOf(spec: Cursor): HelmReleaseSpec {
  const valuesFrom = spec.items('valuesFrom', podTemplateLimits.listItems).map((item) => ({ kind: item.string('kind'), name: item.string('name') }));
  const kubeConfig = spec.object('kubeConfig');
  const chartSpec = spec.at(['chart', 'spec']);
  return {
    suspend: spec.boolean('suspend'),
    serviceAccountName: spec.string('serviceAccountName'),
    valuesFrom,
    kubeConfigSecret: kubeConfig.object('secretRef').string('name'),
    kubeConfigConfigMap: kubeConfig.object('configMapRef').string('name'),
    verifySecret: chartSpec.at(['verify', 'secretRef']).string('name'),
    chartNamespace: chartSpec.object('sourceRef').string('namespace'),
  };
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readHelmRelease(object: Cursor, kind: GroupVersionKind): HelmRelease {
  return readByPart<HelmRelease>({
    metadata: () => readMetadata(object),
    version: () => kind.version,
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', helmReleaseStatus.read),
  });
}
