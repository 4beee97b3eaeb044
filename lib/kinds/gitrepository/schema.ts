// The GitRepository's one reader: the fields the interpreter uses, from source-controller's
// api/v1/gitrepository_types.go, or a FieldFailure naming the field (a 400).
import { fieldPath, objectField, objectItems, stringField } from '../../kube/fields';
import { podTemplateLimits } from '../../kube/limits';
import type { JsonObject } from '../../review/json';
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

export function readGitRepository(object: JsonObject, path: string): GitRepository {
  const { spec, specPath, ...source } = gitRepositoryShape.readSource(object, path);
  const verifyPath = fieldPath(specPath, 'verify');
  const includePath = fieldPath(specPath, 'include');
  return {
    ...source,
    secretNames: [
      referenceNameOf(spec, 'secretRef', specPath),
      referenceNameOf(objectField(spec, 'verify', verifyPath), 'secretRef', verifyPath),
      referenceNameOf(spec, 'proxySecretRef', specPath),
    ],
    serviceAccountName: stringField(spec, 'serviceAccountName', fieldPath(specPath, 'serviceAccountName')),
    includedRepositories: objectItems(spec, 'include', includePath, podTemplateLimits.listItems).map(({ item, path: itemPath }) =>
      referenceNameOf(item, 'repository', itemPath),
    ),
  };
}
