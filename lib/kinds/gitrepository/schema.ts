// The GitRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/gitrepository_types.go, or a FieldFailure naming the field (a 400).
import type { Cursor } from '../../kube/cursor';
import { podTemplateLimits } from '../../kube/limits';
import { fluxSource, referenceNameOf, type FluxSource, type SourceCredentials } from '../../families/flux/source';

/**
 * Ready's reason on success: `meta.SucceededReason`. GitRepositoryStatus has no `url` (v1 dropped it), so nothing is
 * aggregated beside the artifact; `observedIgnore` and `observedRecurseSubmodules` are reflected only.
 */
export const gitRepositoryShape = fluxSource<GitRepository>(
  { reflected: ['observedIgnore', 'observedRecurseSubmodules'] },
  { reasons: ['Succeeded'] },
);

export interface GitRepository extends FluxSource, SourceCredentials {
  /** `spec.secretRef`, `spec.verify.secretRef`, `spec.proxySecretRef` names. */
  secretNames: (string | undefined)[];
  /** `spec.serviceAccountName`: the `azure` and `aws` providers' workload identity. */
  serviceAccountName?: string;
  /** `spec.include[].repository.name`: GitRepositories whose artifacts are copied in. */
  includedRepositories: (string | undefined)[];
}

export function readGitRepository(object: Cursor): GitRepository {
  return gitRepositoryShape.readSource(object, (spec) => ({
    secretNames: () => [referenceNameOf(spec(), 'secretRef'), referenceNameOf(spec().object('verify'), 'secretRef'), referenceNameOf(spec(), 'proxySecretRef')],
    serviceAccountName: () => spec().string('serviceAccountName'),
    includedRepositories: () => spec().items('include', podTemplateLimits.listItems).map((item) => referenceNameOf(item, 'repository')),
  }));
}
