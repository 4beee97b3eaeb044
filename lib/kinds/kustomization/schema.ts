// The Kustomization's one reader: an object of either served version becomes the typed view the operations use, or
// a FieldFailure naming the field (a 400). Types are hand-written from kustomize-controller's api/{v1beta2,v1}/
// kustomization_types.go (json tags, the same paths in both versions), for the fields read only (see README.md).
import { readByPart, type Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { readMetadata } from '../../kube/metadata';
import type { ObjectMetaView } from '../../kube/objects';
import { fluxStatus, type FluxStatus } from '../../families/flux/status';

/** KustomizationStatus: the fields Karmada's catalogue reflects. */
export const kustomizationStatus = fluxStatus({
  latestStrings: ['lastAppliedRevision', 'lastAttemptedRevision'],
  latestNumbers: [],
  sums: [],
});

export interface Kustomization {
  metadata: ObjectMetaView;
  spec?: KustomizationSpec;
  status?: FluxStatus;
}

export interface KustomizationSpec {
  suspend?: boolean;
  serviceAccountName?: string;
  /** `decryption.secretRef.name`: in the Kustomization's namespace. */
  decryptionSecret?: string;
  /** `kubeConfig.secretRef.name`: in the Kustomization's namespace. */
  kubeConfigSecret?: string;
  /** `kubeConfig.configMapRef.name` (Flux ≥ 2.6, a workload identity's cluster): in the Kustomization's namespace. */
  kubeConfigConfigMap?: string;
  /** `postBuild.substituteFrom[]`: ConfigMaps and Secrets of variables, in the Kustomization's namespace. */
  substituteFrom: { kind?: string; name?: string }[];
}

function specOf(spec: Cursor): KustomizationSpec {
  return {
    suspend: spec.boolean('suspend'),
    serviceAccountName: spec.string('serviceAccountName'),
    decryptionSecret: spec.at(['decryption', 'secretRef']).string('name'),
    kubeConfigSecret: spec.at(['kubeConfig', 'secretRef']).string('name'),
    kubeConfigConfigMap: spec.at(['kubeConfig', 'configMapRef']).string('name'),
    substituteFrom: spec
      .object('postBuild')
      .items('substituteFrom', podTemplateLimits.listItems)
      .map((item) => ({ kind: item.string('kind'), name: item.string('name') })),
  };
}

/** Reads, by part, every field the interpreter uses; it never defaults or alters a value. */
export function readKustomization(object: Cursor): Kustomization {
  return readByPart<Kustomization>({
    metadata: () => readMetadata(object),
    spec: () => object.part('spec', specOf),
    status: () => object.part('status', kustomizationStatus.read),
  });
}
