// The HelmRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/helmrepository_types.go (the same json paths in v1beta2), or a FieldFailure naming the field (a 400).
import type { Cursor } from '../../kube/cursor';
import { fluxSource, referenceNameOf, type FluxSource } from '../../families/flux/source';

/** Ready's reason on success: `meta.SucceededReason` (source-controller's summarize of ArtifactInStorage). */
export const helmRepositoryShape = fluxSource<HelmRepository>({ aggregatedStrings: ['url'] }, { reasons: ['Succeeded'] });

export interface HelmRepository extends FluxSource {
  /** `spec.type`: `default` (an index.yaml over HTTP) or `oci`, a static object the controller never reconciles. */
  type?: string;
  /** `spec.secretRef.name`: credentials for the repository. */
  secretName?: string;
  /** `spec.certSecretRef.name`: TLS certificates for the repository. */
  certSecretName?: string;
}

export function readHelmRepository(object: Cursor): HelmRepository {
  return helmRepositoryShape.readSource(object, (spec) => ({
    type: () => spec().string('type'),
    secretName: () => referenceNameOf(spec(), 'secretRef'),
    certSecretName: () => referenceNameOf(spec(), 'certSecretRef'),
  }));
}
