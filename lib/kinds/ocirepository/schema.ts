// The OCIRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/ocirepository_types.go (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import type { Cursor } from '../../kube/cursor';
import { fluxSource, referenceNameOf, type FluxSource, type SourceCredentials } from '../../families/flux/source';

/** Ready's reason on success: `meta.SucceededReason`. `observedIgnore` and `observedLayerSelector` are reflected only. */
export const ociRepositoryShape = fluxSource<OCIRepository>(
  { aggregatedStrings: ['url'], reflected: ['observedIgnore', 'observedLayerSelector'] },
  { reasons: ['Succeeded'] },
);

export interface OCIRepository extends FluxSource, SourceCredentials {
  /** `spec.secretRef`, `spec.certSecretRef`, `spec.proxySecretRef`, `spec.verify.secretRef`, `spec.verify.trustedRootSecretRef` names. */
  secretNames: (string | undefined)[];
  /** `spec.serviceAccountName`: its image pull secrets authenticate to the registry. */
  serviceAccountName?: string;
}

export function readOCIRepository(object: Cursor): OCIRepository {
  return ociRepositoryShape.readSource(object, (spec) => ({
    secretNames: () => {
      const verify = spec().object('verify');
      return [
        referenceNameOf(spec(), 'secretRef'),
        referenceNameOf(verify, 'secretRef'),
        referenceNameOf(spec(), 'certSecretRef'),
        referenceNameOf(spec(), 'proxySecretRef'),
        referenceNameOf(verify, 'trustedRootSecretRef'),
      ];
    },
    serviceAccountName: () => spec().string('serviceAccountName'),
  }));
}
